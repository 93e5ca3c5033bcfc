"""Puzzle Rush: the round's rules on a stepped clock (the pure model), and the scene driven
headless with synthetic events (moves typed in the move box, Enter, Escape)."""
from __future__ import annotations

import datetime as dt

import pytest

from game.puzzles.bank import BankPuzzle
from game.puzzles.rush import RULES, End, Event, Rules, Rush


def bank(n: int = 80) -> tuple[BankPuzzle, ...]:
    return tuple(BankPuzzle(f"onyx-m{i:04d}", "onyx", {}, (), ("a1",), 600 + 25 * i, ("capture",))
                 for i in range(n))


def run(rush: Rush, seconds: float, dt_: float = 0.25) -> list[Event]:
    out: list[Event] = []
    t = 0.0
    while t < seconds - 1e-9 and not rush.over:
        out += rush.tick(dt_)
        t += dt_
    return out


# ---------------------------------------------------------------- the model
def test_puzzles_go_from_easy_to_hard():
    r = Rush(bank(), seed=4)
    ratings = [p.rating for p in r.queue]
    assert ratings == sorted(ratings) and len(ratings) == RULES.queue
    assert Rush(bank(), seed=4).queue == r.queue
    assert Rush(bank(), seed=5).queue != r.queue


def test_three_minutes_then_time_is_up():
    r = Rush(bank())
    assert r.time_left == 180
    events = run(r, 179.0)
    assert not r.over and r.time_left == pytest.approx(1.0)
    assert events.count(Event.HURRY) == 10          # as the clock shows 10, 9, ... 1
    events = run(r, 5.0)
    assert r.over and r.end is End.TIME and events[-1] is Event.OVER
    assert Event.HURRY not in events
    assert r.tick(1.0) == [] and r.right() == [] and r.wrong() == []


def test_three_strikes_and_out():
    r = Rush(bank())
    first = r.current
    assert r.wrong() == [Event.WRONG] and r.strikes == 1 and r.current is not first
    assert r.wrong() == [Event.WRONG]
    assert r.wrong() == [Event.WRONG, Event.OVER]
    assert r.end is End.STRIKES and r.current is None
    assert len(r.missed) == 3 and r.missed[0] is first


def test_a_streak_fills_the_meter_and_adds_seconds():
    r = Rush(bank())
    run(r, 30.0)
    assert r.time_left == pytest.approx(150.0)
    events = []
    for i in range(RULES.bonus_every - 1):
        events += r.right()
        assert r.meter == pytest.approx((i + 1) / RULES.bonus_every)
    assert Event.BONUS not in events and r.level == 0
    assert r.right() == [Event.RIGHT, Event.BONUS]
    assert r.time_left == pytest.approx(150.0 + RULES.bonus_seconds)
    assert r.level == 1 and r.meter == 0 and r.multiplier == 2
    assert r.score == RULES.bonus_every * RULES.points


def test_a_wrong_move_breaks_the_streak_and_the_combo():
    r = Rush(bank())
    for _ in range(7):
        r.right()
    assert r.streak == 7 and r.level == 1
    score = r.score
    r.wrong()
    assert r.streak == 0 and r.level == 0 and r.best_streak == 7
    r.right()
    assert r.score == score + RULES.points


def test_points_grow_with_the_combo_up_to_a_ceiling():
    rules = Rules(bonus_every=2, max_level=2)
    r = Rush(bank(), rules=rules)
    gains = []
    for _ in range(8):
        before = r.score
        r.right()
        gains.append(r.score - before)
    assert gains == [100, 100, 200, 200, 300, 300, 300, 300]


def test_the_last_puzzle_ends_the_round():
    r = Rush(bank(3))
    assert len(r.queue) == 3
    r.right()
    r.wrong()
    assert r.right() == [Event.RIGHT, Event.OVER]
    assert r.end is End.PUZZLES
    assert Rush(()).over


def test_result_and_quit():
    r = Rush(bank())
    r.right()
    r.right()
    r.wrong()
    assert r.quit() == [Event.OVER] and r.end is End.QUIT
    res = r.result()
    assert (res.score, res.solved, res.best_streak, res.strikes, res.end) == (200, 2, 2, 1, End.QUIT)


def test_a_round_on_a_stepped_clock_saves_a_personal_best(tmp_path):
    from game.puzzles.store import PuzzleStore, load_store, save_store
    path = tmp_path / "puzzles.json"
    store = PuzzleStore()
    r = Rush(bank(), seed=1)
    for _ in range(5):           # a streak of five: ten seconds more
        run(r, 3.0)
        r.right()
    assert r.time_left == pytest.approx(180 - 15 + RULES.bonus_seconds)
    r.wrong()
    run(r, 400.0)
    assert r.end is End.TIME
    day = dt.date(2026, 12, 5)
    assert store.of("onyx").add_round(r.result(), day) == 0
    assert save_store(store, path) is None
    back = load_store(path)[0].of("onyx")
    assert back.best_score == 500 and back.bests[0].streak == 5 and back.bests[0].day == "2026-12-05"


# ---------------------------------------------------------------- the scene, headless
import pygame  # noqa: E402

from game.puzzles.bank import read_bank  # noqa: E402
from game.puzzles.store import load_store  # noqa: E402
from ui_helpers import make_app, post_typed, step, type_move  # noqa: E402

DATA = __import__("pathlib").Path(__file__).resolve().parent / "data"


def fixture(game: str) -> tuple[BankPuzzle, ...]:
    return read_bank(DATA / f"bank-fixture-{game}.toml", game)


def rush_app(tmp_path, game: str = "amoeba", size: str = "1024x640", **kw):
    from game.scenes.base import make_scene
    app = make_app("--window", size)
    scene = make_scene("rush", game, puzzles=fixture(game), store_file=tmp_path / "puzzles.json",
                       today=dt.date(2026, 12, 5), seed=0, **kw)
    app.push(scene)
    step(app, 2)
    return app, scene


def until(app, cond, limit: int = 400, dt_: float = 0.05) -> None:
    for _ in range(limit):
        if cond():
            return
        app.step(dt_)
    raise AssertionError("never happened")


def test_scene_counts_in_then_the_clock_runs(tmp_path):
    app, sc = rush_app(tmp_path)
    assert sc.mode == "count" and sc.rush.time_left == 180
    until(app, lambda: sc.mode == "play")
    assert sc.puzzle is sc.rush.current and sc.game is not None
    step(app, 60, 0.05)
    assert sc.rush.time_left == pytest.approx(177.0, abs=0.2)
    app.close()


def test_the_count_in_shows_the_count_alone(tmp_path, monkeypatch):
    from game.views import draw as D
    app, sc = rush_app(tmp_path)
    said: list[str] = []
    real = D.text
    monkeypatch.setattr(D, "text", lambda surface, words, *a, **k: (said.append(str(words)), real(surface, words, *a, **k))[1])
    step(app, 2)
    assert sc.mode == "count" and "Get ready" in said
    assert "No puzzle to show." not in said
    app.close()


def test_scene_right_and_wrong_moves_typed(tmp_path):
    from game.sound import bank as sound_bank
    app, sc = rush_app(tmp_path)
    until(app, lambda: sc.mode == "play")
    first = sc.puzzle
    type_move(app, first.solution[0])
    until(app, lambda: sc.rush.index == 1 and sc.puzzle is sc.rush.current and sc.anim is None)
    assert sc.rush.score == RULES.points and sc.rush.streak == 1
    assert "right" in sound_bank().played or not sound_bank().sounds
    g = sc.game
    wrong = next(m for m in sorted(g.legal_strs()) if g.move_str(g.parse_move(m)) != sc.line[0]
                 and not sc._wins_at_once(m))
    type_move(app, wrong)
    assert sc.rush.strikes == 1 and sc.rush.streak == 0 and sc.rush.missed == [sc.rush.queue[1]]
    app.close()


def test_scene_time_out_saves_a_personal_best_and_offers_the_missed(tmp_path):
    app, sc = rush_app(tmp_path)
    until(app, lambda: sc.mode == "play")
    type_move(app, sc.puzzle.solution[0])
    until(app, lambda: sc.rush.index == 1 and sc.puzzle is sc.rush.current and sc.anim is None)
    g = sc.game
    wrong = next(m for m in sorted(g.legal_strs()) if g.move_str(g.parse_move(m)) != sc.line[0]
                 and not sc._wins_at_once(m))
    type_move(app, wrong)
    for _ in range(800):           # the clock runs out (the app's frames are at most 0.25 s)
        if sc.mode == "result":
            break
        sc.update(0.25)
    step(app, 2)
    assert sc.mode == "result" and sc.rush.end is End.TIME and sc.place == 0
    stats = load_store(tmp_path / "puzzles.json")[0].of("amoeba")
    assert stats.rounds == 1 and stats.best_score == RULES.points and stats.bests[0].day == "2026-12-05"
    assert [p for _, p in sc.retry_buttons] == [sc.rush.queue[1]]
    # the number on the button is the puzzle's rating, and says so ('Retry 714' read as a code)
    assert sc.retry_buttons[0][0].text == f"Retry (rated {sc.rush.queue[1].rating})"
    surface = pygame.Surface(app.size)
    sc.draw(surface)                # the result page draws
    # the card is as tall as what it shows, inside the window, its buttons inside it
    card = sc.card
    assert pygame.Rect((0, 0), app.size).contains(card) and card.h < app.size[1] - sc.px(40)
    for b in [sc.buttons["again"], sc.buttons["menu"], *(b for b, _ in sc.retry_buttons)]:
        assert card.contains(b.rect)
    # a missed puzzle retried, then Escape back to the result, Enter for another round
    sc.retry(sc.retry_buttons[0][1])
    assert sc.mode == "retry" and sc.puzzle is sc.rush.queue[1]
    type_move(app, sc.puzzle.solution[0])
    until(app, lambda: sc.done and sc.anim is None)
    assert sc.rush.score == RULES.points            # not scored
    post_typed(pygame.K_ESCAPE)           # the move box gives the keyboard back first
    step(app, 2)
    assert sc.mode == "retry" and not sc.movebox.focused()
    post_typed(pygame.K_ESCAPE)
    step(app, 2)
    assert sc.mode == "result"
    # solved on its retry: the result page says so and does not offer it again
    (b, p), = sc.retry_buttons
    assert p is sc.rush.queue[1] and b.text.startswith("Solved (rated ") and not b.is_enabled
    post_typed(pygame.K_RETURN, "\r")
    step(app, 2)
    assert sc.mode == "count" and sc.rush.score == 0
    app.close()


def test_scene_three_strikes_end_the_round(tmp_path):
    app, sc = rush_app(tmp_path, game="onyx")
    until(app, lambda: sc.mode == "play")
    for i in range(3):
        until(app, lambda: sc.puzzle is sc.rush.current and sc.anim is None and sc.next_wait < 0)
        g = sc.game
        wrong = next(m for m in sorted(g.legal_strs()) if g.move_str(g.parse_move(m)) != sc.line[0]
                     and not sc._wins_at_once(m))
        type_move(app, wrong)
    assert sc.mode == "result" and sc.rush.end in (End.STRIKES, End.PUZZLES)
    app.close()


def test_escape_asks_before_it_ends_the_round_and_then_leaves(tmp_path):
    # a second Escape (the first one leaves the move box) ended a timed round at once: it asks
    app, sc = rush_app(tmp_path)
    until(app, lambda: sc.mode == "play")
    post_typed(pygame.K_ESCAPE)
    step(app, 2)
    assert sc.mode == "play" and sc.dialog is not None and sc.dialog_kind == "end_round"
    post_typed(pygame.K_ESCAPE)                   # no: the round goes on
    step(app, 2)
    assert sc.mode == "play" and sc.dialog is None
    post_typed(pygame.K_ESCAPE)
    step(app, 2)
    post_typed(pygame.K_RETURN, "\r")             # yes
    until(app, lambda: sc.mode == "result", limit=10)
    assert sc.mode == "result" and sc.rush.end is End.QUIT and sc.dialog is None
    post_typed(pygame.K_ESCAPE)
    step(app, 3)
    assert app.scene is not sc
    app.close()


def test_onager_defence_answers_on_the_board(tmp_path):
    """A puzzle of three plies: the defence's reply is played and animated, then the last move wins."""
    app, sc = rush_app(tmp_path, game="onager")
    until(app, lambda: sc.mode == "play")
    p = sc.puzzle
    assert len(p.solution) == 3
    type_move(app, p.solution[0])
    until(app, lambda: sc.step == 2 and sc.anim is None)
    assert sc.rush.score == 0 and sc.input.game is not None
    type_move(app, p.solution[2])
    until(app, lambda: sc.rush.score == RULES.points)
    app.close()


@pytest.mark.parametrize("game", ["amoeba", "onyx", "onager"])
def test_the_rush_scene_renders_from_the_command_line(tmp_path, game):
    from game.app import build, parse_args
    app = build(parse_args(["--scene", f"rush:{game}", "--window", "1024x640"]), fade=False)
    sc = app.scene
    assert type(sc).__name__ == "RushScene" and sc.game_name == game
    step(app, 60, 0.05)
    assert sc.mode == "play"
    app.close()


def test_the_retry_pages_title_stays_inside_the_panel(tmp_path):
    # Uzbek: "Yechilmagan jumboqni qayta urinish" ran past both sides of the panel at 1024x640
    from game.scenes.base import make_scene
    from ui_helpers import drawn_text_rects
    app = make_app("--window", "1024x640", "--lang", "uz")
    try:
        sc = make_scene("rush", "amoeba", puzzles=fixture("amoeba"), store_file=tmp_path / "puzzles.json",
                        today=dt.date(2026, 12, 5), seed=0)
        app.push(sc)
        step(app, 2)
        until(app, lambda: sc.mode == "play")
        sc.mode = "retry"                   # the page of a missed puzzle tried again
        drawn = drawn_text_rects(lambda: sc._draw_retry_panel(pygame.Surface(app.size)))
        assert drawn and all(sc.panel.contains(r) for r in drawn if r.w), drawn
    finally:
        app.close()


def test_the_bests_table_writes_a_day_as_the_puzzle_screen_does(tmp_path):
    # the records table wrote "07/12/26" where the puzzle screen writes "7-dek, 2026" (uz)
    from game.i18n import date_text
    from game.views import draw as D
    app, sc = rush_app(tmp_path)
    try:
        until(app, lambda: sc.mode == "play")
        type_move(app, sc.puzzle.solution[0])       # one solved: the round is kept among the bests
        until(app, lambda: sc.rush.index == 1 and sc.puzzle is sc.rush.current and sc.anim is None)
        for _ in range(3):                          # (the first Escape may leave the move box)
            post_typed(pygame.K_ESCAPE)
            step(app, 2)
            if sc.dialog is not None:
                break
        post_typed(pygame.K_RETURN, "\r")
        until(app, lambda: sc.mode == "result", limit=10)
        assert sc.stats.bests
        drawn = []
        real = D.text
        D.text = lambda surface, s, *a, **kw: drawn.append(s) or real(surface, s, *a, **kw)
        try:
            sc.draw(pygame.Surface(app.size))
        finally:
            D.text = real
        assert date_text(dt.date(2026, 12, 5)) in drawn, drawn
    finally:
        app.close()
