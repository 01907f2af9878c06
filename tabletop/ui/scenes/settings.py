"""Settings: language, AI speed, fullscreen, volume, text size, motion. Saved at once to the user data folder.

The last row shows where custom KAKAPO missions go (as text, so it can be typed into a file
manager) with a button that opens the folder through the OS.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.open_folder import open_folder
from tabletop.ui.painter import Painter
from tabletop.ui.scene import Scene, Widget
from tabletop.ui.widgets import Button
from tabletop.userdata import UI_SCALES, missions_dir

ROWS = ("app.language", "app.ai_speed", "app.fullscreen", "app.volume", "app.ui_scale", "app.motion",
        "app.missions_folder")
TOP, STEP = 168, 72  # first row's buttons and the distance between rows
PANEL = pygame.FRect(200, TOP - 30, 880, STEP * len(ROWS) + 52)
BACK = pygame.FRect(20, 646, PANEL.x - 12 - 20, 48)  # left of the panel, clear of its corner


class SettingsScene(Scene):
    arrows_2d = True  # rows of choices: the arrows move across a row and between rows
    name = "settings"
    folder_failed = False  # the OS could not open the missions folder: say so under the path

    def layout(self) -> None:
        s = self.app.settings
        w: list[Widget] = []
        x, y = 560, TOP
        for i, (code, label) in enumerate((("en", "English"), ("ja", "日本語"))):
            w.append(Button(pygame.FRect(x + i * 170, y, 160, 44), label, self._setter("language", code),
                            selected=s.language == code))
        y += STEP
        for i, speed in enumerate(("instant", "normal", "slow")):
            w.append(Button(pygame.FRect(x + i * 170, y, 160, 44), t(f"app.speed.{speed}"),
                            self._setter("ai_speed", speed), selected=s.ai_speed == speed))
        y += STEP
        w.append(Button(pygame.FRect(x, y, 160, 44), t("app.on") if s.fullscreen else t("app.off"),
                        self.app.toggle_fullscreen, selected=s.fullscreen))
        y += STEP
        w.append(Button(pygame.FRect(x, y, 60, 44), "−", lambda: self._volume(-0.1)))
        w.append(Button(pygame.FRect(x + 200, y, 60, 44), "+", lambda: self._volume(0.1)))
        w.append(Button(pygame.FRect(x + 280, y, 160, 44), t("app.mute"), self._mute, selected=s.muted))
        y += STEP
        for i, scale in enumerate(UI_SCALES):
            w.append(Button(pygame.FRect(x + i * 170, y, 160, 44), f"{round(scale * 100)}%",
                            self._setter("ui_scale", scale), selected=s.ui_scale == scale))
        y += STEP
        w.append(Button(pygame.FRect(x, y, 160, 44), t("app.on") if s.motion else t("app.off"),
                        self._setter("motion", not s.motion), selected=s.motion))
        y += STEP
        w.append(Button(pygame.FRect(x, y, 160, 44), t("app.open_folder"), self._open_missions))
        w.append(Button(BACK, t("app.back"), self.app.stack.pop, hotkey=pygame.K_ESCAPE))
        self.widgets = w

    def _setter(self, key: str, value: object) -> Callable[[], None]:
        def apply() -> None:
            setattr(self.app.settings, key, value)
            self.app.save_settings()
            for scene in self.app.stack.scenes:
                scene.layout()
        return apply

    def _volume(self, delta: float) -> None:
        self.app.settings.volume = round(min(1.0, max(0.0, self.app.settings.volume + delta)), 2)
        self.app.save_settings()
        self.app.sound("click")

    def _open_missions(self) -> None:
        self.folder_failed = not open_folder(missions_dir())

    def _mute(self) -> None:
        self.app.settings.muted = not self.app.settings.muted
        self.app.save_settings()
        self.layout()

    def draw(self, p: Painter) -> None:
        p.text(t("app.settings"), (40, 28), style.H1, style.TEXT_LIGHT, bold=True)
        p.panel(PANEL)
        y = TOP + 22
        for key in ROWS:
            p.text(t(key), (240, y), style.BODY, style.TEXT_LIGHT, anchor="midleft", max_width=300)
            y += STEP
        volume = 0.0 if self.app.settings.muted else self.app.settings.volume
        p.text(f"{round(volume * 100)}%", (690, TOP + 3 * STEP + 22), style.BODY, style.TEXT_LIGHT, anchor="center")
        p.wrapped(t("app.motion_hint"), (740, TOP + 5 * STEP + 2, 320, STEP + 8), style.TINY, style.TEXT_MUTED,
                  line_gap=1.15)
        folder_y = TOP + 6 * STEP
        p.text(p.elide_left(str(missions_dir()), 320), (740, folder_y + 22), style.SMALL,
               style.TEXT_LIGHT, anchor="midleft", max_width=320)
        failed = self.folder_failed
        p.text(t("app.open_folder_failed") if failed else t("app.missions_folder_hint"), (240, folder_y + 58),
               style.TINY, style.BAD if failed else style.TEXT_MUTED, max_width=800)
        self.draw_widgets(p)
