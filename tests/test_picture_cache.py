"""The empty board's picture kept on disk: the same pixels as drawing it, a bad file is a miss."""
from __future__ import annotations

import pygame
import pytest

from game.themes import theme_named
from game.views import picture_cache, view_for
from game.writer import flush_writes


@pytest.fixture(autouse=True)
def _cache_on(monkeypatch):
    monkeypatch.delenv(picture_cache.ENV_OFF, raising=False)      # (tests/conftest.py turns it off)
    monkeypatch.setattr(picture_cache, "_held", None)             # (main() holds writes until a first frame)


def _view(game: str = "onyx", box: tuple[int, int] = (700, 560), **options):
    view = view_for(game, **options)
    view.layout(pygame.Rect((10, 20), box))
    return view


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def _drawn(view) -> bytes:
    """The picture as the view draws it with no cache at all."""
    surf = pygame.Surface(view.rect.size, pygame.SRCALPHA)
    view.render_board(surf, (-view.rect.x, -view.rect.y))
    return _pixels(surf)


def _files() -> list:
    return sorted(picture_cache.cache_dir().glob("*" + picture_cache.SUFFIX))


@pytest.mark.parametrize("game", ["amoeba", "onyx", "onager"])
def test_a_kept_picture_has_the_drawn_pixels(game):
    view = _view(game)
    first = _pixels(view.board_surface())           # drawn, and kept
    assert flush_writes() and len(_files()) == 1
    view.drop_picture()
    again = _view(game)                              # a new view (a new start) reads it back
    assert picture_cache.load(picture_cache.picture_key(again), again.rect.size) is not None
    assert _pixels(again.board_surface()) == first == _drawn(again)


def test_the_key_follows_what_the_picture_depends_on():
    base = _view()
    keys = {picture_cache.picture_key(base)}
    other = [_view(box=(701, 560)), _view(size=14), _view("amoeba")]
    flipped = _view()
    flipped.set_look(flip=True)
    plain = _view()
    plain.show_coords = False
    dark = _view()
    dark.set_look(theme_named("dark"))
    for v in other + [flipped, plain, dark]:
        keys.add(picture_cache.picture_key(v))
    assert len(keys) == 1 + len(other) + 3
    assert picture_cache.picture_key(_view()) == picture_cache.picture_key(base)   # the same board: one key


def _head(w: int, h: int, alpha: int, masks: tuple[int, int, int, int]) -> bytes:
    return picture_cache._HEAD.pack(picture_cache.MAGIC, w, h, alpha, *masks)


@pytest.mark.parametrize("damage", [
    b"", b"ATPICT02", b"not a picture at all" * 100,
    lambda w, h: _head(w, h, 1, (0xFF0000, 0xFF0000, 0xFF, 0)) + bytes(4 * w * h),      # masks that overlap
    lambda w, h: _head(w, h, 7, (0xFF0000, 0xFF00, 0xFF, 0)) + bytes(4 * w * h),        # neither alpha nor not
    lambda w, h: _head(w, h, 1, (0xFF0000, 0xFF00, 0xFF, 0xFF000000)) + bytes(4 * w * h - 1)])   # cut short
def test_a_bad_file_is_a_miss_and_the_board_is_drawn(damage):
    view = _view()
    if callable(damage):
        damage = damage(*view.rect.size)
    key = picture_cache.picture_key(view)
    folder = picture_cache.cache_dir()
    folder.mkdir(parents=True)
    (folder / (key + picture_cache.SUFFIX)).write_bytes(damage)
    assert picture_cache.load(key, view.rect.size) is None
    assert _pixels(view.board_surface()) == _drawn(view)
    assert flush_writes() and picture_cache.load(key, view.rect.size) is not None    # written again


def test_a_folder_that_cannot_be_written_is_no_error(tmp_path, monkeypatch):
    blocker = tmp_path / "a file"
    blocker.write_text("in the way")
    monkeypatch.setattr(picture_cache, "cache_dir", lambda: blocker / "boards")
    view = _view()
    assert _pixels(view.board_surface()) == _drawn(view)
    assert flush_writes()


def test_only_the_latest_pictures_are_kept(monkeypatch):
    monkeypatch.setattr(picture_cache, "KEEP", 2)
    for w in (600, 610, 620):
        _view(box=(w, 500)).board_surface()
        assert flush_writes()
    assert len(_files()) == 2


def test_the_cache_can_be_turned_off(monkeypatch):
    monkeypatch.setenv(picture_cache.ENV_OFF, "1")
    _view().board_surface()
    assert flush_writes() and _files() == []


def test_a_kept_backdrop_is_the_felt_drawn():
    from game.views.draw import background, felt
    dark = theme_named("dark")
    first = _pixels(background((640, 400), dark))
    assert flush_writes() and len(_files()) == 1
    assert _pixels(background((640, 400), dark)) == first == _pixels(felt((640, 400), dark.backdrop))
    # another size, another theme: other pictures (each written before the next is kept: a
    # newer backdrop replaces one still waiting to be written, as a window being resized does)
    background((640, 401), dark)
    assert flush_writes()
    background((640, 400), theme_named("classic"))
    assert flush_writes() and len(_files()) == 3


def test_the_kept_pictures_stay_under_a_size(monkeypatch):
    monkeypatch.setattr(picture_cache, "KEEP_BYTES", 5 * 600 * 500 * 4 // 2)     # room for two and a half
    for w in (600, 601, 602, 603, 604):
        _view(box=(w, 500)).board_surface()
        assert flush_writes()
    assert len(_files()) == 2
    monkeypatch.setattr(picture_cache, "KEEP_BYTES", 1)
    _view(box=(700, 500)).board_surface()
    assert flush_writes() and len(_files()) == 1          # the newest stays, whatever its size


def test_a_newer_picture_of_a_board_replaces_one_waiting_to_be_written(monkeypatch):
    """Dragging a window's edge draws the board at many sizes: the writer gets one job per board
    (and one for the backdrop), the newest, not one per size."""
    import game.writer

    class Waiting:
        def __init__(self):
            self.jobs = {}

        def submit(self, key, job):
            self.jobs[key] = job
    waiting = Waiting()
    monkeypatch.setattr(game.writer, "writer", lambda: waiting)
    for w in (600, 640, 680):
        _view(box=(w, 500)).board_surface()
        _view("amoeba", box=(w, 500)).board_surface()
    assert len(waiting.jobs) == 2
    for job in waiting.jobs.values():
        job()
    kept = [picture_cache.load(picture_cache.picture_key(_view(g, box=(w, 500))), (w, 500)) is not None
            for g in ("onyx", "amoeba") for w in (600, 640, 680)]
    assert kept == [False, False, True, False, False, True]


def test_pictures_kept_while_holding_are_written_when_released():
    picture_cache.hold_writes()
    _view().board_surface()
    _view("amoeba").board_surface()
    assert flush_writes() and _files() == []
    picture_cache.write_held()
    assert flush_writes() and len(_files()) == 2
    _view(box=(640, 500)).board_surface()             # after the release: at once
    assert flush_writes() and len(_files()) == 3
