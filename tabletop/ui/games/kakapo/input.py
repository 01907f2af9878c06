"""What a click or a key means on the KAKAPO table, read over the board's hit maps and the legal actions.

- Reveal: ←/→ choose a playable card, or 1–8 by card value as in every game (press again for the next card of
  that value); Enter reveals it (click a card to choose it, click it again or press Reveal).
- Skill: 1–8 choose the option at that position (click a tile); ← → light one, Enter takes it.
- Placement: arrows (or W/A/S/D) move the piece, R or mouse wheel or right-click rotates (Shift+R back),
  F flips, Q or Tab switches between two selected pieces, Enter or Space places. With the mouse the piece
  hovers with the pointer over the board (or is dragged there from the tray): releasing a drag over a legal
  spot places it; a click pins it, a second click on it (or Place) confirms. An illegal drop keeps the piece
  in hand, pinned, with the engine's reason.

Digits are read through `ui.keys` (the number row and the keypad alike). The pure helpers at the top take no
pygame event and are tested on their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from tabletop.engine.core import Action
from tabletop.games.kakapo import pieces
from tabletop.games.kakapo.actions import Reveal, Skill
from tabletop.games.kakapo.view import KakapoView
from tabletop.ui import keys
from tabletop.ui.games import BOARD_AREA, TableContext
from tabletop.ui.games.kakapo.ghost import Ghost
from tabletop.ui.games.kakapo.layout import BoardGeometry
from tabletop.ui.widgets import step_choice

if TYPE_CHECKING:
    from tabletop.ui.games.kakapo.board import Board

MOVE_KEYS = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0),
             pygame.K_a: (0, -1), pygame.K_d: (0, 1), pygame.K_w: (-1, 0), pygame.K_s: (1, 0)}
ARROWS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}
# What the left button went down on during placement (decides what its release does).
CONFIRM, BOARD, TRAY = "confirm", "board", "tray"
DRAG_SLOP = 6  # virtual px the pointer may wander before a press counts as a drag


# ----- pure helpers ---------------------------------------------------------------------------
def skill_at(options: Sequence[Skill], digit: int | None) -> Skill | None:
    """The skill option a digit names by its position on the tiles (1 = the first), or None."""
    if digit is None or not 1 <= digit <= len(options):
        return None
    return options[digit - 1]


def card_of_value(playable: Sequence[int], value: int | None, chosen: int | None) -> int | None:
    """The playable card of that value to choose: the first, or the next after `chosen` (pressing the digit
    again steps through the cards of that value); None when no playable card has it."""
    same = [k for k in playable if pieces.value_of(k) == value]
    if not same:
        return None
    at = same.index(chosen) if chosen in same else -1
    return same[(at + 1) % len(same)]


def playable_cards(view: KakapoView, legal: Sequence[Action]) -> list[int]:
    """The cards the viewer may reveal, in hand order."""
    return sorted((a.card for a in legal if isinstance(a, Reveal)), key=lambda k: view.hand.index(k))


def other_piece(selection: Sequence[int], held: int) -> int:
    """The next piece to hold when the round selected two (Q or Tab)."""
    return selection[(list(selection).index(held) + 1) % len(selection)]


# ----- events ---------------------------------------------------------------------------------
def handle(board: Board, event: pygame.event.Event, ctx: TableContext, view: KakapoView) -> bool:
    board.motion.skip_on(event, BOARD_AREA, board.table.pointer)  # the click still does what it does
    if not ctx.legal:
        return False
    if view.phase == "place":
        return _handle_place(board, event, ctx, view)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return _click(board, board.table.pointer(event.pos), ctx)
    if event.type != pygame.KEYDOWN:
        return False
    if view.phase == "skill":
        return _skill_key(board, event, ctx)
    return _reveal_key(board, event, ctx, view)


def _button(board: Board, pos: pygame.Vector2) -> bool:
    """Runs the enabled button under `pos`; True if one took the click."""
    button = board.buttons.at(pos)
    if button is None or not button.enabled:
        return False
    button.on_click()
    return True


def _click(board: Board, pos: pygame.Vector2, ctx: TableContext) -> bool:
    if _button(board, pos):
        return True
    skill = board.hot_skills.at(pos)
    if skill is not None:
        ctx.act(skill)
        return True
    card = board.hot_hand.at(pos)
    if card is None:
        return False
    if board.selected_card == card:
        board.reveal_selected(ctx)
    else:
        board.selected_card = card
    return True


def _skill_key(board: Board, event: pygame.event.Event, ctx: TableContext) -> bool:
    options = [a for a in ctx.legal if isinstance(a, Skill)]
    chosen = skill_at(options, keys.digit(event))
    if chosen is not None:
        ctx.act(chosen)
        return True
    if event.key in ARROWS:  # nothing is lit before an arrow: a stray Enter chooses none
        board.skill_focus = step_choice(options, board.skill_focus, ARROWS[event.key])
        return True
    if keys.is_confirm(event, space=True) and board.skill_focus in options:
        ctx.act(board.skill_focus)
        return True
    return False


def _reveal_key(board: Board, event: pygame.event.Event, ctx: TableContext, view: KakapoView) -> bool:
    playable = playable_cards(view, ctx.legal)
    by_value = card_of_value(playable, keys.digit(event), board.selected_card)
    if by_value is not None:  # by card value, as in every game; again for the next card of that value
        board.selected_card = by_value
        return True
    if event.key in ARROWS and playable:
        board.selected_card = step_choice(playable, board.selected_card, ARROWS[event.key])
        return True
    if keys.is_confirm(event, space=True) and board.selected_card is not None:
        board.reveal_selected(ctx)
        return True
    return False


def _handle_place(board: Board, event: pygame.event.Event, ctx: TableContext, view: KakapoView) -> bool:
    ghost = board.ensure_ghost(ctx)
    if ghost is None:
        return False
    geo = BoardGeometry(board.table.viewport)
    if event.type == pygame.MOUSEMOTION:
        pos = geo.to_board(board.table.pointer(event.pos))
        if (ghost.dragging or ghost.following) and geo.on_board(pos):
            ghost.point_at(pos)
        return False
    if event.type == pygame.MOUSEWHEEL:
        ghost.rotate(event.y < 0)
        return True
    if event.type == pygame.MOUSEBUTTONDOWN:
        return _press(board, event, ghost, geo)
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and board.press is not None:
        _release(board, event, ctx, ghost, geo)
        return True
    if event.type != pygame.KEYDOWN:
        return False
    return _place_key(board, event, ctx, view, ghost)


def _place_key(board: Board, event: pygame.event.Event, ctx: TableContext, view: KakapoView, ghost: Ghost) -> bool:
    if event.key in MOVE_KEYS:
        ghost.nudge(*MOVE_KEYS[event.key])
    elif event.key == pygame.K_r:
        ghost.rotate(not event.mod & pygame.KMOD_SHIFT)
    elif event.key == pygame.K_f:
        ghost.flip()
    elif event.key in (pygame.K_q, pygame.K_TAB):
        if len(view.selection) > 1:
            board.ghost = Ghost(other_piece(view.selection, ghost.piece))
    elif keys.is_confirm(event, space=True):
        if not ghost.shown:
            ghost.nudge(0, 0)
        else:
            board.confirm(ctx)
    else:
        return False
    return True


def _press(board: Board, event: pygame.event.Event, ghost: Ghost, geo: BoardGeometry) -> bool:
    pos_v = board.table.pointer(event.pos)
    if event.button == 3:
        ghost.rotate()
        return True
    if event.button != 1:
        return False
    if _button(board, pos_v):
        return True
    k = board.hot_tray.at(pos_v)
    if k is not None:
        if k != ghost.piece:
            board.ghost = ghost = Ghost(k)
        ghost.take_from_tray()
        board.press, board.press_start = TRAY, pygame.Vector2(pos_v)
        return True
    pos = geo.to_board(pos_v)
    if not geo.on_board(pos):
        return False
    pinned = ghost.shown and not ghost.following
    on_piece = ghost.press(pos)
    board.press = CONFIRM if pinned and on_piece else BOARD
    board.press_start = pygame.Vector2(pos_v)
    return True


def _release(board: Board, event: pygame.event.Event, ctx: TableContext, ghost: Ghost, geo: BoardGeometry) -> None:
    """Left button up: a click pins (or, on the pinned piece, places); a drag drops the piece."""
    pos_v = board.table.pointer(event.pos)
    pos = geo.to_board(pos_v)
    press, board.press = board.press, None
    moved = board.press_start is not None and pos_v.distance_to(board.press_start) > DRAG_SLOP
    board.press_start = None
    if not moved:
        ghost.dragging = False
        if press == CONFIRM:
            board.confirm(ctx)
        elif press == BOARD:
            ghost.pin()
        return
    if geo.on_board(pos):
        ghost.point_at(pos)
        _drop(board, ctx, ghost)
    else:  # let go off the board: the piece stays in hand where it was last shown
        ghost.dragging = False
        if press != TRAY and ghost.shown:
            ghost.pin()


def _drop(board: Board, ctx: TableContext, ghost: Ghost) -> None:
    """A drag ended over the board: place the piece if its spot is legal and is the one on the screen.

    A drop on a spot not yet drawn (the release came before a frame showed it) only pins the piece
    there, so nothing is ever placed where the player did not see it."""
    ghost.release()
    if ghost.action() == board.drawn_action:
        board.confirm(ctx)
