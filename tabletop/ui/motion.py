"""Motion on the table: things move from where they were to where they go, so a player who looked
away for a second still sees what happened.

A board owns one `Motion` (listed in its `TABLE_STATE`: it animates public events). It starts a
`Tween` per moving thing, keyed by what moves ("reveal", 3) so drawing code asks "where is it now?"
and falls back to the thing's resting place when no tween runs — the settled screen is exactly the
screen without motion. Positions are virtual coordinates (`pygame.Vector2`), never truncated.

- Durations: `style.TWEEN` (0.25 s) scaled by the AI-speed setting (`SPEED`), so every tween lasts
  150–400 ms; a walk scales its per-step time the same way.
- Off: with Settings › Motion off (`Settings.motion`, for comfort) no tween starts at all.
- Skip: a click on the board finishes every running tween at once (`skip_on`) and still does what
  it was aimed at, so a player who clicks during motion loses nothing.
- The AI waits: a board's `busy()` includes `running()`, and `animating()` asks for frames.
- Cards: `fly` sends a card from a rect to a resting rect known while drawing (`rect`), growing or
  shrinking on the way; `turn` turns one over where it lies; `blit_card` draws either, showing a face only
  where the board passes one the viewer may see. `Spots` keeps where public places were drawn last frame
  (where a flight starts) and draws the cards in flight last, over everything they pass.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

import pygame

from tabletop.ui import style
from tabletop.ui.painter import Painter

SPEED = {"instant": 0.6, "normal": 1.0, "slow": 1.6}  # AI speed -> duration factor (150 / 250 / 400 ms)


def ease_out_cubic(f: float) -> float:
    """Fast start, gentle landing: things are thrown to their place."""
    return 1 - (1 - f) ** 3


def ease_in_out(f: float) -> float:
    """Smooth start and end: things that appear or turn over."""
    return 3 * f * f - 2 * f * f * f


@dataclass
class Tween:
    """One thing moving from `start` to `end` (virtual px) over `duration` seconds after `delay`."""

    start: pygame.Vector2
    end: pygame.Vector2
    duration: float
    delay: float = 0.0
    elapsed: float = 0.0
    ease: Callable[[float], float] = ease_out_cubic
    size: pygame.Vector2 | None = None  # a flying card's size at the start (it grows or shrinks into its place)
    turn: bool = False  # turns over on its way: its back until halfway, then its face

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def waiting(self) -> bool:
        """Not yet on its way (a dealt card still in the deck)."""
        return self.elapsed < self.delay

    def fraction(self) -> float:
        """Eased progress 0..1 (0 while still waiting for its delay)."""
        if self.duration <= 0:
            return 1.0
        f = min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))
        return self.ease(f)

    def pos(self) -> pygame.Vector2:
        return self.start.lerp(self.end, self.fraction())


class Motion:
    """The running tweens of one board, with the player's settings read through `settings()`."""

    def __init__(self, settings: Callable[[], object]) -> None:
        self._settings = settings
        self.tweens: dict[Hashable, Tween] = {}

    # ----- settings -------------------------------------------------------------------------
    def enabled(self) -> bool:
        return bool(getattr(self._settings(), "motion", True))

    def factor(self) -> float:
        return SPEED.get(str(getattr(self._settings(), "ai_speed", "normal")), 1.0)

    def duration(self, base: float = style.TWEEN) -> float:
        """`base` seconds scaled by the AI-speed setting."""
        return base * self.factor()

    # ----- tweens ---------------------------------------------------------------------------
    def start(self, key: Hashable, start: pygame.Vector2 | tuple[float, float],
              end: pygame.Vector2 | tuple[float, float], base: float = style.TWEEN, delay: float = 0.0,
              ease: Callable[[float], float] = ease_out_cubic) -> Tween | None:
        """Start moving `key`; nothing starts when motion is off (the thing is simply where it goes)."""
        if not self.enabled():
            return None
        tween = Tween(pygame.Vector2(start), pygame.Vector2(end), self.duration(base), self.duration(delay),
                      ease=ease)
        self.tweens[key] = tween
        return tween

    def get(self, key: Hashable) -> Tween | None:
        return self.tweens.get(key)

    def pos(self, key: Hashable, rest: pygame.Vector2 | tuple[float, float]) -> pygame.Vector2:
        """Where `key` is drawn now: on its tween, or at rest."""
        tween = self.tweens.get(key)
        return tween.pos() if tween is not None else pygame.Vector2(rest)

    def toward(self, key: Hashable, rest: pygame.Vector2 | tuple[float, float]) -> pygame.Vector2:
        """Where `key` is drawn now when its resting place is only known while drawing: from the
        tween's start towards `rest` (at `rest` once settled)."""
        tween = self.tweens.get(key)
        return tween.start.lerp(pygame.Vector2(rest), tween.fraction()) if tween is not None else pygame.Vector2(rest)

    def fly(self, key: Hashable, start: pygame.FRect, base: float = style.TWEEN, delay: float = 0.0,
            turn: bool = False) -> Tween | None:
        """A card leaves `start` (a virtual rect) for a resting rect known only while drawing (`rect`);
        `turn` turns it over on the way (drawn by `blit_card`)."""
        tween = self.start(key, start.topleft, start.topleft, base, delay)
        if tween is not None:
            tween.size, tween.turn = pygame.Vector2(start.size), turn
        return tween

    def turn(self, key: Hashable, base: float = style.TWEEN, delay: float = 0.0) -> Tween | None:
        """A card turns over where it lies (a reveal)."""
        tween = self.start(key, (0, 0), (0, 0), base, delay, ease=ease_in_out)
        if tween is not None:
            tween.turn = True
        return tween

    def rect(self, key: Hashable, rest: pygame.FRect) -> pygame.FRect:
        """Where the card `key` is drawn now: between its start rect and `rest`, or at `rest`."""
        tween = self.tweens.get(key)
        if tween is None or tween.size is None:
            return pygame.FRect(rest)
        f = tween.fraction()
        return pygame.FRect(tween.start.lerp(rest.topleft, f), tween.size.lerp(rest.size, f))

    def fraction(self, key: Hashable) -> float:
        """Progress of `key`'s tween (1.0 = settled or not moving)."""
        tween = self.tweens.get(key)
        return tween.fraction() if tween is not None else 1.0

    def update(self, dt: float) -> None:
        for key in list(self.tweens):
            tween = self.tweens[key]
            tween.elapsed += dt
            if tween.done:
                del self.tweens[key]

    def running(self) -> bool:
        return bool(self.tweens)

    def skip(self) -> bool:
        """Finish every tween now (a click); True if anything was moving."""
        moving = bool(self.tweens)
        self.tweens.clear()
        return moving

    def skip_on(self, event: pygame.event.Event, area: pygame.FRect, to_virtual: Callable) -> bool:
        """A left click inside `area` (virtual) while things move finishes them; True if it did. Boards let
        the click go on to what it was aimed at (hot spots never move with a tween), so no press is lost."""
        if not self.tweens or event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        if not area.collidepoint(to_virtual(event.pos)):
            return False
        return self.skip()


class Spots:
    """Where a board drew its public places last frame (so a flight can start there when an event moves
    a card away) and the cards in flight this frame, drawn after everything else so they pass over the
    mats. Only public places are marked: a rect here never tells which hidden card lies where."""

    def __init__(self) -> None:
        self.rects: dict[Hashable, pygame.FRect] = {}
        self._later: list[Callable[[], object]] = []

    def begin(self) -> None:
        self.rects, self._later = {}, []

    def mark(self, key: Hashable, rect: pygame.FRect) -> None:
        self.rects[key] = pygame.FRect(rect)

    def fly(self, motion: Motion, key: Hashable, source: Hashable, *, base: float = style.TWEEN, delay: float = 0.0,
            turn: bool = False) -> None:
        """`key`'s card leaves where `source` was drawn (nothing moves if it was not on screen)."""
        if source in self.rects:
            motion.fly(key, self.rects[source], base=base, delay=delay, turn=turn)

    def card(self, p: Painter, motion: Motion, key: Hashable, rest: pygame.FRect, face: pygame.Surface,
             back: pygame.Surface | None = None) -> None:
        """Draw a card at `rest`, or (later, on top) where its flight has it."""
        if motion.get(key) is None:
            p.blit(face, rest.topleft)
        else:
            self._later.append(lambda: blit_card(p, motion, key, rest, face, back))

    def finish(self) -> None:
        for draw in self._later:
            draw()
        self._later = []


def blit_card(p: Painter, motion: Motion, key: Hashable, rest: pygame.FRect, face: pygame.Surface,
              back: pygame.Surface | None = None) -> pygame.FRect:
    """Draw a card (`face` rendered at `rest`'s size) where `key`'s flight has it now; returns the rect.

    A turning card shows `back` until halfway, narrowing to its edge and widening again as its face. The
    caller passes a face only a viewer may see: without a `back` a turning card stays as it is, so a card
    this viewer may not see never turns up (pass the back as `face` for them). At rest it is blitted
    unchanged at `rest`, so a settled screen equals the screen without motion."""
    tween = motion.get(key)
    if tween is None:
        p.blit(face, rest.topleft)
        return pygame.FRect(rest)
    rect = motion.rect(key, rest)
    surface = face
    if tween.turn and back is not None:
        f = tween.fraction()
        surface = back if f < 0.5 else face
        rect = pygame.FRect(rect.centerx - rect.w * abs(1 - 2 * f) / 2, rect.y, rect.w * abs(1 - 2 * f), rect.h)
    size = p.size_px(rect.w, rect.h)  # from the size alone, so a card that only moves is never rescaled
    if size != surface.get_size():
        surface = pygame.transform.smoothscale(surface, size)  # a frame of flight: not worth a cache
    p.blit(surface, rect.topleft)
    return rect


DEAL_TOTAL = 0.9  # a whole deal at normal speed, the first card leaving to the last landing (seconds)
DEAL_GAP = 0.08  # between two cards of a deal at most, so a short hand is not dealt in slow motion


def deal(motion: Motion, keys: Sequence[Hashable], start: pygame.FRect) -> None:
    """Cards dealt one after another from `start` (the deck, or the table's centre) to resting rects known
    while drawing (`Motion.rect`): each flies `style.TWEEN`, staggered so the last lands by `DEAL_TOTAL`
    (every delay scales with the AI speed like all motion). Keys name hand positions, never cards, so a
    deal tells nothing a seat may not see."""
    gap = min(DEAL_GAP, (DEAL_TOTAL - style.TWEEN) / max(1, len(keys) - 1))
    for i, key in enumerate(keys):
        motion.fly(key, start, delay=i * gap)


def deal_order(hand_sizes: Sequence[int]) -> list[tuple[str, int, int]]:
    """("deal", seat, i) for every card of every hand, in the order a dealer gives them: one card to each
    seat in turn, round after round, until every hand is full. Only the public hand sizes are read."""
    return [("deal", seat, i) for i in range(max(hand_sizes, default=0))
            for seat, size in enumerate(hand_sizes) if i < size]


def in_deal(motion: Motion, seat: int) -> int:
    """How many of `seat`'s dealt or drawn cards have not landed yet (a hand's count ticks up as they arrive)."""
    return sum(1 for key in motion.tweens
               if isinstance(key, tuple) and key[0] in ("deal", "draw") and key[1:2] == (seat,))


def draw_deal(p: Painter, motion: Motion, viewer: int | None, places: dict[int, pygame.FRect],
              back: Callable[[int, int], pygame.Surface]) -> None:
    """The deal's deck (the cards still waiting in it, face down) and every other seat's cards on their way,
    face down, to the place where the board shows that seat's hand (`places`: a fan, a count badge, a mat).
    The viewer's own dealt cards fly into the hand strip where the board draws them. Cards drawn from a deck
    mid-game (("draw", seat, k), started by the board from where its deck lies) fly face down to any seat
    with a place, the viewer's too (the board gives it the hand strip). Drawn over the board."""
    with p.overlay():  # floating over the table: text it passes over is not cut
        _draw_deal(p, motion, viewer, places, back)


def _draw_deal(p: Painter, motion: Motion, viewer: int | None, places: dict[int, pygame.FRect],
               back: Callable[[int, int], pygame.Surface]) -> None:
    decks: dict[tuple, int] = {}  # where dealt cards still wait (one deck, or each seat's pile) -> how many
    for key, tween in motion.tweens.items():
        if isinstance(key, tuple) and key[0] == "deal" and tween.waiting and tween.size is not None:
            place = (*tween.start, *tween.size)
            decks[place] = decks.get(place, 0) + 1
    for place, count in decks.items():
        deck = pygame.FRect(place)
        surface = back(*p.size_px(deck.w, deck.h))
        for k in range(min(3, count) - 1, -1, -1):  # a low stack: its top card leaves next
            p.blit(surface, (deck.x + k * 2, deck.y - k * 2))
    for key, tween in list(motion.tweens.items()):
        if not (isinstance(key, tuple) and key[0] in ("deal", "draw") and len(key) == 3) or tween.waiting:
            continue
        seat = key[1]
        if (seat != viewer or key[0] == "draw") and seat in places:
            rest = places[seat]
            blit_card(p, motion, key, rest, back(*p.size_px(rest.w, rest.h)))


def seat_anchor(players: int, seat: int) -> pygame.Vector2:
    """Where a seat sits on the table (its disc in the side column): the start of what that seat plays."""
    from tabletop.ui.scenes.table import SIDE  # the table's layout, read where it is defined

    row = 52 if players <= 4 else 46
    return pygame.Vector2(SIDE.x + 26, SIDE.y + 10 + row * seat + row / 2)
