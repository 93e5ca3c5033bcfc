"""The result banner on the board at game over, and the words for a result.

``BoardBanner`` (``scene.banner``) is a part of the board scene that owns the banner's state:
open (a card in the panel, beside the board, in the status box's place: the winner by name and
colour, the reason, Review / Analyse / New game / Rematch, × or Escape to close it) or closed
(the board is seen whole, frame and coordinates too; the status box keeps the result and the
panel's action row a "Show the result" button that opens the card again); its geometry, kept
until it changes; its buttons (widgets in ``scene.w``, made by ``sync``); ``rect``, where it
was last drawn (None while closed). It shows only where the game ended, never while browsing
earlier positions or while a move animates; it never covers the final position. It is drawn
in the theme's card colours.
``result_texts`` words a result for this game ("White connected rows 1 and 12").
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton

from ... import i18n
from ...i18n import _
from ...names import side_name
from ...ui.endings import ending_sentence
from ...ui.focus import ring_on
from ...ui.icons import colour_icon
from ...ui.layout import button_width
from ...ui.text import ellipsize, wrap
from ...views import draw as D
from ..base import has_scene, make_scene
from .part import ScenePart

if TYPE_CHECKING:  # pragma: no cover
    from .scene import BoardScene


NOTE_COLOURS = {"warn": (255, 176, 112), "error": (255, 128, 112)}   # a status message on the card, by its kind


class BoardBanner(ScenePart):
    """The game-over banner (see the module docstring)."""

    def __init__(self, scene: "BoardScene") -> None:
        super().__init__(scene)
        self._for: Any = None           # the ending the open/closed choice belongs to
        self._open = True
        self._seen: Any = None          # the ending whose card has been seen (first_sight)
        self._geo: Any = None           # (key, geometry) kept until the key changes
        self._built: Any = None         # the buttons' plan as last made (sync)
        self.rect: pygame.Rect | None = None   # where it was last drawn

    def rebuilt(self) -> None:
        """The scene's widgets were made anew: the buttons are made again at the next ``sync``."""
        self._built = None

    def result_texts(self) -> tuple[str, str]:
        """(headline, reason) for the game-over banner, in words for this game."""
        sc = self.scene
        m = self.match
        r = m.result if m else None
        if r is None or m is None:
            return "", ""
        win = r.winner
        head = _("Draw") if win is None else _("{side} wins!").format(side=side_name(win.word))
        size = int(m.game.options().get("size", 12) or 12)
        why = ending_sentence(r, m.name, sc.panel.counts(), size, m.to_move)
        return head, why

    # ------------------------------------------------------------ the result banner
    def due(self) -> bool:
        """The game is over where it stands and that position is shown (never while browsing
        earlier positions), no move is animating: the banner may show (open or closed)."""
        sc = self.scene
        m = self.match
        return (m is not None and sc.view is not None and m.is_over and not m.browsing
                and sc.anim is None and not sc.history.replaying)

    def shown(self) -> bool:
        """The result card is on the board (due, and not closed)."""
        return self.due() and self.is_open()

    def closed(self) -> bool:
        """Due but closed: the panel offers to show the result again."""
        return self.due() and not self.is_open()

    def ending(self) -> Any:
        """The ending the card is for (a new one opens it again): where the game ended, and why."""
        m = self.match
        return (m.live.uid, m.live_result.reason if m.live_result else "") if m is not None else None

    def first_sight(self) -> bool:
        """The card shows for its ending for the first time (True once per ending): the keyboard
        may be taken to it then, and only then, so that Tab can go on past it later."""
        if not self.shown():
            return False
        key = self.ending()
        if key == self._seen:
            return False
        self._seen = key
        return True

    def is_open(self) -> bool:
        """Open (the card) or closed by its × (or Escape); a new ending opens it."""
        key = self.ending()
        if self._for != key:
            self._for = key
            self._open = True
        return bool(self._open)

    def set_open(self, open_: bool) -> None:
        self.is_open()
        self._open = open_
        if not open_:
            self.rect = None
        self.sync()
        self.scene.panel.sync_actions()
        app = self.app
        ring = app.focus if app is not None else None
        if ring is not None and not ring.alive():
            # the ring was on what went (a button of the card, closed by its × or Escape; the
            # action row's "Show the result"): it goes to what stands for the card now, so the
            # keyboard can open it again, or go on in it
            goes = self.first_button() if open_ else self.scene.w.get("act:__result__")
            if goes is not None:
                ring_on(app, goes)

    def actions(self) -> list[tuple[str, str, str]]:
        """The buttons a player wants after a game: (key, label, tooltip)."""
        m = self.match
        analysis = self.scene.is_analysis      # (the analysis board: no Analyse, no Rematch)
        out = []
        if m is not None and self.scene.history.total() > 0:     # (as the toolbar's Review)
            out.append(("review", _("Review"), _("The engine judges every move of the game")))
            if has_scene("analysis_of") and not analysis:
                out.append(("analyse", _("Analyse"), _("Explore the game with the engine on the analysis board")))
        out.append(("new", _("New game"), _("Set up a new game")))
        if not analysis:
            out.append(("rematch", _("Rematch"), _("The same game again, colours swapped")))
        return out

    def geometry(self) -> dict[str, Any]:
        """Where the card's parts go: its 'rect', the headline and reason lines with
        their font sizes, and the buttons' rectangles by key. The card goes in the panel
        (``_geometry``). Kept until it changes."""
        sc = self.scene
        m = self.match
        place, room = sc.panel.card_room()
        key = (tuple(place), room, m.live.uid if m else None, m.result if m else None, self.px(100),
               sc.panel.card_note(), tuple(self.actions()))
        kept = self._geo
        if kept is not None and kept[0] == key:
            return kept[1]
        geo = self._geometry()
        self._geo = (key, geo)
        return geo

    def _geometry(self) -> dict[str, Any]:
        """The card sits in the panel, beside the board, never over the final position: in the
        status box's place (it stands for the box while open), grown upwards into the move list as
        far as it needs (``panel.card_room``). Its headline (the winner, with a colour disc), the
        reason, the status message if there is one, and the buttons: in one row when their words
        fit, else two a row. A low window sets the reason smaller, then keeps its first lines."""
        sc = self.scene
        px = self.px
        head, why = self.result_texts()
        head = sc.panel.winner_words() or head
        geo: dict[str, Any] = {"head": head, "why": why}
        place, room = sc.panel.card_room()
        pad, gap, bh, close = px(12), px(6), px(32), px(26)
        close_w = max(close, button_width("×", px, sc.ui))       # (wider where the language's × is)
        w = place.w
        inner = w - 2 * pad
        # The winner's disc stands before the headline, a clear gap from its first letter: the
        # disc as wide as it is drawn (``colour_icon`` paints 2r across), then the gap.
        result = self.match.result
        disc_r = px(11) if result is not None and result.winner is not None else 0   # (Black is 0: falsy)
        icon = 2 * disc_r + px(10) if disc_r else 0
        room_w = inner - close_w - gap - icon
        # the headline in the largest size it fits: on one line; else who won, then the side, on
        # lines of their own ('Computer (Easy) wins' / 'as White'); else without the level.
        # Never broken mid-phrase ('… wins' / '— White').
        sizes = (px(21), px(19), px(17))
        forms = [[head]] + sc.panel.winner_forms()
        hs, head_lines = next(((s, f) for f in forms for s in sizes
                               if all(D.font(s, True).size(ln)[0] <= room_w for ln in f)), (0, []))
        if not hs:
            hs = px(17)
            head_lines = [ln for p in forms[-1] for ln in wrap(p, D.font(hs, True), room_w)][:2]
        acts = self.actions()
        label_w = max((D.font(px(16), True).size(label)[0] + px(18) for _k, label, _t in acts), default=0)
        per_row = len(acts) if label_w * len(acts) + gap * (len(acts) - 1) <= inner else 2
        rows = -(-len(acts) // per_row)
        note = sc.panel.card_note()
        # a headline's line: 26 px, or what a taller script's font needs (Japanese)
        # (two lines stand a whole line apart: the second never touches the first's letters)
        trim = px(4) if len(head_lines) == 1 else 0
        head_h = max([px(26)] + [D.font(hs, True).size(ln)[1] - trim for ln in head_lines])
        fixed = pad + len(head_lines) * head_h + px(4) + px(8) + rows * bh + (rows - 1) * gap + pad
        for rs in (px(15), px(14), px(13)):
            lh = max(D.font(rs).size("Ag")[1], D.font(rs).get_linesize())
            why_all = wrap(_("{sentence}.").format(sentence=why), D.font(rs), inner)
            note_all = wrap(note, D.font(rs), inner) if note else []
            why_lines, note_lines = why_all[:3], note_all[:3]
            if fixed + (len(why_lines) + len(note_lines)) * lh <= room:
                break
        while fixed + (len(why_lines) + len(note_lines)) * lh > room and (note_lines or len(why_lines) > 1):
            (note_lines if note_lines else why_lines).pop()
        # a sentence cut short says so: its last line shown ends in '…' (never a word cut silently)
        for what, shown, whole in (("banner reason", why_lines, why_all), ("banner note", note_lines, note_all)):
            if shown and len(shown) < len(whole):
                sep = "" if i18n.language() == "ja" else " "
                shown[-1] = ellipsize(shown[-1] + sep + whole[len(shown)], D.font(rs), inner, what)
        h = min(room, fixed + (len(why_lines) + len(note_lines)) * lh)
        card = pygame.Rect(place.x, place.bottom - h, w, h)
        geo.update(rect=card, head_lines=head_lines, why_lines=why_lines, note_lines=note_lines, hs=hs, rs=rs,
                   lh=lh, pad=pad, icon=icon, disc=None, head_h=head_h)
        if disc_r and head_lines:
            # centred on the ink of the headline's first line (its letters, not the font's box)
            ink = D.font(hs, True).render(head_lines[0], True, (255, 255, 255)).get_bounding_rect()
            geo["disc"] = ((card.x + pad + disc_r, card.y + pad + ink.centery), disc_r)
        buttons = {"close": pygame.Rect(card.right - pad // 2 - close_w, card.y + pad // 2, close_w, close)}
        bw = (inner - gap * (per_row - 1)) // max(1, per_row)
        for i, (key, _label, _tip) in enumerate(acts):
            row, col = divmod(i, per_row)
            y = card.bottom - pad - (rows - row) * bh - (rows - 1 - row) * gap
            buttons[key] = pygame.Rect(card.x + pad + col * (bw + gap), y, bw, bh)
        geo["buttons"] = buttons
        return geo

    def sync(self) -> None:
        """One pygame-gui button per banner action while the banner shows (kept until it changes;
        a button the card only moves, when a message makes it taller, is moved, not made anew, so
        a press on it is never lost)."""
        sc = self.scene
        W = sc.w
        if not W or sc.root is None:
            return
        want: Any = None
        if self.shown():
            geo = self.geometry()
            want = tuple(sorted((k, tuple(r)) for k, r in geo["buttons"].items()))
        if want == self._built:
            return
        keys = {k for k, _r in want} if want else set()
        for k in [k for k in W if k.startswith("banner:") and k[7:] not in keys]:
            W.pop(k).kill()
        self._built = want
        sc.panel.update_status_box()        # the card stands for the status box while it is open
        if want is None:
            return
        geo = self.geometry()               # (the box's words may have moved the card)
        self._built = tuple(sorted((k, tuple(r)) for k, r in geo["buttons"].items()))
        labels = {key: (label, tip) for key, label, tip in self.actions()}
        labels["close"] = ("×", _("Close: see the whole board (the panel shows the result again)"))
        for key, r in geo["buttons"].items():
            kept = W.get(f"banner:{key}")
            if kept is not None and kept.text == labels[key][0]:
                if tuple(kept.rect) != tuple(r):
                    kept.set_relative_position(r.topleft)
                    kept.set_dimensions(r.size)
                continue
            if kept is not None:
                W.pop(f"banner:{key}").kill()
            label, tip = labels[key]
            oid = "#primary_button" if key == "rematch" else None
            W[f"banner:{key}"] = UIButton(r, label, sc.ui, container=sc.root, object_id=oid, tool_tip_text=tip)

    def first_button(self) -> UIButton | None:
        """The card's first action button, once made (the focus ring goes there when the game
        ends while the move box has the keyboard)."""
        for key, _label, _tip in self.actions():
            el = self.scene.w.get(f"banner:{key}")
            if el is not None:
                return el
        return None

    def button(self, event: pygame.event.Event) -> bool:
        """A press of one of the banner's buttons; True if it was one."""
        sc = self.scene
        key = next((k[7:] for k, el in sc.w.items() if k.startswith("banner:") and event.ui_element is el), None)
        if key is None:
            return False
        if key == "close":
            self.set_open(False)
        elif key == "review":
            self.set_open(False)
            if not sc.review.running:
                sc.review.start()
        elif key == "analyse":
            m = self.match
            if m is not None and self.app is not None:
                self.app.push(make_scene("analysis_of", m, m.tree.cursor))
        elif key == "new":
            sc.new_game()
        elif key == "rematch":
            sc.rematch()
        return True

    def covers(self, pos: tuple[int, int]) -> bool:
        """Is ``pos`` on the banner (clicks there do not reach the board)?"""
        if not self.shown():
            return False
        return self.geometry()["rect"].collidepoint(pos)

    def draw(self, surface: pygame.Surface) -> None:
        """The result card in the panel (the winner by name and colour, the reason, Review /
        Analyse / New game / Rematch, × to close it), in the theme's card colours. Its buttons are
        widgets (``sync``); the texts are drawn here. ``rect`` notes its place."""
        if not self.shown():
            return
        theme = self.theme
        geo = self.geometry()
        rect = geo["rect"]
        self.rect = rect
        win = self.match.result.winner if self.match.result else None
        surface.blit(D.rounded_panel(rect.size, theme.card_fill, radius=self.px(12),
                                     border=(*theme.banner_border, 255), border_width=2), rect.topleft)
        for name, text, r, size in self._texts(geo):
            colour = theme.banner_head if name == "banner head" else theme.text if name == "banner reason" else \
                NOTE_COLOURS.get(self.scene.panel.status_kind, theme.text)
            D.text(surface, text, r.topleft, size, colour, anchor="topleft", bold=name == "banner head", shadow=False)
        if win is not None and geo["disc"] is not None:
            centre, r = geo["disc"]
            colour_icon(surface, centre, win, r)

    def _texts(self, geo: dict[str, Any]) -> list[tuple[str, str, pygame.Rect, int]]:
        """Each line the card draws: (name, text, its rectangle, font size)."""
        px = self.px
        rect, pad = geo["rect"], geo["pad"]
        out = []
        x, y = rect.x + pad + geo["icon"], rect.y + pad
        for line in geo["head_lines"]:
            w, h = D.font(geo["hs"], True).size(line)
            out.append(("banner head", line, pygame.Rect(x, y, w, h), geo["hs"]))
            y += geo["head_h"]
        y += px(4)
        for name, lines in (("banner reason", geo["why_lines"]), ("banner note", geo["note_lines"])):
            for line in lines:
                w, h = D.font(geo["rs"]).size(line)
                out.append((name, line, pygame.Rect(rect.x + pad, y, w, h), geo["rs"]))
                y += geo["lh"]
        return out

    def text_rects(self) -> list[tuple[str, pygame.Rect, pygame.Rect | None, int]]:
        """The banner's drawn texts (for the layout audit)."""
        if not self.shown():
            return []
        geo = self.geometry()
        return [(name, r, geo["rect"], size) for name, _text, r, size in self._texts(geo)]
