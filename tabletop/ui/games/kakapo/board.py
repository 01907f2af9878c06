"""The KAKAPO table: the 12×12 board with its birds on the left, the card mini-game on the right, and the bottom
strip for what the viewer does now (hand, skill choice, or the piece being placed).

The Board ties three parts: `memory` (what it keeps across moves: glows and tweens of public events, the status
and seat lines), drawing (`draw_board`, `draw_panels`, `draw_strip`: functions that paint and fill this frame's
hit maps) and `input` (what a click or key means, over those hit maps and the legal actions; the keys are listed
there). It reaches the table only through `TableServices`.

The held piece is drawn cell by cell on exactly the cells `Ghost.action()` names (see `ghost`), and the same
action is judged and applied; `ghost_drawn` keeps this frame's drawn cells and rects. A legal spot has a solid
accent outline, an illegal one red dashes with ✕. During placement the cells the unscanned birds still need carry
corner marks in the colour they need (gold: any colour), drawn again over the translucent held piece so they stay
visible under it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tabletop import i18n
from tabletop.engine.core import Action, Event
from tabletop.games.kakapo import grid
from tabletop.games.kakapo.actions import Place, Reveal, Skill
from tabletop.games.kakapo.board import explain_placement
from tabletop.games.kakapo.content import mission_rules
from tabletop.games.kakapo.view import KakapoView
from tabletop.i18n import t
from tabletop.ui.games import BoardBase, TableContext
from tabletop.ui.games.kakapo import draw_board, draw_panels, draw_strip, input
from tabletop.ui.games.kakapo.ghost import Ghost
from tabletop.ui.games.kakapo.layout import BOTTOM, HAND_CARD, PILE_CARD, BoardGeometry
from tabletop.ui.games.kakapo.memory import Memory, seat_line, status_line
from tabletop.ui.games.kakapo.paint import colour_label
from tabletop.ui.games.kakapo.targets import on_board
from tabletop.ui.hitmap import HitMap
from tabletop.ui.layer_cache import LayerCache
from tabletop.ui.motion import Motion
from tabletop.ui.painter import Painter
from tabletop.ui.said import Said
from tabletop.ui.table_services import TableServices
from tabletop.ui.widgets import Button

__all__ = ["Board", "Verdict", "colour_label"]


@dataclass(frozen=True)
class Verdict:
    """The held piece's spot as judged for this frame."""

    action: Place
    reason: str | None  # the engine's reason in the player's language; None = legal
    cell: grid.Cell | None  # the cell the reason names, marked on the board


class Board(BoardBase):
    # What every seat may see (public animations, memories of public events, caches); see BoardBase.
    TABLE_STATE = ("memory",)
    SCREEN_ACTIONS = (Place,)  # the puzzle is public: a phone seat places its piece on the shared screen
    HAND_AREA = BOTTOM  # the hand, the skill choice and the piece tray

    def __init__(self, table: TableServices) -> None:
        self.table = table
        self.memory = Memory(table)
        # What the person at the screen has chosen (per seat: a hand-over starts afresh).
        self.ghost: Ghost | None = None
        self.selected_card: int | None = None
        self.skill_focus: Skill | None = None  # the skill stepped to with ← →, taken by Enter
        self.press: str | None = None  # what the left button went down on: input.CONFIRM, BOARD or TRAY
        self.press_start: pygame.Vector2 | None = None
        # What this frame drew where, for input to read (filled by `draw`).
        self.buttons: HitMap[Button] = HitMap()
        self.hot_hand: HitMap[int] = HitMap()
        self.hot_skills: HitMap[Skill] = HitMap()
        self.hot_tray: HitMap[int] = HitMap()
        self.hover_skill: Skill | None = None  # the skill tile drawn lit (hovered or stepped to)
        # The held piece as drawn: the action and each cell with its window rect (tests read it).
        self.drawn_action: Place | None = None
        self.ghost_drawn: list[tuple[grid.Cell, pygame.Rect]] = []
        # Where the reveal row's slots and the decision pile were drawn: a decision card flies from its slot to the
        # pile (key ("pile",)).
        self.trick_slots: list[pygame.FRect] = []
        self.pile_rect = pygame.FRect(0, 0, *PILE_CARD)
        # Cached layers (ui.layer_cache): the info panel and each row of the catalogue, keyed, each on its own felt.
        self.layers = LayerCache(size=16, keyed=True)
        # Per text look (see paint.text_look): the pile card's top edge and the lead colour line's.
        self._info_spots: dict[tuple, tuple[float, float]] = {}
        self._lead_y = 0.0
        self.said = Said()  # the status and seat lines, formatted once per move
        self._legal_key: tuple | None = None
        self._legal_set: frozenset[Action] = frozenset()
        self._verdict_cache: tuple[tuple, Verdict] | None = None
        if not table.log_entries():  # a new game: the hands are dealt as the table opens
            self.deal_hands(HAND_CARD)

    @property
    def motion(self) -> Motion:
        return self.memory.motion

    @motion.setter
    def motion(self, motion: Motion) -> None:
        self.memory.motion = motion

    # ----- table hooks ------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.memory.update(dt)

    def busy(self) -> bool:
        return self.memory.busy()

    def animating(self) -> bool:
        return self.memory.animating()

    def on_events(self, events: list[Event], seat: int) -> None:
        self.selected_card = None
        self.skill_focus = None
        self.press = None
        held = self.ghost_drawn[0][1].topleft if self.ghost_drawn else None
        if self.memory.on_events(events, seat, held, self.trick_slots):
            self.ghost = None

    def status(self, ctx: TableContext) -> str:
        return status_line(self.said, self._view(ctx))

    def seat_info(self, ctx: TableContext, seat: int) -> str:
        view = self._view(ctx)
        return seat_line(self.said, view, seat, self.dealt(seat, view.hand_sizes[seat]))

    def hint(self, ctx: TableContext) -> str:
        view = self._view(ctx)
        names = ctx.names
        if view.phase == "over":
            return t(f"kakapo.outcome.{view.outcome}")
        if not ctx.legal:
            who = view.to_act[0] if view.to_act else None
            if ctx.viewer is None and who is not None and self.table.shared_screen():
                return t("kakapo.hint.wait", name=names[who])
            if who is None:
                return ""
            key = {"reveal": "wait_reveal", "skill": "wait_skill", "place": "wait_place"}[view.phase]
            return t(f"kakapo.hint.{key}", name=names[who])
        if view.phase == "reveal":
            assert ctx.viewer is not None  # only a seat has legal actions
            if view.revealed and len(ctx.legal) < view.hand_sizes[ctx.viewer]:
                return t("kakapo.hint.follow", colour=colour_label(view.lead))
            return t("kakapo.hint.reveal_lead" if not view.revealed else "kakapo.hint.reveal_any")
        if view.phase == "skill":
            return t("kakapo.hint.skill")
        return t("kakapo.hint.place")

    # ----- what the viewer may do and holds -----------------------------------------------
    @staticmethod
    def _view(ctx: TableContext) -> KakapoView:
        view = ctx.view
        assert isinstance(view, KakapoView)
        return view

    def legal(self, ctx: TableContext) -> frozenset[Action]:
        view = self._view(ctx)
        key = (ctx.viewer, view.phase, view.round, len(view.placements), view.selection, len(view.revealed),
               len(ctx.legal))
        if key != self._legal_key:
            self._legal_key, self._legal_set = key, frozenset(ctx.legal)
        return self._legal_set

    def held(self, ctx: TableContext) -> Ghost | None:
        """The piece the viewer holds now: the one in hand, else the first selected (fresh, not yet on the board);
        None when the viewer does not place."""
        if not any(isinstance(a, Place) for a in ctx.legal[:1]):
            return None
        view = self._view(ctx)
        if self.ghost is not None and self.ghost.piece in view.selection:
            return self.ghost
        return Ghost(view.selection[0])

    def ensure_ghost(self, ctx: TableContext) -> Ghost | None:
        """`held`, kept: input moves and turns this very piece."""
        self.ghost = self.held(ctx)
        return self.ghost

    def verdict(self, ctx: TableContext, ghost: Ghost) -> Verdict:
        """The held piece's spot judged: legal, or the engine's reason (translated) and the cell it names."""
        view = self._view(ctx)
        action = ghost.action()
        key = (action, len(view.placements), ctx.viewer, i18n.language())
        if self._verdict_cache is not None and self._verdict_cache[0] == key:
            return self._verdict_cache[1]
        reason: str | None = None
        cell: grid.Cell | None = None
        if action not in self.legal(ctx):
            explain = ctx.extra.get("explain", self.table.explain)
            reason = explain(action) or t("kakapo.preview.not_now")
            # The same engine rule, asked for the cell it names, so the board can mark that cell.
            placed = [(k, on_board(k, o, top, left).mask) for k, o, top, left in view.placements]
            refusal = explain_placement(mission_rules(view.mission), ghost.piece, ghost.cells(), placed)
            if refusal is not None and "cell" in refusal.params:
                cell = grid.parse_cell_name(refusal.params["cell"])
        verdict = Verdict(action, reason, cell)
        self._verdict_cache = (key, verdict)
        return verdict

    # ----- what the buttons do --------------------------------------------------------------
    def reveal_selected(self, ctx: TableContext) -> None:
        if self.selected_card is not None and Reveal(self.selected_card) in self.legal(ctx):
            ctx.act(Reveal(self.selected_card))

    def rotate(self) -> None:
        if self.ghost is not None:
            self.ghost.rotate()

    def flip(self) -> None:
        if self.ghost is not None:
            self.ghost.flip()

    def confirm(self, ctx: TableContext) -> None:
        """Place the held piece where it is shown, or say why not."""
        g = self.ghost
        if g is None or not g.shown:
            return
        action = g.action()
        if action in self.legal(ctx):
            ctx.act(action)
            return
        reason = self.verdict(ctx, g).reason
        if reason:
            self.table.show_toast(t("app.illegal", reason=reason))

    # ----- drawing and input ------------------------------------------------------------------
    def draw(self, p: Painter, ctx: TableContext) -> None:
        view = self._view(ctx)
        for hits in (self.buttons, self.hot_hand, self.hot_skills, self.hot_tray):
            hits.clear()
        self.drawn_action, self.ghost_drawn, self.hover_skill = None, [], None
        geo = BoardGeometry(p.vp)
        ghost = self.held(ctx)
        draw_board.draw_board(self, p, ctx, view, geo, ghost)
        draw_panels.draw_info(self, p, ctx, view)
        flying = draw_panels.draw_trick(self, p, ctx, view)
        draw_panels.draw_lead(self, p, view)
        draw_panels.draw_flying_reveals(self, p, view, flying)
        draw_panels.draw_pile_flight(self, p, view)
        draw_panels.draw_catalogue(self, p, ctx, view)
        draw_strip.draw_bottom(self, p, ctx, view, ghost)
        draw_strip.draw_deal(self, p, ctx, view)
        for _, b in self.buttons:
            b.hovered = b.hit(ctx.mouse)
            b.draw(p)
        draw_board.draw_bird_tooltip(p, ctx, view, geo, ghost)

    def handle(self, event: pygame.event.Event, ctx: TableContext) -> bool:
        return input.handle(self, event, ctx, self._view(ctx))
