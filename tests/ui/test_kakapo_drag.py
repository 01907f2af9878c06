"""KAKAPO placement with the mouse and the keys: the held piece is drawn exactly on the cells it lands on.

The board records, per frame, the action it drew and the window rect of every cell it blitted
(`Board.drawn_action`, `Board.ghost_drawn`). The tests drive the real app with posted SDL events
(window pixels, mapped by `App.mouse`) and compare what was drawn with what the engine applied.
"""

from __future__ import annotations

import copy
import math
import random
from functools import cache

import pygame
import pytest

from tabletop import i18n
from tabletop.games.kakapo import grid, pieces
from tabletop.games.kakapo.actions import Place, Skill
from tabletop.session import Session
from tabletop.ui.games.kakapo import art
from tabletop.ui.games.kakapo.ghost import Ghost
from tabletop.ui.games.kakapo.layout import BoardGeometry
from tabletop.ui.games.kakapo.targets import open_targets
from tabletop.ui.scenes.table import TableScene
from tests.ui.conftest import post_key
from tests.ui.test_kakapo_board import _session

FRAME = 1 / 60
# Window size and text size: the two common windows, 150 % text, an odd scale and a letterboxed window.
CONFIGS = [((1280, 720), 1.0), ((1920, 1080), 1.0), ((1920, 1080), 1.5), ((1366, 768), 1.25), ((1500, 1000), 1.0)]
GAMES = [("buddy_12", seed) for seed in (1, 2, 3, 4, 6, 8, 10)] + [("buddy_03", 4), ("buddy_03", 9), ("buddy_07", 3)]
CASES = 14  # random drags per window configuration


# ----- set-up -------------------------------------------------------------------------------------
@cache
def _base(mission: str, seed: int) -> Session:
    """A Buddy game (you + an easy AI) played at random from `seed` until seat 0 must place, a few rounds in
    (random play deals many different pieces and board situations)."""
    rng = random.Random(seed)
    session = _session(["human", "easy"], mission=mission, seed=seed)
    for _ in range(400):
        state = session.state
        assert not state.is_over(), "the game ended before seat 0 placed a piece"
        who = state.to_act()[0]
        if state.phase == "place" and who == 0 and len(state.view(0).placements) >= seed % 5:
            return session
        legal = state.legal_actions(who)
        skills = [a for a in legal if isinstance(a, Skill) and a.kind == "none"]
        session.apply(who, skills[0] if skills and rng.random() < 0.8 else rng.choice(legal))
    raise AssertionError("seat 0 never had to place")


def _table(app, mission: str = "buddy_12", seed: int = 5) -> tuple[Session, TableScene]:
    """A fresh table where seat 0 (human) must place the round's piece."""
    base = _base(mission, seed)
    session = Session(base.game, copy.deepcopy(base.record), base.state.clone())
    table = TableScene(app, session)
    app.stack.push(table)
    app.step(FRAME)
    return session, table


@pytest.fixture(autouse=True)
def _no_input_gate(app):
    """Presses right after a scene change are the input gate's business, tested with it; here every
    case starts on a fresh table, so the gate would only make each case wait."""
    gate = getattr(app.stack, "gate", None)
    if gate is not None:
        gate.enabled = False


def _configure(app, size: tuple[int, int], text_scale: float) -> None:
    app.resize(size)
    app.settings.ui_scale = text_scale
    app.save_settings()
    assert app.screen.get_size() == size and app.painter.text_scale == text_scale


def _post(kind: int, pos: tuple[int, int], **extra) -> None:
    if kind == pygame.MOUSEMOTION:
        extra = {"rel": (0, 0), "buttons": (1, 0, 0) if extra.pop("held", False) else (0, 0, 0)}
    else:
        extra.setdefault("button", 1)
    pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))


def _frame(app) -> None:
    app.step(FRAME)


def _pixel_in(rect: pygame.Rect, rng: random.Random) -> tuple[int, int]:
    return rng.randrange(rect.left, rect.right), rng.randrange(rect.top, rect.bottom)


def _cells(action: Place) -> list[grid.Cell]:
    """The cells the engine says an action covers."""
    return sorted(pieces.placement(action.piece, action.orient, action.top, action.left).cells)


def _assert_drawn_exactly(board, geo: BoardGeometry) -> Place:
    """The cells drawn this frame are the drawn action's cells, each at its own cell's window rect."""
    action = board.drawn_action
    assert action is not None and board.ghost_drawn
    assert sorted(cell for cell, _ in board.ghost_drawn) == _cells(action)
    for cell, rect in board.ghost_drawn:
        assert rect == geo.cell_rect(*cell) and rect.size == (geo.cell, geo.cell)
    return action


def _last_placed_cells(session: Session) -> list[grid.Cell]:
    k, o, top, left = session.state.view(0).placements[-1]
    return _cells(Place(k, o, top, left))


def _hover_onto_board(app, board, geo: BoardGeometry) -> None:
    _post(pygame.MOUSEMOTION, geo.cell_rect(6, 6).center)
    _frame(app)
    assert board.ghost is not None and board.ghost.shown and board.ghost.following


def _spot(session: Session, legal: bool, piece: int | None = None) -> Place:
    """A spot for the selected piece, as dealt (orientation 0), nearest the board's middle."""
    piece = session.state.selection[0] if piece is None else piece
    allowed = set(session.state.legal_actions(0))
    spots = [Place(piece, 0, top, left) for top in range(grid.SIZE) for left in range(grid.SIZE)
             if pieces.placement(piece, 0, top, left) is not None and (Place(piece, 0, top, left) in allowed) == legal]
    return min(spots, key=lambda a: abs(a.top - 5) + abs(a.left - 5))


def _drag(app, board, geo: BoardGeometry, target: Place, release: bool = True) -> tuple[int, int]:
    """Take hold of the drawn piece by one of its cells and drag it so that it lands on `target`."""
    rng = random.Random(str(target))
    grab_cell, grab_rect = board.ghost_drawn[0]
    drawn = board.drawn_action
    offset = (grab_cell[0] - drawn.top, grab_cell[1] - drawn.left)
    _post(pygame.MOUSEBUTTONDOWN, _pixel_in(grab_rect, rng))
    _frame(app)
    assert board.drawn_action == drawn  # taking hold of the piece does not move it
    end = _pixel_in(geo.cell_rect(target.top + offset[0], target.left + offset[1]), rng)
    _post(pygame.MOUSEMOTION, end, held=True)
    _frame(app)
    if release:
        _post(pygame.MOUSEBUTTONUP, end)
        _frame(app)
    return end


# ----- the property: drawn == snapped == applied ----------------------------------------------------
@pytest.mark.parametrize(("size", "text_scale"), CONFIGS)
def test_random_drags_draw_and_apply_exactly_the_snap_cells(app, size, text_scale):
    _configure(app, size, text_scale)
    geo = BoardGeometry(app.viewport)
    rng = random.Random(f"{size}{text_scale}")
    placed, refused, clamped, pieces_seen = 0, 0, 0, set()
    for _ in range(CASES):
        session, table = _table(app, *rng.choice(GAMES))
        board = table.board
        # The pointer comes onto the board anywhere; the piece is turned a random number of ways.
        _post(pygame.MOUSEMOTION, _pixel_in(geo.cell_rect(0, 0, grid.SIZE, grid.SIZE), rng))
        _frame(app)
        for _ in range(rng.randrange(5)):
            key = rng.choice((pygame.K_r, pygame.K_f, "wheel"))
            if key == "wheel":
                pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False))
            else:
                post_key(key)
            _frame(app)
        _assert_drawn_exactly(board, geo)
        # Take hold of the piece by a random cell, at a random pixel of it.
        index = rng.randrange(len(board.ghost_drawn))
        before = board.drawn_action
        _post(pygame.MOUSEBUTTONDOWN, _pixel_in(board.ghost_drawn[index][1], rng))
        _frame(app)
        assert board.drawn_action == before
        shape = pieces.ORIENTATIONS[before.piece][before.orient]
        grab = (board.ghost_drawn[index][0][0] - before.top, board.ghost_drawn[index][0][1] - before.left)
        # Drag: to a legal spot, to any spot the piece fits on, or anywhere on the board (clamped at edges).
        mode = rng.choice(("legal", "fits", "anywhere"))
        legal_spots = [a for a in session.state.legal_actions(0)
                       if isinstance(a, Place) and a.piece == before.piece and a.orient == before.orient]
        if mode == "legal" and legal_spots:
            aim = rng.choice(legal_spots)
        else:
            aim = Place(before.piece, before.orient, rng.randrange(grid.SIZE - shape.height + 1),
                        rng.randrange(grid.SIZE - shape.width + 1))
        if mode == "anywhere":
            pointer = _pixel_in(geo.cell_rect(0, 0, grid.SIZE, grid.SIZE), rng)
        else:
            pointer = _pixel_in(geo.cell_rect(aim.top + grab[0], aim.left + grab[1]), rng)
        for f in (0.5, 1.0):  # on the way, then at the end
            start = board.ghost_drawn[index][1].center
            _post(pygame.MOUSEMOTION, (round(start[0] + (pointer[0] - start[0]) * f),
                                       round(start[1] + (pointer[1] - start[1]) * f)), held=True)
            _frame(app)
        action = _assert_drawn_exactly(board, geo)
        drawn = sorted(rect for _, rect in board.ghost_drawn)
        grab_rect = board.ghost_drawn[index][1]
        if mode != "anywhere":
            assert action == Place(aim.piece, aim.orient, aim.top, aim.left)
            assert grab_rect.collidepoint(pointer)  # the cell taken hold of stays under the pointer
        elif not grab_rect.collidepoint(pointer):  # only where the board's edge stops the piece
            clamped += 1
            assert action.top in (0, grid.SIZE - shape.height) or action.left in (0, grid.SIZE - shape.width)
        pieces_seen.add(action.piece)
        legal = action in session.state.legal_actions(0)
        count = len(session.record.actions)
        _post(pygame.MOUSEBUTTONUP, pointer)
        _frame(app)
        if legal:
            placed += 1
            assert session.record.actions[count] == (0, str(action))
            assert _last_placed_cells(session) == _cells(action)
            assert sorted(geo.cell_rect(*c) for c in _last_placed_cells(session)) == drawn
        else:
            refused += 1
            assert len(session.record.actions) == count
            assert board.ghost.action() == action and not board.ghost.following
            assert table.toast
        app.stack.pop()
    assert placed >= 3 and refused >= 1 and len(pieces_seen) >= 3, (placed, refused, pieces_seen)


# ----- the paths a player uses ---------------------------------------------------------------------
def test_drop_on_a_legal_spot_places_with_one_release(app):
    session, table = _table(app)
    board = table.board
    geo = BoardGeometry(app.viewport)
    _hover_onto_board(app, board, geo)
    target = _spot(session, legal=True)
    count = len(session.record.actions)
    end = _drag(app, board, geo, target, release=False)
    assert _assert_drawn_exactly(board, geo) == target
    drawn = sorted(rect for _, rect in board.ghost_drawn)
    _post(pygame.MOUSEBUTTONUP, end)
    _frame(app)
    assert session.record.actions[count:] == [(0, str(target))]
    assert sorted(geo.cell_rect(*c) for c in _last_placed_cells(session)) == drawn


@pytest.mark.parametrize("language", ["en", "ja"])
def test_drop_on_an_illegal_spot_keeps_the_piece_and_shows_the_engine_reason(app, language):
    app.settings.language = language
    app.save_settings()
    session, table = _table(app)
    board = table.board
    geo = BoardGeometry(app.viewport)
    _hover_onto_board(app, board, geo)
    bad = _spot(session, legal=False)
    count = len(session.record.actions)
    app.painter.drawn = []
    _drag(app, board, geo, bad)
    assert len(session.record.actions) == count  # not placed
    ghost = board.ghost
    assert ghost is not None and ghost.piece == bad.piece and ghost.action() == bad and not ghost.following
    _assert_drawn_exactly(board, geo)
    reason = table.explain(bad)
    assert reason and table.toast == i18n.t("app.illegal", reason=reason)
    assert any(reason in text for text in app.painter.drawn)  # also under the board, beside the tray
    for shown in (table.toast, reason):
        assert str(bad) not in shown and "place " not in shown and "Place(" not in shown
    if language == "ja":
        assert any("\u3040" <= ch <= "\u30ff" for ch in reason)


def test_click_to_pin_then_click_to_place(app):
    session, table = _table(app)
    board = table.board
    geo = BoardGeometry(app.viewport)
    target = _spot(session, legal=True)
    shape = pieces.ORIENTATIONS[target.piece][0]
    hold = Ghost(target.piece).grab
    _hover_onto_board(app, board, geo)
    point = geo.cell_rect(target.top + hold[0], target.left + hold[1]).center
    _post(pygame.MOUSEMOTION, point)
    _frame(app)
    assert _assert_drawn_exactly(board, geo) == target and board.ghost.following
    count = len(session.record.actions)
    _post(pygame.MOUSEBUTTONDOWN, point)
    _post(pygame.MOUSEBUTTONUP, point)
    _frame(app)
    assert len(session.record.actions) == count and not board.ghost.following  # pinned, not placed
    _post(pygame.MOUSEMOTION, geo.cell_rect(0, 0).center)  # a pinned piece ignores the hovering pointer
    _frame(app)
    assert _assert_drawn_exactly(board, geo) == target
    corner = geo.cell_rect(target.top + shape.cells[-1][0], target.left + shape.cells[-1][1]).center
    _post(pygame.MOUSEBUTTONDOWN, corner)
    _post(pygame.MOUSEBUTTONUP, corner)
    _frame(app)
    assert session.record.actions[count:] == [(0, str(target))]


def test_keyboard_moves_turns_and_places(app):
    session, table = _table(app)
    board = table.board
    geo = BoardGeometry(app.viewport)
    piece = session.state.selection[0]
    post_key(pygame.K_RIGHT)  # the piece appears in the middle of the board, pinned
    _frame(app)
    ghost = board.ghost
    assert ghost is not None and ghost.shown and not ghost.following
    post_key(pygame.K_f)
    post_key(pygame.K_r)
    _frame(app)
    legal = [a for a in session.state.legal_actions(0) if isinstance(a, Place) and a.piece == piece]
    orients = sorted({a.orient for a in legal}, key=lambda o: o != ghost.orient)
    for _ in range(8):  # R until an orientation with a legal spot
        if ghost.orient in orients:
            break
        post_key(pygame.K_r)
        if ghost.orient not in orients:
            post_key(pygame.K_f)
        _frame(app)
    target = min((a for a in legal if a.orient == ghost.orient), key=lambda a: abs(a.top - 5) + abs(a.left - 5))
    for _ in range(grid.SIZE * 2):
        top, left = board.drawn_action.top, board.drawn_action.left
        if (top, left) == (target.top, target.left):
            break
        key = pygame.K_DOWN if target.top > top else pygame.K_UP if target.top < top else \
            pygame.K_RIGHT if target.left > left else pygame.K_LEFT
        post_key(key)
        _frame(app)
    assert _assert_drawn_exactly(board, geo) == target
    post_key(pygame.K_RETURN)
    _frame(app)
    assert session.record.actions[-1] == (0, str(target))


def test_drag_from_the_tray_onto_the_board_places(app):
    session, table = _table(app)
    board = table.board
    geo = BoardGeometry(app.viewport)
    target = _spot(session, legal=True)
    tray_rect, piece = next(iter(board.hot_tray))
    assert piece == target.piece and not board.ghost.shown
    start = app.viewport.point(*tray_rect.center)
    _post(pygame.MOUSEBUTTONDOWN, start)
    _frame(app)
    hold = board.ghost.grab
    end = geo.cell_rect(target.top + hold[0], target.left + hold[1]).center
    _post(pygame.MOUSEMOTION, end, held=True)
    _frame(app)
    assert _assert_drawn_exactly(board, geo) == target
    _post(pygame.MOUSEBUTTONUP, end)
    _frame(app)
    assert session.record.actions[-1] == (0, str(target))


def test_a_release_on_a_spot_not_yet_drawn_only_pins_the_piece(app):
    """Press, move and release all before a frame is drawn: nothing is placed where the player never saw it."""
    session, table = _table(app)
    board = table.board
    geo = BoardGeometry(app.viewport)
    _hover_onto_board(app, board, geo)
    target = _spot(session, legal=True)
    grab_cell, grab_rect = board.ghost_drawn[0]
    offset = (grab_cell[0] - board.drawn_action.top, grab_cell[1] - board.drawn_action.left)
    end = geo.cell_rect(target.top + offset[0], target.left + offset[1]).center
    assert board.drawn_action != target
    count = len(session.record.actions)
    _post(pygame.MOUSEBUTTONDOWN, grab_rect.center)
    _post(pygame.MOUSEMOTION, end, held=True)
    _post(pygame.MOUSEBUTTONUP, end)
    _frame(app)
    assert len(session.record.actions) == count
    assert _assert_drawn_exactly(board, geo) == target and not board.ghost.following
    _post(pygame.MOUSEBUTTONDOWN, end)
    _post(pygame.MOUSEBUTTONUP, end)
    _frame(app)
    assert session.record.actions[count:] == [(0, str(target))]


# ----- the cells the birds still need -------------------------------------------------------------
def test_open_targets_leave_out_covered_cells_and_scanned_birds():
    mission = "buddy_12"
    targets = art.bird_targets(mission)
    birds = len(targets)
    everything = open_targets(mission, (), (False,) * birds)
    assert set(everything) == set().union(*targets)
    for cell, letter in targets[0].items():
        if letter is not None:
            assert everything[cell] and pieces.COLOURS[everything[cell][0]] in {
                need.get(cell) for need in targets if need.get(cell)}
    only_first_done = open_targets(mission, (), (True,) + (False,) * (birds - 1))
    assert set(only_first_done) == set().union(*targets[1:])
    cell = next(iter(targets[0]))
    cover = next(p for p in pieces.PLACEMENTS[0] if cell in p.cells)  # P1, a single cell
    covered = open_targets(mission, ((0, cover.orient, cover.top, cover.left),), (False,) * birds)
    assert cell not in covered and len(covered) == len(everything) - 1


def test_open_targets_stay_visible_under_the_held_piece(app):
    session, table = _table(app)
    board = table.board
    geo = BoardGeometry(app.viewport)
    view = session.state.view(0)
    needs = open_targets(view.mission, view.placements, view.scanned)
    piece = session.state.selection[0]
    over = [a for a in session.state.legal_actions(0) if isinstance(a, Place) and a.piece == piece
            and any(c in needs for c in _cells(a))]
    assert over, "the test game must offer a legal spot on a target cell"
    target = over[0]
    _hover_onto_board(app, board, geo)
    while board.ghost.orient != target.orient:
        post_key(pygame.K_r)
        if board.ghost.orient != target.orient:
            post_key(pygame.K_f)
        _frame(app)
    board.ghost.nudge(0, 0)
    board.ghost.anchor = (target.top, target.left)
    _frame(app)
    assert _assert_drawn_exactly(board, geo) == target
    piece_rgb = art.RGB[piece >> 3]
    for cell, rect in board.ghost_drawn:
        if cell not in needs:
            continue
        colours = needs[cell]
        mark = art.RGB[colours[0]] if colours else art.style.ACCENT
        # The corner mark shows in its own colour over the piece (not just the piece's colour).
        corner = pygame.Rect(rect.x, rect.y, rect.w // 3, rect.h // 3)
        found = {tuple(app.screen.get_at((x, y)))[:3] for x in range(corner.left, corner.right)
                 for y in range(corner.top, corner.bottom)}
        assert mark in found, (cell, mark, piece_rgb)


def test_turning_a_held_piece_keeps_the_held_cell_under_the_pointer():
    """For every piece and orientation: after R, Shift+R or F the cell under the pointer is still the cell
    the pointer holds (if the piece fits there), so turning never makes the piece jump away from the hand."""
    for piece in range(len(pieces.ORIENTATIONS)):
        for orient in range(len(pieces.ORIENTATIONS[piece])):
            for turn in ("cw", "ccw", "flip"):
                ghost = Ghost(piece)
                ghost.orient = orient
                ghost.grab = pieces.ORIENTATIONS[piece][orient].cells[0]
                pointer = pygame.Vector2(6.4, 5.7)  # x = column, y = row: cell (5, 6)
                ghost.point_at(pointer)
                ghost.dragging = True
                if turn == "flip":
                    ghost.flip()
                else:
                    ghost.rotate(turn == "cw")
                held = (ghost.anchor[0] + ghost.grab[0], ghost.anchor[1] + ghost.grab[1])
                assert held == (5, 6) and held in ghost.cells(), (piece, orient, turn)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1366, 768), (1000, 563), (1111, 777)])
def test_every_board_pixel_maps_to_the_cell_drawn_under_it(app, size):
    """Window pixel -> App.mouse -> board cell lands in the cell whose drawn rect holds that pixel,
    on the first and last pixel of every cell too (odd scales round-trip floats a hair short)."""
    app.resize(size)
    geo = BoardGeometry(app.viewport)
    left, top = int(geo.origin.x), int(geo.origin.y)
    for i in range(grid.SIZE * geo.cell):
        pixel = (left + i, top + (i * 7) % (grid.SIZE * geo.cell))
        pos = geo.to_board(app.mouse(pixel))
        cell = (math.floor(pos.y), math.floor(pos.x))
        assert geo.cell_rect(*cell).collidepoint(pixel), (pixel, cell)
