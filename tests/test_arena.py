"""The arena: seats rotated, Wilson's interval, the same results for any number of workers, and
the command line's JSON."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

from pygames.arena import arena, wilson
from pygames.core import BadOptions


def test_wilson_matches_the_formula_and_its_edges() -> None:
    low, high = wilson(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    low, high = wilson(0, 20)
    assert low == 0.0 and 0.16 < high < 0.17  # the exact 95 % upper bound is 0.161
    low, high = wilson(20, 20)
    assert high == 1.0 and 0.83 < low < 0.84
    low, high = wilson(50, 100)
    assert math.isclose(low + high, 1.0) and 0.40 < low < 0.41
    assert wilson(0, 0) == (0.0, 1.0)


def test_seats_rotate_and_shares_add_up() -> None:
    r = arena("humble_tea_party", 3, "easy", "random", games=6, seed=2)
    assert r["games"] == 6 and r["fair_share"] == round(1 / 3, 4)
    assert [row["games"] for row in r["per_seat"]] == [2, 2, 2]
    assert r["a_win_rate"] == round(r["a_wins"] / 6, 4)
    low, high = r["ci95"]
    assert 0.0 <= low <= r["a_win_rate"] <= high <= 1.0
    assert r["a_moves"] > 0 and r["a_max_ms_per_move"] >= r["a_ms_per_move"] > 0


def test_results_do_not_depend_on_the_workers() -> None:
    one = arena("tanbo", 2, "easy", "random", games=4, seed=5)
    two = arena("tanbo", 2, "easy", "random", games=4, seed=5, workers=2)
    timing = ("a_ms_per_move", "a_max_ms_per_move", "workers")
    assert {k: v for k, v in one.items() if k not in timing} == {
        k: v for k, v in two.items() if k not in timing
    }


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(BadOptions):
        arena("tanbo", 2, "strongest", "normal", games=2, seed=0)
    with pytest.raises(BadOptions):
        arena("tanbo", 2, "easy", "normal", games=0, seed=0)
    with pytest.raises(BadOptions):
        arena("tanbo", 3, "easy", "normal", games=2, seed=0)


def test_the_command_prints_the_fields() -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pygames",
            "arena",
            "storm_in_a_teacup",
            "--players",
            "3",
            "--a",
            "normal",
            "--b",
            "random",
            "--games",
            "3",
            "--seed",
            "1",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    r = json.loads(out)
    for key in (
        "games",
        "a_win_rate",
        "ci95",
        "fair_share",
        "a_ms_per_move",
        "a_max_ms_per_move",
        "per_seat",
    ):
        assert key in r
    assert r["games"] == 3 and len(r["ci95"]) == 2 and r["fair_share"] == round(1 / 3, 4)
    text = subprocess.run(
        [
            sys.executable,
            "-m",
            "pygames",
            "arena",
            "tanbo",
            "--a",
            "easy",
            "--b",
            "random",
            "--games",
            "2",
            "--seed",
            "1",
            "--budget",
            "0.01",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "A win rate" in text and "95 % CI" in text and "fair share" in text
