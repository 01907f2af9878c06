"""Japanese texts add さん after a seat's name; a name that is a pronoun or already carries an honorific
gets none ("あなた" never reads 「あなたさん」), every other name still does."""

from __future__ import annotations

import re

import pytest

from tabletop.i18n import catalog, t


@pytest.mark.parametrize("name", ["あなた", "Akiさん", "けんくん", "ゆいちゃん", "CPU様"])
def test_no_second_honorific(name):
    assert t("app.seat_hand", "ja", name=name) == f"{name}の手札"


@pytest.mark.parametrize("name", ["Aki", "Bot1", "あなたち", "さんた"])
def test_plain_names_get_san(name):
    assert t("app.seat_hand", "ja", name=name) == f"{name}さんの手札"


def test_every_san_field_in_the_catalog_is_covered():
    """Whatever field carries the name ({seat}, {target_seat}, ...), あなた never reads あなたさん."""
    texts = [(k, v) for k, v in catalog("ja").items() if "}さん" in v]
    assert texts
    for key, text in texts:
        fields = {f[1:-1] for f in re.findall(r"\{\w+\}", text)}
        shown = t(key, "ja", **({"count": 2} | {f: "あなた" for f in fields if f != "count"}))
        assert "あなたさん" not in shown, (key, shown)
