"""The analysis board's engine panel says one thing and costs the window nothing (issue 31).

* One viewpoint: the bar, the heading, every line and every tag on the board show Black's
  chance, whoever is to move; the lines keep the engine's order (best first for the side to
  move); a line the engine marks not ``reliable`` is muted (dim in the strip, a faint mark and a
  bracketed tag on the board); each line's visits are shown and in its tooltip.
* Review → Analyse: the copy of the game carries none of the review's verdicts, so its marks
  and its 'Better' arrow do not stand beside the engine's own arrows.
* Idle: while the engine streams, the board asks for no frames (a timer event wakes the loop to
  collect replies); with the engine off it is idle like any board; a reply that brings nothing
  new makes nothing again.

Headless and deterministic: stepped frames, a scripted analyser that answers per poll (never
the clock) where the requests themselves are not the point.
"""
from __future__ import annotations

from typing import Any

import pygame

from game.match import HUMAN, Match
from game.rules import make_game
from game.rules.base import Color
from game.scenes.board import BoardScene, StubEngine
from game.scenes.board.analysis import WAKE, WAKE_MAX_MS, AnalysisScene, copy_tree, wake_ms
from game.scenes.board.idle import BREATHE_FOR, still_time
from game.scenes.board.review import REVIEW_KEY, node_review, ply_from_json
from game.ui.evalbar import HEAD, EvalPanel, PanelLine, PanelState

import ui_helpers as helpers
from ui_helpers import step

DT = 1 / 60


class Scripted:
    """An analyser whose replies are given one list per poll (then nothing), counting its calls."""

    def __init__(self, replies: list[list[tuple[Any, ...]]] | None = None) -> None:
        self.replies = list(replies or [])
        self.requests = 0
        self.polls = 0
        self.cancels = 0
        self.notice = ""

    def analyse(self, game: Any, lines: int = 3, seconds: Any = None, iterations: Any = None,
                seed: Any = 0) -> None:
        self.requests += 1

    def analyse_poll(self) -> list[tuple[Any, ...]]:
        self.polls += 1
        return self.replies.pop(0) if self.replies else []

    def cancel(self) -> None:
        self.cancels += 1

    def close(self) -> None:
        pass


def partial(lines: list[dict[str, Any]], done: int, value: float, to_move: str = "white",
            final: bool = False) -> tuple[Any, ...]:
    a = {"to_move": to_move, "value": value, "proven": None, "iterations": done, "lines": lines}
    return ("done" if final else "partial", {"analysis": a, "done": done, "partial": not final})


def amoeba_white_to_move() -> Match:
    match = Match(make_game("amoeba"), {Color.BLACK: HUMAN, Color.WHITE: HUMAN})
    match.play(match.game.legal_strs()[0])
    return match


def white_lines(game: Any) -> list[dict[str, Any]]:
    """Three of White's moves: the engine's order (best for White: lowest chance for Black
    first), the third not searched enough (and better-looking for White than the others)."""
    moves = [game.record_str(mv) for mv in game.legal_moves()][:3]
    return [{"move": moves[0], "value": 0.31, "line": [moves[0]], "visits": 4210, "reliable": True},
            {"move": moves[1], "value": 0.36, "line": [moves[1]], "visits": 3900, "reliable": True},
            {"move": moves[2], "value": 0.12, "line": [moves[2]], "visits": 14, "reliable": False}]


def analysis_with(replies: list[list[tuple[Any, ...]]], match: Match | None = None) -> tuple[Any, AnalysisScene,
                                                                                              Scripted]:
    app = helpers.make_app("--game", "amoeba", "--window", "1280x800")
    helpers.settle(app, 60)
    sc = AnalysisScene(match if match is not None else amoeba_white_to_move())
    eng = Scripted(replies)
    sc.analyser = eng
    app.push(sc)
    app.finish_transition()
    return app, sc, eng


# ------------------------------------------------------------------ one viewpoint
def test_every_figure_is_blacks_chance_in_the_engines_order_and_a_thin_line_is_muted():
    match = amoeba_white_to_move()
    lines = white_lines(match.game)
    app, sc, eng = analysis_with([[partial(lines, 8000, 0.31, final=True)]], match)
    step(app, 3)
    assert eng.requests == 1 and sc._an_final
    shown = sc.engine_lines()
    assert [ln.move for ln in shown] == [x["move"] for x in lines]          # the engine's order
    assert [ln.value for ln in shown] == [0.31, 0.36, 0.12]                 # Black's chance, as given
    assert [ln.visits for ln in shown] == [4210, 3900, 14]
    assert [ln.reliable for ln in shown] == [True, True, False]
    st = sc.panel_state()
    assert st.black == 0.31 and st.mover == "White" and "White to move" in st.note
    deco = sc.decorations()
    tags = set(deco.tags.values())
    assert {"1 · 31%", "2 · 36%", "(3 · 12%)"} <= tags                     # the tags: Black's chance too
    # the muted line's move is not among the board's arrows and ghosts: it is drawn faint
    assert [kind for kind, _ in sc._muted] == ["arrow"]        # (an Amoeba move: from one point to another)
    assert sc._muted[0][1] not in deco.arrows and len(deco.arrows) == 2
    step(app)                                  # drawn: the strip's picture, the faint mark
    panel = sc.evalpanel
    panel.hover = HEAD
    head_tip = panel.tip_text()
    assert "Black's chance" in head_tip and "best first for White" in head_tip
    panel.hover = 2
    tip = panel.tip_text()
    assert "14 visits" in tip and "Black's chance 12%" in tip and "not searched enough" in tip
    panel.hover = 0
    assert "4,210 visits" in panel.tip_text() and "not searched" not in panel.tip_text()
    app.close()


def test_lines_that_end_on_one_point_share_its_tag():
    """Amoeba's start: c3-d4 and c4-d4 both end on d4. Each line's number and chance is on
    the board (one tag, best first), not only the first line's."""
    match = Match(make_game("amoeba"), {Color.BLACK: HUMAN, Color.WHITE: HUMAN})
    lines = [{"move": "c3-d4", "value": 0.49, "line": ["c3-d4"], "visits": 900, "reliable": True},
             {"move": "c4-d4", "value": 0.48, "line": ["c4-d4"], "visits": 900, "reliable": True},
             {"move": "c4-c3", "value": 0.47, "line": ["c4-c3"], "visits": 900, "reliable": True}]
    app, sc, eng = analysis_with([[partial(lines, 2700, 0.49, to_move="black", final=True)]], match)
    step(app, 3)
    deco = sc.decorations()
    assert deco.tags["d4"] == "1 · 49%, 2 · 48%"
    assert deco.tags["c3"] == "3 · 47%"
    assert len(deco.arrows) == 3
    app.close()


def test_ctrl_and_a_lines_number_plays_it_from_the_keyboard():
    """Ctrl+2 plays the engine's second line as a click on it does; a number beyond the lines
    shown does nothing; the line's tooltip names its key."""
    match = amoeba_white_to_move()
    lines = white_lines(match.game)
    app, sc, eng = analysis_with([[partial(lines, 8000, 0.31, final=True)]], match)
    step(app, 3)
    before = match.tree.cursor.ply
    helpers.key(app, pygame.K_5, pygame.KMOD_CTRL)
    assert match.tree.cursor.ply == before
    sc.evalpanel.hover = 1
    assert "Ctrl+2" in sc.evalpanel.tip_text()
    helpers.key(app, pygame.K_2, pygame.KMOD_CTRL)
    helpers.settle(app)
    assert match.tree.cursor.ply == before + 1
    assert match.tree.cursor.played.text == lines[1]["move"]
    app.close()


def test_the_panel_draws_visits_and_dims_a_muted_line():
    pygame.font.init()
    panel = EvalPanel()
    panel.layout(pygame.Rect(0, 0, 18, 300), pygame.Rect(30, 310, 700, 110))
    lines = (PanelLine("a5", 0.55, ("a5", "a1"), None, 96, True),
             PanelLine("l8", 0.40, ("l8",), None, 7, False))
    panel.show(PanelState(True, 0.55, "Black", lines, "Black to move · 1,493 iterations"))
    surf = pygame.Surface((800, 450), pygame.SRCALPHA)
    panel.draw(surf)
    rows = panel._rows()
    strip = panel._kept[2]

    def brightest(row: pygame.Rect) -> int:
        r = row.move(-panel.strip.x, -panel.strip.y)
        best = 0
        for x in range(r.x, r.x + r.w // 3):
            for y in range(r.y, r.bottom, 2):
                c = strip.get_at((x, y))
                best = max(best, c.r + c.g + c.b)
        return best
    assert brightest(rows[2]) < brightest(rows[1])           # the muted line is dimmer
    assert panel.hover_at(rows[0].center) == HEAD and panel.hover_at(rows[2].center) == 1
    assert panel.hover_at((5, 5)) is None


def test_the_strip_says_each_lines_visits_in_the_players_language(monkeypatch):
    """The strip's visits are the tooltip's words, from the catalogue, with the language's
    number format (they were drawn in English in every language)."""
    from game import i18n
    from game.views import draw as D
    pygame.font.init()
    i18n.set_language("ja")
    panel = EvalPanel()
    panel.layout(pygame.Rect(0, 0, 18, 300), pygame.Rect(30, 310, 700, 110))
    lines = (PanelLine("a5", 0.55, ("a5", "a1"), None, 4210, True),
             PanelLine("l8", 0.40, ("l8",), None, 1, True))
    panel.show(PanelState(True, 0.55, "Black", lines, ""))
    drawn: list[str] = []
    real = D.text
    monkeypatch.setattr(D, "text", lambda surf, s, *a, **k: (drawn.append(s), real(surf, s, *a, **k))[1])
    panel.draw(pygame.Surface((800, 450), pygame.SRCALPHA))
    assert "4,210回訪問" in drawn and "1回訪問" in drawn
    assert not [t for t in drawn if "visit" in t]
    panel.hover = 0
    assert "4,210回訪問" in panel.tip_text()


# ------------------------------------------------------------------ Review → Analyse
def _reviewed_match() -> tuple[Match, Any]:
    """An Onyx game whose second move carries a review's verdict with a better move."""
    match = Match(make_game("onyx"), {Color.BLACK: HUMAN, Color.WHITE: HUMAN})
    for mv in ("f6", "h12", "f8"):
        match.play(mv)
    node = match.tree.root.children[0].children[0]          # h12, White's first move
    node.annotations[REVIEW_KEY] = ply_from_json({
        "ply": 2, "move": "h12", "mover": "white", "best": "f7", "line": ["f7", "e7"],
        "value_before": 0.5, "value_after": 0.8, "drop": 0.3, "mark": "??"})
    node.annotations["keep"] = "other notes stay"
    match.tree.cursor = match.tree.root.children[0]          # the position before the marked move
    return match, node


def test_the_copy_for_the_analysis_board_leaves_the_reviews_verdicts_behind():
    match, node = _reviewed_match()
    tree, at = copy_tree(match.tree)
    assert at.ply == 1
    twin = at.children[0]
    assert twin.move.text == "h12" and node_review(twin) is None
    assert twin.annotations.get("keep") == "other notes stay"
    assert node_review(node) is not None                    # the game itself keeps its review


def test_review_then_analyse_shows_only_the_engines_arrows():
    match, node = _reviewed_match()
    app = helpers.make_app("--game", "onyx", "--window", "1280x800")
    helpers.settle(app, 60)
    board = BoardScene(match)
    app.replace(board)
    app.finish_transition()
    step(app, 2)
    assert "Better" in board.decorations().tags.values()    # the review's better move, on its board
    lines = [{"move": "f7", "value": 0.45, "line": ["f7"], "visits": 900, "reliable": True},
             {"move": "e7", "value": 0.47, "line": ["e7"], "visits": 800, "reliable": True}]
    sc = AnalysisScene.of_match(board.match, board.match.tree.cursor)
    sc.analyser = Scripted([[partial(lines, 2000, 0.45, final=True)]])
    app.push(sc)
    app.finish_transition()
    step(app, 3)
    deco = sc.decorations()
    assert "Better" not in deco.tags.values()
    assert set(deco.tags.values()) == {"1 · 45%", "2 · 47%"}
    assert not sc.review.plies and not sc.review.main_marks()
    app.close()


# ------------------------------------------------------------------ idle
def test_wakes_grow_apart_with_the_workers_rounds():
    assert [wake_ms(n) for n in range(6)] == [100, 100, 200, 400, WAKE_MAX_MS, WAKE_MAX_MS]


def test_the_wake_event_is_taken_once_and_is_no_widgets_event():
    # Closing a window starts pygame's numbering of new event types again, so a type taken by
    # a scene's module imported late shared its number with a pygame-gui event: one wake-up,
    # taken where the app starts, serves every scene that wakes an idle loop.
    import game.scenes.library as library
    from game.app import WIDGET_EVENTS
    from game.scenes import base
    assert library.WAKE == WAKE == base.WAKE
    assert WAKE not in WIDGET_EVENTS


def test_a_streaming_engine_asks_for_no_frames_and_a_timer_brings_its_replies():
    match = amoeba_white_to_move()
    lines = white_lines(match.game)
    quiet = int((BREATHE_FOR + 1.5) / DT)       # polls with nothing new: past the highlights' breathing
    replies: list[list[tuple[Any, ...]]] = [[]] * 30 + [[partial(lines, 250, 0.33)]] + [[]] * 30
    replies += [[partial(lines, 750, 0.31)]] + [[]] * quiet + [[partial(lines, 1750, 0.31, final=True)]]
    app, sc, eng = analysis_with(replies, match)
    idle_while_streaming = 0
    for _ in range(len(replies) + 5):
        app.step(DT)
        if sc._an_final:
            break
        assert sc.streaming()
        assert sc._wake == wake_ms(sc._an_replies) > 0        # the loop is woken to collect replies
        if sc.time > still_time(sc.active_at):
            assert not sc.needs_frames() and app.idle()      # ... and may sleep in between
            idle_while_streaming += 1
    assert idle_while_streaming > 10
    assert eng.polls == len(replies) and sc._an_done == 1750
    assert sc._an_final and sc._wake == 0                    # the final answer: no more wakes
    step(app, int((BREATHE_FOR + 1.5) / DT))
    assert app.idle()
    assert sc.handle_event(pygame.event.Event(WAKE, {}))    # the wake only wakes
    app.close()


def test_a_reply_that_brings_nothing_new_makes_nothing_again():
    match = amoeba_white_to_move()
    lines = white_lines(match.game)
    same = partial(lines, 250, 0.31)
    app, sc, eng = analysis_with([[same], [same], [], [partial(lines, 750, 0.31)]], match)
    step(app)
    rev, renders, state = sc._an_rev, sc.evalpanel.renders, sc.panel_state()
    assert sc._an_done == 250
    step(app)                                   # the same reply again
    assert eng.polls == 2 and sc._an_rev == rev and sc.evalpanel.renders == renders
    assert sc.panel_state() is state            # not even made again
    step(app)                                   # no reply at all
    assert sc.evalpanel.renders == renders
    step(app)                                   # a reply with more iterations: drawn once
    assert sc._an_rev == rev + 1 and sc.evalpanel.renders == renders + 1
    step(app, 3)
    assert sc.evalpanel.renders == renders + 1
    app.close()


def test_engine_off_the_board_is_idle_and_nothing_is_polled_or_drawn_again():
    app, sc, eng = analysis_with([[]] * 1000)
    step(app)
    assert sc.streaming() and sc._wake > 0
    sc.toggle_engine()
    assert not sc.engine_on and sc._wake == 0 and eng.cancels >= 1
    step(app, int((BREATHE_FOR + 1.5) / DT))
    assert app.idle() and not sc.needs_frames()
    polls, renders = eng.polls, sc.evalpanel.renders
    step(app, 30)
    assert eng.polls == polls and sc.evalpanel.renders == renders and sc._wake == 0
    app.close()


def test_leaving_the_board_stops_the_wakes():
    app, sc, _eng = analysis_with([[]] * 1000)
    step(app)
    assert sc._wake > 0
    app.pop()
    app.finish_transition()
    step(app)
    assert sc._wake == 0
    app.close()


def test_the_real_stub_engine_still_streams_round_by_round(monkeypatch):
    monkeypatch.setattr(StubEngine, "analyse_iterations", 900)
    app = helpers.make_app("--scene", "analysis:amoeba", "--window", "1280x800")
    sc = app.scene
    for _ in range(10):
        step(app)
        if sc._an_final:
            break
    assert sc._an_final and sc._wake == 0
    lines = sc.engine_lines()
    assert lines and all(0.0 <= ln.value <= 1.0 and ln.visits >= 0 for ln in lines)
    app.close()


def test_the_lines_hold_still_under_the_pointer_and_a_click_plays_what_is_read():
    # a new round re-sorted the strip between reading and clicking: line 2 read d4-e3 and the
    # click played c6-c5
    import pygame
    import ui_helpers as helpers
    from game.ui.evalbar import PanelLine, PanelState
    app = helpers.make_app("--scene", "analysis:amoeba", "--window", "1280x800")
    try:
        helpers.settle(app)
        sc = app.scene
        first = PanelState(True, 0.5, "Black", (PanelLine("c3-d4", 0.52, ("c3-d4",), None, 900),
                                                 PanelLine("c4-d4", 0.51, ("c4-d4",), None, 880)))
        later = PanelState(True, 0.5, "Black", (PanelLine("c4-d4", 0.53, ("c4-d4",), None, 1900),
                                                 PanelLine("c3-d4", 0.50, ("c3-d4",), None, 1800)))
        now = [first]
        sc.panel_state = lambda: now[0]              # type: ignore[method-assign]
        helpers.step(app, 2)
        row = sc.evalpanel._rows()[2]                # the second line's row (the first is the heading)
        helpers.step(app, 1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=row.center, rel=(0, 0), buttons=(0, 0, 0)))
        helpers.step(app, 2)
        assert sc.evalpanel.hover == 1
        now[0] = later                               # the engine's next round, under the pointer
        helpers.step(app, 2)
        assert sc.evalpanel.state is first and [ln.move for ln in sc.shown_lines()] == ["c3-d4", "c4-d4"]
        helpers.click(app, row.center)
        assert [pm.text for pm in sc.match.history] == ["c4-d4"]        # the line read, not the new second
        # the pointer stays where it clicked: the new position's strip starts empty ("thinking"),
        # and held that empty strip for good, the engine's lines never shown
        now[0] = PanelState(True, 0.5, "White", ())
        helpers.settle(app)
        helpers.step(app, 2)
        after = PanelState(True, 0.47, "White", (PanelLine("e4-e3", 0.47, ("e4-e3",), None, 700),
                                                 PanelLine("f3-f2", 0.45, ("f3-f2",), None, 650)))
        now[0] = after
        helpers.step(app, 2)
        assert sc.evalpanel.state is after and [ln.move for ln in sc.shown_lines()] == ["e4-e3", "f3-f2"]
    finally:
        app.close()


def test_ctrl_and_a_digit_plays_the_line_and_types_nothing(monkeypatch):
    # Ctrl+1 played line 1 and the move box was left holding '1' (the key's text came too)
    import pygame
    import ui_helpers as helpers
    from game.ui.evalbar import PanelLine, PanelState
    app = helpers.make_app("--scene", "analysis:amoeba", "--window", "1280x800")
    try:
        helpers.settle(app)
        sc = app.scene
        state = PanelState(True, 0.5, "Black", (PanelLine("c3-d4", 0.52, ("c3-d4",), None, 900),))
        sc.panel_state = lambda: state               # type: ignore[method-assign]
        helpers.step(app, 2)
        monkeypatch.setattr(pygame.key, "get_mods", lambda: pygame.KMOD_LCTRL)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=pygame.KMOD_LCTRL, unicode="1",
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="1"))
        helpers.step(app, 3)
        monkeypatch.setattr(pygame.key, "get_mods", lambda: 0)
        helpers.settle(app)
        assert [pm.text for pm in sc.match.history] == ["c3-d4"]
        assert sc.movebox.box.get_text() == "" and not sc.movebox.focused()
    finally:
        app.close()
