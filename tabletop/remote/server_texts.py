"""What the phone server says: its one JSON serialisation, and its words (refusals, HTTP answers) per language."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from tabletop.i18n import catalog
from tabletop.remote.protocol import LANGS, REFUSAL_CODES

HTTP_TEXT_KEYS = ("not_found", "too_many", "forbidden_host", "forbidden_origin", "method", "no_join_page")

ServerTexts = dict[str, dict[str, str]]  # {lang: {key: text}}


def dumps(message: dict[str, Any]) -> str:
    """The one serialisation of a server -> phone message (the payload's own, so bytes are reproducible)."""
    return json.dumps(message, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def server_texts(refusals: dict[str, dict[str, str]] | None = None) -> ServerTexts:
    """{lang: {key: text}} for refusals ("refused.<code>"), HTTP answers ("http.<key>"), "closed", "released":
    the catalogs' topic "phone_server", with the desktop's `refusals` ({lang: {code: text}}) over them."""
    texts: ServerTexts = {}
    for lang in LANGS:
        words = catalog(lang)
        table = {f"refused.{code}": words.get(f"phone_server.refused.{code}", code) for code in REFUSAL_CODES}
        table.update({f"http.{key}": words.get(f"phone_server.http.{key}", key) for key in HTTP_TEXT_KEYS})
        for key in ("closed", "released"):
            table[key] = words.get(f"phone_server.{key}", key)
        for code, text in ((refusals or {}).get(lang) or {}).items():
            table[f"refused.{code}"] = str(text)
        texts[lang] = table
    return texts


def text(texts: ServerTexts, lang: str, key: str) -> str:
    """`key` in `lang`, else in English, else the key itself."""
    return texts.get(lang, texts["en"]).get(key) or texts["en"].get(key, key)


def http_lang(request: web.Request) -> str:
    first = request.headers.get("Accept-Language", "").split(",")[0].strip().lower()
    return "ja" if first.startswith("ja") else "en"


def plain(texts: ServerTexts, status: int, key: str, lang: str) -> web.Response:
    """An HTTP answer in words: `key` under "http." in the request's language."""
    return web.Response(status=status, text=texts[lang][f"http.{key}"])
