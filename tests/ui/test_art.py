"""Art and sound (issue 19): static art is built once per size (never per frame), the boards have
terrain and furniture rather than flat fills, and the sound cues are distinct and quiet."""

from __future__ import annotations

import array

import pygame
import pytest

from tabletop.ui import sound


@pytest.fixture
def display():
    pygame.display.init()
    pygame.font.init()
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
