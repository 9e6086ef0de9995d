"""The tables' texture tiles (scripts/textures.py): each one repeats without a seam, is a
valid PNG of its size, and the style sheets use exactly the tiles the build draws."""

from __future__ import annotations

import re
import struct
import sys
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import textures  # noqa: E402


@pytest.mark.parametrize(
    ("name", "size", "texel"), [pytest.param(*t, id=t[0]) for t in textures.TEXTURES]
)
def test_a_tile_repeats_without_a_seam(name: str, size: int, texel: textures.Texel) -> None:
    # The texel is a pattern over the whole plane: the tile is one period of it in each
    # direction, so the tile laid next to itself continues it.
    for y in range(size):
        for x in range(size):
            assert texel(x, y) == texel(x + size, y) == texel(x, y + size), (name, x, y)
    assert any(texel(x, y) for x in range(size) for y in range(size)), f"{name} is blank"


def test_the_tiles_are_pngs_of_their_size(tmp_path: Path) -> None:
    written = textures.write_textures(tmp_path)
    assert [p.name for p in written] == [name for name, _, _ in textures.TEXTURES]
    for path, (_, size, texel) in zip(written, textures.TEXTURES, strict=True):
        data = path.read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
        width, height, depth, kind = struct.unpack(">IIBB", data[16:26])
        assert (width, height, depth, kind) == (size, size, 8, 6)  # 8-bit RGBA
        idat = data.index(b"IDAT")
        length = struct.unpack(">I", data[idat - 4 : idat])[0]
        rows = zlib.decompress(data[idat + 4 : idat + 4 + length])
        assert rows == textures.draw(size, texel)
        # A translucent overlay: the theme's colour shows through everywhere.
        stride = 1 + 4 * size  # a filter byte, then RGBA
        alphas = [rows[y * stride + 4 + 4 * x] for y in range(size) for x in range(size)]
        assert max(alphas) < 64, path.name


def test_the_style_sheets_use_exactly_the_tiles_the_build_draws() -> None:
    used = set()
    for sheet in (ROOT / "web" / "css").glob("*.css"):
        used |= set(re.findall(r"url\(\.\./textures/([\w-]+\.png)\)", sheet.read_text()))
    assert used == {name for name, _, _ in textures.TEXTURES}
