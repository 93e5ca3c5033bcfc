"""The game tree (game/rules/tree.py), move numbering (game/rules/numbering.py) and the match
on top of them (game/match.py): the player's time line of docs/timeline.md, rule by rule, and
issue 22's reported defects through the board scene."""
from __future__ import annotations

import random

import pygame
import pytest

from game.match import Match
from game.rules import make_game
from game.rules.base import Color, GameOverError, Result
from game.rules.numbering import next_slot, rows, slots_for
from game.rules.record import format_record, parse_record
from game.rules.tree import GameTree, PlayedMove
from game.ui.moveflow import flatten, lines_text, node_for_key
from game import autosave as AS

import ui_helpers as helpers
from ui_helpers import board, click, click_widget, key, step


def first_moves(match: Match, n: int, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        mv = rng.choice(match.legal_strs())
        match.play(mv)
        out.append(mv)
    return out


# ---------------------------------------------------------------- numbering (the rules core's)
def test_onager_lakes_are_one_row_and_black_moves_twice_in_a_row():
    g = make_game("onager")
    moves = "c3 c5 h5 b1-c2 j4-i5".split()
    slots = slots_for(g, moves)
    assert [r.to_json() for r in rows(slots, moves)] == [
        {"label": "Lakes", "black": "c3 h5", "white": "c5"},
        {"label": "1", "black": "b1-c2", "white": "j4-i5"},
    ]
    assert [s.prefix for s in slots] == ["Lakes:", "Lakes:", "Lakes:", "1.", "1..."]
    assert slots[4].words() == "move 1, White"


def test_white_first_setup_starts_with_an_empty_black_column():
    s1 = next_slot(None, None, Color.WHITE)
    s2 = next_slot(s1, None, Color.BLACK)
    assert (s1.row, s1.number, s1.prefix) == (0, 1, "1...")
    assert (s2.row, s2.number, s2.prefix) == (1, 2, "2.")
    assert [r.to_json() for r in rows([s1, s2], ["x", "y"])] == [
        {"label": "1", "black": None, "white": "x"}, {"label": "2", "black": "y", "white": None}]


def test_onyx_swap_then_white_again_starts_a_row_of_its_own():
    """'1. f6 swap' then '2... c3': White's second ply in a row is a row of its own."""
    g = make_game("onyx", pie=True)
    moves = ["f6", "swap", "c3", "d4", "e5"]
    slots = slots_for(g, moves)
    assert [(s.label, s.color) for s in slots] == [("1", Color.BLACK), ("1", Color.WHITE),
                                                   ("2", Color.WHITE), ("3", Color.BLACK),
                                                   ("3", Color.WHITE)]
    assert [r.to_json() for r in rows(slots, moves)][:2] == [
        {"label": "1", "black": "f6", "white": "swap"}, {"label": "2", "black": None, "white": "c3"}]


def test_amoeba_numbers_black_and_white_in_pairs():
    g = make_game("amoeba")
    m = Match(g.copy())
    moves = first_moves(m, 5)
    assert [s.label for s in slots_for(g, moves)] == ["1", "1", "2", "2", "3"]


# ---------------------------------------------------------------- the tree
def test_tree_play_back_forward_and_a_new_move_keeps_the_old_line_as_a_variation():
    m = Match(make_game("amoeba"))
    moves = first_moves(m, 4)
    assert m.undo() and m.undo()
    assert [pm.text for pm in m.redo_moves] == moves[2:]       # the redo line
    other = next(t for t in m.legal_strs() if t != moves[2])
    m.play(other)
    tree = m.tree
    assert [n.move.text for n in tree.main_line()] == moves[:2] + [other]
    branch = tree.root.children[0].children[0]
    assert [c.move.text for c in branch.children] == [other, moves[2]]   # nothing deleted
    assert [n.move.text for n in branch.children[1].main_line()] == [moves[3]]
    assert tree.count_variations() == 1


def test_a_node_says_its_move_place_and_branch_and_the_root_has_none():
    m = Match(make_game("amoeba"))
    moves = first_moves(m, 3)
    m.undo()
    other = next(t for t in m.legal_strs() if t != moves[2])
    m.play(other)
    root = m.tree.root
    third = root.children[0].children[0].children
    assert [n.played.text for n in third] == [other, moves[2]]
    assert [n.branch for n in third] == [0, 1] and root.branch == 0
    assert third[0].alternatives() == [third[1]] and root.alternatives() == []
    assert [n.played_slot for n in m.tree.live.path()] == [n.slot for n in m.tree.live.path()]
    with pytest.raises(ValueError):
        root.played
    with pytest.raises(ValueError):
        root.played_slot


def test_browsing_never_changes_the_game_and_end_returns_to_it():
    m = Match(make_game("onyx"))
    moves = first_moves(m, 6)
    m.undo()
    m.undo()                              # the game stands at ply 4; two plies to redo
    live, key_live = m.live, m.game.key()
    m.goto(m.tree.root.children[0])       # browse back
    assert m.browsing and m.ply == 1 and m.live is live
    m.goto(m.tree.live)
    assert not m.browsing and m.ply == 4 and m.game.key() == key_live
    assert [pm.text for pm in m.redo_moves] == moves[4:]      # the undone plies did not come back
    assert m.can_redo


def test_redo_plays_the_recorded_moves_back():
    m = Match(make_game("onager"))
    moves = first_moves(m, 5, seed=3)
    for _ in range(3):
        m.undo()
    for _ in range(3):
        assert m.redo() is not None
    assert [pm.text for pm in m.history] == moves and not m.can_redo


def test_endings_belong_to_their_position():
    m = Match(make_game("amoeba"))
    first_moves(m, 3)
    m.resign(Color.BLACK)
    assert m.is_over and m.result == Result(Color.WHITE, "resign")
    m.goto(m.tree.root)
    assert not m.is_over                  # browsing back: the start is not over
    m.goto(m.tree.live)
    assert m.result == Result(Color.WHITE, "resign")
    with pytest.raises(GameOverError):
        m.play(m.game.legal_strs()[0])
    assert m.undo() and not m.is_over     # undo takes back the resignation first


def test_core_agreement_is_an_ending_the_rules_core_applies_where_it_is_shown():
    m = Match(make_game("amoeba"))
    first_moves(m, 4)
    key = m.game.key()
    res = m.agree()
    assert res.reason == "agreement" and m.result == res and m.game.result == res
    m.goto(m.tree.root.children[0])           # browsing back: that position is not over
    assert m.game.result is None and not m.is_over
    m.goto(m.live)                            # and back: the agreement is there again
    assert m.game.result == res and m.game.key() == key
    assert m.undo() and m.game.result is None and m.legal_strs()


def test_promote_and_delete_a_variation():
    m = Match(make_game("amoeba"))
    moves = first_moves(m, 3)
    m.goto(m.tree.root.children[0])
    alt = next(t for t in m.legal_strs() if t != moves[1])
    m.play(alt)                           # the game goes on with alt; moves[1:] kept as a variation
    var = m.tree.root.children[0].children[1]
    assert var.move.text == moves[1] and not var.is_main_line()
    m.goto(var)
    assert m.tree.promote(var)            # it becomes the main line: the game's line, to redo
    assert var.is_main_line() and m.live is m.tree.root.children[0]
    assert [pm.text for pm in m.redo_moves] == moves[1:]
    old = m.tree.root.children[0].children[1]
    assert old.move.text == alt
    m.goto(m.live)
    assert m.tree.delete(old) is m.tree.root.children[0]
    assert len(m.tree.root.children[0].children) == 1


def test_move_flow_shows_variations_after_their_move_with_clickable_keys():
    m = Match(make_game("amoeba"))
    moves = first_moves(m, 4)
    m.goto(m.tree.root.children[0].children[0])
    alt = next(t for t in m.legal_strs() if t != moves[2])
    m.play(alt)
    lines = flatten(m.tree)
    text = lines_text(lines)
    assert text[0].startswith("1. ") and text[1] == f"2. {alt}"
    assert text[2].strip().startswith(f"( 2. {moves[2]}")
    var_token = next(t for t in lines[2].flow if t.key and t.key.startswith("v"))
    assert node_for_key(m.tree, var_token.key).move.text == moves[2]
    assert node_for_key(m.tree, "3").move.text == alt


def test_a_tree_survives_the_autosave_round_trip_with_cursor_and_live():
    m = Match(make_game("onyx"), {Color.BLACK: "human", Color.WHITE: "easy"})
    moves = first_moves(m, 6)
    m.undo()                                          # live at ply 5, one ply to redo
    m.goto(m.tree.root.children[0].children[0])       # browsing at ply 2
    rec = AS.match_record(m)
    back = AS.match_from_record(parse_record(format_record(rec)))
    assert back.live.ply == 5 and back.node.ply == 2 and back.browsing
    assert [n.move.text for n in back.tree.main_line()] == moves
    assert back.players == {Color.BLACK: "human", Color.WHITE: "easy"}


def test_record_describe_uses_numbered_moves():
    m = Match(make_game("onager"))
    for t in "c3 c5 h5 b1-c2 j4-i5".split():
        m.play(t)
    rec = AS.match_record(m)
    assert AS.describe_record(parse_record(format_record(rec))) == "Onager, move 2, Black to move"
    m2 = Match(make_game("onager"))
    m2.play("c3")
    assert AS.describe_record(parse_record(format_record(AS.match_record(m2)))) == \
        "Onager, lakes, White to move"


# ---------------------------------------------------------------- issue 22 through the board
def amoeba_vs_computer():
    app = helpers.make_app("--game", "amoeba", "--white", "hard", "--window", "1280x800")
    helpers.settle(app, 80, thinking=True)
    return app


def play_one(app, rng):
    sc = board(app)
    opt = rng.choice([o for o in sc.input.options if o.clicks])
    for lab in opt.clicks:
        click(app, sc.view.pixel_of(lab))
    helpers.settle(app, 80, thinking=True)
    return opt.text


def test_item1_undo_then_browse_then_end_keeps_the_undone_moves_undone():
    app = amoeba_vs_computer()
    try:
        sc = board(app)
        rng = random.Random(4)
        for _ in range(3):
            play_one(app, rng)                # three moves, the computer answers each
        m = sc.match
        assert m.ply == 6
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        helpers.settle(app, 40)
        assert m.ply == 4 and m.can_redo and sc.toolbar.buttons.get("redo", sc.w.get("redo")) is not None
        redo_btn = sc.w["redo"]
        assert redo_btn.is_enabled
        key(app, pygame.K_LEFT)
        helpers.settle(app, 40)
        assert m.browsing and m.ply == 3
        key(app, pygame.K_END)
        helpers.settle(app, 40)
        assert not m.browsing and m.ply == 4            # the undone plies stay undone
        assert m.can_redo and redo_btn.is_enabled
        key(app, pygame.K_RIGHT)                         # Right stops at the game: Redo goes on
        helpers.settle(app, 40)
        assert m.ply == 4 and not m.browsing
        key(app, pygame.K_y, pygame.KMOD_CTRL)
        helpers.settle(app, 80)
        assert m.ply == 6                                # Redo restores both sides' moves
    finally:
        app.close()


def test_item1_continue_after_an_undo_restores_the_undone_state():
    app = amoeba_vs_computer()
    try:
        sc = board(app)
        rng = random.Random(8)
        for _ in range(2):
            play_one(app, rng)
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        helpers.settle(app, 40)
        assert sc.match.ply == 2
        click_widget(app, sc.w["menu"])
        helpers.settle(app, 40)
        menu = app.scene
        click_widget(app, menu.continue_btn)
        helpers.settle(app, 40)
        m = board(app).match
        assert m.ply == 2 and not m.browsing and m.can_redo and len(m.redo_moves) == 2
    finally:
        app.close()


def test_item3_onager_move_list_rows_by_colour():
    app = helpers.make_app("--game", "onager", "--moves", "c3 c5 h5 b1-c2 j4-i5", "--window", "1280x800")
    try:
        helpers.settle(app, 40)
        sc = board(app)
        box = sc.w["moves"]
        text = "\n".join(box.rows())
        assert "Lakes" in text and "c3" in text and "1." in text
        lines = lines_text(flatten(sc.match.tree))
        assert lines == ["Lakes. c3 c5 h5", "1. b1-c2 j4-i5"]      # the lakes in the order placed
        rec = format_record(AS.match_record(sc.match))
        assert "1. b1-c2 j4-i5" in rec
    finally:
        app.close()


def test_item4_a_record_of_two_computers_opens_paused_at_its_end(tmp_path):
    m = Match(make_game("amoeba"), {Color.BLACK: "easy", Color.WHITE: "easy"})
    first_moves(m, 10, seed=5)
    path = tmp_path / "cc.txt"
    path.write_text(format_record(AS.match_record(m)), encoding="utf-8")
    app = helpers.make_app("--window", "1280x800")
    try:
        from game.scenes import files
        assert files.load_path(app.scene, path)
        helpers.settle(app, 40)
        sc = board(app)
        assert sc.computer.paused and sc.match.ply == 10
        step(app, 60)
        assert sc.match.ply == 10 and not sc.computer.thinking      # nobody plays on by itself
        assert ("Play on", "__playon__") in sc.panel.current_actions()
        assert "Play on" in sc.panel.status
        sc.panel.do_action("__playon__")
        helpers.settle(app, 60, thinking=True)
        assert sc.match.ply > 10
    finally:
        app.close()


def test_item5_browsing_names_numbered_moves_and_pictures_use_them(tmp_path):
    app = helpers.make_app("--game", "onager", "--moves", "c3 c5 h5 b1-c2 j4-i5 c2-d3", "--window", "1280x800")
    try:
        helpers.settle(app, 40)
        sc = board(app)
        key(app, pygame.K_LEFT)
        helpers.settle(app, 40)
        assert sc.panel.status.startswith("Move 1, White: j4-i5")
        from game.scenes.files import export_picture
        export_picture(sc, tmp_path)
        names = [p.name for p in tmp_path.iterdir()]
        assert len(names) == 1 and "onager move 1" in names[0]
    finally:
        app.close()


def test_item7_a_truncated_autosave_still_offers_continue_up_to_its_last_good_move():
    from game import storage
    m = Match(make_game("onyx"), {Color.BLACK: "human", Color.WHITE: "easy"})
    first_moves(m, 12, seed=2)
    text = format_record(AS.match_record(m))
    path = storage.new_unfinished_path("onyx", "20261202-000000-000000")
    path.parent.mkdir(parents=True, exist_ok=True)
    cut = text[:text.index("\n\n") + 30]            # the headers and a few moves, cut mid-line
    path.write_text(cut, encoding="utf-8")
    app = helpers.make_app("--window", "1280x800")
    try:
        menu = app.scene
        assert menu.continue_btn is not None, menu.message
        assert "damaged" in menu.message and "line" in menu.message
        click_widget(app, menu.continue_btn)
        helpers.settle(app, 40)
        back = board(app).match
        kept = [pm.text for pm in back.history]
        assert 0 < len(kept) < 12
        assert kept == [n.move.text for n in m.tree.main_line()][:len(kept)]
        assert any(p.name.endswith(".corrupt-1.txt") for p in path.parent.iterdir())
    finally:
        app.close()
