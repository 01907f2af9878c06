"""Continue: every game in progress (game, players, move, date), to resume or delete (after asking).

Read from the user data folder (`userdata.list_saves`) whenever the screen shows; a save
that cannot be read is moved aside and named in a message, the others still list. Keys:
Tab or the arrows move between the buttons, Enter presses one, Del asks to delete the
focused row's game, wheel / PgUp / PgDn scroll a long list, Esc back.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from tabletop import i18n
from tabletop.engine import registry
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.painter import Painter
from tabletop.ui.scene import Scene
from tabletop.ui.scenes.confirm import ConfirmScene
from tabletop.ui.widgets import Button
from tabletop.userdata import SavedGame, delete_save, list_saves

if TYPE_CHECKING:
    from tabletop.ui.app import App

LIST_TOP = 136
ROW_H = 84
ROW_GAP = 10
VISIBLE_ROWS = 5
ROW_X, ROW_W = 80, 1120


def game_title(game_id: str) -> str:
    try:
        return registry.entry(game_id).title[i18n.language()]
    except registry.UnknownGame:
        return game_id


def players_text(saved: SavedGame) -> str:
    """The seats by name, AI seats marked, joined as the language joins a list."""
    names = [s.name if s.kind == "human" else t("app.save_ai_seat", name=s.name) for s in saved.record.seats]
    return ("、" if i18n.language() == "ja" else ", ").join(names)


def date_text(saved_at: float) -> str:
    when = time.localtime(saved_at)
    return t("app.save_date", year=when.tm_year, month=when.tm_mon, day=when.tm_mday, hour=when.tm_hour,
             minute=when.tm_min)


def move_text(saved: SavedGame) -> str:
    return t("app.save_move", n=len(saved.record.actions))


class SavesScene(Scene):
    name = "saves"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.saves: list[SavedGame] = []
        self.problems: list[str] = []
        self.first = 0  # index of the top visible row

    def enter(self) -> None:
        self.reload()
        super().enter()

    def resume(self) -> None:
        self.reload()
        super().resume()

    def reload(self) -> None:
        self.saves, problems = list_saves()
        self.problems = [*self.problems, *problems]
        self.first = max(0, min(self.first, len(self.saves) - VISIBLE_ROWS))

    def _row_rect(self, i: int) -> pygame.FRect:
        return pygame.FRect(ROW_X, LIST_TOP + (i - self.first) * (ROW_H + ROW_GAP), ROW_W, ROW_H)

    def visible(self) -> range:
        return range(self.first, min(len(self.saves), self.first + VISIBLE_ROWS))

    def layout(self) -> None:
        self.widgets = []
        for i in self.visible():
            r = self._row_rect(i)
            self.widgets.append(Button(pygame.FRect(r.right - 316, r.y + 20, 170, 44), t("app.save_resume"),
                                       self._resumer(self.saves[i]), primary=True))
            self.widgets.append(Button(pygame.FRect(r.right - 136, r.y + 20, 120, 44), t("app.save_delete"),
                                       self._deleter(self.saves[i]), size=style.SMALL))
        self.widgets.append(Button(pygame.FRect(40, 648, 180, 48), t("app.back"), self.app.stack.pop,
                                   hotkey=pygame.K_ESCAPE))

    def _resumer(self, saved: SavedGame) -> Callable[[], None]:
        def resume_game() -> None:
            from tabletop.session import Session
            from tabletop.ui.scenes.table import TableScene

            self.app.stack.replace(TableScene(self.app, Session.resume(saved.replayed), resumed=True))
        return resume_game

    def _deleter(self, saved: SavedGame) -> Callable[[], None]:
        def ask() -> None:
            body = t("app.save_delete_body", game=game_title(saved.record.game), players=players_text(saved),
                     n=len(saved.record.actions))
            self.app.stack.push(ConfirmScene(self.app, t("app.save_delete_title"), body, t("app.save_delete"),
                                             lambda: self._delete(saved), danger=True))
        return ask

    def _delete(self, saved: SavedGame) -> None:
        try:
            delete_save(saved.slot)
        except OSError as exc:
            self.problems.append(f"{saved.slot}: {exc.strerror or exc}")
        self.focus = None
        self.reload()
        self.layout()

    def scroll(self, rows: int) -> None:
        first = max(0, min(self.first + rows, len(self.saves) - VISIBLE_ROWS))
        if first != self.first:
            self.first = first
            self.focus = None
            self.layout()

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return None
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_PAGEDOWN: VISIBLE_ROWS, pygame.K_PAGEUP: -VISIBLE_ROWS}
            if event.key in steps:
                self.scroll(steps[event.key])
                return None
            if event.key == pygame.K_DELETE and self.focus is not None and self.focus < 2 * len(self.visible()):
                delete = self.widgets[self.focus - self.focus % 2 + 1]  # each row: resume, delete
                if isinstance(delete, Button):
                    delete.on_click()
                return None
        return super().handle(event)

    @staticmethod
    def _draw_players(p: Painter, players: str, box: pygame.FRect, names: frozenset[str]) -> None:
        """The seats left of the date: one line fitted, or (six long names at larger text) the lines the row
        holds, at their size at 100 % (larger text never makes them smaller) or else at the readable minimum,
        or else one line with the names shortened by the painter's one rule for names, so the list never runs
        into the date nor out of its row."""
        k = p.text_scale
        least = style.SMALL if k > 1 else p.min_text  # the smallest it is drawn at: above 100 %, as at 100 %
        if p.measure(players, least) <= box.w:
            p.text(players, (box.x, box.y + 2), style.SMALL, style.INK_SOFT, max_width=box.w)
            return
        # The painter scales sizes by the setting: SMALL / k draws at SMALL, least / k at least.
        for size in (style.SMALL / k, least / k):
            if len(p.wrap_lines(players, box.w, size)) * size * k * 1.15 <= box.h + 0.5:
                p.wrapped(players, box, size, style.INK_SOFT, line_gap=1.15)
                return
        p.text(p.shorten_names(players, box.w, names=names, size=least), (box.x, box.y + 2), least / k,
               style.INK_SOFT, max_width=box.w)

    def draw(self, p: Painter) -> None:
        from tabletop.ui.scenes.title import MOTIFS

        head = p.text(t("app.saves_title"), (40, 28 - 12 * (p.scale_now - 1)), style.H1, style.TEXT_LIGHT, bold=True)
        p.text(t("app.saves_hint"), (40, p.under(head, 84)), style.SMALL, style.TEXT_MUTED, max_width=1200)
        if not self.saves:
            p.text(t("app.saves_empty"), (640, 300), style.BODY, style.TEXT_MUTED, anchor="center", max_width=1000)
        for i in self.visible():
            saved = self.saves[i]
            r = self._row_rect(i)
            color, glyph = MOTIFS.get(saved.record.game, (style.PANEL_EDGE, "?"))
            p.alpha_rect((r.x + 3, r.y + 4, r.w, r.h), style.SHADOW, 70, style.RADIUS)
            p.rect(r, style.PANEL, style.RADIUS)
            p.rect((r.x, r.y, 84, r.h), color, style.RADIUS)
            p.rect((r.x + 72, r.y, 12, r.h), color)
            p.text(glyph, (r.x + 42, r.centery), 44, style.PANEL, bold=True, anchor="center")
            text_w = r.w - 84 - 24 - 330
            title = p.text(game_title(saved.record.game), (r.x + 104, r.y + 8), style.H2, style.INK, bold=True,
                           max_width=text_w - 200)
            facts_x = r.x + 104 + text_w
            date = date_text(saved.saved_at)
            players_w = facts_x - p.measure(date, style.SMALL * p.text_scale) - 24 - (r.x + 104)
            players_y = p.under(title, r.y + 48)  # under the title's letters, which grow with the text size
            self._draw_players(p, players_text(saved),
                               pygame.FRect(r.x + 104, players_y, players_w, r.bottom - players_y),
                               frozenset(seat.name for seat in saved.record.seats))
            p.text(move_text(saved), (facts_x, r.y + 14), style.BODY, style.INK, bold=True, anchor="topright")
            p.text(date, (facts_x, r.y + 50), style.SMALL, style.INK_SOFT, anchor="topright")
            p.rect(r, style.CARD_EDGE, style.RADIUS, width=1)
        if len(self.saves) > VISIBLE_ROWS:
            shown = f"{self.first + 1}–{self.first + len(self.visible())} / {len(self.saves)}"
            p.text(shown, (ROW_X + ROW_W, LIST_TOP + VISIBLE_ROWS * (ROW_H + ROW_GAP)), style.SMALL,
                   style.TEXT_MUTED, anchor="topright")
        if self.problems:
            p.panel((260, 648, 980, 48))
            p.text(t("app.autosave_corrupt", reason=" · ".join(self.problems)), (280, 672), style.SMALL, style.BAD,
                   anchor="midleft", max_width=940)
        self.draw_widgets(p)
