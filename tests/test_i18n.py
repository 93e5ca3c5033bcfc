"""The game in Japanese and Uzbek: the catalogues, the pseudo-language, --lang, the language in
Settings, the Japanese line breaker, and forms that read values, never the words they show.

The rest of the suite runs in English (``tests/conftest.py`` pins LANGUAGE=en); these tests
switch the language through the app, as a player would, and the conftest puts English back.
"""
from __future__ import annotations

import json
import re
import warnings

import pygame
import pygame_gui
import pytest

from game import i18n
from game.i18n import command as i18n_command
from game.app import App
from game.cli import parse_args
from game.i18n import CLOSE, OPEN
from game.settings import load_settings, settings_path
from game.ui.choice import ChoiceMenu
from game.ui.text import break_units, wrap
from game.views import draw as D

import ui_helpers as helpers
from ui_helpers import click_widget, step
from test_layout_audit import _Log, _elements, audit, open_case

PHASE_SCENES = [("menu", ()), ("new:amoeba", ()), ("new:onyx", ()), ("new:onager", ()),
                ("new:onyx", ("--clock", "150+2")), ("settings", ())]
# the tutorial in Japanese and Uzbek: a course page, lessons with a board (a try-it step, a
# narration with arrows) and a puzzle, audited like the screens above
TUTORIAL_SCENES = [("tutorial:amoeba", ()), ("lesson:amoeba:1:3", ()), ("lesson:onyx:3:1", ()),
                   ("lesson:onager:2:8", ()), ("puzzle:onyx:8", ())]


def settle(app: App) -> None:
    helpers.settle(app, 30)


def choose(app: App, dropdown, value) -> None:
    """Open a drop-down and click the option that means ``value``, by what it shows now."""
    words = next(w for w, v in zip((t for t, _ in dropdown.options_list), dropdown.values) if v == value)
    click_widget(app, dropdown)
    step(app, 2)
    items = dropdown.current_state.options_selection_list.item_list_container.elements
    target = next(b for b in items if b.text == words)
    click_widget(app, target)
    step(app, 2)


# ---------------------------------------------------------------- the catalogues
def test_japanese_and_uzbek_miss_no_message():
    report = i18n.catalogue_report()
    assert set(report) == {"ja", "uz"}
    for lang, r in report.items():
        assert r["messages"] > 90, r
        assert r["missing"] == 0 and r["missing_messages"] == [], (lang, r["missing_messages"])
        assert r["fuzzy"] == 0 and r["translated"] == r["messages"] and "error" not in r


def test_the_check_command_says_what_is_missing_and_fails(monkeypatch, capsys):
    assert i18n_command.main(["check", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ja"]["missing"] == 0 and report["uz"]["missing"] == 0
    template = i18n.extract_template()
    template.add("A message no catalogue has yet", None, [("game/x.py", 1)])
    monkeypatch.setattr(i18n, "extract_template", lambda: template)
    assert i18n_command.main(["check"]) == 1
    out = capsys.readouterr().out
    assert "ja: " in out and "1 missing" in out and "A message no catalogue has yet" in out


def test_messages_translate_with_plural_forms_and_numbers():
    i18n.set_language("ja")
    assert i18n._("New game") == "新しい対局" and i18n.pgettext("side", "Black") == "黒"
    assert i18n.ngettext("{n} day ago", "{n} days ago", 3).format(n=3) == "3日前"
    i18n.set_language("uz")
    assert i18n._("New game") == "Yangi oʻyin" and i18n.decimal(0.25, 2) == "0,25"
    assert i18n.ngettext("{n} day ago", "{n} days ago", 1).format(n=1) == "1 kun oldin"
    i18n.set_language("en")
    assert i18n.ngettext("{n} day ago", "{n} days ago", 1) == "{n} day ago"
    assert i18n._("New game") == "New game" and i18n.decimal(0.25, 2) == "0.25"


def test_one_english_word_with_two_meanings_is_two_messages():
    """'no moves' is both why a game ended (no legal move left) and a record's length (0 moves):
    a language that words them apart gets to."""
    from game.ui.endings import result_words
    i18n.set_language("ja")
    try:
        assert result_words("white", "no-moves") == "白の勝ち（手詰まり）"
        assert i18n.pgettext("record length", "no moves") == "0手"
    finally:
        i18n.set_language("en")


def test_the_system_language_is_read_as_gettext_reads_it():
    assert i18n.system_language({"LANGUAGE": "fr:ja", "LANG": "uz_UZ.UTF-8"}) == "ja"
    assert i18n.system_language({"LANG": "uz_UZ.UTF-8@latin"}) == "uz"
    assert i18n.system_language({"LC_ALL": "de_DE.UTF-8", "LANG": "ja_JP.UTF-8"}) == "en"
    assert i18n.system_language({}) == "en"
    assert i18n.resolve("ja") == "ja" and i18n.resolve("klingon") == "en" and i18n.resolve("xx") == "xx"


def test_pseudo_keeps_fields_and_markup_and_lengthens():
    out = i18n.pseudo("Continue: {game} <b>now</b> &amp; 50 %")
    assert out.startswith(OPEN) and out.endswith(CLOSE)
    assert "{game}" in out and "<b>" in out and "</b>" in out and "&amp;" in out
    assert i18n.pseudo("New game") == "⁅Ńéŵ ĝåmé···⁆"                 # a third longer, bracketed
    assert len(i18n.pseudo("Animation speed")) >= len("Animation speed") * 1.3


# ---------------------------------------------------------------- the command line
def test_lang_option():
    assert parse_args(["--lang", "ja"]).lang == "ja"
    assert parse_args(["--lang", " UZ "]).lang == "uz"
    assert parse_args([]).lang is None
    assert parse_args(["--lang", "xx", "--scene", "settings"]).lang == "xx"


def test_a_bad_lang_is_refused_in_one_line(capsys):
    with pytest.raises(SystemExit) as exc:
        parse_args(["--lang", "fr"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--lang" in err and "en, ja, uz" in err


# ---------------------------------------------------------------- the Japanese line breaker
def test_japanese_breaks_between_characters_never_before_closing_marks():
    i18n.set_language("ja")
    f = D.font(16)
    text = "スタックを積み、分離し、相手のKernelを追い詰める。「アメーバ」は2010年に考案されました。"
    for width in (40, 60, 90, 130, 200, 400):
        lines = wrap(text, f, width)
        assert "".join(lines) == text                       # no space added, nothing lost
        for line in lines:
            assert line and line[0] not in "。、」』）", lines
            assert line[-1] not in "「『（", lines
            assert f.size(line)[0] <= width or len(line) <= 2, (width, line)
    assert "Kernel" in "".join(u for u, _ in break_units(text)) and ("Kernel", False) not in [("Kerne", False)]
    assert ("Kernelを", False) not in break_units(text) and ("Kernel", False) in break_units(text)


def test_the_status_and_feedback_boxes_break_japanese_by_the_same_rules():
    """StatusText (the board's status line, the lesson's feedback box) breaks Japanese between
    characters with the rules ``wrap`` keeps: no line starts with 。、」 or ends with 「, even where
    a styled run begins in the middle of a sentence."""
    from game.ui.text import NO_LINE_END, NO_LINE_START, StatusText
    pygame.display.set_mode((400, 300))
    ui = pygame_gui.UIManager((400, 300))
    i18n.set_language("ja")
    markup = "スタックを積み、分離し、相手のKernelを追い詰める。<b>「アメーバ」</b>は2010年に考案されました。"
    plain = re.sub(r"<[^>]+>", "", markup)
    for width in (120, 150, 170, 200, 230, 300):
        box = StatusText(pygame.Rect(0, 0, width, 600), ui)
        box.set_text(markup)
        assert "".join(box.lines) == plain, box.lines          # no space added, nothing lost
        assert len(box.lines) > 1
        for line in box.lines:
            assert line and line[0] not in NO_LINE_START and line[-1] not in NO_LINE_END, (width, box.lines)
        box.kill()


def test_english_still_breaks_at_spaces_and_keeps_lone_marks():
    assert break_units("a , b") == [("a ,", False), ("b", True)]
    lines = wrap("Three abstract strategy games. Play a friend at this table or the computer.", D.font(15), 200)
    assert all(" " not in (ln[0], ln[-1]) for ln in lines) and " ".join(lines).split() == \
        "Three abstract strategy games. Play a friend at this table or the computer.".split()


# ---------------------------------------------------------------- the screens in every language
def _drawn_texts(app: App, monkeypatch) -> list[list[str]]:
    """Every text the scene shows, in runs that belong together: the lines it draws itself
    (recorded from the drawing kit, in order: a wrapped message is one run), then each of its
    widgets' texts (with their drop-downs' options and tooltips) on its own."""
    drawn: list[str] = []
    real_text, real_label = D.text, D.label

    def text(surface, s, *a, **k):
        drawn.append(s)
        return real_text(surface, s, *a, **k)

    def label(surface, s, *a, **k):
        drawn.append(s)
        return real_label(surface, s, *a, **k)

    monkeypatch.setattr(D, "text", text)
    monkeypatch.setattr(D, "label", label)
    app.step(1 / 60)
    monkeypatch.setattr(D, "text", real_text)
    monkeypatch.setattr(D, "label", real_label)
    runs = [drawn]
    for el in _elements(app):
        words = getattr(el, "text", None) or ""
        if isinstance(el, pygame_gui.elements.UITextBox):
            words = re.sub(r"<[^>]+>", " ", str(el.html_text))
        if isinstance(el, pygame_gui.elements.UITextEntryLine):
            words = el.get_text() or el.placeholder_text
        if words:
            runs.append([str(words)])
        tip = getattr(el, "tool_tip_text", None)
        if tip:
            runs.append([str(tip)])
        if isinstance(el, ChoiceMenu):
            runs.extend([t] for t, _ in el.options_list)
    return runs


def _loose(run: list[str]) -> list[str]:
    """The texts of a run with letters outside the pseudo-language's brackets (a text that did
    not go through the catalogue). Brackets may span lines (a wrapped message); what is outside
    them has no letters ('×1.0', '12×12', '?'). Each language's own name is shown as it is."""
    out: list[str] = []
    depth = 0
    for text in run:
        if text.strip() in i18n.ENDONYMS.values():
            continue
        bad = False
        for ch in re.sub(r"<[^<>]*>", "", text):       # markup is not drawn (a tooltip's <br>)
            if ch == OPEN:
                depth += 1
            elif ch == CLOSE:
                depth = max(0, depth - 1)
            elif ch.isalpha() and depth == 0:
                bad = True
        if bad:
            out.append(text)
    return out


def _app(size: tuple[int, int], lang: str) -> App:
    app = App(size, fade=False)
    from game.scenes.board import StubEngine
    from game.scenes.settings import attach_settings
    app.language_override = lang
    attach_settings(app, allow_fullscreen=False, autosave=False)
    app.engine_factory = StubEngine
    return app


@pytest.mark.parametrize("size", [(1024, 640), (2560, 1440)], ids=["1024x640", "2560x1440"])
def test_pseudo_language_on_the_menu_new_game_and_settings(size, monkeypatch):
    """Every text of these screens comes from the catalogue (bracketed in ``xx``), fits its
    widget or place, and nothing warns: a text drawn without ``_()`` or cut by a widget too
    small for a longer language shows here."""
    app = _app(size, "xx")
    log = _Log()
    import logging
    logging.getLogger().addHandler(log)
    try:
        assert i18n.language() == "xx"
        for scene, extra in PHASE_SCENES:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                open_case(app, scene, extra)
                settle(app)
                runs = _drawn_texts(app, monkeypatch)
                problems = audit(app)
            assert len(runs) > 5 and runs[0], scene
            loose = [t for run in runs for t in _loose(run)]
            assert loose == [], f"{scene}: drawn without the catalogue: {loose}"
            assert problems == [], f"{scene}: {problems}"
            assert [str(w.message) for w in caught] == [] and log.records == [], scene
    finally:
        logging.getLogger().removeHandler(log)
        app.close()


def test_every_hover_card_comes_from_the_catalogue():
    """The card of every stack on a board mid-game (right click: ``show_card``) is bracketed in
    the pseudo-language: no card words a stack outside the catalogue."""
    from test_layout_audit import DANGER
    app = _app((1024, 640), "xx")
    try:
        for game in ("amoeba", "onyx", "onager"):
            open_case(app, f"board:{game}", ("--moves", DANGER[game]))
            settle(app)
            ctl = app.scene.board
            shown = 0
            for lab, pieces in ctl._stacks().items():
                if not pieces:
                    continue
                ctl.hover_label, ctl.hover_time = None, 0.0
                assert ctl.show_card(ctl.view.pixel_of(lab)), (game, lab)
                card = ctl.tooltip_text()
                assert card and _loose([card]) == [], (game, lab, card)
                shown += 1
            assert shown > 10, game
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["ja", "uz"])
@pytest.mark.parametrize("size", [(1024, 640), (2560, 1440)], ids=["1024x640", "2560x1440"])
def test_japanese_and_uzbek_screens_fit(lang, size):
    """The phase's screens and the tutorial's pages in Japanese and Uzbek: every text fits,
    nothing overlaps, nothing warns (the layout audit's checks), and Japanese is drawn in a font
    that has its glyphs."""
    app = _app(size, lang)
    try:
        for scene, extra in PHASE_SCENES + TUTORIAL_SCENES:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                open_case(app, scene, extra)
                settle(app)
                problems = audit(app)
            assert problems == [], f"{lang} {scene}: {problems}"
            assert [str(w.message) for w in caught] == [], (lang, scene)
        if lang == "ja":
            assert i18n.font_files() == ("NotoSansJP-Regular.otf", "NotoSansJP-Bold.otf")
            import pygame.freetype
            from importlib import resources
            pygame.freetype.init()
            face = pygame.freetype.Font(str(resources.files("pygame_gui.data").joinpath(i18n.font_files()[0])), 16)
            words = "新しい対局 持ち時間 設定 アメーバ オナガー 「」。、"
            assert None not in face.get_metrics(words)       # no tofu: the font has every glyph
            assert app.ui.get_theme().get_font_info(["button"])["name"] == "noto_sans_jp"
    finally:
        app.close()


# ---------------------------------------------------------------- Settings: the language
def test_the_language_chosen_in_settings_is_used_at_once_and_kept(monkeypatch):
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    app = helpers.make_app("--scene", "settings")
    try:
        settle(app)
        sc = app.scene
        menu_words = sc.widgets["language"]
        assert menu_words.value == "system" and i18n.language() == "en"
        choose(app, sc.widgets["language"], "ja")
        settle(app)
        sc = app.scene
        assert i18n.language() == "ja" and app.settings.language == "ja"
        assert sc.widgets["language"].value == "ja" and sc.widgets["back"].text == "完了"
        assert sc.widgets["language"].words() == "日本語"
        from game.autosave import writer
        writer().flush(5.0)
        saved, warns = load_settings(settings_path())
        assert saved.language == "ja" and warns == []
        assert 'language = "ja"' in settings_path().read_text(encoding="utf-8")
        click_widget(app, sc.widgets["defaults"])        # Restore defaults (asked first) keeps the language
        assert sc.dialog is not None and sc.dialog.title == "初期設定に戻しますか？"
        click_widget(app, sc.dialog.confirm_button)
        settle(app)
        assert app.settings.language == "ja" and i18n.language() == "ja"
        click_widget(app, app.scene.widgets["back"])
        settle(app)
        assert app.scene.settings_btn.text == "設定"        # the menu below, rebuilt in Japanese
    finally:
        app.close()
    i18n.set_language("en")
    again = helpers.make_app()                               # a new start reads it back
    try:
        assert i18n.language() == "ja" and again.scene.quit_btn.text == "終了"
    finally:
        again.close()


def test_lang_on_the_command_line_is_for_this_run_only():
    app = helpers.make_app("--lang", "uz", "--scene", "settings")
    try:
        settle(app)
        assert i18n.language() == "uz" and app.settings.language == "system"
        assert app.scene.widgets["back"].text == "Tayyor"
        assert app.ui.get_locale() == "uz"
        choose(app, app.scene.widgets["think:hard"], 5.0)      # another change saves: not the language
        settle(app)
        from game.autosave import writer
        writer().flush(5.0)
        assert load_settings(settings_path())[0].language == "system"
    finally:
        app.close()


@pytest.mark.parametrize("saved", ["en", "ja"])
def test_lang_on_the_command_line_wins_over_a_saved_language(saved):
    # with a language saved in Settings, --lang uz opened the game in that language: loading the
    # settings took their language in as if chosen in Settings, which ends --lang's for the run
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f'language = "{saved}"\n', encoding="utf-8")
    app = helpers.make_app("--lang", "uz", "--scene", "settings")
    try:
        settle(app)
        assert i18n.language() == "uz" and app.settings.language == saved
        assert app.scene.widgets["back"].text == "Tayyor"
    finally:
        app.close()
    i18n.set_language("en")


# ---------------------------------------------------------------- values, not labels
def test_new_game_reads_values_whatever_the_words(monkeypatch):
    """In the pseudo-language no option reads as in English: the form still starts the game chosen."""
    app = helpers.make_app("--lang", "xx", "--scene", "new:onyx")
    try:
        settle(app)
        form = app.scene
        choose(app, form.widgets["black"], "hard")
        choose(app, form.widgets["white"], "3")
        choose(app, form.widgets["size"], 16)
        form = app.scene
        choose(app, form.widgets["clock"], form.widgets["clock"].values[2])   # the second preset
        form = app.scene
        assert form.players == {"black": "hard", "white": "3"} and form.options["size"] == 16
        tc = form.time_control
        assert tc is not None and (tc.initial, tc.increment) == (180, 2)
        assert all(OPEN in t for t, _ in form.widgets["clock"].options_list)
        click_widget(app, form.widgets["start"])
        settle(app)
        sc = helpers.board(app)
        assert sc.match.players[sc.match.game.to_move.__class__.BLACK] == "hard"
        assert sc.match.game.size == 16 and sc.match.time_control == tc
    finally:
        app.close()


def test_settings_read_values_whatever_the_words():
    app = helpers.make_app("--lang", "ja", "--scene", "settings")
    try:
        settle(app)
        sc = app.scene
        choose(app, sc.widgets["think:medium"], 3.0)
        assert app.settings.think_medium == 3.0
        assert sc.widgets["think:medium"].words() in ("レベル5（ふつう）・3秒", "レベル5・3秒")   # as it fits
        choose(app, sc.widgets["theme"], "dark")
        assert app.settings.theme == "dark" and app.scene.widgets["theme"].words() == "ダーク"
    finally:
        app.close()


def test_the_move_box_example_is_a_value():
    from game.scenes.board import movebox
    i18n.set_language("xx")
    shown = movebox.placeholder("amoeba")            # the moves as they are, the list's comma the language's
    assert "c3-d4⁅, ·⁆d4>a1" in shown
    assert movebox.EXAMPLES["onyx"][0] == "f6"
    i18n.set_language("ja")
    assert movebox.placeholder("onager") == "手を入力（例：b2-b4、b2-b4-d6）"       # full-width marks


def test_one_table_of_the_games_names():
    from game.names import GAME_KEYS, game_title
    from game.rules import GAME_NAMES
    assert tuple(GAME_KEYS) == tuple(GAME_NAMES)
    i18n.set_language("ja")
    assert [game_title(g) for g in GAME_KEYS] == ["アメーバ", "オニキス", "オナガー"]
    i18n.set_language("uz")
    assert [game_title(g) for g in GAME_KEYS] == ["Amyoba", "Oniks", "Onager"]


# ---------------------------------------------------------------- phase 2: the board and after
from test_layout_audit import DANGER  # noqa: E402

BOARD_SCENES = [*[(f"board:{g}", ("--moves", DANGER[g])) for g in ("amoeba", "onyx", "onager")],
                ("board:onyx", ("--clock", "300+3", "--moves", DANGER["onyx"])),
                ("gameover:amoeba", ("--moves", "b3-c4 e4-e3")), ("gameover:onyx", ("--white", "hard")),
                ("gameover:onager:agree", ("--moves", "d7 f9 e8")),
                ("keys:board", ()),
                *[(f"analysis:{g}", ("--moves", DANGER[g])) for g in ("amoeba", "onyx", "onager")],
                ("board:onyx", ("--moves", "e5 f6 g7 h8 d4 c3 e4 f4", "review")),    # (reviewed, then browsed)
                ("save", ("--moves", "b3-c4")), ("load", ()),                          # the library, both ways
                *[(f"editor:{g}", ()) for g in ("amoeba", "onyx", "onager")]]            # the position editor
# Notation stays as it is in every language: coordinates, moves (one, or a line of them, a
# capture starred, or moves among figures: an engine tag '2 · a2-c4 37%, 3 · a2>c4 32%'),
# board sizes, clock faces
_POINT = r"[a-z]{1,2}\d{1,4}"
_MOVE = rf"({_POINT}([-–>]{_POINT})*\*?|swap|pass)"
_FILL = r"[\s\d.,:;·×+\-–>()/…%]*"
NOTATION = re.compile(rf"^{_FILL}([a-z]{{1,2}}\d{{0,2}}([-–>][a-z]{{1,2}}\d{{0,2}})*|"
                      rf"{_MOVE}({_FILL}{_MOVE})*)?{_FILL}$")


# A value the player may edit, not the interface's words: the file name Save suggests
FILE_NAME = re.compile(r"^\d{4}-\d{2}-\d{2} \w+$")
# ... and a position in the record's notation, in the editor's text box ('a1: B; a2: B; ...')
POSITION = re.compile(r"^[^:;]+:[^;]*(;[^:;]+:[^;]*)+$")


def _untranslated(runs: list[list[str]]) -> list[str]:
    return [t for run in runs for t in _loose(run) if not NOTATION.match(t.strip()) and not FILE_NAME.match(t)
            and not POSITION.match(t)]


def _reviewed(app: App) -> None:
    """The board's review run to its end (the stand-in engine, a tiny budget), then a move of it
    shown: the strip's graph and summary, and the status line's verdict."""
    sc = helpers.board(app)
    sc.review.toggle()
    for _i in range(400):
        if not sc.review.running:
            break
        step(app)
    assert sc.review.state == "done", sc.review.state
    sc.history.browse_to(3)
    settle(app)


def _check_scenes(app: App, scenes, monkeypatch, lang: str) -> None:
    from game.scenes.board import StubEngine
    monkeypatch.setattr(StubEngine, "review_iterations", 30)      # the review's budget: a test's
    log = _Log()
    import logging
    logging.getLogger().addHandler(log)
    try:
        for scene, extra in scenes:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                open_case(app, scene, extra[:-1] if extra[-1:] == ("review",) else extra)
                settle(app)
                if extra[-1:] == ("review",):
                    _reviewed(app)
                if scene.startswith("analysis:"):         # its lines drawn: their words too
                    for _i in range(300):
                        if app.scene.engine_lines():
                            break
                        step(app)
                    assert app.scene.engine_lines(), scene
                    panel = app.scene.evalpanel          # drawn again in the frame looked at
                    panel.layout(panel.bar, panel.strip)
                runs = _drawn_texts(app, monkeypatch) if lang == "xx" else []
                problems = audit(app)
            if scene.startswith("keys:"):           # the card is laid out (the texts fit), not given up
                assert app.keys_overlay is not None and len(app.keys_overlay.items) > 20, (lang, scene)
            if lang == "xx":
                assert _untranslated(runs) == [], f"{scene} {extra}: drawn without the catalogue: {_untranslated(runs)}"
            assert problems == [], f"{lang} {scene} {extra}: {problems}"
            assert [str(w.message) for w in caught] == [] and log.records == [], (lang, scene)
    finally:
        logging.getLogger().removeHandler(log)


def test_pseudo_language_on_the_board_the_result_card_and_the_keys(monkeypatch):
    """The board mid-game (a Danger line, the clocks), the result card, the keys overlay, the
    analysis board and a reviewed game in
    ``xx``: every text drawn or shown by a widget is bracketed, and none is cut."""
    app = _app((1024, 640), "xx")
    try:
        _check_scenes(app, BOARD_SCENES, monkeypatch, "xx")
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["ja", "uz"])
def test_the_board_the_result_card_and_the_keys_fit_in_japanese_and_uzbek(lang, monkeypatch):
    app = _app((1024, 640), lang)
    try:
        _check_scenes(app, BOARD_SCENES, monkeypatch, lang)
    finally:
        app.close()


@pytest.mark.parametrize("scene", ["board:onyx", "analysis:onyx"])
def test_the_onyx_titles_name_the_variant_in_the_language(scene):
    # at 3840x2160 in Uzbek the board's title read "Oniks · 12×12, standard start": the
    # rules core's English name of the variant, shown as it was
    from game.ui.words import variant_words
    for lang, words in (("ja", "オニキス  ·  12×12、標準の開始"), ("en", "Onyx  ·  12×12, standard start")):
        app = helpers.make_app("--scene", scene, "--window", "3840x2160", "--lang", lang)
        try:
            step(app, 3)
            title = app.scene.w["title"].text
            if scene == "board:onyx":
                assert title.endswith(words), title
            else:       # (the analysis board's longer title keeps the board's size alone)
                assert title.endswith("  ·  12×12") and "start" not in title, title
        finally:
            app.close()
    i18n.set_language("uz")
    assert variant_words({"size": 12, "open": False, "pie": True}) == "12×12, odatiy boshlanish, pirog qoidasi"
    i18n.set_language("en")
    assert variant_words({"size": 16, "open": True, "pie": False}) == "16×16, open start"
    assert variant_words({"size": 12, "open": False, "pie": True}, short=True) == "12×12"
    assert variant_words({}) == ""


@pytest.mark.parametrize("lang", ["en", "ja", "uz"])
def test_each_keys_card_names_its_sections_apart(lang):
    # the board's card in Japanese had two sections headed 対局 ("Playing" and "Game")
    from game.ui import keys
    i18n.set_language(lang)
    try:
        for card in (keys.BOARD, keys.ANALYSIS, keys.LESSON, keys.PUZZLE, keys.MENU, keys.FORM):
            titles = [i18n._(title) for title, _rows in card]
            assert len(set(titles)) == len(titles), titles
    finally:
        i18n.set_language("en")


def test_the_save_dialog_offers_a_name_in_the_language():
    # the name offered was '2026-12-07 Amoeba' in Japanese and Uzbek: the file name is the
    # player's to read and keep, so it is worded like the rest of the window
    import datetime
    app = helpers.make_app("--game", "amoeba", "--lang", "ja", "--black", "human", "--white", "2")
    try:
        helpers.key(app, pygame.K_s, pygame.KMOD_CTRL)
        name = app.scene.dialog.name_entry.get_text()
        assert name.startswith(f"{datetime.date.today().isoformat()} アメーバ、"), name
        assert "Amoeba" not in name and "vs" not in name and "Computer" not in name
    finally:
        app.close()


def test_a_computer_player_is_named_in_the_language_also_when_short():
    # a narrow panel in Japanese read 「白: CPU（easy）」: the level's key, not its name
    from game.ui.words import computer_words
    i18n.set_language("ja")
    try:
        short = computer_words("easy", short=True)
        assert "easy" not in short.lower()
        assert short == i18n._("CPU ({level})").format(level=i18n._("Level {number}").format(number=2))
        assert "3" in computer_words("3", short=True)
        assert computer_words("easy") == i18n._("Computer – {level}").format(
            level=i18n._("Level {number} ({name})").format(number=2, name=i18n._("Easy")))
    finally:
        i18n.set_language("en")
    assert computer_words("hard", short=True) == "CPU (Level 8)" and computer_words("3", short=True) == "CPU (Level 3)"


def test_a_computer_player_is_named_as_new_game_names_its_level():
    # the players line said "Computer (Hard)" where New game says "Level 8 (Hard)"
    from game.names import level_words
    from game.ui.words import computer_words, player_words
    for level, title in (("hard", "Level 8 (Hard)"), ("easy", "Level 2 (Easy)"), ("3", "Level 3"),
                         ("medium", "Level 5 (Medium)"), ("8", "Level 8 (Hard)")):
        assert computer_words(level) == f"Computer – {title}"
        assert level_words("onyx", level).startswith(title + " · rated about")
    assert player_words("Computer (Hard)") == "Computer – Level 8 (Hard)"     # a record's words
    assert computer_words("random") == "Computer – Random"


def test_the_result_cards_words_are_never_cut_silently():
    # Japanese, 1024x640, a game resigned against the computer: the card's note read
    # 「「振り返り」を押すとエンジンの評価が見ら」, a sentence cut mid-word with nothing to say so
    from game.ui.text import wrap
    from game.views import draw as D
    app = helpers.make_app("--scene", "gameover:amoeba:resign", "--white", "easy", "--moves",
                           "c2-b1 e5-f5 c1-d1 e6-d7", "--window", "1024x640", "--lang", "ja")
    try:
        step(app, 5)
        sc = app.scene
        offer = sc.panel.status
        assert offer and not sc.banner.geometry()["note_lines"]     # the offer is the card's Review button
        sc.panel.set_status(offer, "info")     # the same sentence as any other note the card shows
        step(app, 2)
        geo = sc.banner.geometry()
        note = sc.panel.status
        assert note and geo["note_lines"]
        whole = wrap(note, D.font(geo["rs"]), geo["rect"].w - 2 * geo["pad"])
        shown = geo["note_lines"]
        assert shown == whole or (shown[:-1] == whole[:len(shown) - 1] and shown[-1].endswith("…")), shown
    finally:
        app.close()


def test_the_status_box_of_a_finished_game_ends_its_sentence_in_the_language():
    # the status box under the review read 「黒が投了しました.」 with a Western full stop
    app = helpers.make_app("--scene", "gameover:amoeba:resign", "--white", "easy", "--moves",
                           "c2-b1 e5-f5 c1-d1 e6-d7", "--window", "1024x640", "--lang", "ja")
    try:
        step(app, 5)
        sc = app.scene
        sc.panel.update_status_box()
        text = sc.w["status"].html_text
        assert "。" in text and ".<" not in text, text
    finally:
        app.close()


def test_onyx_levels_on_a_larger_board_say_the_board_they_were_rated_on():
    # New game showed "Level 8 (Hard) · rated about 2100" for 16x16 and 20x20 too, where Hard
    # searches a third of its iterations in its time; the ladder rates the levels on 12x12
    from game.names import level_words
    from game.scenes.newgame import player_choices
    assert level_words("onyx", "hard", size=12) == level_words("onyx", "hard")
    big = level_words("onyx", "hard", size=20)
    assert big.endswith(" on 12×12") and "rated about" in big
    assert all(t.endswith("on 12×12") for t, v in player_choices("onyx", size=16) if v != "human")
    assert level_words("amoeba", "hard", size=20) == level_words("amoeba", "hard")
    app = helpers.make_app("--scene", "new:onyx", "--size", "20", "--window", "1024x640")
    try:
        step(app, 3)
        assert app.scene.widgets["white"].words().endswith("on 12×12")
    finally:
        app.close()
