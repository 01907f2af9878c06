"""Art and sound (issue 19): static art is built once per size (never per frame), the boards have
terrain and furniture rather than flat fills, and the sound cues are distinct and quiet."""

from __future__ import annotations

import array

import pygame
import pytest

from tabletop.ui import sound


@pytest.fixture
def display():
    from tabletop.ui.text import forget_fonts

    pygame.display.init()
    pygame.font.init()
    forget_fonts()  # fonts of an earlier test died with its pygame.quit(), as a new App knows
    pygame.display.set_mode((1, 1))
    yield
    pygame.quit()


def _colours(surf: pygame.Surface, step: int = 3) -> int:
    w, h = surf.get_size()
    return len({tuple(surf.get_at((x, y)))[:3] for x in range(0, w, step) for y in range(0, h, step)})


def test_kakapo_board_is_built_once_per_size_and_is_not_an_empty_grid(display, monkeypatch):
    from tabletop.ui.games.kakapo import art, terrain

    art.board_surface.cache_clear()
    calls = []
    real = terrain.ground
    monkeypatch.setattr(terrain, "ground", lambda *a: calls.append(a) or real(*a))
    first = art.board_surface("party_19", 40)
    again = art.board_surface("party_19", 40)
    assert first is again and len(calls) == 1
    art.board_surface("party_19", 48)
    assert len(calls) == 2  # a new size builds once more
    # Terrain and plumage: many colours, not a two-colour grid.
    assert _colours(first) > 200


def test_kakapo_bird_is_drawn_as_a_bird(display):
    from tabletop.ui.games.kakapo import bird

    plain = pygame.Surface((120, 40))
    plain.fill((0, 0, 0))
    bird.draw(plain, {(0, 0), (0, 1), (0, 2)}, 40)
    face = plain.get_at((20, 20))[:3]
    assert face != plain.get_at((60, 20))[:3]  # the face differs from the body
    assert _colours(plain, 1) > 8  # plumage, face, eyes, beak, wing, tail


def test_haunted_house_map_is_built_once_with_furniture_and_light(display, monkeypatch):
    from tabletop.ui.games.haunted_house import house

    monkeypatch.setattr(house, "_base", None)
    lit = []
    real = house._light
    monkeypatch.setattr(house, "_light", lambda *a: lit.append(1) or real(*a))
    base = house.base_surface()
    assert house.base_surface() is base and len(lit) == 1
    house.scaled_surface.cache_clear()
    assert house.scaled_surface(300, 300) is house.scaled_surface(300, 300)
    # Room B (no jewel) has a bookshelf on its top wall: its cell is busier than a bare carpet cell.
    t = 64
    bookshelf = base.subsurface((3 * t, 0, t, t))
    carpet = base.subsurface((3 * t, 1 * t + 40, t, 24))
    assert _colours(bookshelf, 2) > _colours(carpet, 2)


def test_kakapo_board_shows_every_bird_over_the_forest_floor(display):
    from tabletop.ui.games.kakapo import art, bird, terrain

    art.board_surface.cache_clear()
    cell, mission = 40, "party_19"
    board = art.board_surface(mission, cell)
    n = board.get_width() // cell
    floor = terrain.ground(mission, n, cell)
    for cells in art.bird_cells(mission):
        head = min(cells)  # the face is drawn on the bird's first cell
        rect = (head[1] * cell, head[0] * cell, cell, cell)
        shown = {tuple(c)[:3] for c in _pixels(board.subsurface(rect))}
        assert shown != {tuple(c)[:3] for c in _pixels(floor.subsurface(rect))}
        assert bird.FACE[:3] in shown  # its pale face, not a coloured square


def _pixels(surf: pygame.Surface, step: int = 2) -> list[pygame.Color]:
    w, h = surf.get_size()
    return [surf.get_at((x, y)) for x in range(0, w, step) for y in range(0, h, step)]


def _brightness(surf: pygame.Surface) -> float:
    return sum(c.r + c.g + c.b for c in _pixels(surf, 4)) / max(1, len(_pixels(surf, 4)))


def _house_without(monkeypatch, layer: str | None = None, light: bool = True, shadow: bool = True):
    """The house's base surface built again with one of its ingredients left out (to see what it adds)."""
    from pytmx import util_pygame

    from tabletop.ui.games.haunted_house import house

    with monkeypatch.context() as m:
        m.setattr(house, "_base", None)
        if layer is not None:
            real_load = util_pygame.load_pygame

            def load(*args, **kwargs):
                tmx = real_load(*args, **kwargs)
                tmx.get_layer_by_name(layer).visible = False
                return tmx
            m.setattr(util_pygame, "load_pygame", load)
        if not light:
            m.setattr(house, "_light", lambda *a: None)
        if not shadow:
            m.setattr(house, "_cast_shadow", lambda walls, tile: pygame.Surface(walls.get_size(), pygame.SRCALPHA))
        return house.base_surface()


def test_haunted_house_furniture_layer_is_drawn_in_every_cell_it_fills(display, monkeypatch):
    import pytmx

    from tabletop import resources
    from tabletop.ui.games.haunted_house import house

    monkeypatch.setattr(house, "_base", None)
    full = house.base_surface()
    bare = _house_without(monkeypatch, layer="furniture")
    tmx = pytmx.TiledMap(str(resources.maps_dir() / "haunted_house.tmx"))
    t = tmx.tilewidth
    filled = [(x, y) for x, y, gid in tmx.get_layer_by_name("furniture") if gid]
    assert len(filled) >= 10
    for x, y in filled:
        cell = (x * t, y * t, t, t)
        assert pygame.image.tobytes(full.subsurface(cell), "RGBA") != pygame.image.tobytes(bare.subsurface(cell),
                                                                                           "RGBA"), (x, y)


def test_haunted_house_is_lit_by_candles_and_darkens_to_its_edges(display, monkeypatch):
    from tabletop.ui.games.haunted_house import house

    monkeypatch.setattr(house, "_base", None)
    lit = house.base_surface()
    unlit = _house_without(monkeypatch, light=False)
    room = next(s for s in house.house().spaces if s.kind == "room")
    x, y, w, h = (round(v) for v in room.rect_px)
    middle = (x + w // 2 - 8, y + h // 2 - 8, 16, 16)
    corner = (0, 0, 16, 16)
    ratio = {name: _brightness(lit.subsurface(r)) / _brightness(unlit.subsurface(r))
             for name, r in (("middle", middle), ("corner", corner))}
    assert ratio["corner"] < ratio["middle"] < 1.01  # a pool of light in the room, darkness at the edge


def test_haunted_house_walls_cast_a_shadow(display, monkeypatch):
    from tabletop.ui.games.haunted_house import house

    monkeypatch.setattr(house, "_base", None)
    shaded = house.base_surface()
    flat = _house_without(monkeypatch, shadow=False)
    assert _brightness(shaded) < _brightness(flat) - 0.5


def test_kakapo_placed_pieces_cast_shadows(app, monkeypatch):
    """Every placed piece casts its shadow onto the board (down-right) when the placed layer is drawn."""
    import tools.make_screenshots as shots
    from tabletop.ui.games.kakapo import art
    from tabletop.ui.scenes.table import TableScene

    session = shots.kakapo_session(shots.KakapoScene())
    placed = session.state.view(0).placements
    assert len(placed) >= 5
    cast = []
    real = art.piece_shadow
    monkeypatch.setattr(art, "piece_shadow", lambda *a: cast.append(a[:2]) or real(*a))
    app.stack.push(TableScene(app, session))
    app.step(1 / 60)
    assert sorted(cast) == sorted((k, o) for k, o, _top, _left in placed)
    shadow = real(*cast[0], 40)
    assert max(shadow.get_at((x, y)).a for x in range(shadow.get_width()) for y in range(shadow.get_height())) > 0
    assert art.shadow_offset(40) > 0  # cast down-right of the piece


def test_haunted_house_tmx_keeps_its_objects_and_adds_a_furniture_layer():
    from tabletop import resources

    text = (resources.maps_dir() / "haunted_house.tmx").read_text(encoding="utf-8")
    assert 'name="furniture"' in text
    assert text.index('name="floor"') < text.index('name="furniture"') < text.index('name="walls"')


def _samples(name: str) -> array.array:
    return sound.EFFECTS[name]()


def test_sound_cues_exist_and_are_distinct():
    data = {name: _samples(name).tobytes() for name in sound.CUES}
    assert set(sound.CUES) == {"turn", "reveal", "win", "lose"}
    assert len(set(data.values())) == len(data)
    assert all(len(d) > 0.1 * sound.RATE * 2 for d in data.values())  # each at least 0.1 s


def test_sound_cues_are_quiet():
    for name in sound.CUES:
        peak = max(abs(v) for v in _samples(name)) / 32767
        assert 0.05 < peak <= sound.CUE_PEAK, name
