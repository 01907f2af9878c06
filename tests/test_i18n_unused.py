"""No catalog key that no code can ask for. A key is used when the code (or a tutorial script) names it
whole, names it after a topic-prefix f-string (`t(f"sumidagawa.{key}")` with "ref_col_name" a literal), or
matches an f-string key template with structure (`f"{game_id}.log.{event.kind}"`); plural keys count by
their base (`plural("app.count.card", n)` uses `.one` and `.other`)."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

from tabletop.i18n import catalog

ROOT = Path(__file__).resolve().parents[1]
PLURAL = re.compile(r"\.(one|other)$")


def _sources() -> list[Path]:
    return sorted([*(ROOT / "tabletop").rglob("*.py"), *(ROOT / "tools").rglob("*.py")])


def _json_strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _json_strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _json_strings(v)]
    return []


def _literals_and_templates(topics: set[str]) -> tuple[set[str], list[re.Pattern[str]]]:
    literals: set[str] = set()
    templates: list[re.Pattern[str]] = []
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                literals.add(node.value)
            if not isinstance(node, ast.JoinedStr):
                continue
            consts = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
            first = node.values[0]
            topic_then_one_field = (len(node.values) == 2 and isinstance(first, ast.Constant)
                                    and first.value.rstrip(".") in topics)
            # "topic.{x}" and "{x}.one" match nearly everything: there x must be a literal instead
            if re.fullmatch(r"[\w.]*", consts) and "." in consts and re.search("[a-z]", PLURAL.sub("", consts)) \
                    and not topic_then_one_field:
                templates.append(re.compile("".join(
                    re.escape(v.value) if isinstance(v, ast.Constant) else r"[\w.]+" for v in node.values)))
    for path in (ROOT / "tabletop").rglob("*.json"):  # tutorial scripts name their steps' keys
        literals.update(_json_strings(json.loads(path.read_text(encoding="utf-8"))))
    return literals, templates


def unused_keys(keys: set[str]) -> list[str]:
    topics = {k.split(".", 1)[0] for k in keys}
    literals, templates = _literals_and_templates(topics)

    def used(key: str) -> bool:
        base = PLURAL.sub("", key)
        rest = base.split(".", 1)[1]
        return bool({key, base, rest, key.split(".", 1)[1]} & literals) or any(
            tpl.fullmatch(key) or tpl.fullmatch(base) for tpl in templates)

    return sorted(k for k in keys if not used(k))


def test_every_catalog_key_is_used():
    assert unused_keys(set(catalog("en"))) == []


def test_an_unused_key_is_found_and_a_built_one_is_not():
    keys = set(catalog("en"))
    assert unused_keys(keys | {"app.nobody_asks_for_this", "bluffit.log_never.one"}) == [
        "app.nobody_asks_for_this", "bluffit.log_never.one"]
    assert "tutorial.haunted_house.move" in keys  # built from a tutorial script
    assert "bluffit.log.bid" in keys  # built as f"{game_id}.log.{event.kind}"
