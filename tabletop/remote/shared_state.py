"""What the desktop's thread and the server's loop both read and write: always under `lock`."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from tabletop.remote.binding import SeatBindings


@dataclass(eq=False)
class SharedState:
    names: dict[int, str]  # the phone seats: seat -> player name
    bindings: SeatBindings  # seat -> its token's digest
    lock: threading.Lock = field(default_factory=threading.Lock)
    labels: dict[str, dict[str, str]] = field(default_factory=dict)  # the lobby's words: {lang: {key: text}}
    latest: dict[int, str] = field(default_factory=dict)  # seat -> its latest payload, sent again on hello
    images: dict[str, bytes] = field(default_factory=dict)  # name -> PNG served at img/<name>.png
