"""Seats played on phones, at the table: the phone server's desktop half and its join screen over the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop.i18n import t
from tabletop.session import Session
from tabletop.ui.phone_table import PhoneTable
from tabletop.ui.scene import Scene

if TYPE_CHECKING:
    from tabletop.ui.app import App


def open_server(app: App, session: Session, notice: Callable[[str], None]) -> PhoneTable | str:
    """The phone server, open; or why it could not open (no network, the port refused): its seats are then
    played at the screen."""
    phones = PhoneTable(session, notice, app.after_frame)
    try:
        phones.open(bind_host=app.phone_bind_host, port=app.phone_port)
    except OSError as exc:
        for seat in session.phone_seats():
            session.record.seats[seat].kind = "human"
        return t("phone.server_failed", reason=exc.strerror or str(exc))
    if app.phone_url_out is not None:
        app.phone_url_out(phones.url)
    return phones


def join_screen(app: App, phones: PhoneTable, on_ready: Callable[[], None], on_leave: Callable[[], None],
                in_game: bool = False) -> None:
    """The join screen over the table until every phone seat is taken (again from the menu, `in_game`, to
    release a lost phone's seat for another device). Leaving from it leaves the table too."""
    from tabletop.ui.scenes.phone_join import PhoneJoinScene

    def leave() -> None:
        app.stack.pop()  # the join screen, then the table under it
        on_leave()

    app.stack.push(PhoneJoinScene(app, phones, on_ready, leave, in_game=in_game))


def pass_on(app: App, table: Scene, line: str) -> None:
    """A phone's news is said on the screen over the table too, when that screen speaks (the join screen)."""
    top = app.stack.top
    say = getattr(top, "say", None)
    if top is not table and callable(say):
        say(line)
