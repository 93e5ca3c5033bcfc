"""The first hour's words, as values worded by the interface: the review's summary line, the
result card's headline, the move list after a pie swap, the move box's hint in each phase,
what an Onager disc can do, a computer level's rating."""
from __future__ import annotations

import pytest

from game.ai.review import SideSummary, Summary
from game.match import HUMAN
from game.rules.base import Color
from game.ui.review_words import marks_words, review_done_words


def _summary(black=(0, 0, 0), white=(0, 0, 0)) -> Summary:
    return Summary(SideSummary(*black), SideSummary(*white))


VS_CPU = {Color.BLACK: HUMAN, Color.WHITE: "easy"}
TWO = {Color.BLACK: HUMAN, Color.WHITE: HUMAN}


@pytest.mark.parametrize("summary,players,said", [
    (_summary(), VS_CPU, "Review done: no marks for you or the computer."),
    (_summary(), TWO, "Review done: no marks for Black or White."),
    (_summary((0, 1, 2)), VS_CPU, "Review done. You: 1 mistake and 2 inaccuracies; Computer: no marks."),
    (_summary((0, 0, 0), (2, 0, 1)), {Color.BLACK: "hard", Color.WHITE: HUMAN},
     "Review done. You: 2 blunders and 1 inaccuracy; Computer: no marks."),
    (_summary((1, 1, 1), (0, 3, 0)), TWO,
     "Review done. Black: 1 blunder, 1 mistake and 1 inaccuracy; White: 3 mistakes."),
])
def test_the_reviews_summary_line_reads_as_english(summary, players, said):
    assert review_done_words(summary, players) == said


def test_marks_are_counted_words_not_symbols():
    assert marks_words(SideSummary()) == ""
    assert marks_words(SideSummary(1, 0, 0)) == "1 blunder"
    assert "?" not in review_done_words(_summary((3, 2, 1)), VS_CPU)


@pytest.mark.parametrize("window", ["1024x640", "1280x800", "2560x1440"])
@pytest.mark.parametrize("level", ["easy", "medium", "hard", "3"])
def test_the_result_cards_headline_breaks_between_phrases(window, level):
    from ui_helpers import board, make_app, settle
    app = make_app("--scene", "gameover:onyx:resign", "--white", level, "--window", window)
    settle(app)
    sc = board(app)
    assert sc.banner.shown()
    full = sc.panel.winner_words()
    assert "—" not in full and full.endswith(" wins as White")
    lines = sc.banner.geometry()["head_lines"]
    # one line when it fits, else who won, then the side: never "— White" nor a cut phrase
    assert lines in [[full]] + sc.panel.winner_forms(), lines
    assert ["Computer wins", "as White"] in sc.panel.winner_forms()
    app.close()


def test_the_move_after_a_pie_swap_stands_under_the_swap_without_an_ellipsis():
    from game.ui.movelist import ELLIPSIS
    from ui_helpers import board, make_app, settle
    app = make_app("--game", "onyx", "--pie", "--moves", "h8 swap d4 e7 d7", "--window", "1024x640")
    settle(app)
    box = board(app).w["moves"]
    assert box.rows() == ["1. h8 swap", "2. d4", "3. e7 d7"]     # numbered as the record writes it
    assert ELLIPSIS not in " ".join(box.rows())
    (swap,), (d4,), (e7,) = box.key_rects("2"), box.key_rects("3"), box.key_rects("4")
    assert d4.x == swap.x and d4.x > e7.right                   # White's column, under the swap
    app.close()


def test_the_move_box_hint_fits_onagers_lake_phase_then_its_moves():
    from ui_helpers import board, make_app, settle
    app = make_app("--game", "onager", "--moves", "e6", "--window", "1024x640")
    settle(app)
    sc = board(app)
    box = sc.movebox.box
    assert box.placeholder_text == "Type a lake's cell: e4" and box.shown == box.placeholder_text
    assert "-" not in box.placeholder_text                      # no jump while lakes are placed
    assert sc.board_move("e4")                                  # e4 taken: another free cell instead
    settle(app)
    assert box.placeholder_text.startswith("Type a lake's cell: ") and "e4" not in box.placeholder_text
    assert box.placeholder_text.split(": ")[1] in sc.match.game.legal_strs()
    assert sc.board_move("c4")                                  # the third lake: the moves begin
    settle(app)
    assert box.placeholder_text == "Type a move: b2-b4, b2-b4-d6"
    app.close()


@pytest.mark.parametrize("game", ["amoeba", "onyx", "onager"])
def test_new_game_says_a_level_is_rated_and_every_level_fits_at_1024x640(game):
    from game.scenes.newgame import player_choices
    from test_layout_audit import audit
    from ui_helpers import make_app, settle
    words = [w for w, v in player_choices(game) if v != "human"]
    assert words and all(" · rated about " in w for w in words)
    app = make_app("--scene", f"new:{game}", "--window", "1024x640")
    settle(app)
    sc = app.scene
    for _w, value in player_choices(game)[1:]:          # each level shown as the chosen one
        sc.players["white"] = value
        sc.relayout()
        settle(app)
        assert sc.widgets["white"].value == value and audit(app) == [], value
    app.close()


def _own_cells(deco, lab):
    own = {lab, *deco.captures, *(p for a in deco.arrows for p in a)}
    if deco.selected:
        own.add(deco.selected)
    return own


@pytest.mark.parametrize("window", ["1024x640", "2560x1440"])
@pytest.mark.parametrize("game,moves", [("amoeba", ""), ("onyx", ""), ("onyx", "h6 g7"), ("onager", "e4 e6 c4")])
def test_the_hint_tag_covers_neither_its_move_nor_the_coordinates(monkeypatch, window, game, moves):
    import pygame
    from ui_helpers import board, make_app, settle
    app = make_app("--game", game, "--window", window, *(("--moves", moves) if moves else ()))
    settle(app)
    sc = board(app)
    view = sc.view
    placed: list = []
    real = type(view).tag_rect

    def noting(self, label, size, stacks, deco, before=()):
        r = real(self, label, size, stacks, deco, before)
        placed.append((label, r, deco, stacks))
        return r
    monkeypatch.setattr(type(view), "tag_rect", noting)
    coords = view.coord_rects()
    assert coords                                       # the coordinates are shown and known
    legal = sc.input.game.legal_strs()
    surface = pygame.Surface(app.screen.get_size())
    for move in legal[::max(1, len(legal) // 40)]:
        sc.computer.hint = move
        placed.clear()
        stacks = sc.match.game.stacks()
        sc.view.draw(surface, stacks, sc.decorations())
        (lab, r, deco, st), = placed                    # one tag: the hint's
        assert deco.tags[lab] == "Hint"
        assert view.rect.contains(r), (move, r)
        assert not any(r.colliderect(c) for c in coords), (move, r)
        for cell in _own_cells(deco, lab):
            assert not r.colliderect(view.cell_rect(cell, st)), (move, cell, r)
            name = view.point_label_rect(cell)
            assert name is None or not r.colliderect(name), (move, cell, r)
    app.close()


def _gap(a, b) -> int:
    return max(0, a.left - b.right, b.left - a.right) + max(0, a.top - b.bottom, b.top - a.bottom)


@pytest.mark.parametrize("window", ["1024x640", "1280x800", "2560x1440"])
def test_the_flip_settings_tooltip_stands_beside_its_check_box(monkeypatch, window):
    import pygame
    from game.ui.tips import CONTROLS
    from ui_helpers import make_app, settle, step
    app = make_app("--scene", "settings", "--window", window)
    settle(app)
    flip = app.scene.widgets["flip"]
    own = pygame.Rect(flip.rect).union(flip.text_label.rect)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: flip.rect.center)
    for _ in range(120):
        step(app)
        if app.tooltip_rects():
            break
    (tip,) = {tuple(r) for r in app.tooltip_rects()}        # (the tooltip and its text box)
    tip = pygame.Rect(tip)
    assert _gap(tip, own) <= app.px(12), (tip, own)          # beside it, not in a corner of the window
    assert not tip.colliderect(own)
    others = [el for el in app.ui.get_sprite_group().sprites() if isinstance(el, CONTROLS) and el.visible
              and el.alive() and el is not flip and "tool_tip" not in el.get_element_ids()]
    assert [el for el in others if tip.colliderect(el.rect)] == []
    app.close()


@pytest.mark.parametrize("game", ["amoeba", "onyx", "onager"])
def test_a_lesson_shows_the_move_box_only_in_steps_that_take_a_typed_move(game):
    from ui_helpers import make_app, settle, step
    app = make_app("--scene", f"lesson:{game}:1:1", "--window", "1024x640")
    settle(app)
    sc = app.scene
    box = sc.w["movebox"]
    assert sc.step.kind != "try" and not box.visible         # lesson 1 step 1: nothing to type
    assert not sc.movebox.shown()
    text = sc.w["text"]
    assert text.rect.bottom > box.rect.top                   # the words take its room
    seen = set()
    for li, lesson in enumerate(sc.course.lessons):
        for si, st in enumerate(lesson.steps):
            sc.open_lesson(li, si)
            step(app, 2)
            settle(app)
            box = sc.w["movebox"]                            # (a page may build its widgets anew)
            assert box.alive() and box.visible == (st.kind == "try"), (li, si, st.kind)
            assert box.is_enabled == sc.task_open()
            seen.add(st.kind)
    assert "try" in seen and len(seen) > 1
    app.close()
