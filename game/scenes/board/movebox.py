"""Typed moves: a small box under the move list that takes the specs' notation.

``BoardMoveBox`` (``scene.movebox``) is a part of the board scene; the widget is made by the
panel (``panel.py``, ``scene.w["movebox"]``). Enter plays the move through ``play_move`` (so it
animates like a click); spaces are ignored and capitals are fine (the rules core reads
"C3 - D4" as c3-d4); a refused text keeps the box's text and says why in a player's words
("“3” is not a move: type a move such as c3-d4"). The box is a ``game.ui.entry.TextEntry``
(it draws exactly what it holds; pygame-gui's entry line drew its hint into typed text). While
the box has the keyboard every key is its own: the toolbar and the board see none (their
``movebox.focused()`` checks), and Escape gives the keyboard back (``movebox.leave``)
without leaving the board.
"""
from __future__ import annotations

from ...rules.base import InvalidMoveError, RulesError
from ...ui.entry import TextEntry
from .part import ScenePart

PLACEHOLDER = {"amoeba": "Type a move: c3-d4, d4>a1", "onyx": "Type a move: f6, ef67, swap",
               "onager": "Type a move: b2-b4, b2-b4-d6"}


class BoardMoveBox(ScenePart):
    """The move box's behaviour (see the module docstring)."""

    @property
    def box(self) -> TextEntry | None:
        """The entry widget, while the panel shows it."""
        w = self.scene.w
        return w.get("movebox") if w else None

    def focused(self) -> bool:
        box = self.box
        return bool(box is not None and box.alive() and box.is_focused)

    def leave(self) -> None:
        """Escape: the keyboard goes back to the board (and to pygame-gui's focus too, so a
        later click on the box gives it the keyboard again)."""
        box = self.box
        if box is not None:
            box.blur()

    def needs_frames(self) -> bool:
        """The box's cursor blinks while it has the keyboard."""
        return self.focused()

    def refused_text(self, text: str, exc: RulesError) -> str:
        """Why a typed text is not played, in a player's words (not the parser's)."""
        if isinstance(exc, InvalidMoveError):
            legal = self.match.legal_strs() if self.match is not None else []
            example = next((t for t in legal if "-" in t), next((t for t in legal if any(c.isdigit() for c in t)), ""))
            if not example:
                example = PLACEHOLDER.get(self.scene.game_name, "c3-d4").split(": ")[-1].split(",")[0]
            return f"“{text}” is not a move: type a move such as {example}."
        why = str(exc).strip().rstrip(".")
        if not why or "'" in why or '"' in why:
            return f"“{text}” cannot be played in this position."
        return f"“{text}” cannot be played now: {why}."

    def typed(self, text: str) -> bool:
        """A move typed in the box (Enter); True if it was played."""
        sc = self.scene
        m = self.match
        box = self.box
        text = " ".join(str(text).split())
        if not text:
            return False
        if m is None or sc.view is None:
            return False
        if m.is_over:
            sc.set_status("The game is over: Undo or start a new game.", "warn")
            return False
        if not m.is_human(m.to_move):
            sc.set_status(f"Please wait: {m.to_move.title} (computer) is thinking.", "warn")
            return False
        sc.finish_animation()
        compact = text.replace(" ", "")
        try:
            m.game.parse_move(compact)
        except RulesError as exc:
            sc.set_status(self.refused_text(text, exc), "error")
            return False
        if sc.input is not None:
            sc.input.cancel()
        played = sc.play_move(compact)
        if played and box is not None:
            box.set_text("")
        return played
