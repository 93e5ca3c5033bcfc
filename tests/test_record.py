"""Game records: round trips for every game and variant, clear errors, fuzzing."""
from __future__ import annotations

import datetime
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import game_class, make_game
from game.rules.base import Color, Game, Result, RulesError
from game.rules.record import (Record, RecordError, format_record, parse_record,
                               record_from_game)

VARIANTS = [
    ("amoeba", {}),
    ("onager", {}),
    ("onyx", {}),
    ("onyx", {"pie": True}),
    ("onyx", {"size": 16, "open": True, "pie": True}),
    ("onyx", {"size": 20}),
]
DATE = datetime.date(2026, 11, 29)


def random_game(name: str, options: dict, seed: int, plies: int) -> Game:
    game = make_game(name, **options)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.result is not None:
            break
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    return game


def text_of(game: Game, ui_result: Result | None = None) -> str:
    return format_record(record_from_game(game, ("Human", "Computer (Hard)"), DATE, ui_result))


def error_of(text: str) -> RecordError:
    with pytest.raises(RecordError) as info:
        parse_record(text)
    return info.value


def moves_lines(text: str) -> tuple[list[str], int]:
    """The lines of a record and the index of the first move line."""
    lines = text.splitlines()
    return lines, lines.index("") + 1


# ------------------------------------------------------------------ round trips
@pytest.mark.parametrize("name,options", VARIANTS)
@pytest.mark.parametrize("seed", range(4))
def test_round_trip_finished_and_unfinished(name: str, options: dict, seed: int) -> None:
    for plies in (0, 7, 1000):
        game = random_game(name, options, seed, plies)
        record = record_from_game(game, ("Human", "Computer (Hard)"), DATE)
        text = format_record(record)
        back = parse_record(text)
        assert back == record
        assert format_record(back) == text
        again = back.replay()
        assert again.key() == game.key()
        assert again.result == game.result
        assert again.position_text() == game.position_text()
        assert back.result_word == ("*" if game.result is None else
                                    "draw" if game.result.winner is None else game.result.winner.word)
        assert len(back.moves) == game.ply


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 2**32 - 1), st.integers(0, 300))
def test_round_trip_property(variant: tuple, seed: int, plies: int) -> None:
    name, options = variant
    game = random_game(name, options, seed, plies)
    record = parse_record(text_of(game))
    assert record.replay().key() == game.key()
    assert record.options == game.options()


def test_headers_are_as_in_the_brief() -> None:
    game = random_game("onyx", {"pie": True}, 3, 4)
    text = text_of(game)
    assert text.startswith('[Game "onyx"]\n[Variant "size=12 open=false pie=true"]\n'
                           '[Black "Human"]\n[White "Computer (Hard)"]\n[Date "2026-11-29"]\n'
                           '[Result "*"]\n')
    assert "\n1. " in text and "\n2. " in text


def test_replay_upto_gives_each_position_for_history_browsing() -> None:
    game = random_game("amoeba", {}, 11, 20)
    record = parse_record(text_of(game))
    replay = make_game("amoeba")
    for n, move in enumerate(game.moves_played()):
        assert record.replay(upto=n).key() == replay.key()
        replay.play(move)
    assert record.replay(upto=len(record.moves)).key() == game.key()


def test_hand_written_record_numbers_case_comments_crlf_bom() -> None:
    text = ('\ufeff# a comment line\r\n[game "Amoeba"]\r\n[Black "Ann"]\r\n\r\n'
            '1.C3-D4 e3-d3\r\n# another comment\r\n2... a1-a2\r\n e1-e2 \r\n')
    record = parse_record(text)
    assert record.game == "amoeba"
    assert record.moves == ["c3-d4", "e3-d3", "a1-a2", "e1-e2"]
    assert record.black == "Ann" and record.result is None


def test_onyx_suffix_added_on_input_and_checked() -> None:
    setup = ('[Game "onyx"]\n[SetUp "Black: a4 b3 c2 c4 d3; White: a5 b4 d2"]\n'
             '[ToMove "black"]\n\n')
    record = parse_record(setup + "1. b5\n")
    assert record.moves == ["b5*"]           # spec W1: record b5*
    assert "1. b5*" in format_record(record)
    err = error_of(setup + "1. b5**\n")
    assert err.line == 5 and "move 1 (Black) 'b5**' refused" in str(err)


def test_onyx_swap_and_pie() -> None:
    text = '[Game "onyx"]\n[Variant "pie=yes"]\n\n1. f6 swap\n2. e5\n'
    record = parse_record(text)
    assert record.moves == ["f6", "swap", "e5"]
    assert record.options == {"size": 12, "open": False, "pie": True}
    game = record.replay()
    assert game.swapped and game.to_move == Color.BLACK
    err = error_of('[Game "onyx"]\n\n1. f6 swap\n')
    assert err.line == 3 and "move 1 (White) 'swap' refused" in str(err)


def test_onager_lakes_then_moves_and_path_forms() -> None:
    text = '[Game "onager"]\n\n1. c3 f9\n2. h5 b3-c4\n'
    assert parse_record(text).moves == ["c3", "f9", "h5", "b3-c4"]
    # spec 8.5: the path b2-b4-d6 is played (and recorded) as b2-d6
    setup = ('[Game "onager"]\n[SetUp "b2: B; b3: B; b4: W; c3: B; d4: W; c5: B; d5: B; d6: W; '
             'Lakes: c4"]\n[ToMove "black"]\n\n')
    assert parse_record(setup + "b2-b4-d6\n").moves == ["b2-d6"]
    err = error_of(setup + "b2-d4-d6-d4\n")
    assert err.line == 5 and "b2-d4-d6-d4" in str(err)


def test_set_up_positions_round_trip_with_their_hidden_state() -> None:
    cases = [
        ("amoeba", "d1: W,B,B; d3: Wk; b3: Bk; g4: W", Color.BLACK, {}),
        ("onyx", "Black: a4 b3; White: a5 b4", Color.WHITE, {"pie": True, "plies": 1}),
        ("onyx", "Black: a4 b3; White: a5 b4", Color.BLACK, {"pie": True}),
        ("onyx", "Black: a4; White: a5", Color.BLACK, {"pie": True, "plies": 4, "swapped": True}),
        ("onager", "Lakes: e4", Color.WHITE, {"setup": True}),
        ("onager", "d4: W,B; d5: W; c4: B; a1: W; k1: B; Lakes: e4 f9 g3", Color.BLACK, {}),
    ]
    for name, position, to_move, options in cases:
        for plies in (0, 1, 4):
            game = game_class(name).from_position(position, to_move, **options)
            rng = random.Random(plies)
            for _ in range(plies):
                if game.result is None:
                    game.play(rng.choice(game.legal_moves()))
            record = parse_record(text_of(game))
            assert record.setup is not None and record.to_move == to_move
            again = record.replay()
            assert again.key() == game.key(), (name, position, plies)
            assert again.legal_strs() == game.legal_strs()
            assert getattr(again, "swapped", False) == getattr(game, "swapped", False)


# ------------------------------------------------------------------ endings
def test_resignation_and_onyx_agreement_live_in_the_headers() -> None:
    game = random_game("onyx", {}, 5, 9)
    assert game.result is None
    for ui in (Result(Color.WHITE, "resign"), Result(None, "agreement"),
               Result(Color.BLACK, "agreement")):
        text = text_of(game, ui)
        assert f'[Reason "{ui.reason}"]' in text
        record = parse_record(text)
        assert record.result == ui and record.replay().result is None


def test_amoeba_agreement_must_match_the_stack_count() -> None:
    game = random_game("amoeba", {}, 2, 6)
    agreed = game.end_by_agreement()
    text = text_of(game)
    assert parse_record(text).result == agreed
    assert parse_record(text).replay().result == agreed
    others = [w for w in ("black", "white", "draw") if w != parse_record(text).result_word]
    bad = text.replace(f'[Result "{parse_record(text).result_word}"]', f'[Result "{others[0]}"]')
    err = error_of(bad)
    assert err.line == 5 and "agreement here gives" in str(err)


def test_onager_agreement_is_a_draw() -> None:
    game = random_game("onager", {}, 2, 6)
    game.end_by_agreement()
    text = text_of(game)
    assert '[Result "draw"]' in text
    assert "agreement here gives Draw" in str(error_of(text.replace('"draw"', '"black"')))


def test_ui_result_cannot_contradict_a_finished_game() -> None:
    game = random_game("amoeba", {}, 1, 1000)
    assert game.result is not None
    with pytest.raises(RecordError):
        record_from_game(game, ("a", "b"), DATE, Result(game.result.winner, "resign"))


def test_players_as_mapping_and_awkward_header_values() -> None:
    game = random_game("amoeba", {}, 4, 3)
    record = record_from_game(game, {Color.BLACK: 'Ann "the\\hammer"', "white": "Bob\nSmith"},
                              "2026-01-02", headers={"Event": "Club night"})
    back = parse_record(format_record(record))
    assert back.black == 'Ann "the\\hammer"'
    assert back.white == "Bob Smith"        # header values are one line
    assert back.headers["Event"] == "Club night" and back.date == "2026-01-02"


# ------------------------------------------------------------------ errors
@pytest.fixture(scope="module")
def finished_onyx() -> str:
    return text_of(random_game("onyx", {}, 7, 1000))


def test_illegal_move_names_line_and_move(finished_onyx: str) -> None:
    lines, first = moves_lines(finished_onyx)
    number, black, _white = lines[first + 5].split()
    assert number == "6."
    lines[first + 5] = f"6. {black} a6"       # a6 holds a start stone: move 12 is illegal
    err = error_of("\n".join(lines))
    assert err.line == first + 6               # 1-based line of "6. ..."
    assert str(err).startswith(f"line {first + 6}: move 6 (White) 'a6' refused: ")   # as the file numbers it
    assert "occupied" in str(err)


def test_truncated_records(finished_onyx: str) -> None:
    lines, first = moves_lines(finished_onyx)
    # cut at a line break: Plies and Result catch it
    err = error_of("\n".join(lines[:first + 3]) + "\n")
    assert "Plies header" in str(err) and "cut short" in str(err)
    no_plies = [ln for ln in lines[:first + 3] if not ln.startswith("[Plies")]
    err = error_of("\n".join(no_plies))
    assert err.line == 6 and "not over" in str(err)
    # cut inside the headers
    err = error_of(finished_onyx[:40])
    assert err.line == 2 and "malformed header" in str(err)
    # cut inside a token: fine if it is still a legal move, else refused; never a crash
    assert parse_record(finished_onyx[:-1]) == parse_record(finished_onyx)  # only the last \n
    for cut in range(len(finished_onyx) - 2, len(finished_onyx) - 40, -1):
        with pytest.raises(RecordError):
            parse_record(finished_onyx[:cut])


def test_wrong_game_header() -> None:
    text = text_of(random_game("amoeba", {}, 1, 10)).replace('"amoeba"', '"onyx"')
    err = error_of(text)
    lines, first = moves_lines(text)
    assert err.line == first + 1 and "move 1" in str(err)
    err = error_of(text.replace('"onyx"', '"chess"'))
    assert err.line == 1 and "unknown game 'chess'" in str(err)


@pytest.mark.parametrize("text,line,words", [
    ("", 1, "no [Game"),
    ("\n\n# only a comment\n", 3, "no [Game"),
    ("1. c3-d4\n", 1, "must start with a [Game"),
    ('[Black "x"]\n[Game "amoeba"]\n', 1, "must start with a [Game"),
    ('[Game "amoeba"\n', 1, "malformed header"),
    ('[Game "amoeba"]\n[Black x]\n', 2, "malformed header"),
    ('[Game "amoeba"]\n[Black "x"]\n[black "y"]\n', 3, "given twice (first on line 2)"),
    ('[Game "amoeba"]\n\n1. c3-d4\n[Result "*"]\n', 4, "header after the moves"),
    ('[Game "amoeba"]\n[Variant "size=12"]\n', 2, "has no option 'size'"),
    ('[Game "onyx"]\n[Variant "size=13"]\n', 2, "Variant refused"),
    ('[Game "onyx"]\n[Variant "size=big"]\n', 2, "whole number"),
    ('[Game "onyx"]\n[Variant "pie"]\n', 2, "key=value"),
    ('[Game "onyx"]\n[Variant "pie=maybe"]\n', 2, "true or false"),
    ('[Game "onyx"]\n[Variant "pie=true pie=false"]\n', 2, "given twice"),
    ('[Game "amoeba"]\n[ToMove "white"]\n', 2, "only used with a SetUp"),
    ('[Game "amoeba"]\n[SetUp "b3: Bk"]\n', 2, "SetUp position refused"),
    ('[Game "amoeba"]\n[SetUp "b3: Bk; f3: Wk"]\n[ToMove "green"]\n', 3, "not a colour"),
    ('[Game "amoeba"]\n[SetUpOptions "x=1"]\n', 2, "only used with a SetUp"),
    ('[Game "amoeba"]\n[Result "1-0"]\n', 2, "black, white, draw or *"),
    ('[Game "amoeba"]\n[Result "black"]\n', 2, "needs a Reason"),
    ('[Game "amoeba"]\n[Reason "resign"]\n', 2, "needs a Result"),
    ('[Game "amoeba"]\n[Result "draw"]\n[Reason "resign"]\n', 2, "cannot be a draw"),
    ('[Game "amoeba"]\n[Result "*"]\n[Reason "resign"]\n', 3, "has no Reason"),
    ('[Game "amoeba"]\n[Result "black"]\n[Reason "kernel-captured"]\n', 2, "not over"),
    ('[Game "amoeba"]\n[Plies "2"]\n\n1. c3-d4\n', 4, "says 2"),
    ('[Game "amoeba"]\n[Plies "two"]\n', 2, "Plies must be"),
    ('[Game "amoeba"]\n\n1. c3\u2013d4\n', 3, "malformed token"),
    # {comment} is a move comment now (PGN style); an unclosed one or a stray } is refused
    ('[Game "amoeba"]\n\n1. c3-d4 {comment\n', 3, "not closed"),
    ('[Game "amoeba"]\n\n1. c3-d4\ne3-d3 comment}\n', 4, "a } without a {"),
    ('[Game "amoeba"]\n\n1. c3-d4 {ok} c3{d4}\n', 3, "move 1 (White) 'c3' refused"),
    ('[Game "amoeba"]\n\n1. c3-d4 c3d4\n', 3, "move 1 (White) 'c3d4' refused"),
    ('[Game "onager"]\n\n1. f6\n', 3, "the lakes (Black) 'f6' refused"),
])
def test_bad_records_name_the_line(text: str, line: int, words: str) -> None:
    err = error_of(text)
    assert err.line == line, str(err)
    assert words in str(err)
    assert str(err).startswith(f"line {line}: ")
    assert isinstance(err, RulesError)


def test_moves_after_the_end_and_result_contradictions(finished_onyx: str) -> None:
    record = parse_record(finished_onyx)
    assert record.result is not None and record.result.reason == "connection"
    lines, first = moves_lines(finished_onyx)
    kept = [ln for ln in lines if not ln.startswith("[Plies")]
    no_plies = "\n".join(kept)
    err = error_of(no_plies + " a1\n")
    assert err.line == len(kept) and "after the end of the game" in str(err)
    err = error_of(no_plies + "\nxyzzy!\n")
    assert err.line == len(kept) + 1 and "malformed token" in str(err)
    loser = "black" if record.result.winner == Color.WHITE else "white"
    err = error_of(finished_onyx.replace(f'[Result "{record.result_word}"]', f'[Result "{loser}"]'))
    assert err.line == 6 and "the moves end the game" in str(err)
    err = error_of(finished_onyx.replace(f'[Result "{record.result_word}"]\n[Reason "connection"]',
                                         '[Result "*"]'))
    assert "the moves end the game" in str(err)
    err = error_of(finished_onyx.replace('[Reason "connection"]', '[Reason "resign"]'))
    assert "the moves end the game" in str(err)


def test_record_replay_of_a_hand_made_record_reports_refusals() -> None:
    bad = Record(game="amoeba", moves=["c3-d4", "c3-d4"])
    with pytest.raises(RecordError, match=r"move 1 \(White\) 'c3-d4' refused"):
        bad.replay()
    with pytest.raises(RecordError, match="unknown game"):
        Record(game="go").replay()


# ------------------------------------------------------------------ fuzzing
@pytest.fixture(scope="module")
def samples() -> list[str]:
    out = []
    for i, (name, options) in enumerate(VARIANTS):
        out.append(text_of(random_game(name, options, i, 60 if name == "onager" else 1000)))
    game = random_game("onyx", {"pie": True}, 9, 12)
    out.append(text_of(game, Result(Color.BLACK, "resign")))
    return out


def parse_or_record_error(text: str) -> None:
    try:
        record = parse_record(text)
    except RecordError:
        return
    # whatever parses is a legal game that formats and parses back to itself
    assert parse_record(format_record(record)) == record


ALPHABET = st.sampled_from(list('[]"\\ \n\r\t.-*>=#abcdefgklz0123456789BlackWhiteGameResult\u2013\x00\ufeff'))


@settings(max_examples=150, deadline=None)
@given(st.text(ALPHABET, max_size=200) | st.text(max_size=200))
def test_fuzz_random_text_never_crashes(text: str) -> None:
    parse_or_record_error(text)
    parse_or_record_error('[Game "onyx"]\n' + text)
    parse_or_record_error('[Game "onager"]\n\n' + text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_fuzz_mutated_records_never_crash(samples: list[str], data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(samples))
    for _ in range(data.draw(st.integers(1, 3))):
        kind = data.draw(st.sampled_from(["truncate", "delete", "insert", "replace", "swap"]))
        n = len(text)
        i = data.draw(st.integers(0, n))
        if kind == "truncate":
            text = text[:i]
        elif kind == "delete":
            text = text[:i] + text[i + data.draw(st.integers(1, 20)):]
        elif kind == "insert":
            text = text[:i] + data.draw(st.text(ALPHABET, min_size=1, max_size=8)) + text[i:]
        elif kind == "replace" and n:
            text = text[:i] + data.draw(ALPHABET) + text[i + 1:]
        else:
            lines = text.split("\n")
            a = data.draw(st.integers(0, len(lines) - 1))
            b = data.draw(st.integers(0, len(lines) - 1))
            lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
    parse_or_record_error(text)


POSITION_BITS = st.sampled_from([":", ";", ",", " ", "a", "b", "e", "f", "k", "B", "W", "Bk", "Wk",
                                 "L", "1", "3", "4", "6", "10", "Black", "White", "Lakes", "bc34"])


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["amoeba", "onyx", "onager"]), st.lists(POSITION_BITS, max_size=25),
       st.sampled_from(["black", "white"]),
       st.sampled_from(["", "plies=1", "plies=-3", "swapped=true", "setup=true", "setup=7", "x=y"]),
       st.sampled_from(["", "e4", "a1-a2", "f6 swap", "b3-b4 c4"]))
def test_fuzz_set_up_headers_never_crash(game: str, bits: list[str], to_move: str, extra: str,
                                         moves: str) -> None:
    text = (f'[Game "{game}"]\n[SetUp "{"".join(bits)}"]\n[ToMove "{to_move}"]\n'
            + (f'[SetUpOptions "{extra}"]\n' if extra else "") + "\n" + moves + "\n")
    parse_or_record_error(text)


def test_date_may_be_a_datetime_or_text() -> None:
    game = make_game("amoeba")
    when = datetime.datetime(2026, 11, 29, 23, 59)
    assert record_from_game(game, ("a", "b"), when).date == "2026-11-29"
    assert record_from_game(game, ("a", "b"), "29 Nov 2026").date == "29 Nov 2026"


# ------------------------------------------------------------------ move comments
def test_move_comments_are_read_after_their_moves() -> None:
    text = ('[Game "amoeba"]\n\n{before the first move}\n'
            '1. c3-d4 {?? best: e3-d3 62%->18%} e3-d3{touching}{a second one}\n'
            '2. a1-a2 { spread\n# not a comment line here\n[nor a header] } e1-e2\n')
    record = parse_record(text)
    assert record.moves == ["c3-d4", "e3-d3", "a1-a2", "e1-e2"]
    assert record.comments == {0: ["before the first move"], 1: ["?? best: e3-d3 62%->18%"],
                               2: ["touching", "a second one"],
                               3: ["spread # not a comment line here [nor a header]"]}
    out = format_record(record)
    assert "\n{before the first move}\n1. c3-d4 {?? best: e3-d3 62%->18%} e3-d3 {touching} " \
           "{a second one}\n2. a1-a2 {spread # not a comment line here [nor a header]} e1-e2\n" in out
    assert parse_record(out) == record


def test_records_without_comments_are_unchanged() -> None:
    for name, options in VARIANTS:
        game = random_game(name, options, 5, 40)
        text = text_of(game)
        assert "{" not in text
        record = parse_record(text)
        assert record.comments == {}
        assert format_record(record) == text


def test_comment_texts_are_cleaned_when_written() -> None:
    record = parse_record(text_of(random_game("onager", {}, 1, 6)))
    record.comments = {1: ["a } b\n  c", "   "], 2: "plain string", 99: ["too far"], -1: ["no"],
                       0: ["{opening}"]}
    out = format_record(record)
    assert "{a ) b c}" in out and "{plain string}" in out and "too far" not in out
    back = parse_record(out)
    assert back.comments == {0: ["{opening)"], 1: ["a ) b c"], 2: ["plain string"]}
    assert format_record(back) == out


COMMENT_TEXT = st.text(st.sampled_from(list("ab ?!%-:;{}\n\t#[]\u2192")), max_size=12)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(0, 2**32 - 1), st.integers(0, 40),
       st.dictionaries(st.integers(-2, 45), st.lists(COMMENT_TEXT, max_size=3), max_size=6))
def test_round_trip_with_comments_property(variant: tuple, seed: int, plies: int,
                                           comments: dict) -> None:
    name, options = variant
    record = parse_record(text_of(random_game(name, options, seed, plies)))
    record.comments = comments
    text = format_record(record)
    back = parse_record(text)
    assert back.moves == record.moves and back.replay().key() == record.replay().key()
    assert format_record(back) == text
    assert parse_record(format_record(back)) == back
    kept = {k for k, v in comments.items() if 0 <= k <= len(record.moves)
            and any(" ".join(t.replace("}", ")").split()) for t in v)}
    assert set(back.comments) == kept


BRACES = st.sampled_from(list('[]"\\ \n.-*>#abcdegk123{}{}'))


@settings(max_examples=100, deadline=None)
@given(st.text(BRACES, max_size=120))
def test_fuzz_text_with_braces_never_crashes(text: str) -> None:
    parse_or_record_error('[Game "amoeba"]\n\n' + text)
    parse_or_record_error('[Game "onyx"]\n\n1. f6 {x} ' + text)


@pytest.mark.parametrize("name", ["amoeba", "onyx", "onager"])
def test_record_line_is_the_record_forms_and_stops_at_a_move_it_cannot_play(name):
    g = make_game(name)
    rng = random.Random(4)
    probe = g.copy()
    line = []
    for _ in range(4):
        moves = probe.legal_moves()
        m = moves[int(rng.random() * len(moves))]
        line.append(m)
        probe.play(m)
    key = g.key()
    expected = []
    walk = g.copy()
    for m in line:
        expected.append(walk.record_str(m))
        walk.play(m)
    assert g.record_line(line) == tuple(expected)
    assert g.key() == key and g.ply == 0                  # the position is not changed
    # A move the position after the first two cannot play ends the line there.
    after_two = g.copy()
    for m in line[:2]:
        after_two.play(m)
    assert line[0] not in after_two.legal_moves()
    assert g.record_line(line[:2] + [line[0]] + line[2:]) == tuple(expected[:2])
    assert g.record_line([]) == ()
