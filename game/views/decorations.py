"""What a board view draws over a position (``Decorations``) and what its empty board's picture
depends on (``RenderState``): plain values, shared by every game's view, its input and the scenes."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..rules.base import Danger

__all__ = ["Decorations", "RenderState"]


# ====================================================================== decorations
@dataclass
class Decorations:
    """What to show on top of a position."""

    selectable: set[str] = field(default_factory=set)      # stacks/points that can be used now
    selected: str | None = None                            # the stack picked by the player
    path: tuple[str, ...] = ()                             # labels clicked so far (multi-click moves)
    targets: dict[str, str] = field(default_factory=dict)  # label -> kind ('move', 'split', 'place', ...)
    preview_targets: dict[str, str] = field(default_factory=dict)  # faint targets of a hovered stack
    last_move: tuple[str, ...] = ()                        # from, (via...), to of the last move
    threats: list[str] = field(default_factory=list)
    dangers: list[Danger] = field(default_factory=list)    # the game's end one move away: marked before it lands
    result: list[str] = field(default_factory=list)       # why the game ended (Onyx: the winning chain)
    marks: list[str] = field(default_factory=list)        # points simply ringed (a tutorial step's highlights)
    hidden: dict[str, int] = field(default_factory=dict)   # label -> pieces not drawn (from the top)
    hover: str | None = None
    ghosts: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)  # pieces previewed on points
    arrows: list[tuple[str, str]] = field(default_factory=list)
    tags: dict[str, str] = field(default_factory=dict)     # label -> short text shown above it
    warned: set[str] = field(default_factory=set)          # tags that warn: their move loses at once
    captures: list[str] = field(default_factory=list)      # stones a hovered move would capture (Onyx)
    blocked: list[tuple[str, str]] = field(default_factory=list)   # arrows of moves that do NOT exist (crossed out)
    reach: dict[str, tuple[str, ...]] = field(default_factory=dict)  # where the selection's longer moves end -> their way
    time: float = 0.0                                      # seconds, for pulsing effects


# ====================================================================== render state
@dataclass(frozen=True)
class RenderState:
    """Everything the picture of the empty board depends on, as one value: caches of the board
    (the view's own, the scene's static layer, the board mask) key on it, never on ``id()``.

    ``generation`` is bumped by the view whenever anything else that changes the picture changes
    (a new layout, a theme refresh dropping the cached board)."""

    rect: tuple[int, int, int, int]
    flip: bool
    show_coords: bool
    theme: str
    generation: int
