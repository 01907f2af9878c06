"""Sound effects, silent where no audio device exists.

Effects are synthesised here at start-up (short tones and noise bursts made
with the standard library), so nothing is downloaded or shipped as audio.
"""

from __future__ import annotations

import array
import math
import random

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


EFFECTS = {
    "click": lambda: _tone([880], 0.04, 0.25),
    "card": lambda: _tone([320, 480], 0.08, 0.3, noise=0.5),
    "shuffle": lambda: _tone([200], 0.35, 0.25, noise=0.9),
    "dice": lambda: _tone([150, 260], 0.2, 0.3, noise=0.8),
    "win": lambda: _tone([523, 659, 784], 0.6, 0.35),
    "lose": lambda: _tone([392, 311], 0.6, 0.3),
    "turn": lambda: _tone([660, 990], 0.12, 0.25),
}


class Sounds:
    def __init__(self, settings: object) -> None:
        self.enabled = False
        self.volume = 0.0
        self._cache: dict[str, pygame.mixer.Sound] = {}
        try:
            pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            self.enabled = pygame.mixer.get_init() is not None
        except pygame.error:
            self.enabled = False  # no audio device: play nothing, never fail
        self.apply(settings)

    def apply(self, settings: object) -> None:
        self.volume = 0.0 if getattr(settings, "muted", False) else float(getattr(settings, "volume", 0.7))

    def play(self, name: str) -> None:
        if not self.enabled or self.volume <= 0 or name not in EFFECTS:
            return
        sound = self._cache.get(name)
        if sound is None:
            sound = pygame.mixer.Sound(buffer=EFFECTS[name]().tobytes())
            self._cache[name] = sound
        sound.set_volume(self.volume)
        sound.play()

    def close(self) -> None:
        if self.enabled:
            pygame.mixer.quit()
