"""Comments and docstrings under tabletop/ say why the code is as it is now, not how it came to be.

History belongs in git and in bench/ (what was measured, when). This reads every comment and docstring
of tabletop/'s Python files, and the comments of its TOML catalogs, and fails on the markers of a story:
an issue or pull-request number, a date, a working session, and the phrases of "it used to be" in
`HISTORY` (each kept narrow, so a comment about the game's own past, "the card that was played",
stays free).
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.test_doc_references import ROOT, prose

HISTORY = [
    re.compile(r"\b(?:issue|PR|pull request)\s*#?\d+", re.IGNORECASE),
    re.compile(r"\b20\d\d-\d\d-\d\d\b"),  # a date
    re.compile(r"\b(?:this|that|last|previous|earlier|next) (?:session|morning|evening)\b", re.IGNORECASE),
    re.compile(r"\b(?:yesterday|formerly|previously|originally)\b", re.IGNORECASE),
    re.compile(r"(?<!\bis )(?<!\bare )(?<!\bbe )(?<!\bbeen )(?<!\bnever )\bused to (?:be|run|do|draw|have|take|keep|"
               r"use|read|show|live|sit|say|go|call)\b", re.IGNORECASE),
    re.compile(r"\b(?:always|once) did\b", re.IGNORECASE),
    re.compile(r"\bthe old (?:code|way|version|weights|rule|behaviou?r|layout|design)\b", re.IGNORECASE),
    re.compile(r"\bsince (?:the (?:fix|change|rewrite|refactor)|version \d|v\d)", re.IGNORECASE),
    re.compile(r"\b(?:was|were) (?:changed|renamed|rewritten|refactored)\b", re.IGNORECASE),
]


def _toml_comments(path: Path) -> list[tuple[int, str]]:
    return [(i + 1, line.strip()) for i, line in enumerate(path.read_text(encoding="utf-8").splitlines())
            if line.lstrip().startswith("#")]


def history_comments() -> list[str]:
    found = []
    for path in sorted((ROOT / "tabletop").rglob("*")):
        if path.suffix == ".py":
            lines = prose(path)
        elif path.suffix == ".toml":
            lines = _toml_comments(path)
        else:
            continue
        for line, text in lines:
            for pattern in HISTORY:
                match = pattern.search(text)
                if match:
                    found.append(f"{path.relative_to(ROOT)}:{line}: {match.group(0)!r} in {text.strip()[:100]!r}")
    return found


def test_no_history_in_comments() -> None:
    assert history_comments() == []


def test_the_markers_catch_a_story_and_spare_the_present() -> None:
    story = ["# tuned in issue 17 evening", "# (bench/STRENGTH.md, 2026-12-03)", "# the hint used to run twice",
             "# as games always did", "# The old weights lost", "# previously a list"]
    present = ["# the card that was played", "# a key is used to rotate", "# the session's record",
               "# never used to find files", "# no seat may see it"]
    assert all(any(p.search(text) for p in HISTORY) for text in story)
    assert not any(p.search(text) for p in HISTORY for text in present)
