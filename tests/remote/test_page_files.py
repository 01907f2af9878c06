"""The phone page's files: the table's palette and type sizes (style.py) in its CSS, nothing inline (the server's
Content-Security-Policy forbids inline script and style), no file from elsewhere, and every catalog word it shows
comes from a message (the page's own text is only the "Connecting…" fallback)."""

from __future__ import annotations

import re
from pathlib import Path

from tabletop.ui import style

PAGE = Path(__file__).resolve().parents[2] / "tabletop" / "remote" / "page"


def _css_variables() -> dict[str, str]:
    return dict(re.findall(r"--([a-z0-9-]+):\s*([^;]+);", (PAGE / "join.css").read_text(encoding="utf-8")))


def test_css_colours_and_sizes_are_style_py_constants():
    variables = _css_variables()
    colours = {name: value for name, value in variables.items() if value.startswith("rgb")}
    assert len(colours) >= 10
    for name, value in colours.items():
        constant = getattr(style, name.upper().replace("-", "_"))
        assert value == "rgb({}, {}, {})".format(*constant), name
    for name in ("h1", "h2", "body", "small", "tiny", "gap", "pad", "radius"):
        assert variables[name] == f"{getattr(style, name.upper())}px", name


def test_css_writes_no_colour_or_font_size_of_its_own():
    base = (PAGE / "join.css").read_text(encoding="utf-8")
    rules = base[base.index("}", base.index(":root")) + 1:] + (PAGE / "style.css").read_text(encoding="utf-8")
    assert not re.search(r"#[0-9a-fA-F]{3,8}\b|rgba?\(", rules)
    assert all("var(--" in size for size in re.findall(r"font-size:([^;]+);", rules))


def test_no_inline_script_or_style_and_nothing_from_elsewhere():
    for name in ("index.html", "join.html"):
        html = (PAGE / name).read_text(encoding="utf-8")
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), name
        assert "<style" not in html and " style=" not in html and "javascript:" not in html, name
        assert not re.search(r"""(src|href)=["'](https?:)?//""", html), name
    script = (PAGE / "app.js").read_text(encoding="utf-8")
    assert "innerHTML" not in script and "eval(" not in script and "http" not in script.replace("https:", "")


def test_the_page_writes_no_words_of_its_own_but_the_fallback():
    """Japanese text in the script can only be words of its own: just the fallback and the language switch."""
    script = (PAGE / "app.js").read_text(encoding="utf-8")
    japanese = set(re.findall(r'"([^"]*[\u3040-\u30ff\u4e00-\u9fff][^"]*)"', script))
    assert japanese == {"接続中…", "日本語"}
    assert 'en: "Connecting…"' in script and 'ja: "English"' in script


def test_the_page_ships_in_the_wheel_and_the_app():
    import tomllib

    root = PAGE.parents[2]
    with open(root / "pyproject.toml", "rb") as handle:
        shipped = tomllib.load(handle)["tool"]["setuptools"]["package-data"]["tabletop.remote"]
    spec = (root / "build" / "tabletop.spec").read_text(encoding="utf-8")
    assert 'PHONE_PAGE_GLOB = "tabletop/remote/page/*"' in spec
    for path in PAGE.iterdir():
        assert any(path.match(pattern.split("/")[-1]) for pattern in shipped), path.name
