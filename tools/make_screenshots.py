"""Make the documentation screenshots in docs/screenshots by driving the real app headless.

    .venv/bin/python tools/make_screenshots.py [--out docs/screenshots] [--only KAKAPO] [--lang en,ja]

Every shot is the real `App` (1280x720, `fast=True`) with a real `TableScene`; input
reaches it as posted SDL events, exactly like a mouse would send them. SDL runs with
the dummy video and audio drivers and the user data folder is a throw-away temporary
folder, so the script never opens a window and never touches the player's settings
or saves. The OS draws the mouse pointer, not the app, so each shot gets a plain
arrow pointer painted on top where the posted pointer is (`--no-pointer` leaves it out).

Shots per issue (each in every language, suffix `_en` / `_ja`):
- KAKAPO: `kakapo_drag_legal`, `kakapo_drag_illegal`: a Buddy game (you + an easy AI)
  at your placement, the selected piece following the pointer, drawn on exactly the cells
  it would take: over a legal spot (solid accent outline) and over an illegal one (red
  dashes, ✕, the engine's reason under the board); corner marks show the cells the birds
  still need.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `python tools/make_screenshots.py` from a source checkout
    sys.path.insert(0, str(ROOT))

from tabletop import i18n  # noqa: E402
from tabletop.engine.records import Seat  # noqa: E402
from tabletop.games.kakapo import pieces  # noqa: E402
from tabletop.games.kakapo.actions import Place, Reveal, Skill  # noqa: E402
from tabletop.games.kakapo.board import explain_placement  # noqa: E402
from tabletop.games.kakapo.content import mission_rules  # noqa: E402
from tabletop.session import Session  # noqa: E402
from tabletop.ui.app import App  # noqa: E402
from tabletop.ui.games.kakapo.ghost import centre_cell  # noqa: E402
from tabletop.ui.games.kakapo.layout import CELL, GRID  # noqa: E402
from tabletop.ui.scenes.table import TableScene  # noqa: E402

SIZE = (1280, 720)
FRAME = 1 / 60


# ----- a reusable driver ---------------------------------------------------------------------
class Driver:
    """The real app, headless, fed with the events a mouse would send (positions in virtual px)."""

    def __init__(self, size: tuple[int, int] = SIZE, pointer: bool = True) -> None:
        self.app = App(size=size, fast=True)
        self.pointer = pointer
        self.mouse = pygame.Vector2(-1, -1)  # virtual px; off-screen until the first move

    def language(self, code: str) -> None:
        self.app.settings.language = code
        self.app.save_settings()

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.step(FRAME)

    def move(self, x: float, y: float) -> None:
        """The pointer moves to virtual (x, y), no button held; one frame is drawn."""
        pos = self.app.viewport.point(x, y)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        self.mouse = pygame.Vector2(x, y)
        self.frames()

    def glide(self, x: float, y: float, start: tuple[float, float], steps: int = 4) -> None:
        """The pointer travels from `start` to (x, y) in a few motion events, like a hand would move it."""
        for i in range(1, steps + 1):
            f = i / steps
            self.move(start[0] + (x - start[0]) * f, start[1] + (y - start[1]) * f)

    def shot(self, path: Path) -> Path:
        self.frames()
        image = self.app.screen.copy()
        if self.pointer and 0 <= self.mouse.x < SIZE[0] and 0 <= self.mouse.y < SIZE[1]:
            draw_pointer(image, self.app.viewport.point(*self.mouse), self.app.viewport.scale)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(image, str(path))
        return path

    def close(self) -> None:
        while self.app.stack.scenes:
            self.app.stack.pop()


def draw_pointer(surface: pygame.Surface, tip: tuple[int, int], scale: float) -> None:
    """A plain arrow pointer (white, dark edge) with its tip at `tip` (window px)."""
    shape = [(0, 0), (0, 17), (4.5, 13), (7.5, 20), (10, 19), (7, 12.5), (12.5, 12.5)]
    k = 1.2 * scale
    points = [(tip[0] + x * k, tip[1] + y * k) for x, y in shape]
    pygame.draw.polygon(surface, (255, 255, 255), points)
    pygame.draw.polygon(surface, (20, 20, 24), points, max(1, round(1.4 * scale)))


@contextmanager
def private_user_data() -> Iterator[None]:
    """A throw-away TABLETOP_DATA_DIR for the duration, restored afterwards."""
    before = os.environ.get("TABLETOP_DATA_DIR")
    with tempfile.TemporaryDirectory(prefix="tabletop-screenshots-") as folder:
        os.environ["TABLETOP_DATA_DIR"] = folder
        try:
            yield
        finally:
            if before is None:
                os.environ.pop("TABLETOP_DATA_DIR", None)
            else:
                os.environ["TABLETOP_DATA_DIR"] = before


# ----- KAKAPO ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class KakapoScene:
    mission: str = "buddy_12"
    seed: int = 7
    min_placed: int = 5  # advance to seat 0's first placement with at least this many pieces on the board


# The most instructive refusal first: the colour rule names the neighbour and its cell.
REFUSAL_PREFERENCE = ("same_colour", "overlap_piece", "overlap_bird")


def kakapo_session(scene: KakapoScene) -> Session:
    """A Buddy game (you + an easy AI) played by a fixed policy until seat 0 must place a piece."""
    session = Session.new("kakapo", 2, [Seat("Aki", "human"), Seat("Ben", "easy")], {"mission": scene.mission},
                          scene.seed)
    for _ in range(500):
        state = session.state
        if state.is_over():
            break
        who = state.to_act()[0]
        if state.phase == "place" and who == 0 and len(state.view(0).placements) >= scene.min_placed:
            return session
        legal = state.legal_actions(who)
        skip = [a for a in legal if isinstance(a, Skill) and a.kind == "none"]
        if skip:
            action = skip[0]
        elif isinstance(legal[0], Reveal):
            action = legal[-1]  # highest card
        else:
            action = legal[len(legal) // 2]  # a placement from the middle of the list: spread over the board
        session.apply(who, action)
    raise RuntimeError(f"KAKAPO {scene}: seat 0 never had to place with {scene.min_placed} pieces on the board")


def kakapo_spots(session: Session) -> tuple[Place, Place]:
    """A legal and an illegal spot (orientation as dealt) for the selected piece, near the board's middle;
    the illegal one breaks the most instructive rule available (REFUSAL_PREFERENCE)."""
    state = session.state
    view = state.view(0)
    piece = state.selection[0]
    shape = pieces.ORIENTATIONS[piece][0]
    legal = set(state.legal_actions(0))

    def distance(a: Place) -> float:
        return abs(a.top + shape.height / 2 - 6) + abs(a.left + shape.width / 2 - 6)

    spots = [Place(piece, 0, top, left) for top in range(12) for left in range(12)
             if pieces.placement(piece, 0, top, left) is not None]
    good = min((a for a in spots if a in legal), key=distance)
    rules = mission_rules(view.mission)
    placed = [(k, pieces.placement(k, o, top, left).mask) for k, o, top, left in view.placements]
    refused: dict[str, list[Place]] = {}
    for a in spots:
        if a in legal:
            continue
        refusal = explain_placement(rules, piece, [(a.top + r, a.left + c) for r, c in shape.cells], placed)
        if refusal is not None:
            refused.setdefault(refusal.key, []).append(a)
    key = next(k for k in REFUSAL_PREFERENCE + tuple(refused) if k in refused)
    return good, min(refused[key], key=distance)


def board_point(row: float, col: float) -> tuple[float, float]:
    """A board position in cells (row, col; floats) as virtual px."""
    return GRID.x + col * CELL, GRID.y + row * CELL


def pointer_over(place: Place) -> tuple[float, float]:
    """Where to hold the pointer so the piece, held by its middle cell, lands on `place`: inside that
    cell, a little off its centre as a hand would be (it follows the pointer, it is not yet pinned)."""
    r, c = centre_cell(pieces.ORIENTATIONS[place.piece][place.orient])
    return board_point(place.top + r + 0.65, place.left + c + 0.4)


def shoot_kakapo(driver: Driver, out: Path, language: str, scene: KakapoScene = KakapoScene()) -> list[Path]:
    driver.language(language)
    session = kakapo_session(scene)
    good, bad = kakapo_spots(session)
    table = TableScene(driver.app, session)
    driver.app.stack.push(table)
    try:
        driver.frames(3)
        # In from the bottom-right of the board: the piece appears under the pointer and follows it.
        start = board_point(11.5, 11.5)
        driver.move(*start)
        driver.glide(*pointer_over(good), start=start)
        ghost = table.board.ghost
        if ghost is None or not ghost.following or ghost.action() != good:
            raise RuntimeError(f"KAKAPO: the piece does not follow the pointer onto {good}")
        shots = [driver.shot(out / f"kakapo_drag_legal_{language}.png")]
        driver.glide(*pointer_over(bad), start=pointer_over(good))
        if ghost.action() != bad or not table.board.verdict(table.context(), ghost).reason:
            raise RuntimeError(f"KAKAPO: no refusal shown for {bad}")
        shots.append(driver.shot(out / f"kakapo_drag_illegal_{language}.png"))
        return shots
    finally:
        driver.app.stack.pop()


ISSUES: dict[str, Callable[[Driver, Path, str], list[Path]]] = {"KAKAPO": shoot_kakapo}


# ----- command line ----------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"), help="output folder")
    parser.add_argument("--only", default=",".join(ISSUES), help=f"comma-separated issues ({', '.join(ISSUES)})")
    parser.add_argument("--lang", default=",".join(i18n.LANGUAGES), help="comma-separated languages")
    parser.add_argument("--no-pointer", action="store_true", help="do not paint the mouse pointer")
    args = parser.parse_args(argv)
    issues = [name.strip().upper() for name in args.only.split(",") if name.strip()]
    unknown = [name for name in issues if name not in ISSUES]
    if unknown:
        parser.error(f"unknown issue(s): {', '.join(unknown)}")
    run_shots([ISSUES[name] for name in issues], Path(args.out), args.lang, pointer=not args.no_pointer)
    return 0


def shots_main(shoot: Callable[[Driver, Path, str], list[Path]], description: str, argv: list[str] | None = None,
               pointer: bool = True) -> int:
    """The command line of a one-shooter screenshot tool: --out and --lang, then `run_shots`."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"), help="output folder")
    parser.add_argument("--lang", default=",".join(i18n.LANGUAGES), help="comma-separated languages")
    args = parser.parse_args(argv)
    run_shots([shoot], Path(args.out), args.lang, pointer=pointer)
    return 0


def run_shots(shooters: list[Callable[[Driver, Path, str], list[Path]]], out: Path, languages: str,
              pointer: bool = True) -> None:
    """Run each shooter for each of the comma-separated languages in a private user data folder."""
    before = i18n.language()
    with private_user_data():
        driver = Driver(pointer=pointer)
        try:
            for shoot in shooters:
                for language in languages.split(","):
                    for path in shoot(driver, out, language.strip()):
                        print(f"wrote {path}", file=sys.stderr)
        finally:
            driver.close()
            pygame.quit()
            i18n.set_language(before)


if __name__ == "__main__":
    sys.exit(main())
