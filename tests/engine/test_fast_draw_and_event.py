"""Issue 18's engine fast paths give what the plain code gives.

- `draws.draw` (scheme 2's `Chance.draw`) reads the same words as `StreamDraws.draw`, rejections
  and a re-hashed stream included, so seeded BLOODY SUMMER checks draw the same cards.
- `Event`'s own `__init__` makes the same event as the dataclass's generated one: fields, a fresh
  default dict, equality, hash, repr, `replace`, immutability.
"""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import dataclass, field
from typing import Any

import pytest

from tabletop.engine import draws
from tabletop.engine.core import Chance, Event
from tabletop.engine.draws import StreamDraws


@pytest.mark.parametrize("n", [0, 1, 2, 3, 9, 13, 52, 70])
def test_draw_is_the_stream_draw(n: int) -> None:
    items = [f"c{i}" for i in range(n)]
    for seed in (0, 7, 2**40 + 3):
        for counter in range(1, 25):
            for k in {0, 1, 2, n // 2, n, n + 3}:
                assert draws.draw(seed, counter, items, k) == StreamDraws(seed, counter).draw(items, k)


class _RiggedShake:
    """A stand-in for `shake_256` whose stream starts with many all-ones words (each one rejected
    by a draw of 3: 2**64 is 1 more than a multiple of 3), then counts up; prefix-consistent like SHAKE."""

    STREAM = b"\xff" * 8 * 30 + b"".join(i.to_bytes(8, "little") for i in range(1, 400))

    def __init__(self, key: bytes) -> None:
        self.key = key

    def digest(self, length: int) -> bytes:
        return self.STREAM[:length]


def test_rejected_words_and_a_longer_hash_are_read_as_the_stream_draw_reads_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(draws, "shake_256", _RiggedShake)
    items = list(range(3))
    want = StreamDraws(1, 1).draw(items, 2)  # 30 rejections: past the first hash's spare words
    assert draws.draw(1, 1, items, 2) == want == [1, 0]  # words 1 and 2 after the rejected ones


def test_chance_draw_under_scheme_2_counts_one_event_and_draws_the_stream() -> None:
    chance = Chance(5, 3, scheme=2)
    pile = list(range(1, 14))
    assert chance.draw(pile, 4) == StreamDraws(5, 4).draw(pile, 4)
    assert chance.counter == 4 and pile == list(range(1, 14))


@dataclass(frozen=True, slots=True)
class _PlainEvent:  # `Event` as the dataclass generates it
    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: tuple[int, ...] | None = None


@pytest.mark.parametrize("args", [("bid",), ("bid", {"seat": 1}), ("deal", {"cards": [1]}, (0,)), ("x", None, None)])
def test_an_event_is_what_the_generated_init_makes(args: tuple) -> None:
    fast, plain = Event(*args), _PlainEvent(*args)
    assert dataclasses.astuple(fast) == dataclasses.astuple(plain)
    assert repr(fast) == repr(plain).replace("_PlainEvent", "Event")
    assert fast == Event(*args) and fast != plain  # equal to its own kind only, like any dataclass
    assert pickle.loads(pickle.dumps(fast)) == fast
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.kind = "other"  # type: ignore[misc]
    if isinstance(fast.data, dict):  # a dict inside: unhashable, as before
        with pytest.raises(TypeError):
            hash(fast)
    else:
        assert hash(fast) == hash(Event(*args))


def test_event_defaults_and_replace() -> None:
    a, b = Event("x"), Event(kind="x")
    assert a.data == {} and a.data is not b.data and a.visible_to is None
    moved = dataclasses.replace(Event("deal", {"seat": 0}, (0,)), visible_to=None)
    assert moved == Event("deal", {"seat": 0}) and moved.visible_for(3)
    assert Event("deal", {"seat": 0}, (0,)).to_json() == {"kind": "deal", "seat": 0, "visible_to": [0]}
