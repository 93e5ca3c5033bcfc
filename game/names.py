"""The games' names and one-line descriptions: the one table of them.

The rules and records name a game by its key ('amoeba', 'onyx', 'onager'); these are the words
a player reads for it, translated when shown (``docs/glossary.md`` gives each name in every
language and where it comes from).
"""
from __future__ import annotations

from .i18n import N_, _, decimal, pgettext

__all__ = ["GAME_KEYS", "game_title", "game_tagline", "side_name", "level_title", "level_words", "LEVEL_NAMES"]

GAME_KEYS = ("amoeba", "onyx", "onager")
_TITLES = {"amoeba": N_("Amoeba"), "onyx": N_("Onyx"), "onager": N_("Onager")}
_TAGLINES = {
    "amoeba": N_("Stack, split and hunt down the enemy Kernel."),
    "onyx": N_("Join your two edges; capture across the squares."),
    "onager": N_("Catapult your discs to the far row."),
}


def game_title(key: str) -> str:
    """The game's name in the language in use ('Amoeba', 'アメーバ', 'Oniks')."""
    title = _TITLES.get(str(key).strip().lower())
    return _(title) if title else str(key).capitalize()


def game_tagline(key: str) -> str:
    """The game in one line, for its card on the menu."""
    line = _TAGLINES.get(str(key).strip().lower())
    return _(line) if line else ""


def side_name(colour: str) -> str:
    """'Black' or 'White': the side a player plays (``colour``: 'black' or 'white')."""
    return pgettext("side", "White") if str(colour).lower().startswith("w") else pgettext("side", "Black")


# ---------------------------------------------------------------- players
# The Onyx board the ladder rates the levels on (``game.ai.ladder``: the game's default size).
RATED_ONYX_SIZE = 12

# The three levels with a name besides their number (levels 2, 5 and 8 of the ladder).
LEVEL_NAMES = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}


def level_title(level: str) -> str:
    """'Level 3', 'Level 8 (Hard)': a computer level by its number, and its name where it has
    one; every screen that names a level names it so (the level's value itself when it is
    none of the ladder's)."""
    from .ai.levels import level_name, level_number
    try:
        n = level_number(level)
        named = LEVEL_NAMES.get(level_name(level))
    except ValueError:
        return str(level)
    if not n:                               # random, uct: the engine's own names, not levels
        return str(level).capitalize()
    return (_("Level {number} ({name})").format(number=n, name=_(named)) if named
            else _("Level {number}").format(number=n))


def level_words(game_key: str, level: str, seconds: float | None = None,
                limit: float | None = None, size: int | None = None) -> str:
    """'Level 3 · rated about 1270', 'Level 5 (Medium) · rated about 1560': a computer level of the ladder
    with its shipped rating in that game (rounded to tens, written as ratings are, without a
    thousands separator; the level alone when unmeasured).

    ``seconds``: the player's think time for the level (Settings). The rating was measured at
    the level's own budget; a level that searches more or less with that time
    (``levels.move_iterations``) says it is stronger or weaker than its rating.

    ``limit``: in a game with clocks, the most the computer may think about its move by its
    clock (``game.clock.think_budget``). A level that the clock cuts below that think time
    (``levels.clock_limited``) is weaker than its rating "with this clock".

    ``size``: an Onyx board other than the ladder's 12x12, where the level searches fewer
    iterations in its time: the rating says the board it was measured on."""
    from .ai.ladder import rating
    from .ai.levels import clock_limited, get_level, level_name, move_iterations
    try:
        name = level_name(level)
    except ValueError:
        return str(level)
    text = level_title(level)
    r = rating(game_key, level)
    if r is None:
        return text
    about = int(round(r, -1))
    if game_key == "onyx" and size is not None and size != RATED_ONYX_SIZE:
        # Translators: a computer level rated on the 12x12 Onyx board, shown for a larger one,
        # e.g. "Level 8 (Hard) · rated about 2100 on 12×12"
        return _("{level} · rated about {rating} on {size}×{size}").format(level=text, rating=about,
                                                                         size=RATED_ONYX_SIZE)
    lv = get_level(name, game_key)
    own = move_iterations(lv)
    its = move_iterations(lv, seconds)
    clocked = False
    if limit is not None and its is not None:
        cut = clock_limited(lv, seconds, limit)
        cut_its = move_iterations(lv, cut)
        if cut_its is not None and cut_its < its:
            seconds, its, clocked = cut, cut_its, True
    if seconds is not None and own is not None and its is not None and its != own:
        if its < own and clocked:
            # Translators: a computer level whose game clock leaves it less think time than
            # it was rated at, e.g. "Level 8 (Hard) · rated about 2100, weaker with this clock"
            return _("{level} · rated about {rating}, weaker with this clock").format(
                level=text, rating=about)
        secs = decimal(seconds, 2)
        if its > own:
            # Translators: a computer level given more think time than it was rated at, e.g.
            # "Level 5 (Medium) · rated about 1560, stronger at 3 s a move"
            return _("{level} · rated about {rating}, stronger at {seconds} s a move").format(
                level=text, rating=about, seconds=secs)
        # Translators: a computer level given less think time than it was rated at, e.g.
        # "Level 8 (Hard) · rated about 2100, weaker at 1 s a move"
        return _("{level} · rated about {rating}, weaker at {seconds} s a move").format(
            level=text, rating=about, seconds=secs)
    # Translators: a computer level and its rating (Elo-like points), e.g. "Level 3 · rated about 1270"
    return _("{level} · rated about {rating}").format(level=text, rating=about)
