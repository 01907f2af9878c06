"""Open a folder in the system's file manager without waiting for it (Explorer, Finder, xdg-open)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def opener_command(path: Path, platform: str = sys.platform) -> list[str] | None:
    """The command that shows `path` on this OS; None on Windows, which uses os.startfile instead."""
    if platform == "win32":
        return None
    if platform == "darwin":
        return ["open", str(path)]
    return ["xdg-open", str(path)]


def open_folder(path: Path) -> bool:
    """Ask the OS to show the folder; False when it cannot (the caller shows the path as text anyway)."""
    path.mkdir(parents=True, exist_ok=True)
    command = opener_command(path)
    try:
        if command is None:
            os.startfile(str(path))  # type: ignore[attr-defined]  # Windows only; returns at once
        else:
            # Popen without wait: the file manager lives on after the app; no console, no output.
            subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError:
        return False
    return True
