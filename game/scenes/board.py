"""The generic board scene: the board on the left, a side panel on the right.

Works for every game through ``game.views.view_for``/``input_for`` and the rules protocol:
whose turn, counts (``game.counts()``), the move list in the specs' notation, a status line,
Undo/Redo/Resign/Offer/New game/Menu, the last move marked, threats (``game.threats()``), a game
over banner with ``game.highlight_result()``, and a tooltip with the full contents of a stack.

Hooks left for other parts: the computer player (``self.engine``, see ``make_engine``), hints
(``request_hint``), save/load (``save_game``/``load_game``), history browsing (``browse``) and
settings (``app.settings``).
"""
from __future__ import annotations

import html
import random
import re
from typing import Any, Protocol

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextBox
from pygame_gui.windows import UIConfirmationDialog

from ..anim.moves import MoveAnimation
from ..match import HUMAN, Match
from ..rules.base import Color, Game, Motion, RulesError
from ..views import BoardInput, BoardView, Decorations, ViewUnavailable, input_for, view_for
from ..views import draw as D
from .base import Scene, is_button

PANEL_MIN, PANEL_MAX = 300, 460
COUNT_CAPTION = {"amoeba": "Stacks controlled", "onyx": "Stones captured", "onager": "On the far row"}
OFFER_LABEL = {"amoeba": "Offer to end and count", "onager": "Offer draw", "onyx": "Offer to stop"}
OFFER_TEXT = {
    "amoeba": "{me} offers to end the game now and count the stacks (the higher count wins).<br><br>"
              "{other}, do you accept?",
    "onager": "{me} offers a draw.<br><br>{other}, do you accept?",
    "onyx": "{me} offers to stop the game here without a winner.<br><br>{other}, do you accept?",
}
THINK_MIN = 0.35  # seconds a computer move is shown as "thinking" at least
_LABEL_RE = re.compile(r"[a-z]+[0-9]+")


class Engine(Protocol):
    """What the board scene needs from a computer player (the engine helper provides one)."""

    def start(self, game: Game, level: str) -> None:
        """Begin thinking about ``game`` (a private copy) at a level ('easy', 'medium', 'hard')."""

    def poll(self) -> str | None:
        """The chosen move as text once ready, else None. Never blocks."""

    def cancel(self) -> None:
        """Forget the current search (undo, new game, leaving the scene)."""

    def close(self) -> None:
        """Release resources (worker processes)."""


class StubEngine:
    """Stand-in computer player: a random legal move (seeded). Used by tests and when game.ai is absent."""

    def __init__(self, seed: int = 2024) -> None:
        self.rng = random.Random(seed)
        self._move: str | None = None
        self._answer: tuple[str, Any] | None = None

    def start(self, game: Game, level: str) -> None:
        moves = game.legal_strs()
        self._move = self.rng.choice(moves) if moves else None

    def poll(self) -> str | None:
        m, self._move = self._move, None
        return m

    def ask(self, kind: str, game: Game, computer: Color | None = None) -> None:
        """Start an 'offer' (does ``computer`` accept ending now?) or a 'hint' question."""
        if kind == "offer":
            self._answer = ("offer", self.accepts_offer(game, computer if computer is not None else game.to_move.other))
        else:
            moves = game.legal_strs()
            self._answer = ("hint", self.rng.choice(moves) if moves else None)

    def answer(self) -> tuple[str, Any] | None:
        """('offer', bool) or ('hint', move text) once ready; ('error', message) on failure."""
        a, self._answer = self._answer, None
        return a

    def cancel(self) -> None:
        self._move = None
        self._answer = None

    def close(self) -> None:
        self.cancel()

    def accepts_offer(self, game: Game, color: Color) -> bool:
        """Accept an ending by agreement when it is not a loss for ``color``."""
        try:
            probe = game.copy()
            result = probe.end_by_agreement()
        except RulesError:
            return False
        return result.winner in (None, color)


def request_position(game: Game) -> tuple[list[str], dict[str, Any] | None]:
    """The moves (canonical text) that lead to ``game``, and a set-up dict if it did not start new."""
    g = game.copy()
    moves: list[str] = []
    while g.ply > 0:
        try:
            m = g.undo()
        except Exception:
            break
        moves.append(g.move_str(m))
    moves.reverse()
    setup = None
    try:
        from ..rules import make_game
        fresh = make_game(game.name, **game.options())
        if fresh.position_text() != g.position_text() or fresh.to_move != g.to_move:
            setup = {"position": g.position_text(), "to_move": g.to_move.word}
    except Exception:
        setup = {"position": g.position_text(), "to_move": g.to_move.word}
    return moves, setup


class WorkerEngine:
    """The Engine protocol over ``game.ai.worker.EngineClient`` (a separate process).

    The process starts on the first request, so games between people never start one.
    """

    def __init__(self, client_factory: Any = None) -> None:
        self._factory = client_factory
        self._client: Any = None
        self._rid = 0
        self._kind = ""

    def _get(self) -> Any:
        if self._client is None:
            if self._factory is not None:
                self._client = self._factory()
            else:
                from ..ai.worker import EngineClient
                self._client = EngineClient()
        return self._client

    def _args(self, game: Game) -> dict[str, Any]:
        moves, setup = request_position(game)
        self._rid += 1
        return {"game_name": game.name, "options": game.options(), "moves": moves, "request_id": self._rid,
                "setup": setup}

    def start(self, game: Game, level: str) -> None:
        args = self._args(game)
        self._kind = "move"
        self._get().request(level=level, **args)

    def ask(self, kind: str, game: Game, computer: Color | None = None) -> None:
        args = self._args(game)
        self._kind = kind
        if kind == "offer":
            self._get().answer_offer(computer=computer.word if computer is not None else None, **args)
        else:
            self._get().hint(**args)

    def _reply(self) -> Any:
        if self._client is None:
            return None
        r = self._client.poll()
        if r is None or r.request_id != self._rid:
            return None
        return r

    def poll(self) -> str | None:
        r = self._reply()
        if r is None:
            return None
        if r.ok:
            return r.move
        if r.retrying:
            return None
        raise RuntimeError(r.error or "no answer")

    def answer(self) -> tuple[str, Any] | None:
        r = self._reply()
        if r is None:
            return None
        if not r.ok:
            return None if r.retrying else ("error", r.error or "no answer")
        return ("offer", bool(r.accept)) if self._kind == "offer" else ("hint", r.move)

    def cancel(self) -> None:
        if self._client is not None:
            self._client.cancel()

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None


def default_engine_factory() -> Any:
    """WorkerEngine when the engine package is installed, else the StubEngine."""
    try:
        from ..ai import worker  # noqa: F401
    except Exception:
        return StubEngine
    return WorkerEngine


class BoardScene(Scene):
    title = "Game"

    def __init__(self, match: Match | None, error: str = "") -> None:
        super().__init__()
        self.match = match
        self.error = error
        self.view: BoardView | None = None
        self.input: BoardInput | None = None
        self.engine: Any = None
        self.anim: MoveAnimation | None = None
        self.anim_before: dict[str, tuple[str, ...]] = {}
        self.marks: list[tuple[str, ...]] = []       # last-move labels per ply (parallel to history)
        self.status = ""
        self.status_kind = "info"                    # 'info', 'warn', 'error'
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.panel_rect = pygame.Rect(0, 0, 10, 10)
        self.w: dict[str, Any] = {}
        self.dialog: UIConfirmationDialog | None = None
        self.dialog_kind = ""
        self.hover_label: str | None = None
        self.hover_time = 0.0
        self.mouse = (0, 0)
        self.thinking = False
        self.think_time = 0.0
        self.browse_ply: int | None = None          # history browsing hook (None = live position)
        self.waiting = ""                           # 'offer' or 'hint' while the engine answers
        self.engine_failed = False                  # stop asking a failing engine until the next change
        self.hint: str | None = None                # a suggested move shown as an arrow
        self._last_list = None
        from ..history import BoardExtras
        self.extras = BoardExtras(self)             # history browsing, replay, autosave, sounds, files

    # ------------------------------------------------------------ creation
    @classmethod
    def start(cls, game_name: str, options: dict[str, Any] | None = None, players: dict[str, str] | None = None,
              moves: Any = ()) -> "BoardScene":
        """A board scene for a new game (an error page if the game cannot be made)."""
        from ..rules import make_game
        try:
            game = make_game(game_name, **(options or {}))
        except Exception as exc:  # rules module missing or bad options: say so, don't crash
            scene = cls(None, f"{game_name.capitalize()} cannot be played yet: {exc}")
            scene.game_name = game_name
            return scene
        pl = players or {}
        match = Match(game, {Color.BLACK: pl.get("black", HUMAN), Color.WHITE: pl.get("white", HUMAN)})
        scene = cls(match)
        for text in moves:
            try:
                motions = match.play(text)
                scene.marks.append(scene.labels_of(motions))
            except RulesError as exc:
                scene.set_status(f"Could not replay {text}: {exc}", "error")
                break
        return scene

    game_name = ""

    @property
    def game(self) -> Game | None:
        return self.match.game if self.match else None

    def enter(self, app: Any) -> None:
        if self.match is not None:
            self.game_name = self.match.name
            try:
                self.view = view_for(self.match.name, **self.match.game.options())
                self.input = input_for(self.match.name, self.view)
            except ViewUnavailable as exc:
                self.view, self.input = None, None
                self.error = str(exc)
            self.engine = self.make_engine(app)
        super().enter(app)
        if self.view is not None:
            self.view.show_coords = app.settings.show_coords
        self.refresh()

    def exit(self) -> None:
        self.close_dialog()
        if self.engine is not None:
            try:
                self.engine.close()
            except Exception:
                pass
        self.extras.close()                         # the last autosave is written before leaving
        super().exit()

    def make_engine(self, app: Any) -> Any:
        """The computer player: ``app.engine_factory()`` when the engine is installed, else a stub."""
        factory = getattr(app, "engine_factory", None) or default_engine_factory()
        try:
            return factory()
        except Exception:
            return StubEngine()

    # ------------------------------------------------------------ layout
    def build_ui(self) -> None:
        w, h = self.size
        px = self.px
        pw = max(px(PANEL_MIN), min(px(PANEL_MAX), int(w * 0.27)))
        m = max(12, int(h * 0.02))
        self.panel_rect = pygame.Rect(w - pw - m, m, pw, h - 2 * m)
        self.board_rect = pygame.Rect(m, m, w - pw - 3 * m, h - 2 * m)
        if self.view is not None:
            self.view.layout(self.board_rect)
        W = self.w = {}
        p = self.panel_rect
        x, iw = p.x + px(18), p.w - px(36)
        y = p.y + px(14)
        title = self.game_name.capitalize() or "Game"
        if self.match is not None and self.match.game.variant_name():
            title += f"  ·  {self.match.game.variant_name()}"
        menu_w = px(74)
        W["menu"] = UIButton(pygame.Rect(x + iw - menu_w, y, menu_w, px(30)), "Menu", self.ui, container=self.root,
                             tool_tip_text="Back to the main menu (Esc)")
        room = iw - menu_w - px(6)
        head_font = D.font(px(15), True)
        for cand in (title, title.split(",")[0], self.game_name.capitalize() or "Game"):
            title = cand
            if head_font.size(cand)[0] + px(8) <= room:
                break
        W["title"] = UILabel(pygame.Rect(x, y + px(2), room, px(26)), title, self.ui,
                             container=self.root, object_id="#heading")
        y += px(34)
        W["turn"] = UILabel(pygame.Rect(x + px(34), y, iw - px(34), px(36)), "", self.ui, container=self.root,
                            object_id="#turn_label")
        self.turn_icon = (x + px(14), y + px(18))
        y += px(40)
        W["players"] = UILabel(pygame.Rect(x, y, iw, px(24)), "", self.ui, container=self.root,
                               object_id="#player_label")
        y += px(30)
        W["count_head"] = UILabel(pygame.Rect(x, y, iw, px(22)), COUNT_CAPTION.get(self.game_name, "Score"), self.ui,
                                  container=self.root, object_id="#heading")
        y += px(24)
        half = iw // 2
        W["count_b"] = UILabel(pygame.Rect(x + px(30), y, half - px(30), px(30)), "", self.ui, container=self.root,
                               object_id="#counts_label")
        W["count_w"] = UILabel(pygame.Rect(x + half + px(30), y, half - px(30), px(30)), "", self.ui,
                               container=self.root, object_id="#counts_label")
        self.count_icons = ((x + px(13), y + px(15)), (x + half + px(13), y + px(15)))
        y += px(40)
        bh, gap = px(40), px(8)
        n_rows = 3
        buttons_h = n_rows * bh + (n_rows - 1) * gap
        status_h = px(84)
        bottom = p.bottom - px(16)
        by = bottom - buttons_h
        sy = by - px(12) - status_h
        extra_h = self.extras.reserve_height()     # history and file buttons under the move list
        W["moves_head"] = UILabel(pygame.Rect(x, y, iw, px(22)), "Moves", self.ui, container=self.root,
                                  object_id="#heading")
        y += px(24)
        moves_rect = pygame.Rect(x, y, iw, max(px(50), sy - px(10) - y - extra_h))
        W["moves"] = UITextBox("", moves_rect, self.ui, container=self.root)
        W["status"] = UITextBox("", pygame.Rect(x, sy, iw, status_h), self.ui, container=self.root,
                                object_id="#status_box")
        bw = (iw - gap) // 2
        offer = OFFER_LABEL.get(self.game_name, "Offer draw")
        rows = [[("undo", "Undo", None, "Take back the last move (Ctrl+Z)"),
                 ("redo", "Redo", None, "Play again a move you took back (Ctrl+Y)"),
                 ("hint", "Hint", None, "Ask the computer for a good move (H)")],
                [("offer", offer, None, "The other player is asked to accept")],
                [("resign", "Resign", "#danger_button", "Give up this game"),
                 ("new", "New game", "#primary_button", "Set up a new game")]]
        for row_i, row in enumerate(rows):
            cw = (iw - gap * (len(row) - 1)) // len(row)
            for col, (key, label, oid, tip) in enumerate(row):
                r = pygame.Rect(x + col * (cw + gap), by + row_i * (bh + gap), cw, bh)
                W[key] = UIButton(r, label, self.ui, container=self.root, object_id=oid, tool_tip_text=tip)
        self._last_list = None
        self.extras.build_ui(pygame.Rect(x, moves_rect.bottom, iw, extra_h))
        self.refresh_panel()

    # ------------------------------------------------------------ state -> screen
    def set_status(self, text: str, kind: str = "info") -> None:
        self.status = text
        self.status_kind = kind
        self._update_status_box()

    def default_status(self) -> str:
        m = self.match
        if m is None:
            return ""
        if m.is_over:
            return f"Game over: {m.result.describe()}. Undo, or start a new game."  # type: ignore[union-attr]
        who = m.to_move.title
        if not m.is_human(m.to_move):
            return f"{who} (computer) is thinking…"
        if self.input is not None and self.input.prefix:
            return self.input.after_select_message()
        return f"{who} to move: click one of your glowing pieces."

    def _update_status_box(self) -> None:
        box = self.w.get("status")
        if box is None:
            return
        text = self.status or self.default_status()
        colour = {"warn": "#ffb070", "error": "#ff8070"}.get(self.status_kind, "#efe4d0")
        if self.status_kind == "info" and not self.status:
            colour = "#efe4d0"
        threats = self.threats()
        extra = ""
        if threats and self.match and not self.match.is_over and self.anim is None:
            extra = f"<br><font color='#ff7060'><b>Danger:</b> {html.escape(', '.join(t.upper() for t in threats))} can be taken next move!</font>"
        content = f"<font color='{colour}'>{html.escape(text)}</font>{extra}"
        if getattr(box, "html_text", None) != content:
            box.set_text(content)

    def threats(self) -> list[str]:
        g = self.game
        if g is None or g.is_over or self.match is None or self.match.is_over:
            return []
        fn = getattr(g, "threats", None)
        try:
            return list(fn()) if fn else []
        except Exception:
            return []

    def refresh(self) -> None:
        """Position changed: reset the click logic and update the panel."""
        m = self.match
        if m is not None and self.hint is not None and self.hint not in m.legal_strs():
            self.hint = None
        if self.input is not None:
            playable = m is not None and not m.is_over and m.is_human(m.to_move) and self.anim is None
            self.input.set_game(m.game if playable and m is not None else None)
        self.refresh_panel()

    def refresh_panel(self) -> None:
        W = self.w
        m = self.match
        if not W:
            return
        if m is None:
            W["turn"].set_text("Not available")
            self._update_status_box()
            for key in ("undo", "redo", "resign", "offer"):
                W[key].disable()
            return
        r = m.result
        if r is not None:
            W["turn"].set_text("Draw" if r.winner is None else f"{r.winner.title} wins")
        else:
            W["turn"].set_text(f"{m.to_move.title} to move")
        names = {c: ("Human" if m.is_human(c) else f"Computer ({m.players[c]})") for c in Color}
        W["players"].set_text(f"Black: {names[Color.BLACK]}   ·   White: {names[Color.WHITE]}")
        counts = self.counts()
        W["count_b"].set_text(f"Black  {counts.get('black', '–')}")
        W["count_w"].set_text(f"White  {counts.get('white', '–')}")
        rows = m.move_pairs()
        key = (len(rows), rows[-1] if rows else None)
        if key != self._last_list:
            self._last_list = key
            lines = []
            for i, (num, a, b) in enumerate(rows):
                last = i == len(rows) - 1
                col = "#ffe2a8" if last else "#efe4d0"
                lines.append(f"<font color='#a08868'>{num:>3}.</font>  <font color='{col}'>{html.escape(a):<9}"
                             f"  {html.escape(b)}</font>")
            text = "<br>".join(lines) if lines else "<font color='#a08868'>No moves yet.</font>"
            W["moves"].set_text(text)
            sb = getattr(W["moves"], "scroll_bar", None)
            if sb is not None:
                try:
                    sb.set_scroll_from_start_percentage(1.0)
                except Exception:
                    pass
        busy = self.anim is not None
        busy = busy or bool(self.waiting)
        human = m.is_human(m.to_move)
        for key, ok in (("undo", m.can_undo and not busy), ("redo", m.can_redo and not busy),
                        ("hint", not m.is_over and not busy and human),
                        ("resign", not m.is_over and not busy), ("offer", not m.is_over and not busy)):
            (W[key].enable() if ok else W[key].disable())
        self.extras.refresh_panel()
        self._update_status_box()

    def counts(self) -> dict[str, Any]:
        g = self.game
        fn = getattr(g, "counts", None) if g is not None else None
        try:
            return dict(fn()) if fn else {}
        except Exception:
            return {}

    def labels_of(self, motions: list[Motion]) -> tuple[str, ...]:
        out: list[str] = []
        for mo in motions:
            for lab in (mo.src, mo.dst):
                if lab and lab not in out:
                    out.append(lab)
        return tuple(out)

    # ------------------------------------------------------------ moves
    def play_move(self, text: str) -> bool:
        """Play a move (from a click, the engine, a hint...) with its animation."""
        m = self.match
        if m is None or self.view is None:
            return False
        if self.extras.intercept_move(text):       # browsing: step on, or ask before a new line
            return True
        if self.anim is not None:
            self.anim.finish()
        before = m.game.stacks()
        try:
            motions = m.play(text)
        except RulesError as exc:
            self.set_status(str(exc), "error")
            return False
        self.marks.append(self.labels_of(motions))
        self.status = ""
        self.status_kind = "info"
        self.hint = None
        self.engine_failed = False
        self.start_animation(before, motions)
        return True

    def start_animation(self, before: dict[str, tuple[str, ...]], motions: list[Motion]) -> None:
        assert self.view is not None
        speed = self.app.settings.anim_speed if self.app else 1.0
        self.anim_before = before
        self.anim = MoveAnimation(self.view, before, motions, speed=speed, on_complete=self._animation_done)
        if self.input is not None:
            self.input.set_game(None)
        self.refresh_panel()
        if speed >= 50:
            self.anim.finish()

    def _animation_done(self) -> None:
        self.anim = None
        self.anim_before = {}
        self.refresh()

    def finish_animation(self) -> None:
        if self.anim is not None:
            self.anim.finish()

    def undo(self) -> None:
        m = self.match
        if m is None:
            return
        self.finish_animation()
        self.cancel_engine()
        if not m.undo():
            self.set_status("Nothing to undo.", "warn")
            return
        self._sync_marks()
        # against the computer, take back to the last position where a human is to move
        humans = [c for c in Color if m.is_human(c)]
        while humans and not m.is_over and not m.is_human(m.to_move) and m.history:
            m.undo()
            self._sync_marks()
        self.status = ""
        self.refresh()

    def redo(self) -> None:
        m = self.match
        if m is None:
            return
        self.finish_animation()
        self.cancel_engine()
        before = m.game.stacks()
        motions = m.redo()
        if motions is None:
            self.set_status("Nothing to redo.", "warn")
            return
        self.marks.append(self.labels_of(motions))
        self.status = ""
        self.start_animation(before, motions)

    def _sync_marks(self) -> None:
        assert self.match is not None
        del self.marks[len(self.match.history):]

    def resign(self) -> None:
        m = self.match
        if m is None or m.is_over:
            return
        humans = [c for c in Color if m.is_human(c)]
        who = m.to_move if m.to_move in humans or not humans else humans[0]
        self.open_dialog("resign", "Resign?", f"{who.title} resigns and {who.other.title} wins.<br><br>Are you sure?",
                         "Resign")
        self._resigner = who

    def offer(self) -> None:
        m = self.match
        if m is None or m.is_over:
            return
        me = m.to_move
        other = me.other
        if not m.is_human(other):
            if self.engine is not None and hasattr(self.engine, "ask"):
                try:
                    self.engine.ask("offer", m.game.copy(), other)
                    self.waiting = "offer"
                    self.set_status(f"{other.title} (computer) is considering the offer…")
                    self.refresh_panel()
                    return
                except Exception as exc:
                    self.set_status(f"The computer player could not answer: {exc}", "error")
                    return
            self.set_status(f"{other.title} (computer) declines the offer.", "warn")
            return
        text = OFFER_TEXT.get(self.game_name, OFFER_TEXT["onager"]).format(me=me.title, other=other.title)
        self.open_dialog("offer", "An offer", text, "Accept")

    def _agree(self) -> None:
        assert self.match is not None
        try:
            self.match.agree()
        except RulesError as exc:
            self.set_status(str(exc), "error")
            return
        self.status = ""
        self.refresh()

    def open_dialog(self, kind: str, title: str, text: str, ok: str) -> None:
        self.close_dialog()
        w, h = self.size
        rect = pygame.Rect(0, 0, self.px(420), self.px(240))
        rect.center = self.board_rect.center if self.board_rect.w > 440 else (w // 2, h // 2)
        self.dialog = UIConfirmationDialog(rect, text, self.ui, window_title=title, action_short_name=ok,
                                           blocking=True)
        self.dialog_kind = kind

    def close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
        self.dialog = None
        self.dialog_kind = ""

    def cancel_engine(self) -> None:
        self.thinking = False
        self.think_time = 0.0
        self.waiting = ""
        self.engine_failed = False
        self.hint = None
        if self.engine is not None:
            try:
                self.engine.cancel()
            except Exception:
                pass

    # ------------------------------------------------------------ hooks for later
    def request_hint(self) -> None:
        """Ask the engine for a suggested move for the human to move (key H); shown as an arrow."""
        m = self.match
        if m is None or m.is_over or not m.is_human(m.to_move) or self.anim is not None:
            return
        if self.engine is None or not hasattr(self.engine, "ask"):
            self.set_status("No hint is available.", "warn")
            return
        try:
            self.engine.ask("hint", m.game.copy())
        except Exception as exc:
            self.set_status(f"No hint: {exc}", "error")
            return
        self.waiting = "hint"
        self.set_status("Looking for a good move…")

    def _answer(self, kind: str, value: Any) -> None:
        m = self.match
        self.waiting = ""
        if m is None:
            return
        if kind == "error":
            self.set_status(f"The computer player could not answer: {value}", "error")
        elif kind == "offer":
            other = m.to_move.other
            if value and not m.is_over:
                self._agree()
                self.set_status(f"{other.title} (computer) accepts.")
            else:
                self.set_status(f"{other.title} (computer) declines the offer.", "warn")
        elif kind == "hint" and value:
            self.hint = str(value)
            self.set_status(f"Hint: {self.hint}")
        self.refresh_panel()

    def save_game(self) -> None:
        """Save… (Ctrl+S): a file dialog in the records folder (game.scenes.files)."""
        from .files import open_save_dialog
        self.finish_animation()
        open_save_dialog(self)

    def load_game(self) -> None:
        """Load… (Ctrl+O): a file dialog; a good record replaces this board (game.scenes.files)."""
        from .files import open_load_dialog
        self.finish_animation()
        open_load_dialog(self)

    def browse(self, delta: int) -> None:
        """Step through the moves of the game (game.history)."""
        self.extras.browse(delta)

    # ------------------------------------------------------------ events
    def back(self) -> bool:
        if self.dialog is not None:
            self.close_dialog()
            return True
        if self.input is not None and self.input.prefix:
            self.input.cancel()
            self.status = ""
            self._update_status_box()
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        assert self.app is not None
        if self.extras.handle_event(event):
            return True
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.dialog:
            kind = self.dialog_kind
            self.dialog = None
            self.dialog_kind = ""
            if kind == "resign" and self.match is not None and not self.match.is_over:
                self.match.resign(getattr(self, "_resigner", self.match.to_move))
                self.status = ""
                self.refresh()
            elif kind == "offer":
                self._agree()
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
            self.dialog = None
            self.dialog_kind = ""
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(event)
        if self.dialog is not None:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self._hover(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if self.anim is not None:
                self.anim.finish()
                return True
            if event.button == 3:
                if self.input is not None:
                    self.input.cancel()
                    self.status = ""
                    self._update_status_box()
                return True
            if event.button == 1 and self.board_rect.collidepoint(event.pos):
                self.click_board(event.pos)
                return True
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _button(self, event: pygame.event.Event) -> bool:
        assert self.app is not None
        W = self.w
        if is_button(event, W.get("undo")):
            self.undo()
        elif is_button(event, W.get("hint")):
            self.request_hint()
        elif is_button(event, W.get("redo")):
            self.redo()
        elif is_button(event, W.get("resign")):
            self.resign()
        elif is_button(event, W.get("offer")):
            self.offer()
        elif is_button(event, W.get("new")):
            from .newgame import NewGameScene
            m = self.match
            players = {c.word: m.players[c] for c in Color} if m else None
            opts = m.game.options() if m else {}
            self.app.replace(NewGameScene(self.game_name or "amoeba", opts, players))
        elif is_button(event, W.get("menu")):
            self.app.pop()
        else:
            return False
        return True

    def _key(self, event: pygame.event.Event) -> bool:
        assert self.app is not None
        if self.anim is not None:  # input waits for the animation; a key press finishes it
            self.anim.finish()
            return True
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if ctrl and event.key == pygame.K_z:
            self.undo()
        elif ctrl and event.key == pygame.K_y:
            self.redo()
        elif ctrl and event.key == pygame.K_s:
            self.save_game()
        elif ctrl and event.key == pygame.K_o:
            self.load_game()
        elif event.key == pygame.K_c and self.view is not None:
            self.app.settings.show_coords = not self.app.settings.show_coords
            self.view.show_coords = self.app.settings.show_coords
            self.view.layout(self.board_rect)
        elif event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.app.settings.anim_speed = min(8.0, self.app.settings.anim_speed * 1.5)
            self.set_status(f"Animation speed ×{self.app.settings.anim_speed:.2g}")
        elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.app.settings.anim_speed = max(0.25, self.app.settings.anim_speed / 1.5)
            self.set_status(f"Animation speed ×{self.app.settings.anim_speed:.2g}")
        elif event.key == pygame.K_h:
            self.request_hint()
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.browse(-1 if event.key == pygame.K_LEFT else 1)
        else:
            return False
        return True

    def _hover(self, pos: tuple[int, int]) -> None:
        if self.view is None:
            return
        lab = self.view.label_at(pos) if self.board_rect.collidepoint(pos) else None
        if lab != self.hover_label:
            self.hover_label = lab
            self.hover_time = 0.0
        if self.input is not None:
            self.input.hover(lab)

    def click_board(self, pos: tuple[int, int]) -> None:
        m = self.match
        if m is None or self.view is None or self.input is None:
            return
        if m.is_over:
            self.set_status(f"The game is over ({m.result.describe()}). Undo or start a new game.", "warn")  # type: ignore[union-attr]
            return
        if not m.is_human(m.to_move):
            self.set_status(f"Please wait: {m.to_move.title} (computer) is thinking.", "warn")
            return
        lab = self.view.label_at(pos)
        res = self.input.click(lab)
        if res.move:
            self.play_move(res.move)
        elif res.message:
            self.set_status(res.message, "warn" if not res.changed else "info")
        else:
            self.status = ""
            self._update_status_box()

    # ------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        super().update(dt)
        self.hover_time += dt
        if self.anim is not None:
            self.anim.update(dt)
        self.extras.update(dt)
        m = self.match
        if self.waiting and self.engine is not None:
            try:
                ans = self.engine.answer()
            except Exception as exc:
                ans = ("error", str(exc))
            if ans is not None:
                self._answer(*ans)
        if (m is not None and self.anim is None and self.dialog is None and not m.is_over and not self.waiting
                and not m.is_human(m.to_move) and self.engine is not None and not self.engine_failed
                and self.browse_ply is None):
            if not self.thinking:
                self.thinking = True
                self.think_time = 0.0
                try:
                    self.engine.start(m.game.copy(), m.players[m.to_move])
                except Exception as exc:
                    self._engine_error(exc)
                    return
                self._update_status_box()
            self.think_time += dt
            if self.think_time >= THINK_MIN / max(0.25, self.app.settings.anim_speed if self.app else 1.0):
                mv = None
                try:
                    mv = self.engine.poll()
                except Exception as exc:
                    self._engine_error(exc)
                if mv:
                    self.thinking = False
                    if not self.play_move(mv):
                        self.engine_failed = True

    def _engine_error(self, exc: Exception) -> None:
        """The computer could not move: say so and wait for the person (Undo, New game…)."""
        self.thinking = False
        self.engine_failed = True
        self.set_status(f"The computer player failed: {exc}. Undo or start a new game.", "error")

    # ------------------------------------------------------------ drawing
    def decorations(self) -> Decorations:
        deco = Decorations(time=self.time)
        m = self.match
        if m is None:
            return deco
        if self.marks and len(self.marks) == len(m.history):
            deco.last_move = self.marks[-1]
        if self.anim is not None:
            deco.hidden = dict(self.anim.hidden)
            deco.last_move = ()
            return deco
        if m.is_over:
            fn = getattr(m.game, "highlight_result", None)
            try:
                deco.result = list(fn()) if fn and m.game.is_over else []
            except Exception:
                deco.result = []
            deco.hover = self.hover_label
            return deco
        deco.threats = self.threats()
        if self.input is not None and m.is_human(m.to_move):
            if self.app is None or self.app.settings.show_targets:
                self.input.decorate(deco)
            else:
                deco.hover = self.hover_label
            if self.hint is not None and not self.input.prefix:
                opt = next((o for o in self.input.options if o.text == self.hint), None)
                if opt is not None:
                    deco.arrows = [(opt.clicks[0], self.input.arrow_end(opt))]
                    deco.selectable = set()
                    deco.selected = opt.clicks[0]
                    deco.targets = {opt.clicks[-1]: opt.kind}
        return deco

    def _board_in_static(self) -> bool:
        """Views that keep BoardView.draw can have their board pre-composed with the backdrop."""
        return self.view is not None and type(self.view).draw is BoardView.draw

    def static_layer(self) -> pygame.Surface | None:
        """Backdrop + side panel + empty board in one opaque surface (one fast blit a frame)."""
        if self.app is None:
            return None
        back = self.app.backdrop()
        board = self.view.board_surface() if self._board_in_static() else None
        key = (id(back), id(board), self.size, tuple(self.panel_rect), tuple(self.board_rect))
        if getattr(self, "_static_key", None) != key:
            layer = back.copy()
            p = self.panel_rect
            layer.blit(D.rounded_panel(p.size, (0, 0, 0, 80), radius=16), p.move(4, 6))
            layer.blit(D.rounded_panel(p.size, (24, 20, 15, 228), radius=16, border=(106, 78, 52, 255)), p)
            if board is not None and self.view is not None:
                layer.blit(board, self.view.rect.topleft)
            self._static_has_board = board is not None
            self._static = layer
            self._static_key = key
        return self._static

    def draw(self, surface: pygame.Surface) -> None:
        static = self.static_layer()
        used = static is not None and static.get_size() == surface.get_size()
        if used:
            surface.blit(static, (0, 0))  # type: ignore[arg-type]
        with_board = used and getattr(self, "_static_has_board", False)
        if self.view is None or self.match is None:
            self._draw_error(surface)
            return
        stacks = self.anim_before if self.anim is not None else self.match.game.stacks()
        if with_board:
            self.view.draw(surface, stacks, self.decorations(), board=False)
        else:
            self.view.draw(surface, stacks, self.decorations())
        if self.anim is not None:
            self.anim.draw(surface)
        if self.match.is_over and self.anim is None:
            self._draw_banner(surface)

    def _draw_error(self, surface: pygame.Surface) -> None:
        px = self.px
        r = self.board_rect
        box = pygame.Rect(0, 0, min(px(640), r.w - 40), px(200))
        box.center = r.center
        surface.blit(D.rounded_panel(box.size, (30, 24, 19, 235), radius=px(18), border=(150, 110, 66, 255)), box)
        D.text(surface, "Not available yet", (box.centerx, box.y + px(50)), px(30), (255, 226, 168), bold=True)
        from .menu import wrap
        y = box.y + px(100)
        for line in wrap(self.error or "This game cannot be shown.", D.font(px(17)), box.w - px(60))[:4]:
            D.text(surface, line, (box.centerx, y), px(17), D.PALETTE["text"])
            y += px(26)

    REASONS = {"kernel-captured": "the Kernel was captured", "repetition-count": "third repetition, stacks counted",
               "no-moves": "no legal move left", "agreement": "ended by agreement", "resign": "resignation",
               "connection": "the two sides are connected", "back-row-majority": "more pieces on the far row"}

    def _draw_banner(self, surface: pygame.Surface) -> None:
        r = self.match.result if self.match else None
        if r is None:
            return
        px = self.px
        br = self.board_rect
        w = min(br.w - 40, px(520))
        box = pygame.Rect(0, 0, w, px(88))
        box.midtop = (br.centerx, br.y + px(6))
        pulse = 0.5 + 0.5 * abs(((self.time * 0.8) % 2) - 1)
        surface.blit(D.rounded_panel(box.size, (0, 0, 0, 90), radius=px(20)), box.move(4, 6))
        surface.blit(D.rounded_panel(box.size, (34, 24, 14, 235), radius=px(20),
                                     border=(240, 190, 70, int(160 + 95 * pulse) // 16 * 16), border_width=3), box)
        head = "Draw" if r.winner is None else f"{r.winner.title} wins!"
        D.text(surface, head, (box.centerx, box.y + px(33)), px(32), (255, 226, 140), bold=True)
        reason = self.REASONS.get(r.reason, r.reason.replace("-", " "))
        D.text(surface, reason[:1].upper() + reason[1:], (box.centerx, box.y + px(68)), px(17), D.PALETTE["text_dim"])

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn after the widgets: colour icons in the panel and the stack tooltip."""
        m = self.match
        if m is None or not self.w:
            return
        r = self.px(11)
        if m.result is None:
            col = m.to_move
        else:
            col = m.result.winner if m.result.winner is not None else m.to_move
        self._icon(surface, self.turn_icon, col, self.px(13))
        self._icon(surface, self.count_icons[0], Color.BLACK, r)
        self._icon(surface, self.count_icons[1], Color.WHITE, r)
        self.extras.draw_overlay(surface)
        if self.dialog is None and self.hover_label and self.hover_time > 0.35 and self.input is not None \
                and self.anim is None:
            stacks = m.game.stacks()
            pieces = stacks.get(self.hover_label, ())
            if len(pieces) >= 2 or (pieces and self.hover_time > 0.8):
                text = self.input.describe(self.hover_label) or f"{self.hover_label.upper()}: {', '.join(pieces)}"
                self._tooltip(surface, text)

    def _icon(self, surface: pygame.Surface, center: tuple[int, int], color: Color, r: int) -> None:
        top, hi, side = D.piece_colors("W" if color == Color.WHITE else "B")
        spr = D.disc(r, max(2, r // 3), top, hi, side, "", 0.78)
        ax, ay = D.disc_anchor(r, 0.78)
        surface.blit(spr, (center[0] - ax, center[1] - ay - r // 4))

    def _tooltip(self, surface: pygame.Surface, text: str) -> None:
        from .menu import wrap
        px = self.px
        f = D.font(px(15))
        lines = wrap(text, f, px(320))
        w = max(f.size(s)[0] for s in lines) + px(24)
        lh = px(21)
        h = len(lines) * lh + px(16)
        x, y = self.mouse[0] + px(18), self.mouse[1] + px(18)
        sw, sh = self.size
        x = min(x, sw - w - 8)
        y = min(y, sh - h - 8)
        surface.blit(D.rounded_panel((w, h), (16, 13, 10, 235), radius=8, border=(192, 138, 64, 255), border_width=1),
                     (x, y))
        for i, line in enumerate(lines):
            D.text(surface, line, (x + px(12), y + px(8) + i * lh), px(15), D.PALETTE["text"], anchor="topleft",
                   shadow=False)
