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

from ..views import draw as D

if TYPE_CHECKING:  # pragma: no cover
    from ..scenes.base import Scene

__all__ = ["KeysOverlay", "keys_for", "place_of"]

Section = tuple[str, list[tuple[str, str]]]

EVERYWHERE: Section = ("Everywhere", [
    ("Tab / Shift+Tab", "Move the focus to the next / previous button or box"),
    ("Enter or Space", "Press the focused button"),
    ("Up / Down", "Move through an open list (Enter chooses)"),
    ("Esc", "Close the innermost thing (list, dialog, screen)"),
    ("F1 or ?", "This list of keys"),
    ("F11", "Full screen on or off"),
])

TYPING: Section = ("Typing a move", [
    ("Ctrl+key", "Every shortcut; a plain letter types a move"),
    ("A letter or digit", "Starts a move in the move box"),
    ("/", "Type a move (the move box takes the keyboard)"),
    ("Enter", "Play the typed move (the box keeps the keyboard)"),
    ("Esc", "Leave the move box (back to the board)"),
])

BOARD_MOVES: Section = ("Playing", [
    ("Click, or drag", "Pick a piece, then its target"),
    ("Right click or Esc", "Clear the selection (an open chain with it)"),
    ("Backspace", "Take back one landing of a chain"),
    ("Enter", "End an Onager chain where the disc stands"),
    ("Ctrl+F", "Flip the board (kept)"),
])

BROWSING: Section = ("Browsing", [
    ("Left / Right", "One move back / forward"),
    ("Home / End", "The start / back to the game"),
])

VIEW: Section = ("View", [
    ("Ctrl+L", "Coordinates on or off"),
    ("Ctrl+Plus / Minus", "Faster / slower animations"),
])

BOARD: list[Section] = [
    TYPING,
    BOARD_MOVES,
    ("Game", [
        ("Ctrl+Z / Ctrl+Y", "Undo / Redo (in the move box too)"),
        ("Ctrl+H", "Hint: the computer suggests a move"),
        ("Ctrl+M", "Move now: the computer plays its best move so far"),
        ("Ctrl+S / Ctrl+O", "Save / Load a game"),
        ("Ctrl+K", "Write or edit the comment of the move shown"),
        ("Ctrl+P", "Pause / resume the clocks (a game between people)"),
    ]),
    BROWSING,
    VIEW,
    EVERYWHERE,
]

ANALYSIS: list[Section] = [
    TYPING,
    BOARD_MOVES,
    ("Analysis", [
        ("Ctrl+Z / Ctrl+Y", "One move back / on (in the move box too)"),
        ("Ctrl+E", "The engine's view on or off"),
        ("Ctrl+S / Ctrl+O", "Save / Load a game"),
        ("Ctrl+K", "Write or edit the comment of the move shown"),
    ]),
    BROWSING,
    VIEW,
    EVERYWHERE,
]

LESSON: list[Section] = [
    ("Lesson", [
        ("Right or Enter", "Next step (once its task is done)"),
        ("Left", "Previous step"),
        ("Ctrl+R", "Show this step again"),
    ]),
    TYPING,
    BOARD_MOVES,
    EVERYWHERE,
]

PUZZLE: list[Section] = [
    ("Puzzle", [("Ctrl+R", "Start the puzzle again"), ("Ctrl+H", "Hint, then the solution")]),
    TYPING,
    BOARD_MOVES,
    EVERYWHERE,
]

MENU: list[Section] = [
    ("Menu", [
        ("Enter", "Continue the last game, else New game"),
        ("Tab, then Enter", "Any other button"),
    ]),
    EVERYWHERE,
]

FORM: list[Section] = [
    ("New game", [
        ("Enter", "Start the game (in an open list: choose)"),
        ("Up / Down", "In an open list: the next choice up or down"),
        ("Esc", "Close an open list, else go back"),
    ]),
    EVERYWHERE,
]

OTHER: list[Section] = [EVERYWHERE]

TITLES = {"board": "Board", "analysis": "Analysis board", "lesson": "Lesson", "puzzle": "Puzzle", "menu": "Menu", "form": "New game",
          "tutorial": "Lessons and puzzles", "settings": "Settings", "other": "This screen"}


def place_of(scene: "Scene | None") -> str:
    """Which list a scene has (``Scene.keys_place``): 'board', 'analysis', 'lesson', 'puzzle',
    'tutorial', 'menu', 'form', 'settings' or 'other'."""
    place = scene.keys_place() if scene is not None else "other"
    return place if place in TITLES else "other"


def keys_for(scene: "Scene | None") -> tuple[str, list[Section]]:
    """(title, sections) of the keys of ``scene``'s screen."""
    place = place_of(scene)
    sections = {"board": BOARD, "analysis": ANALYSIS, "lesson": LESSON, "puzzle": PUZZLE, "menu": MENU,
                "form": FORM}.get(place, OTHER)
    return f"Keys · {TITLES[place]}", sections


class KeysOverlay:
    """The card of keys over the window; ``layout(size, px)`` places it, ``draw`` shows it."""

    def __init__(self, scene: "Scene | None") -> None:
        self.title, self.sections = keys_for(scene)
        self.place = place_of(scene)
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
        key_w = max(key_f.size(k)[0] for _, rows in self.sections for k, _ in rows) + fs
        text_w = max(text_f.size(t)[0] for _, rows in self.sections for _, t in rows)
        col_w = key_w + text_w
        avail_h = room.h - 2 * pad - title_h - row
        heights = [int(row * 1.3) + len(rows) * row + row // 2 for _, rows in self.sections]
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
        gap = fs * 2
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
                for k, t in rows:
                    kw, kh = key_f.size(k)
                    items.append(("key", k, pygame.Rect(x, y, kw, kh), fs, True))
                    ww, wh = text_f.size(t)
                    items.append(("text", t, pygame.Rect(x + key_w, y, ww, wh), fs, False))
                    y += row
                y += row // 2
        hint = "Esc, F1 or a click closes this list"
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
        surface.blit(D.rounded_panel(self.card.size, (26, 20, 16, 246), radius=px(16), border=(214, 170, 96, 255),
                                     border_width=2), self.card.topleft)
        colours = {"title": (255, 226, 168), "head": (255, 226, 168), "key": (240, 200, 130),
                   "text": D.PALETTE["text"], "hint": D.PALETTE["text_dim"]}
        for kind, text, rect, size, bold in self.items:
            D.text(surface, text, rect.topleft, size, colours[kind], anchor="topleft", bold=bold, shadow=False)
