"""The board panel's history and file buttons, and the events that drive history browsing.

The history row (|◀ ◀ ▶ ▶| Replay Review) and the file row (Save… Load… Picture, Flip ⟲, ⚙), one row of
icon buttons in small windows; Left/Right/Home/End; a click on a move in the move list; the
confirmations of a new line while browsing and of overwriting a file. The first-time work of
the panel (fonts, disabled looks) is done here one piece a frame after it is built.
"""
from __future__ import annotations

import logging
import math
from functools import partial
from typing import TYPE_CHECKING, Any, Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from ...i18n import _
from ...ui.graph import draw_graph_icon
from ...ui.icons import draw_icon
from ...ui.text import prime_disabled_look, warm_font
from ...views import draw as D
from .part import ScenePart

log = logging.getLogger(__name__)

if TYPE_CHECKING:  # pragma: no cover
    from .scene import BoardScene

NAV_KEYS = {pygame.K_LEFT: "back", pygame.K_RIGHT: "forward", pygame.K_HOME: "first", pygame.K_END: "last"}


class BoardToolbar(ScenePart):
    """The history and file buttons under the move list."""

    def __init__(self, scene: "BoardScene") -> None:
        super().__init__(scene)
        self.buttons: dict[str, UIButton] = {}
        self.icons: dict[str, tuple[pygame.Rect, str]] = {}
        self.two_rows = True        # narrow icons may take two rows (the panel says no where it lacks the room)
        self._warm: list[Callable[[], None]] = []    # first-time work done one piece a frame (see build_ui)

    def needs_frames(self) -> bool:
        """First-time work is still being done, one piece a frame."""
        return bool(self._warm)

    @property
    def history(self) -> Any:
        return self.scene.history

    def layout(self, w: int, two_rows: bool | None = None) -> tuple[int, list[tuple[str, pygame.Rect, str, str]]]:
        """The toolbar's one layout for a width ``w``: its height and its buttons as
        ``(key, rect relative to the toolbar's top left, label, icon)``. Two rows (|◀ ◀ ▶ ▶|
        Replay Review; Save… Load… Picture, Comment, Flip, ⚙) where the panel is tall and wide enough for
        the labels, else icons: one row, or two where one would make them too narrow and the panel has
        the room (``two_rows``, by default what the panel chose: ``self.two_rows``). ``reserve_height`` and ``build_ui`` both use it."""
        px = self.px
        p = self.scene.panel.rect
        bh, gap = px(32), px(6)
        text_w = max(D.font(px(15)).size(w)[0] for w in (_("Save…"), _("Load…"), _("Picture"))) + px(20)
        compact = p.h < px(700) or (w - 3 * px(36) - 5 * gap) // 3 < text_w
        out: list[tuple[str, pygame.Rect, str, str]] = []
        y = gap
        if compact:
            keys = ["first", "back", "forward", "last", "replay", "review", "comment", "save", "load", "picture",
                    "flip", "settings"]
            # one row of twelve while each stays a comfortable target, else two rows of six:
            # a narrow panel (1024 wide) would make each icon some 18 px, easy to miss
            two = self.two_rows if two_rows is None else two_rows
            rows = [keys] if not two or (w - 11 * gap) // 12 >= px(28) else [keys[:6], keys[6:]]
            rh = bh if len(rows) == 1 else px(24)
            for row in rows:
                n = len(row)
                g = max(2, min(gap, (w - n * px(18)) // (n - 1)))   # icon buttons under ~16 px clip their corners
                bw = (w - g * (n - 1)) // n
                extra = w - (bw * n + g * (n - 1))
                xx = 0
                for i, key in enumerate(row):
                    wd = bw + (1 if i < extra else 0)
                    out.append((key, pygame.Rect(xx, y, wd, rh), "",
                                {"settings": "gear", "review": "graph"}.get(key, key)))
                    xx += wd + g
                y += rh + px(4)
            return y - px(4) + gap, out
        icon_w = max(px(34), (w - 5 * gap) // 8)
        for i, key in enumerate(("first", "back", "forward", "last")):
            out.append((key, pygame.Rect(i * (icon_w + gap), y, icon_w, bh), "", key))
        rx = 4 * (icon_w + gap)
        half = (w - rx - gap) // 2
        out.append(("replay", pygame.Rect(rx, y, half, bh), _("Replay"), ""))
        out.append(("review", pygame.Rect(rx + half + gap, y, w - rx - half - gap, bh), _("Review"), ""))
        y += bh + gap
        gear_w = bh + px(4)
        cw = (w - 3 * gear_w - 5 * gap) // 3
        for i, (key, label) in enumerate((("save", _("Save…")), ("load", _("Load…")), ("picture", _("Picture")))):
            out.append((key, pygame.Rect(i * (cw + gap), y, cw, bh), label, ""))
        out.append(("comment", pygame.Rect(w - 3 * gear_w - 2 * gap, y, gear_w, bh), "", "comment"))
        out.append(("flip", pygame.Rect(w - 2 * gear_w - gap, y, gear_w, bh), "", "flip"))
        out.append(("settings", pygame.Rect(w - gear_w, y, gear_w, bh), "", "gear"))
        return y + bh + gap, out

    def reserve_height(self, two_rows: bool | None = None) -> int:
        """Height the button rows take (the toolbar's layout for the panel's inner width)."""
        return self.layout(self.scene.panel.rect.w - self.px(36), two_rows)[0]

    def fit(self, room: int, keep: int) -> int:
        """Choose the rows for ``room`` px shared with the move list, which keeps at least
        ``keep``: two rows of icons where one would make them narrow and the room allows.
        The height the toolbar then takes."""
        self.two_rows = room - self.reserve_height(True) >= keep
        return self.reserve_height()

    def build_ui(self, rect: pygame.Rect) -> None:
        """The buttons of ``layout(rect.w)``, placed in ``rect``."""
        sc = self.scene
        px = self.px
        self.buttons = {}
        self.icons = {}
        tips = {"first": _("Go to the start of the game (Home)"), "back": _("One move back (Left arrow)"),
                "forward": _("One move forward (Right arrow)"), "last": _("Back to the game (End)"),
                "replay": _("Replay the whole game from the start"),
                "save": _("Save this game as a record file (Ctrl+S)"),
                "load": _("Open a saved game (Ctrl+O)"), "picture": _("Save the board as a PNG picture"),
                "settings": _("Settings: speed, sound, colours, full screen (F11)"),
                "comment": _("Write or edit a comment on the move shown (Ctrl+K)"),
                "flip": (_("Flip the board: turn it half round, {sides} (Ctrl+F)").format(sides=sc.view.flip_words(True))
                         if sc.view is not None else _("Flip the board: turn it half round (Ctrl+F)")),
                "review": _("Review: the engine judges every move in the background; a graph of the chances "
                            "and marks ?! (10% of the winning chance lost), ? (20%), ?? (30%, or a missed or "
                            "allowed forced win)")}
        for key, r, label, icon in self.layout(rect.w)[1]:
            r = r.move(rect.x, rect.y)
            self.buttons[key] = UIButton(r, label, sc.ui, container=sc.root, tool_tip_text=tips[key],
                                         object_id="#icon_button" if icon else None)
            if icon:
                self.icons[key] = (r, icon)
        # first-time work the board would otherwise do in the frame of a move: fonts it may need
        # later (the game-over banner, the thinking pill, a long status text set smaller), the
        # scene's own (disabled button looks, icons): one piece a frame from now on
        status = sc.panel.status_box()
        fonts = [(px(30), True), (px(16), False), (px(15), True)]
        if status is not None:
            fonts += status.fonts_to_warm()
        self._warm = [partial(warm_font, *f) for f in fonts]
        self._warm += sc.warm_tasks()
        for b in self.buttons.values():
            self._warm.append(partial(prime_disabled_look, b))
        self.refresh_panel()

    def refresh_panel(self) -> None:
        """Button states, the move list with links, and the browsing note."""
        sc = self.scene
        m = self.match
        if not self.buttons:
            return
        busy = bool(sc.computer.waiting) or sc.dialog is not None
        n = m.ply if m is not None else 0
        total = self.history.total()
        ahead = m is not None and self.history.step_target(1) is not m.tree.cursor
        away = m is not None and self.history.last_node() is not m.tree.cursor
        played = m is not None and m.live.parent is not None
        for key, ok in (("first", n > 0), ("back", n > 0), ("forward", ahead), ("last", away),
                        ("replay", played), ("review", total > 0), ("save", m is not None), ("load", True),
                        ("comment", m is not None),
                        ("picture", sc.view is not None), ("settings", True)):
            b = self.buttons.get(key)
            if b is None:
                continue
            ok = ok and not (busy and key not in ("settings",))
            (b.enable() if ok else b.disable())
        rb = self.buttons.get("replay")
        if rb is not None:
            if "replay" in self.icons:
                r, _icon = self.icons["replay"]
                self.icons["replay"] = (r, "stop" if self.history.replaying else "replay")
            else:
                label = _("Stop") if self.history.replaying else _("Replay")
                if rb.text != label:
                    rb.set_text(label)
        if self.history.browsing:
            for key in ("resign", "offer", "hint"):
                el = sc.w.get(key)
                if el is not None:
                    el.disable()
        if not (sc.panel.waits and sc.anim is not None):    # the move list changes when the move lands
            self.history.update_move_list()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Runs before the board's own handling; True if the event was used here."""
        sc = self.scene
        t = event.type
        if t == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and sc.dialog is not None \
                and event.ui_element is sc.dialog and sc.dialog_kind in ("branch", "overwrite", "replace"):
            kind = sc.dialog_kind
            sc.dialog = None
            sc.dialog_kind = ""
            if kind == "branch":
                self.history.branch_confirmed()
            elif kind == "replace":
                from .. import files
                files.replace_confirmed(sc)
            else:
                from .. import files
                files.overwrite_confirmed(sc)
            return True
        if t == pygame_gui.UI_WINDOW_CLOSE and sc.dialog is not None and event.ui_element is sc.dialog \
                and sc.dialog_kind in ("branch", "overwrite"):
            kind = sc.dialog_kind
            sc.dialog = None
            sc.dialog_kind = ""
            if kind == "branch":
                self.history.branch_cancelled()
            else:
                from .. import files
                files.overwrite_cancelled(sc)
            return True
        if t == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            from .. import files
            return files.path_picked(sc, event)
        if t == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and event.ui_element is sc.w.get("moves"):
            if sc.dialog is None:
                self.history.stop_replay()
                try:
                    self.history.browse_key(str(event.link_target))
                except (TypeError, ValueError):
                    pass
            return True
        if t == pygame_gui.UI_BUTTON_PRESSED:
            for key, b in self.buttons.items():
                if event.ui_element is b:
                    if sc.dialog is None:
                        self.button(key)
                    return True
            return False
        if sc.dialog is not None:
            return False
        if t == pygame.KEYDOWN and sc.movebox.focused():
            return False                 # keys are the move box's while it is focused
        if t == pygame.KEYDOWN:
            ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            if event.key in NAV_KEYS and not ctrl:
                self.history.stop_replay()
                self.button(NAV_KEYS[event.key])
                return True
            if self.history.replaying:
                self.history.stop_replay()
                return event.key != pygame.K_ESCAPE
            return False
        if t == pygame.MOUSEBUTTONDOWN and sc.board_rect.collidepoint(event.pos):
            if self.history.replaying:
                self.history.stop_replay()
                sc.finish_animation()
                return True
            m = self.match
            if self.history.browsing and sc.anim is None and m is not None and event.button == 1 \
                    and (m.is_over or not m.is_human(m.to_move)):
                sc.set_status(_("You are looking at another position ({where}). "
                                "Press End to go back to the game.").format(where=self.history.where()), "warn")
                return True
        return False

    def button(self, key: str) -> None:
        sc = self.scene
        m = self.match
        if key != "replay" and key in ("first", "back", "forward", "last"):
            self.history.stop_replay()
        if key == "first":
            self.history.browse_to(0)
        elif key == "back":
            self.history.browse(-1)
        elif key == "forward":
            self.history.browse(1)
        elif key == "last":
            self.history.end()
        elif key == "comment":
            sc.comments.open_editor()
        elif key == "replay":
            self.history.toggle_replay()
        elif key == "review":
            self.history.stop_replay()
            sc.review.toggle()
        elif key == "save":
            self.history.stop_replay()
            sc.save_game()
        elif key == "load":
            self.history.stop_replay()
            sc.load_game()
        elif key == "picture":
            from .. import files
            files.export_picture(sc)
        elif key == "flip":
            sc.board.flip()
        elif key == "settings":
            self.history.stop_replay()
            from ..base import make_scene
            if sc.app is not None:
                sc.app.push(make_scene("settings"))
        _ = m

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Icons on the blank history and settings buttons (the font has no such glyphs)."""
        theme = self.theme
        for key, (rect, kind) in self.icons.items():
            b = self.buttons.get(key)
            if b is None or not b.visible:
                continue
            enabled = b.is_enabled
            col = theme.icon if enabled else theme.icon_disabled
            r = pygame.Rect(b.get_abs_rect())     # whole pixels (pygame-gui types it Rect | FRect)
            if kind == "graph":
                draw_graph_icon(surface, r, col)
            elif kind == "flip":
                draw_flip_icon(surface, r, col)
            else:
                draw_icon(surface, kind, r, col)

    def update(self, dt: float) -> None:
        """One piece of first-time work a frame."""
        if self._warm:
            try:
                self._warm.pop(0)()
            except Exception:     # pygame / pygame-gui work; a widget killed meanwhile: nothing to prepare
                log.debug("first-time work skipped", exc_info=True)     # expected after a rebuild: not a warning


def draw_flip_icon(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """The Flip button's symbol: two arrows turning round each other (the board turned half round)."""
    r = min(rect.w, rect.h) * 0.27
    cx, cy = rect.center
    lw = max(2, round(r * 0.22))
    for start in (200, 20):                     # the upper arc (left to right), the lower one (right to left)
        pts = [(cx + r * math.cos(math.radians(a)), cy - r * math.sin(math.radians(a)))
               for a in range(start, start - 141, -10)]
        pygame.draw.lines(surface, colour, False, pts, lw)
        end = math.radians(start - 140)
        ex, ey = cx + r * math.cos(end), cy - r * math.sin(end)
        tx, ty = math.sin(end), math.cos(end)                   # the way the arc runs at its end
        nx, ny = math.cos(end), -math.sin(end)                  # outwards
        h = r * 0.62
        tip = (ex + tx * h * 0.55, ey + ty * h * 0.55)
        D.polygon_aa(surface, colour, [tip, (ex - tx * h * 0.2 + nx * h * 0.5, ey - ty * h * 0.2 + ny * h * 0.5),
                                       (ex - tx * h * 0.2 - nx * h * 0.5, ey - ty * h * 0.2 - ny * h * 0.5)])
