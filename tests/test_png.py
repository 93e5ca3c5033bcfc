"""Pictures written by ``game.png``: the same pixels read back, the file appears whole or not at
all, and the window's screenshot and the board's exported picture go through it."""
from __future__ import annotations

import random

import pygame
import pytest

from game import png
from game.png import save_picture


def _noisy(size: tuple[int, int], flags: int = 0) -> pygame.Surface:
    surf = pygame.Surface(size, flags)
    rng = random.Random(5)
    for y in range(size[1]):
        for x in range(size[0]):
            surf.set_at((x, y), (rng.randrange(256), rng.randrange(256), rng.randrange(256), rng.randrange(256)))
    return surf


@pytest.mark.parametrize("flags, fmt", [(0, "RGB"), (pygame.SRCALPHA, "RGBA")])
def test_a_picture_reads_back_pixel_for_pixel(tmp_path, flags, fmt):
    surf = _noisy((37, 11), flags)
    out = save_picture(surf, tmp_path / "p.png")
    back = pygame.image.load(str(out))
    assert back.get_size() == (37, 11)
    assert pygame.image.tobytes(back, fmt) == pygame.image.tobytes(surf, fmt)
    assert [p.name for p in tmp_path.iterdir()] == ["p.png"]          # no temporary file left


def test_other_kinds_are_pygames(tmp_path):
    surf = _noisy((8, 5))
    save_picture(surf, tmp_path / "p.bmp")
    back = pygame.image.load(str(tmp_path / "p.bmp"))
    assert pygame.image.tobytes(back, "RGB") == pygame.image.tobytes(surf, "RGB")


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "p.png"
    target.write_bytes(b"the old picture")

    def broken(surface):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(png, "png_bytes", broken)
    with pytest.raises(OSError):
        save_picture(_noisy((4, 4)), target)
    assert target.read_bytes() == b"the old picture"
    assert [p.name for p in tmp_path.iterdir()] == ["p.png"]


def test_an_exported_board_picture_is_the_board(tmp_path):
    from game.app import build, parse_args
    from game.scenes.files import export_picture
    app = build(parse_args(["--game", "onyx", "--window", "1024x640"]), fade=False)
    try:
        app.step(1 / 60)
        path = export_picture(app.scene, tmp_path)
        assert path is not None and path.suffix == ".png"
        picture = pygame.image.load(str(path))
        assert picture.get_size() == pygame.Rect(app.scene.view.rect).clip(app.screen.get_rect()).size
        assert app.scene.panel.status.startswith("Picture saved")
    finally:
        app.close()
