"""The tutorial in the player's language: every text of the levels files is extracted into the
``levels`` domain and translated, translations keep their English's key-word marks, fields
and notation, and the pages show the catalogue's words (bracketed in the pseudo-language,
Japanese in Japanese, broken into lines between characters)."""
from __future__ import annotations

import io
import json
import re
import shutil
import tomllib

import pytest
from babel.messages.pofile import read_po

from game import i18n
from game.i18n import command as i18n_command
from game import levels as L
from game import levels_i18n as T
from game.ui.text import NO_LINE_START

from ui_helpers import make_app, settle, step

LANGS = ("ja", "uz")
# notation: points (d4, f10), Onyx midpoints (de56, de1112), moves (c3-e4, d4>g4, b2-d4-d6)
NOTATION = re.compile(r"(?<![A-Za-z0-9])[a-z]{1,2}[0-9]{1,4}(?:[-*>][a-z]{1,2}[0-9]{1,4})*(?![A-Za-z0-9])")
FIELD = re.compile(r"\{\w*\}")


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def template_ids() -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in T.extract_template() if m.id}


def level_files():
    """The courses and hand-made puzzle sets (a puzzle bank, ``bank-*.toml``, has no text)."""
    return sorted(p for p in L.LEVELS_DIR.glob("*.toml") if not p.name.startswith("bank-"))


def texts_of(path) -> list[str]:
    """Every text a player reads from a levels file, as the game loads it."""
    if path.name.startswith("puzzles-"):
        ps = L.parse_puzzles(path)
        return [ps.title] + [t for p in ps.puzzles for t in (p.title, p.prompt, p.hint, p.nudge, p.praise)]
    c = L.parse_course(path)
    return [c.title] + [ls.title for ls in c.lessons] + \
        [t for s in c.steps() for t in (s.title, s.text, s.caption, s.hint, s.praise)]


# ---------------------------------------------------------------- extraction
def test_every_text_of_every_levels_file_is_in_the_template():
    ids = template_ids()
    for path in level_files():
        for text in texts_of(path):
            if text.strip():
                assert text.strip() in ids, (path.name, text[:60])


def test_every_string_key_of_the_levels_files_is_known_as_text_or_data():
    def walk(x, key=""):
        if isinstance(x, dict):
            for k, v in x.items():
                yield from walk(v, k)
        elif isinstance(x, list):
            for v in x:
                yield from walk(v, key)
        elif isinstance(x, str):
            yield key
    for path in level_files():
        keys = set(walk(tomllib.loads(path.read_text("utf-8"))))
        assert keys <= set(T.TEXT_KEYS) | set(T.DATA_KEYS), (path.name, keys - set(T.TEXT_KEYS) - set(T.DATA_KEYS))


def test_the_extractor_gives_each_text_its_line_and_place_and_no_data():
    source = ('format = 1\nkind = "puzzles"\ngame = "amoeba"\ntitle = "Some puzzles"\n\n[[puzzles]]\n'
              'id = "p-1"\ntitle = "First"\nposition = "a1: B"\nprompt = """\nBlack to **play**.\n"""\n'
              'solution = ["a1-b1"]\n').encode()
    found = list(T.extract_levels(io.BytesIO(source), [], [], {}))
    assert [(n, msg, c) for n, _, msg, c in found] == [
        (4, "Some puzzles", ["title"]), (8, "First", ["puzzle p-1, title"]),
        (10, "Black to **play**.", ["puzzle p-1, prompt"])]
    assert list(T.extract_levels(io.BytesIO(b"title = ["), [], [], {})) == []      # broken TOML: nothing


def test_a_new_text_without_a_translation_fails_the_check(tmp_path, monkeypatch, capsys):
    for path in level_files():
        shutil.copy(path, tmp_path / path.name)
    course = tmp_path / "amoeba.toml"
    course.write_text(course.read_text("utf-8").replace('title = "The board and the pieces"',
                                                        'title = "A lesson no catalogue has yet"'), "utf-8")
    monkeypatch.setattr(L, "LEVELS_DIR", tmp_path)
    assert i18n_command.main(["check", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    for lang in LANGS:
        assert report[lang]["domains"]["levels"]["missing_messages"] == ["A lesson no catalogue has yet"]
        assert "levels: A lesson no catalogue has yet" in report[lang]["missing_messages"]


def test_the_check_counts_both_domains_and_misses_nothing(capsys):
    assert i18n_command.main(["check", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    for lang in LANGS:
        r = report[lang]
        assert set(r["domains"]) == {"game", "levels"}
        assert r["messages"] == r["domains"]["game"]["messages"] + r["domains"]["levels"]["messages"]
        assert r["domains"]["levels"]["messages"] > 450 and r["missing"] == 0 and r["fuzzy"] == 0


# ---------------------------------------------------------------- the translations
@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_marks_fields_and_notation(lang):
    with open(T.po_path(lang), "rb") as fh:
        catalog = read_po(fh, locale=i18n._BABEL_LOCALE[lang])
    checked = 0
    for m in catalog:
        if not m.id:
            continue
        english = m.id if isinstance(m.id, str) else m.id[0]
        forms = [m.string] if isinstance(m.string, str) else list(m.string)
        assert all(forms) and not m.fuzzy, english
        for text in forms:
            assert text.count("**") == english.count("**"), (english, text)
            assert L._markup_problem(text) is None, text
            assert set(FIELD.findall(text)) == set(FIELD.findall(english)), (english, text)
            assert sorted(NOTATION.findall(text)) == sorted(NOTATION.findall(english)), (english, text)
            checked += 1
    assert checked > 450


def test_uzbek_is_written_with_the_turned_comma_not_the_ascii_quote():
    text = T.po_path("uz").read_text("utf-8")
    body = text[text.index("msgid", text.index('msgstr ""') + 1):]
    strings = re.findall(r'^msgstr(?:\[\d\])? "(.*)"$', body, re.M)
    assert strings and not [s for s in strings if re.search(r"[OoGg]'", s)]


def test_content_is_looked_up_at_display_time_and_the_course_stays_english():
    course = L.parse_course(L.course_path("amoeba"))
    title = course.lessons[0].title
    i18n.set_language("ja")
    assert T.content(title) == "盤と駒" and course.lessons[0].title == "The board and the pieces"
    assert T.content("\n" + course.lessons[0].steps[0].text).startswith("アメーバは")
    i18n.set_language("xx")
    assert T.content(title).startswith(i18n.OPEN) and T.T_("Next").startswith(i18n.OPEN)
    i18n.set_language("en")
    assert T.content(title) is title


# ---------------------------------------------------------------- the pages
def page(spec: str, lang: str, size: str = "1024x640"):
    app = make_app("--scene", spec, "--window", size, "--lang", lang)
    settle(app)
    step(app, 2)
    return app


def words(html_text: str) -> str:
    return re.sub(r"<[^>]*>", "", html_text.replace("&nbsp;", " "))


def unbracketed(html_text: str) -> str:
    """What is left of a page's text once every bracketed (catalogue) message is taken out."""
    rest, inner = words(html_text), re.compile(f"{i18n.OPEN}[^{i18n.OPEN}{i18n.CLOSE}]*{i18n.CLOSE}")
    while inner.search(rest):                  # a message inside another one ({side} in 'Your move: {side}.')
        rest = inner.sub("", rest)
    return re.sub(r"[\s\d.·:,()]+", "", rest)


@pytest.mark.parametrize("spec", ["lesson:amoeba:2:3", "lesson:onyx:3:1", "puzzle:onager:2"])
def test_the_pseudo_language_brackets_every_word_of_a_lesson_or_puzzle_page(spec):
    app = page(spec, "xx")
    sc = app.scene
    W = sc.w
    assert unbracketed(W["text"].html_text) == "", W["text"].html_text
    assert unbracketed(W["feedback"].html_text) == "", W["feedback"].html_text
    for name in ("title", "where", "next", "replay", "index"):
        assert unbracketed(W[name].text) == "", (name, W[name].text)
    app.close()


def test_the_pseudo_language_brackets_the_course_list():
    app = page("tutorial:amoeba", "xx")
    W = app.scene.w
    for b in [W["heading"], W["lessons_head"], W["menu"], *W["lesson_buttons"], *W["puzzle_buttons"]]:
        assert unbracketed(b.text) == "", b.text
    assert unbracketed(app.scene.layout.done_text()[0]) == ""
    app.close()


@pytest.mark.parametrize("size", ["1024x640", "2560x1440"])
def test_a_lesson_in_japanese_reads_japanese_broken_between_characters(size):
    app = page("lesson:amoeba:1:3", "ja", size)
    sc = app.scene
    box = sc.w["text"]
    assert "6つの方向" in box.html_text and sc.w["title"].text == "1. 盤と駒" and sc.w["next"].text == "次へ"
    lines = [words(line) for line in box.html_text.split("<br>")]
    assert len(lines) > 4 and not [ln for ln in lines if ln and ln[0] in NO_LINE_START]
    # the box keeps the lines as they were broken: no row of its own cut with dashes, no extra row
    rows = box.text_box_layout.layout_rows
    texts = ["".join(getattr(c, "text", "") for c in row.items) for row in rows]
    assert not [t for t in texts if t.startswith("-") or t.endswith("-")]
    assert len(rows) == len(lines), texts
    app.close()


def test_a_puzzle_in_uzbek_reads_uzbek():
    app = page("puzzle:amoeba:3", "uz")
    sc = app.scene
    assert "Qora yuradi va yutadi" in sc.w["text"].html_text and sc.w["title"].text == "Koʻmilgan Yadro"
    assert sc.w["next"].text == "Keyingisi" and sc.w["next"].tool_tip_text == "Keyingi jumboqqa oʻtish"
    app.close()
