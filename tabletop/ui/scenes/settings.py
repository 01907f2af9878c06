"""Settings: language, AI speed, fullscreen, volume. Saved at once to the user data folder."""

from __future__ import annotations

import pygame

from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.painter import Painter
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import Button
from tabletop.userdata import UI_SCALES

ROWS = ("app.language", "app.ai_speed", "app.fullscreen", "app.volume", "app.ui_scale")


class SettingsScene(Scene):
    name = "settings"

    def layout(self) -> None:
        s = self.app.settings
        w: list[Button] = []
        x, y = 560, 180
        for i, (code, label) in enumerate((("en", "English"), ("ja", "日本語"))):
            w.append(Button(pygame.FRect(x + i * 170, y, 160, 44), label, self._setter("language", code),
                            selected=s.language == code))
        y += 80
        for i, speed in enumerate(("instant", "normal", "slow")):
            w.append(Button(pygame.FRect(x + i * 170, y, 160, 44), t(f"app.speed.{speed}"),
                            self._setter("ai_speed", speed), selected=s.ai_speed == speed))
        y += 80
        w.append(Button(pygame.FRect(x, y, 160, 44), t("app.on") if s.fullscreen else t("app.off"),
                        self.app.toggle_fullscreen, selected=s.fullscreen))
        y += 80
        w.append(Button(pygame.FRect(x, y, 60, 44), "−", lambda: self._volume(-0.1)))
        w.append(Button(pygame.FRect(x + 200, y, 60, 44), "+", lambda: self._volume(0.1)))
        w.append(Button(pygame.FRect(x + 280, y, 160, 44), t("app.mute"), self._mute, selected=s.muted))
        y += 80
        for i, scale in enumerate(UI_SCALES):
            w.append(Button(pygame.FRect(x + i * 170, y, 160, 44), f"{round(scale * 100)}%",
                            self._setter("ui_scale", scale), selected=s.ui_scale == scale))
        w.append(Button(pygame.FRect(40, 648, 180, 48), t("app.back"), self.app.stack.pop, hotkey=pygame.K_ESCAPE))
        self.widgets = w

    def _setter(self, key: str, value: object):
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

    def _mute(self) -> None:
        self.app.settings.muted = not self.app.settings.muted
        self.app.save_settings()
        self.layout()

    def draw(self, p: Painter) -> None:
        p.text(t("app.settings"), (40, 28), style.H1, style.TEXT_LIGHT, bold=True)
        p.panel((200, 150, 880, 440))
        y = 202
        for key in ROWS:
            p.text(t(key), (240, y), style.BODY, style.TEXT_LIGHT, anchor="midleft")
            y += 80
        volume = 0.0 if self.app.settings.muted else self.app.settings.volume
        p.text(f"{round(volume * 100)}%", (690, 442), style.BODY, style.TEXT_LIGHT, anchor="center")
        self.draw_widgets(p)
