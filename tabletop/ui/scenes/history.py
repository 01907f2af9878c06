"""History: past games (date, game, players, winner) with their replays, and statistics per game and name.

Read from the user data folder by `tabletop.stats` each time the screen opens; a
file that cannot be read is listed as unreadable (with the reason) and never
opens. Keys: Tab (or 1 / 2) switches tab, ↑/↓ choose a game, Enter watches its
replay, V opens the AI's review of it (the results screen's Review tab), wheel / PgUp / PgDn scroll, Esc back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import pygame

from tabletop import i18n
from tabletop.engine import registry
from tabletop.i18n import t
from tabletop.stats import GameStats, HistoryEntry, SeatStats, load_stats
from tabletop.ui import style
from tabletop.ui.painter import Painter
from tabletop.ui.scene import Scene
from tabletop.ui.scroll import WIDTH as SCROLL_W
from tabletop.ui.scroll import Scroller
from tabletop.ui.text import font_at
from tabletop.ui.widgets import Button
from tabletop.ui.words import join_names
from tabletop.userdata import data_dir

if TYPE_CHECKING:
    from tabletop.ui.app import App

LIST = pygame.FRect(40, 150, 1200, 480)  # at text size 100 %; its top moves down as the heading grows
TITLE_Y = 24
TABS_Y = 86  # the tabs' top at 100 %: under the heading's letters at every text size
TAB_GAP = 4  # between the heading's line box and the tabs
ROW_H = 48
STAT_ROW = 30
ARROW = "▶"  # marks the selected game
COLUMNS = (("app.col_date", 0), ("app.col_game", 180), ("app.col_players", 470), ("app.col_winner", 850))


def _title(game_id: str) -> str:
    try:
        return registry.entry(game_id).title[i18n.language()]
    except registry.UnknownGame:
        return game_id


def _number(value: float | None) -> str:
    if value is None:
        return "–"
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _shortened(p: Painter, text: str, width: float, names: frozenset[str], bold: bool = False) -> str:
    """`text` with its players' names shortened by the shared rule until it fits `width` at the list's own
    size, not only at the readable minimum: a row of names stays as large as the rest of the row."""
    return p.shorten_names(text, width * p.min_text / (style.SMALL * p.scale_now), bold, names)


class HistoryScene(Scene):
    name = "history"

    def __init__(self, app: App, tab: str = "games") -> None:
        super().__init__(app)
        self.tab = tab
        self.entries: list[HistoryEntry] = []
        self.stats: dict[str, GameStats] = {}
        self.selected = 0
        self.scroller = Scroller()
        self.list = pygame.FRect(LIST)  # set in layout: under the tabs

    def tabs_top(self) -> float:
        """The tabs' top: under the heading's whole line box, which grows with the text size (a box's edge
        needs the descenders clear too, not only the next line's letters as `Painter.under` gives)."""
        vp = self.app.viewport
        line = font_at(vp.px(style.H1 * self.app.painter.text_scale), True).get_height() / vp.scale
        return max(TABS_Y, TITLE_Y + line + TAB_GAP)

    def enter(self) -> None:
        self.reload()
        super().enter()

    def reload(self) -> None:
        self.entries, self.stats = load_stats(data_dir())
        self.selected = min(self.selected, max(0, len(self.entries) - 1))

    def layout(self) -> None:
        tabs_y = self.tabs_top()
        self.list = pygame.FRect(LIST.x, LIST.y + tabs_y - TABS_Y, LIST.w, LIST.bottom - LIST.y - tabs_y + TABS_Y)
        self.widgets = [
            Button(pygame.FRect(40, tabs_y, 200, 40), t("app.tab_games"), lambda: self.set_tab("games"),
                   selected=self.tab == "games", size=style.SMALL),
            Button(pygame.FRect(248, tabs_y, 200, 40), t("app.tab_stats"), lambda: self.set_tab("stats"),
                   selected=self.tab == "stats", size=style.SMALL),
            Button(pygame.FRect(40, 652, 180, 48), t("app.back"), self.app.stack.pop, hotkey=pygame.K_ESCAPE),
        ]
        if self.tab == "games" and self.entries:
            entry = self.entries[self.selected]
            self.widgets.append(Button(pygame.FRect(1040, 652, 200, 48), t("app.watch_replay"), self.watch,
                                       primary=True, enabled=entry.ok))
            self.widgets.append(Button(pygame.FRect(820, 652, 200, 48), t("results.tab_review"), self.review,
                                       enabled=entry.ok, hotkey=pygame.K_v))

    def set_tab(self, tab: str) -> None:
        if tab != self.tab:
            self.tab = tab
            self.scroller.offset = 0
        self.layout()

    def watch(self, index: int | None = None) -> None:
        from tabletop.ui.scenes.replay import ReplayScene

        entry = self.entries[self.selected if index is None else index]
        if entry.ok and entry.record is not None:
            self.app.stack.push(ReplayScene(self.app, entry.record))

    def review(self) -> None:
        """The AI's review of the selected game: its results screen, opened on the Review tab."""
        from tabletop.engine.records import RecordError, replay
        from tabletop.session import Session
        from tabletop.ui.scenes.results import ResultsScene

        entry = self.entries[self.selected] if self.entries else None
        if entry is None or not entry.ok or entry.record is None:
            return
        try:
            replayed = replay(entry.record, entry.path)
        except RecordError:
            return  # listed as readable but no longer replays: nothing to review
        if not replayed.state.is_over():
            return
        scene = ResultsScene(self.app, Session.resume(replayed), tab="review")
        scene.replayed = True
        self.app.stack.push(scene)

    def select(self, index: int) -> None:
        if not self.entries:
            return
        self.selected = max(0, min(len(self.entries) - 1, index))
        visible = int(self.list.h // ROW_H) - 1
        if self.selected < self.scroller.offset:
            self.scroller.offset = self.selected
        elif self.selected >= self.scroller.offset + visible:
            self.scroller.offset = self.selected - visible + 1
        self.layout()

    # ----- input ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_TAB, pygame.K_1, pygame.K_2):
                target = {pygame.K_1: "games", pygame.K_2: "stats"}.get(event.key)
                self.set_tab(target or ("stats" if self.tab == "games" else "games"))
                return None
            if self.tab == "games":
                moves = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: 8, pygame.K_PAGEUP: -8,
                         pygame.K_HOME: -10**6, pygame.K_END: 10**6}
                if event.key in moves:
                    self.select(self.selected + moves[event.key])
                    return None
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                    if self.entries:
                        self.watch()
                    return None
            else:
                moves = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: 10, pygame.K_PAGEUP: -10,
                         pygame.K_HOME: -10**6, pygame.K_END: 10**6}
                if event.key in moves:
                    self.scroller.scroll(moves[event.key])
                    return None
        if event.type == pygame.MOUSEWHEEL:
            self.scroller.scroll(-event.y * 2)
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            pos = self.app.mouse(event.pos)
            if self.scroller.handle_mouse(event, pos):
                return None
            if (self.tab == "games" and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                    and self.list.collidepoint(pos) and pos.y >= self.list.y + ROW_H):
                index = self.scroller.offset + int((pos.y - self.list.y - ROW_H) // ROW_H)
                if 0 <= index < len(self.entries):
                    again = index == self.selected
                    self.select(index)
                    if again or event.__dict__.get("clicks", 1) >= 2:
                        self.watch(index)
                    return None
        return super().handle(event)

    # ----- drawing ----------------------------------------------------------------------
    def draw(self, p: Painter) -> None:
        p.text(t("app.history_title"), (40, TITLE_Y), style.H1, style.TEXT_LIGHT, bold=True, max_width=1200)
        p.panel(self.list)
        with p.scaled():  # rows are tall enough for 150 % text; long cells shrink to fit
            if self.tab == "games":
                self._draw_games(p)
            else:
                self._draw_stats(p)
        self.draw_widgets(p)

    def _draw_games(self, p: Painter) -> None:
        header_y = self.list.y + ROW_H / 2
        for key, dx in COLUMNS:
            p.text(t(key), (self.list.x + 20 + dx, header_y), style.SMALL, style.TEXT_MUTED, bold=True,
                   anchor="midleft")
        p.line((self.list.x + 10, self.list.y + ROW_H - 2), (self.list.right - 10, self.list.y + ROW_H - 2),
               style.PANEL_EDGE)
        if not self.entries:
            p.text(t("app.history_empty"), self.list.center, style.BODY, style.TEXT_MUTED, anchor="center")
            return
        visible = int(self.list.h // ROW_H) - 1
        self.scroller.set_size(len(self.entries), visible)
        shown = range(self.scroller.offset, min(len(self.entries), self.scroller.offset + visible))
        for row, index in enumerate(shown):
            entry = self.entries[index]
            y = self.list.y + ROW_H * (row + 1)
            rect = pygame.FRect(self.list.x + 8, y + 3, self.list.w - 30, ROW_H - 6)
            if index == self.selected:
                p.rect(rect, (64, 58, 36), 8)
                p.rect(rect, style.ACCENT, 8, width=2)
                p.text(ARROW, (rect.x + 2, rect.centery), style.TINY, style.ACCENT, anchor="midleft")
            self._draw_entry(p, entry, rect)
        self.scroller.draw(p, pygame.FRect(self.list.right - SCROLL_W - 6, self.list.y + ROW_H, SCROLL_W,
                                           self.list.h - ROW_H - 8))

    def _draw_entry(self, p: Painter, entry: HistoryEntry, rect: pygame.FRect) -> None:
        x, cy = rect.x + 18, rect.centery
        date = entry.finished.replace("T", " ")[:16] if entry.finished else "?"
        date_x = max(x, rect.x + 8 + p.measure(ARROW, style.TINY * p.scale_now))  # clear of the open arrow
        p.text(date, (date_x, cy), style.SMALL, style.TEXT_LIGHT, anchor="midleft", max_width=x + 170 - date_x)
        if not entry.ok or entry.record is None:
            p.text("⚠ " + t("app.unreadable"), (x + 180, cy), style.SMALL, style.BAD, bold=True, anchor="midleft",
                   max_width=280)
            p.text(f"{entry.path.name}: {entry.error}", (x + 470, cy), style.TINY, style.TEXT_MUTED,
                   anchor="midleft", max_width=rect.right - x - 480)
            return
        record = entry.record
        p.text(_title(record.game), (x + 180, cy), style.SMALL, style.TEXT_LIGHT, bold=True, anchor="midleft",
               max_width=280)
        names = frozenset(entry.names)  # this game's players: long names are shortened by the shared rule
        p.text(_shortened(p, join_names(entry.names), 370, names), (x + 470, cy), style.SMALL, style.TEXT_LIGHT,
               anchor="midleft", max_width=370)
        if entry.coop_success is not None:
            verdict = ("○ " + t("app.coop_won")) if entry.coop_success else ("× " + t("app.coop_lost"))
            color = style.GOOD if entry.coop_success else style.BAD
        else:
            winners = [entry.names[s] for s in entry.winners if s < len(entry.names)]
            best = max(entry.scores) if entry.scores else None
            verdict = "★ " + join_names(winners) + (f" ({_number(best)})" if best is not None else "")
            color = style.ACCENT
        room = rect.right - x - 860
        p.text(_shortened(p, verdict, room, names, bold=True), (x + 850, cy), style.SMALL, color, bold=True,
               anchor="midleft", max_width=room)

    # ----- statistics -----------------------------------------------------------------
    def _stat_rows(self) -> list[tuple[str, object]]:
        rows: list[tuple[str, object]] = []
        for game_id, stats in self.stats.items():
            rows.append(("game", (game_id, stats)))
            if stats.cooperative and stats.played:
                rows.append(("team", stats))
            if stats.missions_total is not None:
                rows.append(("missions", stats))
            if stats.seats:
                rows.append(("head", stats))
                rows += [("seat", seat) for seat in stats.ranked()]
            rows.append(("gap", None))
        return rows

    def _draw_stats(self, p: Painter) -> None:
        rows = self._stat_rows()
        if not any(stats.played for stats in self.stats.values()):
            p.text(t("app.stats_empty"), (self.list.centerx, self.list.y + 40), style.BODY, style.TEXT_MUTED,
                   anchor="center")
            rows = [r for r in rows if r[0] in ("game", "missions")] if "kakapo" in self.stats else []
            top = self.list.y + 80
        else:
            top = self.list.y + 14
        visible = int((self.list.bottom - top - 10) // STAT_ROW)
        self.scroller.set_size(len(rows), visible)
        cols = (("app.stats_name", 40, "midleft"), ("app.stats_played", 520, "midright"),
                ("app.stats_wins", 640, "midright"), ("app.stats_win_rate", 780, "midright"),
                ("app.stats_average", 940, "midright"), ("app.stats_best", 1080, "midright"))
        for i, (kind, data) in enumerate(rows[self.scroller.offset:self.scroller.offset + visible]):
            y = top + i * STAT_ROW + STAT_ROW / 2
            x = self.list.x + 20
            if kind == "game":
                game_id, stats = cast(tuple[str, GameStats], data)
                p.text(_title(game_id), (x, y), style.BODY, style.ACCENT, bold=True, anchor="midleft", max_width=500)
                p.text(t("app.stats_games", n=stats.played), (x + 520, y), style.SMALL, style.TEXT_MUTED,
                       anchor="midleft")
            elif kind == "team":
                stats = cast(GameStats, data)
                p.text(t("app.stats_team", wins=stats.team_wins, n=stats.played, rate=round(100 * stats.win_rate)),
                       (x + 20, y), style.SMALL, style.TEXT_LIGHT, anchor="midleft", max_width=1000)
            elif kind == "missions":
                stats = cast(GameStats, data)
                p.text(t("app.stats_missions", n=stats.missions_cleared, total=stats.missions_total), (x + 20, y),
                       style.SMALL, style.TEXT_LIGHT, anchor="midleft", max_width=1000)
            elif kind == "head":
                for key, dx, anchor in cols:
                    p.text(t(key), (x + dx, y), style.TINY, style.TEXT_MUTED, bold=True, anchor=anchor)
            elif kind == "seat":
                seat = cast(SeatStats, data)
                values = (seat.name, str(seat.played), str(seat.wins), f"{round(100 * seat.win_rate)}%",
                          _number(seat.average), _number(seat.best_score))
                for (_, dx, anchor), value in zip(cols, values):
                    p.text(value, (x + dx, y), style.SMALL, style.TEXT_LIGHT, anchor=anchor, max_width=400)
        self.scroller.draw(p, pygame.FRect(self.list.right - SCROLL_W - 6, self.list.y + 8, SCROLL_W, self.list.h - 16))
