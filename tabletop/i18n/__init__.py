"""Translations: one flat TOML catalog per topic and language, keyed by slug.

`tabletop/i18n/<lang>/<topic>.toml` holds keys used as "<topic>.<key>" (the app's
own strings live in topic "app"; each game's in its game id). Both languages
have exactly the same keys (a test enforces it). `t()` never raises: a missing
key shows the key itself, so a gap is visible but never crashes the table. Counts use `plural()`
(`<key>.one` / `<key>.other`), never "(s)".
"""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "ja")
_HERE = Path(__file__).resolve().parent
_language = "en"


def set_language(lang: str) -> None:
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    _language = lang


def language() -> str:
    return _language


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Words built inside are in `lang` (a phone seat's language); the app's language is back afterwards.

    For the one thread that builds text (the pygame thread): the language is a module global, not per thread."""
    global _language
    saved = _language
    set_language(lang)
    try:
        yield
    finally:
        _language = saved


@cache
def catalog(lang: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for path in sorted((_HERE / lang).glob("*.toml")):
        with path.open("rb") as handle:
            data = tomllib.load(handle)
        merged.update({f"{path.stem}.{key}": str(text) for key, text in _flatten(data)})
    return merged


def _flatten(data: dict[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    items: list[tuple[str, Any]] = []
    for key, value in data.items():
        full = f"{prefix}{key}"
        if isinstance(value, dict):
            items.extend(_flatten(value, full + "."))
        else:
            items.append((full, value))
    return items


class _Lenient(string.Formatter):
    """Leaves unknown placeholders visible instead of raising."""

    def get_value(self, key: Any, args: Any, kwargs: Mapping[str, Any]) -> Any:
        if isinstance(key, str):
            return kwargs.get(key, "{" + key + "}")
        return super().get_value(key, args, kwargs)

    def format_field(self, value: Any, format_spec: str) -> str:
        try:
            return super().format_field(value, format_spec)
        except (ValueError, TypeError):
            return str(value)


_FORMATTER = _Lenient()


def has(key: str, lang: str | None = None) -> bool:
    return key in catalog(lang or _language)


def t(key: str, lang: str | None = None, **params: Any) -> str:
    text = catalog(lang or _language).get(key)
    if text is None:
        text = catalog("en").get(key, key)
    if not params:
        return text
    return _FORMATTER.format(_HONORIFIC_FIELD.sub(lambda m: _honorific(m, params), text), **params)


# Japanese texts add さん after a seat's name ("{name}さん"); a name that already is a pronoun or ends in an
# honorific ("あなた", "Akiさん", "けんくん", "CPU様") reads wrong with another, so that さん is dropped.
_HONORIFIC_FIELD = re.compile(r"\{(\w+)\}さん")
_HONORIFIC_ENDINGS = ("さん", "くん", "君", "ちゃん", "様", "さま", "殿", "先生", "氏")
_PRONOUNS = frozenset({"あなた", "わたし", "私", "僕", "ぼく", "俺", "おれ", "自分", "君", "きみ"})


def _honorific(match: re.Match[str], params: dict[str, Any]) -> str:
    value = params.get(match.group(1))
    if isinstance(value, str) and (value.strip() in _PRONOUNS or value.strip().endswith(_HONORIFIC_ENDINGS)):
        return "{" + match.group(1) + "}"
    return match.group(0)


# Grammar by count: a counted phrase has `<key>.one` and `<key>.other` in every catalog (the key test wants
# both everywhere); English uses "one" for exactly 1, Japanese has a single form and always uses "other".
_PLURAL_FORM = {"en": lambda n: "one" if n == 1 else "other", "ja": lambda n: "other"}


def plural(key: str, count: float, lang: str | None = None, **params: Any) -> str:
    """`key.one` or `key.other` for `count` in the language's grammar, formatted with `count` and `params`."""
    lang = lang or _language
    shown = int(count) if float(count).is_integer() else count
    return t(f"{key}.{_PLURAL_FORM[lang](shown)}", lang, count=shown, **params)
