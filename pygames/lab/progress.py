"""A one-line progress bar on a terminal: games done, games per second, time left.

Quiet when the stream is not a terminal (a log file, CI), so that files stay readable.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO


def _duration(seconds: float) -> str:
    seconds = max(0, int(seconds + 0.5))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}h{minutes:02d}m"
    if minutes:
        return f"{minutes}m{secs:02d}s"
    return f"{secs}s"


class Progress:
    """``update(n)`` as games finish; ``close()`` ends the line.

    >>> import io
    >>> p = Progress(10, io.StringIO(), enabled=True, clock=iter([0.0, 2.0]).__next__)
    >>> p.line(4)
    '[########            ]  4/10 games  2.0 games/s  3s left'
    """

    WIDTH = 20

    def __init__(
        self,
        total: int,
        stream: TextIO,
        enabled: bool | None = None,
        clock: Callable[[], float] = time.monotonic,
        done: int = 0,
    ) -> None:
        self.total = total
        self.stream = stream
        self.enabled = stream.isatty() if enabled is None else enabled
        self._clock = clock
        self._started = self._now()
        self._first = done  # games finished before this run (a resumed study)
        self.done = done
        self._shown = 0.0

    def _now(self) -> float:
        return self._clock()

    def line(self, done: int) -> str:
        """The bar for ``done`` games."""
        elapsed = self._now() - self._started
        new = done - self._first
        rate = new / elapsed if elapsed > 0 else 0.0
        filled = self.WIDTH * done // self.total if self.total else self.WIDTH
        left = f"{_duration((self.total - done) / rate)} left" if rate > 0 else "-"
        width = len(str(self.total))
        return (
            f"[{'#' * filled}{' ' * (self.WIDTH - filled)}] {done:>{width}}/{self.total} games"
            f"  {rate:.1f} games/s  {left}"
        )

    def update(self, games: int) -> None:
        """``games`` more finished."""
        self.done += games
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._shown >= 0.2 or self.done >= self.total:
            self._shown = now
            self.stream.write("\r" + self.line(self.done) + "\x1b[K")
            self.stream.flush()

    def close(self) -> None:
        """End the bar's line."""
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


__all__ = ["Progress"]
