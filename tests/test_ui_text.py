"""game.ui.text.wrap: lines that fit, broken where a reader expects them."""
from __future__ import annotations

import pygame

from game.ui.text import wrap
from game.views import draw as D


def _width(font: pygame.font.Font, text: str) -> int:
    return font.size(text)[0]


def test_a_short_last_word_does_not_stand_alone():
    # the Uzbek result card read '… Qora 2, Oq' / '0.': the count alone on the last line
    pygame.init()
    font = D.font(15)
    text = "Oxirgi qatorda koʻproq dona: Qora 2, Oq 0."
    width = _width(font, "Oxirgi qatorda koʻproq dona: Qora 2, Oq") + 2     # '0.' would fall alone
    lines = wrap(text, font, width)
    assert " ".join(lines) == text and all(_width(font, ln) <= width for ln in lines)
    assert lines[-1] == "Oq 0.", lines


def test_japanese_runs_and_long_last_words_keep_their_breaks():
    pygame.init()
    font = D.font(15)
    text = "Black wins: more pieces on the far row, Black 3, White 1. The game is over."
    width = _width(font, "Black wins: more pieces on the far row, Black 3,") + 1
    lines = wrap(text, font, width)
    assert " ".join(lines) == text and lines[-1].endswith("over.") and len(lines[-1].split()) > 1
    ja = "自分の二辺をつなぎ、正方形の対角で相手の石を取る。"
    jl = wrap(ja, D.font(15), _width(D.font(15), ja) - 20)
    assert "".join(jl) == ja and all(" " not in ln for ln in jl)      # no space put into a Japanese run


def test_a_number_is_never_broken_at_its_thousands_space():
    # Uzbek writes 1 500 with a no-break space: a rated puzzle's line read '… 1' / '500? …'
    from game import i18n
    i18n.set_language("uz")
    try:
        rating = i18n.number(1500) + "?"
    finally:
        i18n.set_language("en")
    assert "\xa0" in rating
    pygame.init()
    font = D.font(15)
    text = f"Reytingingiz endi {rating} boʻldi"
    for width in range(font.size("Reytingingiz")[0], font.size(text)[0] + 2):
        lines = wrap(text, font, width)
        assert any(rating in line for line in lines), (width, lines)
    assert wrap("a b\u3000c", font, 1000) == ["a b c"]        # (a wide space still breaks)
