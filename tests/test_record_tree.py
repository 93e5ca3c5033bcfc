"""Records as game trees: variations, move numbers, recovery of damaged files, the command.

The fixture corpus in tests/data/records/ was written by the record code before trees and
numbering came in; a record there must still read, and write back byte for byte, except the
ones whose move numbers deliberately changed (Onager's "Lakes" row, "1..." for a set-up start
with White to move): see CHANGED_FORMAT.
"""
from __future__ import annotations

import datetime
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import game_class, make_game
from game.rules.base import Color, Game, Result
from game.rules.numbering import slots_for
from game.rules.record import (RecordError, format_record, parse_record, record_from_game,
                               record_from_tree)
from game.rules.record_tree import played_move
from game.rules.tree import GameNode, GameTree

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "records"
DATE = datetime.date(2026, 12, 2)

#: Corpus files whose move section is written differently now (numbering), by design.
CHANGED_FORMAT = {
    "onager_comments.txt", "onager_finished.txt", "onager_lakes_only.txt",
    "onager_resign.txt", "onager_unfinished.txt",          # the lakes are one "Lakes:" row
    "setup_onager_lakes_white.txt",                         # a lakes row started by White
    "setup_amoeba_white.txt", "setup_onager_white.txt",
    "setup_onyx_white_pie.txt",                             # White first: "1... x", then "2."
    "onyx12_pie_swap.txt",              # White's swap shares Black's row, its next ply is "2... x"
}


# ------------------------------------------------------------------ helpers
def corpus_files() -> list[Path]:
    return sorted(CORPUS.glob("*.txt"))


def random_tree(game: Game, seed: int, plies: int = 14, branch: float = 0.35,
                depth: int = 3) -> GameTree:
    """A tree with a random main line, nested variations and comments, from ``game``."""
    rng = random.Random(seed)
    tree = GameTree()

    def grow(node: GameNode, g: Game, n: int, d: int) -> None:
        for _ in range(n):
            if g.result is not None:
                return
            legal = sorted(g.legal_moves(), key=g.move_sort_key)
            move = rng.choice(legal)
            pm, _ = played_move(g, g.move_str(move))
            child = node.add(pm)
            if rng.random() < 0.2:
                child.comments.append(rng.choice(["note", "?! doubtful", "the (idea) here"]))
            for _ in range(rng.choice((1, 1, 2)) if d > 0 and rng.random() < branch else 0):
                others = [m for m in legal if g.move_str(m) not in
                          {c.move.text for c in node.children if c.move is not None}]
                if not others:
                    break
                alt = rng.choice(others)
                g2 = g.copy()
                apm, amove = played_move(g2, g2.move_str(alt))
                anode = node.add(apm)
                if rng.random() < 0.5:
                    anode.comments.append(f"alt at depth {d}")
                g2.play(amove)
                grow(anode, g2, rng.randrange(1, 5), d - 1)
            g.play(move)
            node = child

    grow(tree.root, game.copy(), plies, depth)
    if rng.random() < 0.5:
        tree.root.comments.append("the game")
    tree.live = tree.cursor = tree.root.end()
    return tree


def shape(node: GameNode) -> tuple:
    """The tree under ``node`` as nested tuples of (record, text, color, phase, exchange,
    comments, children)."""
    kids = tuple(shape(c) for c in node.children)
    m = node.move
    head = (None if m is None else (m.record, m.text, m.color, m.phase, m.exchange, m.path))
    return (head, tuple(node.comments), kids)


def game_for(name: str, options: dict) -> Game:
    return make_game(name, **options)


GAMES = [
    ("amoeba", {}),
    ("onyx", {"pie": True}),
    ("onyx", {"size": 16, "open": True}),
    ("onager", {}),
]


# ------------------------------------------------------------------ the corpus
def test_corpus_is_there() -> None:
    names = {p.name for p in corpus_files()}
    assert len(names) >= 20
    assert CHANGED_FORMAT <= names


@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.stem)
def test_corpus_round_trip(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    record = parse_record(text)
    out = format_record(record)
    if path.name not in CHANGED_FORMAT:
        assert out == text
        return
    assert out != text
    back = parse_record(out)
    assert back.moves == record.moves and back.comments == record.comments
    assert back == record
    assert format_record(back) == out
    # the new numbering: one line per numbering row, starting with the row's prefix
    body = out.split("\n\n", 1)[1]
    lines = [re.sub(r"\{[^}]*\}", "", ln).split() for ln in body.splitlines()]
    lines = [ln for ln in lines if ln]
    slots = slots_for(record.start(), record.moves)
    expected: list[list[str]] = []
    for slot, move in zip(slots, record.moves):
        if not expected or len(expected) <= slot.row:
            expected.append([slot.prefix])
        expected[-1].append(move)
    assert lines == expected
    first = slots[0]
    if first.phase is None:
        assert first.prefix == "1." or (first.prefix == "1..." and record.to_move == Color.WHITE)
    if "swap" in record.moves:            # the pie rule: White's swap shares the row of Black's
        i = record.moves.index("swap")    # ply before it, White's next ply starts a row ("2... x")
        assert slots[i].row == slots[i - 1].row and slots[i + 1].row == slots[i].row + 1
        assert slots[i + 1].prefix == f"{slots[i].number + 1}..."


# ------------------------------------------------------------------ numbering in records
def test_onager_lakes_row_then_numbered_moves() -> None:
    text = '[Game "onager"]\n\n1. c3 f9\n2. h5 b3-c4\n'       # the old pairing still reads
    record = parse_record(text)
    assert record.moves == ["c3", "f9", "h5", "b3-c4"]
    out = format_record(record)
    assert out.endswith("\n\nLakes: c3 f9 h5\n1. b3-c4\n")
    assert parse_record(out) == record
    assert parse_record('[Game "onager"]\n\nLakes: c3 f9\nlakes:h5 1.b3-c4\n').moves == record.moves
    node = record.tree.main_line()[3]
    assert node.move.phase is None and node.slot.prefix == "1."
    assert [n.move.phase for n in record.tree.main_line()[:3]] == ["Lakes"] * 3


def test_white_first_set_up_starts_with_1_dots() -> None:
    game = game_class("amoeba").from_position("d1: W,B,B; d3: Wk; b3: Bk; g4: W", Color.WHITE)
    rng = random.Random(3)
    for _ in range(4):
        game.play(rng.choice(sorted(game.legal_moves(), key=game.move_sort_key)))
    out = format_record(record_from_game(game, ("a", "b"), DATE))
    moves = parse_record(out).moves
    assert f"\n\n1... {moves[0]}\n2. {moves[1]} {moves[2]}\n3. {moves[3]}\n" in out


def test_onyx_pie_swap_is_an_exchange() -> None:
    record = parse_record('[Game "onyx"]\n[Variant "pie=yes"]\n\n1. f6 swap\n2. e5\n')
    main = record.tree.main_line()
    assert [n.move.exchange for n in main] == [False, True, False]
    assert [n.move.color for n in main] == [Color.BLACK, Color.WHITE, Color.WHITE]
    assert [n.slot.row for n in main] == [0, 0, 1]
    assert format_record(record).endswith("\n\n1. f6 swap\n2... e5\n")
    assert main[0].move.text == "f6" and main[0].move.path == ()
    assert record.tree.live is main[-1] and record.tree.cursor is main[-1]


# ------------------------------------------------------------------ variations
def test_variations_by_hand_nested_with_comments() -> None:
    game = make_game("amoeba")
    legal = game.legal_strs()
    a, b = legal[0], legal[1]
    g = game.copy()
    g.push(a)
    r1, r2 = g.legal_strs()[:2]
    text = (f'[Game "amoeba"]\n\n{{start}} 1. {a} ({{why}} 1. {b} {{idea}}) {r1} '
            f'( {r2} {{alt}} ( {g.legal_strs()[2]} ) )\n')
    record = parse_record(text)
    assert record.moves == [a, r1]
    assert record.comments == {0: ["start"]}
    root = record.tree.root
    assert [c.move.text for c in root.children] == [a, b]
    assert root.children[1].comments == ["why", "idea"]          # a comment opening a variation
    first = root.children[0]
    assert [c.move.text for c in first.children] == [r1, r2, g.legal_strs()[2]]
    assert first.children[1].comments == ["alt"]
    assert record.tree.count_variations() == 3 and record.tree.count_comments() == 4
    out = format_record(record)
    assert f"1. {a} ({b} {{why}} {{idea}})" not in out
    assert f"1. {a} (1. {b} {{why}} {{idea}}) 1... {r1} (1... {r2} {{alt}}) " \
           f"(1... {g.legal_strs()[2]})\n" in out
    back = parse_record(out)
    assert shape(back.tree.root) == shape(record.tree.root)
    assert format_record(back) == out


@pytest.mark.parametrize("name,options", GAMES)
@pytest.mark.parametrize("seed", range(5))
def test_tree_round_trip(name: str, options: dict, seed: int) -> None:
    start = game_for(name, options)
    tree = random_tree(start, seed, plies=10 + 3 * seed)
    record = record_from_tree(start, tree, ("Ann", "Bob"), DATE)
    assert record.tree is not None and record.tree is not tree
    assert shape(record.tree.root)[2] and record.moves == [n.move.record for n in tree.main_line()]
    text = format_record(record)
    back = parse_record(text)
    assert back == record
    assert shape(back.tree.root) == shape(record.tree.root)
    assert back.tree.count_variations() == tree.count_variations()
    assert back.tree.count_comments() == tree.count_comments()
    assert back.comments == record.comments
    assert format_record(back) == text
    assert f'[Plies "{len(record.moves)}"]' in text
    assert back.tree.live is back.tree.root.end()
    if tree.count_variations():
        assert "(" in text


def test_tree_from_a_set_up_start_and_result() -> None:
    start = game_class("onyx").from_position("Black: a4 b3; White: a5 b4", Color.WHITE,
                                             pie=True, plies=1)
    tree = random_tree(start, 4, plies=6)
    record = record_from_tree(start, tree, ("a", "b"), DATE, Result(Color.BLACK, "resign"))
    assert record.setup is not None and record.to_move == Color.WHITE
    assert record.setup_options == {"plies": 1}
    text = format_record(record)
    assert '[Result "black"]\n[Reason "resign"]' in text
    assert re.search(r"\n\n(\{[^}]*\}\n)?1\.\.\. ", text)
    back = parse_record(text)
    assert shape(back.tree.root) == shape(record.tree.root)
    assert back.result == Result(Color.BLACK, "resign")


def test_a_finished_main_line_gives_the_result() -> None:
    start = make_game("amoeba")
    game = start.copy()
    rng = random.Random(1)
    while game.result is None:
        game.play(rng.choice(game.legal_moves()))
    tree = GameTree()
    replay = start.copy()
    for m in game.moves_played():
        pm, move = played_move(replay, replay.move_str(m))
        tree.play(pm)
        replay.play(move)
    record = record_from_tree(start, tree, ("a", "b"), DATE)
    assert record.result == game.result
    assert record == record_from_game(game, ("a", "b"), DATE)
    assert format_record(record) == format_record(record_from_game(game, ("a", "b"), DATE))


def test_record_from_tree_refuses_an_illegal_tree() -> None:
    start = make_game("amoeba")
    tree = GameTree()
    pm, _ = played_move(start, start.legal_strs()[0])
    tree.play(pm)
    tree.play(pm)                      # the same move twice: refused the second time
    with pytest.raises(RecordError, match=r"move 1 \(White\)"):
        record_from_tree(start, tree, ("a", "b"), DATE)


def test_records_without_variations_format_as_before() -> None:
    for name, options in GAMES[:3]:
        game = game_for(name, options)
        rng = random.Random(7)
        for _ in range(15):
            game.play(rng.choice(game.legal_moves()))
        plain = record_from_game(game, ("a", "b"), DATE)
        text = format_record(plain)
        lines = text.split("\n\n", 1)[1].splitlines()
        moves = plain.moves
        assert lines == [f"{i // 2 + 1}. " + " ".join(moves[i:i + 2])
                         for i in range(0, len(moves), 2)]
        assert format_record(parse_record(text)) == text


@pytest.mark.parametrize("body,line,words", [
    ("1. c3-d4 ()\n", 3, "empty variation"),
    ("1. c3-d4 ( {only a comment} )\n", 3, "empty variation"),
    ("( c3-d4 )\n", 3, "must follow the move"),
    ("1. c3-d4 e3-d3 )\n", 3, "a ) without a ("),
    ("1. c3-d4 (a1-a2 e1-d1\n", 3, "not closed"),
    ("1. c3-d4\n(c3-d4\n c3-d4)\n", 5, "move 1 (White) 'c3-d4' in a variation (opened on line 4) refused"),
    ("1. c3-d4 (" + "(" * 3 + "\n", 3, "must follow the move"),
])
def test_bad_variations_name_the_line(body: str, line: int, words: str) -> None:
    with pytest.raises(RecordError) as info:
        parse_record('[Game "amoeba"]\n\n' + body)
    assert info.value.line == line, str(info.value)
    assert words in str(info.value)


def test_variations_nested_deeply() -> None:
    start = make_game("amoeba")
    tree = GameTree()
    node, game = tree.root, start.copy()
    for depth in range(40):               # each variation holds the next one
        legal = game.legal_strs()
        pm, mv = played_move(game, legal[0])
        main = node.add(pm)
        apm, amv = played_move(game, legal[1])
        alt = node.add(apm)
        game.play(amv)
        node = alt
        del main
    tree.live = tree.cursor = tree.root.end()
    record = record_from_tree(start, tree, ("a", "b"), DATE)
    text = format_record(record)
    assert text.count("(") == 40
    assert shape(parse_record(text).tree.root) == shape(record.tree.root)
    too_deep = '[Game "amoeba"]\n\n1. c3-d4 ' + "(" * 200
    with pytest.raises(RecordError):
        parse_record(too_deep)


# ------------------------------------------------------------------ recovery
def recover_all_cuts(text: str) -> tuple[int, int]:
    """Parse every prefix of ``text`` with recovery; check each; (recovered, raised)."""
    full = parse_record(text)
    headers_end = text.index("\n\n") + 1
    recovered = raised = 0
    for cut in range(len(text) + 1):
        part = text[:cut]
        try:
            record = parse_record(part, recover=True)
        except RecordError:
            assert cut <= headers_end, (cut, part[-40:])
            raised += 1
            continue
        recovered += 1
        n = len(record.moves)
        assert record.moves == full.moves[:n], (cut, part[-40:])
        if record.recovered_plies is None:
            assert record.moves == full.moves and record.error is None, (cut, part[-40:])
            assert record.result == full.result
        else:
            assert record.recovered_plies == n <= len(full.moves)
            assert record.error and record.error.startswith("the file stops at "), record.error
            assert "(line " in record.error
            game = record.replay()
            assert record.result in (None, game.result) or record.result == full.result
    return recovered, raised


@pytest.mark.parametrize("name", ["onyx12_pie_comments.txt", "onager_comments.txt",
                                  "setup_onyx_white_pie.txt", "amoeba_resign.txt"])
def test_recovery_at_every_cut_of_a_real_record(name: str) -> None:
    text = format_record(parse_record((CORPUS / name).read_text(encoding="utf-8")))
    recovered, raised = recover_all_cuts(text)
    assert recovered >= len(text) - text.index("\n\n") and raised > 0


def test_recovery_at_every_cut_of_a_record_with_variations() -> None:
    start = make_game("onager")
    record = record_from_tree(start, random_tree(start, 2, plies=12), ("a", "b"), DATE)
    text = format_record(record)
    assert "(" in text and "{" in text
    recover_all_cuts(text)


def test_recovery_of_damaged_records() -> None:
    text = format_record(parse_record((CORPUS / "onager_finished.txt").read_text()))
    full = parse_record(text)
    lines = text.splitlines()
    first = lines.index("") + 1
    # a refused move
    bad = lines[:]
    bad[first + 5] = bad[first + 5].replace("-", "x", 1)
    rec = parse_record("\n".join(bad), recover=True)
    assert rec.moves == full.moves[:len(rec.moves)] and 0 < len(rec.moves) < len(full.moves)
    assert rec.recovered_plies == len(rec.moves)
    assert rec.error.startswith(f"the file stops at move 5, Black (line {first + 6}): ")  # Lakes row first
    assert rec.result is None                    # the Result header no longer fits
    with pytest.raises(RecordError):
        parse_record("\n".join(bad))
    # a wrong Plies count: all moves kept, the error says so
    rec = parse_record(text.replace(f'[Plies "{len(full.moves)}"]', '[Plies "999"]'), recover=True)
    assert rec.moves == full.moves and rec.recovered_plies == len(full.moves)
    assert "Plies header says 999" in rec.error
    # garbage after the end, an unclosed ( or {
    for tail in ("garbage )(\n", "(", "{ open", '[Late "header"]\n', "\x00\x01"):
        rec = parse_record(text + tail, recover=True)
        assert rec.moves == full.moves and rec.error, tail
        assert rec.result == full.result
    # a Result that contradicts the kept moves is dropped
    cut = "\n".join(lines[:first + 10]) + "\n"
    rec = parse_record(cut, recover=True)
    assert rec.result is None and rec.recovered_plies == len(rec.moves)
    # headers that do not tell the game still raise
    for broken in ('[Black "x"]\n\n1. c3\n', '[Game "chess"]\n\n1. e4\n',
                   '[Game "onyx"]\n[Variant "size=13"]\n\n1. f6\n', "1. c3 f9\n", ""):
        with pytest.raises(RecordError):
            parse_record(broken, recover=True)


def test_recovery_with_nothing_wrong_changes_nothing() -> None:
    for path in corpus_files():
        text = path.read_text(encoding="utf-8")
        rec = parse_record(text, recover=True)
        assert rec == parse_record(text)
        assert rec.error is None and rec.recovered_plies is None


def test_a_bad_variation_keeps_the_main_line_before_it() -> None:
    text = '[Game "amoeba"]\n\n1. c3-d4 e3-d3\n2. c2-c3 (c2-c3 c2-c3) e2-e3\n'
    with pytest.raises(RecordError, match=r"line 4: move 2 \(White\) 'c2-c3' in a variation"):
        parse_record(text)
    rec = parse_record(text, recover=True)
    assert rec.moves == ["c3-d4", "e3-d3", "c2-c3"] and rec.recovered_plies == 3
    assert "(line 4)" in rec.error


# ------------------------------------------------------------------ the command
def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game.records", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_command_show_json_schema(tmp_path: Path) -> None:
    start = make_game("onager")
    record = record_from_tree(start, random_tree(start, 5, plies=9), ("a", "b"), DATE)
    path = tmp_path / "game.txt"
    path.write_text(format_record(record), encoding="utf-8")
    res = run("show", str(path), "--json")
    assert res.returncode == 0 and res.stderr == ""
    lines = res.stdout.splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert set(data) == {"game", "result", "rows", "plies", "variations", "comments",
                         "recovered_plies", "error"}
    assert data["game"] == "onager" and data["result"] == "*"
    assert data["plies"] == len(record.moves)
    assert data["variations"] == record.tree.count_variations()
    assert data["comments"] == record.tree.count_comments()
    assert data["recovered_plies"] is None and data["error"] is None
    assert data["rows"][0]["label"] == "Lakes"
    assert data["rows"][0]["black"] == " ".join(record.moves[i] for i in (0, 2))
    assert data["rows"][0]["white"] == record.moves[1]
    for row in data["rows"]:
        assert set(row) == {"label", "black", "white"}
        assert all(v is None or isinstance(v, str) for v in (row["black"], row["white"]))
    flat = [w for row in data["rows"] for side in ("black", "white") if row[side]
            for w in row[side].split()]
    assert sorted(flat) == sorted(record.moves)
    assert [r["label"] for r in data["rows"][1:]] == [str(i) for i in range(1, len(data["rows"]))]
    # the text form and format
    res = run("show", str(path))
    assert res.returncode == 0 and res.stdout.splitlines()[0].startswith("Lakes:")
    res = run("format", str(path))
    assert res.returncode == 0 and res.stdout == format_record(record)


def test_command_white_first_rows(tmp_path: Path) -> None:
    path = tmp_path / "w.txt"
    path.write_bytes((CORPUS / "setup_onyx_white_pie.txt").read_bytes())
    data = json.loads(run("show", str(path), "--json").stdout)
    assert data["rows"][0]["label"] == "1" and data["rows"][0]["black"] is None
    assert data["rows"][1]["label"] == "2" and data["rows"][1]["black"]


def test_command_recover_and_exit_codes(tmp_path: Path) -> None:
    text = (CORPUS / "onyx12_finished.txt").read_text(encoding="utf-8")
    damaged = tmp_path / "cut.txt"
    damaged.write_text(text[:len(text) * 2 // 3], encoding="utf-8")
    res = run("show", str(damaged), "--json")
    assert res.returncode == 2 and res.stdout == "" and len(res.stderr.splitlines()) == 1
    assert "Traceback" not in res.stderr
    res = run("show", str(damaged), "--json", "--recover")
    assert res.returncode == 0
    data = json.loads(res.stdout)
    assert data["error"].startswith("the file stops at ")
    assert 0 < data["recovered_plies"] == data["plies"]
    assert data["result"] == "*"
    assert res.stderr.count("\n") == 1 and data["error"] in res.stderr
    res = run("format", str(damaged), "--recover")
    assert res.returncode == 0 and parse_record(res.stdout).moves == \
        parse_record(text).moves[:data["plies"]]

    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    nul = tmp_path / "nul.txt"
    nul.write_bytes(b'[Game "amoeba"]\n\x00\n')
    prose = tmp_path / "prose.txt"
    prose.write_text("Dear diary, today I played a game.\n", encoding="utf-8")
    no_game = tmp_path / "nogame.txt"
    no_game.write_text('[Game "chess"]\n\n1. e4\n', encoding="utf-8")
    cases = [
        ("show", str(tmp_path / "missing.txt")),
        ("show", str(tmp_path)),
        ("show", str(binary), "--json"),
        ("show", str(nul)),
        ("format", str(prose)),
        ("show", str(no_game), "--recover"),
        ("show", str(prose), "--json", "--recover"),
        (),
        ("show",),
        ("frobnicate", str(prose)),
        ("show", str(prose), "--bogus"),
        ("format", str(prose), "--json"),
        ("show", str(prose), str(prose)),
    ]
    for args in cases:
        res = run(*args)
        assert res.returncode == 2, (args, res.stdout, res.stderr)
        assert res.stdout == "", args
        assert len(res.stderr.splitlines()) == 1, (args, res.stderr)
        assert "Traceback" not in res.stderr


# ------------------------------------------------------------------ fuzzing
PIECES = st.sampled_from(list("()(){}{} \n.-*>#abcdegk123") + ["Lakes:", "1...", "c3-d4",
                                                               "e3-d3", "a1-a2", "e1-d1"])


@settings(max_examples=120, deadline=None)
@given(st.lists(PIECES, max_size=60))
def test_fuzz_variations_never_crash(pieces: list[str]) -> None:
    body = "".join(pieces)
    for head in ('[Game "amoeba"]\n\n', '[Game "onyx"]\n\n1. f6 ', '[Game "onager"]\n\n'):
        try:
            record = parse_record(head + body)
        except RecordError:
            record = None
        if record is not None:
            text = format_record(record)
            back = parse_record(text)
            assert back == record and shape(back.tree.root) == shape(record.tree.root)
            assert format_record(back) == text
        rec = parse_record(head + body, recover=True)   # the headers are good: never raises
        assert (rec.error is None) == (record is not None)
        again = parse_record(format_record(rec))
        assert again.moves == rec.moves


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 10_000), st.data())
def test_fuzz_damaged_trees_recover_a_prefix(variant: tuple, seed: int,
                                             data: st.DataObject) -> None:
    name, options = variant
    start = game_for(name, options)
    record = record_from_tree(start, random_tree(start, seed, plies=8), ("a", "b"), DATE)
    text = format_record(record)
    body_at = text.index("\n\n") + 2
    i = data.draw(st.integers(body_at, len(text)))
    kind = data.draw(st.sampled_from(["cut", "delete", "insert"]))
    if kind == "cut":
        bad = text[:i]
    elif kind == "delete":
        bad = text[:i] + text[i + data.draw(st.integers(1, 12)):]
    else:
        bad = text[:i] + data.draw(st.text(st.sampled_from(list("(){} x-9\n")), min_size=1,
                                           max_size=4)) + text[i:]
    rec = parse_record(bad, recover=True)
    if kind == "cut":
        assert rec.moves == record.moves[:len(rec.moves)]
    assert parse_record(format_record(rec)).moves == rec.moves
