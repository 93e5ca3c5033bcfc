"""What the board's game review shows (``ReviewDisplay``, the base of ``BoardReview`` of
``review.py``): the strip under the board with the evaluation graph and the progress or the
summary, the marks in the move list, the better move on the board and the status line's words.

The strip is drawn as one opaque picture (backdrop, card, graph, column text) made again only
when something in it changed, so a frame costs one blit, also at 4K.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton

from ...rules.base import RulesError
from ...ui.graph import EvalGraph
from ...ui.layout import draw_panel
from ...ui.movelist import MARK_COLOURS
from ...ui.text import wrap
from ...views import draw as D
from ...views.base import ghosts_of
from .part import ScenePart

if TYPE_CHECKING:  # pragma: no cover
    from ...ai.review import Summary
    from .scene import BoardScene

REVIEW_ITERATIONS = 800   # per position: game.ai.review.DEFAULT_ITERATIONS (not imported at start-up)
STRIP_H = 112             # the strip under the board (scaled with px); taller when its words need it
STRIP_MOST = 0.42         # ... up to this share of the board area's height
LINE_H = 19               # a line of the column's words (px at scale 1)
TEXT = (239, 228, 208)
DIM = (170, 152, 128)
REASON_WORDS = {"missed-win": "missed a forced win", "allows-win": "allows a forced win"}


def _rv() -> Any:
    """game.ai.review, imported when first needed (not at start-up)."""
    from ...ai import review
    return review


def move_number(ply: int, match: Any = None) -> str:
    """The number written before ply ``ply`` of the line shown: '12.' for Black's move 12,
    '12...' for White's, 'Lakes:' for an Onager lake (``game.rules.numbering``)."""
    if match is not None:
        line = match.line()
        if 1 <= ply <= len(line) and line[ply - 1].slot is not None:
            return line[ply - 1].slot.prefix
    return f"{(ply + 1) // 2}{'.' if ply % 2 else '...'}"


def chance(value: float, proven: str | None, mover: str) -> str:
    """The mover's winning chance: '62%' (a proven result is exactly 100%, 0% or 50%; the
    verdict's reason says when a forced win was missed or allowed)."""
    if proven == "draw":
        return "50%"
    if proven in ("black", "white"):
        return "100%" if proven == mover else "0%"
    mine = value if mover == "black" else 1.0 - value
    return f"{100.0 * mine:.0f}%"


def verdict(p: Any, short: bool = False) -> str:
    """'White's chance 62% to 0%: allows a forced win' (no mark, no move); ``short``:
    'White 62% to 0%: …'."""
    who = p.mover.title() + ("" if short else "'s chance")
    text = (f"{who} {chance(p.value_before, p.proven_before, p.mover)} to "
            f"{chance(p.value_after, p.proven_after, p.mover)}")
    why = REASON_WORDS.get(p.reason, "")
    return text + (f": {why}" if why else "")


class ReviewDisplay(ScenePart):
    """What the review shows: the display half of the review part (``BoardReview`` in
    ``review.py`` derives from it). The display's own state is made here; what it reads of the
    review's verdicts and progress is declared below and given by ``BoardReview``."""

    # ------------------------------------------------------------ given by BoardReview (review.py)
    state: str                       # idle | running | done | stopped | error (the last run)
    total: int                       # plies being reviewed
    done: int                        # plies done
    error: str
    version: int                     # bumped when verdicts on the nodes change
    data_rev: int                    # grows when what the line shown says changes (caches key on it)

    @property
    def running(self) -> bool:
        raise NotImplementedError

    @property
    def plies(self) -> dict[int, Any]:
        """The verdicts of the line shown: ply -> PlyReview."""
        raise NotImplementedError

    @property
    def summary(self) -> "Summary | None":
        """The summary (accuracy, the biggest swing) of the verdicts of the line shown, or None."""
        raise NotImplementedError

    def main_marks(self) -> dict[int, str]:
        raise NotImplementedError

    def variation_marks(self) -> dict[str, str]:
        raise NotImplementedError

    def _on_run_line(self) -> bool:
        raise NotImplementedError

    def seat_name(self, seat: str) -> str:
        raise NotImplementedError

    def __init__(self, scene: "BoardScene") -> None:
        super().__init__(scene)
        self.shown = False             # the strip under the board
        self.strip_rect: pygame.Rect | None = None
        self.graph: EvalGraph | None = None
        self.buttons: dict[str, UIButton] = {}
        self._shown_buttons: tuple[str, ...] = ()     # the strip's buttons as last made
        self._strip: tuple[Any, pygame.Surface] | None = None   # the strip's picture, kept per key
        self._full_board: pygame.Rect | None = None
        self._strip_made = 0               # the strip's height as last laid out (fit_strip)
        self._wrapped: tuple[Any, list[tuple[str, tuple[int, int, int], bool]]] | None = None
        self._list_key: Any = None
        self._list_box: Any = None        # the move list and tree the marks were given to
        self._list_tree: Any = None
        self._status_key: Any = None
        self._deco: tuple[Any, Any] = (None, None)
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self.focus_ply: int | None = None  # "Jump to it": the biggest swing's ply, its better move shown

    # ------------------------------------------------------------ layout
    def layout(self, board_rect: pygame.Rect) -> pygame.Rect:
        """The board's rectangle, less the strip under it while the review is shown (build_ui)."""
        self._full_board = pygame.Rect(board_rect)
        if not self.shown:
            self.strip_rect = None
            return pygame.Rect(board_rect)
        px = self.scene.px
        sh = self._strip_made = self.strip_height(board_rect)
        gap = max(8, px(10))
        board = pygame.Rect(board_rect.x, board_rect.y, board_rect.w, max(px(120), board_rect.h - sh - gap))
        self.strip_rect = pygame.Rect(board_rect.x, board.bottom + gap, board_rect.w,
                                      board_rect.bottom - board.bottom - gap)
        return board

    def _show(self, on: bool) -> None:
        if on == self.shown:
            return
        self.shown = on
        sc = self.scene
        if self._full_board is None or not sc.w:
            return
        sc.finish_animation()                # the board's points move: no sprite left mid-way
        sc.board_rect = self.layout(self._full_board)
        if sc.view is not None:
            sc.view.layout(sc.board_rect)
        self.build_ui()

    def _column_width(self, strip_w: int) -> int:
        px = self.scene.px
        return min(px(260), max(px(180), strip_w * 2 // 5))

    def column_text(self, width: int) -> list[tuple[str, tuple[int, int, int], bool]]:
        """The column's words wrapped to ``width`` (a line a row), never cut."""
        size = self.scene.px(14)
        lines = tuple(self.column_lines())
        kept = self._wrapped
        if kept is not None and kept[0] == (lines, width, size):
            return kept[1]
        out = [(line, colour, bold) for text, colour, bold in lines
               for line in wrap(text, self._font(size, bold), width)]
        self._wrapped = ((lines, width, size), out)
        return out

    def strip_height(self, board_rect: pygame.Rect) -> int:
        """The strip's height: ``STRIP_H``, or as tall as the column's wrapped words and its
        buttons need (at most ``STRIP_MOST`` of the board area)."""
        px = self.scene.px
        col_w = self._column_width(board_rect.w)
        lines = len(self.column_text(col_w))
        need = px(10) * 2 + px(2) + lines * px(LINE_H) + px(8) + px(30)
        return max(px(STRIP_H), min(need, int(board_rect.h * STRIP_MOST)))

    def fit_strip(self) -> None:
        """The column's words changed (the review ended, a new summary): the strip grows or
        shrinks to them, the board beside it laid out again."""
        sc = self.scene
        if not self.shown or self._full_board is None or self.strip_rect is None or not sc.w:
            return
        full = self._full_board
        if self.strip_height(full) == self._strip_made:
            return
        sc.finish_animation()
        sc.board_rect = self.layout(full)
        if sc.view is not None:
            sc.view.layout(sc.board_rect)
        self.build_ui()

    def _parts(self) -> tuple[pygame.Rect, pygame.Rect]:
        """(graph, column) inside the strip."""
        S = self.strip_rect
        assert S is not None
        px = self.scene.px
        pad = px(10)
        col_w = self._column_width(S.w)
        graph = pygame.Rect(S.x + pad, S.y + pad, S.w - col_w - 3 * pad, S.h - 2 * pad)
        col = pygame.Rect(graph.right + pad, S.y + pad - px(2), col_w, S.h - 2 * pad + px(4))
        return graph, col

    def build_ui(self) -> None:
        """The graph and the column's buttons (after build_ui's layout, and when the strip shows)."""
        for b in self.buttons.values():
            b.kill()
        self.buttons = {}
        self._shown_buttons = ()
        if not self.shown or self.strip_rect is None or self.scene.root is None:
            self.graph = None
            return
        graph_rect, _ = self._parts()
        self.graph = EvalGraph(graph_rect, scale=self.scene.k)
        self._sync_buttons()

    def _wanted_buttons(self) -> tuple[str, ...]:
        if self.running:
            return ("cancel",)
        swing = self.summary.biggest_swing if self.summary is not None else None
        return (("jump",) if swing else ()) + ("analyse", "close")

    def _sync_buttons(self) -> None:
        sc = self.scene
        want = self._wanted_buttons() if self.shown and self.strip_rect is not None else ()
        if want == self._shown_buttons and all(k in self.buttons for k in want):
            return
        for b in self.buttons.values():
            b.kill()
        self.buttons = {}
        self._shown_buttons = want
        if not want or sc.root is None:
            return
        _, col = self._parts()
        px = sc.px
        bh, gap = px(30), px(8)
        labels = {"cancel": ("Cancel", "Stop the review (Esc)"),
                  "jump": ("Jump to it", "Show the position before the biggest swing, with the better move"),
                  "analyse": ("Analyse", "Analyse from here: the analysis board at the position shown "
                                         "(a copy: this game does not change)"),
                  "close": ("Close", "Hide the review (Review shows it again)")}
        close_w = px(76) if len(want) > 1 else col.w
        x, y = col.x, col.bottom - bh
        others = max(1, len([k for k in want if k != "close"]))
        other_w = (col.w - (close_w + gap if "close" in want else 0) - gap * (others - 1)) // others
        for key in want:
            w = close_w if key == "close" else (col.w if len(want) == 1 else other_w)
            label, tip = labels[key]
            self.buttons[key] = UIButton(pygame.Rect(x, y, w, bh), label, sc.ui, container=sc.root,
                                         tool_tip_text=tip,
                                         object_id="#primary_button" if key == "jump" else None)
            x += w + gap

    def _marks(self) -> dict[int, str]:
        """The marks of the line shown: ply -> mark (the graph's)."""
        return {k: p.mark for k, p in self.plies.items() if p.mark}

    def _sync_move_list(self) -> None:
        """The move list's marks: after the moves of the main line and of the variations (read
        from their nodes: a line made the main line, or no longer it, keeps its marks)."""
        box = self.scene.w.get("moves")
        m = self.scene.match
        if box is None or m is None or not hasattr(box, "set_marks"):
            return
        key = (m.tree.version, self.version)
        if key != self._list_key or box is not self._list_box or m.tree is not self._list_tree:
            self._list_key, self._list_box, self._list_tree = key, box, m.tree
            box.set_marks({k - 1: v for k, v in self.main_marks().items()}, self.variation_marks())

    def _values(self, total: int) -> list[float | None]:
        vals: list[float | None] = [None] * (total + 1)
        for k, p in self.plies.items():
            if k <= total:
                vals[k] = p.value_after
                if vals[k - 1] is None:
                    vals[k - 1] = p.value_before
        return vals

    def _sync_graph(self) -> None:
        g = self.graph
        m = self.scene.match
        if g is None or m is None:
            return
        total = self.scene.history.total()
        plies = self.plies                  # the line shown's verdicts (data_rev up to date)
        key = (self.data_rev, total)
        if key != g._data_key:
            g.set_data(self._values(total), self._marks(), total,
                       {k: f"{move_number(k, m)} {p.move}" for k, p in plies.items()}, key=key)
        g.set_current(len(m.history))

    def status_text(self) -> str:
        """The status line for the position shown while browsing a reviewed game ('' if none)."""
        sc = self.scene
        m = sc.match
        if m is None or not self.plies:
            return ""
        k = len(m.history)
        where = "Start of the game" if k == 0 else (m.node.slot.words().capitalize() if m.node.slot else "")
        prev = self.plies.get(k)
        nxt = self.plies.get(k + 1)
        if nxt is not None and self.shows_better(nxt):               # the better move is on the board
            line = " ".join(nxt.line[1:3])
            then = f", then {line}" + (" …" if len(nxt.line) > 3 else ".") if line else "."
            if prev is not None:
                where += f" ({move_number(k, m)} {prev.move}" + (f" {prev.mark}" if prev.mark else "") + ")"
            return (f"{where}. Next, {move_number(k + 1, m)} {nxt.move} {nxt.mark} ({verdict(nxt, True)}). "
                    f"Better: {nxt.best}{then}")
        if prev is None:
            return f"{where}."
        mark = f" {prev.mark}" if prev.mark else ""
        text = f"{where}: {move_number(k, m)} {prev.move}{mark} ({verdict(prev)})."
        if prev.mark and prev.best != prev.move:
            text += f" Better was {prev.best}: press Left to see it on the board."
        return text

    def _sync_status(self) -> None:
        sc = self.scene
        m = sc.match
        if m is None or not self.plies or sc.browse_ply is None or sc.history.replaying or sc.dialog is not None:
            self._status_key = None
            return
        key = (m.node.uid, self.data_rev)
        if key == self._status_key:
            return
        self._status_key = key
        text = self.status_text()
        if text:
            sc.set_status(text)

    def shows_better(self, p: Any) -> bool:
        """Is the engine's better move shown before ply ``p``: at every marked move, and at the
        move "Jump to it" went to (the biggest swing, marked or not)."""
        return p.best != p.move and (bool(p.mark) or p.ply == self.focus_ply)

    # ------------------------------------------------------------ the board
    def decorate(self, deco: Any) -> None:
        """In the position before a marked move: the engine's better move on the board."""
        sc = self.scene
        m = sc.match
        if not self.plies or m is None or sc.anim is not None or sc.computer.hint is not None or sc.input is None:
            return
        if sc.input.prefix or sc.board.drag is not None:
            return
        k = len(m.history)
        p = self.plies.get(k + 1)
        if p is None or not self.shows_better(p):
            return
        key = (m.node.uid, self.data_rev, p.best)
        if self._deco[0] != key:
            self._deco = (key, self._better(p.best))
        found = self._deco[1]
        if not found:
            return
        arrows, ghosts, end, kind = found
        deco.selectable = set()
        if arrows:
            deco.arrows = arrows
            deco.selected = arrows[0][0]
        else:
            deco.ghosts = ghosts
        deco.targets = {end: kind}
        deco.tags = {end: "Better"}

    def _better(self, best: str) -> Any:
        """(arrows, ghosts, end label, kind) for a move in record form in the shown position."""
        sc = self.scene
        assert sc.match is not None and sc.input is not None    # decorate asks only with a game and its input
        g = sc.match.game
        try:
            mv = next((mv for mv in g.legal_moves() if g.record_str(mv) == best), None)
            if mv is None:
                mv = g.parse_move(best)
            opt = sc.input.clicks_for(g, mv)
        except (RulesError, ValueError, KeyError, TypeError):
            return None                 # a best move the rules cannot read: no arrow
        if not opt.clicks:
            return None
        end = sc.input.arrow_end(opt)
        if len(set(opt.clicks)) > 1:
            return [(opt.clicks[0], end)], [], end, opt.kind
        return [], ghosts_of(g, mv), end, opt.kind

    # ------------------------------------------------------------ drawing
    def _font(self, size: int, bold: bool = False) -> pygame.font.Font:
        f = self._fonts.get((size, bold))
        if f is None:
            f = self._fonts[(size, bold)] = D.font(size, bold)
        return f

    def column_lines(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        """What the column says (text, colour, bold), above its buttons."""
        if self.running:
            return [(f"Reviewing the game… {self.done} of {self.total}", TEXT, True)]
        s = self.summary
        if self.state == "error" and not self.plies:
            return [("The review failed.", (255, 150, 120), True), (self.error, DIM, False)]
        if s is None:
            return [("No review yet.", DIM, False)]
        out = []
        acc = []
        for seat in ("black", "white"):
            a = s.side(seat).accuracy
            acc.append(f"{self.seat_name(seat)} {'–' if a is None else f'{a:.0f}%'}")
        out.append(("Accuracy: " + " · ".join(acc), TEXT, True))
        sw = s.biggest_swing
        if sw:
            size = 100.0 * float(sw.get("size") or 0.0)
            out.append((f"Biggest swing: {move_number(int(sw['ply']), self.scene.match)} {sw['move']} "
                        f"({self.seat_name(sw['player'])}) −{size:.0f}%", TEXT, False))
        m = self.scene.match
        for note in s.notes(self.seat_name, lambda ply: move_number(ply, m).rstrip(".:")):
            out.append((note + ".", (255, 200, 140), False))
        if self.state == "stopped" and self._on_run_line():
            out.append((f"Stopped after {self.done} of {self.total} moves.", DIM, False))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        """The strip under the board: graph, progress or summary (its buttons are widgets).

        One opaque blit a frame: the strip (over the backdrop of the scene's static layer) is
        composed again only when the graph, the column's words or the progress changed."""
        S = self.strip_rect
        if not self.shown or S is None or self.graph is None:
            return
        sc = self.scene
        if sc.app is not None:
            self.graph.theme = sc.app.theme      # the colours of the app's theme, read at draw time
        lines = self.column_lines()
        area = pygame.Rect(S.x, S.y, S.w + 4, S.h + 6).clip(surface.get_rect())   # the card and its shadow
        static = sc.drawing.static_layer() if surface.get_size() == sc.size else None
        if static is None or static.get_size() != surface.get_size():
            self._compose(surface, (0, 0), lines)
            return
        key = (sc.drawing.static_key, tuple(area), self.graph.key(), tuple(lines), self.done,
               self.running)
        cached = self._strip
        if cached is None or cached[0] != key:
            img = pygame.Surface(area.size)
            if pygame.display.get_surface() is not None:
                img = img.convert()
            img.blit(static, (0, 0), area)
            self._compose(img, area.topleft, lines)
            self._strip = cached = (key, img)
        surface.blit(cached[1], area.topleft)

    def _compose(self, surface: pygame.Surface, origin: tuple[int, int], lines: list[Any]) -> None:
        """Draw the strip on ``surface`` whose top left is ``origin`` on the screen."""
        S = self.strip_rect
        assert S is not None and self.graph is not None
        px = self.scene.px
        ox, oy = origin
        draw_panel(surface, S.move(-ox, -oy), self.graph.theme)
        self.graph.draw(surface, (-ox, -oy))
        _, col = self._parts()
        col = col.move(-ox, -oy)
        size = px(14)
        y = col.y + px(2)
        for text, colour, bold in self.column_text(col.w):     # wrapped, never cut
            D.text(surface, text, (col.x, y), size, colour, anchor="topleft", bold=bold, shadow=False)
            y += px(LINE_H)
        if self.running:
            bar = pygame.Rect(col.x, y + px(4), col.w, px(10))
            pygame.draw.rect(surface, (40, 32, 26), bar, border_radius=bar.h // 2)
            frac = self.done / self.total if self.total else 0.0
            if frac > 0:
                fill = pygame.Rect(bar.x, bar.y, max(bar.h, round(bar.w * frac)), bar.h)
                pygame.draw.rect(surface, (240, 190, 70), fill, border_radius=bar.h // 2)
            pygame.draw.rect(surface, (106, 78, 52), bar, 1, border_radius=bar.h // 2)
        elif y + px(18) <= col.bottom - px(30):
            self._draw_legend(surface, col.x, y, col.w)

    def _draw_legend(self, surface: pygame.Surface, x: int, y: int, width: int) -> None:
        """'?! 10%  ? 20%  ?? 30%': the marks' thresholds (drop in the mover's chance)."""
        rv = _rv()
        size = self.scene.px(13)
        runs = [("Marks, chance lost: ", DIM)]
        for mark, v in (("?!", rv.INACCURACY), ("?", rv.MISTAKE), ("??", rv.BLUNDER)):
            runs += [(mark, MARK_COLOURS[mark]), (f" {v:.0%}  ", DIM)]
        f = self._font(size, True)
        if sum(f.size(t)[0] for t, _ in runs) > width:
            runs = runs[1:]
        for text, colour in runs:
            r = D.text(surface, text, (x, y), size, colour, anchor="topleft", bold=True, shadow=False)
            x = r.right
