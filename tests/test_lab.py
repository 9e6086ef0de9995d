"""The balance lab: studies, executors, rows, resume, summaries, figures, report."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

from pygames.core import MatchRecord
from pygames.games import get_game
from pygames.lab import StudyError, from_mapping, one_cell, run_study
from pygames.lab import rows as rowsio
from pygames.lab.executors import Dask, Local
from pygames.lab.play import Batch, play, record_of
from pygames.lab.run import batch_size, finished_rows
from pygames.lab.summary import cell_summary, summarise

# A small study with three games, several player counts, options and line-ups: about 60 games
# of random and Normal bots, a few seconds on one core.
STUDY = {
    "name": "ci",
    "games": 6,
    "seed": 11,
    "grid": [
        {"game": "tanbo", "players": 2, "bots": ["random,normal", "random"]},
        {
            "game": "humble_tea_party",
            "players": [3, 4],
            "bots": "normal,random",
            "options": [{}, {"no_chatting": True}],
        },
        {
            "game": "storm_in_a_teacup",
            "players": [2, 5],
            "bots": ["random,normal"],
            "rotate": False,
            "games": 4,
        },
    ],
}


def run(tmp: Path, name: str, executor: Local | Dask, **kw: object) -> bytes:
    out = tmp / name
    result = run_study(from_mapping(STUDY), out, executor, progress=io.StringIO(), **kw)
    assert result.complete and not result.interrupted and result.errors == 0
    return out.read_bytes()


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """The rows of STUDY played whole on one worker, in a file of the given suffix: made once
    a module (the reference every executor, resume and figure below is compared with or drawn
    from); no test writes to them."""
    made: dict[str, Path] = {}

    def rows(suffix: str) -> Path:
        if suffix not in made:
            where = tmp_path_factory.mktemp("whole")  # a folder each: each has its summary
            run(where, "rows" + suffix, Local(1))
            made[suffix] = where / ("rows" + suffix)
        return made[suffix]

    return rows


# --- studies ------------------------------------------------------------------------------------


def test_a_study_expands_its_grid_into_cells() -> None:
    study = from_mapping(STUDY)
    labels = [c.label() for c in study.cells]
    assert labels == [
        "tanbo 2p random,normal",
        "tanbo 2p random",
        "humble_tea_party 3p normal,random",
        'humble_tea_party 3p normal,random {"no_chatting": true}',
        "humble_tea_party 4p normal,random",
        'humble_tea_party 4p normal,random {"no_chatting": true}',
        "storm_in_a_teacup 2p random,normal",
        "storm_in_a_teacup 5p random,normal",
    ]
    assert study.games == 6 * 6 + 2 * 4
    # Seats rotate one a game (as `simulate` seats them) unless the grid fixes them.
    assert [study.cells[2].seats(i) for i in range(2)] == [
        ["normal", "random", "normal"],
        ["random", "normal", "random"],
    ]
    assert study.cells[7].seats(3) == ["random", "normal", "random", "normal", "random"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"grid": [{"game": "chess"}]}, r"grid\[0\].game: Unknown game 'chess'; choose from"),
        (
            {"grid": [{"game": "tanbo", "bots": ["random,strongest"]}]},
            r"grid\[0\].bots\[0\]: .*strongest",
        ),
        (
            {"grid": [{"game": "tanbo", "options": {"speed": 2}}]},
            r"grid\[0\].options\[0\]: .*speed",
        ),
        (
            {"grid": [{"game": "humble_tea_party", "players": [4, 7]}]},
            r"grid\[0\].players: 7 is out of range \(3 to 6\)",
        ),
        (
            {
                "grid": [
                    {"game": "humble_tea_party", "players": 3, "options": {"team_battle": True}}
                ]
            },
            r"grid\[0\].options\[0\]: Team Battle needs 4 or 6",
        ),
        ({"grid": [{"game": "tanbo", "player": 2}]}, r"grid\[0\].player: unknown field"),
        ({"gams": 4}, "gams: unknown field"),
        ({"games": 0}, r"games: 0 is out of range"),
        ({"grid": [{"game": "tanbo", "games": "ten"}]}, r"grid\[0\].games: expected a whole"),
        ({"grid": []}, "grid: a study needs"),
    ],
)
def test_a_bad_study_is_refused_naming_the_field(change: dict[str, object], message: str) -> None:
    with pytest.raises(StudyError, match=message):
        from_mapping({**STUDY, **change})


def test_the_command_line_refuses_a_bad_study_file_before_any_game(tmp_path: Path) -> None:
    study = tmp_path / "bad.toml"
    study.write_text(
        'games = 5\n[[grid]]\ngame = "tanbo"\nbots = ["random,normal"]\n'
        '[[grid]]\ngame = "storm_in_a_teacup"\nplayers = [2, 9]\n'
    )
    out = tmp_path / "rows.csv"
    done = subprocess.run(
        [sys.executable, "-m", "pygames", "lab", str(study), "--out", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "grid[1].players: 9 is out of range (2 to 6)" in done.stderr
    assert not out.exists()  # not even the first, valid grid ran


# --- rows, executors, resume -------------------------------------------------------------------


def test_local_workers_and_a_dask_local_cluster_give_identical_rows(
    tmp_path: Path, whole: Callable[[str], Path]
) -> None:
    one = whole(".csv").read_bytes()
    two = run(tmp_path, "two.csv", Local(2))
    dask = Dask(local=2)
    assert run(tmp_path, "dask.csv", dask) == one == two
    assert dask._cluster is None and dask._client is None  # the test's cluster was stopped
    # JSON Lines holds the same rows as CSV.
    assert rowsio.read(whole(".jsonl")) == rowsio.read(whole(".csv"))
    rows = rowsio.read(whole(".csv"))
    assert [rowsio.key(r) for r in rows] == sorted(rowsio.key(r) for r in rows)
    assert len(rows) == from_mapping(STUDY).games


def test_the_command_line_runs_a_study_with_dask_local(tmp_path: Path) -> None:
    args = [
        sys.executable,
        "-m",
        "pygames",
        "lab",
        "--game",
        "tanbo",
        "--players",
        "2",
        "--bots",
        "random,normal",
        "--games",
        "12",
        "--seed",
        "7",
    ]
    local = subprocess.run(
        [*args, "--out", str(tmp_path / "a.csv"), "--workers", "2"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "cell 0: tanbo 2p random,normal: 12 games, 0 errors" in local.stdout
    assert local.stderr == ""  # no progress bar when not on a terminal
    subprocess.run(
        [*args, "--out", str(tmp_path / "b.csv"), "--dask-local", "2", "--quiet"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert (tmp_path / "a.csv").read_bytes() == (tmp_path / "b.csv").read_bytes()
    summary = json.loads((tmp_path / "a.summary.json").read_text())
    assert summary["games"] == 12 and summary["errors"] == 0
    assert summary["summary"][0]["bots"]["normal"]["games"] == 12


class Stopping(Local):
    """Local, but Ctrl-C arrives after ``after`` batches."""

    def __init__(self, after: int) -> None:
        super().__init__(1)
        self.after = after

    def run(self, batches: Sequence[Batch]) -> Iterator[list[rowsio.Row]]:
        for n, rows in enumerate(super().run(batches)):
            if n == self.after:
                raise KeyboardInterrupt
            yield rows


@pytest.mark.parametrize("suffix", [".csv", ".jsonl"])
def test_a_resumed_study_gives_the_rows_of_an_uninterrupted_one(
    tmp_path: Path, suffix: str, whole: Callable[[str], Path]
) -> None:
    out = tmp_path / ("part" + suffix)
    study = from_mapping(STUDY)
    stopped = run_study(study, out, Stopping(5), progress=io.StringIO(), batch=2)
    assert stopped.interrupted and len(stopped.rows) == 10
    assert len(rowsio.read(out)) == 10
    # A stop while a row was being written leaves half a line: dropped and played again.
    with out.open("a") as f:
        f.write(rowsio.line_of(play("ci", study.cells[3], 0), suffix == ".csv")[:30])
    with pytest.raises(StudyError, match="exists: --resume continues it"):
        run_study(study, out, Local(1), progress=io.StringIO())
    resumed = run_study(study, out, Local(2), resume=True, progress=io.StringIO(), batch=3)
    assert resumed.resumed == 10 and resumed.played == study.games - 10 and resumed.complete
    assert out.read_bytes() == whole(suffix).read_bytes()


def test_resume_refuses_the_rows_of_another_study(whole: Callable[[str], Path]) -> None:
    other = from_mapping({**STUDY, "seed": 12})
    with pytest.raises(StudyError, match=r"row 1 is not from this study \(its seed is 11"):
        finished_rows(whole(".csv"), other)


def test_a_damaged_rows_file_is_refused_in_words(tmp_path: Path) -> None:
    path = tmp_path / "rows.csv"
    path.write_text(",".join(rowsio.FIELDS) + "\nci,0,zero\n")
    with pytest.raises(rowsio.RowsError, match="line 2: 3 columns"):
        rowsio.read(path)
    path.write_text("study,cell\n")
    with pytest.raises(rowsio.RowsError, match="line 1 is not this lab's header"):
        rowsio.read(path)


def test_small_games_are_batched_and_slow_bots_are_not() -> None:
    cells = from_mapping(
        {"games": 1000, "grid": [{"game": "tanbo", "bots": ["random,normal", "strong,normal"]}]}
    )
    assert batch_size(cells.cells[0], 1000, 2) == 25
    assert batch_size(cells.cells[0], 40, 2) == 3
    assert batch_size(cells.cells[1], 1000, 2) == 1
    assert batch_size(cells.cells[1], 1000, 2, fixed=7) == 7


# --- rows rebuild their games --------------------------------------------------------------------


@pytest.mark.parametrize("cell", [0, 3, 7])
def test_a_row_rebuilds_its_whole_game(cell: int) -> None:
    study = from_mapping(STUDY)
    row = play("ci", study.cells[cell], 2)
    record = MatchRecord.from_json(json.loads(json.dumps(record_of(row))))
    state = record.replay(get_game(row["game"]))
    outcome = state.outcome()
    assert outcome is not None
    assert (list(outcome.winners), list(outcome.scores)) == (row["winners"], row["scores"])
    assert state.turns_taken() == row["turns"]
    assert [s.bot for s in record.seats] == row["seats"]


def test_a_game_that_fails_is_an_error_row_with_its_record(monkeypatch: pytest.MonkeyPatch) -> None:
    from pygames.bots.base import RandomBot

    calls = {"n": 0}
    real = RandomBot.choose

    def failing(self: RandomBot, *args: object) -> object:
        calls["n"] += 1
        if calls["n"] == 9:
            raise RuntimeError("the bot fell over")
        return real(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(RandomBot, "choose", failing)
    study = one_cell("tanbo", [2], "random", 1, 5)
    row = play(study.name, study.cells[0], 0)
    assert row["error"].startswith("RuntimeError: the bot fell over")
    record = MatchRecord.from_json(row["record"])
    assert len(record.actions) == 8 == row["actions"]
    record.replay(get_game("tanbo"))  # the record holds the game up to the failure
    summary = cell_summary([row, {**row, "index": 1, "error": ""} | _won(0) | {"scores": [3, 0]}])
    assert summary["errors"] == 1 and summary["seats"][0]["games"] == 1
    assert summary["error_samples"][0]["error"].startswith("RuntimeError")


# --- summaries ----------------------------------------------------------------------------------


def _won(*winners: int, first: int = 0) -> dict[str, object]:
    return {
        "winners": list(winners),
        "shared": len(winners) > 1,
        "first": first,
        "reason": "r",
        "reason_text": "won",
        "scores": [0, 0, 0],
        "turns": 10,
        "actions": 20,
    }


def test_the_summary_counts_shares_seats_bots_and_the_first_player() -> None:
    base = {
        "study": "s",
        "cell": 0,
        "game": "humble_tea_party",
        "players": 3,
        "options": get_game("humble_tea_party").default_options(3),
        "seed": 1,
        "error": "",
        "record": None,
    }
    rows = [
        {**base, "index": 0, "seats": ["a", "b", "b"], **_won(0)},
        {**base, "index": 1, "seats": ["b", "a", "b"], **_won(1, 2, first=1)},
        {**base, "index": 2, "seats": ["b", "b", "a"], **_won(0, first=2)},
        {**base, "index": 3, "seats": ["a", "b", "b"], **_won(2), "turns": 30},
    ]
    s = summarise(rows)[0]
    assert [r["wins"] for r in s["seats"]] == [2.0, 0.5, 1.5]
    assert s["bots"]["a"] == {**s["bots"]["a"], "games": 4, "wins": 1.5, "rate": 0.375}
    assert s["bots"]["b"]["games"] == 8 and s["bots"]["b"]["wins"] == 2.5
    # The first player won games 0 and 1 (half of a shared win): 1.5 of 4.
    assert s["first_player"]["rate"] == 0.375
    assert s["first_player"]["advantage"] == round(0.375 - 1 / 3, 4)
    assert s["shared_wins"] == {"games": 1, "rate": 0.25}
    assert s["turns"]["mean"] == 15 and s["turns"]["max"] == 30
    low, high = s["seats"][0]["ci95"]
    assert low < 0.5 < high


# --- figures and the report -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def study_rows(whole: Callable[[str], Path]) -> list[rowsio.Row]:
    return rowsio.read(whole(".jsonl"))


@pytest.mark.parametrize("fmt", ["png", "svg"])
def test_figures_are_written_and_not_empty(
    study_rows: list[rowsio.Row], tmp_path: Path, fmt: str
) -> None:
    from pygames.lab import plots

    paths = plots.write(study_rows, tmp_path, fmt)
    assert [p.name for p in paths] == [f"{n}.{fmt}" for n in ("seats", "bots", "length", "scores")]
    for path in paths:
        data = path.read_bytes()
        assert data.startswith(b"\x89PNG") if fmt == "png" else b"<svg" in data
    if fmt == "png":
        import matplotlib.image

        for path in paths:
            pixels = matplotlib.image.imread(path)
            assert pixels.std() > 0.05, f"{path.name} is blank"
            assert pixels.shape[0] > 200 and pixels.shape[1] > 300
    else:  # bars, error bars and histogram patches were drawn
        assert all(path.read_text().count("<path") > 20 for path in paths)


def test_the_report_is_one_offline_html_file(study_rows: list[rowsio.Row], tmp_path: Path) -> None:
    from pygames.lab import report

    text = report.write(study_rows, tmp_path / "r.html", "ci <study>").read_text()
    assert text.count("data:image/png;base64,") == 4
    assert "ci &lt;study&gt;" in text and "<study>" not in text
    assert "Cell 7: storm_in_a_teacup 5p random,normal" in text
    # Nothing is fetched from anywhere: no src or href outside the file.
    assert "http" not in text.replace("http-equiv", "")
    assert 'src="' not in text.replace('src="data:', "")


def test_the_command_line_plots_reports_summarises_and_replays(tmp_path: Path) -> None:
    rows = tmp_path / "rows.csv"
    base = [sys.executable, "-m", "pygames", "lab"]
    subprocess.run(
        [
            *base,
            "--game",
            "storm_in_a_teacup",
            "--players",
            "3,4",
            "--bots",
            "random,normal",
            "--games",
            "4",
            "--out",
            str(rows),
            "--quiet",
            "--plots",
            str(tmp_path / "figs"),
            "--report",
            str(tmp_path / "r.html"),
        ],
        check=True,
        capture_output=True,
    )
    assert sorted(p.name for p in (tmp_path / "figs").iterdir()) == [
        "bots.png",
        "length.png",
        "scores.png",
        "seats.png",
    ]
    assert (tmp_path / "r.html").stat().st_size > 10_000
    done = subprocess.run(
        [*base, "summary", str(rows), "--json"], check=True, capture_output=True, text=True
    )
    assert [s["players"] for s in json.loads(done.stdout)] == [3, 4]
    done = subprocess.run(
        [*base, "replay", str(rows), "--cell", "1", "--game-index", "2"],
        check=True,
        capture_output=True,
        text=True,
    )
    record = json.loads(done.stdout)
    assert record["game"] == "storm_in_a_teacup" and len(record["seats"]) == 4
    done = subprocess.run(
        [*base, "replay", str(rows), "--cell", "1", "--game-index", "9"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "no game 9 in cell 1" in done.stderr


def test_the_benchmark_prints_its_figures() -> None:
    from pygames.lab.bench import bench, report

    settings = [{"game": "tanbo", "players": [2], "bots": "random,random", "games": 6, "seed": 1}]
    results = bench(settings, [1, 2], trials=1, dask=False)
    assert [(r["executor"], r["workers"]) for r in results] == [("local", 1), ("local", 2)]
    assert results[0]["x_local"] == 1.0 and results[0]["efficiency"] == 1.0
    assert all(r["games_per_second"] > 0 for r in results)
    assert "tanbo random,random x6" in report(results)


def test_ctrl_c_keeps_the_finished_rows_and_resume_completes_them(tmp_path: Path) -> None:
    import signal
    import time

    # 80 games: the run goes on for some seconds after its first 11 rows are in (room for the
    # signal to land mid-run on a busy machine), and the whole run and the stopped and resumed
    # one stay short; more games would only lengthen both.
    games = 80
    args = [
        sys.executable,
        "-m",
        "pygames",
        "lab",
        "--game",
        "tanbo",
        "--bots",
        "normal,random",
        "--games",
        str(games),
        "--seed",
        "3",
        "--batch",
        "2",
        "--workers",
        "2",
        "--quiet",
    ]
    subprocess.run([*args, "--out", str(tmp_path / "whole.csv")], check=True)
    out = tmp_path / "stopped.csv"
    # The run gets Ctrl-C's default action whatever this process inherited: a shell that starts
    # a job in the background without job control (nohup'd CI, say) makes its SIGINT ignored,
    # and an ignored SIGINT stays ignored through fork and exec, so Python would never raise
    # KeyboardInterrupt in it.
    proc = subprocess.Popen(
        [*args, "--out", str(out)],
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 120
    while (not out.exists() or out.read_text().count("\n") < 12) and proc.poll() is None:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert proc.poll() is None, "the run ended before it could be stopped"
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    kept = len(rowsio.read(out, tolerate_cut=True))
    assert f"stopped: {kept} of {games} games kept in {out}" in err and 10 <= kept < games
    subprocess.run([*args, "--out", str(out), "--resume"], check=True)
    assert out.read_bytes() == (tmp_path / "whole.csv").read_bytes()


def test_a_study_file_can_set_a_tanbo_custom_setup(tmp_path: Path) -> None:
    from pygames.lab import load

    ring = "[{snakes = 3}, {snakes = 1, rice = 1}, {snakes = 2}, {snakes = 2}, {snakes = 2}]"
    path = tmp_path / "setup.toml"
    path.write_text(
        f'games = 3\n[[grid]]\ngame = "tanbo"\nbots = ["normal,random"]\n'
        f"options = [{{}}, {{ setup = {{ paddies = [{ring}, {ring}] }} }}]\n"
    )
    study = load(path)
    assert study.name == "setup" and len(study.cells) == 2
    custom = study.cells[1].options["setup"]["paddies"][0]
    assert custom[1] == {"snakes": 1, "rice": 1}
    assert '"setup": {"paddies"' in study.cells[1].label()
    result = run_study(study, tmp_path / "rows.csv", Local(1), progress=io.StringIO())
    assert result.complete and result.errors == 0
    # The custom cell's games start from its paddies: their records replay from them.
    row = result.rows[-1]
    assert row["options"]["setup"]["paddies"][0][1] == {"snakes": 1, "rice": 1}
    MatchRecord.from_json(record_of(row)).replay(get_game("tanbo"))


def test_the_progress_bar_shows_on_a_terminal_only(tmp_path: Path) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    study = one_cell("tanbo", [2], "random", 6, 1)
    shown = Terminal()
    run_study(study, tmp_path / "a.csv", Local(1), progress=shown, batch=1)
    last = shown.getvalue().split("\r")[-1]
    assert last.startswith("[####################] 6/6 games") and "games/s" in last
    quiet = io.StringIO()
    run_study(study, tmp_path / "b.csv", Local(1), progress=quiet, batch=1)
    assert quiet.getvalue() == ""
