"""The game's save: written after every move, off the frame (tabletop.save_writer), to the game's own slot,
and archived into the history when the game ends. A failed write is shown, never fatal."""

from __future__ import annotations

from collections.abc import Callable

from tabletop.engine.records import Record
from tabletop.i18n import t
from tabletop.save_writer import saves
from tabletop.userdata import archive_and_delete_save_soon, save_game_soon


class Autosave:
    def __init__(self, record: Record, show_toast: Callable[[str], None]) -> None:
        self.record = record
        self.show_toast = show_toast

    def save(self) -> None:
        try:
            save_game_soon(self.record)
        except OSError as exc:  # the saves folder cannot even be made
            self.failed(exc)

    def archive(self, keep: Callable[[], None] | None = None) -> None:
        """The save is deleted only once the game is safely in the history; `keep` writes what the game keeps
        beside the history (a cleared KAKAPO mission), at the same moment."""
        try:
            archive_and_delete_save_soon(self.record)
            if keep is not None:
                keep()
        except OSError as exc:
            self.failed(exc)

    def check(self) -> None:
        """Shows the writes that failed off the frame since the last look."""
        for failure in saves.failures():
            self.failed(failure)

    def failed(self, exc: Exception) -> None:
        """A failed write (disk full, folder gone): the atomic write leaves the last good save in place and
        the game goes on. Anything but an OSError is a bug: raised here."""
        if not isinstance(exc, OSError):
            raise exc
        self.show_toast(t("app.save_failed", reason=exc.strerror or str(exc)))
