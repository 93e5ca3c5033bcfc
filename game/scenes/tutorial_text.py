"""Words and constants of the tutorial pages: course text as pygame-gui HTML, results in words,
pacing and colours (shared by ``tutorial.py``, ``tutorial_layout.py`` and ``tutorial_puzzles.py``)."""
from __future__ import annotations

import html

from .. import levels as L
from ..levels_i18n import TN_

DEMO_SLOW = 0.55      # demos run at this fraction of the player's animation speed
FIRST_WAIT = 0.9      # seconds before a demo's first move
BETWEEN = 0.55        # seconds between demo moves
CAPTURE_HOLD = 0.5    # seconds (at speed 1) the board holds still before and after a capture
REPLY_WAIT = 0.45     # seconds before the defence answers in a puzzle
# try-it goals about the kind of move: only moves of that kind are marked on the board
FORM_GOALS = ("any-split", "any-stack-move", "any-walk", "any-jump", "any-chain", "any-midpoint", "lake")
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
        esc = html.escape(piece).replace("\n", "<br>")
        out.append(f"<b><font color='{KEY_COLOUR}'>{esc}</font></b>" if key else esc)
    return "".join(out)


def _cells(text: str) -> list[str]:
    """The cells of a move text as written (``"B2 - d4-d6"`` -> ``["b2", "d4", "d6"]``)."""
    return "".join(text.split()).lower().split("-")


