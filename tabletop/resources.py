"""Where bundled data lives: the one place that builds paths to maps/, assets/ and the catalogs.

Three ways the app runs, one answer each:

- a PyInstaller bundle (one-folder or one-file) unpacks assets/ and maps/ under
  `sys._MEIPASS` (build/tabletop.spec puts them there);
- an installed wheel carries them inside the package as `tabletop/_data/assets` and
  `tabletop/_data/maps` (setup.py's build step copies them in);
- a source checkout (or an editable install) has them at the repository root.

The i18n catalogs (`tabletop/i18n/<lang>/*.toml`), tutorial scripts (`tabletop/tutorials/*.json`) and the
phone page (`tabletop/remote/page/*`) are package files in every case.
Nothing here writes: user data lives in platformdirs folders (tabletop/userdata.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def frozen() -> bool:
    """True inside a PyInstaller bundle."""
    return bool(getattr(sys, "frozen", False)) and hasattr(sys, "_MEIPASS")


def root() -> Path:
    """The folder that holds assets/ and maps/."""
    if frozen():
        return Path(sys._MEIPASS)  # type: ignore[attr-defined]  # set by PyInstaller's bootloader
    packaged = _PACKAGE / "_data"
    if (packaged / "assets").is_dir():
        return packaged
    return _PACKAGE.parent


def maps_dir() -> Path:
    return root() / "maps"


def assets_dir() -> Path:
    return root() / "assets"


def catalogs_dir() -> Path:
    """The translation catalogs `i18n/<lang>/<topic>.toml` (read by tabletop.i18n)."""
    return _PACKAGE / "i18n"


def tutorials_dir() -> Path:
    """`<game_id>.json` tutorial scripts (package files, like the catalogs; read by tabletop.tutorial)."""
    return _PACKAGE / "tutorials"


def remote_page_dir() -> Path:
    """The phone page's static files (html, js, css, svg, png, woff2), served by tabletop.remote.server."""
    return _PACKAGE / "remote" / "page"


def icon_path() -> Path:
    return assets_dir() / "icon.png"


def version() -> str:
    """The app's version: baked in by the PyInstaller spec when frozen, else the package metadata."""
    if frozen():
        try:
            from tabletop_build_info import VERSION  # type: ignore[import-not-found]  # written by build/tabletop.spec

            return str(VERSION)
        except ImportError:
            pass
    from importlib import metadata

    try:
        return metadata.version("tabletop")
    except metadata.PackageNotFoundError:
        return "0+unknown"
