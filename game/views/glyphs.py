"""A font that borrows the characters it lacks from the other fonts the game ships.

The interface speaks one language at a time, in that language's font (Noto Sans for English and
Uzbek, Noto Sans JP for Japanese). What players write does not: a game saved as "太郎" is listed
in English, an Uzbek name "Ўрол" (Cyrillic) is read back in Japanese, a comment mixes both. A
font draws a character it has no glyph for as an empty box, so ``Face`` splits such a text into
runs, each drawn in the first font that has its characters, and joins them on one baseline.

Which characters a font has is asked of the font itself: a character it lacks is drawn with the
font's "missing" glyph, whose measures are those of a character no font maps (U+10FFFD). The
answer is kept per font file and character (a few dozen bytes each).

Only ``size`` and ``render`` change; a text the font covers (nearly every text) is drawn by
pygame's own ``render`` unchanged.
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache
from importlib import resources
from typing import Any

import pygame

# the fonts pygame-gui ships that a name may need, tried in this order after the face's own
FALLBACKS = (("NotoSans-Regular.ttf", "NotoSans-Bold.ttf"),
             ("NotoSansJP-Regular.otf", "NotoSansJP-Bold.otf"),
             ("NotoSansKR-Regular.ttf", "NotoSansKR-Bold.ttf"),
             ("NotoSansSC-Regular.otf", "NotoSansSC-Bold.otf"),
             ("NotoSansGeorgian-Regular.ttf", "NotoSansGeorgian-Bold.ttf"))
_NOBODY = "\U0010FFFD"      # a private-use character: every font draws its "missing" glyph
_PROBE_SIZE = 48            # coverage is asked at a size where two glyphs rarely measure alike


def font_path(name: str) -> str | None:
    """The path of one of pygame-gui's font files, None when it is not there."""
    try:
        path = resources.files("pygame_gui.data").joinpath(name)
        return str(path) if path.is_file() else None
    except (ModuleNotFoundError, FileNotFoundError, TypeError):
        return None


@lru_cache(maxsize=8)
def _probe(path: str | None) -> tuple[pygame.font.Font, Any]:
    font = pygame.font.Font(path, _PROBE_SIZE)
    return font, font.metrics(_NOBODY)[0]


@lru_cache(maxsize=8192)
def covers(path: str | None, ch: str) -> bool:
    """Does the font file at ``path`` have a glyph for ``ch``? (pygame's own font: assumed.)"""
    if path is None or not ch.isprintable() or ch.isspace():
        return True
    font, missing = _probe(path)
    try:
        return font.metrics(ch)[0] != missing
    except (pygame.error, UnicodeError, IndexError):
        return False


def _neutral(ch: str) -> bool:
    """A space or punctuation mark: it stays in the run it is in rather than start another."""
    return ch.isspace() or unicodedata.category(ch)[0] in "PSZ"


class Face(pygame.font.Font):
    """A ``pygame.font.Font`` whose ``size`` and ``render`` draw the characters it lacks in the
    first fallback font that has them (``FALLBACKS``, same size and weight)."""

    def __init__(self, path: str | None, size: int, bold: bool = False) -> None:
        super().__init__(path, size)
        self.path = path
        self.points = int(size)
        self.heavy = bool(bold)   # (not "bold": pygame's Font.bold thickens the glyphs)
        self._others: list[Face] | None = None

    def _fallbacks(self) -> list["Face"]:
        if self._others is None:
            self._others = []
            for regular, heavy in FALLBACKS:
                path = font_path(heavy if self.heavy else regular)
                if path is not None and path != self.path:
                    self._others.append(_face(path, self.points, self.heavy))
        return self._others

    def runs(self, text: str) -> list[tuple["Face", str]]:
        """``text`` cut into (font, piece) runs; one run in this face when it has every character."""
        own = self.path
        if text.isascii() or all(covers(own, ch) for ch in text):     # (every font here has ASCII)
            return [(self, text)]
        out: list[tuple[Face, str]] = []
        prev = ""
        for ch in text:
            # a mark stays in its run, and so does the rest of a word the run's font can draw
            # (Noto Sans JP has most of Cyrillic, but not "Ў": "Ўрол" is one run, in Noto Sans)
            if out and (_neutral(ch) or (ch.isalnum() and prev.isalnum())) and covers(out[-1][0].path, ch):
                face = out[-1][0]
            elif covers(own, ch):
                face = self
            else:
                face = next((f for f in self._fallbacks() if covers(f.path, ch)), self)
            if out and out[-1][0] is face:
                out[-1] = (face, out[-1][1] + ch)
            else:
                out.append((face, ch))
            prev = ch
        return out

    def size(self, text: Any) -> tuple[int, int]:
        runs = self.runs(str(text))
        if runs[0][0] is self and len(runs) == 1:
            return super().size(text)
        ascent = max(f.get_ascent() for f, _ in runs)
        descent = max(-f.get_descent() for f, _ in runs)
        return sum(pygame.font.Font.size(f, piece)[0] for f, piece in runs), ascent + descent + 1

    def render(self, text: Any, antialias: Any, color: Any, bgcolor: Any = None,
               wraplength: int = 0) -> pygame.Surface:
        runs = self.runs(str(text)) if text is not None else [(self, "")]
        if (runs[0][0] is self and len(runs) == 1) or wraplength:
            return super().render(text, antialias, color, bgcolor, wraplength)
        pieces = [(f.get_ascent(), pygame.font.Font.render(f, piece, antialias, color)) for f, piece in runs]
        width, height = self.size(text)
        top = max(a for a, _ in pieces)
        out = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
        if bgcolor is not None:
            out.fill(bgcolor)
        x = 0
        for ascent, img in pieces:
            out.blit(img, (x, top - ascent))
            x += img.get_width()
        return out


@lru_cache(maxsize=32)
def _face(path: str | None, size: int, bold: bool) -> Face:
    return Face(path, size, bold)


def drop_caches() -> None:
    """Forget the fallback faces (the window's ui scale changed: other sizes are in use)."""
    _face.cache_clear()
