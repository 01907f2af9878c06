"""Sumidagawa on a phone: the Bon hand by card with counts and the face-up Rin, the Jun's last play, the
combinations used, each player's cards, Rin and points. Plays are grouped by the combination they make, each
labelled with its cards and the number it declares (the lowest legal reading, as the table would read it)."""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Action, View
from tabletop.games.sumidagawa.actions import Play
from tabletop.games.sumidagawa.cards import BLACK, NUM_CODES, RED, RIN_LETTER, card_text
from tabletop.games.sumidagawa.combos import COMBOS, declared_number, declared_range
from tabletop.games.sumidagawa.state import FIRE_DISCARD, FIRE_RIN, OVER, REVIVE, TURN
from tabletop.games.sumidagawa.view import SumidagawaView
from tabletop.i18n import plural, t
from tabletop.remote.sheets import Sheet
from tabletop.ui.words import join, words_for
from tabletop.ui.words.sumidagawa import SumidagawaWords

_PHASE_KEYS = {FIRE_DISCARD: "sumidagawa.phase_fire_discard", FIRE_RIN: "sumidagawa.phase_fire_rin",
               REVIVE: "sumidagawa.phase_revive"}


class SumidagawaSheet(Sheet):
    game_id = "sumidagawa"
    cards = (*range(NUM_CODES), *RIN_LETTER)  # Bon codes, then a face-up Rin by its letter ("b", "r")

    @property
    def words(self) -> SumidagawaWords:
        words = words_for(self.game_id)
        assert isinstance(words, SumidagawaWords)
        return words

    def image(self, card: int | str, lang: str) -> str:
        if isinstance(card, str):
            return f"sumidagawa_rin_{card}"
        return f"sumidagawa_{card_text(card).lower()}"

    def hand(self, view: View) -> list[dict[str, Any]]:
        assert isinstance(view, SumidagawaView)
        if view.seat is None or not view.hand:
            return []
        entries = [self.card_entry(c, view.hand[c]) for c in range(NUM_CODES) if view.hand[c]]
        for colour in (BLACK, RED):
            up = view.rin[view.seat][colour]
            if up:
                entries.append(self.card_entry(RIN_LETTER[colour], up))
        return entries

    def status(self, view: View, names: list[str]) -> str:
        assert isinstance(view, SumidagawaView)
        if view.phase == OVER:
            return t("sumidagawa.status_over")
        game = t("sumidagawa.status_game", game=view.game_index + 1, games=view.games_target, jun=view.jun_number)
        if view.phase == TURN:
            phase = t("sumidagawa.phase_open") if view.table is None else t("sumidagawa.phase_table", table=view.table)
        else:
            who = view.revive_queue[0] if view.phase == REVIVE and view.revive_queue else view.last_player
            phase = t(_PHASE_KEYS[view.phase], name=names[who] if who >= 0 else "")
        return f"{game} · {phase}"

    def combo(self, index: int) -> str:
        return t(f"sumidagawa.combo.{COMBOS[index].id}")

    def table(self, view: View, names: list[str]) -> list[str]:
        assert isinstance(view, SumidagawaView)
        lines = []
        plays = view.jun_plays
        if plays:
            _, seat, bon, rin_black, rin_red, combo, declared = plays[-1]
            lines.append(t("app.phone.sumidagawa.last_play", name=names[seat], combo=self.combo(combo),
                           number=declared, cards=self.words.play(bon, rin_black, rin_red)))
        used = [self.combo(i) for i in range(len(COMBOS)) if view.used_combos >> i & 1]
        if used:
            lines.append(t("app.phone.listed", what=t("sumidagawa.combos_title"), items=join(used)))
        for seat, name in enumerate(names):
            if seat in view.out_order:
                info = t("sumidagawa.info_out", place=view.out_order.index(seat) + 1,
                         points=plural("app.count.point", view.scores[seat]))
            else:
                info = t("sumidagawa.info", cards=plural("app.count.card", view.hand_sizes[seat]),
                         up=view.rin[seat][0] + view.rin[seat][1], points=plural("app.count.point", view.scores[seat]))
            lines.append(t("app.phone.seat_line", name=name, info=info))
        return lines

    def _reading(self, view: SumidagawaView, action: Play) -> tuple[int, int | None] | None:
        found = declared_range(action.bon, action.rin_black, action.rin_red)
        if found is None:
            return None
        combo, lo, hi, _ = found
        return combo, declared_number(lo, hi, view.table)

    def group(self, view: View, action: Action) -> str:
        assert isinstance(view, SumidagawaView)
        if isinstance(action, Play):
            reading = self._reading(view, action)
            return self.combo(reading[0]) if reading is not None else ""
        return ""

    def label(self, view: View, action: Action, names: list[str]) -> str:
        assert isinstance(view, SumidagawaView)
        text = self.words.action(action, names)
        if isinstance(action, Play):
            reading = self._reading(view, action)
            if reading is not None and reading[1] is not None:
                return t("app.phone.sumidagawa.play_as", play=text, number=reading[1])
        return text


SHEET = SumidagawaSheet()
