"""The position editor's model: a position being set up, checked by the rules core.

No pygame here (the scene is ``editor.py``). One source of truth: ``SetUpModel.stacks`` (label ->
pieces bottom to top, the form of ``Game.stacks()``) is written as set-up text (``text()``, the
form of ``Game.position_text()``), and ``check()`` hands that text, the side to move and the
options to the game's ``from_position``: the game it makes, or the rules core's reason why the
position is impossible, said in a player's words (``player_words``). A text typed by the player
goes the other way (``load_text``): the rules core reads it and its stacks become the editor's.
Every change can be taken back: ``state()`` is the whole set-up as one value, ``restore`` puts one
back, and ``History`` keeps the states the player went through (Undo / Redo).

Per game:

* Amoeba: pieces ``B``, ``W``, ``Bk``, ``Wk``; ``put`` pushes one on top of a stack, ``take``
  takes the top one off.
* Onyx: stones ``B``, ``W`` on corner points and midpoints; ``put`` sets the stone (replacing
  one), ``take`` removes it. Options: ``size`` (12, 16, 20), ``open``, ``pie`` and the pie's
  state (``PIE_STATES``: how many moves were made, whether colours were swapped).
* Onager: discs ``B``, ``W`` (``put`` pushes one on a stack) and lakes ``L`` (at most 3);
  ``lake_phase``: lakes are still to be placed (``from_position(..., setup=True)``).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from ..rules import Color, Game, PositionError, RulesError, game_class, make_game
from ..i18n import N_, _, ngettext
from ..ui.endings import result_line
from ..ui.problems import position_words

TITLES = {"amoeba": "Amoeba", "onyx": "Onyx", "onager": "Onager"}
# the pieces a player can put, per game: (code, button text: English, translated when shown)
PALETTES: dict[str, tuple[tuple[str, str], ...]] = {
    "amoeba": (("B", N_("Black piece")), ("W", N_("White piece")), ("Bk", N_("Black Kernel")), ("Wk", N_("White Kernel"))),
    "onyx": (("B", N_("Black stone")), ("W", N_("White stone"))),
    "onager": (("B", N_("Black disc")), ("W", N_("White disc")), ("L", N_("Lake"))),
}
ONYX_SIZES = (12, 16, 20)
# the pie rule's state in a set-up: (key, text, moves already made, colours swapped)
PIE_STATES: tuple[tuple[str, str, int, bool], ...] = (
    ("off", N_("No pie rule"), 0, False),
    ("first", N_("Pie: first move to come"), 0, False),
    ("now", N_("Pie: White may swap now"), 1, False),
    ("declined", N_("Pie: swap declined"), 2, False),
    ("swapped", N_("Pie: colours swapped"), 2, True),
)
LAKE = "L"
LAKES = 3          # an Onager game has 3 lakes once its lake phase is over
UNDO_DEPTH = 200   # the states Undo can go back through (each is a few hundred bytes)

# the whole set-up as one value: stacks (sorted), side to move, Onyx size, open start, pie, lake phase
State = tuple[tuple[tuple[str, tuple[str, ...]], ...], Color, int, bool, str, bool]


def _label_key(label: str) -> tuple[Any, ...]:
    """Board order for labels of any of the games: letters, then the numbers in them."""
    letters = "".join(ch for ch in label if ch.isalpha())
    digits = "".join(ch for ch in label if ch.isdigit())
    return (len(letters), letters, len(digits), int(digits) if digits else 0)


@dataclass
class Check:
    """What the rules core said about the position: the game (None: impossible), the reason in a
    player's words, and a note for a legal position that is already decided or unusual."""

    game: Game | None
    reason: str = ""
    note: str = ""

    @property
    def ok(self) -> bool:
        return self.game is not None

    @property
    def playable(self) -> bool:
        """Legal and not over: there is a move to make (Play, Analyse)."""
        return self.game is not None and self.game.result is None


@dataclass
class SetUpModel:
    """A position being set up (see the module docstring)."""

    game_name: str
    stacks: dict[str, tuple[str, ...]] = field(default_factory=dict)
    to_move: Color = Color.BLACK
    size: int = 12            # Onyx
    open: bool = False        # Onyx
    pie: str = "off"          # Onyx: a key of PIE_STATES
    lake_phase: bool = False  # Onager

    # ------------------------------------------------------------ making
    @classmethod
    def start(cls, game_name: str, **options: Any) -> "SetUpModel":
        """The game's starting position (Onyx with its size, open start and pie rule)."""
        m = cls(game_name)
        if game_name == "onyx":
            m.size = int(options.get("size", 12))
            m.open = bool(options.get("open", False))
            m.pie = "first" if options.get("pie") else "off"
        m.reset_to_start()
        return m

    def reset_to_start(self) -> None:
        """Back to the game's start (the options stay; Onager goes back to the lake phase)."""
        game = make_game(self.game_name, **self.variant())
        self.stacks = dict(game.stacks())
        self.to_move = game.to_move
        if self.game_name == "onager":
            self.lake_phase = True
        if self.game_name == "onyx" and self.pie != "off":
            self.pie = "first"

    def clear(self) -> None:
        self.stacks = {}

    # ------------------------------------------------------------ the whole set-up as a value
    def state(self) -> State:
        """Everything of the position set up: its stacks, the side to move and the options."""
        return (tuple(sorted(self.stacks.items())), self.to_move, self.size, self.open, self.pie, self.lake_phase)

    def restore(self, state: State) -> None:
        """Back to a ``state()`` taken earlier (Undo / Redo)."""
        stacks, self.to_move, self.size, self.open, self.pie, self.lake_phase = state
        self.stacks = dict(stacks)

    # ------------------------------------------------------------ options
    def variant(self) -> dict[str, Any]:
        """The game's own options (``Game.options()``: Onyx size, open, pie)."""
        if self.game_name == "onyx":
            return {"size": self.size, "open": self.open, "pie": self.pie != "off"}
        return {}

    def options(self) -> dict[str, Any]:
        """Every option ``from_position`` gets: the variant and the set-up's extras."""
        opts = self.variant()
        if self.game_name == "onyx":
            plies, swapped = next(p for p in PIE_STATES if p[0] == self.pie)[2:]
            if plies:
                opts["plies"] = plies
            if swapped:
                opts["swapped"] = True
        if self.game_name == "onager" and self.lake_phase:
            opts["setup"] = True
        return opts

    def set_size(self, size: int) -> int:
        """Another Onyx board: the stones whose points it lacks go; how many went."""
        if size == self.size:
            return 0
        from ..rules.onyx import geometry
        self.size = size
        points = set(geometry(size).labels)
        kept = {lab: s for lab, s in self.stacks.items() if lab in points}
        gone = len(self.stacks) - len(kept)
        self.stacks = kept
        return gone

    # ------------------------------------------------------------ editing
    def put(self, label: str, piece: str) -> None:
        """A click with ``piece`` chosen: push it on the stack (Onyx: the stone there is replaced)."""
        old = self.stacks.get(label, ())
        if self.game_name == "onyx":
            self.stacks[label] = (piece,)
        elif self.game_name == "onager" and piece == LAKE:
            if LAKE not in old:
                self.stacks[label] = old + (LAKE,)
        else:
            self.stacks[label] = old + (piece,)

    def take(self, label: str) -> None:
        """A right click: the top piece (Onager: or the lake) comes off."""
        old = self.stacks.get(label, ())
        if len(old) > 1:
            self.stacks[label] = old[:-1]
        else:
            self.stacks.pop(label, None)

    # ------------------------------------------------------------ text
    def text(self) -> str:
        """The position in the set-up notation (``Game.position_text()``'s form)."""
        labels = sorted(self.stacks, key=_label_key)
        if self.game_name == "onyx":
            black = " ".join(lab for lab in labels if self.stacks[lab] == ("B",))
            white = " ".join(lab for lab in labels if self.stacks[lab] == ("W",))
            return f"Black: {black}; White: {white}"
        parts, lakes = [], []
        for lab in labels:
            pieces = self.stacks[lab]
            if self.game_name == "onager" and LAKE in pieces:
                lakes.append(lab)
                pieces = tuple(p for p in pieces if p != LAKE)
            if pieces:
                parts.append(f"{lab}: {','.join(pieces)}")
        if lakes:
            parts.append("Lakes: " + " ".join(lakes))
        return "; ".join(parts)

    def check(self, text: str | None = None) -> Check:
        """The rules core's verdict on the position (or on ``text``, typed by the player)."""
        cls = game_class(self.game_name)
        opts = self.options()
        try:
            if self.game_name == "onyx":
                from ..rules.onyx import setup_refusal
                problem = setup_refusal(self.to_move, **opts)
                if problem is not None:
                    return Check(None, player_words(self.game_name, problem))
            game = cls.from_position(self.text() if text is None else text, self.to_move, **opts)
        except RulesError as exc:
            return Check(None, player_words(self.game_name, exc))
        except ValueError:          # not the rules' refusal: an option of the wrong type
            return Check(None, player_words(self.game_name, PositionError("")))
        return Check(game, "", note_for(self, game))

    def load_text(self, text: str) -> Check:
        """A typed set-up text: when the rules core reads it, its stacks become the editor's."""
        verdict = self.check(text)
        if verdict.game is not None:
            self.stacks = stacks_of(self.game_name, verdict.game)
        return verdict

    def counts(self) -> dict[str, int]:
        """Pieces of each kind on the board (the palette shows them)."""
        out: dict[str, int] = {}
        for pieces in self.stacks.values():
            for p in pieces:
                out[p] = out.get(p, 0) + 1
        return out


class History:
    """The states a set-up went through, for Undo and Redo: ``now`` is the state shown;
    ``commit`` records a new one (a change that changed nothing records nothing, and a new
    change forgets what Redo would have brought back); at most ``depth`` states back."""

    def __init__(self, now: State, depth: int = UNDO_DEPTH) -> None:
        self.now = now
        self.past: deque[State] = deque(maxlen=depth)
        self.future: list[State] = []

    def commit(self, state: State) -> bool:
        """``state`` is shown now; True when it is a change."""
        if state == self.now:
            return False
        self.past.append(self.now)
        self.now = state
        self.future.clear()
        return True

    def can_undo(self) -> bool:
        return bool(self.past)

    def can_redo(self) -> bool:
        return bool(self.future)

    def undo(self) -> State | None:
        """The state before ``now`` (which Redo keeps), or None when there is none."""
        if not self.past:
            return None
        self.future.append(self.now)
        self.now = self.past.pop()
        return self.now

    def redo(self) -> State | None:
        """The state Undo left, or None when there is none."""
        if not self.future:
            return None
        self.past.append(self.now)
        self.now = self.future.pop()
        return self.now


def stacks_of(game_name: str, game: Game) -> dict[str, tuple[str, ...]]:
    """The editor's stacks of a game (its ``stacks()``: lakes are ('L',) there too)."""
    return {lab: tuple(s) for lab, s in game.stacks().items()}


def note_for(model: SetUpModel, game: Game) -> str:
    """A word on a legal position: decided already, or an Onager game with lakes missing."""
    res = game.result
    if res is not None:      # who won and how, in the words the result card has ('White connected columns a and l')
        try:
            counts: dict[str, int] = dict(game.counts())
        except (RulesError, ValueError, KeyError, TypeError):
            counts = {}
        result = result_line(res, model.game_name, counts, int(model.size), game.to_move)
        return _("This position is already over. {result} It can be saved, not played.").format(result=result)
    if model.game_name == "onager" and not model.lake_phase:
        lakes = sum(1 for s in model.stacks.values() if LAKE in s)
        if lakes == 0:
            return ngettext("No lake is placed (a game has its {n} lake after its lake phase).",
                            "No lake is placed (a game has all {n} lakes after its lake phase).", LAKES).format(n=LAKES)
        if lakes < LAKES:
            return ngettext("Only {n} of the 3 lakes is placed (a game has all 3 after its lake phase).",
                            "Only {n} of the 3 lakes are placed (a game has all 3 after its lake phase).",
                            lakes).format(n=lakes)
    return ""


# ---------------------------------------------------------------- the rules core's reasons, for players
def player_words(game_name: str, refusal: RulesError) -> str:
    """The rules core's reason for refusing a position (its kind and facts), as a sentence for
    a player in the player's language."""
    return position_words(game_name, refusal)
