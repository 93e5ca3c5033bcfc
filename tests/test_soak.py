"""The memory soak (game/bench_soak.py, ``python -m game.bench soak``) and the bounds it checks.

A shortened soak (two rounds, two moves a game) runs the real app through games of all three,
a review, a save and load, a lesson, resizes and theme changes; the test checks the figures'
form and that the drawing caches stayed within their bounds. No time and no memory figure is
asserted (the soak itself reports those).
"""
from __future__ import annotations

import json

import pygame
import pytest

from game import bench, bench_soak
from game.views import draw as D

KEYS = {"rss_start_mib", "rss_end_mib", "rss_peak_mib", "rss_warm_mib", "growth_mib", "moves", "resizes"}


def test_short_soak_reports_and_caches_stay_bounded():
    res = bench_soak.soak(rounds=2, moves_per_game=2, lesson_steps=1, holders=True, trace=False,
                          sizes=((1024, 640), (1600, 1000)), dt=0.1)
    assert KEYS <= set(res)
    json.dumps(res)                                     # one JSON object
    for k in ("rss_start_mib", "rss_end_mib", "rss_peak_mib", "rss_warm_mib", "growth_mib"):
        assert isinstance(res[k], float)
    assert res["rss_peak_mib"] >= res["rss_end_mib"] > 0
    assert res["growth_mib"] == pytest.approx(res["rss_end_mib"] - res["rss_warm_mib"], abs=0.11)
    assert res["rounds"] == 2 and len(res["rss_rounds_mib"]) == 2
    assert res["moves"] >= 2 * 3                         # every game moved
    assert res["resizes"] >= 2 and res["theme_changes"] == 2
    assert res["reviews"] == 2 and res["loads"] == 2 and res["lessons"] == 2
    assert res["surfaces"] > 0 and res["surfaces_mib"] > 0
    for name, entries in res["caches"].items():
        assert entries >= 0, name
    for name, (entries, size, bound) in D.cache_report().items():
        if name == "font":
            assert entries <= D.FONTS
        else:
            assert size <= bound or entries == 1, name


def test_surface_cache_bounds_pixels_and_entries():
    made = []

    @D.surface_cache(maxsize=4, max_mib=1)
    def picture(w: int) -> pygame.Surface:
        made.append(w)
        return pygame.Surface((w, 256), pygame.SRCALPHA)      # w KiB of pixels

    try:
        for w in (512, 512, 256, 256):                 # 512 KiB, a hit, 256 KiB, a hit
            picture(w)
        assert made == [512, 256] and picture.cache_bytes() == 768 * 1024
        picture(400)                                   # over 1 MiB: the least recently used goes
        assert picture.cache_info().currsize == 2 and picture.cache_bytes() <= 1024 * 1024
        for w in (1, 2, 3, 4, 5):
            picture(w)
        assert picture.cache_info().currsize == 4      # the count bound
        picture(2048)                                  # larger than the bound alone: kept, alone
        assert picture.cache_info().currsize == 1
        D.drop_caches()
        assert picture.cache_info().currsize == 0 and picture.cache_bytes() == 0
    finally:
        D._CACHES.remove(picture)


def test_caches_dropped_when_the_ui_scale_changes(monkeypatch):
    from ui_helpers import make_app, step
    app = make_app("--window", "1280x800")
    try:
        step(app, 3)
        dropped = []
        monkeypatch.setattr(D, "drop_caches", lambda: dropped.append(app.ui_scale))
        app.resize((1300, 820))                        # the same scale: the caches stay
        assert dropped == []
        app.resize((1600, 1000))                       # scale 1.25: other sizes from now on
        assert dropped == [1.25]
        step(app, 2)
    finally:
        app.close()


def test_soak_options_refused_in_one_line(capsys):
    for argv in (["soak", "--rounds", "0"], ["soak", "--minutes", "-1"], ["soak", "--rounds", "2", "--minutes", "1"],
                 ["ui", "--rounds", "2"]):
        with pytest.raises(SystemExit) as e:
            bench.main(argv)
        assert e.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "error:" in err, err
