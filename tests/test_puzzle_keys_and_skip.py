"""The puzzle screens as a keyboard-only player finds them (rated puzzles, Puzzle Rush, My puzzles):

1. each has a keys page (F1) of its own, and every Ctrl shortcut it lists does something there;
2. Next on a puzzle not tried yet brings another puzzle (not the skipped ones again soon), unrated;
3. Rush: a wrong move's words name the puzzle they are about (the next one is on the board at once);
4. Rush results: missed puzzles of the same rating are told apart by their number in the round;
5. once a puzzle is solved or its solution shown, Solution is disabled and its ring goes on;
6. My puzzles with none kept: the move box is disabled, Enter presses the ringed Back;
7. back from Rush (or My puzzles) the ring is on the button that opened it.

Driven headless with synthetic events on a stepped clock (tests/ui_helpers.py).
"""
from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path
from typing import Callable

import pygame
import pytest

from game.puzzles.bank import read_bank
from game.puzzles.store import PuzzleStore, load_store, save_store
from game.scenes.base import make_scene
from ui_helpers import click_widget, key, make_app, post_typed, step, tab_to, type_move

DATA = Path(__file__).resolve().parent / "data"
DAY = dt.date(2026, 12, 5)
CTRL = pygame.KMOD_CTRL


def fixture(game: str, rating: int | None = None):
    """The test copy of three mined puzzles (of ratings 1200, 1500, 1800, or all ``rating``)."""
    return tuple(dataclasses.replace(p, rating=rating if rating is not None else 1200 + 300 * i)
                 for i, p in enumerate(read_bank(DATA / f"bank-fixture-{game}.toml", game)))


def until(app, cond: Callable[[], bool], limit: int = 400, dt_: float = 0.05) -> None:
    for _ in range(limit):
        if cond():
            return
        app.step(dt_)
    raise AssertionError("never happened")



def leave_box(app, sc) -> None:
    """Escape: the move box (which a typed move left with the keyboard) gives the keyboard back."""
    if sc.movebox.focused():
        key(app, pygame.K_ESCAPE)


def a_wrong_move(sc) -> str:
    g = sc.game
    return next(m for m in sorted(g.legal_strs())
                if g.move_str(g.parse_move(m)) != sc.line[sc.step] and not sc._wins_at_once(m))


def rated(tmp_path, game: str = "amoeba", puzzles=None):
    app = make_app("--window", "1024x640")
    sc = make_scene("rated_puzzles", game, puzzles=puzzles or fixture(game), store_file=tmp_path / "puzzles.json",
                    today=DAY)
    app.push(sc)
    step(app, 2)
    return app, sc


def rush(tmp_path, game: str = "amoeba", puzzles=None):
    app = make_app("--window", "1024x640")
    sc = make_scene("rush", game, puzzles=puzzles or fixture(game), store_file=tmp_path / "puzzles.json",
                    today=DAY, seed=0)
    app.push(sc)
    step(app, 2)
    until(app, lambda: sc.mode == "play")
    return app, sc


def mine(tmp_path, kept: bool = True):
    from game.puzzles.mistakes import exercises
    from test_my_puzzles import MOVES, review
    path = tmp_path / "puzzles.json"
    store = PuzzleStore()
    store.of("amoeba").add_mine(exercises("amoeba", {}, MOVES, review(), ["black", "white"], DAY) if kept else [])
    save_store(store, path)
    app = make_app("--window", "1024x640")
    sc = make_scene("my_puzzles", "amoeba", store_file=path, today=DAY)
    app.push(sc)
    step(app, 2)
    return app, sc


def drawn_words(sc, app) -> list[str]:
    from game.views import draw as D
    said: list[str] = []
    real = D.text

    def spy(surface, words, *a, **k):
        said.append(str(words))
        return real(surface, words, *a, **k)
    D.text = spy
    try:
        sc.draw(pygame.Surface(app.size))
    finally:
        D.text = real
    return said


# ---------------------------------------------------------------- 1. keys pages that tell the truth
def listed(app) -> dict[str, str]:
    assert app.keys_overlay is not None
    return {k: t for _h, rows in app.keys_overlay.sections for k, t in rows}


def ctrl_keys(rows: dict[str, str]) -> list[str]:
    """The Ctrl shortcuts a page lists (not the row that says Ctrl+key is a shortcut at all)."""
    return [k for k in rows if k.startswith("Ctrl+") and k != "Ctrl+key"]


def press_ctrl(app, name: str) -> None:
    """Ctrl+S, Ctrl+R, … as a player presses it."""
    letter = name.split("+", 1)[1].lower()
    post_typed(pygame.key.key_code(letter), "", CTRL)
    step(app, 2)


@pytest.mark.parametrize("screen, place, title", [("rated", "rated", "Keys · Rated puzzles"),
                                                  ("rush", "rush", "Keys · Puzzle Rush"),
                                                  ("mine", "mypuzzles", "Keys · My puzzles")])
def test_each_puzzle_screen_has_a_keys_page_of_its_own(tmp_path, screen, place, title):
    app, sc = {"rated": rated, "rush": rush, "mine": mine}[screen](tmp_path)
    try:
        key(app, pygame.K_F1)
        assert app.keys_overlay is not None and app.keys_overlay.place == place
        assert app.keys_overlay.title == title
        rows = listed(app)
        assert "Ctrl+H" not in rows                      # the tutorial's hint: no such thing here
        assert "Ctrl+S" in rows
        if screen != "rush":
            assert "Ctrl+R" in rows
        assert app.keys_overlay.layout_rects()
        key(app, pygame.K_ESCAPE)
        assert app.keys_overlay is None and app.scene is sc
    finally:
        app.close()


def test_the_tutorial_puzzle_keeps_its_page():
    from game.ui import keys
    assert keys.PUZZLE[0][1] == [("Ctrl+R", "Start the puzzle again"), ("Ctrl+H", "Hint, then the solution")]


def _flip_check(app, sc) -> Callable[[], bool]:
    was = app.settings.flip
    return lambda: app.settings.flip != was


def test_every_ctrl_shortcut_the_rated_page_lists_does_something(tmp_path):
    app, sc = rated(tmp_path, "onager")
    try:
        key(app, pygame.K_F1)
        names = ctrl_keys(listed(app))
        key(app, pygame.K_ESCAPE)
        assert set(names) >= {"Ctrl+S", "Ctrl+R"}
        for name in names:
            sc.open(next(p for p in sc.puzzles if len(p.solution) == 3), daily=False)
            step(app, 1)
            if name == "Ctrl+S":                # a puzzle not tried: its solution plays
                press_ctrl(app, name)
                assert sc.autoplay and sc.done, name
            elif name == "Ctrl+R":              # solved, then the puzzle again, not rated
                type_move(app, sc.puzzle.solution[0])
                until(app, lambda: sc.step == 2 and sc.anim is None)
                type_move(app, sc.puzzle.solution[2])
                until(app, lambda: sc.done and sc.anim is None)
                leave_box(app, sc)
                rating = sc.stats.rating
                press_ctrl(app, name)
                assert not sc.done and sc.step == 0 and sc.input.game is not None, name
                assert "not rated" in sc.message and sc.w["solution"].is_enabled
                type_move(app, sc.puzzle.solution[0])
                until(app, lambda: sc.step == 2 and sc.anim is None)
                type_move(app, sc.puzzle.solution[2])
                until(app, lambda: sc.done and sc.anim is None)
                assert sc.stats.rating == rating and sc.message == "Solved."
            elif name == "Ctrl+F":
                changed = _flip_check(app, sc)
                press_ctrl(app, name)
                assert changed(), name
            else:
                raise AssertionError(f"{name} is listed: what does it do on this screen?")
    finally:
        app.close()


def test_every_ctrl_shortcut_the_rush_page_lists_does_something(tmp_path):
    app, sc = rush(tmp_path)
    try:
        key(app, pygame.K_F1)
        names = ctrl_keys(listed(app))
        key(app, pygame.K_ESCAPE)
        assert "Ctrl+S" in names
        for name in names:
            if name == "Ctrl+S":                # on a missed puzzle tried again
                sc.retry(sc.puzzles[0])
                step(app, 2)
                press_ctrl(app, name)
                assert sc.mode == "retry" and sc.autoplay and sc.done, name
            elif name == "Ctrl+F":
                changed = _flip_check(app, sc)
                press_ctrl(app, name)
                assert changed(), name
            else:
                raise AssertionError(f"{name} is listed: what does it do on this screen?")
    finally:
        app.close()


def test_every_ctrl_shortcut_the_my_puzzles_page_lists_does_something(tmp_path):
    app, sc = mine(tmp_path)
    try:
        key(app, pygame.K_F1)
        names = ctrl_keys(listed(app))
        key(app, pygame.K_ESCAPE)
        assert set(names) >= {"Ctrl+S", "Ctrl+R"}
        for name in names:
            sc.retry()
            step(app, 1)
            if name == "Ctrl+S":
                press_ctrl(app, name)
                assert sc.outcome == "shown", name
            elif name == "Ctrl+R":              # after the answer: the position back, to try again
                press_ctrl(app, "Ctrl+S")
                until(app, lambda: sc.anim is None and not sc.autoplay)
                assert sc.outcome
                press_ctrl(app, name)
                assert not sc.outcome and sc.game.ply == len(sc.current.moves), name
            elif name == "Ctrl+F":
                changed = _flip_check(app, sc)
                press_ctrl(app, name)
                assert changed(), name
            else:
                raise AssertionError(f"{name} is listed: what does it do on this screen?")
    finally:
        app.close()


# ---------------------------------------------------------------- 2. Next skips a puzzle not tried
def test_next_on_a_puzzle_not_tried_brings_another_unrated(tmp_path):
    app, sc = rated(tmp_path)
    try:
        first = sc.puzzle
        assert first is not None and sc.outcome == ""
        click_widget(app, sc.w["next"], check="enabled")
        second = sc.puzzle
        assert second is not None and second.id != first.id and sc.outcome == ""
        tab_to(app, sc.w["next"])                       # the keyboard: Enter on the ringed Next
        key(app, pygame.K_RETURN)
        step(app, 1)
        third = sc.puzzle
        assert third is not None and third.id not in (first.id, second.id)
        # nothing rated, nothing kept as tried
        assert sc.stats.rating.played == 0 and sc.stats.recent == []
        stats = load_store(tmp_path / "puzzles.json")[0].of("amoeba")
        assert stats.rating.played == 0 and stats.recent == []
        assert "Find the winning move." in sc.message
    finally:
        app.close()


# ---------------------------------------------------------------- 3. Rush: which puzzle a miss is about
def test_a_wrong_move_in_rush_names_the_puzzle_it_was_about(tmp_path):
    app, sc = rush(tmp_path)
    try:
        missed = sc.puzzle
        assert sc.rush.index == 0
        wrong = a_wrong_move(sc)
        type_move(app, wrong)
        assert sc.message.startswith(f"Puzzle 1: {wrong} is not it ("), sc.message
        if sc.puzzle is missed:                         # (still on the board a moment): its heading
            assert any(w.startswith("Puzzle 1 · rated") for w in drawn_words(sc, app))
        until(app, lambda: sc.puzzle is sc.rush.current and sc.puzzle is not missed)
        words = drawn_words(sc, app)
        assert any(w.startswith("Puzzle 2 · rated") for w in words), words
        assert any(w.startswith("Puzzle 1: ") for w in words), words      # the words stay about puzzle 1
    finally:
        app.close()


# ---------------------------------------------------------------- 4. Rush results: missed puzzles apart
def test_missed_puzzles_of_the_same_rating_are_told_apart(tmp_path):
    app, sc = rush(tmp_path, "onyx", puzzles=fixture("onyx", rating=714))
    try:
        for _ in range(3):                              # three strikes
            until(app, lambda: sc.mode != "play" or (sc.puzzle is sc.rush.current and sc.anim is None
                                                      and sc.next_wait < 0))
            if sc.mode != "play":
                break
            type_move(app, a_wrong_move(sc))
        until(app, lambda: sc.mode == "result")
        step(app, 2)
        labels = [b.text for b, _p in sc.retry_buttons]
        assert len(labels) == len(sc.rush.missed) >= 2
        assert len(set(labels)) == len(labels), labels
        for (b, p), n in zip(sc.retry_buttons, range(1, 9)):
            assert b.text == f"Retry puzzle {sc.rush.queue.index(p) + 1} (rated 714)", b.text
        # the retry page names it the same way
        b, p = sc.retry_buttons[1]
        click_widget(app, b, check="enabled")
        n = sc.rush.queue.index(p) + 1
        assert sc.mode == "retry" and any(w.startswith(f"Puzzle {n} · rated 714") for w in drawn_words(sc, app))
    finally:
        app.close()


# ---------------------------------------------------------------- 5. Solution once nothing is left to show
def test_rated_solution_is_disabled_once_shown_and_its_ring_goes_to_next(tmp_path):
    app, sc = rated(tmp_path, "onager")
    try:
        tab_to(app, sc.w["solution"])
        key(app, pygame.K_RETURN)                       # Enter on the ringed Solution
        until(app, lambda: not sc.autoplay and sc.anim is None)
        assert sc.done and not sc.w["solution"].is_enabled
        assert app.focus is sc.w["next"]
        key(app, pygame.K_RETURN)                       # Enter now: the next puzzle
        assert sc.outcome == "" and sc.w["solution"].is_enabled
    finally:
        app.close()


def test_rated_solution_is_disabled_once_solved(tmp_path):
    app, sc = rated(tmp_path)
    try:
        type_move(app, sc.puzzle.solution[0])
        until(app, lambda: sc.outcome == "solved" and sc.anim is None)
        assert not sc.w["solution"].is_enabled
        post_typed(pygame.K_s, "", CTRL)                      # and Ctrl+S shows nothing more
        step(app, 2)
        assert not sc.autoplay and sc.outcome == "solved"
    finally:
        app.close()


def test_rush_retry_solution_is_disabled_once_shown_and_its_ring_goes_to_back(tmp_path):
    app, sc = rush(tmp_path)
    try:
        sc.retry(sc.puzzles[1])
        step(app, 2)
        tab_to(app, sc.buttons["solution"])
        key(app, pygame.K_RETURN)
        until(app, lambda: not sc.autoplay and sc.anim is None)
        assert not sc.buttons["solution"].is_enabled and app.focus is sc.buttons["result"]
        sc.retry(sc.puzzles[1])                         # solved on a retry: the same
        step(app, 2)
        assert sc.buttons["solution"].is_enabled
        type_move(app, sc.puzzle.solution[0])
        until(app, lambda: sc.done and sc.anim is None)
        assert not sc.buttons["solution"].is_enabled
    finally:
        app.close()


def test_my_puzzles_answer_ring_goes_to_next_once_shown(tmp_path):
    app, sc = mine(tmp_path)
    try:
        tab_to(app, sc.w["answer"])
        key(app, pygame.K_RETURN)
        until(app, lambda: not sc.autoplay and sc.anim is None)
        assert sc.outcome == "shown" and not sc.w["answer"].is_enabled and app.focus is sc.w["next"]
    finally:
        app.close()


# ---------------------------------------------------------------- 6. My puzzles with none kept
def test_my_puzzles_with_none_kept_has_no_move_box_and_enter_presses_back(tmp_path):
    app, sc = mine(tmp_path, kept=False)
    try:
        assert sc.current is None
        box = sc.movebox.box
        assert box is not None and not box.visible          # (disabled, it still looked ready)
        assert box not in app.focusables()
        post_typed(pygame.K_c, "c")                           # a letter: nothing is typed anywhere
        step(app, 2)
        assert sc.movebox.text == "" and not sc.movebox.focused()
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT)       # the last widget: Back
        assert app.focus is sc.w["back"]
        key(app, pygame.K_RETURN)
        step(app, 2)
        assert app.scene is not sc
    finally:
        app.close()


# ---------------------------------------------------------------- 7. back from Rush: the ring comes back
@pytest.mark.parametrize("opener", ["rush", "mine"])
def test_back_from_rush_or_my_puzzles_the_ring_is_on_the_button_that_opened_it(tmp_path, opener):
    app, sc = rated(tmp_path)
    try:
        tab_to(app, sc.w[opener])
        key(app, pygame.K_RETURN)
        step(app, 2)
        child = app.scene
        assert child is not sc
        if opener == "rush":
            until(app, lambda: child.mode == "play")
            tab_to(app, child.buttons["end"])
            key(app, pygame.K_RETURN)
            step(app, 2)
            assert child.mode == "result"
            tab_to(app, child.buttons["menu"])
        else:
            tab_to(app, child.w["back"])
        key(app, pygame.K_RETURN)
        step(app, 2)
        assert app.scene is sc
        assert app.focus is sc.w[opener]
        key(app, pygame.K_TAB)                          # and the keyboard goes on from there
        assert app.focus is not None and app.focus is not sc.w[opener]
    finally:
        app.close()
