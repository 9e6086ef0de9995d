"""The command line: simulations print what designers need, and errors are clear."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pygames.__main__ import main
from pygames.simulate import seating, simulate
from tests import pilegame  # noqa: F401  (registers the "pile" test game)


def test_seats_alternate_between_games() -> None:
    assert seating(["a", "b"], 2, 0) == ["a", "b"]
    assert seating(["a", "b"], 2, 1) == ["b", "a"]
    assert seating(["a", "b", "c"], 4, 1) == ["b", "c", "a", "b"]


def test_simulate_counts_wins_with_shared_split_and_alternating_seats() -> None:
    # With a pile of 1 the first player always wins: alternating seats must split wins evenly.
    result = simulate("pile", 10, 0, ["random", "take-one"], options={"pile": 1})
    assert result["games"] == 10 and result["errors"] == 0
    assert result["wins_by_bot"] == {"random": 0.5, "take-one": 0.5}
    assert result["mean_turns"] == 1.0
    assert result["reasons"] == {"took the last stone": 10}
    assert result["games_per_second"] > 0


def test_simulate_reports_errors_instead_of_hiding_them() -> None:
    result = simulate("pile", 3, 0, ["random"], options={"pile": 30, "boom": True})
    assert result["errors"] > 0 and "boom" in result["error_samples"][0]


def test_cli_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["simulate", "pile", "--games", "6", "--seed", "2", "--bots", "random,take-one", "--json"]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    for key in ("games", "errors", "wins_by_bot", "mean_turns", "games_per_second"):
        assert key in out
    assert out["games"] == 6 and set(out["wins_by_bot"]) == {"random", "take-one"}
    assert sum(out["wins_by_bot"].values()) == pytest.approx(1.0)


def test_cli_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "pile", "--games", "4", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert "win share" in out and "games per second" in out and "errors            0" in out


def test_cli_refuses_unknown_game_and_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "chess", "--games", "1"]) == 2
    assert "Unknown game 'chess'" in capsys.readouterr().err
    assert main(["simulate", "pile", "--games", "1", "--bots", "nobody"]) == 2
    assert "no bot called 'nobody'" in capsys.readouterr().err


def test_python_dash_m_runs_tanbo_simulation() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pygames",
            "simulate",
            "tanbo",
            "--games",
            "20",
            "--seed",
            "5",
            "--bots",
            "random,greedy",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["games"] == 20 and out["errors"] == 0
    assert set(out["wins_by_bot"]) == {"random", "greedy"}
    assert sum(out["wins_by_bot"].values()) == pytest.approx(1.0)
    assert out["mean_turns"] > 0


def test_simulate_asks_optional_actors_and_the_awaited_seat() -> None:
    result = simulate("pile", 6, 0, ["take-one", "random", "random"], options={"cheer": True})
    assert result["errors"] == 0 and result["games"] == 6


def test_bench_prints_figures_and_ratios(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "tanbo", "--games", "2", "--json"]) == 0
    [figures] = json.loads(capsys.readouterr().out)
    assert figures["game"] == "tanbo" and figures["random_game_ms"] > 0
    for op in ("legal_actions", "view", "clone", "json_round_trip", "determinize"):
        assert figures[f"{op}_us"] > 0 and figures[f"{op}_vs_random_action"] > 0
    assert figures["normal_game_vs_random"] > 0
    assert main(["bench", "chess"]) == 2


def test_simulate_plays_every_level() -> None:
    # Bot levels: bot games through `simulate` accept Easy, Normal and Strong (and random).
    result = simulate("humble_tea_party", 1, 3, ["easy", "normal", "strong"])
    assert result["games"] == 1 and result["errors"] == 0, result
    assert set(result["wins_by_bot"]) == {"easy", "normal", "strong"}
    assert sum(result["wins_by_bot"].values()) == pytest.approx(1.0)
