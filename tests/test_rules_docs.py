"""The maintainers' rules pages: every registered game has `docs/rules/<game>.md`, and every rules id that
the code or the tests cite (design decisions, test vectors, KAKAPO's mission rules) is stated on its game's page."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest

from tabletop.engine.registry import CATALOG

ROOT = Path(__file__).resolve().parents[1]
RULES_DOCS = ROOT / "docs" / "rules"
SCANNED = ("tabletop", "tests")
SUFFIXES = {".py", ".md", ".toml"}

# (game, pattern of its ids, only in files whose path names the game). The prefixed families are unique
# wherever they occur; the short ones (`TV-04`, KAKAPO's `V3` and `D17`) also mean other things elsewhere
# (a BLUFFIT card is `V9`, a KAKAPO cell `D4`), so they count only in files of their own game.
FAMILIES: tuple[tuple[str, str, bool], ...] = (
    ("bluffit", r"\bB[DT]-\d+\b", False),
    ("ghost_bumpers", r"\bGB-[DT]\d+[a-z]?\b", False),
    ("bloody_summer", r"\bBS-[DT]\d+\b", False),
    ("sumidagawa", r"\bS[DT]-\d+\b", False),
    ("haunted_house", r"\bHH-D\d+\b", False),
    ("haunted_house", r"\bTV-\d+\b", True),
    ("kakapo", r"\bV\d\b", True),
    ("kakapo", r"\bD\d{1,2}\b", True),
)


def _sources() -> list[Path]:
    here = Path(__file__).resolve()
    return sorted(p for top in SCANNED for p in (ROOT / top).rglob("*")
                  if p.suffix in SUFFIXES and p.is_file() and p.resolve() != here)


def cited_ids(sources: list[Path]) -> dict[tuple[str, str], dict[str, set[str]]]:
    """(game, pattern) -> id -> the files citing it."""
    found: dict[tuple[str, str], dict[str, set[str]]] = {(g, p): defaultdict(set) for g, p, _ in FAMILIES}
    for path in sources:
        relative = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        for game, pattern, own_files_only in FAMILIES:
            if own_files_only and game not in relative:
                continue
            for match in re.findall(pattern, text):
                found[game, pattern][match].add(relative)
    return found


def stated_in(doc: str, rule_id: str) -> bool:
    """Whether the page names the id as a word of its own (`GB-D5` is not stated by `GB-D5a`, nor `BD-1` by `BD-10`)."""
    return re.search(rf"(?<![\w-]){re.escape(rule_id)}(?!\w)", doc) is not None


@pytest.fixture(scope="module")
def cited() -> dict[tuple[str, str], dict[str, set[str]]]:
    return cited_ids(_sources())


def test_every_registered_game_has_a_rules_page() -> None:
    missing = [e.id for e in CATALOG if not (RULES_DOCS / f"{e.id}.md").is_file()]
    assert not missing, f"docs/rules/<game>.md missing for: {missing}"


def test_id_families_belong_to_registered_games() -> None:
    assert {game for game, _, _ in FAMILIES} <= {e.id for e in CATALOG}


def test_every_family_is_found_in_the_code(cited: dict[tuple[str, str], dict[str, set[str]]]) -> None:
    """Guards the scan itself: a family whose pattern finds nothing would make the next test pass vacuously."""
    empty = [f"{game} {pattern}" for (game, pattern), ids in cited.items() if not ids]
    assert not empty, f"no id of these families is cited anywhere (pattern wrong?): {empty}"


def test_every_cited_id_is_stated_on_its_games_page(cited: dict[tuple[str, str], dict[str, set[str]]]) -> None:
    missing = []
    for (game, _pattern), ids in cited.items():
        doc = (RULES_DOCS / f"{game}.md").read_text(encoding="utf-8")
        for rule_id, files in sorted(ids.items()):
            if not stated_in(doc, rule_id):
                missing.append(f"{rule_id} (cited in {', '.join(sorted(files))}) is not in docs/rules/{game}.md")
    assert not missing, "\n".join(missing)


def test_rules_pages_name_no_machine_paths() -> None:
    for page in sorted(RULES_DOCS.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"(?<![\w.])/(?:work|tmp|home|root)/", text), page.name
