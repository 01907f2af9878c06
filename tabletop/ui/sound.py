"""Sound effects, silent where no audio device exists.

Effects are synthesised here at start-up (short tones and noise bursts made
with the standard library), so nothing is downloaded or shipped as audio.
Synthesis is pure Python (~150 ms for all of them): `Sounds.prepare` does it on a
background thread once the first frame is up, so neither the start nor the frame
that first plays an effect pays for it.

Opening the audio device on a machine without a sound card makes ALSA (a C
library under SDL) print a screen of "ALSA lib ... cannot find card" lines
straight to the process's stderr. `open_mixer` holds stderr back while the
device opens: if the device opened, everything held is passed on unchanged;
if it did not (no sound device: the app simply plays nothing), only ALSA's
own lines are dropped and anything else still reaches the terminal.
"""

from __future__ import annotations

import array
import math
import os
import random
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

RATE = 22050


def _tone(freqs: list[float], seconds: float, volume: float = 0.4, noise: float = 0.0) -> array.array:
    n = int(RATE * seconds)
    rng = random.Random(7)
    samples = array.array("h")
    for i in range(n):
        t = i / RATE
        envelope = min(1.0, i / 200) * (1 - i / n) ** 2
        value = sum(math.sin(2 * math.pi * f * t) for f in freqs) / max(1, len(freqs))
        value = value * (1 - noise) + (rng.random() * 2 - 1) * noise
        samples.append(int(32767 * volume * envelope * value))
    return samples


def _notes(notes: list[tuple[float, float]], volume: float) -> array.array:
    """Notes one after another (frequency, seconds), each with a soft bell-like decay and a quiet octave."""
    samples = array.array("h")
    for freq, seconds in notes:
        n = int(RATE * seconds)
        for i in range(n):
            t = i / RATE
            envelope = min(1.0, i / 150) * math.exp(-4.0 * i / n)
            value = 0.8 * math.sin(2 * math.pi * freq * t) + 0.2 * math.sin(4 * math.pi * freq * t)
            samples.append(int(32767 * volume * envelope * value))
    return samples


# The four cues a player must tell apart without looking: each has its own shape, not
# just its own pitch, and all stay quiet (peak below CUE_PEAK of full scale) under the app's volume.
CUES = ("turn", "reveal", "win", "lose")
CUE_PEAK = 0.3

EFFECTS = {
    "click": lambda: _tone([880], 0.04, 0.25),
    "card": lambda: _tone([320, 480], 0.08, 0.3, noise=0.5),
    "shuffle": lambda: _tone([200], 0.35, 0.25, noise=0.9),
    "dice": lambda: _tone([150, 260], 0.2, 0.3, noise=0.8),
    # your turn: two soft rising chimes (a fourth)
    "turn": lambda: _notes([(660, 0.11), (880, 0.22)], 0.22),
    # a reveal: a short paper swish, then one bright ping
    "reveal": lambda: _tone([1200], 0.06, 0.18, noise=0.85) + _notes([(1320, 0.2)], 0.18),
    # a win: a rising major arpeggio to the octave
    "win": lambda: _notes([(523, 0.12), (659, 0.12), (784, 0.12), (1047, 0.4)], 0.24),
    # a loss: a slow falling minor third, low
    "lose": lambda: _notes([(392, 0.3), (330, 0.3), (262, 0.5)], 0.22),
}


NO_DEVICE_NOISE = ("ALSA lib ",)  # lines the C audio libraries print when there is no device to open


@contextmanager
def held_stderr() -> Iterator[list[bytes]]:
    """Hold back what is written to file descriptor 2 (C libraries included) inside the block;
    the list yielded receives the held bytes when the block ends."""
    held: list[bytes] = []
    if sys.stderr is not None:  # None in a windowed build
        sys.stderr.flush()
    try:
        saved = os.dup(2)
    except OSError:  # no stderr at all (a windowed build): nothing to hold
        yield held
        return
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield held
        finally:
            if sys.stderr is not None:
                sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            held.append(sink.read())


def without_no_device_noise(text: bytes) -> bytes:
    """`text` without the lines audio libraries print about a missing device."""
    lines = text.splitlines(keepends=True)
    return b"".join(line for line in lines if not line.decode(errors="replace").startswith(NO_DEVICE_NOISE))


def open_mixer() -> bool:
    """Open the audio device for the effects; False (and no noise on the terminal) when there is none."""
    opened = False
    with held_stderr() as held:
        try:
            pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            opened = pygame.mixer.get_init() is not None
        except pygame.error:
            opened = False  # no audio device: play nothing, never fail
    text = b"".join(held)
    passed_on = text if opened else without_no_device_noise(text)
    if passed_on:
        try:
            os.write(2, passed_on)
        except OSError:  # nowhere to write it
            pass
    return opened


class Sounds:
    def __init__(self, settings: object) -> None:
        self.volume = 0.0
        self._cache: dict[str, pygame.mixer.Sound] = {}
        self._samples: dict[str, bytes] = {}  # filled by the thread `prepare` starts
        self._preparing: threading.Thread | None = None
        self.enabled = open_mixer()
        self.apply(settings)

    def prepare(self) -> None:
        """Synthesise every effect on a background thread (once); play() uses what is ready."""
        if not self.enabled or self._preparing is not None:
            return

        def synthesise() -> None:
            for name, make in EFFECTS.items():
                self._samples.setdefault(name, make().tobytes())

        self._preparing = threading.Thread(target=synthesise, name="tabletop-sound-synth", daemon=True)
        self._preparing.start()

    def ready(self) -> bool:
        """Whether the synthesis `prepare` started (if any) has finished (benches wait for it)."""
        return self._preparing is None or not self._preparing.is_alive()

    def apply(self, settings: object) -> None:
        self.volume = 0.0 if getattr(settings, "muted", False) else float(getattr(settings, "volume", 0.7))

    def play(self, name: str) -> None:
        if not self.enabled or self.volume <= 0 or name not in EFFECTS:
            return
        sound = self._cache.get(name)
        if sound is None:
            samples = self._samples.get(name)
            if samples is None:  # played before the thread reached it (or without prepare)
                samples = self._samples.setdefault(name, EFFECTS[name]().tobytes())
            sound = pygame.mixer.Sound(buffer=samples)
            self._cache[name] = sound
        sound.set_volume(self.volume)
        sound.play()

    def close(self) -> None:
        if self.enabled:
            pygame.mixer.quit()
