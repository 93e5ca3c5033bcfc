"""Words in the player's language: gettext catalogues, plural forms, numbers and dates.

Every message a player reads is written in English in the code, marked for translation, and
looked up in the catalogue of the language in use when it is shown:

* ``_("New game")``, ``ngettext("{n} move", "{n} moves", n).format(n=n)``,
  ``pgettext("side", "Black")`` (the same English word meaning two things gets a context);
* ``N_("Amoeba")`` only marks a message in a table: the table keeps the English words and the
  interface calls ``_()`` when it shows them (a table's words are values until then).

The catalogues are the ``.po`` files in ``game/locale/<lang>/LC_MESSAGES/game.po`` (the
format translators' tools read), read with Babel the first time a message of that language is
asked for; English needs none and loads nothing. ``xx`` is a pseudo-language for tests: every
message bracketed and lengthened (``⁅Ńéŵ ĝåmé···⁆``), so a text drawn without going through
the catalogue, or cut by a widget too small for a longer language, shows at once. (The
brackets are U+2045/U+2046: the fonts the game ships have no U+27E6 ⟦.)

Numbers and dates go through Babel in the language's own way (``number``, ``decimal``,
``date_text``). Fonts follow the language, not the widget: ``font_name()`` is pygame-gui's font
for the theme, ``font_files()`` the files the game's own drawing uses.

The command (``python -m game.i18n``, game/i18n/__main__.py) spans both domains:

    python -m game.i18n check [--json]     per language: messages, translated, missing, fuzzy;
                                           the missing ones listed; status 1 if any is missing
                                           (both domains: game.po and the tutorial's levels.po,
                                           game/levels_i18n.py; each one's counts under "domains")
    python -m game.i18n extract            the template (game.pot) from the source, and every
                                           language's .po brought up to date with it

Nothing here imports pygame; Babel is imported only when a language other than English is used
(or a number is formatted), so starting in English costs nothing.
"""
from __future__ import annotations

import gettext as _gettext
import io
import os
import re
from pathlib import Path
from typing import Any, Sequence

__all__ = ["_", "N_", "ngettext", "pgettext", "npgettext", "set_language", "language", "resolve",
           "system_language", "LANGUAGES", "ENDONYMS", "SYSTEM", "PSEUDO", "font_name", "font_files",
           "number", "decimal", "date_text", "pseudo", "catalogue_report"]

DOMAIN = "game"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
SOURCE = "en"                       # the language the code is written in
LANGUAGES = ("en", "ja", "uz")      # offered to the player (Settings, --lang)
PSEUDO = "xx"                       # the test language (--lang xx): never offered in Settings
SYSTEM = "system"                   # the setting that follows the system's language
# Each language's name in itself: shown as it is in every language (a player looks for their own)
ENDONYMS = {"en": "English", "ja": "日本語", "uz": "Oʻzbekcha"}
# Babel's locale for each language (Uzbek in Latin script)
_BABEL_LOCALE = {"en": "en", "ja": "ja", "uz": "uz_Latn", PSEUDO: "en"}

# pygame-gui's fonts (it ships both): Noto Sans for Latin scripts, Noto Sans JP for Japanese
_FONTS = {"ja": ("noto_sans_jp", "NotoSansJP-Regular.otf", "NotoSansJP-Bold.otf")}
_LATIN_FONT = ("noto_sans", "NotoSans-Regular.ttf", "NotoSans-Bold.ttf")

_current = SOURCE
_catalogues: dict[str, _gettext.NullTranslations] = {}


# ====================================================================== choosing the language
def system_language(environ: Any = None) -> str:
    """The system's language among ``LANGUAGES`` ('en' when it is none of them). Read as
    gettext reads it: the first of LANGUAGE (a list, ``fr:ja``), LC_ALL, LC_MESSAGES and LANG
    that is set; without any of them the locale Python sees (Windows, macOS)."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = str(env.get(var, "") or "")
        if not value:
            continue
        for part in value.split(":"):
            code = _code(part)
            if code in LANGUAGES:
                return code
        return SOURCE
    if environ is None:
        try:
            import locale
            found = locale.getlocale()[0] or ""
        except (ValueError, TypeError):
            found = ""
        code = _code(found)
        if code in LANGUAGES:
            return code
    return SOURCE


def _code(tag: str) -> str:
    """'ja_JP.UTF-8' -> 'ja', 'uz_UZ@latin' -> 'uz', 'Japanese_Japan' -> 'ja'."""
    t = str(tag).strip().split(".")[0].split("@")[0].replace("-", "_").lower()
    head = t.split("_")[0]
    return {"japanese": "ja", "uzbek": "uz", "english": "en"}.get(head, head)


def resolve(choice: str | None) -> str:
    """The language a setting or option means: 'system' (or nothing) is the system's; a known
    code is itself; anything else is English."""
    c = str(choice or SYSTEM).strip().lower().replace("-", "_")
    if c == SYSTEM:
        return system_language()
    code = PSEUDO if c == PSEUDO else _code(c)
    return code if code in LANGUAGES or code == PSEUDO else SOURCE


def set_language(choice: str | None) -> str:
    """Use this language from now on ('system', 'en', 'ja', 'uz' or 'xx'); its code."""
    global _current
    _current = resolve(choice)
    return _current


def language() -> str:
    """The language in use ('en', 'ja', 'uz' or 'xx')."""
    return _current


# ====================================================================== messages
def N_(message: str) -> str:
    """Marks a message for the catalogue where it is only stored (translated when shown)."""
    return message


def _(message: str) -> str:
    """The message in the language in use."""
    if _current == SOURCE:
        return message
    return _translations().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The message for ``n`` things, in the language's plural form (format ``n`` in yourself)."""
    if _current == SOURCE:
        return singular if n == 1 else plural
    return _translations().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A message whose English words mean more than one thing, told apart by ``context``."""
    if _current == SOURCE:
        return message
    return _translations().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    if _current == SOURCE:
        return singular if n == 1 else plural
    return _translations().npgettext(context, singular, plural, n)


def _translations() -> _gettext.NullTranslations:
    lang = _current
    found = _catalogues.get(lang)
    if found is None:
        found = _catalogues[lang] = _Pseudo() if lang == PSEUDO else _load(lang)
    return found


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _load(lang: str) -> _gettext.NullTranslations:
    """A language's catalogue: its .po read with Babel and made into gettext's form in memory
    (fuzzy translations left out). A missing or broken file: English, with a warning."""
    path = po_path(lang)
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
        with open(path, "rb") as fh:
            catalog = read_po(fh, locale=_BABEL_LOCALE.get(lang, lang))
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        buf.seek(0)
        return _gettext.GNUTranslations(buf)
    except (OSError, ValueError, ImportError) as exc:
        import logging
        logging.getLogger(__name__).warning("the %s catalogue cannot be read (%s): English is used", lang, exc)
        return _gettext.NullTranslations()


# ====================================================================== the pseudo-language
_ACCENTS = str.maketrans("AaCcEeGgIiNnOoUuWwYyZzSsRrLlKkHhJjTtDd",
                         "ÅåĆćÉéĜĝÎîŃńÖöÛûŴŵÝýŽžŠšŔŕĹĺĶķĤĥĴĵŢţĎď")
# kept as they are: format fields, printf fields, markup and character entities
_KEEP = re.compile(r"\{[^{}]*\}|%\([^)]*\)[a-z]|%[a-z%]|<[^<>]*>|&[#\w]+;")
OPEN, CLOSE = "⁅", "⁆"


def pseudo(message: str) -> str:
    """The pseudo-language's form of a message: accented, a third longer, bracketed."""
    if not message:
        return message
    out: list[str] = []
    pos = 0
    letters = 0
    for m in _KEEP.finditer(message):
        chunk = message[pos:m.start()]
        letters += sum(ch.isalpha() for ch in chunk)
        out.append(chunk.translate(_ACCENTS))
        out.append(m.group(0))
        pos = m.end()
    chunk = message[pos:]
    letters += sum(ch.isalpha() for ch in chunk)
    out.append(chunk.translate(_ACCENTS))
    pad = "·" * max(1, (letters + 2) // 3)
    return f"{OPEN}{''.join(out)}{pad}{CLOSE}"


class _Pseudo(_gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


# ====================================================================== fonts
def font_name(lang: str | None = None) -> str:
    """pygame-gui's font for the language (the theme's every block uses it)."""
    return _FONTS.get(lang or _current, _LATIN_FONT)[0]


def font_files(lang: str | None = None) -> tuple[str, str]:
    """(regular, bold) font files in pygame-gui's data for the language's own drawing."""
    entry = _FONTS.get(lang or _current, _LATIN_FONT)
    return entry[1], entry[2]


def theme_font(lang: str | None = None) -> dict[str, Any]:
    """The font keys of a pygame-gui theme block for the language: its name and where its files
    are (so pygame-gui can load it whatever its own locale)."""
    name, regular, bold = _FONTS.get(lang or _current, _LATIN_FONT)
    res = {"package": "pygame_gui.data"}
    return {"name": name, "regular_resource": {**res, "resource": regular},
            "bold_resource": {**res, "resource": bold}}


# ====================================================================== numbers and dates
def number(n: int) -> str:
    """A whole number in the language's way (1,234 / 1 234)."""
    if _current in (SOURCE, PSEUDO):
        return f"{int(n):,}"
    from babel.numbers import format_decimal
    return str(format_decimal(int(n), locale=_BABEL_LOCALE[_current]))


def decimal(x: float, digits: int = 1, fixed: bool = False) -> str:
    """A number with up to ``digits`` decimals (exactly ``digits`` when ``fixed``) in the
    language's way: '2.5', '0.25' ('2,5', '0,25' in Uzbek)."""
    text = f"{float(x):.{max(0, digits)}f}"
    if digits and not fixed:
        text = text.rstrip("0").rstrip(".")
    if _current in (SOURCE, PSEUDO):
        return text
    from babel.numbers import get_decimal_symbol
    return text.replace(".", get_decimal_symbol(_BABEL_LOCALE[_current]))


def date_text(when: Any, form: str = "medium") -> str:
    """A date (a ``datetime.date`` or ``datetime``) in the language's way."""
    from babel.dates import format_date
    return str(format_date(when, format=form, locale=_BABEL_LOCALE.get(_current, "en")))


# ====================================================================== the catalogues' state
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3)}


def extract_template() -> Any:
    """The messages of the source (Babel's extraction over ``game/``), as a Babel catalogue."""
    from babel.messages.extract import extract_from_dir
    package = Path(__file__).resolve().parent.parent
    template = _new_catalog(None)
    found = extract_from_dir(str(package), method_map=[("**.py", "python")], keywords=KEYWORDS,
                             comment_tags=("Translators:",), strip_comment_tags=True)
    for filename, lineno, message, comments, context in found:
        template.add(message, None, [(f"game/{filename}", lineno)], auto_comments=comments, context=context)
    return template


_HEADER = """The words of the game Amoeba · Onyx · Onager{lang}.
Written with game/i18n (python -m game.i18n extract); see README.md, "Adding a language",
and docs/glossary.md for the games' own terms."""


def _new_catalog(lang: str | None) -> Any:
    from babel.messages.catalog import Catalog
    catalog = Catalog(locale=_BABEL_LOCALE[lang] if lang else None, domain=DOMAIN, project="abstract-trio",
                      version="", copyright_holder="", msgid_bugs_address="", charset="utf-8")
    _tidy_header(catalog, lang)
    return catalog


def _tidy_header(catalog: Any, lang: str | None) -> None:
    """The header without Babel's placeholders (FIRST AUTHOR, EMAIL@ADDRESS, VERSION)."""
    names = {"ja": "Japanese", "uz": "Uzbek (Latin script)"}
    catalog.header_comment = "\n".join("# " + line for line in _HEADER.format(
        lang=f": {names.get(lang, lang)}" if lang else " (template)").splitlines())
    catalog.version = ""
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "abstract-trio translators"
    catalog.language_team = names.get(lang or "", "")
    catalog.revision_date = catalog.creation_date


def _key(message: Any) -> tuple[str, str | None]:
    mid = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
    return str(mid), message.context


def _translated(message: Any) -> bool:
    s = message.string
    return all(bool(x) for x in s) if isinstance(s, (list, tuple)) else bool(s)


def catalogue_report(languages: Sequence[str] | None = None, template: Any = None,
                     path_of: Any = None) -> dict[str, Any]:
    """For each language: messages (in the source), translated, missing and fuzzy, the missing
    ones' English, and messages its file has that the source no longer uses (obsolete). Another
    domain gives its ``template`` and ``path_of`` (language -> .po file)."""
    from babel.messages.pofile import read_po
    template = extract_template() if template is None else template
    wanted = {_key(m): m for m in template if m.id}
    out: dict[str, Any] = {}
    for lang in languages or [code for code in LANGUAGES if code != SOURCE]:
        path = (path_of or po_path)(lang)
        have: dict[tuple[str, str | None], Any] = {}
        problem = ""
        try:
            with open(path, "rb") as fh:
                have = {_key(m): m for m in read_po(fh, locale=_BABEL_LOCALE.get(lang, lang)) if m.id}
        except (OSError, ValueError) as exc:
            problem = str(exc)
        translated = fuzzy = 0
        missing: list[str] = []
        for key in wanted:
            m = have.get(key)
            if m is not None and _translated(m):
                if m.fuzzy:
                    fuzzy += 1
                else:
                    translated += 1
            else:
                missing.append(key[0] if key[1] is None else f"{key[1]}|{key[0]}")
        out[lang] = {"file": str(path), "messages": len(wanted), "translated": translated,
                     "missing": len(missing), "fuzzy": fuzzy, "missing_messages": missing,
                     "obsolete": sum(1 for k in have if k not in wanted)}
        if problem:
            out[lang]["error"] = problem
    return out


def extract(write: bool = True, domain: str = DOMAIN, template: Any = None,
            path_of: Any = None) -> dict[str, int]:
    """Write the template ``game/locale/game.pot`` from the source and bring every language's
    .po up to date with it (new messages empty, changed ones fuzzy, dropped ones kept as
    obsolete at the end). The number of messages of each file. Another domain gives its name,
    ``template`` and ``path_of`` (language -> .po file)."""
    from babel.messages.pofile import read_po, write_po
    template = extract_template() if template is None else template
    counts = {"template": len([m for m in template if m.id])}
    if write:
        with open(LOCALE_DIR / f"{domain}.pot", "wb") as fh:
            write_po(fh, template, width=100, sort_output=False, omit_header=False)
    for lang in LANGUAGES:
        if lang == SOURCE:
            continue
        path = (path_of or po_path)(lang)
        if path.is_file():
            with open(path, "rb") as fh:
                catalog = read_po(fh, locale=_BABEL_LOCALE[lang])
        else:
            catalog = _new_catalog(lang)
        catalog.update(template, no_fuzzy_matching=False)
        _tidy_header(catalog, lang)
        counts[lang] = len([m for m in catalog if m.id])
        if write:
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "wb") as fh:
                write_po(fh, catalog, width=100, ignore_obsolete=False, include_previous=True)
    return counts
