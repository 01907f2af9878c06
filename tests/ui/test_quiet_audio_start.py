"""Start-up on a machine without a sound device prints nothing: no screen of ALSA warnings, but real errors still
show."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tabletop.ui.sound import held_stderr, without_no_device_noise

RAW_MIXER = "import pygame\ntry:\n    pygame.mixer.init()\nexcept pygame.error:\n    pass\n"


def _run(code: str, tmp_path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "TABLETOP_DATA_DIR": str(tmp_path),
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    env.pop("SDL_AUDIODRIVER", None)  # SDL's default audio driver, as a player's machine has
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)


def test_app_start_without_a_sound_device_prints_no_audio_warnings(tmp_path):
    raw = _run(RAW_MIXER, tmp_path)
    if "ALSA lib" not in raw.stderr:
        pytest.skip("opening audio here prints nothing (a sound device, or no ALSA): no noise to silence")
    started = _run("from tabletop.ui.app import App\n"
                   "app = App(size=(320, 180), fast=True)\n"
                   "app.step(0.016)\n"
                   "print('sound' if app.sounds.enabled else 'silent')\n"
                   "app.sounds.close()\n", tmp_path)
    assert started.returncode == 0, started.stderr
    assert started.stdout.strip() in ("sound", "silent")
    assert "ALSA" not in started.stderr
    assert started.stderr == ""


def test_held_stderr_catches_what_c_code_writes_and_gives_the_terminal_back():
    with held_stderr() as held:
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
    assert held == [b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n"]
    os.fstat(2)  # fd 2 is open again


def test_only_the_no_device_lines_are_dropped():
    text = (b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n"
            b"Fatal Python error: something real\n"
            b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
    assert without_no_device_noise(text) == b"Fatal Python error: something real\n"
