"""Helpers for KAKAPO tests (no tests here): hand-built positions that bypass the deal (spec §12 fixtures)."""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.engine.core import Event
from tabletop.games.kakapo import GAME, grid, pieces
from tabletop.games.kakapo.birds import PlacedBird, place_bird
from tabletop.games.kakapo.board import MissionRules
from tabletop.games.kakapo.content import mission_rules
from tabletop.games.kakapo.missions import Mission
from tabletop.games.kakapo.state import KakapoState


def mask(cards: Iterable[str]) -> int:
    m = 0
    for c in cards:
        m |= 1 << pieces.parse_card(c)
    return m


def rules_with(birds: Iterable[PlacedBird | tuple[str, int, int, int]], required: int = 1,
               mode: str = "buddy") -> MissionRules:
    placed = tuple(b if isinstance(b, PlacedBird) else place_bird(*b) for b in birds)
    return MissionRules(Mission(mode, 1, "fixture", required, 1, placed))


def fake_bird(cells: Iterable[grid.Cell], edges: dict[tuple[int, int, str], str] | None = None) -> PlacedBird:
    """A bird-shaped blocker of arbitrary cells (for board fixtures such as TV20)."""
    cells = frozenset(cells)
    return PlacedBird("M01", min(r for r, _ in cells), min(c for _, c in cells), 0, cells, edges or {})


def fixture(players: int, hands: list[list[str]], *, rules: MissionRules | None = None, mission: str | None = None,
            pile: Iterable[str] = (), used: Iterable[str] = (), counters: int | None = None, start: int = 0,
            round: int = 1) -> KakapoState:
    if rules is None:
        rules = mission_rules(mission or ("buddy_01" if players == 2 else "party_01"))
    s = KakapoState.blank(rules, players)
    for i, h in enumerate(hands):
        s.hands[i] = mask(h)
    s.pile = [pieces.parse_card(c) for c in pile]
    s.start = start
    s.round = round
    if counters is not None:
        s.counters = counters
    for piece_id in used:
        k = pieces.parse_card(piece_id)
        spot = rules.legal_placements(k, s.occupied, s.colour_cells)[-1]  # far corner, out of the way
        put(s, piece_id, spot.cells)
    return s


def put(s: KakapoState, piece_id: str, cells: Iterable[grid.Cell]) -> None:
    """Put a piece on the board directly (no card phase)."""
    k = pieces.parse_card(piece_id)
    p = pieces.placement_of_cells(k, set(cells))
    assert p is not None, f"{piece_id} cannot cover {sorted(cells)}"
    s.occupied |= p.mask
    s.colour_cells[k >> 3] |= p.mask
    s.used |= 1 << k
    s.placed.append((k, p.orient, p.top, p.left, p.mask))
    s.scanned = s.rules.scanned_mask(s.occupied, s.colour_cells)


def play(s: KakapoState, moves: Iterable[tuple[int, str]]) -> list[Event]:
    events: list[Event] = []
    for seat, text in moves:
        events.extend(s.apply(seat, GAME.parse_action(text)))
    return events


def place_text(piece_id: str, cells: Iterable[grid.Cell]) -> str:
    k = pieces.parse_card(piece_id)
    p = pieces.placement_of_cells(k, set(cells))
    assert p is not None
    o = pieces.ORIENTATIONS[k][p.orient]
    return f"place {piece_id} {o.label} {grid.cell_name(p.top, p.left)}"


def ids(cards: Iterable[int]) -> list[str]:
    return [pieces.card_id(k) for k in cards]
