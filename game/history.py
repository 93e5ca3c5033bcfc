"""History browsing, replay, autosave, sounds and the file buttons of the board scene.

``BoardExtras(scene)`` is created by ``BoardScene`` and called from a few hooks there
(``build_ui``, ``handle_event``, ``update``, ``refresh_panel``, ``draw_overlay``, ``play_move``,
``exit``), so this part of the board lives in its own module:

* Browsing: the position shown is the match's own (``Match.undo``/``redo`` move along the
  line; ``Match.future`` holds the later moves). ◀ ▶ |◀ ▶| buttons, Left/Right/Home/End, and a
  click on a move in the move list. Forward steps play the move's animation, backward steps and
  jumps cross-fade. While browsing (``scene.browse_ply`` is set) the computer does not move,
  and a new move asks first before it discards the later moves. A game that ended by
  resignation or agreement keeps its result while browsing (it comes back at the end).
* Replay: from the start, one move after another at the animation speed; any click or key stops.
* Autosave after every change (``game.autosave.Autosaver``, written in a background thread).
* Sounds for move animations and the end of the game (``game.sound``).
* Save…, Load…, Picture and the settings button (``game.scenes.files``, ``game.scenes.settings``).
"""
from __future__ import annotations

import html
import math
from typing import TYPE_CHECKING, Any, Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from .anim.moves import MoveAnimation
from .autosave import Autosaver, reapply_result
from .rules.base import Result, RulesError
from .rules.record import UI_REASONS
from .sound import bank, sounds_for
from .views import draw as D

if TYPE_CHECKING:  # pragma: no cover
    from .scenes.board import BoardScene

FADE_TIME = 0.22          # seconds for a backward step / jump cross-fade at speed 1
REPLAY_PAUSE = 0.45       # seconds between replayed moves at speed 1
NAV_KEYS = {pygame.K_LEFT: "back", pygame.K_RIGHT: "forward", pygame.K_HOME: "first", pygame.K_END: "last"}
_ICON = (236, 226, 206)

__all__ = ["BoardExtras", "FadeAnimation", "link_rect"]


class FadeAnimation:
    """A cross-fade between two positions (a step back in the history, or a jump).

    Duck-types ``MoveAnimation`` for the board scene: ``hidden``, ``update``, ``draw``,
    ``finish``, ``done``, ``on_complete``. Points whose stacks differ are hidden on the board
    and drawn here: the old stack fading out, the new one fading in.
    """

    def __init__(self, view: Any, before: dict[str, tuple[str, ...]], after: dict[str, tuple[str, ...]],
                 speed: float = 1.0, on_complete: Callable[[], None] | None = None) -> None:
        self.view = view
        self.before = dict(before)
        self.after = dict(after)
        self.changed = sorted(lab for lab in set(before) | set(after) if before.get(lab, ()) != after.get(lab, ()))
        self.hidden = {lab: len(before.get(lab, ())) for lab in self.changed if before.get(lab)}
        self.duration = FADE_TIME / max(0.05, float(speed))
        self.time = 0.0
        self.motions: list[Any] = []
        self.on_complete = on_complete
        self._ended = False

    @property
    def done(self) -> bool:
        return self._ended

    def update(self, dt: float) -> bool:
        if self._ended:
            return True
        self.time += dt
        if self.time >= self.duration:
            self.finish()
        return self._ended

    def finish(self) -> None:
        if self._ended:
            return
        self.time = self.duration
        self._ended = True
        if self.on_complete:
            cb, self.on_complete = self.on_complete, None
            cb()

    def draw(self, surface: pygame.Surface) -> None:
        u = 1.0 if self.duration <= 0 else max(0.0, min(1.0, self.time / self.duration))
        u = u * u * (3 - 2 * u)
        order = sorted(self.changed, key=lambda q: self.view.pixel_of(q)[1] if q in getattr(self.view, "_pix", {})
                       else 0)
        for lab in order:
            try:
                xy = self.view.pixel_of(lab)
            except KeyError:
                continue
            old, new = self.before.get(lab, ()), self.after.get(lab, ())
            if old and u < 0.99:
                self.view.draw_stack(surface, xy, old, alpha=int(255 * (1 - u)), badge=False)
            if new and u > 0.01:
                self.view.draw_stack(surface, xy, new, alpha=int(255 * u), badge=u > 0.9)


def link_rect(textbox: Any, href: str) -> pygame.Rect | None:
    """Screen rectangle of a link in a pygame-gui text box (None if it is scrolled out of view)."""
    layout = getattr(textbox, "text_box_layout", None)
    if layout is None:
        return None
    try:
        base_x, base_y = textbox._calculate_hyperlinks_offsets()
    except Exception:
        return None
    box = textbox.get_abs_rect()
    for row in layout.layout_rows:
        for ch in row.items:
            if getattr(ch, "href", None) == href:
                r = pygame.Rect(base_x + ch.x, base_y + ch.y, ch.width, ch.height)
                return r if box.collidepoint(r.center) else None
    return None


class BoardExtras:
    """The board scene's history, replay, autosave, sounds and file/settings buttons."""

    def __init__(self, scene: "BoardScene") -> None:
        self.scene = scene
        self.autosaver = Autosaver()
        self.final: Result | None = None        # a UI-level result to put back at the end of the line
        self.replaying = False
        self.replay_wait = 0.0
        self.buttons: dict[str, UIButton] = {}
        self.clock = 0.0
        self._pending_sounds: list[tuple[float, str]] = []
        self._anim_seen: Any = None
        self._result_seen: Any = "unset"
        self._win_pending = False
        self._confirm_text = ""
        self._bypass = False
        self._list_key: Any = None
        self._list_text = ""
        self._href_colour: dict[str, tuple[int, int, int]] = {}
        self.icons: dict[str, tuple[pygame.Rect, str]] = {}

    # ------------------------------------------------------------ helpers
    @property
    def app(self) -> Any:
        return self.scene.app

    @property
    def match(self) -> Any:
        return self.scene.match

    @property
    def browsing(self) -> bool:
        return self.scene.browse_ply is not None

    def total(self) -> int:
        m = self.match
        return 0 if m is None else len(m.history) + len(m.future)

    def speed(self) -> float:
        app = self.app
        return max(0.25, float(app.settings.anim_speed)) if app is not None else 1.0

    def px(self, n: float) -> int:
        return self.scene.px(n)

    # ------------------------------------------------------------ layout
    def compact(self) -> bool:
        """One row of icon buttons when the panel is short or narrow (small windows)."""
        sc = self.scene
        px = self.px
        p = sc.panel_rect
        iw = p.w - px(36)
        text_w = D.font(px(15)).size("Picture")[0] + px(20)
        return p.h < px(700) or (iw - px(36) - 3 * px(6)) // 3 < text_w

    def reserve_height(self) -> int:
        """Height the button rows take below the move list."""
        rows = 1 if self.compact() else 2
        return rows * (self.px(32) + self.px(6))

    def build_ui(self, rect: pygame.Rect) -> None:
        """The history row (|◀ ◀ ▶ ▶| Replay) and the file row (Save… Load… Picture ⚙);
        one row of icons in small windows."""
        sc = self.scene
        px = self.px
        self.buttons = {}
        self.icons = {}
        bh, gap = px(32), px(6)
        x, y, w = rect.x, rect.y + gap, rect.w
        tips = {"first": "Go to the start of the game (Home)", "back": "One move back (Left arrow)",
                "forward": "One move forward (Right arrow)", "last": "Back to the game (End)",
                "replay": "Replay the whole game from the start", "save": "Save this game as a record file (Ctrl+S)",
                "load": "Open a saved game (Ctrl+O)", "picture": "Save the board as a PNG picture",
                "settings": "Settings: speed, sound, colours, full screen (F11)"}

        def add(key: str, r: pygame.Rect, label: str = "", icon: str = "") -> None:
            self.buttons[key] = UIButton(r, label, sc.ui, container=sc.root, tool_tip_text=tips[key])
            if icon:
                self.icons[key] = (r, icon)

        if self.compact():
            keys = ["first", "back", "forward", "last", "replay", "save", "load", "picture", "settings"]
            n = len(keys)
            bw = (w - gap * (n - 1)) // n
            extra = w - (bw * n + gap * (n - 1))
            xx = x
            for i, key in enumerate(keys):
                wd = bw + (1 if i < extra else 0)
                add(key, pygame.Rect(xx, y, wd, bh), "", "gear" if key == "settings" else key)
                xx += wd + gap
        else:
            icon_w = max(px(34), (w - 4 * gap) // 6)
            for i, key in enumerate(("first", "back", "forward", "last")):
                add(key, pygame.Rect(x + i * (icon_w + gap), y, icon_w, bh), "", key)
            rx = x + 4 * (icon_w + gap)
            add("replay", pygame.Rect(rx, y, x + w - rx, bh), "Replay")
            y += bh + gap
            gear_w = bh + px(4)
            cw = (w - gear_w - 3 * gap) // 3
            for i, (key, label) in enumerate((("save", "Save…"), ("load", "Load…"), ("picture", "Picture"))):
                add(key, pygame.Rect(x + i * (cw + gap), y, cw, bh), label)
            add("settings", pygame.Rect(x + w - gear_w, y, gear_w, bh), "", "gear")
        self._list_key = None
        self.refresh_panel()

    # ------------------------------------------------------------ panel
    def refresh_panel(self) -> None:
        """Button states, the move list with links, and the browsing note."""
        sc = self.scene
        m = self.match
        if not self.buttons:
            return
        busy = bool(sc.waiting) or sc.dialog is not None
        n = len(m.history) if m is not None else 0
        total = self.total()
        for key, ok in (("first", n > 0), ("back", n > 0), ("forward", n < total), ("last", n < total),
                        ("replay", total > 0), ("save", m is not None), ("load", True),
                        ("picture", sc.view is not None), ("settings", True)):
            b = self.buttons.get(key)
            if b is None:
                continue
            ok = ok and not (busy and key not in ("settings",))
            (b.enable() if ok else b.disable())
        rb = self.buttons.get("replay")
        if rb is not None:
            if "replay" in self.icons:
                r, _ = self.icons["replay"]
                self.icons["replay"] = (r, "stop" if self.replaying else "replay")
            else:
                label = "Stop" if self.replaying else "Replay"
                if rb.text != label:
                    rb.set_text(label)
        if self.browsing:
            for key in ("resign", "offer", "hint"):
                el = sc.w.get(key)
                if el is not None:
                    el.disable()
        self.update_move_list()

    def update_move_list(self, force: bool = False) -> None:
        """The move list as links (a click shows that position); the shown move stands out."""
        sc = self.scene
        m = self.match
        box = sc.w.get("moves") if sc.w else None
        if box is None or m is None:
            return
        line = [pm.record for pm in m.history] + [pm.record for pm in m.future]
        cur = len(m.history)
        key = (tuple(line), cur)
        if key != self._list_key or force or getattr(box, "html_text", None) != self._list_text:
            self._list_key = key
            rows = []
            colours: dict[str, tuple[int, int, int]] = {}
            for i in range(0, len(line), 2):
                cells = []
                for j in (i, i + 1):
                    if j >= len(line):
                        break
                    href = str(j + 1)
                    text = html.escape(line[j])
                    if j + 1 == cur:
                        colours[href] = (255, 226, 140)
                        cells.append(f"<b><a href='{href}'>{text}</a></b>")
                    else:
                        colours[href] = (239, 228, 208) if j < cur else (138, 124, 104)
                        cells.append(f"<a href='{href}'>{text}</a>")
                    if j == i:
                        cells.append("&nbsp;" * max(2, 10 - len(line[j])))
                rows.append(f"<font color='#a08868'>{i // 2 + 1:>3}.</font>  " + "".join(cells))
            text = "<br>".join(rows) if rows else "<font color='#a08868'>No moves yet.</font>"
            self._href_colour = colours
            self._list_text = text
            if getattr(box, "html_text", None) != text:
                box.set_text(text)
            try:   # the board's own list would be the same rows: it need not rewrite them
                pairs = m.move_pairs()
                sc._last_list = (len(pairs), pairs[-1] if pairs else None)
            except Exception:
                pass
            self._scroll_to(box, (max(cur, 1) - 1) // 2, max(1, (len(line) + 1) // 2))
        self._recolour(box)

    def _scroll_to(self, box: Any, row: int, rows: int) -> None:
        sb = getattr(box, "scroll_bar", None)
        if sb is None:
            return
        try:
            if not self.browsing:
                sb.set_scroll_from_start_percentage(1.0)
                return
            layout_h = box.text_box_layout.layout_rect.height
            view_h = box.text_wrap_rect[3]
            row_h = layout_h / max(1, rows)
            top = sb.start_percentage * layout_h
            y = row * row_h
            if y < top or y + row_h > top + view_h:
                want = max(0.0, min(y - view_h / 2 + row_h / 2, layout_h - view_h))
                sb.set_scroll_from_start_percentage(want / layout_h)
        except Exception:
            pass

    def _recolour(self, box: Any) -> None:
        """Colour the links (pygame-gui draws every link in one colour): played, shown, later."""
        layout = getattr(box, "text_box_layout", None)
        if layout is None or getattr(layout, "_trio_colours", None) is self._href_colour:
            return
        try:
            layout._trio_colours = self._href_colour     # this layout is coloured (rebuilds make new ones)
        except Exception:
            pass
        changed = False
        for row in layout.layout_rows:
            for ch in row.items:
                href = getattr(ch, "href", None)
                if href is None or href not in self._href_colour:
                    continue
                col = pygame.Color(*self._href_colour[href])
                if ch.normal_colour != col or ch.normal_underline:
                    ch.normal_colour = col
                    ch.normal_underline = False          # underlined only under the mouse
                    if not getattr(ch, "is_hovered", False):
                        ch.colour = col
                        ch.underlined = False
                    ch.redraw()
                    changed = True
        if changed:
            try:
                box.redraw_from_chunks()
            except Exception:
                pass

    # ------------------------------------------------------------ browsing
    def browse(self, delta: int) -> None:
        m = self.match
        if m is None:
            return
        self.browse_to(len(m.history) + delta)

    def browse_to(self, ply: int, animate: bool = True) -> bool:
        """Show the position after ``ply`` moves of the line; False if nothing changed."""
        sc = self.scene
        m = self.match
        if m is None or sc.view is None:
            return False
        ply = max(0, min(self.total(), int(ply)))
        cur = len(m.history)
        if ply == cur:
            if not m.future and self.browsing:
                self._at_end()
            return False
        sc.finish_animation()
        if sc.dialog is not None:
            return False
        sc.cancel_engine()
        if not m.future and m.result is not None and m.result.reason in UI_REASONS:
            self.final = m.result            # resigned / agreed: keep it for the end of the line
        if sc.input is not None:
            sc.input.cancel()
        before = m.game.stacks()
        motions = None
        if ply < cur:
            while len(m.history) > ply:
                if not m.undo():
                    break
        else:
            while len(m.history) < ply:
                motions = m.redo()
                if motions is None:
                    break
                sc.marks.append(sc.labels_of(motions))
        del sc.marks[len(m.history):]
        sc.status = ""
        sc.status_kind = "info"
        single_forward = motions is not None and ply == cur + 1 and len(m.history) == ply
        at_end = not m.future
        if at_end:
            self._at_end()
        else:
            sc.browse_ply = len(m.history)
        if animate and single_forward:
            sc.start_animation(before, motions)   # type: ignore[arg-type]
        elif animate:
            self._fade(before)
        else:
            sc.refresh()
        self._note()
        return True

    def _at_end(self) -> None:
        """Back at the end of the line: live play again (and the kept result returns)."""
        sc = self.scene
        sc.browse_ply = None
        if self.final is not None and self.match is not None and self.match.result is None:
            reapply_result(self.match, self.final)
        self.final = None

    def _fade(self, before: dict[str, tuple[str, ...]]) -> None:
        sc = self.scene
        m = self.match
        after = m.game.stacks()
        sc.anim_before = before
        sc.anim = FadeAnimation(sc.view, before, after, speed=self.speed(), on_complete=sc._animation_done)
        if sc.input is not None:
            sc.input.set_game(None)
        sc.refresh_panel()

    def _note(self) -> None:
        """The status line while browsing."""
        sc = self.scene
        m = self.match
        if m is None:
            return
        if self.browsing:
            n, total = len(m.history), self.total()
            where = f"Start of the game ({total} moves)" if n == 0 else f"Move {n} of {total}"
            if self.replaying:
                sc.set_status(f"Replay: {where.lower()}. Click or press a key to stop.")
            else:
                sc.set_status(f"{where}. Press End to return to the game.")
        else:
            sc.status = ""
            sc._update_status_box()

    # ------------------------------------------------------------ a new move while browsing
    def intercept_move(self, text: str) -> bool:
        """Called by ``play_move``: True if the move is handled here (stepping or confirming)."""
        if self._bypass or not self.browsing:
            return False
        m = self.match
        if m is None or not m.future:
            return False
        nxt = m.future[0]
        try:
            same = m.game.move_str(m.game.parse_move(text)) == nxt.text
        except RulesError:
            return False
        if same:
            self.browse_to(len(m.history) + 1)
            return True
        later = len(m.future)
        self._confirm_text = text
        words = "move" if later == 1 else "moves"
        self.scene.open_dialog("branch", "Play a new move here?",
                               f"Playing {html.escape(text)} here replaces the {later} later {words} of this "
                               f"game.<br><br>They cannot be brought back.", "Play it")
        return True

    def _branch_confirmed(self) -> None:
        text, self._confirm_text = self._confirm_text, ""
        sc = self.scene
        sc.browse_ply = None
        self.final = None
        self._bypass = True
        try:
            sc.play_move(text)
        finally:
            self._bypass = False

    def _branch_cancelled(self) -> None:
        self._confirm_text = ""
        sc = self.scene
        if sc.input is not None:
            sc.input.cancel()
        sc.refresh()
        self._note()

    # ------------------------------------------------------------ replay
    def toggle_replay(self) -> None:
        if self.replaying:
            self.stop_replay()
        else:
            self.start_replay()

    def start_replay(self) -> None:
        m = self.match
        if m is None or self.total() == 0:
            return
        self.scene.finish_animation()
        self.browse_to(0, animate=len(m.history) > 0)
        if self.total() == 0:
            return
        self.replaying = True
        self.replay_wait = REPLAY_PAUSE
        self._note()
        self.refresh_panel()

    def stop_replay(self) -> None:
        if not self.replaying:
            return
        self.replaying = False
        self._note()
        self.refresh_panel()

    def _replay_step(self, dt: float) -> None:
        sc = self.scene
        if sc.anim is not None or sc.dialog is not None:
            return
        m = self.match
        if m is None or not m.future:
            self.replaying = False
            if self.browsing:
                self._at_end()
            sc.refresh()
            self.refresh_panel()
            sc.set_status("Replay finished.")
            return
        self.replay_wait -= dt
        if self.replay_wait <= 0:
            self.replay_wait = REPLAY_PAUSE / self.speed()
            self.browse_to(len(m.history) + 1)
            if self.replaying:
                self._note()

    # ------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Runs before the board's own handling; True if the event was used here."""
        sc = self.scene
        t = event.type
        if t == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and sc.dialog is not None \
                and event.ui_element is sc.dialog and sc.dialog_kind in ("branch", "overwrite"):
            kind = sc.dialog_kind
            sc.dialog = None
            sc.dialog_kind = ""
            if kind == "branch":
                self._branch_confirmed()
            else:
                from .scenes import files
                files.overwrite_confirmed(sc)
            return True
        if t == pygame_gui.UI_WINDOW_CLOSE and sc.dialog is not None and event.ui_element is sc.dialog \
                and sc.dialog_kind == "branch":
            sc.dialog = None
            sc.dialog_kind = ""
            self._branch_cancelled()
            return True
        if t == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            from .scenes import files
            return files.path_picked(sc, event)
        if t == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and event.ui_element is sc.w.get("moves"):
            if sc.dialog is None:
                self.stop_replay()
                try:
                    self.browse_to(int(event.link_target))
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
        if t == pygame.KEYDOWN:
            ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            if event.key in NAV_KEYS and not ctrl:
                self.stop_replay()
                self.button(NAV_KEYS[event.key])
                return True
            if self.replaying:
                self.stop_replay()
                return event.key != pygame.K_ESCAPE
            return False
        if t == pygame.MOUSEBUTTONDOWN and sc.board_rect.collidepoint(event.pos):
            if self.replaying:
                self.stop_replay()
                sc.finish_animation()
                return True
            m = self.match
            if self.browsing and sc.anim is None and m is not None and event.button == 1 \
                    and (m.is_over or not m.is_human(m.to_move)):
                n = len(m.history)
                sc.set_status(f"You are looking at move {n} of {self.total()}. Press End to go back to the game.",
                              "warn")
                return True
        return False

    def button(self, key: str) -> None:
        sc = self.scene
        m = self.match
        if key != "replay" and key in ("first", "back", "forward", "last"):
            self.stop_replay()
        if key == "first":
            self.browse_to(0)
        elif key == "back":
            self.browse(-1)
        elif key == "forward":
            self.browse(1)
        elif key == "last":
            self.browse_to(self.total())
        elif key == "replay":
            self.toggle_replay()
        elif key == "save":
            self.stop_replay()
            sc.save_game()
        elif key == "load":
            self.stop_replay()
            sc.load_game()
        elif key == "picture":
            from .scenes import files
            files.export_picture(sc)
        elif key == "settings":
            self.stop_replay()
            from .scenes.menu import settings_scene
            if sc.app is not None:
                sc.app.push(settings_scene())
        _ = m

    # ------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        sc = self.scene
        self.clock += dt
        m = self.match
        if m is None:
            return
        if self.replaying:
            self._replay_step(dt)
        if self.browsing and not m.future:
            self._at_end()
            sc.refresh()
        elif self.browsing and sc.browse_ply != len(m.history):
            sc.browse_ply = len(m.history)      # Undo / Redo while browsing
        # the view follows the settings (changed in the settings scene or with keys)
        app = self.app
        if app is not None and sc.view is not None and sc.view.show_coords != app.settings.show_coords:
            sc.view.show_coords = app.settings.show_coords
            sc.view.layout(sc.board_rect)
        if app is not None:
            from .scenes import settings as settings_mod
            settings_mod.sync_from_app(app)
        # autosave (in the background) after every change
        if app is None or getattr(app, "autosave_enabled", True):
            self.autosaver.update(m, self.final if self.browsing else None)
        self._sounds(m)
        if sc.w:
            box = sc.w.get("moves")
            layout = getattr(box, "text_box_layout", None) if box is not None else None
            if layout is not None and getattr(layout, "_trio_colours", None) is not self._href_colour:
                self.update_move_list()       # the box was rebuilt (resized): colour its links again

    def _sounds(self, m: Any) -> None:
        sc = self.scene
        anim = sc.anim
        if anim is not None and anim is not self._anim_seen:
            self._anim_seen = anim
            self._pending_sounds = []
            if isinstance(anim, MoveAnimation):
                start = self.clock - anim.time
                self._pending_sounds = [(start + t, name) for t, name in
                                        sounds_for(anim.motions, anim.before, anim.speed)]
        if anim is None and self._pending_sounds:
            # the animation was cut short: one landing sound, not a burst
            name = next((n for _, n in self._pending_sounds if n != "move"), self._pending_sounds[-1][1])
            self._pending_sounds = []
            bank().play(name)
        due = [n for t, n in self._pending_sounds if t <= self.clock]
        if due:
            self._pending_sounds = [(t, n) for t, n in self._pending_sounds if t > self.clock]
            for n in due:
                bank().play(n)
        res = m.result
        if self._result_seen == "unset":
            self._result_seen = res
        elif res != self._result_seen:
            if res is not None and not self.browsing and self._result_seen is None:
                self._win_pending = True
            self._result_seen = res
        if self._win_pending and anim is None:
            self._win_pending = False
            if m.result is not None:
                bank().play("win")

    # ------------------------------------------------------------ drawing
    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Icons on the blank history and settings buttons (the font has no such glyphs)."""
        for key, (rect, kind) in self.icons.items():
            b = self.buttons.get(key)
            if b is None or not b.visible:
                continue
            enabled = b.is_enabled if hasattr(b, "is_enabled") else True
            col = _ICON if enabled else (125, 115, 104)
            draw_icon(surface, kind, b.get_abs_rect(), col)

    # ------------------------------------------------------------ life cycle
    def close(self) -> None:
        self.replaying = False
        app = self.app
        try:
            if app is None or getattr(app, "autosave_enabled", True):
                self.autosaver.update(self.match, self.final if self.browsing else None)
        except Exception:
            pass
        self.autosaver.flush(5.0)


def draw_icon(surface: pygame.Surface, kind: str, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """Small antialiased icons drawn on blank buttons (the UI font has no such glyphs):
    first |◀, back ◀, forward ▶, last ▶|, replay ↻▶, stop ■, save ⤓, load (folder), picture, gear."""
    s = min(rect.h, rect.w) * 0.36
    cx, cy = rect.center
    if kind == "gear":
        _gear(surface, (cx, cy), min(rect.h, rect.w) * 0.30, colour)
        return
    lw = max(2, round(s * 0.2))
    if kind == "stop":
        q = s * 0.55
        pygame.draw.rect(surface, colour, pygame.Rect(round(cx - q), round(cy - q), round(2 * q), round(2 * q)),
                         border_radius=max(1, lw // 2))
        return
    if kind == "replay":
        r = s * 0.78
        arc = [(cx + r * math.cos(a), cy + r * math.sin(a))
               for a in (math.radians(d) for d in range(-60, 241, 15))]
        pygame.draw.lines(surface, colour, False, arc, lw)
        ex, ey = arc[0]
        D.polygon_aa(surface, colour, [(ex + s * 0.34, ey - s * 0.05), (ex - s * 0.18, ey - s * 0.36),
                                       (ex - s * 0.12, ey + s * 0.26)])
        t = s * 0.34
        D.polygon_aa(surface, colour, [(cx + t, cy), (cx - t * 0.6, cy - t), (cx - t * 0.6, cy + t)])
        return
    if kind == "save":
        top, bot = cy - s * 0.75, cy + s * 0.25
        pygame.draw.line(surface, colour, (cx, top), (cx, bot - s * 0.2), lw)
        D.polygon_aa(surface, colour, [(cx, bot + s * 0.12), (cx - s * 0.42, bot - s * 0.34),
                                       (cx + s * 0.42, bot - s * 0.34)])
        tray = [(cx - s * 0.8, cy + s * 0.2), (cx - s * 0.8, cy + s * 0.72), (cx + s * 0.8, cy + s * 0.72),
                (cx + s * 0.8, cy + s * 0.2)]
        pygame.draw.lines(surface, colour, False, tray, lw)
        return
    if kind == "load":
        body = pygame.Rect(round(cx - s * 0.85), round(cy - s * 0.45), round(s * 1.7), round(s * 1.15))
        tab = pygame.Rect(body.x, body.y - round(s * 0.25), round(s * 0.7), round(s * 0.35))
        pygame.draw.rect(surface, colour, tab, border_radius=max(1, lw // 2))
        pygame.draw.rect(surface, colour, body, border_radius=max(1, lw // 2))
        pygame.draw.line(surface, (58, 44, 34), (body.x + lw, body.y + round(s * 0.3)),
                         (body.right - lw - 1, body.y + round(s * 0.3)), max(1, lw // 2))
        return
    if kind == "picture":
        frame = pygame.Rect(round(cx - s * 0.9), round(cy - s * 0.65), round(s * 1.8), round(s * 1.3))
        pygame.draw.rect(surface, colour, frame, lw, border_radius=max(1, lw // 2))
        D.polygon_aa(surface, colour, [(frame.x + lw, frame.bottom - lw), (cx - s * 0.2, cy - s * 0.1),
                                       (cx + s * 0.25, cy + s * 0.3), (cx + s * 0.45, cy + s * 0.1),
                                       (frame.right - lw, frame.bottom - lw)])
        pygame.draw.circle(surface, colour, (round(cx + s * 0.45), round(cy - s * 0.3)), max(2, round(s * 0.17)))
        return
    w = s * 0.9
    if kind in ("back", "first"):
        tri = [(cx - w * 0.55, cy), (cx + w * 0.45, cy - s * 0.62), (cx + w * 0.45, cy + s * 0.62)]
    else:
        tri = [(cx + w * 0.55, cy), (cx - w * 0.45, cy - s * 0.62), (cx - w * 0.45, cy + s * 0.62)]
    if kind in ("first", "last"):
        shift = w * 0.28 * (1 if kind == "first" else -1)
        tri = [(x + shift, y) for x, y in tri]
        bar_x = cx - w * 0.62 if kind == "first" else cx + w * 0.62
        bar_x += shift
        bw = max(2, int(s * 0.22))
        pygame.draw.rect(surface, colour, pygame.Rect(int(bar_x - bw / 2), int(cy - s * 0.62), bw, int(s * 1.24) + 1))
    D.polygon_aa(surface, colour, tri)


def _gear(surface: pygame.Surface, c: tuple[float, float], r: float, colour: tuple[int, int, int]) -> None:
    teeth = 8
    pts = []
    for i in range(teeth * 4):
        a = 2 * math.pi * i / (teeth * 4)
        rr = r if (i % 4) in (0, 1) else r * 0.74
        pts.append((c[0] + rr * math.cos(a + math.pi / (teeth * 4)), c[1] + rr * math.sin(a + math.pi / (teeth * 4))))
    D.polygon_aa(surface, colour, pts)
    pygame.draw.circle(surface, (58, 44, 34), (round(c[0]), round(c[1])), max(2, round(r * 0.36)))
