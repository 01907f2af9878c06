"""The phone page's files, read once into memory: {name: (bytes, content type)}.

Only plain file names directly in the page folder with one of the known extensions are read. A request is
answered by looking its name up in this table, so no filesystem path is ever built from a request.
"""

from __future__ import annotations

import re
from pathlib import Path

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".woff2": "font/woff2",
}
FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
PAGE_BYTES_MAX = 8 * 1024 * 1024  # all files together: a page folder is small; a mistake is not served

StaticFiles = dict[str, tuple[bytes, str]]


def load_page_files(folder: Path) -> StaticFiles:
    files: StaticFiles = {}
    total = 0
    if not folder.is_dir():
        return files
    for path in sorted(folder.iterdir()):
        kind = CONTENT_TYPES.get(path.suffix.lower())
        if kind is None or not FILE_NAME.fullmatch(path.name) or not path.is_file() or path.is_symlink():
            continue
        data = path.read_bytes()
        total += len(data)
        if total > PAGE_BYTES_MAX:
            raise ValueError(f"the phone page folder holds more than {PAGE_BYTES_MAX} bytes")
        files[path.name] = (data, kind)
    return files
