"""Issue 24, item 8: puzzles fight back. The defence is the strongest reply found by an
exhaustive search within the puzzle's depth (deterministic), the computer player only when that
search runs over its budget; a wrong move is played and answered on the board, then 'Try again'
goes back to the start; hints come in steps (a nudge that never names the answer, then the
fuller hint, then the solution only when asked)."""
from __future__ import annotations

import re

import pytest

from game import levels as L

GAMES = ("amoeba", "onager", "onyx")


def _puzzles():
    for game in GAMES:
        for p in L.load_puzzles(L.puzzles_path(game)).puzzles:
            yield pytest.param(game, p, id=p.id)


def _winning_replies(g, attacker, plies):
    return [m for m in g.legal_moves() if L.forced_win(L._after(g, m), attacker, plies - 1)]


@pytest.mark.parametrize("game,p", list(_puzzles()))
def test_the_defence_in_the_solution_line_is_the_strongest_reply(game, p):
    """Each scripted defence leaves the solver as few winning moves as any other reply: it blocks
    a threat (no far-away move such as hi12 after Onyx's d5), and the solver's search picks it."""
    if p.goal != "win":
        return
    g = p.start()
    for i, text in enumerate(p.solution):
        if g.to_move != p.mover:
            left = p.plies - i
            counts = {}
            for m in g.legal_moves():
                a = L._after(g, m)
                counts[g.move_str(m)] = len(_winning_replies(a, p.mover, left - 1)) if left > 1 else 0
            scripted = g.move_str(g.parse_move(text))
            assert counts[scripted] == min(counts.values()), (text, sorted(counts.items(), key=lambda kv: kv[1])[:3])
            best = L.strongest_reply(g.copy(), p.mover, left)
            assert counts[best] == min(counts.values())
        g.play(g.parse_move(text))


@pytest.mark.parametrize("pid,after,far", [("onyx-05", ["d5"], "hi12"), ("onyx-06", ["b2"], "l10"),
                                           ("onyx-07", ["c5"], "e11")])
def test_onyx_defences_fight_where_the_issue_saw_far_away_replies(pid, after, far):
    p = next(q for q in L.load_puzzles(L.puzzles_path("onyx")).puzzles if q.id == pid)
    g = p.start()
    for t in after:
        g.push(t)
    reply = L.strongest_reply(g.copy(), p.mover, p.plies - g.ply)
    assert reply != far
    a = g.copy()
    a.push(reply)
    assert len(_winning_replies(a, p.mover, p.plies - a.ply)) == 1, reply     # one threat blocked, one left


@pytest.mark.parametrize("game,p", list(_puzzles()))
def test_a_wrong_first_move_has_a_refutation(game, p):
    """For every wrong first move the search finds the answer that beats it."""
    g = p.start()
    for m in sorted(g.legal_moves(), key=g.move_sort_key)[:12]:
        if L.puzzle_move_ok(p, g, m):
            continue
        a = L._after(g, m)
        if a.is_over:
            continue
        if p.goal == "win":
            reply = L.strongest_reply(a.copy(), p.mover, p.plies - 1)
            b = a.copy()
            b.push(reply)
            assert not L.forced_win(b, p.mover, p.plies - 2), (g.move_str(m), reply)
        else:
            reply = L.fastest_win(a.copy(), p.plies - 1)
            assert reply is not None
            assert L.forced_win(L._after(a, a.parse_move(reply)), p.mover.other, p.plies - 2)


@pytest.mark.parametrize("game,p", list(_puzzles()))
def test_the_first_hint_never_names_the_answer(game, p):
    assert p.hints, "a puzzle has at least one hint"
    first = p.hints[0]
    for label in re.split(r"[->]", p.solution[0]):
        assert not re.search(rf"(?<![a-z0-9]){label}(?![0-9])", first), (first, label)


class _SillyEngine:
    """A computer player that always answers the last legal move in sorted order (far away)."""

    def __init__(self):
        self.started = 0

    def start(self, game, level):
        self.started += 1
        self.game = game

    def poll(self):
        return sorted(self.game.legal_strs())[-1]

    def cancel(self):
        pass

    def close(self):
        pass


def _run(scene, seconds: float = 30.0) -> None:
    t = 0.0
    while (scene.busy or scene.puzzle_play.engine_busy) and t < seconds:
        scene.update(0.05)
        t += 0.05


def test_the_scene_answers_with_the_proof_not_a_far_away_engine_move():
    """Onyx puzzle 5 after d5: the answer blocks one of the two threats (the Hard engine answered
    hi12, far away); the computer player is not even asked while the proof fits its budget."""
    from game.scenes.tutorial import TutorialScene
    scene = TutorialScene("onyx")
    scene.puzzle_play.engine = _SillyEngine()
    idx = next(i for i, p in enumerate(scene.puzzles.puzzles) if p.id == "onyx-05")
    scene.open_puzzle(idx)
    scene.player_move("d5")
    _run(scene)
    assert scene.puzzle_play.engine.started == 0
    assert scene.game.move_str(scene.game.moves_played()[-1]) in ("d4", "e4")


def test_the_solution_line_is_answered_by_the_proof_too():
    from game.scenes.tutorial import TutorialScene
    scene = TutorialScene("onyx")
    scene.puzzle_play.engine = _SillyEngine()
    idx = next(i for i, p in enumerate(scene.puzzles.puzzles) if p.id == "onyx-07")
    scene.open_puzzle(idx)
    scene.give_hint()
    scene.give_hint()                       # nudge, hint: now the button is the Solution
    scene.give_hint()
    assert scene.autoplay
    _run(scene)
    played = [scene.game.move_str(m) for m in scene.game.moves_played()]
    assert played[:2] == ["c5", "d5"] and scene.game.result.winner == scene.puzzle.mover


def test_a_wrong_move_is_played_then_refuted_then_try_again():
    from game.scenes.tutorial import TutorialScene
    scene = TutorialScene("onyx")
    idx = next(i for i, p in enumerate(scene.puzzles.puzzles) if p.id == "onyx-05")
    scene.open_puzzle(idx)
    scene.player_move("d4")                 # not the key move: Black can hold
    _run(scene)
    g = scene.game
    assert g.ply == 2 and scene.refuted and not scene.solved
    reply = g.move_str(g.moves_played()[-1])
    assert not L.forced_win(g.copy(), scene.puzzle.mover, scene.puzzle.plies - 2)
    assert f"White answers {reply}" in scene.feedback and "Try again" in scene.feedback
    scene.board_gate()                       # a click on the board: back to the start
    assert scene.game.ply == 0 and not scene.refuted and scene.input.game is not None


def test_hints_come_in_steps_and_the_answer_only_when_asked():
    from game.scenes.tutorial import TutorialScene
    scene = TutorialScene("onyx")
    idx = next(i for i, p in enumerate(scene.puzzles.puzzles) if p.id == "onyx-04")
    scene.open_puzzle(idx)
    p = scene.puzzle
    scene.give_hint()
    assert L.plain_text(p.nudge)[:30] in L.plain_text(scene.feedback.replace("&#x27;", "'"))
    assert "l12" not in scene.feedback and not scene.autoplay
    scene.give_hint()
    assert "l12" in scene.feedback and not scene.autoplay
    scene.give_hint()
    assert scene.autoplay                    # the third press plays the solution
