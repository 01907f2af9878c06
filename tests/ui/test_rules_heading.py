"""Issue 38, finding 11: the rules overlay's heading names the tab shown (not 「遊び方 —」 on the full one)."""

from __future__ import annotations

import pytest

from tabletop.i18n import t
from tabletop.ui.scenes.rules import RulesScene
from tests.ui.conftest import drawn_strings
from tests.ui.test_text_fit import _configure


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_heading_follows_the_tab(app, lang):
    _configure(app, lang, 1.0)
    rules = RulesScene(app, "bluffit", "summary")
    app.stack.push(rules)
    game = "ブラフィット" if lang == "ja" else "BLUFFIT"
    assert t("app.rules_title", game=game) in drawn_strings(app, rules.draw)
    rules.set_tab("full")
    shown = drawn_strings(app, rules.draw)
    assert t("app.rules_title_full", game=game) in shown and t("app.rules_title", game=game) not in shown
