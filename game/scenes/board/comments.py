"""A move's comment on the board: shown under the move list, written and edited on a card.

``BoardComments`` (``scene.comments``):

* the words: the comment of the position shown (``shown()``: its node's comments without the
  clocks' ``[%clk ...]`` commands; at the start, the comment on the whole game);
* the box under the move list that shows them (``make``, placed by the panel with ``height_for``
  and ``place``; there is none while the position shown has no comment); a click on it opens
  the editor;
* the editor: the toolbar's comment button, Ctrl+K or a click on the box opens a card
  (``game.ui.comment_card.CommentCard``) whose text box holds the comment and has the keyboard;
  Enter or Save keeps it, Escape or Cancel leaves it as it was, an emptied box removes it.

What is kept goes on the node (``GameNode.comments``): the node's own words are replaced, its
clock command stays after them; a text kept unchanged changes nothing, so a record's comments
stay byte for byte. The tree's version changes with a new comment, so the autosave writes it;
Save… writes it like every comment.
"""
from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from ...clock import clk_commands, without_clk
from ...i18n import _
from ...rules.tree import GameNode
from ...ui.comment_card import CommentCard
from ...ui.text import StatusText
from ...ui.words import where_words
from .part import ScenePart

if TYPE_CHECKING:  # pragma: no cover
    from .scene import BoardScene

KIND = "comment"            # the scene's dialog kind while the card is open
SHOWN_CHARS = 800           # more than the box's lines hold at any size (it ends in '…' anyway)
LINES = 3                   # the box shows this many lines at most (the card shows all)
SIZE = 14                   # its words' size (px at UI scale 1)
COLOUR = "#f3d79a"          # its words' colour


def own_words(node: GameNode) -> str:
    """A node's comments as a person wrote them: without clock commands, joined."""
    return " ".join(without_clk(node.comments))


class BoardComments(ScenePart):
    """The comment of the position shown, its box and its editor (see the module docstring)."""

    def __init__(self, scene: "BoardScene") -> None:
        super().__init__(scene)
        self.box: StatusText | None = None
        self._editing: GameNode | None = None       # the node the card's comment belongs to

    # ------------------------------------------------------------ the words
    def node(self) -> GameNode | None:
        m = self.match
        return m.tree.cursor if m is not None else None

    def shown(self) -> str:
        """The comment of the position shown ('' when it has none)."""
        node = self.node()
        return own_words(node) if node is not None else ""

    def _markup(self, text: str) -> str:
        """The comment as the box shows it: between quotes, in the headings' gold (not the
        status line's words). A comment longer than the box can show (a loaded file's may be
        any length) is cut first: the box lays its text out on every change, in time that grows
        with its length."""
        if len(text) > SHOWN_CHARS:
            text = text[:SHOWN_CHARS].rstrip() + "…"
        return f"<font color='{COLOUR}'>“{html.escape(text)}”</font>"

    # ------------------------------------------------------------ the box (placed by the panel)
    def make(self, rect: pygame.Rect, manager: Any, container: Any) -> StatusText:
        """The box, hidden until ``place`` gives it a place and a comment."""
        sc = self.scene
        box = StatusText(rect, manager, container=container, scale=sc.k, size=SIZE)
        if sc.app is not None:
            box.theme = sc.app.theme
        box.hide()
        self.box = box
        return box

    def height_for(self, text: str, width: int) -> int:
        """The height the box needs to show ``text`` at ``width`` (at most ``LINES`` lines)."""
        box = self.box
        if box is None or not text:
            return 0
        if box.rect.w != width:
            box.set_dimensions((width, box.rect.h))
        lines = self.px(LINES * 22 + 12)
        return min(lines, box.needed_height(self._markup(text)))

    def place(self, rect: pygame.Rect | None, text: str) -> None:
        """Show ``text`` in ``rect`` (None: the box hides)."""
        box = self.box
        if box is None:
            return
        if rect is None or not text:
            if box.visible:
                box.hide()
            return
        if box.relative_rect != rect:
            box.set_relative_position(rect.topleft)
            box.set_dimensions(rect.size)
        box.set_text(self._markup(text))
        if not box.visible:
            box.show()

    # ------------------------------------------------------------ the editor
    def open_editor(self) -> bool:
        """The card for the comment of the position shown; False when there is no game."""
        sc = self.scene
        node = self.node()
        if node is None or sc.app is None:
            return False
        sc.finish_animation()
        sc.close_dialog()
        where = where_words(node)
        title = _("Comment on the game") if node.move is None else _("Comment on this move")
        words = (_("What the whole game is about, before its first move.") if node.move is None
                 else _("{where}.").format(where=where))
        hint = html.escape(_("Enter saves it; an empty box removes it."))
        card = CommentCard(sc.ui, sc.px, title, f"{html.escape(words)}<br>{hint}", own_words(node),
                           theme=self.theme)
        sc.dialog, sc.dialog_kind = card, KIND
        self._editing = node
        return True

    def keep(self, node: GameNode, text: str) -> bool:
        """``text`` becomes the comment of ``node`` (its clock command stays after it); False
        when nothing changed."""
        new = " ".join(str(text).split())
        if new == own_words(node):
            return False
        node.comments = ([new] if new else []) + clk_commands(node.comments)
        m = self.match
        if m is not None:
            m.tree.touch()
        return True

    def _closed(self, card: Any, kept: bool) -> None:
        sc = self.scene
        node, self._editing = self._editing, None
        if not kept or node is None or not isinstance(card, CommentCard) or card.answer is None:
            return
        if self.keep(node, card.answer):
            sc.set_status(_("Comment removed.") if not own_words(node) else _("Comment kept: Save… writes it "
                          "with the game, and the game in progress keeps it."))
            sc.refresh()

    # ------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> bool:
        """The card's answer, Ctrl+K and a click on the box; True when the event was used."""
        sc = self.scene
        if event.type in (pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, pygame_gui.UI_WINDOW_CLOSE) \
                and sc.dialog_kind == KIND and event.ui_element is sc.dialog:
            card = sc.dialog
            sc.dialog, sc.dialog_kind = None, ""
            self._closed(card, event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED)
            return True
        if sc.dialog is not None:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_k \
                and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            return self.open_editor()
        box = self.box
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and box is not None \
                and box.visible and box.rect.collidepoint(event.pos):
            return self.open_editor()
        return False
