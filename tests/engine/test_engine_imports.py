"""Layering: the shared engine depends on no game (nor on ai/ or ui/); game maps are validated beside their game."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "tabletop" / "engine"
UPPER_LAYERS = ("tabletop.games", "tabletop.ai", "tabletop.ui", "tabletop.session", "tabletop.userdata")


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, at any depth (function-level imports included), relative ones resolved."""
    package = "tabletop.engine"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base]) if base else ".".join(parts)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module":
            if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                found.add(node.args[0].value)
    return found


def test_engine_modules_import_no_game_ai_or_ui():
    offenders = {}
    for path in sorted(ENGINE.glob("*.py")):
        bad = sorted(m for m in imported_modules(path) if m.startswith(UPPER_LAYERS))
        if bad:
            offenders[path.name] = bad
    assert offenders == {}, f"engine/ must not depend on a game (move game rules to games/<id>/): {offenders}"


def test_the_walker_sees_function_level_and_relative_imports(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from tabletop.games.kakapo import grid\n    from ..games import x\n"
                      "import importlib\nimportlib.import_module('tabletop.ui.app')\n", encoding="utf-8")
    found = imported_modules(sample)
    assert {"tabletop.games.kakapo", "tabletop.games", "tabletop.ui.app"} <= found


def test_importing_every_engine_module_loads_no_game():
    names = sorted(f"tabletop.engine.{p.stem}" for p in ENGINE.glob("*.py") if p.stem != "__init__")
    code = (f"import importlib, sys\nfor n in {names!r}:\n    importlib.import_module(n)\n"
            "print(sorted(m for m in sys.modules if m.startswith(('tabletop.games', 'tabletop.ai', 'tabletop.ui'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ENGINE.parents[1])
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
