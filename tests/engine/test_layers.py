"""Layering: engine, games and ai never import pygame (the rules stay headless)."""

from __future__ import annotations

import subprocess
import sys


def test_engine_games_and_ai_import_no_pygame():
    code = (
        "import sys\n"
        "import tabletop.engine.core, tabletop.engine.records, tabletop.engine.registry\n"
        "from tabletop.engine import registry\n"
        "games = [registry.get_game(e.id) for e in registry.CATALOG if registry.is_available(e.id)]\n"
        "import tabletop.ai.levels, tabletop.ai.ismcts, tabletop.ai.heuristics\n"
        "for g in games:\n"
        "    tabletop.ai.heuristics.load(g.id)\n"
        "    g.new_state(g.players.stop - 1, g.resolve_options({}), 1)\n"
        "assert 'pygame' not in sys.modules, sorted(m for m in sys.modules if m.startswith('pygame'))\n"
        "print(len(games))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert int(out.stdout.strip()) >= 1


def test_ruff_bans_pygame_outside_ui(tmp_path):
    bad = tmp_path / "tabletop" / "games" / "sneaky.py"
    bad.parent.mkdir(parents=True)
    bad.write_text("import pygame\n")
    from pathlib import Path

    config = Path(__file__).resolve().parents[2] / "pyproject.toml"
    out = subprocess.run([sys.executable, "-m", "ruff", "check", "--config", str(config), "--select", "TID251",
                          str(bad)], capture_output=True, text=True, cwd=tmp_path)
    assert "TID251" in out.stdout
