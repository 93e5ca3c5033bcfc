"""Refusals as values, worded by the interface: the rules core, the record reader and the engine
worker say what went wrong with a kind and its facts; the window words them in the player's
language (game.ui.problems) and never reads the English back."""
from __future__ import annotations

import pytest

from game import i18n
from game.ai.worker import handle
from game.rules import RulesError, game_class
from game.rules.record import RecordError, parse_record
from game.scenes.editor_model import SetUpModel
from game.ui.problems import (move_refusal_words, record_error_words, record_note_words, refusal_words,
                              reply_words)

BROKEN = '[Game "amoeba"]\n\n1. c3-d4 zz!\n'
UNKNOWN = '[Game "chess"]\n\n1. e4\n'


@pytest.fixture
def ja():
    i18n.set_language("ja")
    yield
    i18n.set_language("en")


def _ascii_words(text: str) -> set[str]:
    return {w for w in text.replace("(", " ").replace(")", " ").split() if w.isascii() and w.isalpha() and len(w) > 2}


def test_the_worker_says_a_refused_move_as_values():
    reply = handle({"request_id": 1, "kind": "move", "game": "amoeba", "moves": ["3"]})
    assert not reply.ok and reply.error_kind == "move-refused"
    assert reply.error_facts["n"] == 1 and reply.error_facts["move"] == "3"
    assert reply.error_facts["cause"][2] == "invalid"
    assert reply_words(reply) == "Move 1 (“3”) is not a move of this game"


def test_the_worker_words_change_with_the_language(ja):
    reply = handle({"request_id": 1, "kind": "move", "game": "amoeba", "moves": ["3"]})
    said = reply_words(reply)
    assert "3" in said and not _ascii_words(said), said


def test_a_game_over_refusal_carries_the_result():
    g = game_class("amoeba").new()
    with pytest.raises(RulesError) as caught:
        g.cancel_agreement()
    assert refusal_words(caught.value)          # a refusal without its own words: its family's


def test_a_record_error_has_a_kind_a_line_and_facts():
    with pytest.raises(RecordError) as caught:
        parse_record(BROKEN)
    e = caught.value
    assert e.kind == "not-a-move" and e.line == 3 and e.facts["text"] == "zz!"
    assert record_error_words(e) == "Line 3: Move 1, White: “zz!” is not a move."
    with pytest.raises(RecordError) as caught:
        parse_record(UNKNOWN)
    assert caught.value.kind == "unknown-game" and caught.value.facts["text"] == "chess"


def test_a_recovered_record_notes_what_it_lost_as_values(ja):
    rec = parse_record(BROKEN, recover=True)
    assert rec.error and rec.note is not None and rec.note.kind == "stopped" and rec.note.line == 3
    said = record_note_words(rec.note)
    assert "zz!" in said and "3" in said and not _ascii_words(said.replace("zz!", "")), said


def test_record_errors_in_japanese_and_uzbek():
    with pytest.raises(RecordError) as caught:
        parse_record(UNKNOWN)
    english = record_error_words(caught.value)
    for lang in ("ja", "uz"):
        i18n.set_language(lang)
        try:
            said = record_error_words(caught.value)
        finally:
            i18n.set_language("en")
        assert said != english and "chess" in said


def test_a_refused_record_move_names_its_ply():
    text = '[Game "amoeba"]\n\n1. c3-d4 c3-d4\n'
    with pytest.raises(RecordError) as caught:
        parse_record(text)
    e = caught.value
    assert e.kind == "move-refused" and e.facts["side"] == "white" and e.facts["move"] == "c3-d4"
    assert move_refusal_words(e.facts) == "Move 1, White (“c3-d4”) is not a legal move there."


def test_the_editor_words_a_position_from_values_in_japanese(ja):
    model = SetUpModel.start("amoeba")
    verdict = model.load_text("d4: Bk")
    assert verdict.game is None and verdict.reason
    assert "Kernel" in verdict.reason and not (_ascii_words(verdict.reason) - {"Kernel"}), verdict.reason


def test_onyx_pie_settings_are_refused_as_values():
    from game.rules.onyx import setup_problem, setup_refusal
    refusal = setup_refusal("black", pie=True, plies=1)
    assert refusal is not None and refusal.kind == "swap-white-only"
    assert setup_problem("black", pie=True, plies=1) == str(refusal)
    assert setup_refusal("white", pie=True, plies=1) is None


def test_a_typed_illegal_move_is_refused_in_the_players_words_not_the_parsers():
    """The move box said 'cannot be played now: there is no stack on d4' (the rules core's
    English, in every language); it now words the refusal's family."""
    import ui_helpers as helpers
    app = helpers.make_app("--game", "amoeba", "--lang", "ja")
    try:
        sc = helpers.board(app)
        helpers.settle(app)
        sc.movebox.typed("d4-d5")
        assert not sc.match.history and sc.panel.status_kind == "error"
        assert "d4-d5" in sc.panel.status and "stack" not in sc.panel.status
        assert not _ascii_words(sc.panel.status.replace("d4-d5", "")), sc.panel.status
    finally:
        app.close()
        i18n.set_language("en")


def test_a_lesson_says_a_refused_move_in_the_players_language():
    """A lesson's board said the rules core's English ('“zz” is not an Amoeba move …')."""
    import ui_helpers as helpers
    app = helpers.make_app("--scene", "lesson:amoeba:1:3", "--lang", "uz")
    try:
        helpers.settle(app, 30)
        tut = app.scene
        assert not tut.player_move("zz")
        assert "Bu oʻyinda bunday yurish yoʻq." in tut.feedback, tut.feedback
    finally:
        app.close()
        i18n.set_language("en")
