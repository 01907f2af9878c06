"""Issue 38, finding 11: names setup filled in follow the language, names the player typed stay as typed.
Set up in Japanese (プレイヤー1, アキ, ...), then switched to English: the filled-in names read Player 1,
Aki, ... whether the setup is opened again (from memory) or was open during the switch."""

from __future__ import annotations

from tabletop import i18n
from tabletop.ui.scenes.settings import SettingsScene
from tabletop.ui.scenes.setup import SetupScene


def _names(setup: SetupScene) -> list[str]:
    return [seat.name for seat in setup.seats[: setup.count]]


def _switch(app, lang: str) -> None:
    """The language button of Settings, as a player presses it."""
    settings = SettingsScene(app)
    app.stack.push(settings)
    button = next(b for b in settings.widgets if b.label == {"en": "English", "ja": "日本語"}[lang])
    button.on_click()
    app.stack.pop()


def test_filled_in_names_follow_the_language_and_typed_names_stay(app):
    _switch(app, "ja")
    setup = SetupScene(app, "bluffit")
    app.stack.push(setup)
    setup.set_count(4)
    assert _names(setup) == ["プレイヤー1", "アキ", "ベン", "チエ"]
    setup._namer(2)("たろう")  # typed by the player
    setup.remember()
    _switch(app, "en")  # with the setup open under Settings
    assert i18n.language() == "en"
    assert _names(setup) == ["Player 1", "Aki", "たろう", "Chie"]
    app.stack.pop()
    _switch(app, "ja")
    _switch(app, "en")
    again = SetupScene(app, "bluffit")  # from the remembered Japanese setup
    app.stack.push(again)
    assert _names(again) == ["Player 1", "Aki", "たろう", "Chie"]
