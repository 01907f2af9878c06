"""The KAKAPO table: the 12×12 board with its birds on the left, the card mini-game on the right,
and the bottom strip for what the viewer does now (hand, skill choice, or the piece being placed).

Keys (mouse does the same):
- Reveal: ←/→ choose a playable card, or 1–8 by card value as in every game (press again for the
  next card of that value); Enter reveals it (click a card to choose it, click it again or press Reveal).
- Skill: 1–8 choose the numbered option (click a tile); ← → light one, Enter takes it.
- Placement: arrows (or W/A/S/D) move the piece, R or mouse wheel or right-click rotates (Shift+R back),
  F flips, Q or Tab switches between two selected pieces, Enter or Space places. With the mouse the
  piece hovers with the pointer over the board (or is dragged there from the tray): releasing a drag
  over a legal spot places it; a click pins it, a second click on it (or Place) confirms. An illegal
  drop keeps the piece in hand, pinned, with the engine's reason.

The held piece is drawn cell by cell on exactly the cells `Ghost.action()` names (see `ghost`), and
the same action is judged and applied; `ghost_drawn` keeps this frame's drawn cells and rects. A legal
spot has a solid accent outline, an illegal one red dashes with ✕. During placement the cells the
unscanned birds still need carry corner marks in the colour they need (gold: any colour), drawn again
over the translucent held piece so they stay visible under it.
"""

from __future__ import annotations

import math
from contextlib import nullcontext
from dataclasses import dataclass

import pygame

from tabletop import i18n
from tabletop.engine.core import Action, Event
from tabletop.games.kakapo import grid, pieces
from tabletop.games.kakapo.actions import Place, Reveal, Skill
from tabletop.games.kakapo.board import explain_placement
from tabletop.games.kakapo.content import mission_rules
from tabletop.games.kakapo.pieces import COLOURS
from tabletop.games.kakapo.view import KakapoView, leading, reveal_order, skill_selection
from tabletop.i18n import plural, t
from tabletop.ui import style
from tabletop.ui.cards import render_back, render_card
from tabletop.ui.games import BOARD_AREA, BoardBase, TableContext
from tabletop.ui.games.kakapo import art
from tabletop.ui.games.kakapo.custom_section import mission_line
from tabletop.ui.games.kakapo.ghost import Ghost
from tabletop.ui.games.kakapo.layout import (
    BOARD_ZONE,
    BOTTOM,
    CATALOGUE,
    GRID,
    HAND_CARD,
    INFO,
    PILE_CARD,
    TRICK,
    TRICK_CARD,
    BoardGeometry,
)
from tabletop.ui.games.kakapo.targets import draw_corners, open_targets, target_layer
from tabletop.ui.layer_cache import LayerCache
from tabletop.ui.motion import Motion, seat_anchor
from tabletop.ui.painter import Painter
from tabletop.ui.said import Said
from tabletop.ui.widgets import Button, click, step_choice
from tabletop.ui.words import words_for

MOVE_KEYS = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0),
             pygame.K_a: (0, -1), pygame.K_d: (0, 1), pygame.K_w: (-1, 0), pygame.K_s: (1, 0)}
DIGITS = {pygame.K_1 + i: i for i in range(9)}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
FLASH = 0.9
CATALOGUE_ROW = 40  # virtual px per colour in the catalogue
SCAN_FLASH = 2.0


# What the left button went down on during placement (decides what its release does).
CONFIRM, BOARD, TRAY = "confirm", "board", "tray"
DRAG_SLOP = 6  # virtual px the pointer may wander before a press counts as a drag
PIECE_ALPHA = {True: 200, False: 230}  # the held piece's opacity while it moves with the pointer / pinned
TARGET_ALPHA = 120  # its cells over a cell a bird needs: the target's fill shows through


@dataclass(frozen=True)
class Verdict:
    """The held piece's spot as judged for this frame."""

    action: Place
    reason: str | None  # the engine's reason in the player's language; None = legal
    cell: grid.Cell | None  # the cell the reason names, marked on the board


def colour_label(k: int) -> str:
    return f"{art.GLYPHS[k]} {t(f'kakapo.colour.{COLOURS[k]}')}"


def skill_label(skill: Skill) -> str:
    """The short name on a skill tile (the tile's piece preview shows the colour or value it gives)."""
    return t(f"kakapo.skill_short.{skill.kind}")


class Board(BoardBase):
    # What every seat may see (public animations, memories of public events, caches); see BoardBase.
    TABLE_STATE = ("flash_seat", "flash_piece", "flash_bird", "motion", "zones")
    SCREEN_ACTIONS = (Place,)  # the puzzle is public: a phone seat places its piece on the shared screen
    HAND_AREA = BOTTOM  # the hand, the skill choice and the piece tray

    def __init__(self, table) -> None:
        self.table = table
        self.ghost: Ghost | None = None
        self.selected_card: int | None = None
        self.flash_seat: dict[int, float] = {}
        self.flash_piece: dict[int, float] = {}
        self.flash_bird: dict[str, float] = {}
        # Revealed cards fly to their trick slot, placed pieces to their cells (keys ("reveal", index), ("place", piece)).
        self.motion = Motion(lambda: table.app.settings)
        self.buttons: list[Button] = []
        self.hot_hand: list[tuple[pygame.FRect, int]] = []
        self.hot_skills: list[tuple[pygame.FRect, Action]] = []
        self.hot_tray: list[tuple[pygame.FRect, int]] = []
        self.hover_skill: Skill | None = None
        self.skill_focus: Skill | None = None  # the skill stepped to with ← →, taken by Enter
        self.press: str | None = None  # what the left button went down on: CONFIRM, BOARD or TRAY
        self.press_start: pygame.Vector2 | None = None
        # This frame's held piece as drawn: the action and each cell with its window rect (tests read it).
        self.drawn_action: Place | None = None
        self.ghost_drawn: list[tuple[grid.Cell, pygame.Rect]] = []
        self._legal_key: tuple | None = None
        self._legal_set: frozenset[Action] = frozenset()
        self._verdict_cache: tuple[tuple, Verdict] | None = None
        self._targets_cache: tuple[tuple, pygame.Surface] | None = None
        # Cached layers (ui.layer_cache), painted again only when what they show changes, which most moves
        # do not: the board with its settled pieces (opaque: it fills its zone), the info panel and each row of
        # the catalogue (keyed: each paints its own felt). The reveal row and the hand strip change with nearly
        # every move: they are drawn live, on felt of their own.
        self.zones = LayerCache(size=3, opaque=True)
        self.layers = LayerCache(size=16, keyed=True)
        # Per text look (see _text_look): the pile card's top edge and the lead colour line's (see _paint_info).
        self._info_spots: dict[tuple, tuple[float, float]] = {}
        self._lead_y = 0.0
        self._said = Said()  # the status and seat lines, formatted once per move
        # Where the reveal row's slots and the decision pile were drawn last frame: a decision card flies
        # from its slot to the pile (key ("pile",)).
        self.trick_slots: list[pygame.FRect] = []
        self.pile_rect = pygame.FRect(0, 0, *PILE_CARD)
        if not table.session.record.actions:  # a new game: the hands are dealt as the table opens
            self._deal()

    def _deal(self) -> None:
        """The hands are dealt from the board's middle, a card to each seat in turn (see `deal_hands`): the
        viewer's fly into the hand strip, the others' face down to their seat in the side column (or to their
        fan of backs for a spectator)."""
        self.deal_hands(HAND_CARD)

    # ----- table hooks ------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for store in (self.flash_seat, self.flash_piece, self.flash_bird):
            for key in list(store):
                store[key] -= dt
                if store[key] <= 0:
                    del store[key]
        self.motion.update(dt)

    def busy(self) -> bool:
        return self.motion.running()

    def animating(self) -> bool:
        return bool(self.flash_seat or self.flash_piece or self.flash_bird) or self.motion.running()

    def _origin(self, seat: int) -> pygame.Vector2:
        """Where what `seat` plays comes from: the hand strip for the person at the screen, else their seat."""
        if seat == self.table.viewer():
            return pygame.Vector2(BOTTOM.centerx, BOTTOM.y + 40)
        return seat_anchor(self.table.session.players, seat)

    def on_events(self, events: list[Event], seat: int) -> None:
        self.flash_seat[seat] = FLASH
        self.selected_card = None
        self.skill_focus = None
        self.press = None
        for e in events:
            if e.kind == "reveal":
                slot = int(e.data["index"]) - 1  # the event counts reveals from 1
                self.motion.start(("reveal", slot), self._origin(seat), self._origin(seat))
                self.table.app.sound("reveal")
            elif e.kind == "place":
                k = pieces.parse_card(e.data["piece"])
                self.flash_piece[k] = FLASH
                # The piece leaves the held spot (where the ghost was drawn) or the placer's seat.
                held = self.ghost_drawn[0][1].topleft if self.ghost_drawn and seat == self.table.viewer() else None
                start = self.table.app.viewport.to_virtual(held) if held else self._origin(seat)
                self.motion.start(("place", k), start, start)
                self.ghost = None
            elif e.kind == "scanned":
                self.flash_bird[e.data["bird"]] = SCAN_FLASH
                self.table.app.sound("win")
            elif e.kind in ("round", "selection"):
                self.ghost = None
            if e.kind in ("selection", "skip"):  # the round's decision card is laid on the decision pile
                self._to_pile(any(x.kind == "reveal" for x in events))

    def _to_pile(self, after_reveal: bool) -> None:
        """The decision card flies from its slot in the reveal row to the decision pile (after the last reveal
        lands, when that reveal decided the round). Everything here is public."""
        history = self.table.session.state.view(None).history
        if not history:
            return
        last = history[-1]
        cards = [k for _, k in last.reveals]
        if last.decision in cards and cards.index(last.decision) < len(self.trick_slots):
            self.motion.fly(("pile",), self.trick_slots[cards.index(last.decision)],
                            delay=style.TWEEN if after_reveal else 0.0)

    def status(self, ctx: TableContext) -> str:
        view = self._view(ctx)
        if view.phase == "over":
            return self._said(("over", view.outcome), lambda: t(f"kakapo.outcome.{view.outcome}"))
        return self._said(("status", view.round, view.round_limit, view.phase), lambda: t(
            "kakapo.status", round=view.round, limit=view.round_limit, phase=t(f"kakapo.phase.{view.phase}")))

    def seat_info(self, ctx: TableContext, seat: int) -> str:
        view = self._view(ctx)
        hand = self.dealt(seat, view.hand_sizes[seat])  # ticks up in a deal
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
        return self._said(("seat", hand, role, voids), words)

    # ----- helpers ----------------------------------------------------------------------
    @staticmethod
    def _view(ctx: TableContext) -> KakapoView:
        view = ctx.view
        assert isinstance(view, KakapoView)
        return view

    def _legal(self, ctx: TableContext) -> frozenset[Action]:
        view = self._view(ctx)
        key = (ctx.viewer, view.phase, view.round, len(view.placements), view.selection, len(view.revealed),
               len(ctx.legal))
        if key != self._legal_key:
            self._legal_key, self._legal_set = key, frozenset(ctx.legal)
        return self._legal_set

    def _hot_seat(self) -> bool:
        return self.table.session.shared_screen()

    def _placing(self, ctx: TableContext) -> bool:
        return any(isinstance(a, Place) for a in ctx.legal[:1])

    def _ensure_ghost(self, ctx: TableContext) -> Ghost | None:
        if not self._placing(ctx):
            self.ghost = None
            return None
        view = self._view(ctx)
        if self.ghost is None or self.ghost.piece not in view.selection:
            self.ghost = Ghost(view.selection[0])
        return self.ghost

    def _verdict(self, ctx: TableContext) -> Verdict:
        """The held piece's spot judged: legal, or the engine's reason (translated) and the cell it names."""
        g = self.ghost
        assert g is not None
        view = self._view(ctx)
        action = g.action()
        key = (action, len(view.placements), ctx.viewer, i18n.language())
        if self._verdict_cache is not None and self._verdict_cache[0] == key:
            return self._verdict_cache[1]
        reason: str | None = None
        cell: grid.Cell | None = None
        if action not in self._legal(ctx):
            explain = ctx.extra.get("explain", self.table.explain)
            reason = explain(action) or t("kakapo.preview.not_now")
            # The same engine rule, asked for the cell it names, so the board can mark that cell.
            placed = [(k, pieces.placement(k, o, top, left).mask) for k, o, top, left in view.placements]
            refusal = explain_placement(mission_rules(view.mission), g.piece, g.cells(), placed)
            if refusal is not None and "cell" in refusal.params:
                cell = grid.parse_cell_name(refusal.params["cell"])
        verdict = Verdict(action, reason, cell)
        self._verdict_cache = (key, verdict)
        return verdict

    def hint(self, ctx: TableContext) -> str:
        view = self._view(ctx)
        names = ctx.names
        if view.phase == "over":
            return t(f"kakapo.outcome.{view.outcome}")
        if not ctx.legal:
            who = view.to_act[0] if view.to_act else None
            if ctx.viewer is None and who is not None and self._hot_seat():
                return t("kakapo.hint.wait", name=names[who])
            if who is None:
                return ""
            key = {"reveal": "wait_reveal", "skill": "wait_skill", "place": "wait_place"}[view.phase]
            return t(f"kakapo.hint.{key}", name=names[who])
        if view.phase == "reveal":
            if view.revealed and len(ctx.legal) < view.hand_sizes[ctx.viewer]:
                return t("kakapo.hint.follow", colour=colour_label(view.lead))
            return t("kakapo.hint.reveal_lead" if not view.revealed else "kakapo.hint.reveal_any")
        if view.phase == "skill":
            return t("kakapo.hint.skill")
        return t("kakapo.hint.place")

    # ----- drawing ----------------------------------------------------------------------
    def draw(self, p: Painter, ctx: TableContext) -> None:
        view = self._view(ctx)
        self.buttons, self.hot_hand, self.hot_skills, self.hot_tray = [], [], [], []
        self.drawn_action, self.ghost_drawn = None, []
        geo = BoardGeometry(p.vp)
        ghost = self._ensure_ghost(ctx)
        self._draw_board(p, ctx, view, geo, ghost)
        self._draw_info(p, ctx, view)
        flying = self._draw_trick(p, ctx, view)
        self._draw_lead(p, view)
        self._draw_flying_reveals(p, view, flying)
        if view.pile and self.motion.get(("pile",)) is not None:  # on its way over the reveal row
            self._card(p, view.pile[-1], self.motion.rect(("pile",), self.pile_rect))
        self._draw_catalogue(p, ctx, view)
        self._draw_bottom(p, ctx, view, ghost)
        self._draw_deal(p, ctx, view)
        for b in self.buttons:
            b.hovered = b.hit(ctx.mouse)
            b.draw(p)
        self._draw_bird_tooltip(p, ctx, view, geo)

    @staticmethod
    def _zone_felt(p: Painter, rect: pygame.FRect) -> None:
        """A zone's felt, painted again under a keyed layer of its own (translucent ink needs a ground)."""
        p.rect(rect, style.FELT_DARK, style.RADIUS)
        p.rect(rect, style.FELT_LINE, style.RADIUS, width=1)

    def _zone(self, p: Painter, rect: pygame.FRect, label: str = "") -> None:
        if label:  # grown by the text size, it rises into the zone's top margin, clear of the cards under it
            p.text(label, (rect.x + 12, rect.y + 6 - 10 * (p.scale_now - 1)), style.TINY, style.TEXT_MUTED)

    # board ---------------------------------------------------------------------------------
    def _paint_board(self, p: Painter, mission: str, settled: tuple[tuple[int, int, int, int], ...]) -> None:
        """The board's zone: its felt and coordinates, the mission's board and every settled piece."""
        p.rect(BOARD_ZONE, style.FELT)  # the table's felt in the zone's corners: the layer covers its rect
        self._zone_felt(p, BOARD_ZONE)
        for i, letter in enumerate(grid.COLUMN_LETTERS):
            p.text(letter, (GRID.x + 40 * i + 20, GRID.y - 14), style.TINY, style.TEXT_MUTED, anchor="center")
            p.text(str(i + 1), (GRID.x - 14, GRID.y + 40 * i + 20), style.TINY, style.TEXT_MUTED, anchor="center")
        geo = BoardGeometry(p.vp)
        surf = p.surface
        surf.blit(art.board_surface(mission, geo.cell), geo.origin)
        lift = art.shadow_offset(geo.cell)
        for k, o, top, left in settled:  # shadows first, so no piece's shadow falls on another
            surf.blit(art.piece_shadow(k, o, geo.cell), (geo.origin.x + left * geo.cell + lift,
                                                         geo.origin.y + top * geo.cell + lift))
        for k, o, top, left in settled:
            surf.blit(art.piece_surface(k, o, geo.cell), (geo.origin.x + left * geo.cell, geo.origin.y + top * geo.cell))

    def _draw_board(self, p: Painter, ctx: TableContext, view: KakapoView, geo: BoardGeometry,
                    ghost: Ghost | None) -> None:
        # One opaque layer (a copy to blit), painted again when a piece settles: a piece on its way is drawn over it.
        settled = tuple(pl for pl in view.placements if self.motion.get(("place", pl[0])) is None)
        self.zones.draw(p, BOARD_ZONE, ("board", view.mission, view.mission_tmx, settled),
                        lambda q: self._paint_board(q, view.mission, settled))
        surface = p.surface
        for k, o, top, left in view.placements:
            if self.motion.get(("place", k)):  # on its way from the hand to its cells
                rest = geo.to_virtual(top, left)
                at = p.vp.point(*self.motion.toward(("place", k), rest))
                lift = art.shadow_offset(geo.cell) * 3
                surface.blit(art.piece_shadow(k, o, geo.cell), (at[0] + lift, at[1] + lift))
                surface.blit(art.piece_surface(k, o, geo.cell), at)
        for k, o, top, left in view.placements:
            if k in self.flash_piece:
                shape = pieces.ORIENTATIONS[k][o]
                r = geo.cell_rect(top, left, shape.height, shape.width).inflate(6, 6)
                pygame.draw.rect(surface, style.TEXT_LIGHT, r, max(2, p.vp.px(3)), border_radius=p.vp.px(4))
        self._draw_birds_state(p, view, geo, ctx.time)
        if ghost is not None:
            surface.blit(target_layer(view.mission, view.placements, view.scanned, geo.cell), geo.origin)
            if ghost.shown:
                self._draw_ghost(p, ctx, view, geo, ghost)

    def _draw_birds_state(self, p: Painter, view: KakapoView, geo: BoardGeometry, now: float) -> None:
        ids = art.bird_ids(view.mission)
        for i, cells in enumerate(art.bird_cells(view.mission)):
            scanned = view.scanned[i]
            flash = self.flash_bird.get(ids[i], 0.0)
            if not scanned and not flash:
                continue
            glow = (0.5 + 0.5 * math.sin(now * 8)) if flash else 1.0
            colour = art.mix(style.GOOD, style.TEXT_LIGHT, 0.5 * glow) if flash else style.GOOD
            width = max(2, p.vp.px(3 + 2 * glow if flash else 3))
            for r, c in cells:
                rect = geo.cell_rect(r, c)
                for d, (dr, dc) in grid.DELTA.items():
                    if (r + dr, c + dc) in cells:
                        continue
                    a, b = {"N": (rect.topleft, rect.topright), "S": (rect.bottomleft, rect.bottomright),
                            "W": (rect.topleft, rect.bottomleft), "E": (rect.topright, rect.bottomright)}[d]
                    pygame.draw.line(p.surface, colour, a, b, width)
            r, c = min(cells)
            centre = geo.cell_rect(r, c).topleft
            pygame.draw.circle(p.surface, style.GOOD, centre, p.vp.px(10))
            pygame.draw.circle(p.surface, style.INK, centre, p.vp.px(10), max(1, p.vp.px(1.5)))
            v = p.vp.to_virtual(centre)
            p.text("✓", (v.x, v.y), style.SMALL, style.INK, bold=True, anchor="center")

    def _dashed_outline(self, surface: pygame.Surface, cells: set[grid.Cell], geo: BoardGeometry,
                        colour: style.Color, width: int, dash: int) -> None:
        for r, c in cells:
            rect = geo.cell_rect(r, c)
            for d, (dr, dc) in grid.DELTA.items():
                if (r + dr, c + dc) in cells:
                    continue
                a, b = {"N": (rect.topleft, rect.topright), "S": (rect.bottomleft, rect.bottomright),
                        "W": (rect.topleft, rect.bottomleft), "E": (rect.topright, rect.bottomright)}[d]
                if dash <= 0:
                    pygame.draw.line(surface, colour, a, b, width)
                    continue
                length = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
                steps = max(1, length // dash)
                for s in range(0, steps, 2):
                    f0, f1 = s / steps, min(1.0, (s + 1) / steps)
                    pygame.draw.line(surface, colour, (a[0] + (b[0] - a[0]) * f0, a[1] + (b[1] - a[1]) * f0),
                                     (a[0] + (b[0] - a[0]) * f1, a[1] + (b[1] - a[1]) * f1), width)

    def _cross(self, surface: pygame.Surface, rect: pygame.Rect, colour: style.Color, width: int) -> None:
        box = rect.inflate(-rect.w // 3, -rect.h // 3)
        pygame.draw.line(surface, colour, box.topleft, box.bottomright, width)
        pygame.draw.line(surface, colour, box.topright, box.bottomleft, width)

    def _draw_ghost(self, p: Painter, ctx: TableContext, view: KakapoView, geo: BoardGeometry,
                    ghost: Ghost) -> None:
        """The held piece on exactly the cells of its action, translucent, with the open targets under it
        marked again on top; then the spot's outline (solid accent = legal, red dashes and ✕ = illegal)."""
        surface = p.surface
        verdict = self._verdict(ctx)
        action = verdict.action
        legal = verdict.reason is None
        shape = pieces.ORIENTATIONS[action.piece][action.orient]
        cells = [(action.top + r, action.left + c) for r, c in shape.cells]
        if not legal:
            tint = pygame.Surface((geo.cell, geo.cell), pygame.SRCALPHA)
            tint.fill((*style.BAD, 90))
            for r, c in cells:
                surface.blit(tint, geo.cell_rect(r, c))
        art_cells = art.ghost_surface(action.piece, action.orient, geo.cell, PIECE_ALPHA[ghost.following])
        over_target = art.ghost_surface(action.piece, action.orient, geo.cell, TARGET_ALPHA)
        needs = open_targets(view.mission, view.placements, view.scanned)
        for r, c in cells:
            # One blit per cell: the rect recorded is exactly where that cell's pixels went.
            area = pygame.Rect((c - action.left) * geo.cell, (r - action.top) * geo.cell, geo.cell, geo.cell)
            drawn = surface.blit(over_target if (r, c) in needs else art_cells, geo.cell_rect(r, c), area)
            self.ghost_drawn.append(((r, c), drawn))
            if (r, c) in needs:
                draw_corners(surface, drawn, needs[(r, c)])
        self.drawn_action = action
        width = max(2, p.vp.px(3))
        cell_set = set(cells)
        if legal:
            self._dashed_outline(surface, cell_set, geo, style.INK, width + 2, 0)
            self._dashed_outline(surface, cell_set, geo, style.ACCENT, width, 0)
        else:
            self._dashed_outline(surface, cell_set, geo, style.BAD, width, max(4, p.vp.px(7)))
            bad_cell = verdict.cell
            mark = geo.cell_rect(*bad_cell) if bad_cell is not None else \
                geo.cell_rect(action.top, action.left, shape.height, shape.width)
            if bad_cell is not None and bad_cell not in cell_set:
                pygame.draw.rect(surface, style.BAD, mark, width)
            self._cross(surface, mark if bad_cell is not None else
                        pygame.Rect(mark.centerx - geo.cell // 2, mark.centery - geo.cell // 2, geo.cell, geo.cell),
                        style.BAD, max(3, p.vp.px(5)))
        # The piece's name next to it (the cell is in words in the line under the board).
        corner = geo.to_virtual(action.top, action.left)
        label = self._card_name(action.piece)
        w = p.measure(label, style.TINY, bold=True) + 10
        y = corner.y - 20 if action.top > 0 else corner.y + shape.height * geo.cell / p.vp.scale + 2
        x = min(max(corner.x, BOARD_ZONE.x + 4), BOARD_ZONE.right - w - 4)
        p.rect((x, y, w, 18), style.ACCENT if legal else style.BAD, 4)
        p.text(label, (x + 5, y + 9), style.TINY, style.INK if legal else style.TEXT_LIGHT, bold=True,
               anchor="midleft")

    def _draw_bird_tooltip(self, p: Painter, ctx: TableContext, view: KakapoView, geo: BoardGeometry) -> None:
        if self.ghost is not None and self.ghost.shown:
            return
        pos = geo.to_board(ctx.mouse)
        if not geo.on_board(pos):
            return
        cell = (int(pos.y), int(pos.x))
        for i, cells in enumerate(art.bird_cells(view.mission)):
            if cell in cells:
                bid = art.bird_ids(view.mission)[i]
                state = t("kakapo.bird_scanned") if view.scanned[i] else t("kakapo.bird_open")
                text = f"{t(f'kakapo.bird.{bid}')} — {state}"
                w = min(420, p.measure(text, style.SMALL) + 20)
                x = min(ctx.mouse.x + 14, BOARD_ZONE.right - w - 4)
                y = max(BOARD_ZONE.y + 4, ctx.mouse.y - 34)
                p.panel((x, y, w, 28), radius=6)
                p.text(text, (x + 10, y + 14), style.SMALL, style.TEXT_LIGHT, anchor="midleft", max_width=w - 20)
                return

    # info ----------------------------------------------------------------------------------
    def _draw_info(self, p: Painter, ctx: TableContext, view: KakapoView) -> None:
        """Mission, scans, round, skill counters and the decision pile: a layer, painted again when one changes."""
        arriving = self.motion.get(("pile",)) is not None  # the card below shows until the new one lands
        pile = view.pile[:-1] if arriving else view.pile
        key = ("info", view.mission, view.mission_tmx, view.mode, sum(view.scanned), len(view.scanned), view.required,
               view.round, view.round_limit, view.counters, view.lead if view.phase == "reveal" else -1,
               view.top_colour, pile[-1] if pile else None)
        self.layers.draw(p, INFO, key, lambda q: self._paint_info(q, view, pile),
                         late=("info", ctx.viewer))  # may catch up a frame after a move lands
        top, self._lead_y = self._info_spots[self._text_look(p)]
        self.pile_rect = pygame.FRect(INFO.right - 12 - PILE_CARD[0], top, *PILE_CARD)

    def _draw_lead(self, p: Painter, view: KakapoView) -> None:
        """The lead colour under the pile's colour, drawn over the layers; where larger text would take it past
        the info zone's edge, at the right of the reveal row's heading instead (it is the reveals' colour)."""
        if view.lead >= 0 and view.phase == "reveal":
            text = t("kakapo.lead_colour", colour=colour_label(view.lead))
            if self._lead_y + style.TINY * p.scale_now * 1.2 <= INFO.bottom:
                p.text(text, (INFO.right - 22 - PILE_CARD[0], self._lead_y), style.TINY, style.ACCENT, anchor="topright")
            else:  # the heading's line (see _zone), from the right
                p.text(text, (TRICK.right - 12, TRICK.y + 6 - 10 * (p.scale_now - 1)), style.TINY, style.ACCENT,
                       anchor="topright")

    @staticmethod
    def _text_look(p: Painter) -> tuple:
        """What decides where a line of text lands in virtual px: language, sizes, and the sub-pixel part of the
        offset (a layer's painter is the table's shifted by whole pixels)."""
        return (i18n.language(), p.text_scale, p.vp.scale, round(p.vp.offset[0] % 1, 6), round(p.vp.offset[1] % 1, 6))

    def _paint_info(self, p: Painter, view: KakapoView, pile: tuple[int, ...]) -> None:
        self._zone_felt(p, INFO)
        x, y = INFO.x + 12, INFO.y + 8
        k = p.scale_now
        # The pile's labels sit right-aligned left of the pile card; everything else keeps clear of them
        # and each line goes under the one above, so larger text never runs into other text.
        px = INFO.right - 12 - PILE_CARD[0]
        lead = t("kakapo.lead_colour", colour=colour_label(view.lead)) if view.lead >= 0 and view.phase == "reveal" \
            else ""
        right_w = max(p.measure(t("kakapo.top_colour"), style.TINY * k), p.measure(lead, style.TINY * k),
                      p.measure(colour_label(view.top_colour), style.SMALL * k, bold=True))
        left_w = px - 10 - right_w - 10 - x
        line = p.text(mission_line(view), (x, y), style.SMALL, style.TEXT_LIGHT, bold=True,
                      max_width=min(260, INFO.right - 20 - p.measure(t("kakapo.pile"), style.TINY * k) - x))
        done = sum(view.scanned)
        line = p.text(t("kakapo.scan_goal", done=done, required=view.required,
                        birds=plural("kakapo.count.bird", len(view.scanned))),
                      (x, p.under(line, y + 22)), style.TINY, style.GOOD if done >= view.required else style.TEXT_MUTED,
                      max_width=min(260, left_w))
        round_y = p.under(line, y + 44)
        p.text(t("kakapo.round_counter", round=view.round, limit=view.round_limit), (x, round_y), style.H2,
               style.TEXT_LIGHT, bold=True, max_width=128)
        # Skill counters: filled = available, hollow and crossed = spent.
        total = 5 if view.mode == "buddy" else 3
        sx = x + 146
        counters_y = y + 70
        if p.measure(t("kakapo.skills"), p.min_text) <= left_w - 146:  # else the stars alone (no room)
            label = p.text(t("kakapo.skills"), (sx, round_y - (6 if k <= 1 else 0)), style.TINY, style.TEXT_MUTED,
                           max_width=left_w - 146)
            counters_y = max(counters_y, label.bottom + 6)
        if sx + 10 + (total - 1) * 22 + 9 > x + left_w:  # larger text: no room for a row of them, so one and a count
            p.circle((sx + 10, counters_y), 9, style.ACCENT if view.counters else style.PANEL_EDGE,
                     width=0 if view.counters else 2)
            p.text("★", (sx + 10, counters_y), style.TINY, style.INK if view.counters else style.PANEL_EDGE,
                   anchor="center", icon=True)
            p.text(f"{view.counters}/{total}", (sx + 24, counters_y), style.TINY, style.TEXT_LIGHT, anchor="midleft",
                   max_width=x + left_w - sx - 24)
        else:
            for i in range(total):
                centre = (sx + 10 + i * 22, counters_y)
                if i < view.counters:
                    p.circle(centre, 9, style.ACCENT)
                    p.text("★", centre, style.TINY, style.INK, anchor="center", icon=True)
                else:
                    p.circle(centre, 9, style.PANEL_EDGE, width=2)
                    p.line((centre[0] - 5, centre[1] + 5), (centre[0] + 5, centre[1] - 5), style.PANEL_EDGE, 2)
        # The decision pile: its top card (or the purple slot) and the colour it sets.
        # Grown by the text size, the label rises into the zone's top margin and the card steps down under it.
        pile_label = p.text(t("kakapo.pile"), (INFO.right - 12, y - 10 * (k - 1)), style.TINY, style.TEXT_MUTED,
                            anchor="topright")
        py = max(INFO.y + 30, pile_label.y + pile_label.h * 0.9)
        spots_at = self._text_look(p)  # where the pile and the lead line lie depends on the text's look alone
        if pile:
            self._card(p, pile[-1], pygame.FRect(px, py, *PILE_CARD))
        else:
            colour = art.RGB[0]
            p.rect((px, py, *PILE_CARD), art.mix(colour, style.FELT_DARK, 0.4), 5)
            p.rect((px, py, *PILE_CARD), colour, 5, width=2)
            p.text(art.GLYPHS[0], (px + PILE_CARD[0] / 2, py + PILE_CARD[1] / 2), style.H2, style.CARD_FACE,
                   anchor="center")
        line = p.text(t("kakapo.top_colour"), (px - 10, py + 8 - 8 * (k - 1)), style.TINY, style.TEXT_MUTED,
                      anchor="topright")
        line = p.text(colour_label(view.top_colour), (px - 10, p.under(line, py + 26)), style.SMALL, style.TEXT_LIGHT,
                      bold=True, anchor="topright")
        # A blitted layer was painted in this look, so the frames that blit it read the spots from here.
        self._info_spots[spots_at] = (py, p.under(line, py + 46))

    # trick ---------------------------------------------------------------------------------
    def _draw_trick(self, p: Painter, ctx: TableContext, view: KakapoView) -> tuple[int, ...]:
        """The reveal row (or the last round's), drawn live: it changes with nearly every move, so a layer would
        be painted again in most frames that land one. Returns the slots whose card is still on its way from its
        revealer (drawn over the other zones)."""
        showing_last = not view.revealed and view.history and view.phase != "over" and view.phase != "skill"
        if view.phase == "over" and view.history:
            showing_last = True
        if showing_last:
            h = view.history[-1]
            reveals, order = tuple(h.reveals), tuple(s for s, _ in h.reveals)
            decision: tuple[int, int] | None = (h.placer, h.decision)
        else:
            reveals = view.revealed
            order = reveal_order(view.mode, view.start, view.players)
            decision = (view.placer, view.decision) if view.phase == "skill" else None
        lead = leading(view) if view.phase == "reveal" else None
        n = len(order)
        w, h_ = TRICK_CARD
        gap = (TRICK.w - 24 - n * w) / max(1, n - 1) if n > 1 else 0
        gap = min(gap, 36)
        total = n * w + (n - 1) * gap
        x0 = TRICK.centerx - total / 2
        y = TRICK.y + 34 + 16 * (p.scale_now - 1)  # larger text: the label and the cards' tags need the room
        self.trick_slots = [pygame.FRect(x0 + i * (w + gap), y, w, h_) for i in range(n)]
        flying = () if showing_last else tuple(i for i in range(len(reveals))
                                                if self.motion.get(("reveal", i)) is not None)
        next_slot = len(reveals) if view.phase == "reveal" and not showing_last else -1
        names = tuple(ctx.names[seat] for seat in order)
        self._draw_reveal_row(p, bool(showing_last), reveals, order, names, decision, lead, flying, next_slot, gap)
        return flying

    def _draw_flying_reveals(self, p: Painter, view: KakapoView, flying: tuple[int, ...]) -> None:
        for i in flying:
            rect = self.trick_slots[i]
            self._card(p, view.revealed[i][1], pygame.FRect(self.motion.toward(("reveal", i), rect.topleft), rect.size))

    def _draw_reveal_row(self, p: Painter, showing_last: bool, reveals: tuple[tuple[int, int], ...],
                         order: tuple[int, ...],
                         names: tuple[str, ...], decision: tuple[int, int] | None, lead: tuple[int, int] | None,
                         flying: tuple[int, ...], next_slot: int, gap: float) -> None:
        self._zone_felt(p, TRICK)
        self._zone(p, TRICK, t("kakapo.last_round") if showing_last else t("kakapo.reveals"))
        w = TRICK_CARD[0]
        for i, (seat, rect) in enumerate(zip(order, self.trick_slots, strict=True)):
            if i < len(reveals):
                s, k = reveals[i]
                in_flight = i in flying  # still on its way from the revealer: drawn over the layer
                is_decision = not in_flight and decision is not None and decision == (s, k)
                is_leading = not in_flight and lead is not None and lead == (s, k)
                if is_decision or is_leading:
                    p.rect(rect.inflate(8, 8), style.ACCENT, style.RADIUS, width=3)
                if not in_flight:
                    self._card(p, k, rect, dim=showing_last and not is_decision)
                if is_decision or is_leading:
                    tag = t("kakapo.decides") if is_decision else t("kakapo.leading")
                    k = p.scale_now  # the pill grows with its text
                    tw, th = p.measure(tag, style.TINY * k, bold=True) + 12, 17 * k
                    p.rect((rect.centerx - tw / 2, rect.y - 1 - th / 2, tw, th), style.ACCENT, th / 2)
                    p.text(tag, (rect.centerx, rect.y - 1), style.TINY, style.INK, bold=True, anchor="center")
            else:
                nxt = i == next_slot
                p.rect(rect, style.ACCENT if nxt else style.FELT_LINE, 8, width=2 if nxt else 1)
                p.text(str(i + 1), rect.center, style.H2, style.ACCENT if nxt else style.FELT_LINE, anchor="center")
            cy = rect.bottom + 16
            p.seat_disc((rect.x + 9, cy), 8, seat)
            p.text(names[i], (rect.x + 20, cy), style.TINY, style.TEXT_LIGHT, anchor="midleft", max_width=w + gap - 22)

    # catalogue -----------------------------------------------------------------------------
    def _draw_catalogue(self, p: Painter, ctx: TableContext, view: KakapoView) -> None:
        """The catalogue: its felt and heading live, each colour's row a layer painted again when one of its
        pieces is chosen, placed or removed (a move changes a row or two, not all forty pieces)."""
        self._zone_felt(p, CATALOGUE)
        # The heading line: the count right-aligned, the title fitted into what it leaves. Grown by the text
        # size, both rise into the zone's top margin, clear of the first row of pieces.
        rise = 10 * (p.scale_now - 1)
        count = view.used.bit_count()
        used = p.text(self._said(("used", count), lambda: t("kakapo.used_count", count=count)),
                      (CATALOGUE.right - 12, CATALOGUE.y + 6 - rise), style.TINY, style.TEXT_MUTED, anchor="topright")
        p.text(t("kakapo.catalogue"), (CATALOGUE.x + 12, CATALOGUE.y + 6 - rise), style.TINY, style.TEXT_MUTED,
               max_width=used.x - 10 - CATALOGUE.x - 12)
        for colour in range(5):
            # The row's band, inside the zone's edge lines; its pieces reach a little above their boxes.
            band = pygame.FRect(CATALOGUE.x + 2, CATALOGUE.y + 26 + colour * CATALOGUE_ROW, CATALOGUE.w - 4,
                                CATALOGUE_ROW)
            key = ("catalogue", colour, view.used >> 8 * colour & 0xFF,
                   tuple(k for k in view.selection if k >> 3 == colour),
                   tuple(k for k in view.removed_public if k >> 3 == colour))
            self.layers.draw(p, band, key, lambda q, c=colour, r=band: self._paint_catalogue_row(q, view, c, r),
                             late=("catalogue", colour, ctx.viewer))

    @staticmethod
    def _paint_catalogue_row(p: Painter, view: KakapoView, colour: int, band: pygame.FRect) -> None:
        p.rect(band, style.FELT_DARK)
        cell_px = p.vp.px(7)
        col_w = (CATALOGUE.w - 44) / 8
        row_h = CATALOGUE_ROW
        selection = set(view.selection)
        removed = set(view.removed_public)
        y = CATALOGUE.y + 28 + colour * row_h
        p.circle((CATALOGUE.x + 20, y + row_h / 2 - 4), 10, art.RGB[colour])
        p.text(art.GLYPHS[colour], (CATALOGUE.x + 20, y + row_h / 2 - 4), style.TINY, art.GLYPH_INK[colour],
               anchor="center", icon=True)
        for v in range(8):
            k = colour * 8 + v
            x = CATALOGUE.x + 38 + v * col_w
            box = pygame.FRect(x + 1, y, col_w - 2, row_h - 4)
            used = bool(view.used >> k & 1) or k in removed
            if k in selection:
                p.rect(box, art.mix(style.FELT_DARK, style.ACCENT, 0.25), 5)
                p.rect(box, style.ACCENT, 5, width=2)
            o = art.compact_orient(k)
            surf = art.piece_surface(k, o, cell_px, glyphs=False, dim=used)
            p.blit(surf, (box.centerx, box.y + 3 + (row_h - 24) / 2), anchor="center")
            p.text(str(v + 1), (box.x + 2, box.bottom - 1), 11, style.TEXT_MUTED if used else style.TEXT_LIGHT,
                   anchor="bottomleft")
            if used:
                if k in removed:
                    p.line((box.x + 6, box.y + 4), (box.right - 6, box.bottom - 6), style.BAD, 2)
                else:
                    p.text("✓", (box.right - 3, box.bottom - 1), 11, style.GOOD, bold=True, anchor="bottomright")

    # bottom strip --------------------------------------------------------------------------
    def _draw_bottom(self, p: Painter, ctx: TableContext, view: KakapoView, ghost: Ghost | None) -> None:
        hint = self.hint(ctx)
        acting = bool(ctx.legal)
        self._zone_felt(p, BOTTOM)
        if view.phase == "skill" and acting:
            self._draw_skills(p, ctx, view, hint)
        elif ghost is not None:
            self._draw_tray(p, ctx, view, ghost, hint)
        else:
            self._draw_hand(p, ctx, view, hint)

    def _hint_line(self, p: Painter, label: str, hint: str, acting: bool) -> None:
        x = BOTTOM.x + 12
        rise = 10 * (p.scale_now - 1)  # grown by the text size, the line rises into the zone's top margin
        # Without room the label gives way (the hand's cards show its count): the hint keeps its 100 % size.
        if label and p.keeps_label(label, style.TINY, hint, style.SMALL, BOTTOM.right - x - 12 - 14, acting):
            r = p.text(label, (x, BOTTOM.y + 6 - rise), style.TINY, style.TEXT_MUTED)
            x = r.right + 14
        p.text(hint, (x, BOTTOM.y + 4 - rise), style.SMALL, style.ACCENT if acting else style.TEXT_LIGHT,
               bold=acting, max_width=BOTTOM.right - x - 12)

    @staticmethod
    def _row_top(p: Painter) -> float:
        """The top of the cards (or pieces) under the hint line: a little lower when its text is larger."""
        return BOTTOM.y + 28 + 8 * (p.scale_now - 1)

    def _draw_hand(self, p: Painter, ctx: TableContext, view: KakapoView, hint: str) -> None:
        if ctx.viewer is None:
            if self._hot_seat():
                self._hint_line(p, "", hint or t("app.spectating"), False)
                p.text(t("kakapo.hands_hidden"), BOTTOM.center, style.SMALL, style.TEXT_MUTED, anchor="center")
            else:
                self._draw_backs(p, view, hint or t("app.spectating"))
            return
        if self._hot_seat() and view.phase != "reveal":
            self._hint_line(p, "", hint, False)
            p.text(t("kakapo.hands_hidden"), (BOTTOM.centerx, BOTTOM.centery + 10), style.SMALL, style.TEXT_MUTED,
                   anchor="center")
            return
        acting = bool(ctx.legal)
        self._hint_line(p, self.hand_label(ctx, "kakapo.your_hand", len(view.hand)), hint, acting)
        playable = {a.card for a in ctx.legal if isinstance(a, Reveal)}
        if self.selected_card not in playable:
            self.selected_card = None
        hand = list(view.hand)
        w, h = HAND_CARD
        button_w = 150 if acting else 0
        room = BOTTOM.w - 24 - button_w - (12 if acting else 0)
        step = min(w + 6, (room - w) / max(1, len(hand) - 1)) if len(hand) > 1 else w
        x = BOTTOM.x + 12
        for i, c in enumerate(hand):
            ok = c in playable
            lifted = c == self.selected_card
            lift = 10 - 8 * (p.scale_now - 1)  # a lifted card stays clear of the grown hint line
            rect = pygame.FRect(x, self._row_top(p) - (lift if lifted else 0), w, h)
            hover = ok and rect.collidepoint(ctx.mouse)
            drawn = self.dealt_rect(ctx.viewer, i, rect)  # on its way from the deal (clicks keep `rect`)
            if drawn is not None:
                with p.overlay() if drawn != rect else nullcontext():  # in flight it passes over the hint line
                    self._card(p, c, drawn, highlight=ok, hover=hover, selected=lifted, dim=acting and not ok)
            if ok:
                self.hot_hand.append((rect, c))
            x += step
        if acting:
            label = t("kakapo.reveal_card", card=self._card_name(self.selected_card)) \
                if self.selected_card is not None else t("kakapo.action.play")
            self.buttons.append(Button(pygame.FRect(BOTTOM.right - 12 - button_w, BOTTOM.y + 44, button_w, 48), label,
                                       self._reveal_selected(ctx), enabled=self.selected_card is not None,
                                       primary=True, size=style.SMALL))

    def _draw_deal(self, p: Painter, ctx: TableContext, view: KakapoView) -> None:
        """The deal's deck and the cards on their way to hands this screen does not show face up: to the seat's
        disc in the side column (a spectator's fans of backs mark their own places in `_draw_backs`)."""
        if not self.motion.running():
            return
        hidden = self._hot_seat() and (ctx.viewer is None or view.phase != "reveal")  # see _draw_hand
        viewer = None if hidden else ctx.viewer
        if viewer is not None or hidden:
            w, h = 30, 43
            for seat in range(view.players):
                if seat != viewer:
                    anchor = seat_anchor(view.players, seat)
                    self.hand_place(seat, pygame.FRect(anchor.x - w / 2, anchor.y - h / 2, w, h))
        self.draw_deal(p, viewer)

    def _draw_backs(self, p: Painter, view: KakapoView, hint: str) -> None:
        """Spectator: the hint line and every hand as a fan of backs with its size (sizes are public)."""
        self._hint_line(p, "", hint, False)
        w, h = 30, 43
        slot = (BOTTOM.w - 24) / view.players
        back = render_back(*p.size_px(w, h))
        for seat in range(view.players):
            x = BOTTOM.x + 12 + seat * slot
            n = self.dealt(seat, view.hand_sizes[seat])  # the fan grows as a deal's cards land on it
            self.hand_place(seat, pygame.FRect(x, BOTTOM.y + 36, w, h))
            for i in range(min(n, 10)):
                p.blit(back, (x + i * 9, BOTTOM.y + 36))
            cx = x + min(n, 10) * 9 + w + 18
            p.circle((cx, BOTTOM.y + 58), 10, style.SEAT_COLORS[seat % 6])
            p.text(style.SEAT_GLYPHS[seat % 6], (cx, BOTTOM.y + 58), style.TINY, style.INK, anchor="center", icon=True)
            p.text(f"× {n}", (cx + 16, BOTTOM.y + 58), style.SMALL, style.TEXT_LIGHT, anchor="midleft")

    def _draw_skills(self, p: Painter, ctx: TableContext, view: KakapoView, hint: str) -> None:
        self._hint_line(p, t("kakapo.skill_choice"), hint, True)
        options = [a for a in ctx.legal if isinstance(a, Skill)]
        n = len(options)
        gap = 8
        w = min(170, (BOTTOM.w - 24 - gap * (n - 1)) / max(1, n))
        x = BOTTOM.x + 12
        self.hover_skill = None
        for i, skill in enumerate(options):
            rect = pygame.FRect(x + i * (w + gap), BOTTOM.y + 32, w, 78)
            hover = rect.collidepoint(ctx.mouse) or skill == self.skill_focus
            if hover:
                self.hover_skill = skill
            p.rect(rect, art.mix(style.PANEL_DARK, style.ACCENT, 0.18 if hover else 0.06), 8)
            p.rect(rect, style.ACCENT if hover else style.ACCENT_DARK, 8, width=3)
            spends = skill.kind != "none"
            p.rect((rect.x + 6, rect.y + 6, 18, 18), style.ACCENT, 4)
            p.text(str(i + 1), (rect.x + 15, rect.y + 15), style.TINY, style.INK, bold=True, anchor="center")
            # The label stops short of the cost tag on the top edge, which its letters reach at larger text.
            p.text(skill_label(skill), (rect.x + 30, rect.y + 15), style.TINY, style.TEXT_LIGHT, bold=True,
                   anchor="midleft", max_width=rect.w - 36 - (40 if spends and p.scale_now > 1 else 0))
            if spends:  # the cost, as a tag on the tile's top edge
                p.rect((rect.right - 40, rect.y - 9, 34, 17), style.ACCENT, 8)
                p.text("★−1", (rect.right - 23, rect.y - 1), style.TINY, style.INK, bold=True, anchor="center")
            selection = skill_selection(view, skill)
            if not selection:
                p.text(t("kakapo.no_piece"), (rect.centerx, rect.y + 48), style.TINY, style.TEXT_MUTED,
                       anchor="center", max_width=rect.w - 12)
            cell_px = p.vp.px(8)
            span = rect.w / max(1, len(selection))
            for j, k in enumerate(selection):
                surf = art.piece_surface(k, art.compact_orient(k), cell_px, glyphs=False)
                cx = rect.x + span * (j + 0.5)
                p.blit(surf, (cx, rect.y + 50), anchor="center")
                p.text(self._card_name(k), (cx, rect.bottom - 4), style.TINY, style.TEXT_MUTED, anchor="midbottom")
            self.hot_skills.append((rect, skill))

    def _draw_tray(self, p: Painter, ctx: TableContext, view: KakapoView, ghost: Ghost, hint: str) -> None:
        self._hint_line(p, t("kakapo.to_place"), hint, True)
        x = BOTTOM.x + 12
        for k in view.selection:
            o = ghost.orient if k == ghost.piece else art.compact_orient(k)
            cell = 12
            shape = pieces.ORIENTATIONS[k][o]
            rect = pygame.FRect(x, self._row_top(p), max(86, shape.width * cell + 16), 80 - 4 * (p.scale_now - 1))
            held = k == ghost.piece
            hover = rect.collidepoint(ctx.mouse)
            p.rect(rect, art.mix(style.PANEL_DARK, style.ACCENT, 0.2 if held else 0.05), 8)
            p.rect(rect, style.ACCENT if (held or hover) else style.ACCENT_DARK, 8, width=3 if held else 2)
            surf = art.piece_surface(k, o, p.vp.px(cell), glyphs=False)
            p.blit(surf, (rect.centerx, rect.y + 36), anchor="center")
            p.text(self._card_name(k), (rect.centerx, rect.bottom - 3), style.TINY, style.TEXT_LIGHT, bold=held,
                   anchor="midbottom")
            self.hot_tray.append((rect, k))
            x = rect.right + 8
        reason = self._verdict(ctx).reason if ghost.shown else None
        info_x = x + 8
        bw = 112
        buttons_x = BOTTOM.right - 12 - 3 * bw - 16
        if not ghost.shown:
            text, colour = t("kakapo.preview.start"), style.TEXT_MUTED
        elif reason is None:
            how = "legal_drag" if ghost.dragging else "legal_hover" if ghost.following else "legal"
            said = words_for("kakapo")
            cell = said.placed_at(ghost.piece, ghost.orient, *ghost.anchor)
            text = t(f"kakapo.preview.{how}", piece=said.card(ghost.piece), cell=cell)
            colour = style.GOOD
        else:
            text, colour = "× " + reason, style.BAD
        p.wrapped(text, (info_x, BOTTOM.y + 34, buttons_x - info_x - 12, 70), style.SMALL, colour, bold=reason is None
                  and ghost.shown)
        y = BOTTOM.y + 44
        self.buttons.append(Button(pygame.FRect(buttons_x, y, bw, 44), t("kakapo.action.rotate") + " (R)",
                                   ghost.rotate, size=style.SMALL))
        self.buttons.append(Button(pygame.FRect(buttons_x + bw + 8, y, bw, 44), t("kakapo.action.flip") + " (F)",
                                   ghost.flip, size=style.SMALL))
        self.buttons.append(Button(pygame.FRect(buttons_x + 2 * bw + 16, y, bw, 44), t("kakapo.action.place"),
                                   lambda: self._confirm(ctx), enabled=ghost.shown and reason is None, primary=True,
                                   size=style.SMALL))

    # cards ---------------------------------------------------------------------------------
    @staticmethod
    def _card_name(k: int) -> str:
        return f"{art.GLYPHS[k >> 3]}{pieces.value_of(k)}"

    def _card(self, p: Painter, k: int, rect: pygame.FRect, highlight: bool = False, hover: bool = False,
              selected: bool = False, dim: bool = False) -> None:
        if highlight or selected:
            p.rect(rect.inflate(8, 8), style.ACCENT if (hover or selected) else style.ACCENT_DARK, style.RADIUS,
                   width=0 if selected else 3)
        p.alpha_rect((rect.x + 2, rect.y + 3, rect.w, rect.h), style.SHADOW, 60, 6)
        p.blit(render_card(art.card_face(k), *p.size_px(rect.w, rect.h)), rect.topleft)
        if dim:
            p.alpha_rect(rect, style.SHADOW, 70, 6)

    # ----- input ------------------------------------------------------------------------
    def _reveal_selected(self, ctx: TableContext):
        def reveal() -> None:
            if self.selected_card is not None and Reveal(self.selected_card) in self._legal(ctx):
                ctx.act(Reveal(self.selected_card))
        return reveal

    def _confirm(self, ctx: TableContext) -> bool:
        g = self.ghost
        if g is None or not g.shown:
            return False
        action = g.action()
        if action in self._legal(ctx):
            ctx.act(action)
            return True
        reason = self._verdict(ctx).reason
        if reason:
            self.table.show_toast(t("app.illegal", reason=reason))
        return False

    def _drop(self, ctx: TableContext) -> None:
        """A drag ended over the board: place the piece if its spot is legal and is the one on the screen.

        A drop on a spot not yet drawn (the release came before a frame showed it) only pins the piece
        there, so nothing is ever placed where the player did not see it."""
        g = self.ghost
        assert g is not None
        g.release()
        if g.action() == self.drawn_action:
            self._confirm(ctx)

    def handle(self, event: pygame.event.Event, ctx: TableContext) -> bool:
        self.motion.skip_on(event, BOARD_AREA, self.table.app.mouse)  # the click still does what it does
        if not ctx.legal:
            return False
        view = self._view(ctx)
        if view.phase == "place":
            return self._handle_place(event, ctx)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pos = self.table.app.mouse(event.pos)
            if click(self.buttons, pos):
                return True
            for rect, action in self.hot_skills:
                if rect.collidepoint(pos):
                    ctx.act(action)
                    return True
            for rect, c in reversed(self.hot_hand):
                if rect.collidepoint(pos):
                    if self.selected_card == c:
                        self._reveal_selected(ctx)()
                    else:
                        self.selected_card = c
                    return True
            return False
        if event.type != pygame.KEYDOWN:
            return False
        if view.phase == "skill":
            options = [a for a in ctx.legal if isinstance(a, Skill)]
            if event.key in DIGITS and DIGITS[event.key] < len(options):
                ctx.act(options[DIGITS[event.key]])
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):  # nothing is lit before an arrow: a stray Enter chooses none
                self.skill_focus = step_choice(options, self.skill_focus, 1 if event.key == pygame.K_RIGHT else -1)
                return True
            if event.key in ENTER and self.skill_focus in options:
                ctx.act(self.skill_focus)
                return True
            return False
        playable = sorted((a.card for a in ctx.legal if isinstance(a, Reveal)), key=lambda k: view.hand.index(k))
        same_value = [k for k in playable if pieces.value_of(k) == DIGITS.get(event.key, -1) + 1]
        if same_value:  # by card value, as in every game; again for the next card of that value
            at = same_value.index(self.selected_card) if self.selected_card in same_value else -1
            self.selected_card = same_value[(at + 1) % len(same_value)]
            return True
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and playable:
            self.selected_card = step_choice(playable, self.selected_card, 1 if event.key == pygame.K_RIGHT else -1)
            return True
        if event.key in ENTER and self.selected_card is not None:
            self._reveal_selected(ctx)()
            return True
        return False

    def _handle_place(self, event: pygame.event.Event, ctx: TableContext) -> bool:
        ghost = self._ensure_ghost(ctx)
        if ghost is None:
            return False
        geo = BoardGeometry(self.table.app.viewport)
        if event.type == pygame.MOUSEMOTION:
            pos = geo.to_board(self.table.app.mouse(event.pos))
            if (ghost.dragging or ghost.following) and geo.on_board(pos):
                ghost.point_at(pos)
            return False
        if event.type == pygame.MOUSEWHEEL:
            ghost.rotate(event.y < 0)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._press(event, ctx, ghost, geo)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            self._release(event, ctx, ghost, geo)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in MOVE_KEYS:
            ghost.nudge(*MOVE_KEYS[event.key])
            return True
        if event.key == pygame.K_r:
            ghost.rotate(not event.mod & pygame.KMOD_SHIFT)
            return True
        if event.key == pygame.K_f:
            ghost.flip()
            return True
        if event.key in (pygame.K_q, pygame.K_TAB):
            view = self._view(ctx)
            if len(view.selection) > 1:
                i = view.selection.index(ghost.piece)
                self.ghost = Ghost(view.selection[(i + 1) % len(view.selection)])
            return True
        if event.key in ENTER:
            if not ghost.shown:
                ghost.nudge(0, 0)
                return True
            self._confirm(ctx)
            return True
        return False

    def _press(self, event: pygame.event.Event, ctx: TableContext, ghost: Ghost, geo: BoardGeometry) -> bool:
        pos_v = self.table.app.mouse(event.pos)
        if event.button == 3:
            ghost.rotate()
            return True
        if event.button != 1:
            return False
        if click(self.buttons, pos_v):
            return True
        for rect, k in self.hot_tray:
            if rect.collidepoint(pos_v):
                if k != ghost.piece:
                    self.ghost = ghost = Ghost(k)
                ghost.take_from_tray()
                self.press, self.press_start = TRAY, pygame.Vector2(pos_v)
                return True
        pos = geo.to_board(pos_v)
        if not geo.on_board(pos):
            return False
        pinned = ghost.shown and not ghost.following
        on_piece = ghost.press(pos)
        self.press = CONFIRM if pinned and on_piece else BOARD
        self.press_start = pygame.Vector2(pos_v)
        return True

    def _release(self, event: pygame.event.Event, ctx: TableContext, ghost: Ghost, geo: BoardGeometry) -> None:
        """Left button up: a click pins (or, on the pinned piece, places); a drag drops the piece."""
        pos_v = self.table.app.mouse(event.pos)
        pos = geo.to_board(pos_v)
        press, self.press = self.press, None
        moved = self.press_start is not None and pos_v.distance_to(self.press_start) > DRAG_SLOP
        self.press_start = None
        if not moved:
            ghost.dragging = False
            if press == CONFIRM:
                self._confirm(ctx)
            elif press == BOARD:
                ghost.pin()
            return
        if geo.on_board(pos):
            ghost.point_at(pos)
            self._drop(ctx)
        else:  # let go off the board: the piece stays in hand where it was last shown
            ghost.dragging = False
            if press != TRAY and ghost.shown:
                ghost.pin()
