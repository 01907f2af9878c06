"""The catalog names each game's module; its title and player count come from the game itself (stated once)."""

from __future__ import annotations

from dataclasses import fields

import pytest

from tabletop.engine import registry


def test_a_catalog_entry_states_only_the_id_and_the_module():
    assert [f.name for f in fields(registry.CatalogEntry)] == ["id", "module"]


@pytest.mark.parametrize("entry", registry.CATALOG, ids=lambda e: e.id)
def test_an_entry_shows_its_games_own_title_and_player_count(entry):
    game = registry.get_game(entry.id)
    assert game.id == entry.id
    assert entry.title is game.title and set(entry.title) == {"en", "ja"}
    assert entry.players is game.players and len(entry.players) >= 1


def test_an_unknown_game_is_refused_by_name():
    with pytest.raises(registry.UnknownGame, match="unknown game 'chess'"):
        registry.entry("chess")
