"""The runnable examples in every docstring of the package stay true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import pygames

MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(pygames.__path__, "pygames.")
    if m.name != "pygames.__main__"
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0


def test_the_public_modules_have_examples() -> None:
    with_examples = [
        name
        for name in MODULES
        if doctest.DocTestFinder().find(importlib.import_module(name))
        and any(t.examples for t in doctest.DocTestFinder().find(importlib.import_module(name)))
    ]
    for name in ("pygames.core.rng", "pygames.core.actions", "pygames.bridge", "pygames.tanbo"):
        assert name in with_examples
