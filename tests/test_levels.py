"""Tutorial courses and puzzles (levels/*.toml) checked against the rules core.

- every course loads, every position is read by the rules core, every demo move is legal
  and every stated result happens, every try-it goal can be reached (and missed);
- together the steps of a course teach EVERY numbered rule of its spec (explicit lists below,
  cross-checked against the project's rules reference, docs/rules/*.md);
- every puzzle's solution really wins (or saves), and an independent brute-force search
  proves that no defence escapes (depth <= 4 plies, all defender replies tried);
- broken files give a LevelError naming the file, the place and the problem.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game import levels
from game.levels import (Course, Goal, LevelError, PuzzleSet, course_path, load_course,
                         load_puzzles, markup_spans, open_course, open_puzzles, parse_course,
                         parse_puzzles, puzzles_path, validate)
from game.rules import GAME_NAMES
from game.rules.base import Color, Game

SPECS = Path(__file__).resolve().parents[1] / "docs" / "rules"    # the rules reference, in the repository

# ---------------------------------------------------------------- the specs' numbered rules
# Sections 2-7 of each spec hold the rules (1 is the introduction, 8 the worked examples, 9+ the
# records, choices and sources, which restate rules of 2-7). Leaves only: "5.1.2", not "5.1".
AMOEBA_RULES = (
    [f"2.1.{i}" for i in range(1, 11)] + ["2.2"]
    + [f"3.{i}" for i in range(1, 5)]
    + [f"4.{i}" for i in range(1, 9)]
    + [f"5.1.{i}" for i in range(1, 6)] + [f"5.{i}" for i in range(2, 7)]
    + ["6.1", "6.2", "6.3", "6.4.1", "6.4.2", "6.4.3", "6.5", "6.6"]
    + [f"7.{i}" for i in range(1, 13)]
)
ONAGER_RULES = (
    [f"2.1.{i}" for i in range(1, 11)] + ["2.2"]
    + [f"3.{i}" for i in range(1, 6)]
    + ["4.1", "4.2", "4.3", "4.4"] + [f"4.5.{i}" for i in range(1, 5)]
    + [f"4.6.{i}" for i in range(1, 6)] + ["4.7", "4.8"]
    + ["5.1"] + [f"5.2.{i}" for i in range(1, 4)] + [f"5.{i}" for i in range(3, 9)]
    + [f"6.{i}" for i in range(1, 9)]
    + [f"7.{i}" for i in range(1, 12)]
)
# onyx.md numbers only the rulings of section 8; sections 2-7 are prose with bold paragraph
# heads, so each of their rules is named "section.paragraph".
ONYX_RULES = (
    ["2.sizes", "2.corner-points", "2.cells", "2.midpoint-names", "2.adjacency", "2.edges",
     "3.start", "3.open", "3.pie",
     "4.one-move", "4.no-pass", "4.corner", "4.midpoint", "4.stones-stay", "4.after", "4.rejected",
     "4.finished",
     "5.capture", "5.before-removal", "5.both-squares", "5.no-self-capture", "5.permanent",
     "5.midpoint-protects", "5.replay", "5.midpoint-again",
     "6.connection", "6.win-check", "6.no-draws", "6.reasons",
     "7.normalise", "7.grammar", "7.midpoint-names", "7.canonical", "7.suffix"]
    + [f"8.{i}" for i in range(1, 16)]
)
RULES = {"amoeba": AMOEBA_RULES, "onyx": ONYX_RULES, "onager": ONAGER_RULES}


def spec_leaves(text: str, sections: range) -> list[str]:
    """Numbered items of a spec's sections as leaf numbers, e.g. 4.5.1 (from the markdown)."""
    out: list[str] = []
    sec: list[str] = []
    stack: list[tuple[int, str]] = []          # (indent, number) of open numbered items
    for line in text.splitlines():
        m = re.match(r"^(#{2,3}) (\d+(?:\.\d+)?)\.? ", line)
        if m:
            sec = m.group(2).split(".")
            stack = []
            if len(sec) == 2 and int(sec[0]) in sections:
                out.append(".".join(sec))      # a ### subsection is a rule unless it has items
            continue
        m = re.match(r"^( *)(\d+)\. ", line)
        if not m or not sec or int(sec[0]) not in sections:
            continue
        indent = len(m.group(1))
        while stack and stack[-1][0] >= indent:
            stack.pop()
        parent = ".".join(sec + [n for _, n in stack])
        if parent in out:
            out.remove(parent)                 # it has numbered children: not a leaf
        stack.append((indent, m.group(2)))
        out.append(".".join(sec + [n for _, n in stack]))
    return out


@pytest.mark.parametrize("game", ["amoeba", "onager"])
def test_rule_lists_match_the_specs(game: str) -> None:
    spec = SPECS / f"{game}.md"
    assert sorted(spec_leaves(spec.read_text(), range(2, 8))) == sorted(RULES[game])


def test_onyx_rulings_match_the_spec() -> None:
    spec = SPECS / "onyx.md"
    leaves = spec_leaves(spec.read_text(), range(8, 9))
    assert sorted(leaves) == sorted(r for r in ONYX_RULES if r.startswith("8."))
    headings = re.findall(r"^## (\d+)\. ", spec.read_text(), re.M)
    assert {r.split(".")[0] for r in ONYX_RULES} == {h for h in headings if 2 <= int(h) <= 8}


# ---------------------------------------------------------------- loading the real files
@pytest.fixture(scope="module", params=GAME_NAMES)
def course(request: pytest.FixtureRequest) -> Course:
    return load_course(course_path(request.param))


@pytest.fixture(scope="module", params=GAME_NAMES)
def puzzle_set(request: pytest.FixtureRequest) -> PuzzleSet:
    return load_puzzles(puzzles_path(request.param))


def test_course_validates(course: Course) -> None:
    assert validate(course) == []
    assert course.game in GAME_NAMES and course.title
    assert len(course.lessons) >= 4


def test_course_covers_every_numbered_rule(course: Course) -> None:
    taught = course.rules_taught()
    missing = [r for r in RULES[course.game] if r not in taught]
    assert not missing, f"{course.game} course teaches nothing about rules {missing}"
    unknown = sorted(taught - set(RULES[course.game]))
    assert not unknown, f"{course.game} course cites rules that are not in the spec: {unknown}"


def test_course_ends_with_strategy_tips(course: Course) -> None:
    last = course.lessons[-1]
    tips = [s for s in last.steps if s.kind == "narration" and not s.rules]
    assert 2 <= len(tips) <= 3
    assert all(s.title.lower().startswith("tip") for s in tips)


def test_course_has_every_step_kind_and_key_words(course: Course) -> None:
    kinds = {s.kind for s in course.steps()}
    assert kinds == {"narration", "demo", "try"}
    for step in course.steps():
        if step.kind == "narration" and step.rules:
            assert markup_spans(step.text) and any(key for _, key in markup_spans(step.text)), step.where


def test_demos_play_and_end_as_stated(course: Course) -> None:
    for step in course.steps():
        if step.kind != "demo":
            continue
        game = step.start()
        for text in step.moves:
            move = game.parse_move(text)
            motions = game.motions(move)
            assert motions, f"{step.where}: {text} has no motions to animate"
            game.play(move)
        if step.agreement:
            game.end_by_agreement()
        if step.expect is not None:
            assert levels._result_matches(step.expect, levels.result_code(game)), step.where


def test_try_steps_can_be_done_right_and_wrong(course: Course) -> None:
    for step in course.steps():
        if step.kind != "try":
            continue
        game = step.start()
        right = step.goal.solutions(game)
        assert right, step.where
        wrong = [m for m in game.legal_moves() if m not in right]
        if step.goal.kind not in ("any-move", "lake"):
            assert wrong, f"{step.where}: no wrong move to try"
        for m in right[:3]:
            assert step.goal.met(game, m)
        assert step.hint and step.praise


def test_specific_try_goals_judged_by_the_rules() -> None:
    amoeba = load_course(course_path("amoeba"))
    split = next(s for s in amoeba.steps() if s.goal is not None and s.goal.kind == "any-split")
    g = split.start()
    assert all(">" in g.move_str(m) for m in split.goal.solutions(g))
    save = next(s for s in amoeba.steps() if s.goal is not None and s.goal.kind == "safe")
    g = save.start()
    assert sorted(g.move_str(m) for m in save.goal.solutions(g)) == ["b3-a2", "b3-a3", "b3-b4", "b3-c3"]
    onager = load_course(course_path("onager"))
    chain = next(s for s in onager.steps() if s.goal is not None and s.goal.kind == "any-chain")
    g = chain.start()
    assert sorted(g.move_str(m) for m in chain.goal.solutions(g)) == ["b2-d6"]
    reply = next(s for s in onager.steps() if s.goal is not None and s.goal.kind == "safe")
    g = reply.start()
    assert [g.move_str(m) for m in reply.goal.solutions(g)] == ["i3-k3"]    # not the demo's i1-k1
    onyx = load_course(course_path("onyx"))
    double = next(s for s in onyx.steps() if s.goal is not None and s.goal.kind == "double-capture")
    g = double.start()
    assert [g.record_str(m) for m in double.goal.solutions(g)] == ["e5**"]


# ---------------------------------------------------------------- puzzles
def test_puzzles_validate_deep(puzzle_set: PuzzleSet) -> None:
    assert validate(puzzle_set, deep=True) == []


def test_at_least_eight_puzzles_in_increasing_difficulty(puzzle_set: PuzzleSet) -> None:
    ps = puzzle_set.puzzles
    assert len(ps) >= 8
    assert [p.difficulty for p in ps] == sorted(p.difficulty for p in ps)
    assert ps[-1].difficulty > ps[0].difficulty
    assert len({p.id for p in ps}) == len(ps)
    assert any(p.goal == "save" for p in ps)
    assert any(p.goal == "win" and p.plies >= 3 for p in ps)


def _naive_forced_win(game: Game, winner: Color, plies: int) -> bool:
    """Independent of game.levels: plain minimax over copies, every move of both sides."""
    if game.result is not None:
        return game.result.winner == winner
    if plies == 0:
        return False
    results = []
    for m in game.legal_moves():
        child = game.copy()
        child.play(m)
        ok = _naive_forced_win(child, winner, plies - 1)
        if game.to_move == winner and ok:
            return True
        if game.to_move != winner and not ok:
            return False
        results.append(ok)
    return game.to_move != winner


def _after(game: Game, text: str) -> Game:
    g = game.copy()
    g.push(text)
    return g


def test_every_defence_fails(puzzle_set: PuzzleSet) -> None:
    """Brute force, independent of the validator: after the first solution move, every reply of
    the defender still loses (win puzzles), or no attack of the opponent gets through (save)."""
    for p in puzzle_set.puzzles:
        game = p.start()
        after = _after(game, p.solution[0])
        if p.goal == "win":
            assert _naive_forced_win(after, p.mover, p.plies - 1), p.id
            if p.plies > 1:
                assert not _naive_forced_win(game.copy(), p.mover, p.plies - 1), f"{p.id}: shorter win exists"
        else:
            assert not _naive_forced_win(after, p.mover.other, p.plies - 1), p.id
            assert any(_naive_forced_win(_after(game, game.move_str(m)), p.mover.other, p.plies - 1)
                       for m in game.legal_moves()), f"{p.id}: no threat to save from"


def test_scripted_defence_is_played_and_solver_moves_are_judged_by_the_core(puzzle_set: PuzzleSet) -> None:
    for p in puzzle_set.puzzles:
        game = p.start()
        for text in p.solution:
            move = game.parse_move(text)
            if game.to_move == p.mover:
                assert levels.puzzle_move_ok(p, game, move), f"{p.id}: {text}"
            game.play(move)
        if p.goal == "win":
            assert game.result is not None and game.result.winner == p.mover, p.id


def test_a_wrong_first_move_is_recognised() -> None:
    ps = load_puzzles(puzzles_path("amoeba"))
    fork = next(p for p in ps.puzzles if p.id == "amoeba-08")
    g = fork.start()
    assert not levels.puzzle_move_ok(fork, g, g.parse_move("f3-f5"))
    assert levels.puzzle_move_ok(fork, g, g.parse_move("f3>f5"))
    save = next(p for p in ps.puzzles if p.goal == "save")
    g = save.start()
    assert levels.puzzle_move_ok(save, g, g.parse_move("b3-a3"))        # the other good answer
    assert not levels.puzzle_move_ok(save, g, g.parse_move("a2-a1"))


# ---------------------------------------------------------------- broken files
COURSE_HEAD = 'format = 1\nkind = "course"\ngame = "amoeba"\ntitle = "T"\n'
LESSON = '[[lessons]]\nid = "l"\ntitle = "Lesson one"\n'


def _write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def _error(path: Path, puzzles: bool = False) -> LevelError:
    result = open_puzzles(path) if puzzles else open_course(path)
    assert isinstance(result, LevelError), f"{path.name} should not load"
    assert path.name in str(result)
    return result


def test_malformed_toml(tmp_path: Path) -> None:
    e = _error(_write(tmp_path, "bad.toml", COURSE_HEAD + "[[lessons]\ntitle = 'x'\n"))
    assert "not valid TOML" in e.problem and "line" in e.problem


def test_not_utf8_and_missing_file(tmp_path: Path) -> None:
    p = tmp_path / "latin.toml"
    p.write_bytes(COURSE_HEAD.encode() + b'# caf\xe9\n')
    assert "UTF-8" in _error(p).problem
    missing = open_course(tmp_path / "nope.toml")
    assert isinstance(missing, LevelError) and "cannot read" in missing.problem


def test_unknown_step_kind(tmp_path: Path) -> None:
    text = COURSE_HEAD + LESSON + '[[lessons.steps]]\nkind = "quiz"\ntext = "x"\n'
    e = _error(_write(tmp_path, "kind.toml", text))
    assert e.where == "lesson 1 'Lesson one', step 1"
    assert "unknown step kind 'quiz'" in e.problem and "narration" in e.problem


def test_illegal_move_in_a_demo(tmp_path: Path) -> None:
    text = COURSE_HEAD + LESSON + (
        '[[lessons.steps]]\nkind = "narration"\ntext = "hello"\n'
        '[[lessons.steps]]\nkind = "demo"\nposition = "start"\nmoves = ["c3-d4", "e1-d1", "d4-g4"]\n')
    e = _error(_write(tmp_path, "illegal.toml", text))
    assert e.where == "lesson 1 'Lesson one', step 2"
    assert "move 3 'd4-g4' after c3-d4 e1-d1 is refused" in e.problem


def test_bad_position(tmp_path: Path) -> None:
    text = COURSE_HEAD + LESSON + '[[lessons.steps]]\nkind = "demo"\nposition = "z9: B; b3: Bk"\nmoves = []\n'
    e = _error(_write(tmp_path, "pos.toml", text))
    assert "bad position 'z9: B; b3: Bk'" in e.problem and e.where.endswith("step 1")


def test_unreachable_goal_and_unknown_goal(tmp_path: Path) -> None:
    step = ('[[lessons.steps]]\nkind = "try"\nposition = "start"\ngoal = "any-split"\n'
            'hint = "h"\npraise = "p"\n')
    e = _error(_write(tmp_path, "goal.toml", COURSE_HEAD + LESSON + step))
    assert "no legal move reaches the goal" in e.problem
    e = _error(_write(tmp_path, "goal2.toml", COURSE_HEAD + LESSON + step.replace("any-split", "any-chain")))
    assert "goal 'any-chain' belongs to onager" in e.problem
    e = _error(_write(tmp_path, "goal3.toml", COURSE_HEAD + LESSON + step.replace("any-split", "dance")))
    assert "unknown goal 'dance'" in e.problem


def test_missing_and_misspelt_keys(tmp_path: Path) -> None:
    e = _error(_write(tmp_path, "k1.toml", COURSE_HEAD + LESSON + '[[lessons.steps]]\nkind = "demo"\nmoves = []\n'))
    assert "missing 'position'" in e.problem
    e = _error(_write(tmp_path, "k2.toml", COURSE_HEAD + LESSON + '[[lessons.steps]]\nkind = "narration"\ntext = "x"\ncaptoin = "y"\n'))
    assert "unknown key(s) 'captoin'" in e.problem
    e = _error(_write(tmp_path, "k3.toml", COURSE_HEAD.replace("amoeba", "chess") + LESSON))
    assert "unknown game 'chess'" in e.problem and e.where == "file header"
    e = _error(_write(tmp_path, "k4.toml", COURSE_HEAD + LESSON + '[[lessons.steps]]\nkind = "narration"\ntext = "**open"\n'))
    assert "unbalanced ** key-word marks" in e.problem
    e = _error(_write(tmp_path, "k5.toml", COURSE_HEAD + LESSON + '[[lessons.steps]]\nkind = "narration"\ntext = 5\n'))
    assert "'text' must be a string" in e.problem


def test_wrong_expected_result_and_bad_label(tmp_path: Path) -> None:
    text = COURSE_HEAD + LESSON + ('[[lessons.steps]]\nkind = "demo"\nposition = "start"\n'
                                   'moves = ["c3-d4"]\nexpect = "black:kernel-captured"\n')
    e = _error(_write(tmp_path, "res.toml", text))
    assert "expected the result black:kernel-captured, but the rules core gives none" in e.problem
    text = COURSE_HEAD + LESSON + '[[lessons.steps]]\nkind = "demo"\nposition = "start"\nhighlights = ["a5"]\n'
    e = _error(_write(tmp_path, "lab.toml", text))
    assert "'a5' is not a point of the amoeba board" in e.problem


PUZZLE_HEAD = 'format = 1\nkind = "puzzles"\ngame = "amoeba"\ntitle = "P"\n'
PUZZLE = ('[[puzzles]]\nid = "p1"\ntitle = "t"\ndifficulty = 1\n'
          'position = "a2: B; b3: Bk; c1: B; c3: B; c4: B; d5: B; e4: W; e5: Wk; f3: W"\n'
          'goal = "win"\nplies = 1\nprompt = "Black to play and win."\n')


def test_puzzle_whose_solution_does_not_win(tmp_path: Path) -> None:
    e = _error(_write(tmp_path, "pz.toml", PUZZLE_HEAD + PUZZLE + 'solution = ["d5-d6"]\n'), puzzles=True)
    assert e.where == "puzzle p1" and "does not end in a Black win" in e.problem


def test_puzzle_with_an_escape_or_wrong_depth(tmp_path: Path) -> None:
    # 'win in two' that is really a win in one: the stated depth is wrong.
    text = PUZZLE_HEAD + PUZZLE.replace("plies = 1", "plies = 3") + 'solution = ["d5-e5"]\n'
    errors = validate(parse_puzzles(_write(tmp_path, "depth.toml", text)), deep=True)
    assert errors and "already wins within 2 plies" in errors[0].problem
    # a 'save' whose answer does not save
    save = PUZZLE_HEAD + ('[[puzzles]]\nid = "s"\ntitle = "t"\ndifficulty = 1\n'
                          'position = "b3: Bk; c3: W; d5: W,W; f3: Wk; a4: B; c1: B"\n'
                          'goal = "save"\nplies = 2\nprompt = "Save it."\nsolution = ["c1-c2"]\n')
    errors = validate(parse_puzzles(_write(tmp_path, "save.toml", save)), deep=True)
    assert errors and "White still wins within 1 plies" in errors[0].problem


def test_loading_never_raises_other_errors(tmp_path: Path) -> None:
    junk = ["", "lessons = 3\ngame = 'amoeba'", "game = 'amoeba'\n[[lessons]]\nsteps = [1, 2]\ntitle = 'x'",
            COURSE_HEAD + '[[lessons]]\ntitle = "x"\nsteps = []',
            COURSE_HEAD + LESSON + '[[lessons.steps]]\nkind = "try"\nposition = "start"\ngoal = "move"\n'
            'moves = ["c3-d4", "c4-d4"]\nhint = "h"\npraise = "p"\n',
            COURSE_HEAD + LESSON + '[[lessons.steps]]\nkind = "demo"\nposition = "start"\noptions = { size = 12 }\n',
            COURSE_HEAD + LESSON + '[[lessons.steps]]\nkind = "demo"\nposition = "start"\nto_move = "red"\n']
    for i, text in enumerate(junk):
        result = open_course(_write(tmp_path, f"j{i}.toml", text))
        assert isinstance(result, LevelError), text
        assert str(result).startswith(f"j{i}.toml")


def test_markup_spans() -> None:
    assert markup_spans("a **key** b") == [("a ", False), ("key", True), (" b", False)]
    assert levels.key_words("**one** and **two words**") == ["one", "two words"]
    assert levels.plain_text("x **y** z") == "x y z"


def test_goal_describe_and_setup() -> None:
    assert "c3-d4" in Goal("move", ("c3-d4",)).describe()
    course = parse_course(course_path("onager"))
    first_try = next(s for s in course.steps() if s.kind == "try")
    assert first_try.start().in_setup        # the lake try starts in the set-up phase


# ------------------------------------------------------------------ tasks, tips and boards
def test_a_task_never_asks_for_the_move_a_demo_just_played(tmp_path: Path) -> None:
    """A try step whose few answers include a move a demo of its lesson played on the same
    board is refused: the player would only repeat what was shown (give it a board of its own)."""
    board = 'position = "d1: B,B,W,W,B,B; b3: Bk; f3: Wk; g4: W,W,B,W,B,W,B"\n'
    text = (COURSE_HEAD + LESSON + '[[lessons.steps]]\nkind = "demo"\n' + board + 'moves = ["d1>d7"]\n'
            '[[lessons.steps]]\nkind = "try"\n' + board + 'goal = "any-of"\nmoves = ["d1-d7", "d1>d7"]\n'
            'hint = "h"\npraise = "p"\n')
    result = open_course(_write(tmp_path, "repeat.toml", text))
    assert isinstance(result, LevelError) and "step 1 just played on the same board" in result.problem
    for game in ("amoeba", "onyx", "onager"):          # the courses the game ships ask for new moves
        course = load_course(course_path(game))
        assert all(not levels._check_tasks(course.path, lesson) for lesson in course.lessons)


def test_every_strategy_tip_stands_over_a_board_of_its_own_with_a_caption() -> None:
    for game in ("onyx", "onager"):
        course = load_course(course_path(game))
        tips = [s for s in course.steps() if s.title.startswith("Tip")]
        assert len(tips) >= 3
        boards = set()
        for step in tips:
            assert step.setup is not None and step.caption, step.where
            assert step.highlights or step.arrows, step.where
            boards.add(step.start().key())
        assert len(boards) == len(tips)                 # each tip its own board


def test_the_open_variant_step_shows_an_empty_board() -> None:
    course = load_course(course_path("onyx"))
    step = next(s for s in course.steps() if s.title == "Open start, bigger boards")
    game = step.start()
    assert "open variant" in step.text and game.options().get("open") and game.stacks() == {}
