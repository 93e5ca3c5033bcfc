"""Names in any script are drawn, not boxes: the game's fonts borrow what they lack."""
from __future__ import annotations

import pygame
import pytest

from game.views import glyphs
from game.views import draw as D
from ui_helpers import make_app, settle

LATIN = "NotoSans-Regular.ttf"
JAPANESE = "NotoSansJP-Regular.otf"


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()
    yield


def _path(name):
    path = glyphs.font_path(name)
    assert path is not None, name
    return path


def test_a_font_knows_which_characters_it_has():
    latin, japanese = _path(LATIN), _path(JAPANESE)
    assert glyphs.covers(latin, "a") and glyphs.covers(latin, "Ў") and glyphs.covers(latin, "ʻ")
    assert not glyphs.covers(latin, "太") and not glyphs.covers(latin, "あ")
    assert glyphs.covers(japanese, "太") and glyphs.covers(japanese, "a")
    assert not glyphs.covers(japanese, "Ў")          # Noto Sans JP has no Cyrillic
    assert glyphs.covers(latin, " ") and glyphs.covers(latin, "\t")


def test_a_text_the_font_has_is_one_run_and_drawn_as_pygame_draws_it():
    face = glyphs.Face(_path(LATIN), 20)
    plain = pygame.font.Font(_path(LATIN), 20)
    assert face.runs("Black: Ann · White: Oʻgʻiloy") == [(face, "Black: Ann · White: Oʻgʻiloy")]
    assert face.size("Ann") == plain.size("Ann")
    assert face.render("Ann", True, (255, 255, 255)).get_size() == plain.render("Ann", True, (255, 255, 255)).get_size()


def test_a_japanese_name_in_an_english_font_is_drawn_in_the_japanese_font():
    face = glyphs.Face(_path(LATIN), 20)
    japanese = pygame.font.Font(_path(JAPANESE), 20)
    plain = pygame.font.Font(_path(LATIN), 20)
    runs = face.runs("Analysis: 太郎 (Black)")
    assert [piece for _f, piece in runs] == ["Analysis: ", "太郎 (", "Black)"]
    assert all(glyphs.covers(f.path, ch) for f, piece in runs for ch in piece)
    # the two kanji take the Japanese font's width, not two empty boxes of the Latin one's
    assert face.size("太郎")[0] == japanese.size("太郎")[0] != plain.size("太郎")[0]
    img = face.render("Analysis: 太郎 (Black)", True, (255, 255, 255))
    assert img.get_width() == face.size("Analysis: 太郎 (Black)")[0]
    assert img.get_height() >= max(plain.get_height(), japanese.get_ascent())


def test_cyrillic_in_japanese_comes_from_the_latin_font():
    face = glyphs.Face(_path(JAPANESE), 20)
    runs = face.runs("検討: Ўрол（白）")
    assert [piece for _f, piece in runs] == ["検討: ", "Ўрол", "（白）"]
    assert runs[1][0].path == _path(LATIN)


def test_the_games_font_is_such_a_face_in_every_language():
    for lang in ("en", "ja", "uz"):
        from game import i18n
        i18n.set_language(lang)
        try:
            f = D.font(18)
            assert isinstance(f, glyphs.Face)
            assert all(glyphs.covers(face.path, ch) for face, piece in f.runs("太郎 · Ўрол · Ann") for ch in piece)
        finally:
            i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ja", "uz"])
def test_the_analysis_board_draws_a_records_names_in_any_script(lang):
    from game.rules.record import parse_record
    from game.scenes.base import make_scene
    record = parse_record('[Game "amoeba"]\n[Black "太郎"]\n[White "Ўрол"]\n\n1. b3-c4 e4-e3\n')
    app = make_app("--lang", lang, "--window", "1024x640")
    try:
        settle(app)
        app.push(make_scene("analysis_from_record", record))
        app.finish_transition()
        settle(app)
        label = app.scene.w["players"]
        assert "太郎" in label.text and "Ўрол" in label.text
        assert all(glyphs.covers(f.path, ch) for f, piece in label.font.runs(label.text) for ch in piece)
    finally:
        app.close()


def test_the_players_line_takes_a_new_themes_colour():
    app = make_app("--game", "amoeba", "--window", "1024x640")
    try:
        settle(app)
        label = app.scene.w["players"]
        before = label.colour
        app.settings.theme = "dark"
        settle(app)
        assert label.colour != before
        assert label.colour == tuple(pygame.Color("#d0ccc4"))[:3]       # the dark theme's #player_label
    finally:
        app.close()
