"""Words a player reads: a result in one sentence (no brackets in brackets), Undo's tooltip
saying what it takes back, the analysis board's header, Onyx's flip by rows and columns, a
rematch saying the colours went round."""
from __future__ import annotations

import pygame
import pytest

from game.rules.base import Color, Reason, Result
from game.ui.endings import result_line

from ui_helpers import board, click, click_widget, key, make_app, settle, step


def test_a_result_is_one_sentence_without_nested_brackets():
    assert result_line(Result(Color.BLACK, Reason.RESIGN), "amoeba") == "Black wins: White resigned."
    assert result_line(Result(Color.WHITE, Reason.TIME), "onyx") == "White wins: Black ran out of time."
    draw = result_line(Result(None, Reason.AGREEMENT), "amoeba", {"black": 9, "white": 9})
    assert draw == "Draw. Ended by agreement: stacks counted (Black 9 – White 9)."


def test_a_click_on_a_finished_board_says_the_result_in_one_sentence():
    app = make_app("--game", "amoeba", "--moves", "b3-c4 e4-e3")
    settle(app)
    sc = board(app)
    sc.offers.resign()
    step(app, 2)
    key(app, pygame.K_RETURN)
    settle(app)
    click(app, sc.view.pixel_of("a1"))
    # the click says what to do now; the result, in one sentence, is the card's and the status box's
    assert sc.panel.status == "The game is over: Undo takes a move back, or start a new game."
    result = sc.panel.result_sentence(sc.match.result)
    assert result.startswith("White wins: Black resigned.") and "((" not in result and "(resign" not in result
    app.close()


def test_undo_says_it_takes_the_computers_reply_too():
    app = make_app("--game", "onyx", "--white", "easy")
    settle(app)
    assert board(app).w["undo"].tool_tip_text.startswith("Take back your last move and the computer's reply")
    app.close()
    app = make_app("--game", "onyx")
    settle(app)
    assert board(app).w["undo"].tool_tip_text.startswith("Take back the last move")
    app.close()


def test_the_analysis_board_says_you_move_both_sides():
    app = make_app("--scene", "analysis:amoeba")
    settle(app)
    sc = app.scene
    assert sc.w["players"].text == "Analysis: you move both sides"
    assert "Human" not in sc.w["players"].text and sc.w["undo"].tool_tip_text.startswith("One move back")
    app.close()


@pytest.mark.parametrize("game,flipped,usual", [
    ("onyx", "row 1 at the top, column a on the right", "row 1 at the bottom, column a on the left"),
    ("amoeba", "Black's side at the top", "Black's side at the bottom"),
])
def test_the_flip_is_worded_in_the_games_terms(game, flipped, usual):
    app = make_app("--game", game)
    settle(app)
    sc = board(app)
    key(app, pygame.K_f, pygame.KMOD_CTRL)
    assert sc.panel.status == f"Board turned half round: {flipped}."
    key(app, pygame.K_f, pygame.KMOD_CTRL)
    assert sc.panel.status == f"Board the usual way round: {usual}."
    assert flipped in sc.toolbar.buttons["flip"].tool_tip_text
    if game == "onyx":
        assert "Black's side" not in sc.toolbar.buttons["flip"].tool_tip_text   # Black owns two sides
    app.close()


def test_a_rematch_says_the_colours_swapped():
    app = make_app("--scene", "gameover:amoeba", "--white", "easy")
    settle(app)
    sc = board(app)
    click_widget(app, sc.w["banner:rematch"])
    step(app, 3)
    new = board(app)
    assert new is not sc and new.match.is_human(Color.WHITE)
    assert "Rematch, colours swapped: you play White now." in new.panel.status
    app.close()


def test_the_analysis_board_names_a_records_players():
    from game.rules.record import parse_record
    from game.scenes.base import make_scene
    record = parse_record('[Game "amoeba"]\n[Black "Ann"]\n[White "Bob"]\n\n1. b3-c4 e4-e3\n')
    app = make_app()
    settle(app)
    app.push(make_scene("analysis_from_record", record))
    app.finish_transition()
    settle(app)
    assert app.scene.w["players"].text == "Analysis: Ann (Black) · Bob (White)"
    app.close()
