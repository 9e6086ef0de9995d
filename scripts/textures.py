#!/usr/bin/env python3
"""Draw the tables' textures as small PNG tiles (standard library only): the tatami's weave,
the washi paper's fibres, the rush mat of a Tanbo side and the grain of the tea-party table.

Each tile is a translucent overlay that the style sheets lay over a flat colour of the theme
(``background: url(textures/tatami.png), var(--tatami)``), so the dark theme keeps its colours.

Why bitmaps and not CSS gradients: a browser that paints without a GPU (an old phone, a
headless test browser) rasters a stack of repeating gradients anew in every tile it repaints,
and a tile over a flat colour costs it next to nothing. One full repaint of a mid-game table at
1366 x 768 (``make bench-paint``: Chromium without a GPU, best of 3 rounds of 30) took, with
the gradients and then with these tiles: Tanbo 55 and 12 ms, Humble Tea Party 65 and 29 ms,
Storm in a Teacup 64 and 21 ms.

    python scripts/textures.py OUT_DIR
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from icons import write_pngs

Rgba = tuple[int, int, int, float]  # colour and opacity 0..1
Texel = Callable[[int, int], Rgba | None]  # the colour at (x, y), None where clear


def _over(top: Rgba, under: Rgba | None) -> Rgba:
    """``top`` composited over ``under`` (straight alpha)."""
    if under is None:
        return top
    shown = under[3] * (1 - top[3])  # how much of ``under`` shows through ``top``
    a = top[3] + shown
    r, g, b = ((t * top[3] + u * shown) / a for t, u in zip(top[:3], under[:3], strict=True))
    return (round(r), round(g), round(b), a)


def tatami(x: int, y: int) -> Rgba | None:
    """Rush woven over warp threads: pale stripes 2 px in 5 across, dark lines 1 px in 3 down."""
    under: Rgba | None = (90, 80, 30, 0.05) if y % 3 == 0 else None
    if x % 5 < 2:
        return _over((255, 255, 255, 0.07), under)
    return under


def washi(x: int, y: int) -> Rgba | None:
    """Long fibres 2 px in 8, leaning a little (8 px over the tile's 64 rows, so it repeats)."""
    return (150, 120, 80, 0.04) if (x + y // 8) % 8 < 2 else None


def paddy_paper(x: int, y: int) -> Rgba | None:
    """The Tanbo sheet's paper: upright fibres 2 px in 7."""
    return (120, 100, 50, 0.05) if x % 7 < 2 else None


def rush_mat(x: int, y: int) -> Rgba | None:
    """A Tanbo side's mat: a dark line 1 px in 5 down."""
    return (90, 80, 30, 0.07) if y % 5 == 0 else None


def wood(x: int, y: int) -> Rgba | None:
    """The grain of the tea-party table: a dark line 1 px in 4 across."""
    return (0, 0, 0, 0.03) if x % 4 == 0 else None


# (file name, tile size in px, texel): a size that is a multiple of every period in the texel,
# so that the tile repeats without a seam.
TEXTURES: tuple[tuple[str, int, Texel], ...] = (
    ("tatami.png", 15, tatami),
    ("washi.png", 64, washi),
    ("paddy-paper.png", 14, paddy_paper),
    ("rush-mat.png", 10, rush_mat),
    ("wood.png", 8, wood),
)


def draw(size: int, texel: Texel) -> bytes:
    """The tile's RGBA rows, each starting with its filter byte (none)."""
    rows = bytearray()
    for y in range(size):
        rows.append(0)
        for x in range(size):
            colour = texel(x, y)
            if colour is None:
                rows += b"\0\0\0\0"
            else:
                rows += bytes((*colour[:3], round(colour[3] * 255)))
    return bytes(rows)


def write_textures(out: Path) -> list[Path]:
    """Write every tile of :data:`TEXTURES` into ``out``; returns their paths."""
    return write_pngs(out, ((name, size, draw(size, texel)) for name, size, texel in TEXTURES))


if __name__ == "__main__":
    for p in write_textures(Path(sys.argv[1] if len(sys.argv) > 1 else "textures")):
        print(p)
