"""The move list with the game tree: variations, Onager's rows, set-up rows, incremental layout.

The list is fed ``game.ui.moveflow.flatten`` of real trees (a ``Match`` played, taken back and
played again from earlier positions, or a ``GameTree`` of recorded moves) and checked on its
own: what it shows (``rows()``), where (indentation, wrapping, columns), what a click posts,
how it scrolls, how little a new move costs, and how it looks (PNGs in ``tmp_path``).
"""
from __future__ import annotations

import random
import statistics
import time

import pygame
import pygame_gui
import pytest

from game.match import Match
from game.rules import make_game
from game.rules.base import Color
from game.rules.tree import GameTree, PlayedMove
from game.ui import moveflow
from game.ui.movelist import ELLIPSIS, LIST_VARIATION, TEXT, VAR, MoveList, link_rect
from game.ui.moveflow import flatten, key_of, node_for_key
from game.ui.style import LIST_LATER, LIST_PLAYED, LIST_SHOWN


@pytest.fixture
def ui():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((640, 480))
    return pygame_gui.UIManager((640, 480))


def pick(m: Match, i: int) -> str:
    """The i-th legal move (sorted) of the position shown: moves that differ for sure."""
    return sorted(m.legal_strs())[i]


def nested_match() -> Match:
    """An Amoeba game: the line A1-A3 B4-B6; a variation A4 A5 Y6 Y7 at ply 4, and inside it,
    as an alternative to Y6, the long A6-A12 (the first line played)."""
    m = Match(make_game("amoeba"))
    for i in range(12):
        m.play(pick(m, i))
    a = m.tree.main_line()
    m.goto(a[2])                              # a new line from ply 3: B4 B5 B6
    for i in range(3):
        m.play(pick(m, 10 + i))
    b4 = a[2].children[0]
    m.goto(a[4])                              # from A5 of the old line: Y6 Y7 (this line becomes the game's)
    for i in range(2):
        m.play(pick(m, 20 + i))
    m.goto(a[2])                              # B4 again: the B line is the game's once more
    m.play(b4.move.text)
    m.redo()
    m.redo()
    assert [n.uid for n in m.tree.main_line()[3:]] == [b4.uid, b4.children[0].uid, b4.children[0].children[0].uid]
    return m


def show(box: MoveList, m: Match, follow: bool = True) -> None:
    cur = m.tree.cursor
    box.set_lines(flatten(m.tree), None if cur.parent is None else key_of(cur), follow)


def press(box: MoveList, pos: tuple[int, int]) -> list[pygame.event.Event]:
    pygame.event.clear()
    box.process_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    box.process_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    return [e for e in pygame.event.get() if e.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED]


def picture(box: MoveList, path) -> pygame.Surface:
    box._redraw()
    surf = pygame.Surface(box.rect.inflate(20, 20).size)
    surf.fill((32, 44, 48))
    surf.blit(box.image, (10, 10), special_flags=pygame.BLEND_PREMULTIPLIED)
    pygame.image.save(surf, str(path))
    return surf


# ---------------------------------------------------------------- variations
def test_nested_variations_are_indented_and_wrapped(ui, tmp_path):
    m = nested_match()
    lines = flatten(m.tree)
    assert [ln.depth for ln in lines if ln.depth] == [1, 2, 1]
    box = MoveList(pygame.Rect(10, 10, 230, 420), ui)
    show(box, m)
    rows = box.rows()
    text = moveflow.lines_text(lines)
    # every main-line row is there, in order, then each variation under its move, indented
    assert [r for r in rows if not r.startswith(" ")] == [t for t in text if not t.startswith(" ")]
    assert any(r.startswith("  (2... ") for r in rows) and any(r.startswith("    (") for r in rows)
    # nothing lost by wrapping: the rows of each variation joined are its flow
    joined = " ".join(r.strip() for r in rows if r.startswith(" ")).replace("- ", "-")
    for ln in lines:
        if ln.depth:
            for tok in ln.flow:
                assert tok.text in joined
    # rows of a variation start at its indentation (also the wrapped ones) and stay in the box
    right = box.rect.w - box.pad_x - box.bar_w
    small_rows = [r for r in box._rows if r.small]
    assert any(r.depth == 2 for r in small_rows)
    deep = [r for r in small_rows if r.depth == 2]
    assert len(deep) >= 2, "the long variation inside the variation wraps"
    for r in small_rows:
        xs = [x for _k, x, _t, _kind in r.items]
        assert min(xs) == box.pad_x + r.depth * box.indent
        assert all(x + box._width(t, kind != TEXT, True) <= right for _k, x, t, kind in r.items)
        assert r.h < box.row_h                        # variations are set smaller
    # the moves of a variation are links to their nodes; main-line moves keep their ply numbers
    var_keys = [k for r in small_rows for k, _x, _t, kind in r.items if kind == VAR]
    assert var_keys and all(k.startswith("v") for k in var_keys)
    for k in var_keys:
        node = node_for_key(m.tree, k)
        assert node is not None and not node.is_main_line() and key_of(node) == k
    assert box.colour_of(0) == LIST_PLAYED and box._colour(var_keys[0], VAR) == LIST_VARIATION
    picture(box, tmp_path / "variations.png")


def test_clicks_post_the_keys_of_variation_and_main_line_moves(ui):
    m = nested_match()
    box = MoveList(pygame.Rect(10, 10, 260, 420), ui)
    show(box, m)
    var_node = m.tree.main_line()[2].children[1]      # A4
    key = key_of(var_node)
    assert key == f"v{var_node.uid}"
    r = link_rect(box, key)
    assert r is not None and box.key_at(r.center) == key and box.ply_at(r.center) is None
    events = press(box, r.center)
    assert len(events) == 1 and events[0].link_target == key and events[0].ui_element is box
    assert node_for_key(m.tree, events[0].link_target) is var_node
    # a main-line move posts its ply number, as before variations
    r = link_rect(box, "3")
    assert r is not None and box.ply_at(r.center) == 2
    events = press(box, r.center)
    assert [e.link_target for e in events] == ["3"]
    # a press on one move and a release on another posts nothing
    box.process_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=link_rect(box, "3").center, button=1))
    box.process_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=link_rect(box, key).center, button=1))
    assert [e for e in pygame.event.get() if e.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED] == []
    # showing the variation's move: it is the shown one, the line's later moves unchanged
    m.goto(var_node)
    show(box, m, follow=False)
    assert box.current_key == key and box.current == -1
    assert box._colour(key, VAR) == LIST_SHOWN and box.colour_of(2) == LIST_PLAYED
    assert link_rect(box, key) is not None


def test_only_tones_changed_lays_nothing_out(ui):
    m = nested_match()
    box = MoveList(pygame.Rect(10, 10, 260, 300), ui)
    show(box, m)
    n = box.laid_out
    m.undo()                                  # the last move becomes the redo line: dim
    show(box, m)
    assert box.laid_out == n and box.colour_of(len(box.records) - 1) == LIST_LATER
    m.redo()
    show(box, m)
    assert box.laid_out == n and box.colour_of(len(box.records) - 1) == LIST_SHOWN


# ---------------------------------------------------------------- numbering
def test_onager_rows_start_with_the_lakes(ui):
    m = Match(make_game("onager"))
    for t in "c3 c5 h5 b1-c2 j4-i5".split():
        m.play(t)
    box = MoveList(pygame.Rect(10, 10, 280, 200), ui)
    show(box, m)
    assert box.rows() == ["Lakes c3 c5 h5", "1. b1-c2 j4-i5"]
    assert box.records == ("c3", "c5", "h5", "b1-c2", "j4-i5")
    # the lakes in one run after the name, in the order they were placed (both sides in turn)
    r1, r2, r3, r4 = (box.ply_rects(i)[0] for i in range(4))
    assert r1.y == r2.y == r3.y < r4.y and r1.x < r2.x < r3.x and r1.x > box.rect.x + box._width("Lakes")
    assert box.current == 5 and box.colour_of(4) == LIST_SHOWN
    # a click on the third lake posts ply 3
    assert [e.link_target for e in press(box, link_rect(box, "3").center)] == ["3"]


def test_a_set_up_game_with_white_to_move_starts_with_an_ellipsis(ui):
    tree = GameTree()
    for i, (text, colour) in enumerate([("e5", Color.WHITE), ("d4", Color.BLACK), ("f6", Color.WHITE),
                                         ("c3", Color.BLACK)]):
        tree.play(PlayedMove(text, text, colour))
    box = MoveList(pygame.Rect(10, 10, 260, 200), ui)
    box.set_lines(flatten(tree), key_of(tree.cursor))
    assert box.rows() == [f"1. {ELLIPSIS} e5", "2. d4 f6", "3. c3"]
    first = box._rows[0]
    assert [(k, t, kind) for k, _x, t, kind in first.items] == [(None, ELLIPSIS, TEXT), ("1", "e5", 0)]
    # the ellipsis stands in Black's column, e5 in White's
    assert first.items[0][1] == box.ply_rects(1)[0].x - box.rect.x
    assert box.ply_rects(0)[0].x == box.ply_rects(2)[0].x


# ---------------------------------------------------------------- cost of a move
POOL = ["e3", "k10", "a1-c3", "b2-b4-d6-f6-h8-j10", "c3>e4", "d4*", "h10-h12-j12", "a10", "f5-g6"]


def test_a_new_move_lays_out_only_what_changed_in_a_300_ply_game(ui):
    rng = random.Random(7)
    tree = GameTree()
    box = MoveList(pygame.Rect(10, 10, 260, 300), ui)
    per_move, laid = [], []
    for ply in range(300):
        text = rng.choice(POOL)
        tree.play(PlayedMove(f"{text}#{ply}", text, Color.BLACK if ply % 2 == 0 else Color.WHITE))
        t0 = time.perf_counter()
        n = box.laid_out
        assert box.set_lines(flatten(tree), key_of(tree.cursor))
        per_move.append(time.perf_counter() - t0)
        laid.append(box.laid_out - n)
        r = box.renders
        box.update(0.0)
        assert box.renders == r + 1           # a change: drawn once ...
        box.update(0.0)
        assert box.renders == r + 1           # ... and not again while nothing changes
    # a move lays out its own row (the whole list only when a wider move moves the column)
    assert sorted(laid)[-10] <= 1 and sum(laid) < 300 * 3
    fresh = MoveList(pygame.Rect(10, 10, 260, 300), ui)
    t0 = time.perf_counter()
    fresh.set_lines(flatten(tree), key_of(tree.cursor))
    full = time.perf_counter() - t0
    assert box._rows == fresh._rows and box._tops == fresh._tops and box.rows() == fresh.rows()
    assert box.scroll == box.max_scroll > 0 and link_rect(box, "300") is not None
    print(f"\n300 plies: a new move (flatten + set_lines) median {statistics.median(per_move) * 1e3:.2f} ms, "
          f"max {max(per_move) * 1e3:.2f} ms; a fresh list {full * 1e3:.2f} ms")
    # a move from an earlier position: the old moves become a variation; laid out from there on
    for _ in range(6):
        tree.back()
    n = box.laid_out
    box.set_lines(flatten(tree), key_of(tree.cursor))
    assert box.laid_out == n                  # only tones changed: nothing laid out
    tree.play(PlayedMove("zz#new", "zz", Color.BLACK))
    box.set_lines(flatten(tree), key_of(tree.cursor))
    assert 1 <= box.laid_out - n <= 4
    rows = box.rows()
    at = rows.index("148. zz")
    assert rows[at + 1].startswith("  (148. ") and rows[-1].endswith(")")
    assert all(r.startswith("  ") for r in rows[at + 1:])
    fresh.set_lines(flatten(tree), key_of(tree.cursor))
    assert box._rows == fresh._rows


def test_kept_layout_equals_a_fresh_one_through_random_edits(ui):
    rng = random.Random(11)
    m = Match(make_game("amoeba"))
    box = MoveList(pygame.Rect(10, 10, 220, 200), ui)
    for step in range(160):
        r = rng.random()
        if m.is_over or (r < 0.15 and m.can_undo):
            m.undo()
        elif r < 0.25:
            nodes = list(m.tree.nodes())
            m.goto(rng.choice(nodes))
            if m.game.result is not None:
                m.goto_live()
        else:
            m.play(rng.choice(m.legal_strs()))
        follow = not m.browsing
        show(box, m, follow)
        if step % 8 == 0 or step > 150:
            fresh = MoveList(pygame.Rect(10, 10, 220, 200), ui)
            show(fresh, m, follow)
            assert box._rows == fresh._rows and box.rows() == fresh.rows()
            fresh.kill()
    assert m.tree.count_variations() > 0


# ---------------------------------------------------------------- scrolling and sizes
def test_the_top_row_is_never_cut_off(ui, tmp_path):
    m = Match(make_game("onager"))
    for t in "c3 c5 h5 b1-c2 j4-i5".split():
        m.play(t)
    rng = random.Random(2)
    for _ in range(14):
        m.play(rng.choice(m.legal_strs()))
    box = MoveList(pygame.Rect(10, 10, 280, 80), ui)   # as small as the panel's list at 1024x640
    show(box, m)
    assert box.max_scroll > 0 and box.scroll == box.max_scroll
    assert box.scroll in box._tops                      # the first row in view is whole
    key = key_of(m.tree.cursor)
    assert link_rect(box, key) is not None              # the newest move is in view
    box.hovered = True
    seen = set()
    for y in [1, 1, 1, -1, -3, 5, -20, 20]:
        box.process_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y))
        seen.add(box.scroll)
        assert box.scroll in box._tops and 0 <= box.scroll <= box.max_scroll
    assert 0 in seen and box.max_scroll in seen
    thumb = box._thumb().move(box.rect.topleft)
    box.process_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1))
    for dy in range(-40, 40, 3):
        box.process_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(thumb.centerx, thumb.centery + dy),
                                             rel=(0, 0), buttons=(1, 0, 0)))
        assert box.scroll in box._tops
    box.process_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=thumb.center, button=1))
    # browsing back: the shown move comes into view, whole
    m.goto(m.tree.main_line()[2])
    show(box, m, follow=False)
    r = link_rect(box, "3")
    assert r is not None and box.scroll in box._tops and r.top >= box.rect.y + box.pad_y
    picture(box, tmp_path / "small.png")
    # a box shorter than two rows still shows one whole row
    box.set_dimensions((280, box.row_h + 2 * box.pad_y + 3))
    assert box.scroll in box._tops


def test_a_4k_list_scales(ui, tmp_path):
    m = nested_match()
    small = MoveList(pygame.Rect(10, 10, 260, 420), ui)
    big_ui = pygame_gui.UIManager((3840, 2160))
    big = MoveList(pygame.Rect(0, 0, int(260 * 2.7), int(420 * 2.7)), big_ui, scale=2.7)
    show(small, m)
    show(big, m)
    assert big.row_h >= 2.5 * small.row_h and big.indent == round(14 * 2.7)
    assert [r for r in big.rows() if not r.startswith(" ")] == [r for r in small.rows() if not r.startswith(" ")]
    surf = picture(big, tmp_path / "big.png")
    assert surf.get_size() == (702 + 20, 1134 + 20) and big.rect.size == (702, 1134)


def test_marks_follow_the_main_line(ui, tmp_path):
    m = nested_match()
    box = MoveList(pygame.Rect(10, 10, 260, 420), ui)
    show(box, m)
    n = box.laid_out
    assert box.set_marks({5: "?"})                     # White's move in the last row
    assert box.rows()[-1].endswith("?") and box.laid_out - n == 1      # only that row laid out
    assert box.set_marks({0: "??", 2: "?!", 5: "?", 99: "?"})
    assert box.rows()[0].startswith("1. ") and "??" in box.rows()[0]
    assert not box.set_marks({0: "??", 2: "?!", 5: "?", 99: "?"})
    assert not any("?" in r for r in box.rows() if r.startswith(" "))   # none in the variations
    var_key = key_of(m.tree.main_line()[2].children[1])
    box.hover_key = var_key                            # underline a variation's move
    picture(box, tmp_path / "marks.png")
