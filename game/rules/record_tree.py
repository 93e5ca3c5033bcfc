"""The move section of a record as a game tree: reading it (variations, comments, recovery)
and writing it back with the move numbers of ``game.rules.numbering``.

Pure text in and out (no pygame, no files, no clock). ``game.rules.record`` reads and writes
the headers and calls in here for the moves; :class:`RecordError` lives here so that this
module needs nothing from it (``game.rules.record`` re-exports it).

Reading: the move section is split into items (:func:`scan_line`): move tokens, ``{comments}``
and the brackets ``(`` / ``)`` of variations. :func:`read_moves` replays them through the rules
core into a :class:`~game.rules.tree.GameTree`: ``( ... )`` after a move holds alternatives to
that move (played from the position before it), nested as deep as needed (up to
:data:`MAX_DEPTH`). A comment at the start of a variation, before its first move, is kept with
that first move. Move numbers (``12.``, ``12...``) and phase labels (``Lakes:``) are ignored.

Writing: :func:`write_moves` puts each row of the main line (``numbering.rows``) on a line of
its own, with the row's prefix (``12.``, ``Lakes:``); variations go inline after the move they
are alternatives to, and inside a variation, and right after one, a ply gets its number again
(``3... e3-d3``), as in PGN.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from .base import Color, Game, Move, Result, RulesError
from .numbering import Slot, next_slot, slots_for
from .tree import GameNode, GameTree, PlayedMove

__all__ = ["RecordError", "MovesRead", "scan_line", "read_moves", "write_moves",
           "comment_texts", "main_slots", "played_move", "move_ref", "stop_words", "MAX_DEPTH"]

#: How deep variations may nest in a record.
MAX_DEPTH = 100

_NUMBER_RE = re.compile(r"^(\d+)\.+(.*)$")
_PHASE_RE = re.compile(r"^lakes:(.*)$", re.IGNORECASE)
_TOKEN_RE = re.compile(r"^[A-Za-z0-9*>\-]+$")
_MAX_TOKEN = 40

# One item of the move section: (line number, kind, text); kind is "move", "comment", "(" or ")".
Item = tuple[int, str, str]


class RecordError(RulesError):
    """A record cannot be read. ``line`` is the 1-based line number (None if not tied to one).

    ``problem`` is the message without the line; ``plain`` (when set) says the same in a
    player's words, for the note of a recovered record.
    """

    def __init__(self, message: str, line: int | None = None, *, plain: str | None = None,
                 kind: str = "", **facts: Any) -> None:
        self.line = line
        self.problem = message
        self.plain = plain
        super().__init__(f"line {line}: {message}" if line is not None else message, kind=kind, **facts)

    @property
    def category(self) -> str:
        return "record"


def slot_facts(slot: Slot) -> dict[str, Any]:
    """A ply as the facts of a message: ``n`` (its number), ``side`` (colour word), ``phase``
    (an opening phase's name, Onager's 'Lakes', else None)."""
    return {"n": slot.number, "side": slot.color.word, "phase": slot.phase}


def _clip(s: str, n: int = 30) -> str:
    return s if len(s) <= n else s[:n] + "…"


# ---------------------------------------------------------------- scanning
def scan_line(text: str, lineno: int, body: list[Item],
              open_comment: tuple[list[str], int] | None) -> tuple[list[str], int] | None:
    """Split one line of the move section into items, appended to ``body``.

    ``open_comment`` is a comment still open from an earlier line: its pieces and the line it
    opened on (None: none). Returns the comment left open at the end of this line, if any.
    A comment is put in body with the line it opened on. Raises RecordError for a ``}``
    without a ``{`` (the items before it on the line are already in body).
    """
    i, n = 0, len(text)
    while i < n:
        if open_comment is not None:
            pieces, first = open_comment
            j = text.find("}", i)
            if j < 0:
                pieces.append(text[i:])
                return open_comment
            pieces.append(text[i:j])
            body.append((first, "comment", " ".join(pieces)))
            open_comment = None
            i = j + 1
            continue
        j = i
        while j < n and text[j] not in "{}()":
            j += 1
        for token in text[i:j].split():
            body.append((lineno, "move", token))
        if j >= n:
            break
        ch = text[j]
        if ch == "}":
            raise RecordError("a } without a { before it (comments are written {like this})",
                              lineno, plain="a } without a { before it", kind="stray-brace")
        if ch == "{":
            open_comment = ([], lineno)
        else:
            body.append((lineno, ch, ch))
        i = j + 1
    return open_comment


# ---------------------------------------------------------------- reading
@dataclass
class MovesRead:
    """What :func:`read_moves` read: the tree, the main line, and where it stopped."""

    tree: GameTree
    game: Game                                  # the position at the end of the main line
    moves: list[str] = field(default_factory=list)   # the main line's record forms
    stop: RecordError | None = None             # the problem reading stopped at (recover)


@dataclass
class _Line:
    game: Game
    base: GameNode          # the node the line starts from
    node: GameNode          # the last move of the line so far (base: none yet)
    main: bool
    line: int               # where its ( was
    pending: list[str] = field(default_factory=list)   # comments before its first move


def played_move(game: Game, text: str, path: tuple[str, ...] = ()) -> tuple[PlayedMove, Move]:
    """Parse ``text`` in ``game`` (not changed) and describe it; returns (PlayedMove, move).

    Raises RulesError when the move is refused.
    """
    phase, color = game.turn_phase(), game.to_move
    move = game.parse_move(text)
    record = game.record_str(move)
    canon = game.move_str(move)
    exchange = any(m.kind == "swap" for m in game.motions(move))
    return PlayedMove(canon, record, color, tuple(path), exchange, phase), move


def _cut_off(game: Game, token: str) -> bool:
    """Could ``token`` be the start of a longer legal move (a file cut inside a token)?"""
    low = token.lower()
    for m in game.legal_moves():
        for form in {game.record_str(m).lower(), game.move_str(m).lower()}:
            if form != low and form.startswith(low):
                return True
    return False


def read_moves(game: Game, body: Sequence[Item], recover: bool = False,
               tail_cut: bool = False, strict_tail: bool = False) -> MovesRead:
    """Replay the move section ``body`` from ``game`` (changed: it ends at the main line's end).

    Without ``recover`` every problem raises RecordError naming the line. With it, reading
    stops at the first problem (kept in ``stop``); what was read before it stays. ``tail_cut``:
    the file ends right after the last item (no line break), so a last move token that is no
    legal move but the start of a longer one is taken as cut off (a legal one is a whole move);
    ``strict_tail``: a legal one that starts a longer one is taken as cut off too.
    """
    tree = GameTree()
    lines = [_Line(game, tree.root, tree.root, True, 0)]
    out = MovesRead(tree, game)
    try:
        for index, (lineno, kind, token) in enumerate(body):
            cur = lines[-1]
            if kind == "comment":
                text = " ".join(token.split())
                if text:
                    if cur.node is cur.base and not cur.main:
                        cur.pending.append(text)
                    else:
                        cur.node.comments.append(text)
                continue
            if kind == "(":
                if cur.node is cur.base:
                    raise RecordError("a variation ( must follow the move it is an alternative to",
                                      lineno, plain="a ( that follows no move", kind="lone-variation")
                if len(lines) > MAX_DEPTH:
                    raise RecordError(f"variations nested more than {MAX_DEPTH} deep", lineno,
                                      plain="variations nested too deep", kind="deep-variation")
                before = cur.game.copy()
                before.undo()
                parent = cur.node.parent
                assert parent is not None
                lines.append(_Line(before, parent, parent, False, lineno))
                continue
            if kind == ")":
                if len(lines) == 1:
                    raise RecordError("a ) without a ( before it (variations are written "
                                      "( like this ))", lineno, plain="a ) without a ( before it",
                                      kind="stray-paren")
                if cur.node is cur.base:
                    raise RecordError("an empty variation ()", lineno, plain="an empty variation ()",
                                      kind="empty-variation")
                lines.pop()
                continue
            last = tail_cut and index == len(body) - 1
            _read_move(cur, out, lineno, token, last, strict_tail and last)
        if len(lines) > 1:
            at = lines[1].line
            raise RecordError(f"a variation opened with ( on line {at} is not closed with )", at,
                              plain="a variation opened with ( is not closed", kind="unclosed-variation")
    except RecordError as e:
        if not recover:
            raise
        out.stop = e
    out.game = lines[0].game
    tree.live = tree.cursor = tree.root.end()
    return out


def _read_move(cur: _Line, out: MovesRead, lineno: int, token: str, last: bool,
               strict: bool = False) -> None:
    m = _NUMBER_RE.match(token)
    if m:
        token = m.group(2)
    m = _PHASE_RE.match(token)
    if m:
        token = m.group(1)
    if not token:
        return
    slot = next_slot(cur.node.slot, cur.game.turn_phase(), cur.game.to_move)
    n = slot.ref()
    where = "" if cur.main else f" in a variation (opened on line {cur.line})"
    if len(token) > _MAX_TOKEN or not _TOKEN_RE.match(token):
        raise RecordError(f"{n}{where}: malformed token {_clip(token)!r}", lineno,
                          plain=f"{_clip(token)!r} is not a move", kind="not-a-move", text=_clip(token),
                          **slot_facts(slot))
    game = cur.game
    if game.result is not None:
        raise RecordError(f"{n} {token!r}{where} comes after the end of the game "
                          f"({game.result.describe()})", lineno,
                          plain=f"{token!r} comes after the end of the game", kind="after-end", text=token,
                          **slot_facts(slot))
    if strict and _cut_off(game, token):
        raise RecordError(f"{n} {token!r}{where}: the file ends inside this move", lineno,
                          plain=f"the file ends inside the move {token!r}", kind="cut-move", text=token,
                          **slot_facts(slot))
    try:
        pm, move = played_move(game, token)
        game.play(move)
    except RulesError as e:
        # a last token cut off by the end of the file (no line break after it) is only taken
        # for a cut when it is no move itself but the start of a longer one
        if last and _cut_off(game, token):
            raise RecordError(f"{n} {token!r}{where}: the file ends inside this move", lineno,
                              plain=f"the file ends inside the move {token!r}", kind="cut-move", text=token,
                              **slot_facts(slot)) from None
        raise RecordError(f"{n} {token!r}{where} refused: {e}", lineno,
                          plain=f"{token!r} is not a legal move there ({e})", kind="move-refused",
                          move=token, cause=e.value(), **slot_facts(slot)) from None
    node = cur.node.add(pm, main=cur.main)
    if cur.pending:
        node.comments[:0] = cur.pending
        cur.pending = []
    cur.node = node
    if cur.main:
        out.moves.append(pm.record)


def move_ref(before: GameNode, game: Game) -> str:
    """'move 2 (White)': the ply after ``before`` (``game`` at that position), named as the
    record numbers it, for messages about a record."""
    return next_slot(before.slot, game.turn_phase(), game.to_move).ref()


def stop_slot(read: MovesRead) -> Slot:
    """The ply where the main line stops: the first one that could not be read."""
    end = read.tree.root.end()
    return next_slot(end.slot, read.game.turn_phase(), read.game.to_move)


def stop_words(read: MovesRead) -> str:
    """Where the main line stops, in English: 'move 14, White' / 'the lakes, Black'."""
    slot = stop_slot(read)
    if slot.phase is not None:
        return f"the {slot.phase.lower()}, {slot.color.title}"
    return slot.words()


# ---------------------------------------------------------------- writing
def comment_texts(comments: Mapping[int, Sequence[str]] | None, plies: int) -> dict[int, list[str]]:
    """``{text}`` forms of the comments of plies 0..plies (others are ignored), by ply."""
    out: dict[int, list[str]] = {}
    for ply, texts in (comments or {}).items():
        if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply <= plies:
            continue
        forms = _braced([texts] if isinstance(texts, str) else texts)
        if forms:
            out[ply] = forms
    return out


def _braced(texts: Iterable[object]) -> list[str]:
    out = []
    for text in texts:
        clean = " ".join(str(text).replace("}", ")").split())
        if clean:
            out.append("{" + clean + "}")
    return out


def main_slots(start: Game | None, moves: Sequence[str], to_move: Color) -> list[Slot]:
    """The slots of the main line; past a refused move (or without a start) sides alternate."""
    slots = slots_for(start, moves) if start is not None else []
    prev = slots[-1] if slots else None
    while len(slots) < len(moves):
        prev = next_slot(prev, None, prev.color.other if prev is not None else to_move)
        slots.append(prev)
    return slots


def _join(tokens: Iterable[str]) -> str:
    """The tokens spaced as a record writes them: none after '(' or before ')'. (In parts, then
    joined once: adding to one string grew with the square of its length.)"""
    parts: list[str] = []
    tail = ""                       # the text's last character so far ('' while it is empty)
    for t in tokens:
        if tail and tail != "(" and t != ")":
            parts.append(" ")
            tail = " "
        parts.append(t)
        tail = t[-1:] or tail
    return "".join(parts)


def _needs_prefix(node: GameNode, force: bool) -> bool:
    parent = node.parent
    if force or parent is None or parent.move is None:
        return True
    return parent.played_slot.row != node.played_slot.row


def _variation(start: GameNode) -> str:
    """``(...)``: the line that starts with ``start`` and the variations inside it."""
    tokens: list[str] = ["("]
    work: list[tuple[str, object, bool]] = [(")", ")", False), ("after", start, False),
                                            ("ply", start, True)]
    while work:
        kind, what, force = work.pop()
        if kind in ("(", ")"):
            tokens.append(kind)
            continue
        node = what
        assert isinstance(node, GameNode)
        if kind == "ply":
            if _needs_prefix(node, force):
                tokens.append(node.played_slot.prefix)
            tokens.append(node.played.record)
            tokens.extend(_braced(node.comments))
            continue
        if not node.children:       # "after": the rest of the line from this node
            continue
        first, alts = node.children[0], node.children[1:]
        later: list[tuple[str, object, bool]] = [("ply", first, force)]
        for alt in alts:
            later += [("(", "(", False), ("ply", alt, True), ("after", alt, False),
                      (")", ")", False)]
        later.append(("after", first, bool(alts)))
        work.extend(reversed(later))
    return _join(tokens)


def write_moves(moves: Sequence[str], comments: Mapping[int, Sequence[str]] | None,
                slots: Sequence[Slot],
                variations: Callable[[int], Sequence[GameNode]] | None = None) -> list[str]:
    """The lines of the move section: the ply-0 comments, then one line per row.

    ``variations(i)`` gives the alternatives to the main line's move ``i`` (0-based).
    """
    notes = comment_texts(comments, len(moves))
    out: list[str] = []
    if notes.get(0):
        out.append(" ".join(notes[0]))
    words: list[str] = []
    row: int | None = None
    force = False
    for i, record in enumerate(moves):
        slot = slots[i]
        if slot.row != row:
            if words:
                out.append(_join(words))
            words, row = [slot.prefix], slot.row
        elif force:
            words.append(slot.prefix)
        words.append(record)
        words.extend(notes.get(i + 1, ()))
        alts = variations(i) if variations is not None else ()
        words.extend(_variation(alt) for alt in alts)
        force = bool(alts)
    if words:
        out.append(_join(words))
    return out


def main_nodes(tree: GameTree | None, moves: Sequence[str]) -> list[GameNode]:
    """The tree's main-line nodes as far as they agree with ``moves`` (record forms)."""
    out: list[GameNode] = []
    if tree is None:
        return out
    for node, record in zip(tree.root.main_line(), moves):
        if node.move is None or node.move.record.lower() != record.lower():
            break
        out.append(node)
    return out


def rebuild_tree(start: Game, tree: GameTree) -> tuple[GameTree, Game]:
    """A copy of ``tree`` with every move replayed from ``start`` (not changed) and described
    canonically, comments copied; and the game at the end of its main line.

    Raises RecordError naming the move when the rules refuse one.
    """
    new = GameTree()
    new.root.comments = list(tree.root.comments)
    old_end = tree.root.end()
    end_game = start.copy()
    work: list[tuple[GameNode, GameNode, Game]] = [(tree.root, new.root, end_game)]
    while work:
        old, node, game = work.pop()
        if old is old_end:
            end_game = game
        kids = old.children
        for k, child in enumerate(kids):
            g = game if k == len(kids) - 1 else game.copy()
            mv = child.move
            if mv is None:
                continue
            try:
                pm, move = played_move(g, mv.replay_text, mv.path)
                g.play(move)
            except RulesError as e:
                raise RecordError(f"{move_ref(node, g)} {mv.text!r} of the tree refused: {e}") \
                    from None
            nn = node.add(pm)
            nn.comments.extend(child.comments)
            work.append((child, nn, g))
    new.live = new.cursor = new.root.end()
    return new, end_game


def result_of_line(game: Game, ui_result: Result | None) -> Result | None:
    """The result at the end of a line: the rules core's, else the UI-level ending."""
    if game.result is None:
        return ui_result
    if ui_result is not None and ui_result != game.result:
        raise RecordError(f"the game already ended ({game.result.describe()}); "
                          f"it cannot also end with {ui_result.describe()}", kind="result")
    return game.result
