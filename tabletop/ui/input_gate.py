"""The input gate: no key or click crosses a transition into a decision the player did not make.

A transition is anything that changes what a press means: a scene pushed, popped or replaced
(the hot-seat curtain lifting is a pop), a panel closing over a decision, a decision opening
for the player at the screen. Whoever makes one calls `arm()`; from then on the gate

- drops the rest of that frame's presses and releases (a double click or a key pressed twice
  within one frame was aimed at the screen that just went away),
- drops the press and the release of every key or mouse button that was already down
  (a release would otherwise finish a click or a drag on the new screen), and
- drops new presses for `GUARD` seconds of app time: faster than anyone reads a new screen.

App time is the sum of the frames' `dt` (`next_frame`), so headless tests that step the app
are deterministic. A press the gate drops has its release (and its typed text) dropped too,
so nothing ever sees half a click. Pointer motion always passes: it moves hover highlights
and decides nothing.
"""

from __future__ import annotations

import pygame

GUARD = 0.25  # seconds of app time after a transition in which new presses are dropped
SETTLE = 1.5  # seconds without a press before an ending screen takes the keys that move it on

PRESSES = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)
RELEASES = (pygame.KEYUP, pygame.MOUSEBUTTONUP)
TEXT = (pygame.TEXTINPUT, pygame.TEXTEDITING)

Control = tuple[str, int]  # ("key", key code) or ("button", mouse button)


def _control(event: pygame.event.Event) -> Control | None:
    if event.type in (pygame.KEYDOWN, pygame.KEYUP):
        return ("key", event.key)
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        return ("button", event.button)
    return None


class InputGate:
    def __init__(self, guard: float = GUARD) -> None:
        self.guard = guard
        self.enabled = True
        self.time = 0.0  # app time: the sum of every frame's dt
        self.settle = SETTLE
        self.open_at = 0.0  # new presses pass from this app time on
        self.frame_closed = False  # a transition happened in this frame: drop the rest of its input
        self.down: set[Control] = set()  # keys and buttons seen going down and not yet up
        self.swallowed: set[Control] = set()  # dropped presses whose release must be dropped too
        self.text_swallowed = False  # the last key press was dropped: so is the text it typed
        self.dropped = 0  # how many events the gate kept from the scenes (for tests and diagnostics)

    def next_frame(self, dt: float) -> None:
        """Called once at the start of every frame, before its events."""
        self.time += dt
        self.frame_closed = False

    def arm(self) -> None:
        """A transition happened: close the gate for the rest of this frame and for the guard time."""
        if not self.enabled:
            return
        self.frame_closed = True
        self.open_at = max(self.open_at, self.time + self.guard)
        self.swallowed |= self.down

    def guarding(self) -> bool:
        """True while a new press would be dropped. A loop that sleeps on input must count the time slept
        in its next `dt` (App.turn does), or a press long after the transition would still be dropped."""
        return self.enabled and (self.frame_closed or self.time < self.open_at - 1e-9)

    def admit(self, event: pygame.event.Event) -> bool:
        """Whether `event` may reach the scenes; keeps track of what is held down either way."""
        passed = self._admit(event)
        if not passed:
            self.dropped += 1
        return passed

    def _admit(self, event: pygame.event.Event) -> bool:
        if event.type in TEXT:
            return not self.text_swallowed
        control = _control(event)
        if control is None:
            if event.type == pygame.MOUSEWHEEL:
                return not (self.enabled and self.frame_closed)
            return True
        if event.type in PRESSES:
            self.down.add(control)
            if control in self.swallowed or self.guarding():
                self.swallowed.add(control)
                self.text_swallowed = control[0] == "key" or self.text_swallowed
                return False
            if control[0] == "key":
                self.text_swallowed = False
            return True
        self.down.discard(control)
        if control in self.swallowed:
            self.swallowed.discard(control)
            return False
        return not (self.enabled and self.frame_closed)


class KeySettle:
    """An ending screen (the banner over the final board, the results) takes the keys that move it on
    only once the keyboard has been still for `gate.settle` seconds since it came up. A player
    pressing Enter again and again to pass through the AI's turns is asking neither for the results
    nor for a new game; every such press in the wait starts it again. Clicks are aimed: they pass."""

    def __init__(self, gate: InputGate) -> None:
        self.gate = gate
        self.still_since = gate.time
        self.held_back = False  # a press was kept from acting: the screen says to wait a moment

    def take(self) -> bool:
        """Whether a key press now may act; one that may not is the player still hurrying on."""
        if self.gate.time - self.still_since >= self.gate.settle - 1e-9:
            return True
        self.hold()
        return False

    def hold(self) -> None:
        """A press kept from acting (here, or by the screen's own wait): the stillness starts again."""
        self.still_since = self.gate.time
        self.held_back = True

    def wait_left(self) -> float | None:
        """Seconds until the keys act again after a press kept from acting (the screen shows it and
        redraws when it ends); None when no press is waiting."""
        left = self.gate.settle - (self.gate.time - self.still_since)
        return left if self.held_back and left > 0 else None
