"""The phone table's join screen: a QR code and a short address, the phone seats and who has joined.

Opens over the table when a game with phone seats starts or resumes, and from the table's menu (Phones)
to release a lost phone's seat. The host may play a seat nobody took with an AI or at this screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import segno

from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.painter import Painter
from tabletop.ui.phone_table import PhoneTable
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import Button

if TYPE_CHECKING:
    from tabletop.ui.app import App

LEFT, RIGHT = 96, 1184
SEATS_X = 520
ROW_H = 64
BOTTOM_BAR = 632  # the Start and Leave buttons' top


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

    def __init__(self, app: App, phones: PhoneTable, on_start: Callable[[], None], on_leave: Callable[[], None],
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

    # ----- geometry: grows with the text size ----------------------------------------------
    def _top(self) -> float:
        """Where the QR code and the seats begin: under the title and the wrapped instructions."""
        p = self.app.painter
        k = p.text_scale
        steps = len(p.wrap_lines(t("phone.join_steps"), RIGHT - LEFT, style.BODY))
        return 28 + style.H1 * k * 1.3 + steps * style.BODY * k * 1.25 + 18

    def _qr_box(self) -> pygame.FRect:
        k = self.app.painter.text_scale
        top = self._top()
        side = max(180.0, min(336.0, BOTTOM_BAR - 24 - top - 150 * k))  # the address and code fit under it
        return pygame.FRect(LEFT + (336 - side) / 2, top, side, side)

    def _notice(self) -> str:
        return self.notice if self.in_game or self.phones.all_bound() else t("phone.start_when_taken")

    def _notice_height(self) -> float:
        p = self.app.painter
        line = self._notice()
        return len(p.wrap_lines(line, RIGHT - SEATS_X, style.SMALL)) * style.SMALL * p.text_scale * 1.25 if line else 0

    def _seat_rows(self) -> list[tuple[int, pygame.FRect]]:
        """One row a phone seat, as tall as the room above the notice and the buttons allows (six seats at 150 %
        put name and status on one line)."""
        k = self.app.painter.text_scale
        seats = self.phones.session.phone_seats()
        y = self._top() + style.SMALL * k * 1.6
        room = BOTTOM_BAR - 16 - self._notice_height() - y
        step = min(ROW_H * k, room / max(1, len(seats)))
        return [(seat, pygame.FRect(SEATS_X, y + i * step, RIGHT - SEATS_X, step - 6)) for i, seat in enumerate(seats)]

    def _two_lines(self, row: pygame.FRect) -> bool:
        return row.h >= (style.BODY + style.SMALL) * self.app.painter.text_scale * 1.25 + 6

    # ----- widgets ----------------------------------------------------------------------
    def layout(self) -> None:
        self._shown = self._look()
        k = self.app.painter.text_scale
        bound = self.phones.bound()
        self.widgets = []
        for seat, row in self._seat_rows():
            right = float(RIGHT) - 8
            if seat in bound:
                labels = [(t("phone.release"), self._releaser(seat))]
            else:
                labels = [(t("phone.seat_ai"), self._reseater(seat, "normal")),
                          (t("phone.seat_screen"), self._reseater(seat, "human"))]
            for label, action in reversed(labels):
                w = max(120.0, self.app.painter.measure(label, style.SMALL * k) + 24)
                right -= w
                h = min(row.h - 8, 40 * k)
                self.widgets.append(Button(pygame.FRect(right, row.centery - h / 2, w, h), label, action,
                                           size=style.SMALL))
                right -= 8
        start_label = t("phone.back_to_table") if self.in_game else t("phone.start")
        self.widgets.append(Button(pygame.FRect(960, BOTTOM_BAR, 224, 52), start_label, self.start, primary=True,
                                   enabled=self.in_game or self.phones.all_bound(), hotkey=pygame.K_RETURN))
        if not self.in_game:
            self.widgets.append(Button(pygame.FRect(720, BOTTOM_BAR, 224, 52), t("app.leave"), self.on_leave))

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
        title = p.text(t("phone.join_title"), (LEFT, 28), style.H1, style.TEXT_LIGHT, bold=True)
        top = p.under(title, 28 + style.H1 * p.text_scale * 1.3)
        p.wrapped(t("phone.join_steps"), (LEFT, top, RIGHT - LEFT, self._top() - top), style.BODY, style.TEXT_MUTED)
        box = self._qr_box()
        p.panel(box.inflate(24, 24), dark=False)
        qr = self._qr_image()
        if qr is not None:
            p.blit(pygame.transform.scale(qr, p.size_px(box.w, box.h)), box.center, anchor="center")
        server = self.phones.server
        if server is not None:
            x, y = LEFT + 168, box.bottom + 24
            url = p.text(server.short_url, (x, y), style.H2, style.ACCENT, bold=True, anchor="midtop")
            code = p.text(t("phone.room_code", code=server.room_code), (x, p.under(url, url.bottom + 2)),
                          style.BODY, style.TEXT_LIGHT, anchor="midtop")
            p.wrapped(t("phone.same_wifi"), (x - 200, code.bottom + 6, 400, BOTTOM_BAR - code.bottom - 8),
                      style.SMALL, style.TEXT_MUTED, align="center")
        self._draw_seats(p)
        line = self._notice()
        if line:  # wrapped just above the buttons, whatever the text size
            height = self._notice_height()
            p.wrapped(line, (SEATS_X, BOTTOM_BAR - 10 - height, RIGHT - SEATS_X, height), style.SMALL, style.INFO)
        self.draw_widgets(p)

    def _draw_seats(self, p: Painter) -> None:
        bound, connected = self.phones.bound(), self.phones.connected()
        names = self.phones.session.names()
        p.text(t("phone.seats_heading"), (SEATS_X, self._top()), style.SMALL, style.TEXT_MUTED)
        buttons_left = {round(w.rect.centery): w.rect.x for w in self.widgets if w.rect.x > SEATS_X}
        for seat, row in self._seat_rows():
            p.rect(row, style.PANEL_DARK, style.RADIUS)
            p.seat_disc((SEATS_X + 28, row.centery), 18, seat)
            if seat in connected:
                status, color = t("phone.status_joined"), style.GOOD
            elif seat in bound:
                status, color = t("phone.status_away"), style.ACCENT
            else:
                status, color = t("phone.status_waiting"), style.TEXT_MUTED
            room = buttons_left.get(round(row.centery), row.right) - SEATS_X - 64
            if self._two_lines(row):
                name = p.text(names[seat], (SEATS_X + 56, row.y + 4), style.BODY, style.TEXT_LIGHT, bold=True,
                              max_width=room)
                p.text(status, (SEATS_X + 56, p.under(name, name.bottom)), style.SMALL, color, max_width=room)
                continue
            name = p.text(names[seat], (SEATS_X + 56, row.centery), style.BODY, style.TEXT_LIGHT, bold=True,
                          anchor="midleft", max_width=room * 0.45)
            p.text(status, (name.right + 12, row.centery), style.SMALL, color, anchor="midleft",
                   max_width=SEATS_X + 56 + room - name.right - 12)
