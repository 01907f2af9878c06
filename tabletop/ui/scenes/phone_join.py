"""The phone table's join screen: a QR code and a short address, the phone seats and who has joined.

Opens over the table when a game with phone seats starts or resumes, and from the table's menu (Phones)
to release a lost phone's seat. The host may play a seat nobody took with an AI or at this screen.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import segno

from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.painter import Painter
from tabletop.ui.phone_table import PhoneTable
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import Button

QR_BOX = pygame.FRect(96, 128, 336, 336)
SEATS_X = 520
ROW_H = 64


def qr_surface(text: str) -> pygame.Surface:
    """The QR code's modules, one pixel each, with its quiet zone: scaled up without smoothing when drawn."""
    code = segno.make(text, error="m", micro=False)
    size = code.symbol_size(scale=1, border=4)[0]
    surface = pygame.Surface((size, size))
    surface.fill(style.CARD_FACE)
    for y, row in enumerate(code.matrix_iter(scale=1, border=4)):
        for x, dark in enumerate(row):
            if dark:
                surface.set_at((x, y), style.INK)
    return surface


class PhoneJoinScene(Scene):
    """Opaque: the table under it may show nothing while phones join."""

    name = "phone_join"
    opaque = True

    def __init__(self, app, phones: PhoneTable, on_start: Callable[[], None], on_leave: Callable[[], None],
                 in_game: bool = False) -> None:
        super().__init__(app)
        self.phones = phones
        self.on_start = on_start
        self.on_leave = on_leave
        self.in_game = in_game
        self._qr: tuple[str, pygame.Surface] | None = None
        self._shown: tuple = ()
        self.notice = ""

    # ----- state ----------------------------------------------------------------------
    def _look(self) -> tuple:
        return (tuple(sorted(self.phones.bound())), tuple(sorted(self.phones.connected())),
                tuple(self.phones.session.phone_seats()), self.notice)

    def update(self, dt: float) -> None:
        self.phones.pump(act=None)
        if self._look() != self._shown:
            self.layout()

    def next_frame_in(self) -> float | None:
        return 0.0 if self._look() != self._shown else None

    def say(self, line: str) -> None:
        self.notice = line

    # ----- widgets ----------------------------------------------------------------------
    def layout(self) -> None:
        self._shown = self._look()
        k = self.app.painter.text_scale
        bound, session = self.phones.bound(), self.phones.session
        self.widgets = []
        y = 150.0
        for seat in session.phone_seats():
            right = 1184.0
            if seat in bound:
                labels = [(t("phone.release"), self._releaser(seat))]
            else:
                labels = [(t("phone.seat_ai"), self._reseater(seat, "normal")),
                          (t("phone.seat_screen"), self._reseater(seat, "human"))]
            for label, action in reversed(labels):
                w = max(120.0, self.app.painter.measure(label, style.SMALL * k) + 24)
                right -= w
                self.widgets.append(Button(pygame.FRect(right, y + 10, w, 44), label, action, size=style.SMALL))
                right -= 8
            y += ROW_H * k
        start_label = t("phone.back_to_table") if self.in_game else t("phone.start")
        self.widgets.append(Button(pygame.FRect(960, 632, 224, 52), start_label, self.start, primary=True,
                                   enabled=self.in_game or self.phones.all_bound(), hotkey=pygame.K_RETURN))
        if not self.in_game:
            self.widgets.append(Button(pygame.FRect(720, 632, 224, 52), t("app.leave"), self.on_leave))

    def _releaser(self, seat: int) -> Callable[[], None]:
        def release() -> None:
            self.phones.release(seat)
            self.layout()
        return release

    def _reseater(self, seat: int, kind: str) -> Callable[[], None]:
        def reseat() -> None:
            self.phones.reseat(seat, kind)
            if not self.phones.session.phone_seats():
                self.start()
                return
            self.layout()
        return reseat

    def start(self) -> None:
        if self.in_game or self.phones.all_bound():
            self.app.stack.pop()
            self.on_start()

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.in_game:
                self.start()
            else:
                self.on_leave()
            return None
        return super().handle(event)

    # ----- drawing ----------------------------------------------------------------------
    def _qr_image(self) -> pygame.Surface | None:
        url = self.phones.url
        if not url:
            return None
        if self._qr is None or self._qr[0] != url:
            self._qr = (url, qr_surface(url))
        return self._qr[1]

    def draw(self, p: Painter) -> None:
        p.rect((0, 0, 1280, 720), style.FELT_DARK)
        title = p.text(t("phone.join_title"), (96, 40), style.H1, style.TEXT_LIGHT, bold=True, max_width=1088)
        p.text(t("phone.join_steps"), (96, p.under(title, 88)), style.SMALL, style.TEXT_MUTED, max_width=1088)
        p.panel(QR_BOX.inflate(24, 24), dark=False)
        qr = self._qr_image()
        if qr is not None:
            side = p.size_px(QR_BOX.w, QR_BOX.h)
            p.blit(pygame.transform.scale(qr, side), QR_BOX.center, anchor="center")
        server = self.phones.server
        if server is not None:
            p.text(server.short_url, (QR_BOX.centerx, QR_BOX.bottom + 28), style.H2, style.ACCENT, bold=True,
                   anchor="midtop", max_width=420)
            code = p.text(t("phone.room_code", code=server.room_code), (QR_BOX.centerx, QR_BOX.bottom + 66),
                          style.BODY, style.TEXT_LIGHT, anchor="midtop", max_width=420)
            p.text(t("phone.same_wifi"), (QR_BOX.centerx, p.under(code, QR_BOX.bottom + 96)), style.SMALL,
                   style.TEXT_MUTED, anchor="midtop", max_width=420)
        self._draw_seats(p)
        if self.notice:
            p.text(self.notice, (SEATS_X, 600), style.SMALL, style.INFO, max_width=680)
        self.draw_widgets(p)

    def _draw_seats(self, p: Painter) -> None:
        session = self.phones.session
        bound, connected = self.phones.bound(), self.phones.connected()
        names = session.names()
        k = p.text_scale
        p.text(t("phone.seats_heading"), (SEATS_X, 118), style.SMALL, style.TEXT_MUTED)
        y = 150.0
        for seat in session.phone_seats():
            row = pygame.FRect(SEATS_X, y, 1184 - SEATS_X, ROW_H * k - 8)
            p.rect(row, style.PANEL_DARK, style.RADIUS)
            p.seat_disc((SEATS_X + 28, row.centery), 18, seat)
            if seat in connected:
                status, color = t("phone.status_joined"), style.GOOD
            elif seat in bound:
                status, color = t("phone.status_away"), style.ACCENT
            else:
                status, color = t("phone.status_waiting"), style.TEXT_MUTED
            name = p.text(names[seat], (SEATS_X + 56, row.y + 8), style.BODY, style.TEXT_LIGHT, bold=True,
                          max_width=300)
            p.text(status, (SEATS_X + 56, p.under(name, row.y + 34)), style.SMALL, color, max_width=300)
            y += ROW_H * k
