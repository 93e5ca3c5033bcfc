"""Move animations built from the rules core's ``Motion`` list (never from the rules).

While an animation runs, the board shows the position BEFORE the move with the moving pieces
hidden from their source points (``hidden``), and the animation draws them as sprites; when it
ends, the scene shows the position after the move.

Motion kinds (see ``game.rules.base.Motion``):
  move    the stack hops from src over each ``via`` point to dst with a little arc per hop
  jump    one high arc from src over the pivot to dst
  drop    a split: the carried stack travels along and leaves its bottom piece on each point,
          in step order (so the pieces peel off one after another)
  place   the piece falls in from above with a bounce and fades in
  remove  the piece lifts off and fades away
  swap    nothing moves (the Onyx pie rule): the view's ``draw_effect(surface, "swap", u)`` (a
          ``BoardView`` hook, nothing by default) shows the event for the step's time (u runs
          from 0 to 1)
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence

import pytweening

from ..rules.base import Motion
from .tween import Tween, Tweens

if TYPE_CHECKING:  # pragma: no cover
    from ..views.base import BoardView

# seconds at speed 1.0
STEP_TIME = {"move": 0.30, "jump": 0.50, "drop": 0.26, "place": 0.42, "remove": 0.36, "swap": 1.8}
EFFECTS = ("swap",)       # motions without pieces that the view draws as an event
HOP_TIME = 0.16
PAUSE = 0.04


@dataclass
class Segment:
    """One leg of a sprite's flight: between two points, in a time window."""

    t0: float
    t1: float
    a: str
    b: str
    level_a: float
    level_b: float
    arc: float = 0.0                 # extra height in levels at the middle of the leg
    easing: Callable[[float], float] = pytweening.easeInOutQuad
    bounce: bool = False             # 'place': fall with a bounce
    pivot: str = ""                  # a jump's pivot: lit while the piece flies over it


@dataclass
class Sprite:
    """Pieces in flight, drawn by the board view."""

    pieces: tuple[str, ...]
    segments: list[Segment]
    alpha: float = 255.0
    badge: bool = False
    order: int = 0
    x: float = 0.0
    y: float = 0.0
    level: float = 0.0
    _place: tuple[str, str, float] = field(default=("", "", 0.0))

    def spacing(self, time: float, view: "BoardView") -> float | None:
        """Pixels a level of this sprite at a time, for views that press tall stacks together
        (``max_rise``): the spacing of the stack it leaves, turning into that of the stack it lands
        on, so its pieces meet the pressed levels there (None: the view's own spacing)."""
        if view.max_rise is None:
            return None
        level_for = view.level_for
        n = len(self.pieces)
        seg, u = self._segment_at(time)
        if seg.bounce or seg.a == seg.b:               # place / remove: where it stands
            return float(level_for(int(round(min(seg.level_a, seg.level_b))) + n))
        a = float(level_for(int(round(seg.level_a)) + n))
        b = float(level_for(int(round(seg.level_b)) + n))
        e = 1.0 if u >= 1.0 else seg.easing(u)
        return a + (b - a) * e

    def _segment_at(self, time: float) -> tuple[Segment, float]:
        """(the segment of the path at ``time``, how far along it 0..1): before a segment starts,
        at its start; past the last, at its end."""
        seg, u = self.segments[0], 0.0
        for s in self.segments:
            seg = s
            if time < s.t0:
                return seg, 0.0
            if time <= s.t1:
                return seg, 1.0 if s.t1 <= s.t0 else (time - s.t0) / (s.t1 - s.t0)
            u = 1.0
        return seg, u

    def scale(self, time: float, view: "BoardView") -> float:
        """How big the view draws the pieces where the sprite is (``piece_scale``): that of the
        point it leaves, then of the point it lands on from half way."""
        seg, u = self._segment_at(time)
        return view.piece_scale(seg.a if u < 0.5 else seg.b)

    def at(self, time: float, view: "BoardView") -> tuple[float, float, float]:
        """Pixel position (x, y) of the base and the lift in levels at a time."""
        x, y, base, arc = self.parts(time, view)
        return x, y, base + arc

    def parts(self, time: float, view: "BoardView") -> tuple[float, float, float, float]:
        """(x, y, base, arc): the pixel position, the levels of the pieces under the sprite where it
        is (between where it left and where it lands) and the arc's extra height in levels."""
        seg, u = self._segment_at(time)
        ax, ay = view.pixel_of(seg.a)
        bx, by = view.pixel_of(seg.b)
        if seg.bounce:
            e = 1.0 if u >= 1.0 else pytweening.easeOutBounce(u)  # pytweening 1.2 ends at 0.994
            return bx, by, seg.level_b, (seg.level_a - seg.level_b) * (1.0 - e)
        e = 1.0 if u >= 1.0 else seg.easing(u)
        x = ax + (bx - ax) * e
        y = ay + (by - ay) * e
        base = seg.level_a + (seg.level_b - seg.level_a) * e
        if seg.a == seg.b:                                   # remove: lifting off is the 'arc'
            return x, y, seg.level_a, (seg.level_b - seg.level_a) * e + seg.arc * math.sin(math.pi * u)
        return x, y, base, seg.arc * math.sin(math.pi * u)


class MoveAnimation:
    """Sprites and timing for one move. ``update(dt)`` with dt in seconds; ``finish()`` jumps to the end."""

    def __init__(self, view: "BoardView", before: dict[str, tuple[str, ...]], motions: Sequence[Motion],
                 speed: float = 1.0, on_complete: Callable[[], None] | None = None, hold: float = 0.0) -> None:
        self.view = view
        # seconds (at speed 1) the picture holds still before and after each step that removes
        # pieces, whose removal then also takes twice as long: a lesson's capture is seen (issue 24)
        self.hold = max(0.0, float(hold))
        self.before = dict(before)
        self.motions = list(motions)
        self.speed = max(0.05, float(speed))
        self.time = 0.0
        self.hidden: dict[str, int] = {}
        self.sprites: list[Sprite] = []
        self.on_complete = on_complete
        self._windows: dict[int, tuple[float, float]] = {}
        self.effects = [(m.kind, m.step) for m in self.motions if m.kind in EFFECTS]
        self.duration = self._build()
        self.tweens = Tweens()
        self.tweens.add(Tween(self, {"time": self.duration}, self.duration, easing="linear",
                              on_complete=self._end))
        for sp in self.sprites:
            if sp._place[0]:
                kind, _, t0 = sp._place
                t1 = sp.segments[-1].t1
                if kind == "place":
                    sp.alpha = 0.0
                    self.tweens.add(Tween(sp, {"alpha": 255.0}, (t1 - t0) * 0.5, delay=t0, easing="easeOutQuad"))
                else:
                    self.tweens.add(Tween(sp, {"alpha": 0.0}, t1 - t0, delay=t0, easing="easeInQuad"))
        self._ended = False

    # ------------------------------------------------------------ building
    def _build(self) -> float:
        motions = sorted(enumerate(self.motions), key=lambda im: (im[1].step, im[0]))
        steps = sorted({m.step for _, m in motions})
        k = 1.0 / self.speed
        # time window of each step
        windows: dict[int, tuple[float, float]] = {}
        t = 0.0
        for st in steps:
            length = 0.0
            removes = False
            for _, m in motions:
                if m.step != st:
                    continue
                base = STEP_TIME.get(m.kind, 0.3)
                if m.kind == "move":
                    base = max(base, HOP_TIME * (len(m.via) + 1) + 0.1)
                if m.kind == "remove" and self.hold > 0:
                    removes = True
                    base *= 2.0
                length = max(length, base)
            if removes:
                t += self.hold * k                 # the capture about to happen, held still
            windows[st] = (t, t + length * k)
            t += (length + PAUSE + (self.hold if removes else 0.0)) * k
        total = max(0.0, t - PAUSE * k)
        self._windows = windows

        height = {lab: len(p) for lab, p in self.before.items()}
        # Pieces that leave a point where earlier motions of this move landed are those same
        # pieces going on (an Onager chain of jumps): their sprite continues, nothing is hidden.
        leaving: dict[str, int] = {}
        arrived: dict[str, list[tuple[int, int]]] = {}   # label -> [(step, n pieces)] landed there
        continues: set[int] = set()                       # motion indexes that continue a sprite
        for i, m in motions:
            if m.src is not None and m.kind in ("move", "jump", "drop", "remove"):
                came = arrived.get(m.src, [])
                if came and came[-1][0] < m.step and came[-1][1] == len(m.pieces) and m.kind in ("move", "jump"):
                    came.pop()
                    continues.add(i)
                else:
                    leaving[m.src] = leaving.get(m.src, 0) + len(m.pieces)
            if m.dst is not None and m.kind in ("move", "jump", "drop", "place"):
                arrived.setdefault(m.dst, []).append((m.step, len(m.pieces)))
        self.hidden = dict(leaving)
        at_point: dict[str, list[Sprite]] = {}           # sprites that landed on a point, in order
        # current (visible) height as pieces leave and land
        ground = {lab: h - leaving.get(lab, 0) for lab, h in height.items()}
        taken: dict[str, int] = {}      # pieces of each source already assigned to sprites
        drop_groups: dict[str, list[tuple[Motion, str, int]]] = {}   # src: (drop, its point, land)
        order = 0
        for i, m in motions:
            t0, t1 = windows[m.step]
            if m.kind == "drop" and m.src is not None and m.dst is not None:
                land = ground.get(m.dst, 0)
                ground[m.dst] = land + len(m.pieces)
                drop_groups.setdefault(m.src, []).append((m, m.dst, land))
                continue
            if m.kind in ("move", "jump") and m.src is not None and m.dst is not None:
                cont = None
                if i in continues and at_point.get(m.src):
                    cont = at_point[m.src].pop()
                    ground[m.src] = ground.get(m.src, 0) - len(m.pieces)
                    start = float(ground[m.src])
                else:
                    start = height.get(m.src, 0) - leaving.get(m.src, 0) + taken.get(m.src, 0)
                    taken[m.src] = taken.get(m.src, 0) + len(m.pieces)
                land = ground.get(m.dst, 0)
                ground[m.dst] = land + len(m.pieces)
                if m.kind == "jump":
                    segs = [Segment(t0, t1, m.src, m.dst, start, land, arc=self._jump_arc(m.src, m.dst),
                                    easing=pytweening.linear, pivot=m.via[0] if m.via else "")]
                else:
                    nodes = [m.src, *m.via, m.dst]
                    hops = len(nodes) - 1
                    segs = []
                    for j in range(hops):
                        a0 = t0 + (t1 - t0) * j / hops
                        a1 = t0 + (t1 - t0) * (j + 1) / hops
                        la = start + (land - start) * j / hops
                        lb = start + (land - start) * (j + 1) / hops
                        arc = 0.9 if hops > 1 else 0.5
                        segs.append(Segment(a0, a1, nodes[j], nodes[j + 1], la, lb, arc=arc,
                                            easing=pytweening.easeInOutSine if hops > 1 else pytweening.easeInOutQuad))
                if cont is not None:
                    cont.segments.extend(segs)
                    sprite = cont
                else:
                    sprite = Sprite(tuple(m.pieces), segs, badge=(m.kind == "move"), order=order)
                    self.sprites.append(sprite)
                at_point.setdefault(m.dst, []).append(sprite)
            elif m.kind == "place" and m.dst is not None:
                land = ground.get(m.dst, 0)
                ground[m.dst] = land + len(m.pieces)
                seg = Segment(t0, t1, m.dst, m.dst, land + 5.0, land, bounce=True)
                self.sprites.append(Sprite(tuple(m.pieces), [seg], order=order, _place=("place", m.dst, t0)))
            elif m.kind == "remove" and m.src is not None:
                start = height.get(m.src, 0) - leaving.get(m.src, 0) + taken.get(m.src, 0)
                taken[m.src] = taken.get(m.src, 0) + len(m.pieces)
                seg = Segment(t0, t1, m.src, m.src, start, start + 3.0, easing=pytweening.easeOutQuad)
                self.sprites.append(Sprite(tuple(m.pieces), [seg], order=order, _place=("remove", m.src, t0)))
            order += 1
        # splits: the carried stack travels along, leaving its bottom piece on each point
        for src, group in drop_groups.items():
            base = height.get(src, 0) - leaving.get(src, 0) + taken.get(src, 0)
            n = len(group)
            for k_, (m, _dst, _land) in enumerate(group):
                segs = []
                prev, prev_level = src, float(base + k_)
                for j in range(k_ + 1):
                    mj, dst_j, land_j = group[j]
                    w0, w1 = windows[mj.step]
                    lvl = float(land_j + (k_ - j))
                    segs.append(Segment(w0, w1, prev, dst_j, prev_level, lvl, arc=0.7,
                                        easing=pytweening.easeInOutSine))
                    prev, prev_level = dst_j, lvl
                self.sprites.append(Sprite(tuple(m.pieces), segs, order=order + k_))
            order += n
        return total

    def _jump_arc(self, a: str, b: str) -> float:
        """Arc height (in stack levels) of a jump: the view's ``jump_height`` in pixels when it gives
        one (Onager: the disc rises well over its pivot, as the preview's arc), else higher for
        longer jumps (2 steps: 2.6 levels)."""
        level = self.view.level_px
        try:
            height = self.view.jump_height(a, b)
            if height is not None and level > 0:
                return float(height) / level
        except (KeyError, TypeError, ValueError):
            pass
        steps = 2.0
        try:
            ax, ay = self.view.pixel_of(a)
            bx, by = self.view.pixel_of(b)
            unit = self.view.scale
            if unit > 0:
                steps = max(1.0, math.hypot(bx - ax, by - ay) / unit)
        except (KeyError, TypeError, ValueError):
            pass
        return 1.6 + 0.5 * steps

    # ------------------------------------------------------------ time
    def update(self, dt: float) -> bool:
        """Advance by dt seconds; True once finished."""
        if self._ended:
            return True
        self.tweens.update(dt)
        return self._ended

    def finish(self) -> None:
        """Jump to the end at once (a click during an animation)."""
        if not self._ended:
            self.tweens.finish()
            self._end()

    def _end(self) -> None:
        if self._ended:
            return
        self.time = self.duration
        self._ended = True
        if self.on_complete:
            cb, self.on_complete = self.on_complete, None
            cb()

    @property
    def done(self) -> bool:
        return self._ended

    # ------------------------------------------------------------ drawing
    def positions(self) -> list[tuple[Sprite, float, float, float]]:
        out = []
        for sp in self.sprites:
            x, y, lvl = sp.at(self.time, self.view)
            out.append((sp, x, y, lvl))
        out.sort(key=lambda e: (round(e[2]), e[3], e[0].order))
        return out

    def draw(self, surface: Any) -> None:
        view = self.view
        for kind, st in self.effects:
            t0, t1 = self._windows.get(st, (0.0, self.duration))
            u = 1.0 if t1 <= t0 else min(1.0, max(0.0, (self.time - t0) / (t1 - t0)))
            view.draw_effect(surface, kind, u)
        flights = self.flights()
        for sp, seg, u in flights:
            view.draw_pivot(surface, seg.pivot, min(1.0, 0.35 + math.sin(math.pi * u)))
        flying = [sp for sp, _, _ in flights]
        level = view.level_px
        for sp, x, y, lvl in self.positions():
            if sp.alpha <= 1:
                continue
            aloft = any(sp is f for f in flying)
            if aloft:
                view.draw_ground_shadow(surface, (x, y), lvl * level)
            kw: dict[str, Any] = {}
            spacing = sp.spacing(self.time, self.view)
            if spacing is not None:
                # the pieces under the sprite count in the pressed spacing of the stacks it leaves and
                # lands on; the arc (and a fall or a lift-off) keeps its height in plain levels
                kw["spacing"] = spacing
                _, _, base, arc = sp.parts(self.time, self.view)
                lvl = base + arc * level / max(1e-6, spacing)
            k = sp.scale(self.time, self.view)
            if k != 1.0:
                kw["scale"] = k
            # the height badge: the view's own threshold (badge_from), as on the board at rest
            self.view.draw_stack(surface, (x, y), sp.pieces, alpha=int(sp.alpha), lift=lvl,
                                 badge=sp.badge, shadow=lvl < 1.0 and not aloft, **kw)

    def flights(self) -> list[tuple[Sprite, Segment, float]]:
        """The jumps in the air now: (sprite, its jump segment, 0..1 along it)."""
        out = []
        for sp in self.sprites:
            for seg in sp.segments:
                if seg.pivot and seg.t0 <= self.time <= seg.t1 and seg.t1 > seg.t0:
                    out.append((sp, seg, (self.time - seg.t0) / (seg.t1 - seg.t0)))
        return out


class MovePlayer:
    """The one way a move is played and animated, whoever plays it: a person, the computer, a
    lesson's demonstration, a puzzle's defence, a replay, the analysis board. The board scene
    and the tutorial each own one (``scene.mover``); ``anim`` is the running animation (a
    move's, or a fade given to ``show``) and ``before`` the picture it starts from.

    ``play(view, before, apply, speed)`` calls ``apply()``, which plays the move on the
    position (the match's ``play``, or ``Game.play_text`` on a lesson's board) and returns
    its motions computed before it; a RulesError from it passes through with nothing changed.
    Then the motions are animated on ``view`` from ``before``; ``on_done`` runs when the
    animation ends (at once without a view, or at a speed of 50 and more).
    """

    INSTANT = 50.0          # a speed this high shows the move at once

    def __init__(self, on_done: Callable[[], None]) -> None:
        self.anim: Any = None
        self.before: dict[str, tuple[str, ...]] = {}
        self.serial = 0     # animations started: a cache of the picture under one keys on it
        self._on_done = on_done

    def play(self, view: "BoardView | None", before: dict[str, tuple[str, ...]], apply: Callable[[], list[Motion]],
             speed: float = 1.0, hold: float = 0.0) -> list[Motion]:
        self.finish()
        motions = apply()
        self.show_motions(view, before, motions, speed, hold)
        return motions

    def show_motions(self, view: "BoardView | None", before: dict[str, tuple[str, ...]], motions: list[Motion],
                     speed: float = 1.0, hold: float = 0.0) -> None:
        """Animate motions already played (a replay step, a redo)."""
        if view is None:
            self.drop()
            self._on_done()
            return
        self.show(MoveAnimation(view, before, motions, speed=speed, on_complete=self.done,
                                hold=hold), before)
        if speed >= self.INSTANT:
            self.finish()

    def show(self, anim: Any, before: dict[str, tuple[str, ...]]) -> None:
        """Run ``anim`` (made with ``on_complete=self.done``) over the picture ``before``."""
        self.anim = anim
        self.before = dict(before)
        self.serial += 1

    def done(self) -> None:
        self.anim = None
        self.before = {}
        self._on_done()

    def finish(self) -> None:
        """Jump the running animation to its end (its completion runs)."""
        if self.anim is not None:
            self.anim.finish()

    def drop(self) -> None:
        """Forget the running animation without completing it (a reset)."""
        if self.anim is not None:
            self.anim.on_complete = None
        self.anim = None
        self.before = {}
