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

from ...i18n import N_, _, ngettext
from ...names import side_name
from ...rules.base import RulesError
from ...ui.words import chance_text, position_words
from ...ui.graph import EvalGraph
from ...ui.layout import button_width, draw_panel
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
REASON_WORDS = {"missed-win": N_("missed a forced win"), "allows-win": N_("allows a forced win")}


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


def verdict(p: Any, short: bool = False) -> str:
    """'White's chance 62% to 0%: allows a forced win' (no mark, no move); ``short``:
    'White 62% to 0%: …'."""
    side = side_name(p.mover)
    before = chance_text(p.value_before, p.proven_before, p.mover)
    after = chance_text(p.value_after, p.proven_after, p.mover)
    text = (_("{side} {before} to {after}") if short else _("{side}'s chance {before} to {after}")).format(
        side=side, before=before, after=after)
    why = REASON_WORDS.get(p.reason, "")
    return _("{verdict}: {why}").format(verdict=text, why=_(why)) if why else text


def slide_words(sl: Any, name: str, yours: bool, label: Any) -> str:
    """A slide of a player's chance (``game.ai.accuracy.Slide``'s values) in words: "Black's
    chance slid from 52% to 3% over moves 8–40 without one big mistake"."""
    a, b = label(sl.from_ply), label(sl.to_ply)
    span = _("move {n}").format(n=a) if a == b else _("moves {first}–{last}").format(first=a, last=b)
    small = sl.marked > 0.0
    start, end = chance_text(sl.chance_from), chance_text(sl.chance_to)
    if yours:
        text = (_("Your chance slid from {start} to {end} over {span} mostly by small losses, not by the marked moves")
                if small else _("Your chance slid from {start} to {end} over {span} without one big mistake"))
    else:
        text = (_("{player}'s chance slid from {start} to {end} over {span} mostly by small losses, not by the "
                  "marked moves") if small
                else _("{player}'s chance slid from {start} to {end} over {span} without one big mistake"))
    return text.format(player=name, start=start, end=end, span=span)


def _object_id(key: str) -> str | None:
    """The theme's look of a review button: Jump (to the biggest swing) is the primary one."""
    return "#primary_button" if key == "jump" else None


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
    kept: tuple[str, ...]            # ids of the My puzzles the last run kept (its ? and ?? moves)

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

    def progress(self) -> tuple[int, int]:
        """(moves reviewed, moves to review), as the move list numbers them."""
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
        self._said = ""                    # the status message the strip's words last put there (``say``)
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
        if self._full_board is None or not self.scene.w:
            return
        self.lay_out_board()

    def hide(self) -> None:
        """The strip goes (its Close, Escape; the analysis board's engine asked for its place),
        and with it the status message its words put there, if still shown: 'Better: e12' would
        go on pointing at a strip (and, on the analysis board, a 'Better' mark) no longer there."""
        self._show(False)
        panel = self.scene.panel
        if self._said and panel.status == self._said:
            panel.clear_status()
            panel.update_status_box()
        self._said = ""

    def say(self, text: str) -> None:
        """A status message about what the strip shows (the review's progress, its summary, the
        position browsed): ``hide`` takes it away. Its problems are said with ``set_status``:
        they stay when the strip goes."""
        self._said = text
        self.scene.set_status(text)

    def lay_out_board(self) -> None:
        """The strip came, went or changed its height: the board area is laid out again (the
        analysis board's review places the engine's panel in it too: ``analysis._Review``)."""
        sc = self.scene
        assert self._full_board is not None     # (laid out once by the scene's build_ui)
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
        need = px(10) * 2 + px(2) + lines * px(LINE_H) + px(8) + self.buttons_height(col_w)
        return max(px(STRIP_H), min(need, int(board_rect.h * STRIP_MOST)))

    def _labels(self) -> dict[str, tuple[str, str]]:
        return {"cancel": (_("Cancel"), _("Stop the review (Esc)")),
                "jump": (_("Jump to it"), _("Show the position before the biggest swing, with the better move")),
                "analyse": (_("Analyse"), _("Analyse from here: the analysis board at the position shown "
                                            "(a copy: this game does not change)")),
                "practise": (_("Practise"), _("Find the better move of your ? and ?? moves again: My puzzles")),
                "close": (_("Close"), _("Hide the review (Review shows it again)"))}

    def button_rows(self, width: int) -> list[list[tuple[str, int]]]:
        """The column's buttons in rows of (key, width), laid out from their words: one row
        when they fit side by side (Close at least 76 px, the others sharing the rest), else a
        row each for the words that need it."""
        px = self.scene.px
        gap = px(8)
        want = self._wanted_buttons()
        if not want:
            return []
        if len(want) == 1:
            return [[(want[0], width)]]
        labels = self._labels()
        need = {k: button_width(labels[k][0], px, self.scene.ui, _object_id(k)) for k in want}
        need["close"] = max(px(76), need.get("close", 0))
        if sum(need.values()) + gap * (len(want) - 1) <= width:
            spare = (width - sum(need.values()) - gap * (len(want) - 1)) // max(1, len(want) - 1)
            return [[(k, need[k] if k == "close" else need[k] + spare) for k in want]]
        rows: list[list[str]] = [[]]
        for k in want:
            if rows[-1] and sum(need[j] for j in rows[-1]) + need[k] + gap * len(rows[-1]) > width:
                rows.append([])
            rows[-1].append(k)
        out = []
        for row in rows:
            free = (width - sum(need[k] for k in row) - gap * (len(row) - 1)) // len(row)
            out.append([(k, need[k] + free) for k in row])
        return out

    def buttons_height(self, width: int) -> int:
        px = self.scene.px
        n = max(1, len(self.button_rows(width)))
        return n * px(30) + (n - 1) * px(8)

    def fit_strip(self) -> None:
        """The column's words changed (the review ended, a new summary): the strip grows or
        shrinks to them, the board beside it laid out again."""
        sc = self.scene
        if not self.shown or self._full_board is None or self.strip_rect is None or not sc.w:
            return
        if self.strip_height(self._full_board) == self._strip_made:
            return
        self.lay_out_board()

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
        graph_rect = self._parts()[0]
        self.graph = EvalGraph(graph_rect, scale=self.scene.k)
        self._sync_buttons()

    def _wanted_buttons(self) -> tuple[str, ...]:
        if self.running:
            return ("cancel",)
        swing = self.summary.biggest_swing if self.summary is not None else None
        practise = ("practise",) if self._shows_kept() else ()
        # (on the analysis board "Analyse from here" would open the board it is on)
        analyse = () if self.scene.is_analysis else ("analyse",)
        return (("jump",) if swing else ()) + practise + analyse + ("close",)

    def _shows_kept(self) -> bool:
        """Does the strip say what the last run kept as My puzzles (the line shown is the run's)?"""
        return bool(self.kept) and not self.running and self._on_run_line()

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
        col = self._parts()[1]
        px = sc.px
        bh, gap = px(30), px(8)
        labels = self._labels()
        rows = self.button_rows(col.w)
        y = col.bottom - len(rows) * bh - (len(rows) - 1) * gap
        for row in rows:
            x = col.x
            for key, w in row:
                label, tip = labels[key]
                self.buttons[key] = UIButton(pygame.Rect(x, y, w, bh), label, sc.ui, container=sc.root,
                                             tool_tip_text=tip,
                                             object_id=_object_id(key))
                x += w + gap
            y += bh + gap

    def _marks(self) -> dict[int, str]:
        """The marks of the line shown: ply -> mark (the graph's)."""
        return {k: p.mark for k, p in self.plies.items() if p.mark}

    def _sync_move_list(self) -> None:
        """The move list's marks: after the moves of the main line and of the variations (read
        from their nodes: a line made the main line, or no longer it, keeps its marks)."""
        box = self.scene.panel.move_list()
        m = self.scene.match
        if box is None or m is None:
            return
        key = (m.tree.version, self.version)
        if key != self._list_key or box is not self._list_box or m.tree is not self._list_tree:
            self._list_key, self._list_box, self._list_tree = key, box, m.tree
            box.set_marks({k - 1: v for k, v in self.main_marks().items()}, self.variation_marks())

    def _values(self, total: int) -> tuple[list[float | None], dict[int, str]]:
        """Black's chance after each ply up to ``total`` (None: not reviewed), and the plies
        whose value is exact."""
        vals: list[float | None] = [None] * (total + 1)
        proven: dict[int, str] = {}
        for k, p in self.plies.items():
            if k <= total:
                vals[k] = p.value_after
                if p.proven_after:
                    proven[k] = p.proven_after
                if vals[k - 1] is None:
                    vals[k - 1] = p.value_before
                    if p.proven_before:
                        proven[k - 1] = p.proven_before
        return vals, proven

    def _sync_graph(self) -> None:
        g = self.graph
        m = self.scene.match
        if g is None or m is None:
            return
        total = self.scene.history.total()
        plies = self.plies                  # the line shown's verdicts (data_rev up to date)
        key = (self.data_rev, total)
        if key != g._data_key:
            values, proven = self._values(total)
            g.set_data(values, self._marks(), total,
                       {k: f"{move_number(k, m)} {p.move}" for k, p in plies.items()}, key=key, proven=proven)
        g.set_current(len(m.history))

    def status_text(self) -> str:
        """The status line for the position shown while browsing a reviewed game ('' if none)."""
        sc = self.scene
        m = sc.match
        if m is None or not self.plies:
            return ""
        k = len(m.history)
        where = position_words(None) if k == 0 else (position_words(m.node.slot) if m.node.slot else "")
        prev = self.plies.get(k)
        nxt = self.plies.get(k + 1)
        if nxt is not None and self.shows_better(nxt):               # the better move is on the board
            line = " ".join(nxt.line[1:3])
            if prev is not None:
                where += f" ({move_number(k, m)} {prev.move}" + (f" {prev.mark}" if prev.mark else "") + ")"
            nxt_move = f"{move_number(k + 1, m)} {nxt.move} {nxt.mark}"
            if line:
                text = (_("{where}. Next, {move} ({verdict}). Better: {best}, then {line} …") if len(nxt.line) > 3
                        else _("{where}. Next, {move} ({verdict}). Better: {best}, then {line}."))
            else:
                text = _("{where}. Next, {move} ({verdict}). Better: {best}.")
            return text.format(where=where, move=nxt_move, verdict=verdict(nxt, True), best=nxt.best, line=line)
        if prev is None:
            return _("{where}.").format(where=where)
        mark = f" {prev.mark}" if prev.mark else ""
        text = _("{where}: {move} ({verdict}).").format(where=where, move=f"{move_number(k, m)} {prev.move}{mark}",
                                                        verdict=verdict(prev))
        if prev.mark and prev.best != prev.move:
            text += _(" Better was {best}: press Left to see it on the board.").format(best=prev.best)
        return text

    def advises(self) -> bool:
        """Are its verdicts said now (the status line at each position, the 'Better' move on the
        board)? On a game board whenever it has them; the analysis board's engine advises in its
        place while the strip is closed."""
        return True

    def _sync_status(self) -> None:
        sc = self.scene
        m = sc.match
        if m is None or not self.plies or sc.browse_ply is None or sc.history.replaying or sc.dialog is not None \
                or not self.advises():
            self._status_key = None
            return
        key = (m.node.uid, self.data_rev)
        if key == self._status_key:
            return
        self._status_key = key
        text = self.status_text()
        if text:
            self.say(text)

    def shows_better(self, p: Any) -> bool:
        """Is the engine's better move shown before ply ``p``: at every marked move, and at the
        move "Jump to it" went to (the biggest swing, marked or not)."""
        return p.best != p.move and (bool(p.mark) or p.ply == self.focus_ply)

    # ------------------------------------------------------------ the board
    def decorate(self, deco: Any) -> None:
        """In the position before a marked move: the engine's better move on the board."""
        sc = self.scene
        m = sc.match
        if not self.plies or m is None or sc.anim is not None or sc.computer.hint is not None or sc.input is None \
                or not self.advises():
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
        option, ghosts = found
        sc.input.show_move(deco, option, _("Better"), ghosts)

    def _better(self, best: str) -> Any:
        """(option, ghosts) for a move in record form in the shown position."""
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
        return opt, ghosts_of(g, mv)

    def keep_clear(self) -> list[pygame.Rect]:
        """The strip's column above its buttons (accuracy, the biggest swing, the progress bar,
        the marks' legend: drawn, no widget) while it shows: a button's tooltip keeps off it
        (``Scene.keep_clear``)."""
        if not self.shown or self.strip_rect is None:
            return []
        col = self._parts()[1]
        return [pygame.Rect(col.x, col.y, col.w, max(0, col.h - self.buttons_height(col.w)))]

    # ------------------------------------------------------------ drawing
    def _font(self, size: int, bold: bool = False) -> pygame.font.Font:
        f = self._fonts.get((size, bold))
        if f is None:
            f = self._fonts[(size, bold)] = D.font(size, bold)
        return f

    def column_lines(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        """What the column says (text, colour, bold), above its buttons."""
        if self.running:
            done, total = self.progress()
            return [(_("Reviewing the game… {done} of {total}").format(done=done, total=total), TEXT, True)]
        s = self.summary
        if self.state == "error" and not self.plies:
            return [(_("The review failed."), (255, 150, 120), True), (self.error, DIM, False)]
        if s is None:
            return [(_("No review yet."), DIM, False)]
        out = []
        acc = []
        for seat in ("black", "white"):
            a = s.side(seat).accuracy
            acc.append(f"{self.seat_name(seat)} {'–' if a is None else f'{a:.0f}%'}")
        out.append((_("Accuracy: {sides}").format(sides=" · ".join(acc)), TEXT, True))
        sw = s.biggest_swing
        if sw:
            size = 100.0 * float(sw.get("size") or 0.0)
            out.append((_("Biggest swing: {move} ({player}) −{size}%").format(
                move=f"{move_number(int(sw['ply']), self.scene.match)} {sw['move']}",
                player=self.seat_name(sw["player"]), size=f"{size:.0f}" if size >= 0.5 else "<1"), TEXT, False))
        m = self.scene.match
        for sl in s.slides:
            note = slide_words(sl, self.seat_name(sl.player), self.seat_name(sl.player) == _("You"),
                               lambda ply: move_number(ply, m).rstrip(".:"))
            out.append((_("{sentence}.").format(sentence=note), (255, 200, 140), False))
        if self._shows_kept():
            n = len(self.kept)
            # ('marked moves': the kept are ? and ?? moves, where 'mistakes' would count the ? alone)
            out.append((ngettext("{n} marked move kept as My puzzles: Practise to find the better move.",
                                 "{n} marked moves kept as My puzzles: Practise to find the better moves.", n).format(n=n),
                         TEXT, False))
        if self.state == "stopped" and self._on_run_line():
            done, total = self.progress()
            out.append((ngettext("Stopped after {done} of {total} move.", "Stopped after {done} of {total} moves.",
                                 total).format(done=done, total=total), DIM, False))
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
        col = self._parts()[1]
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
        elif y + px(18) <= col.bottom - self.buttons_height(col.w):
            self._draw_legend(surface, col.x, y, col.w)

    def _draw_legend(self, surface: pygame.Surface, x: int, y: int, width: int) -> None:
        """'?! 10%  ? 20%  ?? 30%': the marks' thresholds (drop in the mover's chance)."""
        rv = _rv()
        size = self.scene.px(13)
        runs = [(_("Marks, chance lost: "), DIM)]
        for mark, v in (("?!", rv.INACCURACY), ("?", rv.MISTAKE), ("??", rv.BLUNDER)):
            runs += [(mark, MARK_COLOURS[mark]), (f" {v:.0%}  ", DIM)]
        f = self._font(size, True)
        if sum(f.size(t)[0] for t, _ in runs) > width:
            runs = runs[1:]
        for text, colour in runs:
            r = D.text(surface, text, (x, y), size, colour, anchor="topleft", bold=True, shadow=False)
            x = r.right
