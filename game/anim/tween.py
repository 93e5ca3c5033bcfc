"""Property tweens driven by time passed in (never a clock): delay, easing, callbacks.

A ``Tween`` moves named properties of a target (an object's attributes or a dict's keys)
from their start values to end values over ``duration`` seconds after ``delay`` seconds.
Numbers and tuples of numbers (positions, colours) are interpolated. Easing functions come
from ``pytweening`` by name ("easeOutQuad") or may be any callable on [0, 1].

    t = Tween(sprite, {"alpha": 0}, duration=0.3, delay=0.1, easing="easeInQuad")
    group = Tweens(); group.add(t); group.update(1 / 60)
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Union

import pytweening

Easing = Union[str, Callable[[float], float], None]
Number = Union[int, float]


def easing_function(easing: Easing) -> Callable[[float], float]:
    """Resolve an easing name from pytweening ('linear', 'easeOutBack', ...) or a callable."""
    if easing is None:
        return pytweening.linear
    if callable(easing):
        return easing
    fn = getattr(pytweening, easing, None)
    if not callable(fn):
        raise ValueError(f"unknown easing {easing!r}: use a pytweening function name such as 'easeOutQuad'")
    return fn


def lerp(a: Any, b: Any, k: float) -> Any:
    """Interpolate numbers or equal-length tuples of numbers."""
    if isinstance(a, tuple):
        return tuple(x + (y - x) * k for x, y in zip(a, b))
    return a + (b - a) * k


class Tween:
    """Animate properties of ``target`` to ``to`` values.

    Start values are read when the delay ends (so chained tweens start where the previous
    one stopped) unless ``start`` gives them. ``on_complete`` runs once when finished.
    """

    def __init__(self, target: Any, to: dict[str, Any], duration: float, *, delay: float = 0.0,
                 easing: Easing = "easeInOutQuad", start: dict[str, Any] | None = None,
                 on_start: Callable[[], None] | None = None,
                 on_complete: Callable[[], None] | None = None) -> None:
        if duration < 0 or delay < 0:
            raise ValueError("duration and delay must not be negative")
        self.target = target
        self.to = dict(to)
        self.duration = float(duration)
        self.delay = float(delay)
        self.ease = easing_function(easing)
        self._start: dict[str, Any] | None = dict(start) if start else None
        self.on_start = on_start
        self.on_complete = on_complete
        self.elapsed = 0.0
        self.started = False
        self.done = False

    # -------------------------------------------------------------- access
    def _get(self, name: str) -> Any:
        if isinstance(self.target, dict):
            return self.target[name]
        return getattr(self.target, name)

    def _set(self, name: str, value: Any) -> None:
        if isinstance(self.target, dict):
            self.target[name] = value
        else:
            setattr(self.target, name, value)

    # -------------------------------------------------------------- time
    def _begin(self) -> None:
        self.started = True
        if self._start is None:
            self._start = {k: self._get(k) for k in self.to}
        else:
            for k, v in self._start.items():
                self._set(k, v)
        if self.on_start:
            self.on_start()

    def update(self, dt: float) -> bool:
        """Advance by dt seconds; returns True once finished."""
        if self.done:
            return True
        self.elapsed += max(0.0, dt)
        if self.elapsed < self.delay:
            return False
        if not self.started:
            self._begin()
        run = self.elapsed - self.delay
        k = 1.0 if self.duration <= 0 else min(1.0, run / self.duration)
        e = 1.0 if k >= 1.0 else self.ease(k)
        assert self._start is not None
        for name, end in self.to.items():
            self._set(name, lerp(self._start[name], end, e))
        if k >= 1.0:
            self._finish_now()
        return self.done

    def finish(self) -> None:
        """Jump to the end values and run the callbacks."""
        if self.done:
            return
        if not self.started:
            self._begin()
        for name, end in self.to.items():
            self._set(name, end)
        self._finish_now()

    def _finish_now(self) -> None:
        self.done = True
        if self.on_complete:
            cb, self.on_complete = self.on_complete, None
            cb()

    @property
    def total(self) -> float:
        return self.delay + self.duration


class Tweens:
    """A set of tweens updated together; ``done`` when all have finished."""

    def __init__(self, tweens: Iterable[Tween] = ()) -> None:
        self.items: list[Tween] = list(tweens)
        self.on_complete: Callable[[], None] | None = None
        self._fired = False

    def add(self, tween: Tween) -> Tween:
        self.items.append(tween)
        self._fired = False
        return tween

    def update(self, dt: float) -> bool:
        for t in list(self.items):
            t.update(dt)
        self.items = [t for t in self.items if not t.done]
        return self._check()

    def finish(self) -> None:
        # callbacks may add tweens: loop until nothing is left
        guard = 0
        while self.items and guard < 1000:
            items, self.items = self.items, []
            for t in items:
                t.finish()
            guard += 1
        self._check()

    def _check(self) -> bool:
        if not self.items and not self._fired:
            self._fired = True
            if self.on_complete:
                self.on_complete()
        return not self.items

    @property
    def done(self) -> bool:
        return not self.items

    @property
    def remaining(self) -> float:
        return max((t.total - t.elapsed for t in self.items), default=0.0)
