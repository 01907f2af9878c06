"""The shape the code keeps so that the next engineer can carry it (issue 37).

- No module under tabletop/ is over 600 lines, and no class in a board package over 300.
- A board reaches the table only through `TableServices` (tabletop/ui/table_services.py): every
  `table.<name>` in tabletop/ui/games names a member of that protocol, so a board never holds the
  session, the app or the full state.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tabletop"
BOARDS = PACKAGE / "ui" / "games"
MODULE_LIMIT = 600
BOARD_CLASS_LIMIT = 300


def _modules(under: Path) -> list[Path]:
    return sorted(p for p in under.rglob("*.py") if "__pycache__" not in p.parts)


def test_no_module_is_over_600_lines():
    long = {str(p.relative_to(ROOT)): n for p in _modules(PACKAGE)
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MODULE_LIMIT}
    assert long == {}


def test_no_class_in_a_board_package_is_over_300_lines():
    long = {}
    for path in _modules(BOARDS):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                size = node.end_lineno - node.lineno + 1
                if size > BOARD_CLASS_LIMIT:
                    long[f"{path.relative_to(ROOT)}:{node.name}"] = size
    assert long == {}


def _protocol_members() -> set[str]:
    tree = ast.parse((PACKAGE / "ui" / "table_services.py").read_text(encoding="utf-8"))
    protocol = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "TableServices")
    return {n.name for n in protocol.body if isinstance(n, ast.FunctionDef)}


def _table_uses(path: Path) -> list[tuple[int, str]]:
    """Every `table.<name>` / `self.table.<name>` / `<x>.table.<name>` in a module, with its line."""
    uses = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Attribute):
            continue
        owner = node.value
        if (isinstance(owner, ast.Name) and owner.id == "table") or (
                isinstance(owner, ast.Attribute) and owner.attr == "table"):
            uses.append((node.lineno, node.attr))
    return uses


def test_boards_reach_the_table_only_through_its_services():
    members = _protocol_members()
    assert {"viewer", "public_view", "pointer", "sound", "show_toast", "players"} <= members
    outside = [f"{path.relative_to(ROOT)}:{line}: table.{name}" for path in _modules(BOARDS)
               for line, name in _table_uses(path) if name not in members]
    assert outside == []


def test_the_table_scan_sees_a_reach_past_the_services(tmp_path):
    """The scan above is not blind: a board line reaching the session is found."""
    probe = tmp_path / "probe.py"
    probe.write_text("def f(self):\n    return self.table.session.state\n", encoding="utf-8")
    assert _table_uses(probe) == [(2, "session")]
