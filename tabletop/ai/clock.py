"""The clock that caps a search's time: the wall clock in play, this process's CPU time when measuring.

A player's level is a time cap (0.8 s for normal, 2.6 s for hard) on the wall clock. An arena run on a
shared or busy machine would then measure the machine's load, not the level: a process that gets a
tenth of a core searches a tenth as deep. `count_cpu_time()` makes every search in this process read
`time.process_time` instead, so a capped level gets the depth a quiet core gives it, whatever the load
(`tabletop arena --cpu-clock`). The app never switches it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

_clock: Callable[[], float] = time.perf_counter


def now() -> float:
    """Seconds on the search clock (only differences mean anything)."""
    return _clock()


def count_cpu_time(on: bool = True) -> None:
    """From now on, searches in this process count CPU seconds (True) or wall seconds (False)."""
    global _clock
    _clock = time.process_time if on else time.perf_counter


def counts_cpu_time() -> bool:
    """Whether searches in this process count CPU seconds (the arena restores the caller's choice)."""
    return _clock is time.process_time
