"""The "Custom" section of KAKAPO mission select: the player's own mission files.

Valid files are tiles like the shipped missions (thumbnail, title, can-it-be-won badge);
files the loader refused are listed below, one line each with the loader's error (file,
object, reason). The folder's path is shown as text beside an "Open folder" button.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from tabletop.games.kakapo.content import view_rules
from tabletop.games.kakapo.custom import is_custom_id
from tabletop.games.kakapo.missions import ROUND_LIMIT, Mission
from tabletop.games.kakapo.winnable import UNKNOWN, UNWINNABLE, WINNABLE
from tabletop.i18n import language, t
from tabletop.ui import style
from tabletop.ui.games.kakapo.art import mission_thumbnail
from tabletop.ui.games.kakapo.custom_missions import CustomEntry, Verdicts, scan
from tabletop.ui.painter import Painter
from tabletop.userdata import missions_dir

MAX_TILES = 20  # two rows of ten, like a shipped block
VERDICT_COLOURS = {WINNABLE: style.GOOD, UNWINNABLE: style.BAD, UNKNOWN: style.ACCENT}


def mission_title(mission: Mission) -> str:
    """The author's title, in Japanese when the file gives one and the app speaks Japanese."""
    return mission.title_ja if language() == "ja" and mission.title_ja else mission.title


def ellipsized(p: Painter, text: str, size: float, width: float) -> str:
    """The text cut to `width` with "…" (an author's title can be any length)."""
    if p.measure(text, size) <= width:
        return text
    while text and p.measure(text + "…", size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def mission_line(view: Any) -> str:
    """"Buddy 8 · Kākāpō Night", or "Custom · <the author's title>" (the table's info panel)."""
    if is_custom_id(view.mission):
        return t("kakapo.custom.mission_line", title=mission_title(view_rules(view).mission))
    number = int(view.mission.split("_")[1])
    return t("kakapo.mission_line", mode=t(f"kakapo.mode_short.{view.mode}"), number=number,
             title=t(f"kakapo.mission.{view.mission}"))


def verdict_text(answer: str | None, mode: str) -> str:
    return t(f"kakapo.custom.verdict_{answer or 'checking'}", rounds=ROUND_LIMIT[mode])


def error_line(entry: CustomEntry, folder: Path) -> str:
    """The loader's one line (file, object, reason) in the player's language, with the folder (shown
    above the list) left out of the file name."""
    problem = entry.problem
    if problem is None or not problem.key:  # no key: the loader's English line as it is
        text, prefix = entry.error, str(entry.path)
        if text.startswith(prefix) and entry.path.parent == folder:
            text = entry.path.name + text[len(prefix):]
        return text
    file = problem.path.name if problem.path.parent == folder else str(problem.path)
    reason = t(f"kakapo.map_error.{problem.key}", **problem.fields)
    if problem.object_id is None:
        return t("kakapo.map_error.line", file=file, reason=reason)
    return t("kakapo.map_error.line_object", file=file, id=problem.object_id,
             name=problem.object_name or t("kakapo.map_error.unnamed"), reason=reason)


class CustomSection:
    """Scans the folder, starts the background verdicts, and draws the section."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else missions_dir()
        self.entries: list[CustomEntry] = []
        self.verdicts: Verdicts | None = None
        self.selected = 0
        self.reload()

    def reload(self) -> None:
        if self.verdicts is not None:
            self.verdicts.cancel()
        self.entries = scan(self.folder)
        self.verdicts = Verdicts([e.mission for e in self.valid if e.mission is not None])
        self.selected = min(self.selected, max(0, len(self.valid) - 1))

    def close(self) -> None:
        if self.verdicts is not None:
            self.verdicts.cancel()

    @property
    def valid(self) -> list[CustomEntry]:
        return [e for e in self.entries if e.ok][:MAX_TILES]

    @property
    def broken(self) -> list[CustomEntry]:
        return [e for e in self.entries if not e.ok]

    def current(self) -> CustomEntry | None:
        valid = self.valid
        return valid[self.selected] if 0 <= self.selected < len(valid) else None

    def answer(self, entry: CustomEntry) -> str | None:
        return Verdicts.get(entry.mission.id) if entry.mission is not None else None

    def playable(self) -> bool:
        entry = self.current()
        return entry is not None and self.answer(entry) != UNWINNABLE

    # ----- drawing -------------------------------------------------------------------------
    def draw_list(self, p: Painter, tile_rect: Callable[[int], pygame.FRect], mouse: pygame.Vector2,
                  block_y: float, block_h: float, grid_x: float, width: float) -> None:
        p.rect((grid_x - 10, block_y - 4, width, block_h - 12), style.FELT_DARK, style.RADIUS)
        p.text(t("kakapo.custom.heading", count=len(self.valid)), (grid_x, block_y + 4), style.SMALL,
               style.TEXT_LIGHT, bold=True)
        if not self.valid:
            p.wrapped(t("kakapo.custom.empty"), (grid_x, block_y + 40, width - 40, 120), style.BODY,
                      style.TEXT_MUTED)
        for i, entry in enumerate(self.valid):
            self._tile(p, tile_rect(i), entry, i == self.selected, mouse)
        y = block_y + block_h
        p.rect((grid_x - 10, y - 4, width, block_h - 12), style.FELT_DARK, style.RADIUS)
        p.text(t("kakapo.custom.folder", path=str(self.folder)), (grid_x, y + 4), style.SMALL, style.TEXT_MUTED,
               max_width=width - 200)
        broken = self.broken
        if broken:
            p.text(t("kakapo.custom.broken_heading", count=len(broken)), (grid_x, y + 34), style.SMALL, style.BAD,
                   bold=True)
        for i, entry in enumerate(broken[:7]):
            p.text("⚠ " + error_line(entry, self.folder), (grid_x, y + 60 + i * 24), style.SMALL, style.TEXT_LIGHT,
                   max_width=width - 24)
        if len(broken) > 7:
            p.text(t("kakapo.custom.more_broken", count=len(broken) - 7), (grid_x, y + 60 + 7 * 24), style.SMALL,
                   style.TEXT_MUTED)

    def _tile(self, p: Painter, rect: pygame.FRect, entry: CustomEntry, selected: bool,
              mouse: pygame.Vector2) -> None:
        assert entry.mission is not None
        if selected:
            p.rect(rect.inflate(6, 6), style.ACCENT, style.RADIUS, width=3)
        p.rect(rect, (44, 50, 58) if rect.collidepoint(mouse) and not selected else style.PANEL_DARK, 8)
        p.blit(mission_thumbnail(entry.mission.id, p.vp.px(70)), (rect.centerx, rect.y + 6), anchor="midtop")
        p.text(ellipsized(p, mission_title(entry.mission), style.TINY, rect.w - 24), (rect.x + 5, rect.bottom - 4),
               style.TINY, style.TEXT_LIGHT, anchor="bottomleft")
        answer = self.answer(entry)
        colour = VERDICT_COLOURS.get(answer or "", style.TEXT_MUTED)
        p.circle((rect.right - 9, rect.bottom - 10), 6, colour)

    def draw_detail(self, p: Painter, detail: pygame.FRect) -> None:
        entry = self.current()
        p.panel(detail)
        x = detail.x + 16
        if entry is None or entry.mission is None:
            p.wrapped(t("kakapo.custom.none_selected"), (x, detail.y + 16, detail.w - 32, 200), style.BODY,
                      style.TEXT_MUTED)
            return
        m = entry.mission
        p.text(t("kakapo.custom.mode_line", mode=t(f"kakapo.mode_short.{m.mode}"), file=entry.path.name),
               (x, detail.y + 12), style.SMALL, style.TEXT_MUTED, max_width=detail.w - 32)
        p.text(mission_title(m), (x, detail.y + 32), style.H2, style.TEXT_LIGHT, bold=True, max_width=detail.w - 32)
        size = 220
        p.blit(mission_thumbnail(m.id, p.vp.px(size)), (detail.centerx, detail.y + 72), anchor="midtop")
        y = detail.y + 72 + size + 12
        answer = self.answer(entry)
        p.text(verdict_text(answer, m.mode), (x, y), style.BODY, VERDICT_COLOURS.get(answer or "", style.TEXT_MUTED),
               bold=True, max_width=detail.w - 32)
        p.text(t("kakapo.missions.goal", required=m.required, birds=len(m.birds)), (x, y + 28), style.BODY,
               style.TEXT_LIGHT, max_width=detail.w - 32)
        p.text(t("kakapo.custom.rounds", rounds=ROUND_LIMIT[m.mode]), (x, y + 54), style.SMALL, style.TEXT_MUTED,
               max_width=detail.w - 32)
