"""Thinking off the frame loop: `AIWorker` runs an agent's choice in another process.

The UI submits an `AIRequest` (game, level, the seat's View, the legal action
texts, a seed) and calls `poll()` now and then (the table every 30 ms, as its `next_poll_in`
asks, while the app sleeps on input); it returns the chosen action
text when ready, else None. `cancel()` ends a search at once by terminating the
process (searches hold no resources worth saving) and starts a fresh one, so one
warm process serves a whole table and the next move pays no spawn cost.

The process is made with the "spawn" context (safe next to pygame on every OS)
and talks over a `multiprocessing.Pipe`: no threads on our side. Messages are
plain picklable dataclasses; this is IPC, not a save format.

`mode="sync"` thinks in the caller's thread inside `submit()` with the same
interface: for tests and the selftest, which want full speed and no processes.
The app's entry point must guard its start-up with `if __name__ == "__main__"`
(spawn re-imports the main module) and call `multiprocessing.freeze_support()`
when frozen by PyInstaller.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import sys
import time
import traceback
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from tabletop.ai.advice import MoveAdvice, advise
from tabletop.ai.agent import Agent
from tabletop.ai.levels import load_game, make_agent
from tabletop.ai.review import Decision, MoveReview, review_decision
from tabletop.engine.core import View


class AIWorkerError(RuntimeError):
    """The agent failed (the message carries the worker's traceback) or its process died."""


@dataclass(frozen=True)
class AIRequest:
    game: str  # registry id, or "module:attribute" for games registered nowhere (tests)
    level: str  # see tabletop.ai.levels
    view: View
    legal: tuple[str, ...]  # the seat's legal actions, as text
    seed: int
    budget: float | None = None  # seconds; None = the level's own caps
    advice: bool = False  # answer with the explained top moves (tabletop.ai.advice) instead of one action text
    review: Decision | None = None  # answer with this decision searched again (tabletop.ai.review.MoveReview)


class _Thinker:
    """Makes agents once per (game, level) and answers requests; lives in the worker."""

    def __init__(self) -> None:
        self._agents: dict[tuple[str, str], Agent] = {}

    def agent(self, game_ref: str, level: str) -> Agent:
        key = (game_ref, level)
        if key not in self._agents:
            self._agents[key] = make_agent(load_game(game_ref), level)
        return self._agents[key]

    def think(self, request: AIRequest) -> str | list[MoveAdvice] | MoveReview:
        game = load_game(request.game)
        if request.review is not None:
            return review_decision(game, request.review, request.seed, request.level)
        legal = [game.parse_action(text) for text in request.legal]
        if not legal:
            raise ValueError("no legal action to choose from")
        if request.advice:
            return advise(game, request.level, request.view, legal, random.Random(request.seed), request.budget)
        agent = self.agent(request.game, request.level)
        action = agent.choose(request.view, legal, random.Random(request.seed), request.budget)
        return str(action)


# How much lower the thinking process runs than the table. A search is capped by the clock, so it
# loses only what the frame loop needed; on a two-core laptop the table's frames then never wait
# for a search (bench/RESULTS.md measures the table's frames while the hard AI thinks).
THINKING_NICENESS = 10
_BELOW_NORMAL_PRIORITY_CLASS = 0x4000  # Windows' SetPriorityClass value for "below normal"


def think_below_the_table() -> None:
    """Lower this process's CPU priority under the app's; best effort, never fatal."""
    try:
        if hasattr(os, "nice"):
            os.nice(THINKING_NICENESS)
        elif sys.platform == "win32":
            import ctypes

            kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
            kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), _BELOW_NORMAL_PRIORITY_CLASS)
    except OSError:
        pass  # a sandbox that forbids it: thinking at the table's priority still works


def _serve(conn: Connection) -> None:
    """The worker process: answer (ticket, request) messages until None or a closed pipe."""
    think_below_the_table()
    thinker = _Thinker()
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        kind, ticket, payload = message
        try:
            if kind == "warm":
                thinker.agent(*payload)
                continue
            conn.send((ticket, True, thinker.think(payload)))
        except Exception:  # report, keep serving: one bad request must not kill the table's AI
            conn.send((ticket, False, traceback.format_exc()))


class AIWorker:
    """One agent at a time, off the caller's thread (mode "process") or in it (mode "sync")."""

    def __init__(self, mode: str = "process") -> None:
        if mode not in ("process", "sync"):
            raise ValueError(f"AIWorker mode must be 'process' or 'sync', not {mode!r}")
        self.mode = mode
        self._ctx = multiprocessing.get_context("spawn")
        self._process: Any = None
        self._conn: Connection | None = None
        self._ticket = 0
        self._pending = False
        self._answer: Any = None
        self._thinker = _Thinker() if mode == "sync" else None
        self._closed = False
        if mode == "process":
            self._start()

    # -- process management ---------------------------------------------------------------------

    def _start(self) -> None:
        parent, child = self._ctx.Pipe(duplex=True)
        process = self._ctx.Process(target=_serve, args=(child,), name="tabletop-ai", daemon=True)
        process.start()
        child.close()
        self._process, self._conn = process, parent

    def _stop(self) -> None:
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if process is not None and process.is_alive():
            process.terminate()
            process.join(timeout=1.0)
            if process.is_alive():
                process.kill()
                process.join(timeout=1.0)
        if conn is not None:
            conn.close()

    # -- the interface ---------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """A request is being thought about and its answer not yet collected."""
        return self._pending

    def warm(self, game: str, level: str) -> None:
        """Load the game and build its agent ahead of the first request (optional)."""
        if self.mode == "sync":
            assert self._thinker is not None
            self._thinker.agent(game, level)
            return
        if self._conn is None:
            self._start()
        assert self._conn is not None
        self._conn.send(("warm", 0, (game, level)))

    def submit(self, request: AIRequest) -> None:
        """Start thinking about `request`; a request still running is cancelled first."""
        if self._closed:
            raise AIWorkerError("the AI worker is closed")
        if self._pending:
            self.cancel()
        self._ticket += 1
        self._pending = True
        if self.mode == "sync":
            assert self._thinker is not None
            try:
                self._answer = self._thinker.think(request)
            except Exception as exc:
                self._pending = False
                raise AIWorkerError(traceback.format_exc()) from exc
            return
        if self._conn is None:
            self._start()
        assert self._conn is not None
        self._conn.send(("think", self._ticket, request))

    def poll(self) -> Any:
        """The answer once ready (returned once), else None; never blocks.

        The chosen action's text, for an advice request the list of MoveAdvice, for a review request its MoveReview.
        """
        if not self._pending:
            return None
        if self.mode == "sync":
            self._pending = False
            answer, self._answer = self._answer, None
            return answer
        conn = self._conn
        assert conn is not None
        try:
            while conn.poll(0):
                ticket, ok, payload = conn.recv()
                if ticket != self._ticket:
                    continue  # an answer to a request that was replaced
                self._pending = False
                if not ok:
                    raise AIWorkerError(payload)
                return payload
        except (EOFError, OSError):
            self._pending = False
            self._stop()
            raise AIWorkerError("the AI process stopped unexpectedly") from None
        if not self._process.is_alive():
            self._pending = False
            self._stop()
            raise AIWorkerError("the AI process stopped unexpectedly")
        return None

    def wait(self, timeout: float | None = None) -> Any:
        """Block until the answer is ready (tools and tests; the UI polls instead)."""
        deadline = None if timeout is None else time.perf_counter() + timeout
        while self._pending and self.mode == "process" and self._conn is not None:
            left = None if deadline is None else max(0.0, deadline - time.perf_counter())
            if self._conn.poll(left):
                answer = self.poll()
                if answer is not None:
                    return answer
            elif deadline is not None:
                return None
        return self.poll()

    def cancel(self) -> None:
        """Drop the current request at once; the process is replaced by a fresh, idle one."""
        self._pending = False
        self._answer = None
        if self.mode == "process" and not self._closed:
            self._stop()
            self._start()

    def close(self) -> None:
        """End the worker process (idempotent)."""
        if self._closed:
            return
        self._closed = True
        self._pending = False
        if self.mode == "process":
            if self._conn is not None and self._process is not None and self._process.is_alive():
                try:
                    self._conn.send(None)
                except OSError:
                    pass
                self._process.join(timeout=0.5)
            self._stop()

    def abandon(self) -> None:
        """End the worker at once, dropping a search under way (close() would let it finish for up to 0.5 s)."""
        if self._pending and self.mode == "process":
            self._closed = True
            self._pending = False
            self._stop()
        self.close()

    def __enter__(self) -> AIWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
