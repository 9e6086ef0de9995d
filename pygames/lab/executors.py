"""Where a study's batches run: a process pool on this machine, or a Dask cluster.

Both run :func:`pygames.lab.play.play_batch` on batches and hand back each batch's rows as it
finishes (in any order: the rows say where they belong). A game's row depends only on its cell
and index, so the rows are the same whatever runs them.

- :class:`Local` (the default): ``workers`` processes of this machine; one worker plays in this
  process, with no pool to start.
- :class:`Dask` (``pip install 'pygames[lab]'``): a running cluster (``tcp://host:8786``) or a
  ``distributed.LocalCluster`` of ``workers`` processes on 127.0.0.1, started and stopped here.
  Every worker must have this very version of pygames installed; :meth:`Dask.start` checks.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import signal
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol

from .. import __version__
from .play import Batch, play_batch
from .rows import Row


class ExecutorError(RuntimeError):
    """An executor that cannot run (Dask missing, a cluster not reachable or out of date)."""


class Executor(Protocol):
    """What the study runner needs of an executor."""

    workers: int

    def start(self) -> None:
        """Get ready (start processes, connect)."""

    def run(self, batches: Sequence[Batch]) -> Iterator[list[Row]]:
        """Each batch's rows as it finishes."""

    def stop(self) -> None:
        """Stop at once: batches not finished are dropped, processes ended."""


def _ignore_interrupt() -> None:
    # Ctrl-C reaches the whole process group: the workers leave it to the parent, which ends
    # them, so that a stop never shows a traceback per worker.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Local:
    """A process pool of ``workers`` processes on this machine (1: this process alone)."""

    def __init__(self, workers: int = 1) -> None:
        if workers < 1:
            raise ExecutorError("--workers must be 1 or more")
        self.workers = workers
        self._pool: Any = None

    def start(self) -> None:
        """Start the pool (nothing for one worker)."""
        if self.workers > 1 and self._pool is None:
            self._pool = multiprocessing.get_context().Pool(self.workers, _ignore_interrupt)

    def run(self, batches: Sequence[Batch]) -> Iterator[list[Row]]:
        """Each batch's rows as it finishes."""
        if self._pool is None:
            for batch in batches:
                yield play_batch(batch)
            return
        yield from self._pool.imap_unordered(play_batch, batches, chunksize=1)

    def stop(self) -> None:
        """End the workers now."""
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None


def code_digest() -> str:
    """The pygames version and a hash of its sources (the lab's own left out): what a worker
    must share with this machine for its rows to be this machine's rows."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root)
        if relative.parts[0] != "lab":
            digest.update(relative.as_posix().encode() + b"\0" + path.read_bytes())
    return f"{__version__} ({digest.hexdigest()[:12]})"


class Dask:
    """A Dask cluster: ``scheduler`` (an address) or a local cluster of ``local`` workers."""

    def __init__(self, scheduler: str | None = None, local: int | None = None) -> None:
        if (scheduler is None) == (local is None):
            raise ExecutorError("Dask needs either --scheduler ADDRESS or --dask-local N")
        if local is not None and local < 1:
            raise ExecutorError("--dask-local must be 1 or more")
        self.scheduler = scheduler
        self.local = local
        self.workers = local or 0
        self._cluster: Any = None
        self._client: Any = None
        self._futures: list[Any] = []

    def start(self) -> None:
        """Start the local cluster or connect to the scheduler, and check the workers' pygames."""
        if self._client is not None:
            return
        try:
            import logging

            from distributed import Client, LocalCluster
        except ImportError:
            raise ExecutorError(
                "the dask executor needs Dask: pip install 'pygames[lab]'"
            ) from None
        try:
            if self.local is not None:
                self._cluster = LocalCluster(
                    n_workers=self.local,
                    threads_per_worker=1,
                    processes=True,
                    host="127.0.0.1",
                    dashboard_address=None,
                    silence_logs=logging.ERROR,
                )
                self._client = Client(self._cluster)
            else:
                self._client = Client(self.scheduler, timeout="20s")
        except (OSError, TimeoutError) as exc:
            self.stop()
            raise ExecutorError(
                f"cannot reach the Dask scheduler {self.scheduler}: {exc}"
            ) from None
        versions = self._client.run(code_digest)
        self.workers = len(versions)
        if not versions:
            self.stop()
            raise ExecutorError(f"the Dask cluster {self.scheduler} has no workers")
        here = code_digest()
        wrong = {w: v for w, v in versions.items() if v != here}
        if wrong:
            self.stop()
            worker, version = next(iter(wrong.items()))
            raise ExecutorError(
                f"Dask worker {worker} runs pygames {version}, this machine {here}: install "
                "the same pygames on every worker"
            )

    def run(self, batches: Sequence[Batch]) -> Iterator[list[Row]]:
        """Each batch's rows as it finishes."""
        from distributed import as_completed

        self._futures = self._client.map(play_batch, list(batches), pure=False)
        for future in as_completed(self._futures):
            rows: list[Row] = future.result()
            future.release()
            yield rows
        self._futures = []

    def stop(self) -> None:
        """Cancel what is left, disconnect, and stop a local cluster."""
        if self._client is not None:
            if self._futures:
                self._client.cancel(self._futures)
                self._futures = []
            self._client.close()
            self._client = None
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None


__all__ = ["Dask", "Executor", "ExecutorError", "Local"]
