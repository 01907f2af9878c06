"""Soak: fuzzed record files must be refused with RecordError, never crash with anything else.

Hypothesis mutates real records of every game: truncated text, reordered and
dropped actions, edited action texts and seats, fields of the wrong type, huge
numbers (and integers too long for Python's int parser), deep nesting, random
bytes. A mutation may by chance still be a valid game (reordered simultaneous
bids, an edit to another legal move); then it must load and replay the same way
twice. Anything other than a clean load or a RecordError is a failure.
"""

from __future__ import annotations

import copy
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.engine import registry
from tabletop.engine.records import Record, RecordError, Seat, load_record
from tests.conformance import random_playout
from tests.soak.budget import Budget, report

pytestmark = pytest.mark.slow

FIELDS = ("format", "format_version", "game", "version", "players", "options", "seed", "seats", "actions", "meta")
WRONG_VALUES = [None, True, 1.5, -1, 0, 10**40, -(10**40), "", "x" * 300, [], [[]], {}, {"a": 1}, [1, "a"],
                float("inf")]


def base_records() -> list[dict]:
    out = []
    for game in registry.available_games():
        players = game.players.start if game.players.start > 1 else 2
        _, actions = random_playout(game, players, {}, seed=11, choice_seed=5)
        record = Record(game.id, players, 11, game.resolve_options({}),
                        [Seat(f"P{i + 1}", "random") for i in range(players)], actions, game.version)
        out.append(record.to_json())
    return out


BASES = base_records()


def _text_mutations(draw, text: str) -> str:
    kind = draw(st.sampled_from(["number", "chars", "huge", "negative", "empty", "unicode"]))
    if kind == "empty":
        return ""
    if kind == "huge":
        return " ".join(str(10 ** draw(st.integers(5, 60))) if p.isdigit() else p for p in text.split(" "))
    if kind == "negative":
        return " ".join(f"-{p}" if p.isdigit() else p for p in text.split(" "))
    if kind == "number":
        return " ".join(str(draw(st.integers(-3, 200))) if p.isdigit() else p for p in text.split(" "))
    if kind == "unicode":
        return draw(st.text(max_size=30))
    chars = list(text)
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["del", "ins", "swap"]))
        if op == "del" and chars:
            del chars[draw(st.integers(0, len(chars) - 1))]
        elif op == "ins":
            chars.insert(draw(st.integers(0, len(chars))), draw(st.sampled_from(list("0123456789 ,;:-+xXA*()[]/"))))
        elif op == "swap" and len(chars) > 1:
            i = draw(st.integers(0, len(chars) - 2))
            chars[i], chars[i + 1] = chars[i + 1], chars[i]
    return "".join(chars)


@st.composite
def mutated_file(draw) -> tuple[str, bytes]:
    base = copy.deepcopy(draw(st.sampled_from(BASES)))
    kind = draw(st.sampled_from(["truncate", "reorder", "drop", "edit_action", "edit_seat", "wrong_type",
                                 "huge", "delete_field", "option", "bytes", "deep", "long_int", "splice_json"]))
    actions = base["actions"]
    if kind == "truncate":
        text = json.dumps(base, indent=1)
        return kind, text[: draw(st.integers(0, len(text) - 2))].encode()
    if kind == "reorder" and len(actions) > 1:
        i, j = sorted(draw(st.lists(st.integers(0, len(actions) - 1), min_size=2, max_size=2, unique=True)))
        actions[i], actions[j] = actions[j], actions[i]
    elif kind == "drop" and actions:
        del actions[draw(st.integers(0, len(actions) - 1))]
    elif kind == "edit_action" and actions:
        i = draw(st.integers(0, len(actions) - 1))
        actions[i][1] = _text_mutations(draw, actions[i][1])
    elif kind == "edit_seat" and actions:
        i = draw(st.integers(0, len(actions) - 1))
        actions[i][0] = draw(st.sampled_from([-1, 7, 10**30, True, "0", None, 1.0]))
    elif kind == "wrong_type":
        key = draw(st.sampled_from(FIELDS))
        base[key] = draw(st.sampled_from(WRONG_VALUES))
    elif kind == "huge":
        key = draw(st.sampled_from(["seed", "players", "version", "format_version"]))
        base[key] = draw(st.sampled_from([10**18, 10**100, -(10**100), 2**63, -(2**31)]))
    elif kind == "delete_field":
        base.pop(draw(st.sampled_from(FIELDS)), None)
    elif kind == "option":
        key = draw(st.sampled_from([*base["options"], "nope"]))
        base["options"][key] = draw(st.sampled_from(WRONG_VALUES + ["yes", "maybe", 2, 99]))
    elif kind == "bytes":
        return kind, draw(st.binary(max_size=400))
    elif kind == "deep":
        depth = draw(st.integers(500, 200_000))
        return kind, ("[" * depth + "]" * depth).encode() if draw(st.booleans()) else (
            '{"format": ' + "[" * depth).encode()
    elif kind == "long_int":
        digits = draw(st.integers(4000, 20_000))
        key = draw(st.sampled_from(["seed", "players", "version"]))
        text = json.dumps(base).replace(f'"{key}": {base[key]}', f'"{key}": {"7" * digits}', 1)
        return kind, text.encode()
    elif kind == "splice_json":
        text = json.dumps(base)
        i = draw(st.integers(0, len(text)))
        return kind, (text[:i] + draw(st.sampled_from(["NaN", "Infinity", "\x00", "\ud800", "}", "[", '"', ","]))
                      + text[i:]).encode("utf-8", "surrogatepass")
    return kind, json.dumps(base, indent=1, ensure_ascii=False, allow_nan=True).encode()


def check_file(folder: Path, data: bytes) -> bool:
    """True if refused with RecordError, False if it loaded (then it must replay the same way again)."""
    path = folder / "fuzzed.json"
    path.write_bytes(data)
    try:
        first = load_record(path)
    except RecordError as exc:
        assert str(exc).startswith(str(path)), f"the message does not name the file: {exc}"
        return True
    second = load_record(path)
    assert json.dumps(first.state.to_json(), sort_keys=True) == json.dumps(second.state.to_json(), sort_keys=True)
    return False


def test_soak_record_fuzz() -> None:
    budget = Budget(0.1)
    counts = {"cases": 0, "refused": 0, "accepted": 0}
    failures: list[str] = []
    kinds: dict[str, int] = {}
    with tempfile.TemporaryDirectory(prefix="tabletop-soak-fuzz-") as tmp:
        folder = Path(tmp)

        @settings(max_examples=150, deadline=None, database=None, derandomize=False,
                  suppress_health_check=list(HealthCheck))
        @given(mutated_file())
        def one(case: tuple[str, bytes]) -> None:
            kind, data = case
            kinds[kind] = kinds.get(kind, 0) + 1
            counts["cases"] += 1
            try:
                refused = check_file(folder, data)
            except Exception as exc:  # noqa: BLE001 - anything but RecordError is the bug we hunt
                failures.append(f"{kind}: {type(exc).__name__}: {str(exc)[:200]} (file starts {data[:80]!r})")
                return
            counts["refused" if refused else "accepted"] += 1

        while not budget.over() and len(failures) < 50:
            one()
    seen = sorted({f.split(":")[0] + ": " + f.split(":")[1].strip() for f in failures})
    report("fuzz", failures=len(failures), notes="; ".join(seen)[:1500], **counts)
    assert not failures, f"{len(failures)} fuzzed records crashed instead of RecordError: {failures[:5]}"
    assert counts["refused"] > 0, "the fuzz never reached a refusal"
