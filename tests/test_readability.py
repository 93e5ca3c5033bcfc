"""What a new player reads and sees: texts that fit the theme and the settings, boards that stay
readable (coordinates, closed midpoints, buried Kernels, tall stacks, the last Onager chain, the
Onyx swap), and tutorial texts written for players (levels/*.toml).

Every check goes through the real views, themes, tutorial files and rules core.
"""
from __future__ import annotations

import re

import pygame
import pytest
from ui_helpers import settle, step

from game import levels as L
from game import themes
from game.anim.moves import MoveAnimation
from game.app import App
from game.match import Match
from game.rules.amoeba import Amoeba
from game.rules.base import Color, Motion
from game.rules.onager import Onager
from game.rules.onyx import Onyx
from game.scenes.board import BoardScene
from game.scenes.tutorial import TutorialScene
from game.views import Decorations, input_for, view_for
from game.views import draw as D

COLOUR_WORDS = re.compile(r"\b(green|blue|orange|red|yellow|purple|violet|sky)\b", re.IGNORECASE)
HIGHLIGHT_WORDS = re.compile(r"\b(glowing|lit|highlighted|marked|marks?|green|blue|orange)\b", re.IGNORECASE)
POS_8_5 = "b2: B; b3: B; b4: W; c3: B; d4: W; c5: B; d5: B; d6: W; Lakes: c4"
POS_8_7 = "k1: B; k3: W,B; a2: W; i1: W; j1: W; c4: B"


@pytest.fixture(autouse=True)
def classic_afterwards():
    pygame.display.init()                      # the board views convert their surfaces for a window
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    yield
    LOOK["theme"] = themes.CLASSIC


LOOK = {"theme": themes.CLASSIC}      # the theme the views of these tests are given (set_look)


@pytest.fixture
def app():
    a = App((1024, 640), fade=False)
    a.settings.anim_speed = 8.0
    yield a
    a.close()


def fresh(game_name: str, game):
    inp = input_for(game_name, view_for(game_name, **game.options()))
    inp.view.set_look(LOOK["theme"])
    inp.view.layout(pygame.Rect(0, 0, 800, 640))
    inp.set_game(game)
    return inp


def texts_of(game_name: str, game, show_targets: bool = True) -> list[str]:
    """The status texts of a position: idle, each selection and the refusals that follow."""
    inp = fresh(game_name, game)
    inp.show_targets = show_targets
    out = [inp.idle_message()]
    out += [inp.why_not(lab) for lab in list(inp.view.points())[:40]]
    for start in sorted(inp.starts()):
        inp.set_game(game)
        inp.show_targets = show_targets
        res = inp.click(start)
        out.append(res.message)
        if inp.prefix:
            out.append(inp.after_select_message())
            out += [inp.why_not(lab) for lab in list(inp.view.points())[:40]]
    return [t for t in out if t]


POSITIONS = [
    ("amoeba", lambda: Amoeba.from_position("c3: B,W,B; d4: B; b3: Bk; f3: Wk; e5: W", Color.BLACK)),
    ("onager", lambda: Onager.from_position(POS_8_5, Color.BLACK)),
    ("onyx", lambda: Onyx.from_position("Black: e5 a1; White: f1 g1", Color.WHITE)),
]


# ================================================================ texts and themes
@pytest.mark.parametrize("game_name,make", POSITIONS)
def test_colour_blind_texts_name_no_colour(game_name, make):
    LOOK["theme"] = themes.THEMES["colour-blind"]
    bad = [t for t in texts_of(game_name, make()) if COLOUR_WORDS.search(t)]
    assert bad == []


@pytest.mark.parametrize("game_name,make", POSITIONS)
def test_named_colours_are_the_themes_own(game_name, make):
    """Where a theme names a colour, it is the colour its targets are drawn in."""
    for theme in ("classic", "dark"):
        LOOK["theme"] = themes.THEMES[theme]
        T = LOOK["theme"]
        for kind, word in T.colour_names:
            colour = T.kind_colour(kind) if kind in ("walk", "jump", "stack") else T[kind]
            r, g, b = colour[:3]
            if word == "green":
                assert g > r and g > b, (theme, kind, colour)
            elif word == "blue":
                assert b > r and b >= g, (theme, kind, colour)
            elif word == "orange":
                assert r > g > b, (theme, kind, colour)
        named = {w for t in texts_of(game_name, make()) for w in COLOUR_WORDS.findall(t)}
        assert {w.lower() for w in named} <= {w for _, w in T.colour_names} | {"orange"}
    LOOK["theme"] = themes.THEMES["colour-blind"]
    assert D.colour_name("move", LOOK["theme"]) == "" and D.colour_name("split", LOOK["theme"]) == ""


@pytest.mark.parametrize("game_name,make", POSITIONS)
def test_highlights_off_texts_do_not_point_at_highlights(game_name, make):
    bad = [t for t in texts_of(game_name, make(), show_targets=False) if HIGHLIGHT_WORDS.search(t)]
    assert bad == []


def test_board_status_with_highlights_off(app):
    app.settings.show_targets = False
    for game in (Amoeba.new(), Onager.from_position(POS_8_5, Color.BLACK)):
        scene = BoardScene(Match(game))
        app.replace(scene)
        app.finish_transition()
        settle(app)
        step(app, 2)
        text = scene.w["status"].html_text
        assert "click" in text and not HIGHLIGHT_WORDS.search(re.sub(r"<[^>]+>", "", text)), text
    app.settings.show_targets = True
    step(app, 2)
    assert "glowing" in re.sub(r"<[^>]+>", "", app.scene.w["status"].html_text)


def _luminance(c) -> float:
    def ch(v: float) -> float:
        v = v / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = c[:3]
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b)


def _contrast(a, b) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("theme", themes.THEMES)
def test_coordinate_labels_contrast_with_the_wood_in_every_theme(theme):
    LOOK["theme"] = themes.THEMES[theme]
    P = LOOK["theme"]
    for wood in (P["wood_light"], P["wood_dark"]):
        assert _contrast(P["coord_ink"], wood) >= 3.0, (theme, wood)
        assert _contrast(P["coord_ink"], P["coord_halo"]) >= 7.0
    # as drawn: the name of an empty Amoeba point stands out from the wood around it
    view = view_for("amoeba")
    view.set_look(P)
    surf = pygame.Surface((800, 640), pygame.SRCALPHA)
    view.layout(surf.get_rect())
    view.draw(surf, {})
    x, y = view.pixel_of("d4")
    s = view.scale
    box = pygame.Rect(int(x + s * 0.16), int(y + s * 0.08), int(s * 0.22), int(s * 0.16))
    lums = [_luminance(surf.get_at((i, j))) for i in range(box.left, box.right) for j in range(box.top, box.bottom)]
    assert max(lums) - min(lums) > 0.35, theme


def test_coordinate_labels_grow_with_the_board():
    for name, size_of in (("amoeba", lambda v: v.point_label_size()), ("onager", lambda v: v.cell_label_size())):
        v = view_for(name)
        v.layout(pygame.Rect(0, 0, 680, 600))
        small = size_of(v)
        v.layout(pygame.Rect(0, 0, 2400, 2000))
        assert small >= 11 and size_of(v) >= 2.5 * small


@pytest.mark.parametrize("name", ["amoeba", "onyx", "onager"])
def test_height_badges_read_on_the_smallest_board(name):
    # Onager's board at 1024x640 drew a two-disc stack's '2' at 9 px: a speck
    from game.views import draw as D
    v = view_for(name)
    v.layout(pygame.Rect(0, 0, 600, 560))          # the board's area of a 1024x640 window, about
    size = v.badge_size(v.radius_px)
    assert size >= 11 and D.font(size, True).size("2")[1] >= 14


# ================================================================ Onyx
def test_closed_midpoints_are_exactly_the_unplayable_empty_ones():
    game = Onyx.from_position("Black: e5 f6; White: d6 g7", Color.BLACK)
    view = view_for("onyx")
    view.layout(pygame.Rect(0, 0, 640, 640))
    stacks = game.stacks()
    legal = set(game.legal_strs())
    mids = [lab for lab in view.points() if view.is_midpoint(lab) and lab not in stacks]
    assert set(view.closed_midpoints(stacks)) == {m for m in mids if m not in legal}
    # and they look different from the open ones
    surf = pygame.Surface((640, 640))
    view.draw(surf, stacks)
    closed = view.closed_midpoints(stacks)[0]
    open_ = next(m for m in mids if m in legal)
    def patch(lab):
        x, y = view.pixel_of(lab)
        return [tuple(surf.get_at((x + dx, y + dy)))[:3] for dx in (-2, 0, 2) for dy in (-2, 0, 2)]
    assert patch(closed) != patch(open_)


def test_midpoints_readable_on_a_20_board_in_a_small_window():
    view = view_for("onyx", size=20)
    view.layout(pygame.Rect(0, 0, 600, 600))
    hole, mid = view.point_radii()
    assert hole >= 3 and mid >= 3


def test_chain_links_only_where_the_board_joins_points():
    view = view_for("onyx")
    view.layout(pygame.Rect(0, 0, 640, 640))
    assert not view.linked("c6", "d7") and view.linked("c6", "cd67") and view.linked("f6", "e6")
    # a lesson's marked points on an empty board: nothing is linked
    assert view.chain_links(["f6", "e6", "g6", "f5", "f7", "e5", "ef67", "fg56"], {}) == []
    stacks = {"c6": ("B",), "d7": ("B",)}
    assert view.chain_links(["c6", "d7"], stacks) == []
    stacks["cd67"] = ("B",)
    assert set(view.chain_links(["c6", "cd67", "d7"], stacks)) == {("c6", "cd67"), ("cd67", "d7")}


def test_tutorial_highlights_are_marks_not_a_winning_chain(app):
    scene = TutorialScene("onyx")
    app.push(scene)
    step(app, 2)
    scene.open_lesson(0, 1)                     # "What is joined to what"
    deco = scene.decorations()
    assert deco.result == [] and "e6" in deco.marks and "ef67" in deco.marks


def test_swap_is_an_event_on_the_board(app):
    game = Onyx.new(pie=True)
    game.push("f6")
    scene = BoardScene(Match(game))
    app.replace(scene)
    app.finish_transition()
    settle(app)
    calls = []
    real = scene.view.draw_effect
    scene.view.draw_effect = lambda surface, kind, u: (calls.append((kind, u)), real(surface, kind, u))
    app.settings.anim_speed = 1.0
    scene.play_move("swap")
    assert scene.anim is not None and scene.anim.duration >= 1.5
    before = app.screen.copy()
    step(app, 40)
    assert calls and calls[0][0] == "swap" and 0 < calls[-1][1] < 1
    cx = scene.view.rect.centerx
    changed = sum(1 for x in range(cx - 100, cx + 100, 5) for y in range(scene.view.rect.top, scene.view.rect.bottom, 5)
                  if app.screen.get_at((x, y)) != before.get_at((x, y)))
    assert changed > 50                         # the banner is on the board
    settle(app)
    assert scene.anim is None and "Colours swapped" in scene.w["status"].html_text


def test_swap_effect_names_the_event():
    view = view_for("onyx")
    surf = pygame.Surface((640, 640))
    view.layout(surf.get_rect())
    view.draw(surf, Onyx.new().stacks())
    plain = surf.copy()
    view.draw_effect(surf, "swap", 0.5)
    assert surf.get_at(view.rect.center) != plain.get_at(view.rect.center) or \
        any(surf.get_at((x, int(view.rect.h * 0.3))) != plain.get_at((x, int(view.rect.h * 0.3)))
            for x in range(100, 540, 7))
    anim = MoveAnimation(view, {}, [Motion("swap", None, None, ())])
    assert anim.effects == [("swap", 0)] and anim.duration >= 1.5


# ================================================================ Amoeba
def test_a_buried_kernel_is_marked_at_any_depth():
    view = view_for("amoeba")
    view.layout(pygame.Rect(0, 0, 800, 640))
    def red_pixels(pieces):
        surf = pygame.Surface((800, 640))
        surf.fill((0, 0, 0))
        view.draw_stack(surf, view.pixel_of("d4"), pieces)
        x, y = view.pixel_of("d4")
        r = view.radius_px
        colours = [surf.get_at((i, j)) for i in range(x - 2 * r, x) for j in range(y - 3 * r, y + r)]
        return sum(1 for c in colours if c.r > 150 and c.g < 90 and c.b < 110)
    assert red_pixels(("W", "B", "B", "W", "B")) == 0
    for depth in range(4):                      # the Kernel at every depth below the top
        pieces = ["W", "B", "B", "W", "B"]
        pieces[depth] = pieces[depth] + "k"
        assert red_pixels(tuple(pieces)) > 4, depth


def test_a_tall_stack_hides_nothing_so_it_is_never_seen_through():
    """(Issue 24: changed from 'seen through when hovered'.) A tall stack is pressed together on its
    own point, so it covers no point behind it and stays solid; its card lists its pieces."""
    view = view_for("amoeba")
    view.layout(pygame.Rect(0, 0, 800, 640))
    stacks = {"d3": ("B", "W", "B", "W", "B", "W"), "e3": ("W",), "c3": ("B",)}
    surf = pygame.Surface((800, 640))
    view.draw(surf, stacks, Decorations(hover="d3"))
    assert not view.covers_others("d3", 6)
    assert view.stack_alpha("d3", stacks, Decorations(hover="d3")) == 255


# ================================================================ Onager
def test_onager_warns_that_the_lead_wins_next_turn(app):
    inp = fresh("onager", Onager.from_position(POS_8_7, Color.WHITE))
    msg = inp.threat_message(inp.game.threats())
    assert msg.startswith("Black wins next turn") and "2 to 1" in msg and "k1, k3" in msg
    scene = BoardScene(Match(Onager.from_position(POS_8_7, Color.WHITE)))
    app.replace(scene)
    app.finish_transition()
    settle(app)
    assert "Danger:" in scene.w["status"].html_text and "wins next turn" in scene.w["status"].html_text


def test_the_last_chain_stays_drawn_until_the_next_move():
    view = view_for("onager")
    view.layout(pygame.Rect(0, 0, 800, 640))
    game = Onager.from_position(POS_8_5, Color.BLACK)
    game.push("b2-b4-d6")
    stacks = game.stacks()
    plain = pygame.Surface((800, 640))
    view.draw(plain, stacks, Decorations())
    marked = pygame.Surface((800, 640))
    view.draw(marked, stacks, Decorations(last_move=("b2", "b4", "d6")))
    (ax, ay), (bx, by) = view.pixel_of("b2"), view.pixel_of("b4")
    mid = ((ax + bx) // 2, (ay + by) // 2)
    assert marked.get_at(mid) != plain.get_at(mid)          # the line between the landings
    x, y = view.pixel_of("b4")
    near = [(x + dx, y + dy) for dx in range(int(view.cell_px)) for dy in range(-int(view.cell_px), 0)]
    assert any(marked.get_at(p) != plain.get_at(p) for p in near)   # the landing's number


def test_board_keeps_the_chain_as_its_last_move(app):
    scene = BoardScene(Match(Onager.from_position(POS_8_5, Color.BLACK)))
    app.replace(scene)
    app.finish_transition()
    settle(app)
    scene.play_move("b2-b4-d6")
    settle(app)
    assert scene.decorations().last_move == ("b2", "b4", "d6")


# ================================================================ tutorial texts (levels/*.toml)
DEVELOPER_WORDS = re.compile(r"\b(perft|back-row-majority|kernel-captured|repetition-count|no-moves|reason|plies|"
                             r"canonical|rules core|spec|specs|motions|toml|set-up text|legal_moves|move_str|"
                             r"[a-z]+_[a-z_]+)\b", re.IGNORECASE)
PRAISE_WORDS = ("well done", "good", "great", "right", "yes", "exactly", "correct", "nice", "perfect",
                "excellent", "bravo", "well ", "solved", "done")


def _course(game: str) -> L.Course:
    return L.load_course(L.course_path(game))


def _puzzles(game: str) -> L.PuzzleSet:
    return L.load_puzzles(L.puzzles_path(game))


def _player_texts(game: str) -> list[tuple[str, str]]:
    out = []
    course = _course(game)
    out.append(("title", course.title))
    for lesson in course.lessons:
        out.append((lesson.id, lesson.title))
        for st in lesson.steps:
            for part in (st.title, st.text, st.caption, st.hint, st.praise):
                out.append((st.where, L.plain_text(part)))
    for p in _puzzles(game).puzzles:
        for part in (p.title, p.prompt, p.hint, p.praise):
            out.append((p.where, L.plain_text(part)))
    return out


@pytest.mark.parametrize("game", L.GAME_NAMES)
def test_no_developer_words_in_level_texts(game):
    bad = [(where, m.group(0)) for where, text in _player_texts(game) for m in DEVELOPER_WORDS.finditer(text)]
    assert bad == []


@pytest.mark.parametrize("game", L.GAME_NAMES)
def test_every_step_has_a_body(game):
    empty = [st.where for st in _course(game).steps() if not L.plain_text(st.text).strip()]
    assert empty == []


@pytest.mark.parametrize("game", L.GAME_NAMES)
def test_no_doubled_praise(game):
    """The tutorial says "Well done!" before a try's praise and "Solved!" before a puzzle's."""
    praises = [(st.where, st.praise) for st in _course(game).steps() if st.kind == "try"]
    praises += [(p.where, p.praise) for p in _puzzles(game).puzzles]
    bad = [(w, t) for w, t in praises if L.plain_text(t).strip().lower().startswith(PRAISE_WORDS)]
    assert bad == []


@pytest.mark.parametrize("game", L.GAME_NAMES)
def test_each_step_shows_its_own_board(game):
    """A step without a position would keep whatever board the step before it left (after a demo:
    its end; after Back: the later step's)."""
    for lesson in _course(game).lessons:
        if any(st.setup is not None for st in lesson.steps):
            assert [st.where for st in lesson.steps if st.setup is None] == []


@pytest.mark.parametrize("game", L.GAME_NAMES)
def test_demos_that_end_the_game_say_so(game):
    """A demo whose moves end the game states that result (so no demo ends by surprise, e.g. a
    lake demo with 'Black wins: no legal move left')."""
    for st in _course(game).steps():
        if st.kind != "demo":
            continue
        g = st.start()
        for m in st.moves:
            g.push(m)
        if g.is_over and not st.agreement:
            assert st.expect not in (None, "none"), st.where


def test_onager_directions_in_the_stack_pivot_step():
    st = next(s for s in _course("onager").steps() if s.title == "Stacks as pivots")
    g = st.start()
    from game.rules.hexgrid import grid
    gr = grid(6)
    nw = gr.labels[gr.neighbour[gr.index["c2"]][4]]     # directions E, W, NE, SW, NW, SE
    assert nw == "d2"
    assert "north-west" in st.caption and "east" not in st.caption.replace("north-west", "")
    assert g.stacks()["d2"][-1] == "W"


@pytest.mark.parametrize("game", ["amoeba"])
def test_puzzle_praise_fits_every_winning_move(game):
    """A one-move puzzle won both by a whole-stack move and by a split must not praise only one."""
    for p in _puzzles(game).puzzles:
        if p.goal != "win" or p.plies != 1:
            continue
        g = p.start()
        wins = [g.move_str(m) for m in L.winning_moves(g.copy(), 1)]
        kinds = {">" in w for w in wins}
        if len(kinds) == 2:
            low = p.praise.lower()
            assert "whole or split" in low or ("split" not in low and "jump" not in low), p.id


@pytest.mark.parametrize("game", L.GAME_NAMES)
def test_puzzle_praise_does_not_tell_what_the_defence_did(game):
    """The defence may be the computer, which plays any losing move: the praise must hold for all."""
    told = ("could block only", "could stop only", "blocked one", "white blocked", "black blocked",
            "answered with")
    for p in _puzzles(game).puzzles:
        assert not any(t in p.praise.lower() for t in told), p.id


def test_the_colour_blind_last_move_ring_stands_out_from_the_wood_by_lightness():
    # Okabe-Ito's reddish purple has the wood's own lightness: on a board seen without that
    # hue the last move's ring all but vanished (seen at 3840x2160 and 1024x640)
    T = themes.THEMES["colour-blind"]
    assert _contrast(T.last, T.wood_light) >= 2.5 and _contrast(T.last, T.wood_dark) >= 1.5
