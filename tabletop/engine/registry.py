"""The six games by id: an explicit table, no filesystem discovery (it must work frozen).

Each entry names the module that defines the game's `GAME` object; the game states its
own title and player count, and an entry reads them from there. A game whose module
does not exist is listed but unavailable (and has no title until it does).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from tabletop.engine.core import Game


@dataclass(frozen=True)
class CatalogEntry:
    id: str
    module: str

    @property
    def title(self) -> dict[str, str]:
        return get_game(self.id).title

    @property
    def players(self) -> range:
        return get_game(self.id).players


CATALOG: tuple[CatalogEntry, ...] = (
    CatalogEntry("bluffit", "tabletop.games.bluffit"),
    CatalogEntry("ghost_bumpers", "tabletop.games.ghost_bumpers"),
    CatalogEntry("bloody_summer", "tabletop.games.bloody_summer"),
    CatalogEntry("sumidagawa", "tabletop.games.sumidagawa"),
    CatalogEntry("kakapo", "tabletop.games.kakapo"),
    CatalogEntry("haunted_house", "tabletop.games.haunted_house"),
)

_BY_ID = {entry.id: entry for entry in CATALOG}
_loaded: dict[str, Game | None] = {}


class UnknownGame(ValueError):
    pass


def entry(game_id: str) -> CatalogEntry:
    try:
        return _BY_ID[game_id]
    except KeyError:
        known = ", ".join(_BY_ID)
        raise UnknownGame(f"unknown game {game_id!r} (known: {known})") from None


def _load(game_id: str) -> Game | None:
    if game_id not in _loaded:
        module_name = entry(game_id).module
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name is None or not module_name.startswith(exc.name):
                raise  # a real missing dependency inside a built game is a bug, not "not built"
            _loaded[game_id] = None
        else:
            _loaded[game_id] = getattr(module, "GAME", None)
    return _loaded[game_id]


def is_available(game_id: str) -> bool:
    return _load(game_id) is not None


def get_game(game_id: str) -> Game:
    game = _load(game_id)
    if game is None:
        raise UnknownGame(f"{game_id} is not available yet")
    return game


def available_games() -> list[Game]:
    return [g for g in (_load(e.id) for e in CATALOG) if g is not None]
