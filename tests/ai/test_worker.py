"""AIWorker: a warm process answers with a legal action, polls never block, cancel is immediate."""

from __future__ import annotations

import time

import pytest

from tabletop.ai.worker import AIRequest, AIWorker, AIWorkerError
from tests.ai.toy_game import GAME

REF = "tests.ai.toy_game:GAME"


def _request(level: str = "normal:100", seed: int = 7) -> AIRequest:
    state = GAME.new_state(3, {}, 5)
    seat = state.to_act()[0]
    return AIRequest(REF, level, state.view(seat), tuple(str(a) for a in state.legal_actions(seat)), seed)


def test_process_worker_returns_a_legal_action_and_cancels_quickly() -> None:
    request = _request()
    with AIWorker() as worker:
        assert worker.poll() is None  # nothing asked yet
        worker.submit(request)
        assert worker.busy
        answer = worker.wait(timeout=20)
        assert answer in request.legal
        assert not worker.busy and worker.poll() is None  # an answer is returned once

        worker.submit(_request("hard:100000000"))  # would think for minutes
        time.sleep(0.2)
        assert worker.poll() is None
        start = time.perf_counter()
        worker.cancel()
        assert time.perf_counter() - start < 1.0
        assert not worker.busy

        worker.submit(request)  # the fresh process serves the next request
        assert worker.wait(timeout=20) == answer  # same seed, fixed iterations: same choice


def test_sync_worker_has_the_same_interface() -> None:
    request = _request()
    worker = AIWorker(mode="sync")
    worker.warm(REF, "normal:100")
    worker.submit(request)
    answer = worker.poll()
    assert answer in request.legal
    assert worker.poll() is None
    worker.cancel()
    worker.close()
    with pytest.raises(AIWorkerError):
        worker.submit(request)


def test_errors_are_reported_not_swallowed() -> None:
    bad = AIRequest(REF, "normal:10", _request().view, ("not-an-action",), 1)
    with AIWorker(mode="sync") as worker, pytest.raises(AIWorkerError):
        worker.submit(bad)
    with AIWorker() as worker:
        worker.submit(bad)
        with pytest.raises(AIWorkerError, match="not a toy action"):
            worker.wait(timeout=20)
        worker.submit(_request())  # still serving after a failed request
        assert worker.wait(timeout=20) is not None


def test_bad_mode_refused() -> None:
    with pytest.raises(ValueError):
        AIWorker(mode="thread")


@pytest.mark.skipif(not hasattr(__import__("os"), "getpriority"), reason="POSIX priorities only")
def test_the_thinking_process_runs_below_the_table() -> None:
    """A search must not take the CPU the frame loop needs: the worker lowers its own priority."""
    import os

    from tabletop.ai.worker import THINKING_NICENESS

    request = _request()
    with AIWorker() as worker:
        worker.submit(request)
        assert worker.wait(timeout=20) in request.legal  # the process is up and serving
        mine = os.getpriority(os.PRIO_PROCESS, 0)
        theirs = os.getpriority(os.PRIO_PROCESS, worker._process.pid)
    assert theirs == min(19, mine + THINKING_NICENESS)
