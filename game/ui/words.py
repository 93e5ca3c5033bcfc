"""Facts of the game in the player's words: plies, positions, phases.

The rules and the match give values (a ``Slot``: move number, opening phase, colour; a game
tree node); these functions word them through the catalogue (``game.i18n``) when the
interface shows them. Notation (moves, coordinates) stays as it is in every language.
"""
from __future__ import annotations

from typing import Any

from ..i18n import N_, _, ngettext, pgettext
from ..names import LEVEL_NAMES, side_name
from ..rules.numbering import Slot

__all__ = ["chance_text", "phase_name", "variant_words", "slot_words", "where_words", "position_words", "and_list", "standing_words", "player_words", "computer_words", "record_file_words",
           "LEVEL_NAMES"]

# the games' opening phases as ``Game.turn_phase()`` names them (Onager's three lakes)
_PHASES = {"Lakes": N_("Lakes")}


def phase_name(phase: str) -> str:
    """An opening phase's name as a row label of the move list: 'Lakes'."""
    known = _PHASES.get(phase)
    return _(known) if known else phase


def variant_words(options: dict[str, Any], short: bool = False) -> str:
    """A game's options (``Game.options()``) as a title names them: '12×12, standard start,
    pie rule' (Onyx's; '' for a game that has none); ``short``: the board's size alone."""
    if "size" not in options:
        return ""
    n = options["size"]
    if short:
        return f"{n}×{n}"
    parts = [f"{n}×{n}", _("open start") if options.get("open") else _("standard start")]
    if options.get("pie"):
        parts.append(_("pie rule"))
    return _(", ").join(parts)


def slot_words(slot: Slot) -> str:
    """'move 12, White' / 'the lakes, Black': how a status line names a ply."""
    side = side_name(slot.color.word)
    if slot.phase is not None:
        return _("{phase}, {side}").format(phase=phase_name(slot.phase), side=side)
    return _("move {n}, {side}").format(n=slot.number, side=side)


def where_words(node: Any) -> str:
    """A position of the game tree in a status line's words, capitalised as a sentence starts:
    'The start of the game', 'Move 12, White: e3-d3'."""
    slot = node.slot
    if slot is None or node.move is None:
        return _("The start of the game")
    side = side_name(slot.color.word)
    if slot.phase is not None:
        return _("{phase}, {side}: {move}").format(phase=phase_name(slot.phase), side=side, move=node.move.record)
    return _("Move {n}, {side}: {move}").format(n=slot.number, side=side, move=node.move.record)


def position_words(slot: Slot | None) -> str:
    """A position by the ply that led to it, capitalised: 'Start of the game', 'Move 12, White'."""
    if slot is None:
        return _("Start of the game")
    side = side_name(slot.color.word)
    if slot.phase is not None:
        return _("{phase}, {side}").format(phase=phase_name(slot.phase), side=side)
    return _("Move {n}, {side}").format(n=slot.number, side=side)


def chance_text(black: float, proven: str | None = None, side: str = "black") -> str:
    """A winning chance as every screen shows it: '64%', ``side``'s ('black' or 'white') from
    Black's chance ``black``. 100% and 0% (and a draw's 50%) only when the result is known for
    sure (``proven``: 'black', 'white' or 'draw', a finished game included); a search's value
    that rounds to an end reads '<1%' or '>99%', so a figure never claims more than it knows."""
    if proven == "draw":
        return "50%"
    if proven in ("black", "white"):
        return "100%" if proven == side else "0%"
    v = max(0.0, min(1.0, float(black)))
    n = round(100 * (v if side == "black" else 1.0 - v))
    if n <= 0:
        return "<1%"
    if n >= 100:
        return ">99%"
    return f"{n}%"


def and_list(items: list[str]) -> str:
    """'a4', 'a4 and b5', 'a4, b5 and c6' in the language's way."""
    if len(items) <= 1:
        return "".join(items)
    return pgettext("list", "{items} and {last}").format(items=_(", ").join(items[:-1]), last=items[-1])


def standing_words(st: Any) -> str:
    """A saved game's standing (``autosave.Standing``) for the menu's Continue: 'Onyx, move 23,
    Black to move', 'Onyx, Black wins (resigned)'."""
    from ..names import game_title
    from .endings import result_words
    title = game_title(st.game)
    if not st.readable:
        return ngettext("{game}, {n} ply", "{game}, {n} plies", st.plies).format(game=title, n=st.plies)
    if st.result is not None:
        r = st.result
        word = r.winner.word if r.winner is not None else "draw"
        return _("{game}, {result}").format(game=title, result=result_words(word, r.reason))
    return _("{game}, {turn} to move").format(game=title, turn=slot_words(st.next))


def player_words(name: str) -> str:
    """A record's player name as the player reads it: the names this program writes for its
    own players ('Human', 'Computer (Hard)') in the language in use, any other name as it is."""
    from ..autosave import player_from_name, player_name
    from ..match import HUMAN
    who = player_from_name(name)
    if name != player_name(who):
        return name                         # a person's own name (or a form this program does not write)
    if who == HUMAN:
        return _("Human")
    return computer_words(who)


def record_file_words(record: Any) -> str:
    """The name a saved game is offered under (a ``Record``): '2026-11-29 Onyx, Ann vs Bob',
    the date, the game and the players by the colours they played (Black first), in the
    language in use; a game between two people with no names of their own names no one."""
    from ..names import game_title
    name = " ".join(p for p in (record.date, game_title(record.game) if record.game else "") if p)
    black, white = record.black.strip(), record.white.strip()
    if (black or white) and not (black.lower() == white.lower() == "human"):
        players = _("{black} vs {white}").format(black=player_words(black) if black else "?",
                                                 white=player_words(white) if white else "?")
        name = _("{game}, {players}").format(game=name, players=players) if name else players
    return name


def computer_words(level: str, short: bool = False, tiny: bool = False, plain: bool = False) -> str:
    """How the game names a computer player, as New game does without the rating:
    'Computer – Level 8 (Hard)', 'Computer – Level 3'; ``plain``: the level by its number
    alone, 'Computer – Level 8'; ``short`` for a narrow panel: 'CPU (Level 8)'; ``tiny`` where
    even that is too long (two computers in a longer language): 'CPU 8', its level's number."""
    from ..ai.levels import level_number
    from ..names import level_title
    text = str(level)
    try:
        number = level_number(text)
    except ValueError:
        number = 0
    if tiny:
        # Translators: a computer player and its level's number (1 to 8), as short as can be
        return _("CPU {number}").format(number=number or text)
    name = _("Level {number}").format(number=number) if number else level_title(text)
    if short:
        return _("CPU ({level})").format(level=name)
    if plain:
        return _("Computer – {level}").format(level=name)
    # Translators: a computer player, e.g. "Computer – Level 3 · rated about 1270" in New game,
    # "Computer – Level 8 (Hard)" on the board
    return _("Computer – {level}").format(level=level_title(text))
