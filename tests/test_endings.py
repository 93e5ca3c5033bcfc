"""One table of endings: the rules say why a game ended as a ``Reason``; every screen words it
from ``game.ui.endings`` (the result card, the library, lessons and puzzles, the warnings)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.rules.base import Color, Reason, Result
from game.ui.endings import (REASON_WORDS, ending_sentence, loss_words, reason_phrase,
                             result_words)

GAME = Path(__file__).resolve().parents[1] / "game"


def test_every_reason_has_its_words_in_the_one_table():
    assert set(REASON_WORDS) == set(Reason)
    for reason in Reason:
        phrase, short, _loss = REASON_WORDS[reason]
        assert phrase and short and "-" not in phrase


@pytest.mark.parametrize("reason", list(Reason))
def test_each_ending_reads_as_words_on_the_card_and_in_the_library(reason):
    for winner in (Color.BLACK, Color.WHITE, None):
        sentence = ending_sentence(Result(winner, reason), "amoeba", {"black": 9, "white": 8}, 12,
                                   Color.BLACK)
        assert sentence and "-" not in sentence.replace(" – ", "")
    assert result_words("black", reason).startswith("Black won (")
    assert reason_phrase("a-reason-from-a-newer-record") == "a reason from a newer record"
    assert loss_words(Reason.KERNEL_CAPTURED, Color.BLACK) == "your Kernel is captured"


def test_no_screen_keeps_its_own_table_of_reason_words():
    """The reasons' words are written once: no other module of the game spells a reason's
    value as a dictionary key."""
    values = {r.value for r in Reason}
    for path in GAME.rglob("*.py"):
        if path.name == "endings.py" or "rules" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
                assert not (keys & values) or len(keys & values) < 2, f"{path}: {keys & values}"
