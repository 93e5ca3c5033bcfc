"""Typed moves: a small box under the move list that takes the specs' notation.

A mixin of ``BoardScene`` (``scene.py``). Enter plays the move through ``play_move`` (so it
animates like a click); spaces are ignored and capitals are fine (the rules core reads
"C3 - D4" as c3-d4); a refused text keeps the box's text and shows the core's reason. While
the box has the keyboard, the board's key shortcuts are off (Escape gives the keyboard back).
"""
from __future__ import annotations

from typing import Any

from ...rules.base import RulesError

PLACEHOLDER = {"amoeba": "Type a move: c3-d4, d4>a1", "onyx": "Type a move: f6, ef67, swap",
               "onager": "Type a move: b2-b4, b2-b4-d6"}


class BoardMoveBox:
    """The move box's behaviour (mixed into ``BoardScene``); the widget is made in ``panel.py``."""

    w: dict[str, Any]
    match: Any

    def move_box_focused(self) -> bool:
        box = self.w.get("movebox") if self.w else None
        return bool(box is not None and getattr(box, "is_focused", False))

    def typed_move(self, text: str) -> bool:
        """A move typed in the box (Enter); True if it was played."""
        m = self.match
        box = self.w.get("movebox")
        text = " ".join(str(text).split())
        if not text:
            return False
        if m is None or self.view is None:
            return False
        if m.is_over:
            self.set_status("The game is over: Undo or start a new game.", "warn")
            return False
        if not m.is_human(m.to_move):
            self.set_status(f"Please wait: {m.to_move.title} (computer) is thinking.", "warn")
            return False
        if self.anim is not None:
            self.anim.finish()
        compact = text.replace(" ", "")
        try:
            m.game.parse_move(compact)
        except RulesError as exc:
            self.set_status(f"“{text}” is not a move here: {exc}", "error")
            return False
        if self.input is not None:
            self.input.cancel()
        played = self.play_move(compact)
        if played and box is not None:
            box.set_text("")
        return played
