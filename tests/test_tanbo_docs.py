"""The runnable examples in the Tanbo docstrings stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "pygames.tanbo",
    "pygames.tanbo.tokens",
    "pygames.tanbo.field",
    "pygames.tanbo.actions",
    "pygames.tanbo.setup",
    "pygames.tanbo.state",
    "pygames.tanbo.game",
    "pygames.tanbo.position",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
