"""The tutorial's words in the player's language: the gettext domain ``levels``.

Two kinds of message share this domain (``game/locale/levels.pot``,
``game/locale/<lang>/LC_MESSAGES/levels.po``):

* the lessons' and puzzles' texts in ``levels/*.toml`` (titles, narration, captions, hints,
  nudges, praise, prompts): the files keep the English, and the tutorial scene asks for each
  text in the language in use when it shows it (``content``); the loaded course is never
  changed. A Babel extraction method (``extract_levels``) reads them out of the files;
* the tutorial pages' own words (buttons, headings, the panel's lines), marked in
  ``game/scenes/tutorial*.py`` with ``T_``, ``Tn_``, ``Tp_`` and ``TN_`` (their own names, so the
  interface's extraction for ``game.po`` does not take them too).

The language in use is ``game.i18n``'s; ``xx`` brackets every message as it does there.
Translations keep a text's ``**key word**`` marks, its ``{fields}`` and its notation (points
and moves such as ``d4`` or ``c3-e4``) as they are: tests/test_levels_i18n.py checks them.

    python -m game.i18n extract      also writes levels.pot and brings levels.po up to date
    python -m game.i18n check        also counts these messages

Nothing here imports pygame or reads a clock.
"""
from __future__ import annotations

import gettext as _gettext
import io
import re
import tomllib
from pathlib import Path
from typing import Any, Iterator

from . import i18n

__all__ = ["DOMAIN", "TEXT_KEYS", "DATA_KEYS", "T_", "TN_", "Tn_", "Tp_", "content", "po_path",
           "extract_levels", "extract_template"]

DOMAIN = "levels"
# the keys of a levels file whose strings a player reads (and a translator translates)
TEXT_KEYS = ("title", "text", "caption", "hint", "praise", "prompt", "nudge")
# the keys whose strings are data: names, notation, set-ups, kinds (never translated)
DATA_KEYS = ("format", "kind", "game", "id", "rules", "position", "to_move", "highlights", "arrows",
             "blocked", "moves", "goal", "expect", "solution")
# the tutorial scenes' marking functions (Babel keyword specifications)
KEYWORDS = {"T_": None, "TN_": None, "Tn_": (1, 2), "Tp_": ((1, "c"), 2)}

_catalogues: dict[str, _gettext.NullTranslations] = {}


# ====================================================================== messages
def TN_(message: str) -> str:
    """Marks a tutorial message where it is only stored (translated when shown)."""
    return message


def T_(message: str) -> str:
    """A tutorial page's message in the language in use."""
    lang = i18n.language()
    if lang == i18n.SOURCE:
        return message
    return _translations(lang).gettext(message)


def Tn_(singular: str, plural: str, n: int) -> str:
    """A tutorial page's message for ``n`` things (format ``n`` in yourself)."""
    lang = i18n.language()
    if lang == i18n.SOURCE:
        return singular if n == 1 else plural
    return _translations(lang).ngettext(singular, plural, n)


def Tp_(context: str, message: str) -> str:
    """A tutorial page's message whose English means more than one thing."""
    lang = i18n.language()
    if lang == i18n.SOURCE:
        return message
    return _translations(lang).pgettext(context, message)


def content(text: str) -> str:
    """A lesson's or puzzle's text from a levels file in the language in use (its English
    when the catalogue has none). Looked up by the text without its surrounding blank space,
    as the extraction writes it."""
    lang = i18n.language()
    key = text.strip()
    if lang == i18n.SOURCE or not key:
        return text
    return _translations(lang).gettext(key)


def _translations(lang: str) -> _gettext.NullTranslations:
    found = _catalogues.get(lang)
    if found is None:
        found = _catalogues[lang] = _Pseudo() if lang == i18n.PSEUDO else _load(lang)
    return found


def po_path(lang: str) -> Path:
    return i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _load(lang: str) -> _gettext.NullTranslations:
    """The language's catalogue, read as ``game.i18n`` reads its own (fuzzy ones left out); a
    missing or broken file: English, with a warning."""
    path = po_path(lang)
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
        with open(path, "rb") as fh:
            catalog = read_po(fh, locale=i18n._BABEL_LOCALE.get(lang, lang))
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        buf.seek(0)
        return _gettext.GNUTranslations(buf)
    except (OSError, ValueError, ImportError) as exc:
        import logging
        logging.getLogger(__name__).warning("the %s tutorial catalogue cannot be read (%s): English is used",
                                            lang, exc)
        return _gettext.NullTranslations()


class _Pseudo(i18n._Pseudo):
    """The pseudo-language: the tutorial's messages bracketed like the interface's."""


# ====================================================================== extraction
def extract_levels(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple]:
    """Babel extraction method for a levels file (``levels/*.toml``): every string under a
    ``TEXT_KEYS`` key, with its line and a comment saying where it is (``lesson 2, step 3:
    hint``). Yields (lineno, funcname, message, comments) as Babel asks."""
    raw = fileobj.read()
    source = raw.decode("utf-8") if isinstance(raw, bytes) else str(raw)
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError:
        return                      # a broken file has no messages; loading it says what is wrong
    lines = source.splitlines()
    at = [0]                        # the line searched from: keys come in the file's order

    def line_of(key: str) -> int:
        pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
        for i in range(at[0], len(lines)):
            if pattern.match(lines[i]):
                at[0] = i + 1
                return i + 1
        return 0

    for place, key, value in _texts(data, ""):
        lineno = line_of(key)
        message = value.strip()
        if message:
            yield lineno, None, message, [f"{place}{key}" if place else key]


def _texts(table: Any, place: str) -> Iterator[tuple[str, str, str]]:
    """(place, key, text) of every text in a TOML table, in the file's order."""
    if not isinstance(table, dict):
        return
    for key, value in table.items():
        if isinstance(value, str) and key in TEXT_KEYS:
            yield place, key, value
        elif isinstance(value, dict):
            yield from _texts(value, f"{place}{key}: ")
        elif isinstance(value, list):
            for i, item in enumerate(value, 1):
                if isinstance(item, dict):
                    name = item.get("id") if isinstance(item.get("id"), str) else i
                    label = {"lessons": "lesson", "steps": "step", "puzzles": "puzzle"}.get(key, key)
                    yield from _texts(item, f"{place}{label} {name}, ")


def extract_template() -> Any:
    """The domain's messages as a Babel catalogue: the tutorial scenes' marked words, then the
    levels files' texts."""
    from babel.messages.extract import extract_from_dir
    from .levels import LEVELS_DIR
    package = Path(__file__).resolve().parent
    template = i18n._new_catalog(None)
    template.domain = DOMAIN
    found = extract_from_dir(str(package / "scenes"), method_map=[("tutorial.py", "python"), ("tutorial_*.py", "python")],
                             keywords=KEYWORDS, comment_tags=("Translators:",), strip_comment_tags=True)
    for filename, lineno, message, comments, context in found:
        template.add(message, None, [(f"game/scenes/{filename}", lineno)], auto_comments=comments,
                     context=context)
    # named as Babel's method_map declares it ("module:function"); Babel imports it by that name
    found = extract_from_dir(str(LEVELS_DIR), method_map=[("*.toml", f"{__name__}:extract_levels")], keywords={})
    for filename, lineno, message, comments, context in found:
        template.add(message, None, [(f"levels/{filename}", lineno)], auto_comments=comments, context=context)
    return template
