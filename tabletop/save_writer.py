"""Writes saves off the frame loop: a background thread that keeps only the newest text per file.

A table saves after every move. Writing (and fsync-ing) in the frame that applies the move cost
that frame several milliseconds, more on a busy disk, so the table hands the text to this writer
and goes on drawing. The text is made on the caller's thread (a snapshot: later moves cannot
change it); the thread writes it atomically (`engine.atomic`), so a reader sees the previous save
or this one, never half of one. When several saves of one file are waiting, only the newest is
written: each one holds the whole game, so nothing is lost by skipping the older ones.

`later(key, make)` goes one step further for the app: `make` (which builds the text and hands it over)
runs at the next `pump()`, which the app calls once the frame that applied a move is on screen, so the
busiest frame of all does not also build the save (up to ~2.5 ms for a long game). It runs on the
caller's thread: a JSON encoder in the writer thread would hold the interpreter lock against the frame.

`flush()` makes what `later` left waiting, then waits until everything handed over is on disk: the table calls it when
it is left, the app when it quits, and an `atexit` hook when the interpreter ends; tests call it before they read a
save. Failures are kept for the caller (`failures()`), who shows them: the writer never raises.
"""

from __future__ import annotations

import atexit
import threading
from collections.abc import Callable, Hashable
from pathlib import Path

from tabletop.engine.atomic import write_text_atomic

Job = Callable[[], None]


class SaveWriter:
    def __init__(self) -> None:
        self._pending: dict[Path, Job] = {}  # file -> the newest job for it (insertion order = order to run)
        self._busy = 0  # jobs taken by the thread and not finished yet
        self._failures: list[Exception] = []
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._later: dict[Hashable, Job] = {}  # key -> the newest job to run at the next pump (caller's thread)

    def later(self, key: Hashable, make: Job) -> None:
        """Run `make` at the next `pump()` or `flush()`, on the caller's thread; a waiting job of the same
        key is replaced (a save made later holds every move made until then)."""
        self._later.pop(key, None)
        self._later[key] = make

    def pump(self) -> None:
        """Run the jobs `later` left waiting, oldest first; their failures are kept like the writer's."""
        while self._later:
            key = next(iter(self._later))
            error = _run(self._later.pop(key))
            if error is not None:
                with self._cond:
                    self._failures.append(error)

    def write_text(self, path: Path, text: str) -> None:
        """Write `text` to `path` atomically, soon; replaces a not yet started write of the same file."""
        self.submit(Path(path), lambda: write_text_atomic(path, text))

    def submit(self, path: Path, job: Job) -> None:
        """Run `job` (something that writes or removes `path`) on the writer thread; a job for the same
        path that has not started yet is dropped in favour of this one (they run in order otherwise)."""
        with self._cond:
            self._pending.pop(path, None)  # the newest goes last: after any other file handed over before it
            self._pending[path] = job
            self._start()
            self._cond.notify_all()

    def flush(self) -> None:
        """Wait until every job handed over so far has run (those `later` left waiting are run first)."""
        self.pump()
        with self._cond:
            while self._pending or self._busy:
                if self._thread is None or not self._thread.is_alive():
                    self._run_pending_here()  # no thread (it died with the interpreter): write them now
                    continue
                self._cond.wait(0.05)

    def pending(self) -> int:
        """Jobs not finished yet (a seam for tests and benches)."""
        with self._cond:
            return len(self._later) + len(self._pending) + self._busy

    def failures(self) -> list[Exception]:
        """The errors of jobs that failed since the last call (each reported once)."""
        with self._cond:
            failed, self._failures = self._failures, []
        return failed

    # ----- the thread ------------------------------------------------------------------------------------
    def _start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._loop, name="tabletop-save-writer", daemon=True)
            self._thread.start()

    def _take(self) -> Job:
        path = next(iter(self._pending))
        self._busy += 1
        return self._pending.pop(path)

    def _finish(self, error: Exception | None) -> None:
        self._busy -= 1
        if error is not None:
            self._failures.append(error)
        self._cond.notify_all()

    def _loop(self) -> None:
        while True:
            with self._cond:
                while not self._pending:
                    self._cond.wait()
                job = self._take()
            error = _run(job)
            with self._cond:
                self._finish(error)

    def _run_pending_here(self) -> None:
        while self._pending:
            job = self._take()
            self._finish(_run(job))


def _run(job: Job) -> Exception | None:
    try:
        job()
    except Exception as exc:  # kept for the caller to show; a writer thread must not die of one bad disk
        return exc
    return None


saves = SaveWriter()  # the app's one writer: every save of a game in progress goes through it
atexit.register(saves.flush)  # daemon threads keep running during atexit: the last move is written
