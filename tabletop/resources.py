"""Where bundled data lives: the one place that builds paths to maps/ and assets/.

A PyInstaller bundle unpacks them under sys._MEIPASS; a source checkout has them at
the repository root.
"""

from __future__ import annotations

import sys
from pathlib import Path


def root() -> Path:
    if getattr(sys, "frozen", False) and hasattr(sys, "_MEIPASS"):
        return Path(sys._MEIPASS)
    return Path(__file__).resolve().parent.parent


def maps_dir() -> Path:
    return root() / "maps"


def assets_dir() -> Path:
    return root() / "assets"
