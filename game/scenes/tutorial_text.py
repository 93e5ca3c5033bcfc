"""Words and constants of the tutorial pages: course text as pygame-gui HTML, results in words,
pacing and colours (shared by ``tutorial.py``, ``tutorial_layout.py`` and ``tutorial_puzzles.py``).

A pygame-gui text box breaks lines only at spaces (a run without one is cut anywhere, with
dashes), so text in a language written without spaces is broken into lines here first
(``broken_html``): between characters, never before 。、」 nor after 「 (``ui.text.break_units``),
each line ended with ``<br>``."""
from __future__ import annotations

import html
from typing import Sequence

from .. import levels as L
from ..levels_i18n import TN_
from ..ui.text import break_units, wide
from ..views import draw as D

DEMO_SLOW = 0.55      # demos run at this fraction of the player's animation speed
FIRST_WAIT = 0.9      # seconds before a demo's first move
BETWEEN = 0.55        # seconds between demo moves
CAPTURE_HOLD = 0.5    # seconds (at speed 1) the board holds still before and after a capture
REPLY_WAIT = 0.45     # seconds before the defence answers in a puzzle
# try-it goals about the kind of move: only moves of that kind are marked on the board. Not Amoeba's
# split and whole-stack goals: choosing between a direction's far mark (the whole stack) and its near
# mark (a split) is what those steps teach, and the board's words name both marks; the wrong one is
# answered with WRONG_FORM, as the same move typed is. Not Onyx's midpoint goal either: a stone is
# placed in one click, so there is no target mark to hide, and a click on a wrong empty point must
# be judged ('Not quite') as the same point typed is
FORM_GOALS = ("any-walk", "any-jump", "any-chain", "lake")
# a wrong try whose form is the mistake (``levels.Goal.wrong_form``), by the form the step wants
WRONG_FORM = {"stack-move": TN_("That is a split: this step wants the whole stack moved."),
              "split": TN_("That moves the whole stack: this step wants a split.")}
KEY_COLOUR = "#ffd27a"
GOOD_COLOUR = "#9be39b"
BAD_COLOUR = "#ffb070"
DIM_COLOUR = "#b8a890"
# how to make a move on each game's board (worded with T_ where it is shown)
HOW_TO_MOVE = {"amoeba": TN_("Click one of your stacks, then a marked point: far moves it whole, near splits it."),
               "onyx": TN_("Click an empty point to place your stone."),
               "onager": TN_("Click one of your discs, then each cell where it lands; to stop a chain, click "
                             "the disc again or press Enter.")}

def markup_html(text: str) -> str:
    """Course text -> pygame-gui HTML: **key words** highlighted, blank lines as paragraphs."""
    spans = L.markup_spans(text.strip())
    out = []
    for i, (piece, key) in enumerate(spans):
        if key and i + 1 < len(spans) and not spans[i + 1][1]:
            # marks right after a key word go into its span: a line never starts with ', and'
            # (the text box may break between two differently styled pieces)
            nxt = spans[i + 1][0]
            glued = len(nxt) - len(nxt.lstrip(",.;:!?)"))
            if glued:
                piece, spans[i + 1] = piece + nxt[:glued], (nxt[glued:], False)
            # and the space after it: broken there, the next line began with it (' the same disc')
            nxt = spans[i + 1][0]
            if nxt.startswith(" "):
                piece, spans[i + 1] = piece + " ", (nxt[1:], False)
        esc = html.escape(piece).replace("\n", "<br>")
        out.append(f"<b><font color='{KEY_COLOUR}'>{esc}</font></b>" if key else esc)
    return "".join(out)


# a run of styled text: (text, bold, colour or None, pixel size or None for the box's own)
Run = tuple[str, bool, "str | None", "int | None"]


def key_runs(text: str) -> list[Run]:
    """Course text as runs: **key words** bold in the key colour."""
    return [(piece, key, KEY_COLOUR if key else None, None) for piece, key in L.markup_spans(text.strip())]


def needs_breaking(runs: Sequence[Run]) -> bool:
    """Is any of the text written without spaces (Japanese)? Only then is it broken here."""
    return any(wide(ch) for t, *_ in runs for ch in t)


def runs_html(runs: Sequence[Run]) -> str:
    """Runs as pygame-gui HTML (blank lines as paragraphs)."""
    out = []
    for text, bold, colour, size in runs:
        esc = html.escape(text).replace("\n", "<br>")
        if colour or size:
            attrs = (f" color='{colour}'" if colour else "") + (f" pixel_size={size}" if size else "")
            esc = f"<font{attrs}>{esc}</font>"
        out.append(f"<b>{esc}</b>" if bold else esc)
    return "".join(out)


def broken_html(runs: Sequence[Run], width: int, size: int) -> str:
    """Runs as HTML with the lines already broken to ``width`` pixels (``size``: the box's type
    size): every paragraph broken where ``break_units`` allows, the runs' styles kept."""
    styles: list[tuple[bool, str | None, int | None]] = []
    text = ""
    owner: list[int] = []                  # the style of each character of ``text``
    for t, bold, colour, px in runs:
        styles.append((bold, colour, px))
        text += t
        owner.extend([len(styles) - 1] * len(t))
    lines: list[list[tuple[int, str]]] = []      # (style, text) pieces of each line
    start = 0
    for para in text.split("\n"):
        lines.extend(_break_para(para, owner[start:start + len(para)], styles, width, size))
        start += len(para) + 1
    out = []
    for line in lines:
        out.append(runs_html([(t, *styles[i]) for i, t in line]))
    return "<br>".join(out)


def _break_para(para: str, owner: list[int], styles: list[tuple[bool, "str | None", "int | None"]],
                width: int, size: int) -> list[list[tuple[int, str]]]:
    if not para.strip():
        return [[]]

    def measure(pieces: list[tuple[int, str]]) -> int:
        total = 0
        for i, t in pieces:
            bold, _, px = styles[i]
            total += D.font(px or size, bold).size(t)[0]
        return total

    # each break unit as styled pieces, found again in the paragraph (spaces skipped)
    units: list[tuple[list[tuple[int, str]], bool]] = []
    pos = 0
    for unit, spaced in break_units(para):
        pieces: list[tuple[int, str]] = []
        for ch in unit:
            if ch == " ":
                while pos < len(para) and para[pos].isspace():
                    pos += 1
                who = owner[pos] if pos < len(owner) else (pieces[-1][0] if pieces else 0)
            else:
                while pos < len(para) and para[pos] != ch:
                    pos += 1
                who = owner[min(pos, len(owner) - 1)]
                pos += 1
            if pieces and pieces[-1][0] == who:
                pieces[-1] = (who, pieces[-1][1] + ch)
            else:
                pieces.append((who, ch))
        prev = units[-1][0][-1][1][-1] if units else ""
        if prev and not spaced and _katakana(prev) and _katakana(unit[0]):
            units[-1][0].extend(pieces)            # a loanword (スタック) stays on one line
        else:
            units.append((pieces, spaced))
    lines: list[list[tuple[int, str]]] = []
    line: list[tuple[int, str]] = []
    x = 0
    for pieces, spaced in units:
        w = measure(pieces)
        gap = measure([(pieces[0][0], " ")]) if spaced and line else 0
        if line and x + gap + w > width:
            lines.append(line)
            line, x, gap = [], 0, 0
        if gap:
            line.append((pieces[0][0], " "))
        for who, t in pieces:
            if line and line[-1][0] == who:
                line[-1] = (who, line[-1][1] + t)
            else:
                line.append((who, t))
        x += gap + w
    lines.append(line)
    return lines


def _katakana(ch: str) -> bool:
    return "\u30a0" <= ch <= "\u30ff"


def _cells(text: str) -> list[str]:
    """The cells of a move text as written (``"B2 - d4-d6"`` -> ``["b2", "d4", "d6"]``)."""
    return "".join(text.split()).lower().split("-")


