"""My puzzles: a review's ? and ?? moves of the player's side become exercises, kept with the
player's data, solved on the puzzle board; a finished review on the board keeps them."""
from __future__ import annotations

import datetime as dt
import json

import pygame
import pytest

from game.ai.review import PlyReview
from game.puzzles.mistakes import MyPuzzle, exercises, from_game, puzzle_id, start_of
from game.puzzles.store import KEEP_MINE, PuzzleStore, load_store, save_store
from game.rules import make_game
from game.scenes.base import make_scene
from ui_helpers import click_widget, make_app, settle, step, type_move

DAY = dt.date(2026, 12, 5)
# an Amoeba game's first eight plies (legal from the start)
MOVES = ["b3-a3", "f3-g3", "c4-c3", "e2-f1", "c2-c3", "g3-e5", "c5-d5", "g4-g3"]


def position(n: int):
    g = make_game("amoeba")
    for m in MOVES[:n]:
        g.push(m)
    return g


def another(n: int) -> str:
    """A legal move before ply ``n + 1`` other than the one played."""
    g = position(n)
    return next(m for m in g.legal_strs() if g.parse_move(m) != g.parse_move(MOVES[n]))


def ply(n: int, mark: str, best: str | None = None, judged: bool = True, reason: str = "") -> PlyReview:
    """A hand-made verdict on ply ``n`` (1-based) of MOVES."""
    player = "black" if n % 2 else "white"
    best = best if best is not None else another(n - 1)
    return PlyReview(n, MOVES[n - 1], player, player, best, (best,), 0.6, 0.3, None, None,
                     0.3 if judged else None, mark if judged else "", reason, judged)


def review() -> list[PlyReview]:
    return [ply(1, "??", judged=False, reason="forced"),      # not judged: never an exercise
            ply(2, ""),
            ply(3, "?"),                                        # black's mistake
            ply(4, "??", reason="allows-win"),                  # white's blunder
            ply(5, "?!"),                                       # an inaccuracy: not an exercise
            ply(6, ""),
            ply(7, "??", best=MOVES[6]),                       # no better move than the one played
            ply(8, "?")]


# ------------------------------------------------------------------ the exercises
def test_marked_moves_of_the_players_side_become_exercises():
    found = exercises("amoeba", {}, MOVES, review(), ["black"], DAY)
    assert [p.ply for p in found] == [3]
    p = found[0]
    assert p.moves == tuple(MOVES[:2]) and p.played == "c4-c3" and p.best == another(2)
    assert (p.mark, p.seat, p.found, p.tries, p.solved) == ("?", "black", "2026-12-05", 0, 0)
    assert p.id == puzzle_id("amoeba", {}, MOVES[:2]) and p.id.startswith("my-")
    puzzle = p.puzzle()               # the one puzzle model: the board replays it as a bank puzzle
    assert puzzle.solution == (p.best,) and puzzle.start().to_move.word == "black"
    assert puzzle.moves == p.moves and puzzle.options == {}


def test_between_two_people_both_sides_and_white_alone():
    both = exercises("amoeba", {}, MOVES, review(), ["black", "white"], DAY)
    assert [(p.ply, p.seat, p.mark) for p in both] == [(3, "black", "?"), (4, "white", "??"), (8, "white", "?")]
    assert both[1].reason == "allows-win"
    assert [p.ply for p in exercises("amoeba", {}, MOVES, review(), ["white"], DAY)] == [4, 8]
    assert exercises("amoeba", {}, MOVES, review(), [], DAY) == []


def test_ids_are_stable_and_one_per_position():
    a = exercises("amoeba", {}, MOVES, review(), ["black", "white"], DAY)
    b = exercises("amoeba", {}, MOVES, review(), ["black", "white"], DAY + dt.timedelta(days=3))
    assert [p.id for p in a] == [p.id for p in b]
    assert len({p.id for p in a}) == len(a)
    assert puzzle_id("onyx", {"size": 12, "open": False, "pie": False}, MOVES[:2]) != puzzle_id("amoeba", {}, MOVES[:2])
    assert puzzle_id("amoeba", {}, ["B3-A3"]) == puzzle_id("amoeba", {}, ["b3-a3"])


def test_bad_input_gives_no_exercise_and_no_crash():
    bad = [ply(3, "?", best="zz9"), PlyReview(40, "a1-a2", "black", "black", "a1-a3", (), 0.5, 0.1,
                                              drop=0.4, mark="??")]
    assert exercises("amoeba", {}, MOVES, bad, ["black"], DAY) == []
    assert exercises("amoeba", {}, ["b3-a3", "nonsense", *MOVES[2:]], review(), ["black"], DAY) == []
    assert exercises("onyx", {"size": 7}, MOVES, review(), ["black"], DAY) == []


def test_from_a_game_and_not_from_a_set_up_position():
    g = position(len(MOVES))
    assert [p.ply for p in from_game(g, review(), ["black"], DAY)] == [3]
    assert start_of(g) is not None and start_of(g).ply == 0
    set_up = make_game("amoeba").from_position(position(2).position_text(), position(2).to_move)
    for m in MOVES[2:]:
        set_up.push(m)
    assert start_of(set_up) is None and from_game(set_up, review(), ["black"], DAY) == []


# ------------------------------------------------------------------ the store
def test_store_round_trip_dedup_tries_and_remove(tmp_path):
    path = tmp_path / "puzzles.json"
    store = PuzzleStore()
    s = store.of("amoeba")
    found = exercises("amoeba", {}, MOVES, review(), ["black", "white"], DAY)
    assert s.add_mine(found) == 3
    assert s.add_mine(exercises("amoeba", {}, MOVES, review(), ["black", "white"], DAY)) == 0   # kept already
    s.mine_tried(found[0].id, False)
    s.mine_tried(found[0].id, True)
    assert save_store(store, path) is None
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 2 and len(data["games"]["amoeba"]["mine"]) == 3
    back, problem = load_store(path)
    assert problem is None
    mine = back.of("amoeba").mine
    assert mine == s.mine and (mine[0].tries, mine[0].solved) == (2, 1)
    assert back.of("amoeba").remove_mine(found[1].id) and not back.of("amoeba").remove_mine("my-none")
    assert [p.id for p in back.of("amoeba").mine] == [found[0].id, found[2].id]


def test_a_version_1_store_still_loads(tmp_path):
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps({"version": 1, "last_game": "onyx", "games": {"onyx": {
        "rating": {"rating": 1620, "rd": 80, "vol": 0.06, "played": 4}}}}), encoding="utf-8")
    store, problem = load_store(path)
    assert problem is None and store.last_game == "onyx"
    assert store.of("onyx").rating.rating == 1620 and store.of("onyx").mine == []


@pytest.mark.parametrize("text", ["{not json", '{"version": 3}', '{"version": true}'])
def test_a_damaged_store_is_kept_aside(tmp_path, text):
    path = tmp_path / "puzzles.json"
    path.write_text(text, encoding="utf-8")
    store, problem = load_store(path)
    assert problem and "puzzles.corrupt-1.json" in problem
    assert store.of("amoeba").mine == []
    assert (tmp_path / "puzzles.corrupt-1.json").read_text(encoding="utf-8") == text


def test_bad_puzzles_of_mine_are_left_out_one_by_one(tmp_path):
    good = exercises("amoeba", {}, MOVES, review(), ["black"], DAY)[0].to_json()
    rows = [good, {**good, "id": "x", "mark": "?!"}, {**good, "id": "y", "found": "soon"},
            {**good, "id": "z", "moves": "b3-a3"}, {**good, "id": "w", "tries": -1}, {**good, "game": "chess"},
            {**good, "id": "v", "game": "onyx"}, "nothing", {**good}]
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps({"version": 2, "games": {"amoeba": {"mine": rows}}}), encoding="utf-8")
    store, problem = load_store(path)
    assert problem is None and [p.id for p in store.of("amoeba").mine] == [good["id"]]
    assert MyPuzzle.from_json(good) == MyPuzzle.from_json(json.loads(json.dumps(good)))


def test_the_oldest_solved_make_room_past_the_cap():
    s = PuzzleStore().of("amoeba")
    base = exercises("amoeba", {}, MOVES, review(), ["black"], DAY)[0]
    s.add_mine([MyPuzzle(f"my-{i}", **{k: v for k, v in base.to_json().items() if k not in ("id", "moves", "line")},
                         moves=base.moves, line=base.line) for i in range(KEEP_MINE)])
    s.mine_tried("my-5", True)
    s.add_mine([MyPuzzle("my-new", **{k: v for k, v in base.to_json().items() if k not in ("id", "moves", "line")},
                         moves=base.moves, line=base.line)])
    ids = [p.id for p in s.mine]
    assert len(ids) == KEEP_MINE and "my-5" not in ids and ids[-1] == "my-new"


# ------------------------------------------------------------------ the screen
def open_screen(tmp_path, puzzles: list[MyPuzzle] | None = None):
    path = tmp_path / "puzzles.json"
    store = PuzzleStore()
    store.of("amoeba").add_mine(puzzles if puzzles is not None else
                                exercises("amoeba", {}, MOVES, review(), ["black", "white"], DAY))
    save_store(store, path)
    app = make_app("--window", "1024x640")
    sc = make_scene("my_puzzles", "amoeba", store_file=path, today=DAY)
    app.push(sc)
    step(app, 2)
    return app, sc, path


def until(app, cond, limit: int = 300) -> None:
    for _ in range(limit):
        if cond():
            return
        app.step(0.05)
    raise AssertionError("never happened")


def test_screen_solves_one_right_and_one_wrong(tmp_path):
    from game.sound import bank as sound_bank
    app, sc, path = open_screen(tmp_path)
    first = sc.current
    assert first is not None and first.ply == 3 and sc.solver == sc.game.to_move
    assert "c4-c3" in sc.message                       # "In the game you played c4-c3 (?)"
    type_move(app, first.best)
    until(app, lambda: sc.outcome == "solved")
    assert "right" in sound_bank().played or not sound_bank().sounds
    kept = load_store(path)[0].of("amoeba").my_puzzle(first.id)
    assert (kept.tries, kept.solved) == (1, 1)
    assert sc.w["remove"].is_enabled and sc.w["retry"].is_enabled

    click_widget(app, sc.w["next"])                    # the next one not solved yet
    second = sc.current
    assert second is not None and second.id != first.id and not sc.outcome
    type_move(app, second.played)                      # the game's own mistake again
    until(app, lambda: sc.outcome == "missed" and sc.anim is None and not sc.autoplay)
    assert "wrong" in sound_bank().played or not sound_bank().sounds
    assert "the move you played" in sc.message and second.best in sc.message
    assert sc.game.ply == len(second.moves) + 1        # the better move is on the board
    assert sc.game.moves_played()[-1] == second.puzzle().start().parse_move(second.best)
    kept = load_store(path)[0].of("amoeba").my_puzzle(second.id)
    assert (kept.tries, kept.solved) == (1, 0)
    assert not sc.w["remove"].is_enabled              # not solved: it stays

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    step(app, 2)                                       # Enter after a miss: try again
    assert sc.current.id == second.id and not sc.outcome and sc.game.ply == len(second.moves)
    type_move(app, second.best)
    until(app, lambda: sc.outcome == "solved")
    assert load_store(path)[0].of("amoeba").my_puzzle(second.id).solved == 1

    sc.open(sc.stats.my_puzzle(first.id))
    step(app, 1)
    click_widget(app, sc.w["remove"])                  # a solved one can be removed
    assert load_store(path)[0].of("amoeba").my_puzzle(first.id) is None
    assert sc.current is not None and sc.current.id != first.id
    app.close()


def test_screen_empty_state_and_keyboard(tmp_path, monkeypatch):
    import game.scenes.my_puzzles as mp
    app, sc, _path = open_screen(tmp_path, [])
    assert sc.current is None and sc.game is None
    said = []
    orig = mp.D.text

    def spy(surface, s, *a, **k):
        said.append(s)
        return orig(surface, s, *a, **k)

    monkeypatch.setattr(mp.D, "text", spy)
    step(app, 1)
    monkeypatch.setattr(mp.D, "text", orig)
    assert "Review a game: your ? and ?? moves come here." in said
    assert not sc.w["next"].is_enabled and not sc.w["answer"].is_enabled
    app.close()

    app, sc, _path = open_screen(tmp_path)
    first = sc.current
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="", scancode=0))
    step(app, 2)
    assert sc.current.id != first.id
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    step(app, 2)
    assert sc.outcome == "shown" and sc.stats.my_puzzle(sc.current.id).tries == 1
    shown = sc.current.id
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DELETE, mod=0, unicode="", scancode=0))
    step(app, 2)
    assert sc.stats.my_puzzle(shown) is not None         # not solved: Delete keeps it
    until(app, lambda: sc.anim is None and not sc.autoplay)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    step(app, 2)                                         # Enter: the next one not solved yet
    assert sc.current.id != shown and not sc.outcome
    type_move(app, sc.current.best)
    until(app, lambda: sc.outcome == "solved")
    solved = sc.current.id
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DELETE, mod=0, unicode="", scancode=0))
    step(app, 2)
    assert sc.stats.my_puzzle(solved) is None and "Removed" in sc.status     # (the next puzzle's task under it)
    assert load_store(_path)[0].of("amoeba").my_puzzle(solved) is None
    app.close()


def test_with_none_kept_the_keys_list_has_no_move_keys(tmp_path):
    from game.ui.keys import keys_for
    app, sc, _path = open_screen(tmp_path, [])
    _title, sections = keys_for(sc)
    assert [head for head, _rows in sections] == ["Everywhere"]
    app.close()

    app, sc, _path = open_screen(tmp_path)             # with puzzles: the box and every key
    assert sc.movebox.shown()
    _title, sections = keys_for(sc)
    heads = [head for head, _rows in sections]
    assert heads[:2] == ["My puzzles", "Typing a move"] and "Writing a move" in heads and "Playing" in heads
    app.close()


def test_a_finished_review_keeps_the_humans_mistakes(monkeypatch):
    from game.scenes.board import StubEngine
    from ui_helpers import board
    monkeypatch.setattr(StubEngine, "review_iterations", 30)
    app = make_app("--window", "1024x640", "--scene", "board:amoeba", "--moves", " ".join(MOVES))
    settle(app)
    sc = board(app)
    sc.review.toggle()
    until(app, lambda: not sc.review.running, 600)
    assert sc.review.state == "done"
    marked = [p for p in sc.review.plies.values() if p.mark in ("?", "??") and p.best != p.move]
    mine = load_store()[0].of("amoeba").mine
    assert mine and [p.ply for p in mine] == sorted(p.ply for p in marked)   # both seats are people here
    assert sc.review.kept == tuple(p.id for p in mine)
    settle(app)
    assert "practise" in sc.review.buttons
    assert any("My puzzles" in text for text, _c, _b in sc.review.column_lines())
    click_widget(app, sc.review.buttons["practise"])
    assert app.scene.__class__.__name__ == "MyPuzzlesScene" and app.scene.current.id == mine[0].id
    sc.review.keep_mistakes()                          # a second time: nothing new
    assert len(load_store()[0].of("amoeba").mine) == len(mine)
    app.close()


# ------------------------------------------------------------------ in every language
@pytest.mark.parametrize("lang", ["ja", "uz", "xx"])
def test_the_review_strip_and_the_screens_fit_in_every_language(lang, monkeypatch):
    """The review's Practise and its line, then My puzzles with the mistakes it kept, and the
    Puzzles screen's button: every text through the catalogue (xx), nothing cut or overlapping."""
    from test_i18n import _app, _check_scenes
    cases = [("board:amoeba", ("--moves", " ".join(MOVES), "review")), ("mypuzzles:amoeba", ()),
             ("mypuzzles:onyx", ()), ("puzzles:onyx", ())]
    app = _app((1024, 640), lang)
    try:
        _check_scenes(app, cases, monkeypatch, lang)
    finally:
        app.close()
