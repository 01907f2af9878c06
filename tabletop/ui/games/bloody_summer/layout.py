"""Where things sit on the BLOODY SUMMER table (virtual px, inside BOARD_AREA).

The camp-site card is in the middle; the four sites sit around it, turned so the
viewer's site is at the bottom: position 0 bottom, 1 left, 2 top, 3 right, which is
clockwise seen from above (the seats' play order).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

CAMP = pygame.FRect(232, 152, 496, 290)
INNER = pygame.FRect(CAMP.x + 68, CAMP.y + 40, CAMP.w - 136, CAMP.h - 80)  # the round's pile
CHECK = CAMP.copy()  # the killer's check show
SEATS = (
    pygame.FRect(330, 448, 300, 74),  # bottom
    pygame.FRect(16, 248, 206, 86),  # left
    pygame.FRect(330, 72, 300, 74),  # top
    pygame.FRect(738, 248, 206, 86),  # right
)
ORDER_BOX = pygame.FRect(16, 72, 206, 166)
DRAW_BOX = pygame.FRect(738, 72, 206, 166)
LAST_BOX = pygame.FRect(16, 344, 206, 178)
DISCARD_BOX = pygame.FRect(738, 344, 206, 178)
HAND = pygame.FRect(12, 530, 936, 178)
HAND_CARD = (68, 97)
PILE_BIG, PILE_SMALL = (56, 80), (38, 54)  # the round's top play; the plays under it
BUTTONS_X = HAND.right - 206


def position(area: int, viewer_area: int) -> int:
    """Screen position (0 bottom, 1 left, 2 top, 3 right) of a site, the viewer's site at the bottom."""
    return (area - viewer_area) % 4


def bottom_area(areas: Sequence[int], viewer: int | None) -> int:
    """The site at the bottom: the viewer's, or the first seat's in the public view."""
    return areas[viewer] if viewer is not None else areas[0]


def seat_rect(areas: Sequence[int], viewer: int | None, seat: int) -> pygame.FRect:
    """`seat`'s panel, at its site (`areas`: each seat's site), seen by `viewer`."""
    return SEATS[position(areas[seat], bottom_area(areas, viewer))]


def tab_rect(pos: int) -> pygame.FRect:
    """The site's label on the camp card's edge facing its seat."""
    if pos in (0, 2):
        r = pygame.FRect(0, 0, 214, 32)
        r.center = (CAMP.centerx, CAMP.bottom - 20 if pos == 0 else CAMP.y + 20)
    else:
        r = pygame.FRect(0, 0, 50, 142)
        r.center = (CAMP.x + 30 if pos == 1 else CAMP.right - 30, CAMP.centery)
    return r
