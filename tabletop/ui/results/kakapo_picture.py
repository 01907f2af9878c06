"""A small picture of KAKAPO's final board for the results screen: the mission's birds, every placed
piece, and a green outline with a tick around each scanned bird (the same art as the table)."""

from __future__ import annotations

from typing import cast

import pygame

from tabletop.games.kakapo import grid
from tabletop.games.kakapo.view import KakapoView
from tabletop.session import Session
from tabletop.ui import style
from tabletop.ui.games.kakapo import art
from tabletop.ui.painter import Painter


def draw_final_board(p: Painter, session: Session, rect: pygame.FRect) -> None:
    view = cast(KakapoView, session.state.view(None))  # the final public view of a KAKAPO session
    cell = max(4, p.vp.px(min(rect.w, rect.h) / grid.SIZE))
    surface = art.board_surface(view.mission, cell).copy()
    for k, o, top, left in view.placements:
        surface.blit(art.piece_surface(k, o, cell, glyphs=cell >= 14), (left * cell, top * cell))
    width = max(2, cell // 7)
    for i, cells in enumerate(art.bird_cells(view.mission)):
        if not view.scanned[i]:
            continue
        for r, c in cells:
            x, y = c * cell, r * cell
            for dr, dc in grid.DELTA.values():
                if (r + dr, c + dc) in cells:
                    continue
                a = (x + cell * (dc == 1), y + cell * (dr == 1))
                b = (a[0] + cell * (dr != 0), a[1] + cell * (dc != 0))
                pygame.draw.line(surface, style.GOOD, a, b, width)
        r, c = min(cells)
        pygame.draw.circle(surface, style.GOOD, (c * cell, r * cell), max(4, cell // 3))
    origin = p.vp.point(rect.x, rect.y)
    p.surface.blit(surface, origin)
    p.rect(pygame.FRect(rect.x, rect.y, grid.SIZE * cell / p.vp.scale, grid.SIZE * cell / p.vp.scale),
           style.PANEL_EDGE, width=1)
