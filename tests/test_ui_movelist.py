"""The board's move list and status line in long games (content, not timing: timing is in
``python -m game.bench ui``).

A long game is played through the board scene's own move path with its animations stepped,
and the list must show every move, in order, numbered, with the newest in view; clicks on its
links, the wheel and the scroll bar work; the layout kept from move to move is the layout a
fresh list makes; the status line keeps its text and fits its box.
"""
from __future__ import annotations

import random

import pygame
import pygame_gui
import pytest

from game.app import App
from game.bench_ui import calm_move
from game.ui.movelist import MoveList, link_rect
from game.ui.text import StatusText, rich_runs
from game.views import draw as D
from game.scenes.board import BoardScene

from ui_helpers import DT, board, step
import ui_helpers as helpers


def make_app(*args: str) -> App:
    app = helpers.make_app(*args)
    step(app, 3)
    return app


def play_long(app: App, plies: int, seed: int = 5) -> list[str]:
    """Play calm random moves through ``BoardScene.play_move``, stepping each animation to its end."""
    sc = board(app)
    m = sc.match
    rng = random.Random(seed)
    played = []
    for _ in range(plies):
        text = calm_move(m.game, rng)
        assert text is not None
        assert sc.play_move(text)
        played.append(text)
        n = 0
        while sc.anim is not None:
            app.step(0.05)
            n += 1
            assert n < 100, "the animation never ended"
        app.step(DT)
    return played


def expected_rows(sc: BoardScene) -> list[str]:
    """The rows of the line through the position shown, numbered as the game numbers them
    (``game.rules.numbering``: Onager's lakes are one row, 'Lakes', before move 1, in the order
    they were placed)."""
    out = []
    for row in sc.match.rows():
        label = f"{row.label}." if row.label.isdigit() else row.label
        if row.phase:
            out.append(" ".join([label] + row.order))
            continue
        out.append(" ".join([label, " ".join(row.black) or "…"] + row.white))
    return out


def other_move(m, avoid: str, seed: int = 1) -> str:
    """A legal move other than ``avoid``, one that does not end the game if there is one."""
    moves = [t for t in m.game.legal_strs() if t != avoid]
    assert moves, "no other move"
    random.Random(seed).shuffle(moves)
    for text in moves:
        g = m.game.copy()
        g.play(g.parse_move(text))
        if g.result is None and g.legal_strs():
            return text
    return moves[0]


def main_rows(box: MoveList) -> list[str]:
    """The list's rows of the main line (a variation's rows are indented)."""
    return [r for r in box.rows() if not r.startswith(" ")]


def joined(rows: list[str]) -> str:
    """Rows as one text with the wrapping undone ('3. a1-c3-' + 'e5' -> '3. a1-c3-e5')."""
    return " ".join(rows).replace("- ", "-")


def click(app: App, pos: tuple[int, int]) -> None:
    helpers.click(app, pos, frames=3)


def settle(app: App) -> None:
    """Until the board's own animation ends (fades are not waited for)."""
    sc = board(app)
    helpers.settle(app, until=lambda: sc.anim is None)


# ---------------------------------------------------------------- long games through the scene
def test_a_long_onyx_game_keeps_the_move_list_right():
    app = make_app("--game", "onyx", "--window", "1280x800")
    try:
        sc = board(app)
        box = sc.w["moves"]
        assert isinstance(box, MoveList) and box.rows() == []
        played = play_long(app, 40)
        assert box.rows() == expected_rows(sc)                 # after 40 plies ...
        played += play_long(app, 110, seed=6)
        m = sc.match
        assert len(m.history) == 150 and [pm.text for pm in m.history] == played
        assert list(box.records) == [pm.record for pm in m.history]
        assert box.rows() == expected_rows(sc)                 # ... and after 150
        assert box.current == 150
        # the newest move is in view, the first ones scrolled away
        assert link_rect(box, "150") is not None and link_rect(box, "149") is not None
        assert link_rect(box, "1") is None
        assert box.scroll == box.max_scroll > 0
        # the shown move stands out, the others are the played colour
        colours = sc.history._href_colour
        assert colours["150"] != colours["149"] == colours["1"]
        # a click on a move in view shows the position after it; the list marks it
        click(app, link_rect(box, "147").center)
        settle(app)
        assert len(m.history) == 147 and len(m.future) == 3 and sc.browse_ply == 147
        assert box.current == 147 and box.rows() == expected_rows(sc)
        colours = sc.history._href_colour       # the game still stands at 150: 148 is played, not later
        assert colours["147"] != colours["146"] == colours["148"]
        # Home: the start of the game, the list scrolled to its top
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode="", scancode=0))
        settle(app)
        assert len(m.history) == 0 and box.current == 0 and box.scroll == 0
        assert link_rect(box, "1") is not None and link_rect(box, "150") is None
        assert box.rows() == expected_rows(sc)                 # the later moves stay listed
        # End: back to the game, the newest move in view again
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0))
        settle(app)
        assert len(m.history) == 150 and sc.browse_ply is None and link_rect(box, "150") is not None
        # a new line from an earlier move becomes the line; the moves it replaced stay as a
        # variation, listed (indented) under the row of the move they are an alternative to
        sc.undo()
        sc.undo()
        settle(app)
        assert len(m.history) == 148 and box.rows() == expected_rows(sc)
        taken_back = [pm.record for pm in m.redo_moves]
        text = other_move(m, avoid=m.redo_moves[0].text)   # the same move would step on along the line
        assert sc.play_move(text)
        settle(app)
        assert len(box.records) == 149 and main_rows(box) == expected_rows(sc)
        variation = f"  (75. {taken_back[0]} {taken_back[1]})"
        assert box.rows() == expected_rows(sc) + [variation]
        assert link_rect(box, "149") is not None
        # a resized window lays the list out again with the same content
        app.resize((1920, 1080))
        for _ in range(3):
            app.step(DT)
        box = sc.w["moves"]
        assert box.rows() == expected_rows(sc) + [variation] and link_rect(box, "149") is not None
    finally:
        app.close()


@pytest.mark.parametrize("game,plies,size", [("onager", 210, "1024x640"), ("amoeba", 60, "1280x800")])
def test_long_onager_and_amoeba_games_keep_the_move_list_right(game, plies, size):
    app = make_app("--game", game, "--window", size)
    try:
        sc = board(app)
        box = sc.w["moves"]
        played = play_long(app, plies, seed=3)
        m = sc.match
        assert [pm.text for pm in m.history] == played and not m.is_over
        assert joined(box.rows()) == joined(expected_rows(sc))
        assert link_rect(box, str(plies)) is not None
        assert box.renders < plies * 6          # drawn when something changed, not every frame
    finally:
        app.close()


# ---------------------------------------------------------------- the list on its own
@pytest.fixture
def ui():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((640, 480))
    return pygame_gui.UIManager((640, 480))


POOL = ["e3", "k10", "a1-c3", "b2-b4-d6-f6-h8-j10-k11-a2-c4", "c3>e4", "swap", "d4*", "h10-h12-j12", "a10"]


def test_kept_layout_is_the_layout_of_a_fresh_list(ui):
    rng = random.Random(4)
    box = MoveList(pygame.Rect(10, 10, 260, 200), ui)
    recs: list[str] = []
    for _ in range(600):
        r = rng.random()
        if r < 0.7:
            recs.append(rng.choice(POOL))
        elif r < 0.85 and recs:
            recs = recs[:rng.randrange(len(recs))]
        elif recs:
            recs[rng.randrange(len(recs))] = rng.choice(POOL)
        box.set_moves(recs, len(recs))
        fresh = MoveList(pygame.Rect(10, 10, 260, 200), ui)
        fresh.set_moves(recs, len(recs))
        assert (box._rows, box._tops, box._key_row) == (fresh._rows, fresh._tops, fresh._key_row)
        fresh.kill()
    # long chains wrap inside the box and lose no character
    right = box.rect.w - box.pad_x - box.bar_w
    assert all(x + box._width(piece, True) <= right for row in box._rows for _k, x, piece, _kind in row.items
               if len(piece) < 12)
    rows = []
    for i in range(0, len(recs), 2):
        rows.append(" ".join([f"{i // 2 + 1}."] + recs[i:i + 2]))
    assert joined(box.rows()) == joined(rows)


def test_wheel_scroll_bar_and_links(ui):
    box = MoveList(pygame.Rect(10, 10, 260, 150), ui)
    box.set_moves(POOL * 10, 90)
    assert box.scroll == box.max_scroll > 0
    box.hovered = True
    box.process_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2))
    up = box.scroll
    assert up < box.max_scroll
    box.process_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-50))
    assert box.scroll == box.max_scroll
    # drag the thumb to the top
    thumb = box._thumb().move(box.rect.topleft)
    box.process_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1))
    box.process_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(thumb.centerx, thumb.centery - 500), rel=(0, 0),
                                         buttons=(1, 0, 0)))
    box.process_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(thumb.centerx, thumb.centery - 500), button=1))
    assert box.scroll == 0
    # a click on the track pages down
    track = box._track().move(box.rect.topleft)
    box.process_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(track.centerx, track.bottom - 3), button=1))
    box.process_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(track.centerx, track.bottom - 3), button=1))
    # (scrolling stops at row tops: the row cut at the bottom of the view comes to the top)
    assert box.scroll == min(box.max_scroll, box.view_h // box.row_h * box.row_h)
    # a click on a move posts the text-box link event with its ply number
    box.scroll_by(-10 ** 6)
    r = link_rect(box, "3")
    assert r is not None and box.ply_at(r.center) == 2
    pygame.event.clear()
    box.process_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=r.center, button=1))
    box.process_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=r.center, button=1))
    events = [e for e in pygame.event.get() if e.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED]
    assert len(events) == 1 and events[0].link_target == "3" and events[0].ui_element is box
    # browsing: the shown move is scrolled into view only when out of it
    box.set_moves(POOL * 10, 80, follow=False)
    assert link_rect(box, "80") is not None
    kept = box.scroll
    box.set_moves(POOL * 10, 79, follow=False)
    assert box.scroll == kept and link_rect(box, "79") is not None


def test_status_text_keeps_its_markup_and_fits(ui):
    st = StatusText(pygame.Rect(10, 10, 300, 84), ui)
    st.set_text("<font color='#efe4d0'>White to move: click a point.</font><br>"
                "<font color='#ff7060'><b>Danger:</b> E3, F6 can be captured next move!</font>")
    assert "Danger" in st.html_text and "E3, F6" in st.html_text
    paras = rich_runs(st.html_text, (1, 2, 3))
    assert len(paras) == 2 and paras[0][0] == ("White to move: click a point.", (239, 228, 208), False)
    assert paras[1][0] == ("Danger:", (255, 112, 96), True) and paras[1][1][2] is False
    assert rich_runs("a &amp; b<br>c", (9, 9, 9)) == [[("a & b", (9, 9, 9), False)], [("c", (9, 9, 9), False)]]
    n = st.renders
    st.set_text(st.html_text)
    assert st.renders == n                               # unchanged text: not drawn again
    long = " ".join(["word"] * 200)
    st.set_text(long)                                    # far too long: smaller, then cut, never a crash
    assert st.html_text == long and st.renders == n + 1


def test_status_text_sets_a_run_where_the_font_sets_it(ui):
    # a line of one style is one run drawn whole, at every size the box may set it: at 12 px the
    # sum of the words outran the run drawn whole, so "row: ..." became a run of its own, drawn
    # where the sum ended ("far  row")
    st = StatusText(pygame.Rect(10, 10, 300, 200), ui)
    text = "More pieces on the far row: White 1, Black 0."
    st.set_text(f"<font color='#efe4d0'>{text}</font><br><font color='#efe4d0'>Review done.</font>")
    for size in range(11, 20):
        for line in st._wrap(size, 270):
            assert len(line) == 1, (size, line)
    st.set_text(f"<font color='#efe4d0'>{text}</font> <b>Now.</b>")
    (_t, _c, _b, x0), (_t2, _c2, bold, x1) = st._wrap(12, 2000)[0]
    font = D.font(12, False)
    assert bold and x1 - (x0 + font.size(text)[0]) <= font.size(" ")[0] + 1


def test_a_status_cut_short_is_read_whole_in_its_tooltip(ui):
    st = StatusText(pygame.Rect(10, 10, 260, 60), ui)
    long = "Review done. You: 2 blunders, 3 mistakes and 4 inaccuracies; Computer: 3 blunders, 3 mistakes & 1 inaccuracy."
    st.set_text(f"<font color='#efe4d0'>White captured Black's Kernel.</font><br><font color='#efe4d0'>{long}</font>",
                "Computer wins")
    assert st.cut and st.lines[-1].endswith("…")
    assert st.tool_tip_text == ("Computer wins<br>White captured Black&#x27;s Kernel.<br>"
                                + long.replace("&", "&amp;"))
    st.set_text("<font color='#efe4d0'>Black to move.</font>")
    assert not st.cut and st.tool_tip_text is None
