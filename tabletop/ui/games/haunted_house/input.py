"""What a click or a key means on the Haunted House table, over the legal actions and what was drawn where.

Mouse: Roll (or the white die); a highlighted space moves there (the hunter's own space or Stay keeps it in
place); the jewel or Take / Leave. Keys: Space, Enter or R rolls; ←/→ (or Tab) pick a destination, Enter
moves there, S or 0 stays; T or Enter takes the jewel, N leaves it; G twice gives up."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tabletop.engine.core import Action
from tabletop.games.haunted_house.actions import LEAVE, ROLL, STAY, TAKE, Move
from tabletop.games.haunted_house.view import HauntedHouseView
from tabletop.i18n import t
from tabletop.ui import keys
from tabletop.ui.widgets import Button
from tabletop.ui.words.haunted_house import WORDS  # spaces in words ("corridor square 7", "room A"), never their ids

Target = Action | Button  # what a click reaches: an action (a destination, the die, the jewel) or a button


@dataclass(frozen=True)
class KeyIntent:
    """What a key asks for: an action to play, a step of the destination pick (±1), or the give-up press."""

    act: Action | None = None
    step: int = 0
    give_up: bool = False


def legal_moves(legal: list[Action]) -> list[Move]:
    """The move actions in keyboard order: by distance and destination, staying last (so the first → lights
    a space to go to, and the first ← lights staying)."""
    moves = [a for a in legal if isinstance(a, Move)]
    moves.sort(key=lambda m: (not m.path, len(m.path), m.path[-1] if m.path else ""))
    return moves


def destination(move: Move, here: str) -> str:
    """Where a move ends: its path's last space, or `here` (where the hunter stands) for staying."""
    return move.path[-1] if move.path else here


def picked(moves: list[Move], cursor: int | None, cursor_moves: tuple[Move, ...]) -> Move | None:
    """The destination chosen with the arrow keys, if any: `cursor` indexes the moves it was chosen among
    (`cursor_moves`); once the legal moves change, nothing is chosen."""
    if cursor is None or tuple(moves) != cursor_moves or cursor >= len(moves):
        return None
    return moves[cursor]


def move_to(space: str | None, moves: list[Move], here: str) -> Move | None:
    """The legal move ending on `space`, if any."""
    return next((m for m in moves if space is not None and destination(m, here) == space), None)


def pointing_elsewhere(space: str | None, choice: Move | None, moves: list[Move], here: str) -> bool:
    """The pointer moved onto another destination than the keyboard's pick: the pick is dropped, so the map
    highlights what the pointer shows and Enter never plays a space the screen does not show as chosen."""
    if choice is None or space is None:
        return False
    return space != destination(choice, here) and move_to(space, moves, here) is not None


def refusal(space: str, kind: str, view: HauntedHouseView) -> str:
    """Why the hunter cannot stop on a space it was clicked at."""
    if kind == "corridor" and space in view.positions:
        return t("haunted_house.illegal.corridor_occupied", space=WORDS.space(space))
    return t("haunted_house.ui.out_of_reach", space=WORDS.space(space), roll=view.roll)


def key_intent(event: pygame.event.Event, legal: list[Action], moves: list[Move],
               choice: Move | None) -> KeyIntent | None:
    """What a key press means now (`choice`: the keyboard's pick among `moves`); None if nothing."""
    if event.type != pygame.KEYDOWN:
        return None
    if event.key == pygame.K_g:
        return KeyIntent(give_up=True)
    if ROLL in legal and (keys.is_confirm(event, space=True) or event.key == pygame.K_r):
        return KeyIntent(act=ROLL)
    if TAKE in legal:
        if event.key == pygame.K_t or keys.is_confirm(event):
            return KeyIntent(act=TAKE)
        if event.key == pygame.K_n:  # not L: that is the game log, in every game
            return KeyIntent(act=LEAVE)
    return _move_key(event, moves, choice) if moves else None


def _move_key(event: pygame.event.Event, moves: list[Move], choice: Move | None) -> KeyIntent | None:
    if (event.key == pygame.K_s or keys.digit(event) == 0) and STAY in moves:
        return KeyIntent(act=STAY)
    step = arrow_step(event.key, bool(event.mod & pygame.KMOD_SHIFT))
    if step:
        return KeyIntent(step=step)
    if keys.is_confirm(event):
        if choice is not None:
            return KeyIntent(act=choice)
        if len(moves) == 1:
            return KeyIntent(act=moves[0])
    return None


def arrow_step(key: int, shift: bool) -> int:
    """→ ↓ Tab: the next destination (1); ← ↑ Shift+Tab: the previous one (-1); 0 for other keys."""
    if key in (pygame.K_RIGHT, pygame.K_DOWN) or (key == pygame.K_TAB and not shift):
        return 1
    if key in (pygame.K_LEFT, pygame.K_UP) or (key == pygame.K_TAB and shift):
        return -1
    return 0
