"""What the KAKAPO table remembers across moves: the glows and tweens of public events (every seat may see them,
so a hot-seat hand-over keeps them), and the status and seat lines the table asks for in every frame."""

from __future__ import annotations

import pygame

from tabletop.engine.core import Event
from tabletop.games.kakapo import pieces
from tabletop.games.kakapo.view import KakapoView
from tabletop.i18n import plural, t
from tabletop.ui import style
from tabletop.ui.games.kakapo import art
from tabletop.ui.games.kakapo.layout import BOTTOM
from tabletop.ui.glow import Glow
from tabletop.ui.layer_cache import LayerCache
from tabletop.ui.motion import Motion
from tabletop.ui.said import Said
from tabletop.ui.table_services import TableServices

SCAN_GLOW = 2.0  # seconds a bird's outline pulses after its scan
GONE = frozenset(("place", "round", "selection"))  # events after which the held piece is no longer held


class Memory:
    """The board's table state (see `BoardBase.TABLE_STATE`): public animations and the board's cached zone."""

    def __init__(self, table: TableServices) -> None:
        self.table = table
        self.seat: Glow[int] = Glow()
        self.piece: Glow[int] = Glow()
        self.bird: Glow[str] = Glow()
        # Revealed cards fly to their trick slot, placed pieces to their cells: ("reveal", index), ("place", piece).
        self.motion = Motion(lambda: table.settings)  # no settings service yet
        # The board with its settled pieces, a cached opaque layer (ui.layer_cache), painted again only when a
        # piece settles.
        self.zones = LayerCache(size=3, opaque=True)

    def update(self, dt: float) -> None:
        for glow in (self.seat, self.piece, self.bird):
            glow.update(dt)
        self.motion.update(dt)

    def busy(self) -> bool:
        return self.motion.running()

    def animating(self) -> bool:
        return bool(self.seat or self.piece or self.bird) or self.motion.running()

    def origin(self, seat: int) -> pygame.Vector2:
        """Where what `seat` plays comes from: the hand strip for the person at the screen, else their seat."""
        if seat == self.table.viewer():
            return pygame.Vector2(BOTTOM.centerx, BOTTOM.y + 40)
        return self.table.seat_anchor(seat)

    def on_events(self, events: list[Event], seat: int, held: tuple[int, int] | None,
                  trick_slots: list[pygame.FRect]) -> bool:
        """Light, fly and sound what `seat`'s move did. `held` is where the viewer's held piece was drawn (window
        px), `trick_slots` where the reveal row's slots were. True when the held piece is gone (placed, or the
        round moved on)."""
        self.seat.light(seat)
        gone = False
        for e in events:
            if e.kind == "reveal":
                slot = int(e.data["index"]) - 1  # the event counts reveals from 1
                self.motion.start(("reveal", slot), self.origin(seat), self.origin(seat))
                self.table.sound("reveal")
            elif e.kind == "place":
                k = pieces.parse_card(e.data["piece"])
                self.piece.light(k)
                # The piece leaves the held spot (where the ghost was drawn) or the placer's seat.
                at = held if held is not None and seat == self.table.viewer() else None
                start = pygame.Vector2(self.table.viewport.to_virtual(at)) if at else self.origin(seat)
                self.motion.start(("place", k), start, start)
            elif e.kind == "scanned":
                self.bird.light(e.data["bird"], SCAN_GLOW)
                self.table.sound("win")
            gone = gone or e.kind in GONE
            if e.kind in ("selection", "skip"):  # the round's decision card is laid on the decision pile
                self._to_pile(any(x.kind == "reveal" for x in events), trick_slots)
        return gone

    def _to_pile(self, after_reveal: bool, trick_slots: list[pygame.FRect]) -> None:
        """The decision card flies from its slot in the reveal row to the decision pile (after the last reveal
        lands, when that reveal decided the round). Everything here is public."""
        view = self.table.public_view()
        assert isinstance(view, KakapoView)
        if not view.history:
            return
        last = view.history[-1]
        cards = [k for _, k in last.reveals]
        if last.decision in cards and cards.index(last.decision) < len(trick_slots):
            self.motion.fly(("pile",), trick_slots[cards.index(last.decision)],
                            delay=style.TWEEN if after_reveal else 0.0)


def status_line(said: Said, view: KakapoView) -> str:
    if view.phase == "over":
        return said(("over", view.outcome), lambda: t(f"kakapo.outcome.{view.outcome}"))
    return said(("status", view.round, view.round_limit, view.phase), lambda: t(
        "kakapo.status", round=view.round, limit=view.round_limit, phase=t(f"kakapo.phase.{view.phase}")))


def seat_line(said: Said, view: KakapoView, seat: int, hand: int) -> str:
    """A seat's line: its hand size (`hand`, which ticks up in a deal), its role this round, its known voids."""
    role = "placer" if view.phase in ("skill", "place") and view.placer == seat else \
        "start_player" if view.start == seat and view.phase == "reveal" else ""
    voids = "".join(art.GLYPHS[k] for k in range(5) if view.voids[seat] >> k & 1)

    def words() -> str:
        parts = [plural("app.count.card", hand)]
        if role:
            parts.append(t(f"kakapo.{role}"))
        if voids:
            parts.append(t("kakapo.void", glyphs=voids))
        return " · ".join(parts)
    return said(("seat", hand, role, voids), words)
