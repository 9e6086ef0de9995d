#!/usr/bin/env python3
"""Draw the app's icons as PNG files (standard library only): the favicon's rice grain in its
paddy ring, on washi paper. The SVG favicon is the source of the design; browsers that install
the site as an app want bitmaps too (192 and 512 px, and a "maskable" one whose art keeps to
the central safe zone because the launcher may crop it to a circle).

Shapes are drawn from signed distances, so edges are anti-aliased without supersampling.

    python scripts/icons.py OUT_DIR
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path

Colour = tuple[int, int, int]
PAPER: Colour = (0xF3, 0xEA, 0xD8)
MOSS: Colour = (0x6B, 0x8F, 0x4E)
GOLD: Colour = (0xD9, 0xA4, 0x41)

# (file name, size in px, maskable): what the web app manifest lists.
ICONS = (
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("icon-maskable-512.png", 512, True),
)


def _round_rect(px: float, py: float, half: float, radius: float) -> float:
    qx, qy = abs(px) - half + radius, abs(py) - half + radius
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - radius


def _ellipse(px: float, py: float, rx: float, ry: float) -> float:
    # An approximation good to a fraction of a pixel for mildly elongated ellipses.
    k = math.hypot(px / rx, py / ry)
    return (k - 1.0) * min(rx, ry)


def _segment(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


ART_RADIUS = 26.0  # every shape but the paper lies within this distance of the centre


def _scale(maskable: bool) -> float:
    return 0.72 if maskable else 1.0  # the maskable art keeps inside the 80 % safe circle


def _layers(maskable: bool) -> list[tuple[Callable[[float, float], float], Colour]]:
    """The favicon's shapes in its 64-unit square, centred on (0, 0); distances in units."""
    scale = _scale(maskable)
    s = 1 / scale

    def ring(x: float, y: float) -> float:
        return (abs(math.hypot(x * s, y * s) - 22) - 2.5) * scale

    def grain(x: float, y: float) -> float:
        return _ellipse(x * s, y * s + 2, 7, 10) * scale

    def stem(x: float, y: float) -> float:
        return (_segment(x * s, y * s, 0, 8, 0, 20) - 2) * scale

    def paper(x: float, y: float) -> float:
        return -1.0 if maskable else _round_rect(x, y, 32, 12)

    return [(paper, PAPER), (ring, MOSS), (grain, GOLD), (stem, MOSS)]


def draw(size: int, maskable: bool) -> bytes:
    """The icon as RGBA rows, ``size`` x ``size``."""
    layers = _layers(maskable)
    reach = ART_RADIUS * _scale(maskable)
    unit = 64 / size  # icon units per pixel
    rows = bytearray()
    for j in range(size):
        rows.append(0)  # PNG filter: none
        y = (j + 0.5) * unit - 32
        for i in range(size):
            x = (i + 0.5) * unit - 32
            r = g = b = 0.0
            a = 0.0
            # Far from the centre only the paper is there: skip the art's distances.
            todo = layers if math.hypot(x, y) < reach else layers[:1]
            for shape, colour in todo:
                cover = min(1.0, max(0.0, 0.5 - shape(x, y) / unit))
                if cover <= 0.0:
                    continue
                # "over" compositing, premultiplied
                r = colour[0] * cover + r * (1 - cover)
                g = colour[1] * cover + g * (1 - cover)
                b = colour[2] * cover + b * (1 - cover)
                a = cover + a * (1 - cover)
            if a > 0:
                rows += bytes((round(r / a), round(g / a), round(b / a), round(a * 255)))
            else:
                rows += b"\0\0\0\0"
    return bytes(rows)


def png(size: int, rgba_rows: bytes) -> bytes:
    """A PNG file of 8-bit RGBA rows (each starting with its filter byte)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rgba_rows, 9))
        + chunk(b"IEND", b"")
    )


def write_pngs(out: Path, images: Iterable[tuple[str, int, bytes]]) -> list[Path]:
    """Write each ``(file name, size, RGBA rows)`` of ``images`` into ``out`` as a square PNG;
    returns their paths."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, size, rows in images:
        path = out / name
        path.write_bytes(png(size, rows))
        written.append(path)
    return written


def write_icons(out: Path) -> list[Path]:
    """Write every icon of :data:`ICONS` into ``out``; returns their paths."""
    return write_pngs(out, ((name, size, draw(size, mask)) for name, size, mask in ICONS))


if __name__ == "__main__":
    for p in write_icons(Path(sys.argv[1] if len(sys.argv) > 1 else "icons")):
        print(p)
