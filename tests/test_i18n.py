"""Both languages have the same keys and the same placeholders in every catalog."""

from __future__ import annotations

import string
import tomllib
from pathlib import Path

import pytest

from tabletop import i18n

CATALOGS = Path(i18n.__file__).resolve().parent
TOPICS = sorted(p.stem for p in (CATALOGS / "en").glob("*.toml"))


def _load(lang: str, topic: str) -> dict:
    with (CATALOGS / lang / f"{topic}.toml").open("rb") as handle:
        return dict(i18n._flatten(tomllib.load(handle)))


def _fields(text: str) -> set[str]:
    """Placeholder names; a language-tagged field (combo_en / combo_ja) counts as the same field."""
    names = {name for _, name, _, _ in string.Formatter().parse(text) if name}
    return {n[:-3] if n.endswith(("_en", "_ja")) else n for n in names}


@pytest.mark.parametrize("topic", TOPICS)
def test_same_keys_and_placeholders(topic):
    en, ja = _load("en", topic), _load("ja", topic)
    assert set(en) == set(ja), f"{topic}: keys differ: {sorted(set(en) ^ set(ja))}"
    for key in en:
        # Game log lines may pick different data fields per language (a romaji reading in English,
        # the kanji in Japanese); seat names must appear in both.
        en_fields, ja_fields = _fields(str(en[key])), _fields(str(ja[key]))
        if topic == "app":
            assert en_fields == ja_fields, f"{topic}.{key}"
        seats = {f for f in en_fields | ja_fields if f.endswith("seat")}
        assert seats <= en_fields and seats <= ja_fields, f"{topic}.{key}: {seats}"


def test_every_language_has_every_topic():
    assert sorted(p.stem for p in (CATALOGS / "ja").glob("*.toml")) == TOPICS


def test_missing_key_is_visible_not_fatal():
    assert i18n.t("app.no_such_key") == "app.no_such_key"
    assert i18n.t("app.pass_to", name="Aki") == "Pass to Aki"
    assert "{name}" in i18n.t("app.pass_to")


def test_japanese_glyphs_are_in_the_bundled_font():
    from fontTools.ttLib import TTFont

    from tabletop.resources import assets_dir

    cmap = TTFont(assets_dir() / "fonts" / "NotoSansJP-Tabletop-Regular.otf").getBestCmap()
    text = "".join(i18n.catalog("ja").values()) + "".join(i18n.catalog("en").values())
    missing = sorted({ch for ch in text if ch.strip() and ord(ch) not in cmap})
    assert not missing, f"glyphs missing from the font subset (run tools/make_font_subset.py): {missing}"


def test_japanese_line_breaking_keeps_kinsoku():
    from tabletop.ui.text import tokens

    toks = tokens("ほかの人は画面を見ないでください。準備ができたら「開始」を押す")
    assert all(not tok.startswith(("。", "」", "、")) for tok in toks)
    assert all(not tok.endswith("「") for tok in toks)
