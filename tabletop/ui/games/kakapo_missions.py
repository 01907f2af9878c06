"""KAKAPO mission select: the 40 missions as thumbnails with difficulty and cleared marks.

Buddy missions (2 players) on top, Party missions (3–4 players) below, each numbered
from easy to hard. Selecting a mission and pressing Play starts the table through
`Session.new("kakapo", …, {"mission": id})`. Cleared missions come from the user data
folder (`kakapo_progress.json`, written by the board when a human team clears one).
Keys: arrows move the selection, Enter plays, 3 / 4 set the Party player count, C switches
between the shipped and the Custom missions, Esc goes back.

Custom: the player's own map files (TMX or Tiled's JSON) from the user missions folder (custom_section.py),
validated on entering; a custom mission starts with its content as the `mission` option.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from tabletop.engine.records import Seat
from tabletop.games.kakapo.missions import BY_ID, MISSION_IDS, ROUND_LIMIT
from tabletop.i18n import t
from tabletop.session import Session
from tabletop.ui import style
from tabletop.ui.games.kakapo.art import mission_thumbnail
from tabletop.ui.games.kakapo.custom_section import CustomSection
from tabletop.ui.games.kakapo.progress import cleared_missions
from tabletop.ui.painter import Painter
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import Button
from tabletop.userdata import remember_table, remembered_setup

if TYPE_CHECKING:
    from tabletop.ui.app import App

COLUMNS = 10
TILE = pygame.FRect(0, 0, 84, 104)
THUMB = 70
GRID_X, GRID_Y = 30, 96
BLOCK_H = 262
DETAIL = pygame.FRect(930, 84, 320, 560)
VERDICT_POLL = 0.25  # seconds between redraws while a custom mission's verdict is pending


def stars(mission_id: str) -> int:
    """Difficulty 1–5 from the mission's number (missions are numbered by increasing difficulty)."""
    return (BY_ID[mission_id].number + 3) // 4


def last_mission() -> str | None:
    """The shipped mission last started from this picker (kept with KAKAPO's remembered setup), or None."""
    saved = remembered_setup("kakapo")
    options = saved.get("options") if isinstance(saved, dict) else None
    mission = options.get("mission") if isinstance(options, dict) else None
    return mission if mission in BY_ID else None


def remember_mission(players: int, seats: list[Seat], mission: str) -> None:
    """Keep the mission with the seats, so setup and this picker offer it next time."""
    saved = remembered_setup("kakapo")
    options = dict(saved["options"]) if isinstance(saved, dict) and isinstance(saved.get("options"), dict) else {}
    options["mission"] = mission
    remember_table("kakapo", players, seats, options)


def default_seats(players: int) -> list[Seat]:
    ai_names = t("app.ai_names").split(",")
    others = [Seat(ai_names[i % len(ai_names)], "normal") for i in range(players - 1)]
    return [Seat(t("app.default_name", n=1), "human"), *others]


class MissionSelectScene(Scene):
    name = "kakapo_missions"

    def __init__(self, app: App, seats: list[Seat] | None = None) -> None:
        super().__init__(app)
        self.seats = list(seats) if seats else default_seats(4)
        self.party_players = len(seats) if seats and len(seats) in (3, 4) else 4
        cleared = cleared_missions()
        first_open = next((m for m in MISSION_IDS if m not in cleared), MISSION_IDS[0])
        if seats and len(seats) != 2:
            first_open = next((m for m in MISSION_IDS if m.startswith("party") and m not in cleared), "party_01")
        last = last_mission()
        if last is not None and last not in cleared and (not seats or last.startswith("buddy") == (len(seats) == 2)):
            first_open = last  # a mission started and not yet cleared: most likely the one to try again
        self.selected = MISSION_IDS.index(first_open)
        self.cleared = cleared
        self.started: Session | None = None
        self.section = "shipped"  # or "custom"
        self.custom: CustomSection | None = None

    # ----- lifecycle -------------------------------------------------------------------
    def enter(self) -> None:
        self.cleared = cleared_missions()
        self.custom = CustomSection()
        super().enter()

    def resume(self) -> None:
        self.cleared = cleared_missions()
        super().resume()

    def exit(self) -> None:
        if self.custom is not None:
            self.custom.close()
        super().exit()

    def selected_mode(self) -> str | None:
        if self.section == "shipped":
            return MISSION_IDS[self.selected].split("_")[0]
        entry = self.custom.current() if self.custom else None
        return entry.mission.mode if entry and entry.mission else None

    def layout(self) -> None:
        custom = self.section == "custom"
        count = len(self.custom.valid) if self.custom else 0
        can_start = not custom or (self.custom is not None and self.custom.playable())
        self.widgets = [
            Button(pygame.FRect(DETAIL.x + 16, DETAIL.bottom - 60, DETAIL.w - 32, 48), t("kakapo.missions.start"),
                   self.start, primary=True, enabled=can_start),
            Button(pygame.FRect(30, 660, 160, 44), t("kakapo.missions.back"), self.app.stack.pop,
                   hotkey=pygame.K_ESCAPE),
            Button(pygame.FRect(470, 16, 200, 40), t("kakapo.custom.tab_shipped"), lambda: self.show("shipped"),
                   selected=not custom, size=style.SMALL),
            Button(pygame.FRect(680, 16, 200, 40), t("kakapo.custom.tab_custom", count=count),
                   lambda: self.show("custom"), selected=custom, size=style.SMALL),
        ]
        if custom:
            self.widgets += [
                Button(pygame.FRect(560, 660, 170, 44), t("app.open_folder"), self.open_folder),
                Button(pygame.FRect(740, 660, 170, 44), t("kakapo.custom.reload"), self.reload_custom),
            ]
        if self.selected_mode() == "party":
            for i, n in enumerate((3, 4)):
                self.widgets.append(Button(pygame.FRect(DETAIL.x + 140 + i * 76, DETAIL.bottom - 116, 68, 40), str(n),
                                           partial(self.set_players, n), selected=self.party_players == n))

    # ----- actions ---------------------------------------------------------------------
    def tile_rect(self, index: int) -> pygame.FRect:
        block, i = divmod(index, 20)
        row, col = divmod(i, COLUMNS)
        return pygame.FRect(GRID_X + col * (TILE.w + 4), self.grid_y() + block * BLOCK_H + 30 + row * (TILE.h + 8),
                            TILE.w, TILE.h)

    def grid_y(self) -> float:
        """The grid's top: lower by as much as the title and hint above it grow with the text size."""
        return GRID_Y + 22 * (self.app.painter.text_scale - 1)

    def select(self, index: int) -> None:
        self.selected = max(0, min(len(MISSION_IDS) - 1, index))
        self.layout()

    def set_players(self, n: int) -> None:
        self.party_players = n
        self.layout()

    def players(self) -> int:
        return 2 if self.selected_mode() == "buddy" else self.party_players

    def show(self, section: str) -> None:
        self.section = section
        self.layout()

    def open_folder(self) -> None:
        from tabletop.ui.open_folder import open_folder

        if self.custom is not None:
            open_folder(self.custom.folder)

    def reload_custom(self) -> None:
        if self.custom is not None:
            self.custom.reload()
        self.layout()

    def start(self) -> None:
        from tabletop.ui.scenes.table import TableScene

        players = self.players()
        seats = list(self.seats[:players])
        if len(seats) < players:
            seats += default_seats(players)[len(seats):]
        if self.section == "custom":
            custom = self.custom
            entry = custom.current() if custom is not None else None
            if custom is None or entry is None or entry.value is None or not custom.playable():
                return
            mission: object = entry.value
        else:
            mission = MISSION_IDS[self.selected]
            remember_mission(players, seats, mission)
        self.started = Session.new("kakapo", players, seats, {"mission": mission})
        self.app.stack.replace(TableScene(self.app, self.started))

    def update(self, dt: float) -> None:
        # A verdict that arrived on the background thread may enable or disable Start.
        start = self.widgets[0] if self.widgets else None
        if self.section == "custom" and isinstance(start, Button) and self.custom is not None:
            if start.enabled != self.custom.playable():
                self.layout()
        super().update(dt)

    def next_frame_in(self) -> float | None:
        """While custom missions are checked on the background thread, look for verdicts (no input comes)."""
        verdicts = self.custom.verdicts if self.custom is not None else None
        return VERDICT_POLL if self.section == "custom" and verdicts is not None and verdicts.busy() else None

    # ----- input -----------------------------------------------------------------------
    def select_custom(self, index: int) -> None:
        if self.custom is not None and self.custom.valid:
            self.custom.selected = max(0, min(len(self.custom.valid) - 1, index))
        self.layout()

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        custom = self.section == "custom"
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -COLUMNS, pygame.K_DOWN: COLUMNS}
            if event.key in moves:
                if custom and self.custom is not None:
                    self.select_custom(self.custom.selected + moves[event.key])
                else:
                    self.select(self.selected + moves[event.key])
                return None
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
                return None
            if event.key in (pygame.K_3, pygame.K_4) and self.selected_mode() == "party":
                self.set_players(3 if event.key == pygame.K_3 else 4)
                return None
            if event.key == pygame.K_c:
                self.show("shipped" if custom else "custom")
                return None
        if super().handle(event) is None:
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pos = self.app.mouse(event.pos)
            count = len(self.custom.valid) if custom and self.custom is not None else len(MISSION_IDS)
            current = self.custom.selected if custom and self.custom is not None else self.selected
            for i in range(count):
                if self.tile_rect(i).collidepoint(pos):
                    if i == current:
                        self.start()
                    elif custom:
                        self.select_custom(i)
                    else:
                        self.select(i)
                    return None
        return event

    # ----- drawing ---------------------------------------------------------------------
    def draw(self, p: Painter) -> None:
        head = p.text(t("kakapo.missions.title"), (30, 20), style.H1, style.TEXT_LIGHT, bold=True, max_width=420)
        hint_y = p.under(head, 62)
        p.text(t("kakapo.missions.cleared_count", count=len(self.cleared)), (1250, 34), style.SMALL, style.GOOD,
               anchor="topright")
        mouse = self.app.mouse(pygame.mouse.get_pos())
        if self.section == "custom" and self.custom is not None:
            p.text(t("kakapo.custom.hint"), (30, hint_y), style.SMALL, style.TEXT_MUTED, max_width=880)
            self.custom.draw_list(p, self.tile_rect, mouse, self.grid_y(), BLOCK_H, GRID_X, 10 * (TILE.w + 4) + 16)
            if self.selected_mode() is not None:
                self._players_label(p, self.selected_mode())
            self.custom.draw_detail(p, DETAIL)
            self.draw_widgets(p)
            return
        p.text(t("kakapo.missions.hint"), (30, hint_y), style.SMALL, style.TEXT_MUTED, max_width=880)
        for block, mode in enumerate(("buddy", "party")):
            y = self.grid_y() + block * BLOCK_H
            p.rect((GRID_X - 10, y - 4, 10 * (TILE.w + 4) + 16, BLOCK_H - 12), style.FELT_DARK, style.RADIUS)
            p.text(t(f"kakapo.missions.{mode}"), (GRID_X, y + 4), style.SMALL, style.TEXT_LIGHT, bold=True)
        for i, mission in enumerate(MISSION_IDS):
            self._tile(p, i, mission, mouse)
        self._detail(p)
        self.draw_widgets(p)

    def _tile(self, p: Painter, index: int, mission: str, mouse: pygame.Vector2) -> None:
        rect = self.tile_rect(index)
        selected = index == self.selected
        hover = rect.collidepoint(mouse)
        if selected:
            p.rect(rect.inflate(6, 6), style.ACCENT, style.RADIUS, width=3)
        fill = (44, 50, 58) if hover and not selected else style.PANEL_DARK
        p.rect(rect, fill, 8)
        thumb = mission_thumbnail(mission, p.vp.px(THUMB))
        p.blit(thumb, (rect.centerx, rect.y + 6), anchor="midtop")
        number = BY_ID[mission].number
        # The difficulty is a rating graphic (icon-sized); the number takes the room it leaves.
        rating = "★" * stars(mission)
        room = rect.w - 9 - p.measure(rating, style.MIN_TEXT)  # 4 px left, 3 right, 2 between
        p.text(str(number), (rect.x + 4, rect.bottom - 4), style.SMALL, style.TEXT_LIGHT, bold=True,
               anchor="bottomleft", max_width=room)
        p.text(rating, (rect.right - 3, rect.bottom - 6), style.MIN_TEXT, style.ACCENT, anchor="bottomright",
               icon=True)
        if mission in self.cleared:
            p.circle((rect.right - 10, rect.y + 10), 10, style.GOOD)
            p.text("✓", (rect.right - 10, rect.y + 10), style.SMALL, style.INK, bold=True, anchor="center")

    def _detail(self, p: Painter) -> None:
        mission = MISSION_IDS[self.selected]
        spec = BY_ID[mission]
        p.panel(DETAIL)
        x = DETAIL.x + 16
        mode = t(f"kakapo.mode_short.{spec.mode}")
        p.text(f"{mode} {spec.number}", (x, DETAIL.y + 12), style.SMALL, style.TEXT_MUTED)
        name = p.text(t(f"kakapo.mission.{mission}"), (x, DETAIL.y + 32), style.H2, style.TEXT_LIGHT, bold=True,
                      max_width=DETAIL.w - 32)
        # The picture starts under the name (taller at larger text) and gives up that height, so the lines
        # below it keep their place.
        top = max(DETAIL.y + 72, name.bottom - name.h * 0.1)  # clear of the letters (to 88 % of the line box)
        k = p.text_scale
        rows_grow = 54 * (k - 1)  # the three lines under it are spaced for their grown text
        size = 220 - (top - DETAIL.y - 72) - rows_grow
        p.blit(mission_thumbnail(mission, p.vp.px(size)), (DETAIL.centerx, top), anchor="midtop")
        y = DETAIL.y + 72 + 220 + 12 - rows_grow
        p.text(t("kakapo.missions.difficulty", stars="★" * stars(mission) + "☆" * (5 - stars(mission))), (x, y),
               style.BODY, style.ACCENT)
        birds = len(spec.birds)
        p.text(t("kakapo.missions.goal", required=spec.required, birds=birds), (x, y + 28 * k), style.BODY,
               style.TEXT_LIGHT, max_width=DETAIL.w - 32)
        p.text(t("kakapo.missions.min_pieces", count=spec.min_pieces, rounds=ROUND_LIMIT[spec.mode]), (x, y + 54 * k),
               style.SMALL, style.TEXT_MUTED, max_width=DETAIL.w - 32)
        if mission in self.cleared:
            p.text("✓ " + t("kakapo.missions.cleared"), (DETAIL.right - 16, y), style.BODY, style.GOOD, bold=True,
                   anchor="topright")
        self._players_label(p, spec.mode)

    def _players_label(self, p: Painter, mode: str | None) -> None:
        p.text(t("kakapo.missions.players"), (DETAIL.x + 16, DETAIL.bottom - 96), style.SMALL, style.TEXT_MUTED,
               anchor="midleft")
        if mode == "buddy":  # Party shows its 3 / 4 buttons instead
            p.text("2", (DETAIL.x + 140, DETAIL.bottom - 96), style.BODY, style.TEXT_LIGHT, bold=True,
                   anchor="midleft")
