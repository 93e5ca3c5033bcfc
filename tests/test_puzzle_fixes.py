"""The puzzle screens as a player meets them: Puzzle Rush's result page and its clock, the My
puzzles list after a removal, the rated screen's rating and what the Solution costs, and a
Rush round that climbs from easy to hard. Stepped clocks only."""
from __future__ import annotations

import datetime as dt
from collections import Counter

import pygame
import pytest

from game.puzzles.bank import BankPuzzle, load_bank
from game.puzzles.rating import START, rate, to_settle
from game.puzzles.rush import RULES, Rush, climb
from game.scenes import rated_puzzles as rp
from game.views import draw as D
from test_my_puzzles import open_screen
from test_rated_puzzles import open_scene as rated_app
from test_rush import rush_app
from ui_helpers import key, step, type_move


def until(app, cond, limit: int = 600, dt_: float = 0.05) -> None:
    for _ in range(limit):
        if cond():
            return
        app.step(dt_)
    raise AssertionError("never happened")


def drawn(app, monkeypatch) -> list[str]:
    """The words the next frame writes with ``D.text``."""
    said: list[str] = []
    real = D.text
    monkeypatch.setattr(D, "text", lambda surface, words, *a, **k: (said.append(str(words)),
                                                                    real(surface, words, *a, **k))[1])
    step(app, 1)
    monkeypatch.setattr(D, "text", real)
    return said


def a_wrong_move(sc) -> str:
    g = sc.game
    return next(m for m in sorted(g.legal_strs())
                if g.move_str(g.parse_move(m)) != sc.line[sc.step] and not sc._wins_at_once(m))


# ---------------------------------------------------------------- Rush: the result page's Enter
def test_enter_on_the_result_page_plays_again_and_tab_reaches_the_retries(tmp_path):
    app, sc = rush_app(tmp_path)
    until(app, lambda: sc.mode == "play" and sc.anim is None)
    type_move(app, a_wrong_move(sc))                    # a strike: a retry to offer on the result page
    until(app, lambda: sc.rush.index == 1 and sc.anim is None)
    assert app.focus is not None                        # the move typed: the ring is on the move box
    until(app, lambda: sc.mode == "result", limit=2000, dt_=0.25)
    step(app, 2)
    assert sc.retry_buttons
    assert app.focus is sc.buttons["again"]             # the ring starts where Enter goes
    seen = []
    for _ in range(len(sc.retry_buttons) + 2):
        key(app, pygame.K_TAB)
        seen.append(app.focus)
    assert sc.retry_buttons[0][0] in seen               # Tab still reaches the retries
    while app.focus is not sc.buttons["again"]:
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert sc.mode == "count" and sc.retrying is None   # a new round, not a retry
    app.close()


def test_back_from_a_retry_the_ring_is_on_play_again(tmp_path):
    app, sc = rush_app(tmp_path)
    until(app, lambda: sc.mode == "play" and sc.anim is None)
    type_move(app, a_wrong_move(sc))
    until(app, lambda: sc.rush.index == 1 and sc.anim is None)
    key(app, pygame.K_TAB)
    until(app, lambda: sc.mode == "result", limit=2000, dt_=0.25)
    while app.focus is not sc.retry_buttons[0][0]:
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert sc.mode == "retry"
    while app.focus is not sc.buttons["result"]:
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)                           # Back (the ring on it)
    assert sc.mode == "result" and app.focus is sc.buttons["again"]
    app.close()


# ---------------------------------------------------------------- Rush: the clock waits unseen
def clock_runs(app, sc, seconds: float = 2.0) -> bool:
    before = sc.rush.time_left
    step(app, int(seconds / 0.05), 0.05)
    return sc.rush.time_left < before - seconds / 2


@pytest.mark.parametrize("away, back", [
    (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED),
    (pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED),
    ((pygame.ACTIVEEVENT, {"gain": 0, "state": 2}), (pygame.ACTIVEEVENT, {"gain": 1, "state": 2})),
    ((pygame.ACTIVEEVENT, {"gain": 0, "state": 6}), (pygame.ACTIVEEVENT, {"gain": 1, "state": 6})),
])
def test_the_rounds_clock_pauses_while_the_window_is_away(tmp_path, monkeypatch, away, back):
    def post(what) -> None:
        kind, attrs = what if isinstance(what, tuple) else (what, {})
        pygame.event.post(pygame.event.Event(kind, **attrs))
    app, sc = rush_app(tmp_path)
    until(app, lambda: sc.mode == "play")
    assert clock_runs(app, sc)
    post(away)
    left = sc.rush.time_left
    step(app, 100, 0.05)
    assert sc.rush.time_left == pytest.approx(left, abs=0.06) and sc.paused
    assert "Paused" in drawn(app, monkeypatch)
    post(back)
    step(app, 1)
    assert not sc.paused and clock_runs(app, sc)
    assert "Paused" not in drawn(app, monkeypatch)
    app.close()


def test_a_key_or_a_click_ends_a_pause_the_window_did_not(tmp_path):
    # a window restored without its focus event (no window manager's) stayed 'Paused'
    app, sc = rush_app(tmp_path)
    until(app, lambda: sc.mode == "play")
    for event in (pygame.WINDOWHIDDEN, pygame.WINDOWFOCUSLOST):
        pygame.event.post(pygame.event.Event(event))
    pygame.event.post(pygame.event.Event(pygame.WINDOWSHOWN))
    step(app, 2)
    assert sc.paused
    key(app, pygame.K_LSHIFT)
    assert not sc.paused and clock_runs(app, sc)
    app.close()


def test_the_count_in_and_the_clock_wait_under_the_keys(tmp_path):
    app, sc = rush_app(tmp_path)
    key(app, pygame.K_F1)
    assert app.keys_overlay is not None
    step(app, 100, 0.05)
    assert sc.mode == "count"                           # the count-in waits too
    key(app, pygame.K_ESCAPE)
    until(app, lambda: sc.mode == "play")
    key(app, pygame.K_F1)
    left = sc.rush.time_left
    step(app, 100, 0.05)
    assert sc.rush.time_left == pytest.approx(left, abs=0.06)
    key(app, pygame.K_ESCAPE)
    assert app.keys_overlay is None and clock_runs(app, sc)
    key(app, pygame.K_ESCAPE)                           # "End the round?": the clock runs on behind it
    assert sc.dialog_kind == "end_round" and not sc.paused and clock_runs(app, sc)
    app.close()


# ---------------------------------------------------------------- My puzzles: Delete
def test_removing_a_solved_puzzle_opens_the_one_in_its_place_with_its_task(tmp_path):
    app, sc, _path = open_screen(tmp_path)
    first = sc.current
    type_move(app, first.best)
    until(app, lambda: sc.outcome == "solved")
    order = [q.id for q in sc.ordered()]
    assert order[-1] == first.id                        # solved: at the end of the list
    key(app, pygame.K_DELETE)
    assert sc.stats.my_puzzle(first.id) is None
    assert sc.current is not None and sc.current.id == order[0]     # round: the first not solved
    assert sc.message == sc.task()                      # the new puzzle's own words
    assert sc.status == "Removed from My puzzles."
    key(app, pygame.K_s, pygame.KMOD_CTRL)              # the next thing said replaces the status
    assert sc.status == "" and sc.message.startswith("The better move")
    app.close()


def test_removing_one_in_the_middle_opens_the_next(tmp_path):
    app, sc, _path = open_screen(tmp_path)
    for _ in range(2):                                  # two solved: [todo, solved, solved]
        type_move(app, sc.current.best)
        until(app, lambda: sc.outcome == "solved")
        key(app, pygame.K_RETURN)
    order = [q.id for q in sc.ordered()]
    sc.open(sc.stats.my_puzzle(order[1]))
    key(app, pygame.K_DELETE)
    assert sc.current.id == order[2]
    app.close()


def test_delete_on_a_puzzle_not_solved_says_why_it_stays(tmp_path):
    app, sc, _path = open_screen(tmp_path)
    p = sc.current
    assert not p.solved and not sc.w["remove"].is_enabled
    key(app, pygame.K_DELETE)
    assert sc.stats.my_puzzle(p.id) is not None and sc.current.id == p.id
    assert sc.status.startswith("Solve this puzzle once to remove it")
    assert sc.message == sc.task()                      # the task stays in sight
    app.close()


# ---------------------------------------------------------------- Rated puzzles: one rating, explained
def test_the_rating_reads_the_same_everywhere_and_its_mark_is_explained(tmp_path, monkeypatch):
    app, sc = rated_app(tmp_path)
    said = drawn(app, monkeypatch)
    assert "1,500?" in said and "Provisional (?) for 10 more rated puzzles" in said
    assert to_settle(START) == 10
    while not sc.done:
        type_move(app, sc.line[sc.step])
        until(app, lambda: sc.anim is None and sc.reply_wait < 0)
    until(app, lambda: sc.tweens.done)
    r = sc.stats.rating
    figure = rp.rating_text(r)
    assert figure.endswith("?") and f"Your rating: {figure} (" in sc.message
    said = drawn(app, monkeypatch)
    assert figure in said and f"Provisional (?) for {to_settle(r)} more rated puzzles" in said
    assert sc.change_text() in said and f"({sc.change_text()})" in sc.message
    app.close()


def test_a_settled_rating_has_no_mark():
    r = START
    for _ in range(to_settle(START)):
        r = rate(r, r.rating, True)
    assert not r.provisional and to_settle(r) == 0 and not rp.rating_text(r).endswith("?")


def test_the_solution_before_a_try_says_what_it_cost(tmp_path, monkeypatch):
    app, sc = rated_app(tmp_path)
    before = sc.stats.rating
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    after = sc.stats.rating
    assert after.rating < before.rating
    cost = (f"The solution counts as a miss: your rating went from {rp.rating_text(before)} to "
            f"{rp.rating_text(after)} ({sc.change_text()}).")
    assert sc.message.startswith(cost), sc.message
    assert sc.change == after.shown - before.shown and sc.change_text().startswith("−")
    until(app, lambda: not sc.autoplay and sc.anim is None)
    assert sc.message.startswith(cost) and sc.message.endswith("Next (Enter) for another puzzle.")
    assert sc.change_text() in drawn(app, monkeypatch)  # the same figure beside the rating
    key(app, pygame.K_RETURN)                           # the next puzzle: the cost is said no more
    assert "counts as a miss" not in sc.message
    key(app, pygame.K_RETURN)
    type_move(app, a_wrong_move(sc))                    # a miss tried first: the Solution costs nothing more
    until(app, lambda: sc.anim is None)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert "counts as a miss" not in sc.message
    app.close()


# ---------------------------------------------------------------- Rush: easy to hard
def test_an_onyx_round_climbs_instead_of_staying_on_the_commonest_rating():
    bank = load_bank("onyx")
    have = Counter(p.difficulty for p in bank)
    assert have.most_common(1)[0][1] > RULES.queue // 2     # (why: most of the bank is one step)
    for seed in range(5):
        queue = Rush(bank, seed=seed).queue
        assert len(queue) == RULES.queue
        assert [p.difficulty for p in queue] == sorted(p.difficulty for p in queue)
        took = Counter(p.difficulty for p in queue)
        fair = max(took[k] for k in have if took[k] < have[k])     # a step left with puzzles unused
        assert all(took[k] >= fair - 1 for k in have if took[k] < have[k])
        assert all(took[k] <= fair for k in have)               # no step takes more than its share
        assert queue[RULES.queue // 3].difficulty > queue[0].difficulty     # a third of the way in: harder
        assert queue[RULES.queue // 2].rating > queue[0].rating


def test_climb_orders_a_longer_line_after_a_shorter_one_and_is_seeded():
    def puzzle(i: int, rating: int, moves: int) -> BankPuzzle:
        return BankPuzzle(f"onyx-m{i:04d}", "onyx", {}, (), ("a1",) * (2 * moves - 1), rating, ())
    bank = [puzzle(i, 800, 1 + i % 2) for i in range(40)] + [puzzle(100 + i, 900, 2) for i in range(4)]
    import random
    q = climb(bank, 12, random.Random(3))
    assert [p.difficulty for p in q] == [(800, 1)] * 4 + [(800, 2)] * 4 + [(900, 2)] * 4
    assert climb(list(reversed(bank)), 12, random.Random(3)) == q      # the order given does not matter
    assert climb(bank, 12, random.Random(4)) != q
    assert len(climb(bank, 100, random.Random(0))) == len(bank)


def test_a_round_ended_by_escape_and_enter_has_the_ring_on_play_again(tmp_path):
    # Escape asked 'End the round?' with no ring, Enter ended it, and the result page had no
    # ring: a question Escape opens is the keyboard's, and so is what follows it
    app, sc = rush_app(tmp_path)
    until(app, lambda: sc.mode == "play" and sc.anim is None)
    app.focus = None
    key(app, pygame.K_ESCAPE)
    assert sc.dialog is not None and app.focus is sc.dialog.first_ring()
    key(app, pygame.K_RETURN)
    until(app, lambda: sc.mode == "result")
    step(app, 2)
    assert app.focus is sc.buttons["again"]
    app.close()
