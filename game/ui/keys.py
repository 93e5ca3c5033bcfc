"""The keys overlay: every shortcut of the current screen (F1 or ?, the board's ? button).

``keys_for(scene)`` lists the keys of the screen under the overlay in sections; ``KeysOverlay``
draws them as a card over a dimmed window (two or three columns when the list is long; the
text is set smaller only as far as the layout audit's smallest readable size). The app owns
the one overlay (``App.show_keys``): while it is open it takes all input, and Escape, F1, ?,
Enter or a click closes it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from ..i18n import N_, _
from ..themes import CLASSIC, Theme
from ..views import draw as D
from .text import wrap

if TYPE_CHECKING:  # pragma: no cover
    from ..scenes.base import Scene

__all__ = ["KeysOverlay", "keys_for", "place_of"]

Section = tuple[str, list[tuple[str, str]]]

EVERYWHERE: Section = (N_("Everywhere"), [
    (N_("Tab / Shift+Tab"), N_("Move the focus to the next / previous button or box")),
    (N_("Enter or Space"), N_("Press the focused button")),
    (N_("Up / Down"), N_("Move through an open list (Enter chooses)")),
    (N_("Left / Right"), N_("Move a slider that has the focus")),
    (N_("Esc"), N_("Close the innermost thing (list, dialog, screen)")),
    (N_("F1 or ?"), N_("This list of keys")),
    (N_("F11"), N_("Full screen on or off")),
])

TYPING: Section = (N_("Typing a move"), [
    (N_("Ctrl+key"), N_("Every shortcut; a plain letter types a move")),
    (N_("A letter or digit"), N_("Starts a move in the move box")),
    (N_("/"), N_("Type a move (the move box takes the keyboard)")),
    (N_("Enter"), N_("Play the typed move (the box keeps the keyboard)")),
    (N_("Esc"), N_("Leave the move box (back to the board)")),
])

# how a move is written in the move box, by game (the notation stays as it is in every language)
NOTATION: dict[str, list[tuple[str, str]]] = {
    "amoeba": [("c3-d4", N_("Moves the whole stack from c3 to d4")),
               ("d4>a1", N_("A split: the pieces of d4 one per point towards a1"))],
    "onyx": [("f6", N_("A stone on a point")), ("ef67", N_("A stone on the middle of square ef67")),
             ("swap", N_("White takes Black's first stone (the pie rule)"))],
    "onager": [("b3-c4", N_("A walk or a jump")), ("c5-i8-g8", N_("A chain: each landing in turn")),
               ("e4", N_("A lake, while the lakes are placed"))],
}

# Onager's chains: their rows are shown on Onager's pages only
CHAIN_ROWS = [(N_("Backspace"), N_("Take back one landing of a chain")),
              (N_("Enter"), N_("End an Onager chain where the disc stands"))]

BOARD_MOVES: Section = (N_("Playing"), [
    (N_("Click, or drag"), N_("Pick a piece, then its target")),
    (N_("Right click or Esc"), N_("Clear the selection (an open chain with it)")),
    *CHAIN_ROWS,
    (N_("Ctrl+F"), N_("Flip the board (kept)")),
])

BROWSING: Section = (N_("Browsing"), [
    (N_("Left / Right"), N_("One move back / forward")),
    (N_("Home / End"), N_("The start / back to the game")),
])

VIEW: Section = (N_("View"), [
    (N_("Ctrl+L"), N_("Coordinates on or off")),
    (N_("Ctrl+Plus / Minus"), N_("Faster / slower animations")),
])

BOARD: list[Section] = [
    TYPING,
    BOARD_MOVES,
    (N_("Game"), [
        (N_("Ctrl+Z / Ctrl+Y"), N_("Undo / Redo (in the move box too)")),
        (N_("Ctrl+H"), N_("Hint: the computer suggests a move")),
        (N_("Ctrl+M"), N_("Move now: the computer plays its best move so far")),
        (N_("Ctrl+S / Ctrl+O"), N_("Save / Load a game")),
        (N_("Ctrl+K"), N_("Write or edit the comment of the move shown")),
        (N_("Ctrl+P"), N_("Pause / resume the clocks (a game between people)")),
    ]),
    BROWSING,
    VIEW,
    EVERYWHERE,
]

ANALYSIS: list[Section] = [
    TYPING,
    BOARD_MOVES,
    (N_("Analysis"), [
        (N_("Ctrl+Z / Ctrl+Y"), N_("One move back / on (in the move box too)")),
        (N_("Ctrl+E"), N_("The engine's view on or off")),
        (N_("Ctrl+1 / 2 / 3"), N_("Play the first move of the engine's line 1, 2 or 3")),
        (N_("Ctrl+S / Ctrl+O"), N_("Save / Load a game")),
        (N_("Ctrl+K"), N_("Write or edit the comment of the move shown")),
    ]),
    BROWSING,
    VIEW,
    EVERYWHERE,
]

LESSON: list[Section] = [
    (N_("Lesson"), [
        (N_("Right or Enter"), N_("Next step (once its task is done)")),
        (N_("Left"), N_("Previous step")),
        (N_("Up / Down, Page Up / Down"), N_("Scroll a text longer than its box")),
        (N_("Ctrl+R"), N_("Show this step again")),
        (N_("Ctrl+H"), N_("Your turn: a hint, then a move that does it")),
    ]),
    TYPING,
    BOARD_MOVES,
    EVERYWHERE,
]

# the list of lessons and puzzles (game/scenes/tutorial.py, its index)
TUTORIAL: list[Section] = [
    (N_("Lessons and puzzles"), [(N_("Enter"), N_("Open the highlighted lesson: the one to take next"))]),
    EVERYWHERE,
]

PUZZLE: list[Section] = [
    (N_("Puzzle"), [(N_("Ctrl+R"), N_("Start the puzzle again")), (N_("Ctrl+H"), N_("Hint, then the solution"))]),
    TYPING,
    BOARD_MOVES,
    EVERYWHERE,
]

# the bank's puzzles (game/scenes/rated_puzzles.py, rush.py, my_puzzles.py): only the keys that work there
RATED: list[Section] = [
    (N_("Rated puzzles"), [
        (N_("Enter"), N_("Next puzzle (once this one is done)")),
        (N_("Ctrl+S"), N_("The solution (a puzzle not tried yet counts as missed)")),
        (N_("Ctrl+R"), N_("Start the puzzle again (not rated)")),
    ]),
    TYPING,
    BOARD_MOVES,
    EVERYWHERE,
]

RUSH: list[Section] = [
    (N_("Puzzle Rush"), [
        (N_("Esc"), N_("End the round (it asks first); leave a retry")),
        (N_("Enter"), N_("Play again (on the result page)")),
        (N_("Ctrl+S"), N_("The solution of a missed puzzle tried again")),
    ]),
    TYPING,
    BOARD_MOVES,
    EVERYWHERE,
]

MY_PUZZLES: list[Section] = [
    (N_("My puzzles"), [
        (N_("Enter"), N_("Once done: the next puzzle (after a miss: try again)")),
        (N_("Page Up / Down"), N_("The previous / next puzzle")),
        (N_("Ctrl+S"), N_("The answer: the better move on the board")),
        (N_("Ctrl+R"), N_("Try the puzzle again")),
        (N_("Delete"), N_("Remove a solved puzzle")),
    ]),
    TYPING,
    BOARD_MOVES,
    EVERYWHERE,
]
BANK_PUZZLES = {"rated": RATED, "rush": RUSH, "mypuzzles": MY_PUZZLES}

MENU: list[Section] = [
    (N_("Menu"), [
        (N_("Enter"), N_("Continue the last game, else New game")),
        (N_("Tab, then Enter"), N_("Any other button")),
    ]),
    EVERYWHERE,
]

FORM: list[Section] = [
    (N_("New game"), [
        (N_("Enter"), N_("Start the game (in an open list: choose)")),
        (N_("Up / Down"), N_("In an open list: the next choice up or down")),
        (N_("Esc"), N_("Close an open list, else go back")),
    ]),
    EVERYWHERE,
]

EDITOR: list[Section] = [
    (N_("The set-up box"), [
        (N_("/"), N_("The set-up box under the board takes the keyboard (Tab reaches it after Back)")),
        (N_("Enter"), N_("Use the typed position: the board shows it, or the status says why not")),
        (N_("Ctrl+A / C / V"), N_("Select all / copy / paste the position's text")),
        (N_("Esc"), N_("Leave the set-up box (back to the buttons)")),
    ]),
    (N_("The editor's buttons"), [
        (N_("Play"), N_("A game from this position, the players chosen above the board")),
        (N_("Analyse"), N_("This position on the analysis board")),
        (N_("Save"), N_("The position as a game record (Load… opens it)")),
        (N_("Ctrl+Z / Ctrl+Y"), N_("Undo / Redo: any change to the position, taken back or made again (in the "
                                   "set-up box too)")),
        (N_("Esc or Back"), N_("Back to New game (asked first when the position changed)")),
    ]),
    EVERYWHERE,
]

# how the set-up box writes a position, by game (the notation stays as it is in every language)
SETUP_NOTATION: dict[str, list[tuple[str, str]]] = {
    "amoeba": [("b3: Bk; d4: B,W,Wk", N_("Each point, then its stack from the bottom up")),
               ("B, W, Bk, Wk", N_("A black or white piece, a black or white Kernel"))],
    "onyx": [("Black: f6 ef67; White: e5", N_("Black's stones, then White's")),
             ("ef67", N_("A stone on the middle of square ef67"))],
    "onager": [("c3: B; d4: W,B", N_("Each cell, then its discs from the bottom up")),
               ("Lakes: e4 g6", N_("The lakes (at most 3, never on f6)"))],
}

OTHER: list[Section] = [EVERYWHERE]

TITLES = {"board": N_("Board"), "analysis": N_("Analysis board"), "lesson": N_("Lesson"), "puzzle": N_("Puzzle"),
          "rated": N_("Rated puzzles"), "rush": N_("Puzzle Rush"), "mypuzzles": N_("My puzzles"),
          "menu": N_("Menu"), "form": N_("New game"), "tutorial": N_("Lessons and puzzles"), "settings": N_("Settings"),
          "editor": N_("Set up a position"), "other": N_("This screen")}


def place_of(scene: "Scene | None") -> str:
    """Which list a scene has (``Scene.keys_place``): 'board', 'analysis', 'lesson', 'puzzle',
    'tutorial', 'menu', 'form', 'settings', 'editor', 'rated', 'rush', 'mypuzzles' or 'other'."""
    place = scene.keys_place() if scene is not None else "other"
    return place if place in TITLES else "other"


def keys_for(scene: "Scene | None") -> tuple[str, list[Section]]:
    """(title, sections) of the keys of ``scene``'s screen, in the language in use (the
    tables keep the English words)."""
    place = place_of(scene)
    sections = {"board": BOARD, "analysis": ANALYSIS, "lesson": LESSON, "puzzle": PUZZLE, **BANK_PUZZLES, "menu": MENU,
                "form": FORM, "editor": EDITOR, "tutorial": TUTORIAL}.get(place, OTHER)
    missing = scene.keys_missing() if scene is not None else frozenset()
    if missing:                     # (the editor without the analysis board: no Analyse; no puzzle: no moves)
        sections = [(head, [row for row in rows if row[0] not in missing])
                    for head, rows in sections if head not in missing]
        sections = [(head, rows) for head, rows in sections if rows]
    typing_at = next((i for i, (head, _r) in enumerate(sections) if head == TYPING[0]), None)
    if scene is None or scene.game_name != "onager":     # chains are Onager's
        sections = [(head, [row for row in rows if row not in CHAIN_ROWS]) for head, rows in sections]
    shown = [(_(head), [(_(key), _(text)) for key, text in rows]) for head, rows in sections]
    setup = SETUP_NOTATION.get(scene.game_name, []) if place == "editor" and scene is not None else []
    if setup:                                           # the set-up box's form for the game shown
        shown.insert(1, (_("Writing a position"), [(key, _(text)) for key, text in setup]))
    notation = NOTATION.get(scene.game_name if scene is not None else "", [])
    if notation and typing_at is not None:              # a screen where moves are typed
        shown.insert(typing_at + 1, (_("Writing a move"), [(key, _(text)) for key, text in notation]))
    return _("Keys · {screen}").format(screen=_(TITLES[place])), shown


class KeysOverlay:
    """The card of keys over the window; ``layout(size, px)`` places it, ``draw`` shows it."""

    def __init__(self, scene: "Scene | None", theme: Theme = CLASSIC) -> None:
        self.title, self.sections = keys_for(scene)
        self.place = place_of(scene)
        self.theme = theme                 # the app's colours (the overlay is made anew each time it opens)
        self._laid: tuple[Any, ...] | None = None
        self.items: list[tuple[str, str, pygame.Rect, int, bool]] = []   # (kind, text, rect, size, bold)
        self.card = pygame.Rect(0, 0, 0, 0)

    def layout(self, size: tuple[int, int], px: Callable[[float], int], min_px: int = 12) -> None:
        """Columns of sections: each section stays whole; the text is set smaller (never under
        ``min_px``) until everything fits the window."""
        if self._laid == (size, px(100)):
            return
        self._laid = (size, px(100))
        win = pygame.Rect((0, 0), size)
        room = win.inflate(-px(48), -px(40))
        for fs in range(px(16), min_px - 1, -1):
            if self._try(room, fs, px) or fs == min_px:
                break

    def _try(self, room: pygame.Rect, fs: int, px: Callable[[float], int]) -> bool:
        key_f, text_f, head_f = D.font(fs, True), D.font(fs), D.font(fs + 1, True)
        row = int(fs * 1.55)
        pad = max(px(14), fs)
        title_h = int((fs + 8) * 1.6)
        gap = fs * 2
        key_w = max(key_f.size(k)[0] for _h, rows in self.sections for k, _t in rows) + fs
        # a description longer than half the card wraps (a longer language), the key column stays
        most = max(fs * 6, (room.w - 2 * pad - gap) // 2 - key_w)
        lines = [[wrap(t, text_f, most) or [t] for _k, t in rows] for _h, rows in self.sections]
        text_w = max(text_f.size(ln)[0] for sec in lines for parts in sec for ln in parts)
        col_w = key_w + text_w
        avail_h = room.h - 2 * pad - title_h - row
        heights = [int(row * 1.3) + sum(len(parts) for parts in sec) * row + row // 2 for sec in lines]
        cols: list[list[int]] = [[]]
        used = 0
        for i, h in enumerate(heights):
            if cols[-1] and used + h > avail_h:
                cols.append([])
                used = 0
            cols[-1].append(i)
            used += h
        if max(sum(heights[i] for i in c) for c in cols) > avail_h:
            return False
        w = len(cols) * col_w + (len(cols) - 1) * gap + 2 * pad
        h = title_h + max(sum(heights[i] for i in c) for c in cols) + row + 2 * pad
        if w > room.w:
            return False
        card = pygame.Rect(0, 0, max(w, head_f.size(self.title)[0] + 2 * pad), h)
        card.center = room.center
        self.card = card
        items: list[tuple[str, str, pygame.Rect, int, bool]] = []
        tw, th = D.font(fs + 8, True).size(self.title)
        items.append(("title", self.title, pygame.Rect(card.centerx - tw // 2, card.y + pad, tw, th), fs + 8, True))
        top = card.y + pad + title_h
        for ci, col in enumerate(cols):
            x = card.x + pad + ci * (col_w + gap)
            y = top
            for i in col:
                head, rows = self.sections[i]
                hw, hh = head_f.size(head)
                items.append(("head", head, pygame.Rect(x, y, hw, hh), fs + 1, True))
                y += int(row * 1.3)
                for (k, _t), parts in zip(rows, lines[i]):
                    kw, kh = key_f.size(k)
                    items.append(("key", k, pygame.Rect(x, y, kw, kh), fs, True))
                    for part in parts:
                        ww, wh = text_f.size(part)
                        items.append(("text", part, pygame.Rect(x + key_w, y, ww, wh), fs, False))
                        y += row
                y += row // 2
        hint = _("Esc, F1 or a click closes this list")
        hw, hh = text_f.size(hint)
        items.append(("hint", hint, pygame.Rect(card.centerx - hw // 2, card.bottom - pad - hh, hw, hh), fs, False))
        self.items = items
        return True

    def layout_rects(self) -> list[tuple[str, pygame.Rect, pygame.Rect | None, int]]:
        """The texts it draws (the layout audit checks them): (name, rect, bounds, size)."""
        return [(f"keys {kind}: {text}", rect, self.card, size) for kind, text, rect, size, _ in self.items]

    def draw(self, surface: pygame.Surface, px: Callable[[float], int]) -> None:
        self.layout(surface.get_size(), px)
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((6, 8, 12, 150))
        surface.blit(veil, (0, 0))
        T = self.theme
        surface.blit(D.rounded_panel(self.card.size, T.overlay_fill, radius=px(16), border=T.overlay_border,
                                     border_width=2), self.card.topleft)
        colours = {"title": T.heading, "head": T.heading, "key": (240, 200, 130),
                   "text": T.text, "hint": T.text_dim}
        for kind, text, rect, size, bold in self.items:
            D.text(surface, text, rect.topleft, size, colours[kind], anchor="topleft", bold=bold, shadow=False)
