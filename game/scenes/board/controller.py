"""One board area's input and marks: the same for the board scene, lessons and puzzles.

``BoardController`` owns the view and the input (``game.views``) of one board on screen and
turns pointer and key events into what a player meant, with one meaning everywhere:

* a left press on a point is a click (``BoardInput.click``); with the button held and the
  pointer moved a few pixels the selected piece follows the pointer (drawn under it, hidden on
  its point) and the release is a click on the point under the pointer (drag and drop);
* the pointer over a point is the hover (targets, ghosts, tags; ``tooltip_text`` after a rest);
* right click or Escape (``cancel``) clears the selection, an open chain with it; it returns
  False when nothing was selected, so Escape then goes on to leave the scene;
* Backspace (``take_back``) or a click on the previous landing takes back one landing of a
  chain (or the selection itself);
* Enter (``end_chain``) ends an open chain where the piece stands; not used otherwise;
* Ctrl+F (``flip``) turns the board half round;
* a move typed in the move box (``preview``) shows as the hover over its last point would show
  it, its earlier points selected: the same drawing (``BoardInput.decorate_hover``).

What comes out goes to the host (the scene) through three hooks:

* ``board_gate() -> bool``: may a click go to the input now? (The host says why not itself.)
* ``board_move(text) -> bool``: a complete move (canonical text) to judge or play (True: taken);
* ``board_said(result)``: what a click did that was not a move (a ``ClickResult`` with its
  message and whether the selection changed).

The host also gives ``board_rect`` (the board area) and ``px`` (lengths at the UI scale).
"""
from __future__ import annotations

from typing import Any, Generic, Iterable, Protocol, TypeVar, cast, overload

import pygame

from ...i18n import _, ngettext
from ...rules.base import RulesError
from ...themes import CLASSIC
from ...ui.overlays import draw_tooltip
from ...ui.tips import TIP_LIFE
from ...views import BoardInput, BoardView, ClickResult, Decorations, ViewUnavailable, input_for

DRAG_START_PX = 6      # pointer travel (at scale 1) before a press becomes a drag
TIP_AFTER = 0.35       # seconds the pointer rests on a stack of two or more before its text shows
TIP_AFTER_ONE = 0.8    # ... on a single piece
TIP_WAIT = 0.9         # frames are needed until then (a tooltip on its way)

T = TypeVar("T")


class BoardHost(Protocol):
    """The scene a ``BoardController`` sits in (the board scene, the tutorial): see the module
    docstring."""

    @property
    def app(self) -> Any: ...

    @property
    def board_rect(self) -> pygame.Rect: ...

    def px(self, n: float) -> int: ...

    def board_gate(self) -> bool: ...

    def board_move(self, text: str) -> bool: ...

    def board_said(self, res: ClickResult) -> None: ...


class OnBoard(Generic[T]):
    """A scene attribute that is its board controller's (``scene.board``): ``view``, ``input``,
    ``hover_label``… read and written there, so the board scene and the tutorial name them once.
    ``mouse`` keeps a tuple. ``OnBoard[X]`` (``view: OnBoard[BoardView | None] = OnBoard()``)
    types it as the controller's attribute; a bare ``OnBoard()`` is untyped (``OnBoard[Any]``)."""

    name: str

    def __init__(self: "OnBoard[Any]") -> None:
        pass

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, scene: None, owner: type | None = None) -> "OnBoard[T]": ...

    @overload
    def __get__(self, scene: object, owner: type | None = None) -> T: ...

    def __get__(self, scene: Any, owner: type | None = None) -> Any:
        if scene is None:
            return self
        return getattr(scene.board, self.name)

    def __set__(self, scene: Any, value: T) -> None:
        # ``mouse`` is an ``OnBoard[tuple[int, int]]``: a point given as any pair is kept as a tuple
        setattr(scene.board, self.name, tuple(cast("Iterable[int]", value)) if self.name == "mouse" else value)


class BoardController:
    """The view, input, hover and drag of one board area; see the module docstring."""

    def __init__(self, host: BoardHost) -> None:
        self.host = host
        self.view: BoardView | None = None
        self.input: BoardInput | None = None
        self.mouse: tuple[int, int] = (0, 0)
        self.clicked: tuple[str, ...] = ()     # the points clicked for the move being given to the host
        self.hover_label: str | None = None
        self.hover_time = 0.0
        self.drag: dict[str, Any] | None = None
        self.typed = ""                 # the move box's text, previewed while it is a legal move

    def attach(self, view: BoardView | None, inp: BoardInput | None) -> None:
        """Use this view and input (a new game, a lesson's other board size)."""
        self.view, self.input = view, inp
        self.drag = None
        self.hover_label = None

    def show(self, game_name: str, view: BoardView | None) -> None:
        """Use ``view`` laid out in the board's area, with its game's input (none when the game
        has no input to give): a lesson's or a puzzle's board."""
        inp = None
        if view is not None:
            view.layout(self.rect)
            try:
                inp = input_for(game_name, view)
            except ViewUnavailable:
                inp = None
        self.attach(view, inp)

    @property
    def rect(self) -> pygame.Rect:
        return self.host.board_rect

    @property
    def live(self) -> bool:
        """The input takes clicks now (a position is set on it)."""
        return self.input is not None and self.input.game is not None

    def px(self, n: float) -> int:
        return self.host.px(n)

    # ------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Pointer events over the board and the board's keys (Backspace, Enter). True: used."""
        if event.type == pygame.MOUSEMOTION:
            self.motion(event.pos, event.buttons)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = tuple(event.pos)
            return self.release(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = tuple(event.pos)
            if event.button == 3:
                if not self.cancel():
                    self.host.board_said(ClickResult(None, "", False))
                    self.show_card(event.pos)      # nothing selected: the stack's card at once
                return True
            if event.button == 1 and self.rect.collidepoint(event.pos):
                self.press(event.pos)
                return True
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                return self.take_back()
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.end_chain()
            if event.key == pygame.K_f and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                return self.flip()
        return False

    def flip(self) -> bool:
        """Ctrl+F (and the board's Flip button): turn the board half round, in games, lessons and
        puzzles alike; kept in the settings, which every board follows. The host says so."""
        app = self.host.app
        if app is None or self.view is None:
            return False
        st = app.settings
        st.flip = not st.flip
        self.view.set_look(app.theme, st.flip)
        self.drag = None
        self.hover(None)
        words = (_("Board turned half round: {sides}.").format(sides=self.view.flip_words(True)) if st.flip
                 else _("Board the usual way round: {sides}.").format(sides=self.view.flip_words(False)))
        self.host.board_said(ClickResult(None, words, True))
        return True

    def press(self, pos: tuple[int, int]) -> None:
        """A left press on the board: a click, and a drag may start from the piece it selected.
        A press on the piece already selected waits: carried off, it is a drag from there;
        released where it was pressed, it is the click it waited for (the piece is put down)."""
        inp, view = self.input, self.view
        if inp is not None and view is not None and self.live and len(inp.prefix) == 1 \
                and self.rect.collidepoint(pos) and view.label_at(pos) == inp.prefix[0]:
            self.drag = {"label": inp.prefix[0], "start": tuple(pos), "moved": False, "again": True}
            return
        self.click(pos)
        self.begin_drag(pos)

    def click(self, pos: tuple[int, int]) -> None:
        """A click on the board at ``pos``: the input's answer goes to the host."""
        if self.view is None or self.input is None or not self.host.board_gate():
            return
        self._give(self.input.click(self.view.label_at(pos)))

    def _give(self, res: ClickResult) -> None:
        if res.move:
            self.clicked = res.clicks           # (the host may word the move as it was clicked)
            try:
                self.host.board_move(res.move)
            finally:
                self.clicked = ()
        else:
            self.host.board_said(res)

    def cancel(self) -> bool:
        """Right click or Escape: the selection (an open chain with it) is cleared. False when
        nothing was selected (Escape may then leave the scene)."""
        self.drag = None
        if self.input is None or not self.input.prefix:
            return False
        self.host.board_said(self.input.cancel())
        return True

    def show_card(self, pos: tuple[int, int]) -> bool:
        """Right click with nothing selected on a stack: its card (``tooltip_text``) shows at once
        and stays until the pointer leaves the stack. False when no stack is there."""
        if self.view is None or self.input is None or not self.rect.collidepoint(pos):
            return False
        lab = self.view.label_at(pos)
        if lab is None or not self._stacks().get(lab):
            return False
        self.hover_label = lab
        self.hover_time = max(self.hover_time, TIP_WAIT, TIP_AFTER_ONE) + 0.01
        self.input.hover(lab)
        return True

    def take_back(self) -> bool:
        """Backspace: one landing of a chain taken back (or the selection). False: nothing selected."""
        if self.input is None or not self.input.prefix or not self.live:
            return False
        self.drag = None
        self.host.board_said(self.input.step_back())
        return True

    def can_end(self) -> bool:
        return self.live and self.input is not None and bool(self.input.can_end())

    def end_chain(self) -> bool:
        """Enter: an open chain ends where the piece stands. False when no chain can end now."""
        if not self.can_end():
            return False
        self.drag = None
        assert self.input is not None           # can_end: a board takes input
        self._give(self.input.end_move())
        return True

    def motion(self, pos: tuple[int, int], buttons: Any = None) -> None:
        """The pointer moved: the hover follows, a held press may become a drag."""
        self.mouse = (pos[0], pos[1])
        self.hover(pos)
        d = self.drag
        if d is None:
            return
        if buttons and not buttons[0]:
            self.drag = None             # the button came up somewhere we did not see
            return
        sx, sy = d["start"]
        if abs(pos[0] - sx) + abs(pos[1] - sy) >= self.px(DRAG_START_PX):
            d["moved"] = True

    def pointer_at(self, pos: tuple[int, int]) -> None:
        """The pointer is at ``pos`` (a press the host used itself, as one that finishes an
        animation): what follows the pointer (a carried piece, the tooltip) starts there."""
        self.mouse = (pos[0], pos[1])

    def drop_drag(self) -> None:
        """No piece is carried any more (the page under it is left): a held press is forgotten."""
        self.drag = None

    def hover(self, pos: tuple[int, int] | None) -> None:
        view = self.view
        if view is None:
            return
        lab = view.label_at(pos) if pos is not None and self.rect.collidepoint(pos) else None
        if lab != self.hover_label:
            self.hover_label = lab
            self.hover_time = 0.0
        if self.input is not None:
            self.input.hover(lab)

    def update(self, dt: float) -> None:
        self.hover_time += dt

    # ------------------------------------------------------------ drag and drop
    def begin_drag(self, pos: tuple[int, int]) -> None:
        """After a press on the board: a drag may start from the piece just selected."""
        inp = self.input
        self.drag = None
        if inp is not None and len(inp.prefix) == 1 and self.live:
            self.drag = {"label": inp.prefix[0], "start": tuple(pos), "moved": False}

    def release(self, pos: tuple[int, int]) -> bool:
        """The button came up: a carried piece lands on the point under the pointer (a click
        there); released on its own point or off the board it goes back and stays selected."""
        d, self.drag = self.drag, None
        if d is not None and not d["moved"] and d.get("again"):
            self.click(pos)                 # a press and release on the selected piece: its click
            return True
        if d is None or not d["moved"] or self.view is None or self.input is None:
            return False
        if tuple(self.input.prefix[:1]) != (d["label"],):
            return False
        lab = self.view.label_at(pos) if self.rect.collidepoint(pos) else None
        if lab is None or lab == d["label"]:
            return True
        self.click(pos)
        return True

    def dragging(self) -> str | None:
        """The label whose stack is being carried, if any."""
        d = self.drag
        if d is None or not d["moved"] or self.input is None or tuple(self.input.prefix[:1]) != (d["label"],):
            return None
        return str(d["label"])

    def _stacks(self) -> dict[str, tuple[str, ...]]:
        return self.input.shown_stacks() if self.input is not None else {}

    def drag_hidden(self) -> dict[str, int]:
        """Pieces to leave off the board while their stack is carried."""
        lab = self.dragging()
        if lab is None:
            return {}
        return {lab: len(self._stacks().get(lab, ()))}

    def draw_drag(self, surface: pygame.Surface) -> None:
        """The carried stack under the pointer, a little lifted."""
        lab = self.dragging()
        if lab is None or self.view is None:
            return
        pieces = self._stacks().get(lab, ())
        if pieces:
            x, y = self.mouse
            self.view.draw_stack(surface, (x, y + self.view.radius_px * 0.4), pieces, lift=0.6)

    # ------------------------------------------------------------ what the board shows
    def preview(self, text: str) -> None:
        """The move box's text: while it reads as a legal move the board shows that move as
        the pointer over its last point would ('' : none)."""
        self.typed = text

    def typed_clicks(self) -> tuple[str, ...]:
        """The points a person clicks to make the typed move (an Onager path as typed), the
        last one being the one the preview hovers; () while the text is no legal move."""
        inp = self.input
        game = inp.game if inp is not None else None
        if not self.typed or game is None or inp is None:
            return ()
        try:
            move, path = game.parse_text(self.typed.replace(" ", ""))
            name = game.move_str(move)
        except RulesError:
            return ()
        if path:
            clicks = tuple(path)
        else:
            opt = next((o for o in inp.options if o.text == name), None)
            if opt is None:
                return ()
            clicks = opt.clicks
        if len(clicks) >= 2 and clicks[-1] == clicks[-2]:
            clicks = clicks[:-1]          # a second click on the landing ends a chain: the landing is hovered
        return clicks

    def decorate(self, deco: Decorations, show_targets: bool = True) -> Decorations:
        """Add the carried piece, the selection, targets and hover to ``deco`` (while the input
        takes clicks; with the highlights off only the hover ring). A typed legal move is shown
        as its hover would show it."""
        hidden = self.drag_hidden()
        if hidden:
            deco.hidden = {**deco.hidden, **hidden}
        if self.live:
            inp = self.input
            assert inp is not None
            clicks = self.typed_clicks()
            if clicks:
                if show_targets:
                    inp.decorate_hover(deco, clicks)
                else:
                    deco.hover = clicks[-1]
            elif show_targets:
                inp.decorate(deco)
            else:
                deco.hover = self.hover_label
        return deco

    def draw_tooltip(self, surface: pygame.Surface, avoid: Any = ()) -> pygame.Rect | None:
        """The hover text of the stack under the resting pointer, drawn inside the board's area
        in the app's theme (the board scene and the tutorial's pages alike); its rect, if drawn."""
        text = self.tooltip_text()
        if not text:
            return None
        app = self.host.app
        theme = app.theme if app is not None else CLASSIC
        avoid = [*avoid, *self.target_rects()]
        return draw_tooltip(surface, text, self.mouse, self.px, avoid, bounds=self.rect, theme=theme)

    def selected(self) -> str | None:
        """Where the piece the player has picked stands now: the point picked, or mid-chain the
        last landing (None while nothing is picked)."""
        if self.input is None or not self.live:
            return None
        deco = Decorations()
        self.input.decorate(deco)
        if deco.selected is None:
            return None
        return deco.path[-1] if deco.path else deco.selected

    def target_rects(self) -> list[pygame.Rect]:
        """The points the selection can move to (and where its chains end): a tooltip about the
        selected stack keeps off them, since they are what the player looks at next."""
        view, inp = self.view, self.input
        if view is None or inp is None or not self.live:
            return []
        deco = Decorations()
        inp.decorate(deco)
        r = int(view.radius_px * 1.2)
        out = []
        for lab in (*deco.targets, *deco.reach):
            try:
                x, y = view.pixel_of(lab)
            except KeyError:
                continue
            out.append(pygame.Rect(int(x) - r, int(y) - r, 2 * r, 2 * r))
        return out

    def tooltip_text(self) -> str:
        """The hover text of the stack under the resting pointer ('' until it is due)."""
        lab = self.hover_label
        if lab is None or self.input is None or self.drag is not None:
            return ""
        pieces = self._stacks().get(lab, ())
        if not pieces or self.hover_time <= TIP_AFTER or (len(pieces) < 2 and self.hover_time <= TIP_AFTER_ONE):
            return ""
        if self.hover_time > TIP_AFTER_ONE + TIP_LIFE:
            return ""                       # it has stood long enough: it comes again on another stack
        n = len(pieces)
        if lab == self.selected():
            # the status box says what the selection does next, and its targets ring it: a card
            # kept off them stood far from the pointer, over other pieces
            return ""
        return self.input.describe(lab) or ngettext("{cell}: {n} piece", "{cell}: {n} pieces", n).format(cell=lab, n=n)

    def needs_frames(self) -> bool:
        """A drag under way, or a tooltip on its way."""
        return self.drag is not None or (self.hover_label is not None and self.hover_time < TIP_WAIT)
