"""The Sumidagawa board: the Board hooks, the viewer's hand and Rin, and input.

See the package docstring for the layout and the keys.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop import i18n
from tabletop.engine.core import Action, Event
from tabletop.games.sumidagawa.actions import Discard, Pass, Play, Revive, TurnDown
from tabletop.games.sumidagawa.cards import BLACK, RED, cards_of, colour_of, value_of
from tabletop.games.sumidagawa.combos import COMBOS
from tabletop.games.sumidagawa.state import FIRE_DISCARD, FIRE_RIN, OVER, REVIVE, TURN
from tabletop.games.sumidagawa.view import SumidagawaView
from tabletop.i18n import plural, t
from tabletop.ui import style
from tabletop.ui.ahead import Ahead
from tabletop.ui.games import BOARD_AREA, BoardBase, TableContext
from tabletop.ui.games.sumidagawa import art, panels, river
from tabletop.ui.games.sumidagawa.layout import (
    CARDS_Y,
    HAND,
    HAND_LEFT,
    HAND_RIGHT,
    LIFT,
    READOUT_Y,
    RIN_LEFT,
    RIN_STEP,
)
from tabletop.ui.games.sumidagawa.picking import Pick, by_combo, combo_of, next_of
from tabletop.ui.games.sumidagawa.reference import draw_reference
from tabletop.ui.layer_cache import LayerCache
from tabletop.ui.motion import Motion, Spots
from tabletop.ui.painter import Painter
from tabletop.ui.widgets import Button

DIGITS = {pygame.K_1 + i: i + 1 for i in range(9)} | {pygame.K_0: 10}
DIGITS |= {pygame.K_KP1 + i: i + 1 for i in range(9)} | {pygame.K_KP0: 10}
NOTE_TIME = 6.0


class Board(BoardBase):
    # What every seat may see (public animations, memories of public events, caches); see BoardBase.
    TABLE_STATE = ("flash", "banner_age", "prev_jun", "jun_log", "note", "note_time", "motion", "rin_seen")
    LETTER_KEYS = frozenset({pygame.K_z})  # a black Rin
    HAND_AREA = HAND

    def __init__(self, table) -> None:
        self.table = table
        self.pick = Pick()
        self.pick_owner: int | None = None
        self.suggested: Play | None = None  # the last play N put up, and what was picked before
        self.suggest_base: Pick | None = None
        self.flash: dict[int, float] = {}
        self.banner_age = 99.0
        self.show_ref = False
        self.prev_jun: list[tuple] = []  # plays/discards of the Jun that just ended, from events
        self.jun_log: list[tuple] = []
        self.note: tuple[str, dict] | None = None
        self.note_time = 0.0
        # Public moves: ("river",) the newest play or discard flying in from its seat, ("rin", seat, colour) a Rin
        # turning down or back up, ("tile", tile) an agari tile flying from the seat that went out to the tile row,
        # ("taken", tile) one turning over to its holder's colour, ("leaving", i, face) the cards of a finished
        # Jun drifting away when the next Jun begins.
        self.motion = Motion(lambda: table.app.settings)
        self.rin_seen = table.session.state.view(None).rin  # the public Rin before the next events (rin_flip)
        self.spots = Spots()
        # hit areas, rebuilt by each draw
        self.hot: list[tuple[pygame.FRect, Callable[[], None]]] = []
        self.buttons: list[Button] = []
        self.seat_rects: dict[int, pygame.FRect] = {}
        self.combo_rects: dict[int, pygame.FRect] = {}
        self.ref_button = pygame.FRect(0, 0, 0, 0)
        self.combo_options: dict[int, tuple[int, Play]] = {}
        self._options_key: tuple = ()
        # Zones redrawn only when what they show changes (not shared at a hot-seat hand-over: a new board)
        self.layers = LayerCache(size=64, keyed=True)  # seats, river, combinations frame and rows, scores
        self.landing = False
        self.warming = Ahead()  # see river.warm_words
        if not table.session.record.actions:  # a new match: the first hands are dealt as the table opens
            self._deal()

    # ----- table hooks ---------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for seat in list(self.flash):
            self.flash[seat] -= dt
            if self.flash[seat] <= 0:
                del self.flash[seat]
        self.banner_age += dt
        self.note_time = max(0.0, self.note_time - dt)
        self.motion.update(dt)

    def busy(self) -> bool:
        return self.motion.running()

    def animating(self) -> bool:
        return (bool(self.flash) or self.banner_age < 0.9 or self.note_time > 0  # 0.9: the new play's outline
                or self.motion.running())

    def origin(self, seat: int) -> pygame.FRect:
        """Where `seat`'s cards leave from: the hand for the person at the screen, else their seat in the strip."""
        w, h = art.RIVER_CARD
        if seat == self.table.viewer():
            return pygame.FRect(HAND_LEFT + 300, CARDS_Y, w, h)
        r = self.seat_rects.get(seat, BOARD_AREA)
        return pygame.FRect(r.centerx - w / 2, r.centery - h / 2, w, h)

    def on_events(self, events: list[Event], seat: int) -> None:
        self.landing = True  # this frame draws the move: it renders nothing ahead (river.warm_words)
        self.flash[seat] = 0.9
        if self.table.session.is_human(seat):
            self.pick.clear()
        points: list[tuple[int, int]] = []
        for e in events:
            d = e.data
            if e.kind in ("play", "discard") and not self.jun_log and self.prev_jun:
                self._send_away(self.prev_jun)
            if e.kind == "play":
                self.banner_age = 0.0
                self.jun_log.append(("play", d["seat"], d["cards"], d["combo"], d["declared"]))
                self.motion.fly(("river",), self.origin(d["seat"]))
            elif e.kind == "discard":
                self.jun_log.append(("discard", d["seat"], d["card"]))
                self.motion.fly(("river",), self.origin(d["seat"]))
            elif e.kind in ("rin_down", "revive"):  # turned down by a play, back up at a Jun's end
                self.motion.turn(("rin", d["seat"], d["colour"]))
            elif e.kind == "tile":  # an agari tile taken by the seat whose hand emptied turns to its colour
                self.motion.turn(("taken", d["tile"]))
            elif e.kind == "out":
                self.motion.fly(("tile", d["tile"]), self.origin(d["seat"]))
                self._set_note("note_out", seat=d["seat"], place=d["place"])
            elif e.kind in ("jun_end", "jun_end_dakuryu", "jun_end_empty"):
                self.prev_jun, self.jun_log = self.jun_log, []
                if e.kind == "jun_end":
                    self._set_note("note_jun_end", seat=d["last_seat"])
                elif e.kind == "jun_end_dakuryu":
                    self._set_note("note_jun_dakuryu", seat=d["seat"])
                else:
                    self._set_note("note_jun_empty")
            elif e.kind == "points":
                points.append((d["seat"], d["points"]))
            elif e.kind == "game_start":
                self._deal()
            elif e.kind == "game_end":
                self.prev_jun, self.jun_log = [], []
                self._set_note("note_game_end", game=d["game"], points=points[:])
        self._turn_flipped(events)

    def _turn_flipped(self, events: list[Event]) -> None:
        """Used Rin turned face down at a Jun's end (`rin_flip` gives only a count): the public Rin before and
        after the events tell which colours turned, and those turn over where they now lie."""
        before, self.rin_seen = self.rin_seen, self.table.session.state.view(None).rin
        if any(e.kind == "game_start" for e in events):
            return  # a new game's Rin all stand up again: nothing turned on the table shown
        for e in events:
            if e.kind == "rin_flip":
                seat = e.data["seat"]
                for colour, n in panels.flipped_rin(seat, before[seat], self.rin_seen[seat], events).items():
                    for k in range(n):
                        self.motion.turn(("rin_flip", seat, colour, k))

    def _deal(self) -> None:
        """Each game's hands are dealt from the river's middle, a card to each seat in turn (see `deal_hands`):
        the viewer's fly into the hand strip, the others' face down onto the fan of backs on their seat panel."""
        self.deal_hands(art.CARD)

    def _send_away(self, entries: list[tuple]) -> None:
        """The finished Jun's cards (drawn last frame, dimmed) leave the river as the new Jun's first play lands."""
        faces = [face for entry in river.items_from_events(entries) for face in river.item_faces(entry)]
        for i, face in enumerate(faces):
            spot = self.spots.rects.get(("previous", i - len(faces)))
            if spot is not None:
                self.motion.fly(("leaving", i, face), spot, base=style.TWEEN * 1.4, delay=0.02 * i)

    def _set_note(self, key: str, **params) -> None:
        self.note = (key, params)
        self.note_time = NOTE_TIME

    def note_text(self, ctx: TableContext) -> str:
        if self.note is None or self.note_time <= 0:
            return ""
        key, params = self.note
        shown = dict(params)
        if "seat" in shown:
            shown["name"] = ctx.names[shown["seat"]]
        if "points" in shown:
            sep = "・" if i18n.language() == "ja" else " · "
            shown["points"] = sep.join(f"{ctx.names[s]} {pts}" for s, pts in sorted(shown["points"],
                                                                                    key=lambda sp: -sp[1]))
        return t(f"sumidagawa.{key}", **shown)

    def status(self, ctx: TableContext) -> str:
        view = ctx.view
        assert isinstance(view, SumidagawaView)
        if view.phase == OVER:
            return t("sumidagawa.status_over")
        game = t("sumidagawa.status_game", game=view.game_index + 1, games=view.games_target, jun=view.jun_number)
        if view.phase == TURN:
            phase = (t("sumidagawa.phase_open") if view.table is None
                     else t("sumidagawa.phase_table", table=view.table))
        else:
            who = view.revive_queue[0] if view.phase == REVIVE and view.revive_queue else view.last_player
            key = {FIRE_DISCARD: "phase_fire_discard", FIRE_RIN: "phase_fire_rin", REVIVE: "phase_revive"}[view.phase]
            phase = t(f"sumidagawa.{key}", name=ctx.names[who] if who >= 0 else "")
        return f"{game} · {phase}"

    def seat_info(self, ctx: TableContext, seat: int) -> str:
        view = ctx.view
        assert isinstance(view, SumidagawaView)
        if seat in view.out_order:
            return t("sumidagawa.info_out", place=view.out_order.index(seat) + 1,
                     points=plural("app.count.point", view.scores[seat]))
        return t("sumidagawa.info", cards=plural("app.count.card", self.dealt(seat, view.hand_sizes[seat])),
                 up=view.rin[seat][0] + view.rin[seat][1], points=plural("app.count.point", view.scores[seat]))

    # ----- drawing ------------------------------------------------------------------------
    def draw(self, p: Painter, ctx: TableContext) -> None:
        view = ctx.view
        assert isinstance(view, SumidagawaView)
        self.hot, self.buttons = [], []
        hand = cards_of(view.hand) if view.hand else ()
        mine = ctx.viewer is not None
        if ctx.viewer != self.pick_owner:
            self.pick.clear()  # hot-seat: a new player never sees the last one's selection
            self.pick_owner = ctx.viewer
        if mine:
            up = view.rin[ctx.viewer][0], view.rin[ctx.viewer][1]
            self.pick.fit(hand, up)
        plays = [a for a in ctx.legal if isinstance(a, Play)]
        reading = self.pick.reading(view.table, view.used_combos) if mine and view.phase == TURN else None
        key = (tuple(sorted(self.pick.cards.items())), tuple(self.pick.rin), view.table, view.used_combos, view.hand,
               view.rin[ctx.viewer] if mine else (), view.played, view.locked, view.leader_acted, len(plays))
        if key != self._options_key:  # the legal plays only change with these: skip the scan on quiet frames
            self._options_key = key
            self.combo_options = by_combo(self.pick.completions(plays, view.table), view.table) if plays else {}
        self.spots.begin()
        painted = self.layers.painted
        panels.draw_strip(p, ctx, view, self)
        river.draw_river(p, ctx, view, self)
        panels.draw_combos(p, ctx, view, self, self.combo_options, reading.combo if reading else None,
                           reading.declared if reading else None)
        if mine:
            self._draw_hand(p, ctx, view, hand, reading)
        else:
            panels.draw_scores(p, ctx, view, self)
        self.spots.finish()
        self.draw_deal(p, ctx.viewer)
        for b in self.buttons:
            b.hovered = b.rect.collidepoint(ctx.mouse)
            b.draw(p)
        if self.show_ref:
            draw_reference(p)
        if not self.landing and self.layers.painted == painted:  # a frame with time to spare
            river.warm_words(p, self, tuple(ctx.names))
        self.landing = False

    def _hint(self, ctx: TableContext, view: SumidagawaView) -> tuple[str, style.Color]:
        seat = ctx.viewer
        assert seat is not None
        if view.phase == OVER:
            return t("sumidagawa.hint_over"), style.TEXT_MUTED
        if not ctx.legal:
            if seat in view.out_order:
                return t("sumidagawa.hint_out"), style.GOOD
            acting = [s for s in range(view.players) if panels._to_act(view, s)]
            name = ctx.names[acting[0]] if acting else ""
            return t("sumidagawa.hint_wait", name=name), style.TEXT_MUTED
        if view.phase == FIRE_DISCARD:
            return t("sumidagawa.hint_discard"), style.ACCENT
        if view.phase == FIRE_RIN:
            return t("sumidagawa.hint_down"), style.ACCENT
        if view.phase == REVIVE:
            return t("sumidagawa.hint_revive"), style.ACCENT
        if view.kagerou and view.leader == seat and not view.leader_acted:
            return t("sumidagawa.hint_kagerou"), style.ACCENT
        if any(isinstance(a, Pass) for a in ctx.legal):
            return t("sumidagawa.hint_play_or_pass"), style.ACCENT
        if view.table is None:
            return t("sumidagawa.hint_open"), style.ACCENT
        return t("sumidagawa.hint_must_play", table=view.table), style.ACCENT

    def _draw_hand(self, p: Painter, ctx: TableContext, view: SumidagawaView, hand: tuple[int, ...],
                   reading) -> None:
        seat = ctx.viewer
        assert seat is not None
        panels.zone(p, HAND)
        hint, colour = self._hint(ctx, view)
        label = self.hand_label(ctx, "sumidagawa.your_hand", len(hand))
        hint_x = HAND.x + 14  # without room the label gives way (the fan shows the count): the hint keeps its size
        if p.keeps_label(label, style.TINY, hint, style.SMALL, RIN_LEFT - 26 - hint_x - 14, colour == style.ACCENT):
            hint_x = panels.write(p, label, (HAND.x + 14, HAND.y + 10), style.TINY, style.TEXT_MUTED).right + 14
        panels.write(p, hint, (hint_x, HAND.y + 8), style.SMALL, colour, bold=colour == style.ACCENT,
               max_width=RIN_LEFT - hint_x - 26)
        panels.write(p, t("sumidagawa.your_rin"), (RIN_LEFT, HAND.y + 10), style.TINY, style.TEXT_MUTED)
        choosing = view.phase in (FIRE_DISCARD, FIRE_RIN, REVIVE) and bool(ctx.legal)
        discards = {a.card: a for a in ctx.legal if isinstance(a, Discard)}
        selectable = view.phase == TURN and seat in [s for s in range(view.players) if view.active >> s & 1]
        # the hand: a fan sorted by value (black before red)
        w, h = art.CARD
        n = len(hand)
        step = min(w + 8, (HAND_RIGHT - HAND_LEFT - w) / max(1, n - 1)) if n > 1 else 0
        copies: dict[int, int] = {}
        rects: list[tuple[pygame.FRect, int, int]] = []
        for i, c in enumerate(hand):
            k = copies.get(c, 0)
            copies[c] = k + 1
            rects.append((pygame.FRect(HAND_LEFT + i * step, CARDS_Y, w, h), c, k))
        hover_i = -1
        for i in range(n - 1, -1, -1):
            if rects[i][0].collidepoint(ctx.mouse) or rects[i][0].move(0, -LIFT).collidepoint(ctx.mouse):
                hover_i = i
                break
        if n == 0:
            # Wrapped within the hand's part of the strip: larger text must not run under the Rin.
            box = pygame.FRect(HAND_LEFT, CARDS_Y + h / 2 - style.BODY * p.text_scale * 1.25, HAND_RIGHT - HAND_LEFT,
                               style.BODY * p.text_scale * 2.5)
            p.wrapped(t("sumidagawa.hand_empty"), box, style.BODY, style.TEXT_MUTED, line_gap=1.2, align="center")
        held = {c: hand.count(c) for c in set(hand)}
        for i, (rect, c, k) in enumerate(rects):
            selected = selectable and k < self.pick.cards.get(c, 0)
            legal = c in discards
            lift = LIFT if selected else (6 if i == hover_i and (selectable or legal) else 0)
            shown = rect.move(0, -lift)
            drawn = self.dealt_rect(ctx.viewer, i, shown)  # None while it waits in the deal's deck
            if drawn is not None:
                panels.card(p, art.bon(c, *p.size_px(w, h)), drawn, highlight=legal, hover=legal and i == hover_i,
                            selected=selected)
            hit = pygame.FRect(shown.x, shown.y, (step if i < n - 1 else w), h + lift)
            if legal:
                self.hot.append((hit, lambda a=discards[c]: ctx.act(a)))
            elif selectable:
                self.hot.append((hit, lambda c=c, k=k: self.pick.toggle_copy(c, k, held[c])))
        self._draw_my_rin(p, ctx, view, seat, selectable)
        if choosing:
            self._draw_choice(p, ctx, view)
        elif selectable:
            self._draw_readout(p, ctx, view, reading)

    def _draw_my_rin(self, p: Painter, ctx: TableContext, view: SumidagawaView, seat: int, selectable: bool) -> None:
        downs = {a.colour: a for a in ctx.legal if isinstance(a, TurnDown)}
        revives = {a.colour: a for a in ctx.legal if isinstance(a, Revive)}
        w, h = art.CARD
        w, h = w * 0.62, h * 0.62
        slot = {BLACK: 0, RED: 0}
        slots = panels.rin_slots(view.rin[seat])
        for k, (colour, st) in enumerate(slots):
            n = slot[colour]
            slot[colour] += 1 if st == "up" else 0
            x = RIN_LEFT + k * RIN_STEP
            y = CARDS_Y + 20 + (-12 if st == "used" else 0)
            rect = pygame.FRect(x, y, w, h)
            action: Action | None = None
            if st == "up" and colour in downs:
                action = downs[colour]
            if st == "down" and colour in revives:
                action = revives[colour]
            can_pick = selectable and st == "up" and action is None
            selected = can_pick and n < self.pick.rin[colour]
            hover = rect.collidepoint(ctx.mouse)
            shown = rect.move(0, -LIFT if selected else (-6 if hover and (can_pick or action) else 0))
            if not panels.draw_rin_turning(p, self, seat, colour, st, shown, slots[:k].count((colour, st))):
                panels.draw_rin(p, colour, st, shown, highlight=action is not None, hover=hover, selected=selected)
            state_key = {"up": "rin_up", "used": "rin_used", "down": "rin_down"}[st]
            label, ink = t(f"sumidagawa.{state_key}"), style.TEXT_MUTED if st != "up" else style.TEXT_LIGHT
            if " " not in label and p.measure(label, p.min_text) <= RIN_STEP - 2:
                # One word (使える) stays whole, fitted to the width, rather than broken before its last kana.
                p.text(label, (rect.centerx, rect.bottom + 10), style.TINY, ink, anchor="midtop",
                       max_width=RIN_STEP - 2)
            else:  # under its Rin, on two lines where larger text needs them ("face / down")
                p.wrapped(label, (rect.centerx - (RIN_STEP - 2) / 2, rect.bottom + 10, RIN_STEP - 2,
                          style.TINY * p.text_scale * 2.3), style.TINY, ink, line_gap=1.1, align="center")
            if action is not None:
                self.hot.append((shown, lambda a=action: ctx.act(a)))
            elif can_pick:
                up = view.rin[seat][colour]
                self.hot.append((shown, lambda c=colour, n=n, up=up: self.pick.click_rin(c, n, up)))

    def _draw_readout(self, p: Painter, ctx: TableContext, view: SumidagawaView, reading) -> None:
        y = READOUT_Y
        x = HAND_LEFT
        right = HAND.right - 16
        can_pass = any(isinstance(a, Pass) for a in ctx.legal)
        play = self.pick.play()
        legal_play = reading is not None and play in ctx.legal
        bw = 150
        self.buttons.append(Button(pygame.FRect(right - bw, y + 14, bw, 46), t("sumidagawa.btn_play"),
                                   lambda: self.confirm(ctx), enabled=legal_play, primary=True, size=style.BODY))
        bx = right - bw - 10
        if can_pass:
            self.buttons.append(Button(pygame.FRect(bx - 120, y + 14, 120, 46), t("sumidagawa.btn_pass"),
                                       lambda: ctx.act(Pass()), size=style.SMALL))
            bx -= 130
        if not self.pick.empty():
            self.buttons.append(Button(pygame.FRect(bx - 100, y + 14, 100, 46), t("sumidagawa.btn_clear"),
                                       self.pick.clear, size=style.SMALL))
            bx -= 110
        width = bx - x - 10
        if self.pick.empty():
            p.wrapped(t("sumidagawa.keys_help"), (x, y + 8, width, HAND.bottom - y - 10), style.TINY,
                      style.TEXT_MUTED, line_gap=1.2)
            return
        if reading is not None:
            ja, aside = panels.banner_texts(reading.combo, reading.declared)
            r = panels.write(p, f"{ja} {aside}".strip(), (x, y + 26), style.H2, style.ACCENT if ctx.legal else style.TEXT_LIGHT,
                       bold=True, anchor="midleft", max_width=width)
            extra = []
            if reading.menzaifu:
                extra.append(t("sumidagawa.tag_menzaifu"))
            if reading.rin_only:
                extra.append(t("sumidagawa.tag_rin_only"))
            sub = t(f"sumidagawa.combo.{COMBOS[reading.combo].id}")
            if extra:
                sub += " · " + " · ".join(extra)
            if not ctx.legal:
                sub += " · " + t("sumidagawa.not_your_turn")
            elif not legal_play:
                sub += " · " + t("sumidagawa.not_now")
            panels.write(p, sub, (x, r.bottom + 4), style.TINY, style.TEXT_MUTED, max_width=width)
            return
        if self.combo_options:
            sep = "、" if i18n.language() == "ja" else ", "
            can = sep.join(panels.banner_texts(c, d)[0] for c, (d, _) in sorted(self.combo_options.items()))
            panels.write(p, t("sumidagawa.keep_picking"), (x, y + 10), style.SMALL, style.INFO, bold=True)
            p.wrapped(t("sumidagawa.can_become", combos=can), (x, y + 32, width, HAND.bottom - y - 34),
                      style.TINY, style.TEXT_LIGHT, line_gap=1.2)
            return
        refusal = self.pick.refusal(view.table, view.used_combos)
        if refusal is not None:
            text = t(f"sumidagawa.{refusal.key}", **refusal.params)
        else:
            text = t("sumidagawa.illegal.generic")
        panels.write(p, t("sumidagawa.not_a_play"), (x, y + 10), style.SMALL, style.BAD, bold=True)
        p.wrapped(text, (x, y + 32, width, HAND.bottom - y - 34), style.TINY, style.TEXT_LIGHT, line_gap=1.2)

    def _draw_choice(self, p: Painter, ctx: TableContext, view: SumidagawaView) -> None:
        y = READOUT_Y
        right = HAND.right - 16
        options: list[tuple[str, Action]] = []
        for a in ctx.legal:
            if isinstance(a, Discard):
                options.append((t("sumidagawa.btn_discard", card=self.card_name(a.card)), a))
            elif isinstance(a, TurnDown):
                options.append((t("sumidagawa.btn_down", colour=self.colour_name(a.colour)), a))
            elif isinstance(a, Revive):
                options.append((t("sumidagawa.btn_revive", colour=self.colour_name(a.colour)), a))
        bw = 210
        x = right - len(options) * (bw + 10) + 10
        for i, (label, action) in enumerate(options):
            self.buttons.append(Button(pygame.FRect(x + i * (bw + 10), y + 14, bw, 46), f"{label} ({i + 1})",
                                       lambda a=action: ctx.act(a), primary=True, size=style.SMALL))
        key = {FIRE_DISCARD: "why_discard", FIRE_RIN: "why_down", REVIVE: "why_revive"}[view.phase]
        p.wrapped(t(f"sumidagawa.{key}"), (HAND_LEFT, y + 8, x - HAND_LEFT - 16, HAND.bottom - y - 10),
                  style.TINY, style.TEXT_LIGHT, line_gap=1.2)

    def card_name(self, card: int) -> str:
        return t("sumidagawa.card_name", colour=self.colour_name(colour_of(card)), value=value_of(card))

    @staticmethod
    def colour_name(colour: int) -> str:
        return t("sumidagawa.colour_word.black" if colour == BLACK else "sumidagawa.colour_word.red")

    # ----- input --------------------------------------------------------------------------
    def confirm(self, ctx: TableContext) -> None:
        view = ctx.view
        assert isinstance(view, SumidagawaView)
        if self.pick.empty():
            return
        play = self.pick.play()
        if play in ctx.legal:
            ctx.act(play)
            return
        refusal = self.pick.refusal(view.table, view.used_combos)
        key = f"sumidagawa.{refusal.key}" if refusal else "sumidagawa.illegal.generic"
        self.table.show_toast(t("app.illegal", reason=t(key, **(refusal.params if refusal else {}))))

    def _pick_combo(self, combo: int, ctx: TableContext) -> None:
        """Click on a combination: select the closest legal play of it (again: the next one)."""
        view = ctx.view
        assert isinstance(view, SumidagawaView)
        plays = [a for a in ctx.legal if isinstance(a, Play)]
        current = self.pick.play()
        if combo_of(current) == combo and current in plays:
            mine = [a for a in plays if combo_of(a) == combo]
            mine.sort(key=lambda a: (a.rin, a.size, str(a)))
            nxt = next_of(mine, current)
        else:
            option = self.combo_options.get(combo)
            nxt = option[1] if option else None
        if nxt is not None:
            self.pick.set_play(nxt)

    def _suggest(self, ctx: TableContext) -> None:
        """N: step through the legal plays that contain what was picked (all plays when nothing was)."""
        view = ctx.view
        assert isinstance(view, SumidagawaView)
        plays = [a for a in ctx.legal if isinstance(a, Play)]
        if not plays:
            return
        current = self.pick.play()
        if self.suggested is None or current != self.suggested:
            self.suggest_base = Pick(self.pick.cards.copy(), self.pick.rin[:])
        base = self.suggest_base or Pick()
        if base.empty():
            options = sorted(plays, key=lambda a: (a.rin, -a.size, str(a)))
        else:
            options = base.completions(plays, view.table)
        nxt = next_of(options, current if current == self.suggested else Play(()))
        if nxt is not None:
            self.pick.set_play(nxt)
            self.suggested = nxt

    def handle(self, event: pygame.event.Event, ctx: TableContext) -> bool:
        self.motion.skip_on(event, BOARD_AREA, self.table.app.mouse)  # the click still does what it does
        view = ctx.view
        assert isinstance(view, SumidagawaView)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self.show_ref = not self.show_ref
            return True
        if self.show_ref:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self.show_ref = False
                return True
            return event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            pos = self.table.app.mouse(event.pos)
            if event.button == 3:
                self.pick.clear()
                return True
            if self.ref_button.collidepoint(pos):
                self.show_ref = True
                return True
            for b in self.buttons:
                if b.hit(pos):
                    b.on_click()
                    return True
            for combo, rect in self.combo_rects.items():
                if rect.collidepoint(pos) and combo in self.combo_options:
                    self._pick_combo(combo, ctx)
                    return True
            for rect, fn in reversed(self.hot):
                if rect.collidepoint(pos):
                    fn()
                    return True
            return False
        if event.type != pygame.KEYDOWN or ctx.viewer is None:
            return False
        key = event.key
        choices = [a for a in ctx.legal if isinstance(a, (Discard, TurnDown, Revive))]
        if choices:
            index = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_KP1: 0, pygame.K_KP2: 1}.get(key)
            if key in (pygame.K_z, pygame.K_x):
                want = BLACK if key == pygame.K_z else RED
                index = next((i for i, a in enumerate(choices)
                              if (colour_of(a.card) if isinstance(a, Discard) else a.colour) == want), None)
            if index is not None and index < len(choices):
                ctx.act(choices[index])
                return True
            return False
        if view.phase != TURN:
            return False
        hand = cards_of(view.hand)
        up = view.rin[ctx.viewer][0], view.rin[ctx.viewer][1]
        if key in DIGITS:
            self.pick.add_value(DIGITS[key], hand, prefer_red=bool(event.mod & pygame.KMOD_SHIFT))
            return True
        if key in (pygame.K_z, pygame.K_x):
            colour = BLACK if key == pygame.K_z else RED
            self.pick.toggle_rin(colour, up[colour])
            return True
        if key == pygame.K_BACKSPACE:
            self.pick.clear()
            return True
        if key in (pygame.K_n, pygame.K_RIGHT):
            self._suggest(ctx)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and ctx.legal:
            self.confirm(ctx)
            return True
        if key == pygame.K_p and Pass() in ctx.legal:
            ctx.act(Pass())
            return True
        return False
