"""The generic board scene: the board on the left, a side panel on the right.

Works for every game through ``game.views.view_for``/``input_for`` and the rules protocol:
whose turn, counts (``game.counts()``), the move list in the specs' notation, a status line,
Undo/Redo/Resign/Offer/New game/Menu, the last move marked, threats (``game.threats()``), a game
over banner with ``game.highlight_result()``, and a tooltip with the full contents of a stack.

Hooks to other parts: the computer player (``self.engine``, see ``make_engine``), hints
(``request_hint``), save/load (``save_game``/``load_game``), history browsing (``browse``) and
settings (``app.settings``). History, replay, autosave, sounds, the file buttons and the
panel's move list and status line widgets (``MoveList``, ``StatusText``) live in
``game.history``.

Frame time: every frame must stay well under 16 ms, also the one in which a move lands, so
nothing here redoes per move work that grows with the game's length (see docs/architecture.md,
"Frame budget"); while a move animates, the board under it is drawn once and kept.
"""
from __future__ import annotations

import html
import math
import random
import re
from typing import Any, Protocol, Sequence

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel
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
        self.notice = ""     # a message for the player (the worker crashed and was restarted…)

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
            self.notice = r.error or "The computer player was restarted."
            return None
        raise RuntimeError(r.error or "no answer")

    def answer(self) -> tuple[str, Any] | None:
        r = self._reply()
        if r is None:
            return None
        if not r.ok:
            if r.retrying:
                self.notice = r.error or "The computer player was restarted."
                return None
            return ("error", r.error or "no answer")
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
        self.leaving = False                        # Menu / New game pressed: no more engine work
        self._acts_shown: list[tuple[str, str]] | None = None   # extra action buttons now shown
        self._moves_rect = pygame.Rect(0, 0, 10, 10)
        self._frozen: tuple[Any, pygame.Surface] | None = None   # the board under a running animation
        self._frozen_buf: pygame.Surface | None = None
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
        from ..history import FastLabel     # (labels that change with the moves: cached pictures, #turn_label look)
        fsize = lambda n: int(round(n * self.k))   # noqa: E731  (the theme's font sizes, scaled)
        W["turn"] = FastLabel(pygame.Rect(x + px(34), y, iw - px(34), px(36)), "", self.ui, container=self.root,
                              size=fsize(24), bold=True, colour=(255, 226, 168))
        self.turn_icon = (x + px(14), y + px(18))
        y += px(40)
        W["players"] = UILabel(pygame.Rect(x, y, iw, px(24)), "", self.ui, container=self.root,
                               object_id="#player_label")
        y += px(30)
        W["count_head"] = UILabel(pygame.Rect(x, y, iw, px(22)), COUNT_CAPTION.get(self.game_name, "Score"), self.ui,
                                  container=self.root, object_id="#heading")
        y += px(24)
        half = iw // 2
        W["count_b"] = FastLabel(pygame.Rect(x + px(30), y, half - px(30), px(30)), "", self.ui, container=self.root,
                                 size=fsize(18), bold=True)          # (#counts_label look)
        W["count_w"] = FastLabel(pygame.Rect(x + half + px(30), y, half - px(30), px(30)), "", self.ui,
                                 container=self.root, size=fsize(18), bold=True)
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
        self._moves_rect = pygame.Rect(x, y, iw, max(px(50), sy - px(10) - y - extra_h))
        from ..history import MoveList
        W["moves"] = MoveList(self._moves_rect.copy(), self.ui, container=self.root, scale=self.k)
        self._acts_shown = None   # the action buttons (Swap colours, End move) are placed by _sync_actions
        from ..history import StatusText
        W["status"] = StatusText(pygame.Rect(x, sy, iw, status_h), self.ui, container=self.root, scale=self.k)
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
        self.extras.build_ui(pygame.Rect(x, self._moves_rect.bottom, iw, extra_h))
        self.refresh_panel()

    def warm_tasks(self) -> list[Any]:
        """First-time work done one piece a frame after the panel is built (``game.history``
        runs them), so the frame of the first move does not pay for it: the disabled looks of
        the panel's buttons, the colour icons, the buffer that keeps the board under animations."""
        from ..history import prime_disabled_look
        tasks: list[Any] = [lambda b=b: prime_disabled_look(b) for k, b in self.w.items()
                            if isinstance(b, UIButton) and k != "menu"]

        def icons() -> None:
            scratch = pygame.Surface((self.px(40), self.px(40)), pygame.SRCALPHA)
            for c in Color:
                for r in (self.px(13), self.px(11)):
                    self._icon(scratch, (self.px(20), self.px(20)), c, r)

        def buffer() -> None:
            size = self.size
            if self._frozen_buf is None or self._frozen_buf.get_size() != size:
                self._frozen_buf = pygame.Surface(size).convert()

        return tasks + [icons, buffer]

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
            return f"Game over: {m.result.describe()}."  # type: ignore[union-attr]
        who = m.to_move.title
        if not m.is_human(m.to_move):
            if self.engine_failed:
                return f"{who} (computer) could not move. Click the board to ask it again, or Undo."
            return f"Computer is thinking… ({who}, {m.players[m.to_move]})"
        if self.input is not None and self.input.prefix:
            return self.input.after_select_message()
        idle = getattr(self.input, "idle_message", None)
        if idle is not None and self.input is not None and self.input.game is not None:
            try:
                text = idle()
            except Exception:
                text = ""
            if text:
                return text
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
        m = self.match
        if threats and m and not m.is_over and self.anim is None and m.is_human(m.to_move):
            warn = ""
            fn = getattr(self.input, "threat_message", None)
            if fn is not None:
                try:
                    warn = fn(threats)
                except Exception:
                    warn = ""
            else:
                warn = f"{', '.join(t.upper() for t in threats)} can be taken next move!"
            if warn:
                extra = f"<br><font color='#ff7060'><b>Danger:</b> {html.escape(warn)}</font>"
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
        W["players"].set_text(self.players_text())
        counts = self.counts()
        W["count_b"].set_text(f"Black  {counts.get('black', '–')}")
        W["count_w"].set_text(f"White  {counts.get('white', '–')}")
        busy = self.anim is not None
        busy = busy or bool(self.waiting)
        human = m.is_human(m.to_move)
        for key, ok in (("undo", m.can_undo and not busy), ("redo", m.can_redo and not busy),
                        ("hint", not m.is_over and not busy and human),
                        ("resign", not m.is_over and not busy), ("offer", not m.is_over and not busy)):
            (W[key].enable() if ok else W[key].disable())
        self._sync_actions()
        self.extras.refresh_panel()
        self._update_status_box()

    def players_text(self) -> str:
        """'Black: Human · White: Computer (easy)', saying so after an Onyx pie-rule swap."""
        m = self.match
        if m is None:
            return ""
        names = {c: ("Human" if m.is_human(c) else f"Computer ({m.players[c]})") for c in Color}
        sep = "   ·   "
        swapped = m.swapped
        label = self.w.get("players")
        room = label.rect.w - self.px(10) if label is not None else 10 ** 6
        f = getattr(label, "font", None)
        if f is None or not hasattr(f, "size"):
            f = D.font(self.px(16))
        b, w = names[Color.BLACK], names[Color.WHITE]
        short = {c: ("Human" if m.is_human(c) else f"CPU ({m.players[c]})") for c in Color}
        texts = [f"Black: {b}{sep}White: {w}", f"Black: {b} · White: {w}", f"B: {b} · W: {w}",
                 f"B: {short[Color.BLACK]} · W: {short[Color.WHITE]}"]
        if swapped:
            texts = ([f"{t}  (colours swapped)" for t in texts[1:]] + [f"{t} · swapped" for t in texts[2:]]
                     + [f"Swapped: B {short[Color.BLACK]} · W {short[Color.WHITE]}"])
        for t in texts:
            try:
                if f.size(t)[0] <= room:
                    return t
            except Exception:
                return t
        return texts[-1]

    # ------------------------------------------------------------ extra action buttons
    def current_actions(self) -> list[tuple[str, str]]:
        """Buttons the game's input asks for now, as (label, key): Onyx 'Swap colours', Onager 'End move'."""
        inp = self.input
        m = self.match
        if inp is None or m is None or m.is_over or self.anim is not None or not m.is_human(m.to_move):
            return []
        out: list[tuple[str, str]] = []
        try:
            extra = getattr(inp, "extra_actions", None)
            if extra is not None:
                out.extend((str(label), str(key)) for label, key in extra())
            can_end = getattr(inp, "can_end", None)
            if can_end is not None and can_end():
                out.append(("End move", "__end__"))
        except Exception:
            return []
        return out

    def _sync_actions(self) -> None:
        """Show one button per current action, in a row taken from the bottom of the move list."""
        W = self.w
        if not W or self.root is None or "moves" not in W:
            return
        acts = self.current_actions()
        if acts == self._acts_shown:
            return
        for k in [k for k in W if k.startswith("act:")]:
            W.pop(k).kill()
        self._acts_shown = acts
        base = self._moves_rect
        bh, gap = self.px(40), self.px(8)
        moves_rect = base.copy()
        if acts:
            moves_rect.h = max(self.px(40), base.h - bh - gap)
            y = moves_rect.bottom + gap
            n = len(acts)
            cw = (base.w - gap * (n - 1)) // n
            for i, (label, key) in enumerate(acts):
                r = pygame.Rect(base.x + i * (cw + gap), y, cw, bh)
                tip = "Finish the move on the cell the disc stands on (Enter)" if key == "__end__" else \
                    "Take over the other colour (pie rule)"
                W[f"act:{key}"] = UIButton(r, label, self.ui, container=self.root, object_id="#primary_button",
                                           tool_tip_text=tip)
        if W["moves"].rect.size != moves_rect.size:
            W["moves"].set_dimensions(moves_rect.size)

    def do_action(self, key: str) -> None:
        """An action button (or Enter): play the input's move for it."""
        inp = self.input
        m = self.match
        if inp is None or m is None or m.is_over or not m.is_human(m.to_move) or self.anim is not None:
            return
        if key == "__end__":
            res = inp.end_move() if hasattr(inp, "end_move") else None
            text = res.move if res is not None else None
            if res is not None and not text and res.message:
                self.set_status(res.message, "warn")
        else:
            fn = getattr(inp, "action_move", None)
            text = fn(key) if fn is not None else None
            if not text:
                self.set_status("That action is not available now.", "warn")
        if text:
            self.play_move(text)
        else:
            self._sync_actions()

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
        if any(mo.kind == "swap" for mo in motions):
            self.set_status(self.swap_message())
        return True

    def swap_message(self) -> str:
        """After the pie rule's swap: who plays which colour now."""
        m = self.match
        if m is None:
            return ""
        humans = [c for c in Color if m.is_human(c)]
        if len(humans) == 1:
            return f"Colours swapped: you now play {humans[0].title}."
        return "Colours swapped: the first player now plays White."

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
        if any(mo.kind == "swap" for mo in motions):
            self.set_status(self.swap_message())

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
            actions = dict((k, label) for label, k in self.current_actions())
            if self.hint in actions:
                self.set_status(f"Hint: {actions[self.hint]} (the button below the moves).")
            else:
                self.set_status(f"Hint: {self.hint} (marked on the board). Play it, or any other move.")
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
        if self.app is not None and len(self.app.scenes) > 1 and self.app.scene is self:
            self.leave()          # the app pops this scene next
        return False

    def pause(self) -> None:
        """Another scene on top (settings…): the computer stops thinking until the board is back."""
        self.cancel_engine()
        super().pause()

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
            self.leave()
            m = self.match
            players = {c.word: m.players[c] for c in Color} if m else None
            opts = m.game.options() if m else {}
            self.app.replace(NewGameScene(self.game_name or "amoeba", opts, players))
        elif is_button(event, W.get("menu")):
            self.leave()
            self.app.pop()
        else:
            for k, el in list(W.items()):
                if k.startswith("act:") and is_button(event, el):
                    self.do_action(k[4:])
                    return True
            return False
        return True

    def leave(self) -> None:
        """The scene is about to go (Menu, New game, Escape): stop the computer at once."""
        self.leaving = True
        self.finish_animation()
        self.cancel_engine()
        self._update_status_box()

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
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.input is not None \
                and getattr(self.input, "can_end", None) is not None and self.input.can_end():
            self.do_action("__end__")
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
            if self.engine_failed:
                self.engine_failed = False          # ask the computer again
                self.thinking = False
                self.set_status(f"Asking {m.to_move.title} (computer) again…")
                return
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
        self._sync_actions()
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
                and not self.leaving and self.browse_ply is None):
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
                self._engine_notice()
                if mv:
                    self.thinking = False
                    if not self.play_move(mv):
                        self.engine_failed = True
        elif self.waiting:
            self._engine_notice()

    def after_frame(self) -> None:
        """Called by the app after each frame is drawn: the autosave (``game.history``)."""
        self.extras.after_frame()

    def _engine_notice(self) -> None:
        """Show a message the engine left (e.g. its worker crashed and was restarted)."""
        note = getattr(self.engine, "notice", "")
        if note and isinstance(note, str):
            try:
                self.engine.notice = ""
            except Exception:
                pass
            self.set_status(note, "warn")

    def _engine_error(self, exc: Exception) -> None:
        """The computer could not move: say so; a click on the board asks it again, Undo takes back."""
        self.thinking = False
        self.engine_failed = True
        self.set_status(f"The computer player failed: {exc}. Click the board to ask it again, or Undo.", "error")

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
                if opt is not None and opt.clicks:
                    deco.selectable = set()
                    end = self.input.arrow_end(opt)
                    if len(set(opt.clicks)) > 1:
                        deco.arrows = [(opt.clicks[0], end)]
                        deco.selected = opt.clicks[0]
                    else:
                        try:
                            deco.ghosts = self.input.ghosts_for(opt)
                        except Exception:
                            deco.ghosts = []
                    deco.targets = {end: opt.kind}
                    deco.tags = {end: "Hint"}
        return deco

    @property
    def opaque(self) -> bool:
        """True when ``draw`` paints the whole window (its static layer), so the app skips its backdrop."""
        st = getattr(self, "_static", None)
        return self.app is not None and st is not None and st.get_size() == self.size

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
        # while a move animates, the board under it does not change: drawn once, then one blit a frame
        frozen_key = None
        if self.anim is not None and used and self.view is not None and self.match is not None:
            frozen_key = (id(self.anim), tuple(sorted(self.anim.hidden.items())), id(static),
                          surface.get_size(), self.view.show_coords)
            if self._frozen is not None and self._frozen[0] == frozen_key:
                surface.blit(self._frozen[1], (0, 0))
                self.anim.draw(surface)
                self._draw_thinking_if_busy(surface)
                return
        self._frozen = None
        target = surface
        if frozen_key is not None:     # draw the board into a kept buffer, then show it
            buf = self._frozen_buf
            if buf is None or buf.get_size() != surface.get_size():
                buf = self._frozen_buf = pygame.Surface(surface.get_size()).convert()
            target = buf
        if used:
            target.blit(static, (0, 0))  # type: ignore[arg-type]
        with_board = used and getattr(self, "_static_has_board", False)
        if self.view is None or self.match is None:
            self._draw_error(target)
            if target is not surface:
                surface.blit(target, (0, 0))
            return
        stacks = self.anim_before if self.anim is not None else self.match.game.stacks()
        if with_board:
            self.view.draw(target, stacks, self.decorations(), board=False)
        else:
            self.view.draw(target, stacks, self.decorations())
        if target is not surface:
            self._frozen = (frozen_key, target)
            surface.blit(target, (0, 0))
        if self.anim is not None:
            self.anim.draw(surface)
        if self.match.is_over and self.anim is None:
            self._draw_banner(surface)
        else:
            self._draw_thinking_if_busy(surface)

    def _draw_thinking_if_busy(self, surface: pygame.Surface) -> None:
        if self.thinking or self.waiting:
            self._draw_thinking(surface)

    def _draw_thinking(self, surface: pygame.Surface) -> None:
        """A small pill in a free corner of the board area: 'Computer is thinking' with bouncing dots."""
        px = self.px
        text = "Computer is thinking" if self.thinking else (
            "Computer is considering the offer" if self.waiting == "offer" else "Looking for a good move")
        size = px(15)
        f = D.font(size, True)
        dots_w = px(26)
        w, h = f.size(text)[0] + dots_w + px(34), px(32)
        box = self._free_spot((w, h), ("topleft", "topright", "bottomleft", "bottomright"), [])
        surface.blit(D.rounded_panel((w, h), (20, 16, 12, 215), radius=h // 2, border=(214, 170, 96, 200),
                                     border_width=1), box)
        D.text(surface, text, (box.x + px(16), box.centery), size, D.PALETTE["text"], bold=True, anchor="midleft",
               shadow=False)
        x0 = box.right - px(16) - dots_w
        for i in range(3):
            phase = (self.time * 2.2 - i * 0.22) % 1.0
            lift = max(0.0, math.sin(phase * math.pi * 2)) * px(5)
            a = 150 + int(105 * max(0.0, math.sin(phase * math.pi * 2)))
            D.blit_center(surface, D.dot(max(2, px(3)), (255, 214, 140, a // 15 * 15)),
                          (x0 + px(4) + i * px(9), box.centery + px(2) - lift))

    def _free_spot(self, size: tuple[int, int], places: Sequence[str], avoid: Sequence[str]) -> pygame.Rect:
        """A rectangle of ``size`` in the board area covering the fewest points (``avoid`` labels weigh most)."""
        return self._best_spot(size, places, avoid)[0]

    def _best_spot(self, size: tuple[int, int], places: Sequence[str],
                   avoid: Sequence[str]) -> tuple[pygame.Rect, float]:
        """(rectangle, score): score 1 per empty point covered, 3 per stack, 100 per ``avoid`` label."""
        br = self.board_rect
        pad = self.px(8)
        best, best_score = None, None
        r = self.view.radius_px if self.view is not None else 10
        pts = []
        if self.view is not None:
            for lab in self.view.points():
                try:
                    pts.append((lab, self.view.pixel_of(lab)))
                except KeyError:
                    continue
        avoid_set = set(avoid)
        occupied = set(self.match.game.stacks()) if self.match is not None else set()
        for i, place in enumerate(places):
            box = pygame.Rect((0, 0), size)
            inner = br.inflate(-2 * pad, -2 * pad)
            setattr(box, place, getattr(inner, place))
            grown = box.inflate(2 * r, 2 * r)
            score = 0.0
            for lab, xy in pts:
                if grown.collidepoint(xy):
                    score += 100.0 if lab in avoid_set else (3.0 if lab in occupied else 1.0)
            score += i * 0.01    # ties: the first place listed
            if best_score is None or score < best_score:
                best, best_score = box, score
        if best is None:
            return pygame.Rect(br.topleft, size), 0.0
        return best, float(best_score or 0.0)

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

    def result_texts(self) -> tuple[str, str]:
        """(headline, reason) for the game-over banner, in words for this game."""
        m = self.match
        r = m.result if m else None
        if r is None or m is None:
            return "", ""
        win = r.winner
        head = "Draw" if win is None else f"{win.title} wins!"
        lose = win.other.title if win is not None else ""
        counts = self.counts()
        score = ""
        if "black" in counts and "white" in counts:
            score = f"Black {counts['black']} – White {counts['white']}"
        g = m.name
        if r.reason == "kernel-captured" and win is not None:
            why = f"{win.title} captured {lose}'s Kernel"
        elif r.reason == "no-moves":
            stuck = lose if win is not None else m.to_move.title
            why = f"{stuck} has no legal move left"
        elif r.reason == "connection" and win is not None:
            n = int(m.game.options().get("size", 12) or 12)
            edges = f"rows 1 and {n}" if win == Color.BLACK else f"columns a and {'abcdefghijklmnopqrstuvwxyz'[n - 1]}"
            why = f"{win.title} connected {edges}"
        elif r.reason == "back-row-majority" and win is not None:
            key = win.word
            mine = counts.get(key, "?")
            theirs = counts.get(win.other.word, "?")
            why = f"More pieces on the far row: {win.title} {mine}, {lose} {theirs}"
        elif r.reason == "repetition-count":
            why = "Third repetition: stacks counted" + (f" ({score})" if score else "")
        elif r.reason == "agreement":
            why = "Ended by agreement" + (f": stacks counted ({score})" if g == "amoeba" and score else "")
        elif r.reason == "resign" and win is not None:
            why = f"{lose} resigned"
        else:
            reason = self.REASONS.get(r.reason, r.reason.replace("-", " "))
            why = reason[:1].upper() + reason[1:]
        return head, why

    def _draw_banner(self, surface: pygame.Surface, overlay: bool = False) -> None:
        """Winner and reason in a banner that hides no piece and no highlighted result point.

        On the board where a free spot exists (over empty points only), otherwise over the move
        list in the side panel (the winner is also the panel's headline).
        """
        r = self.match.result if self.match else None
        if r is None:
            return
        px = self.px
        br = self.board_rect
        head, why = self.result_texts()
        head_size, why_size = px(30), px(16)
        wf = max(D.font(head_size, True).size(head)[0], D.font(why_size).size(why)[0]) + px(56)
        w = min(br.w - px(16), max(px(300), wf))
        deco = self.decorations()
        places = ("midtop", "midbottom", "topleft", "topright", "bottomleft", "bottomright")
        box, score = self._best_spot((w, px(84)), places, deco.result)
        lines = [why]
        in_panel = score >= 3.0 and self.w.get("moves") is not None
        if in_panel != overlay:
            return               # drawn by the other pass (board: draw; panel: draw_overlay, over the widgets)
        if in_panel:
            from .menu import wrap
            mr = self._moves_rect
            lines = wrap(why, D.font(why_size), mr.w - px(28))[:3]
            box = pygame.Rect(mr.x, mr.y, mr.w, px(62) + len(lines) * px(21))
        self.banner_rect = box
        faint = box.collidepoint(self.mouse)     # the mouse over it: see through it
        pulse = 0.5 + 0.5 * abs(((self.time * 0.8) % 2) - 1)
        if not faint:
            surface.blit(D.rounded_panel(box.size, (0, 0, 0, 90), radius=px(20)), box.move(4, 6))
        surface.blit(D.rounded_panel(box.size, (34, 24, 14, 70 if faint else 242), radius=px(20),
                                     border=(240, 190, 70, 90 if faint else int(160 + 95 * pulse) // 16 * 16),
                                     border_width=3), box)
        alpha = 110 if faint else 255
        D.text(surface, head, (box.centerx, box.y + px(31)), head_size, (255, 226, 140), bold=True, alpha=alpha)
        for i, line in enumerate(lines):
            D.text(surface, line, (box.centerx, box.y + px(64) + i * px(21)), why_size, D.PALETTE["text"],
                   alpha=alpha)

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
        if m.is_over and self.anim is None and self.view is not None:
            self._draw_banner(surface, overlay=True)
        if self.thinking or self.waiting:
            cx, cy = self.turn_icon
            rr = self.px(17)
            for i in range(8):   # a ring of dots chasing round the side to move
                ang = self.time * 5.0 - i * 0.55
                a = max(30, 255 - i * 30) // 15 * 15
                D.blit_center(surface, D.dot(max(2, self.px(2)), (255, 214, 140, a)),
                              (cx + rr * math.cos(ang), cy - self.px(3) + rr * math.sin(ang) * 0.9))
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
