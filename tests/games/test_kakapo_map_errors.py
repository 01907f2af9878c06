"""Every reason the KAKAPO mission loader (and the Tiled reader under it) can give has a message key whose
text exists in both catalogs with exactly the fields the error carries, and the English catalog text is the
loader's own English reason word for word (so logs and records keep reading the same)."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from tabletop.engine.tiled import TiledError
from tabletop.games.kakapo import maps
from tabletop.games.kakapo.maps import MissionFormatError, load_custom_mission, load_mission
from tabletop.i18n import catalog, t
from tests.games.test_kakapo_content import BROKEN, _broken, _egg

ROOT = Path(__file__).resolve().parents[2]
PREFIX = "kakapo.map_error."


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _raised_keys() -> dict[str, set[str]]:
    """{key: keyword fields} of every `_refuse(...)` in maps.py and every keyed `TiledError(...)` in tiled.py."""
    found: dict[str, set[str]] = {}
    for rel in ("tabletop/games/kakapo/maps.py", "tabletop/engine/tiled.py"):
        for node in ast.walk(ast.parse((ROOT / rel).read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id == "_refuse" and isinstance(node.args[1], ast.Constant):
                found[node.args[1].value] = {k.arg for k in node.keywords if k.arg}
            if node.func.id == "TiledError":
                kw = {k.arg: k.value for k in node.keywords}
                if isinstance(kw.get("key"), ast.Constant):
                    fields = kw.get("fields")
                    # fields built elsewhere (a dict variable) are checked on the fixtures below
                    names = set() if fields is None else ({k.value for k in fields.keys}
                                                          if isinstance(fields, ast.Dict) else None)
                    found[kw["key"].value] = names
    return found


def test_every_raise_in_the_loader_has_a_key():
    """No refusal without a message key: every error built in either module passes `key=`."""
    for rel in ("tabletop/games/kakapo/maps.py", "tabletop/engine/tiled.py"):
        for node in ast.walk(ast.parse((ROOT / rel).read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("TiledError", "MissionFormatError")):
                assert "key" in {k.arg for k in node.keywords}, (rel, node.lineno)


def test_every_key_is_in_both_catalogs_with_its_fields():
    keys = _raised_keys()
    assert len(keys) >= 40
    for key, fields in keys.items():
        for lang in ("en", "ja"):
            text = catalog(lang).get(PREFIX + key)
            assert text is not None, (lang, key)
            if fields is not None:
                assert _fields(text) == fields, (lang, key, _fields(text), fields)


def _errors(tmp_path: Path) -> list[TiledError]:
    found: list[TiledError] = []
    for i, (_, edit, _) in enumerate(BROKEN):
        folder = tmp_path / str(i)
        folder.mkdir()
        with pytest.raises(MissionFormatError) as err:
            load_mission(_broken(folder, "buddy_08.tmx", edit))
        found.append(err.value)
    with pytest.raises(MissionFormatError) as err:
        load_mission(_egg(tmp_path, "0,5,N,Y"))
    found.append(err.value)
    for name, data in (("gone.tmx", None), ("binary.tmx", b"\xff\xfe\x00bad")):
        path = tmp_path / name
        if data is not None:
            path.write_bytes(data)
        with pytest.raises(MissionFormatError) as err:
            load_custom_mission(path)
        found.append(err.value)
    return found


def test_the_bad_map_fixtures_raise_keyed_reasons_the_english_catalog_repeats(tmp_path):
    errors = _errors(tmp_path)
    assert len({e.key for e in errors}) >= 12
    for exc in errors:
        assert exc.key, str(exc)
        for lang in ("en", "ja"):
            assert _fields(catalog(lang)[PREFIX + exc.key]) == set(exc.fields), (lang, exc.key)
        assert t(PREFIX + exc.key, "en", **exc.fields) == exc.reason
        japanese = t(PREFIX + exc.key, "ja", **exc.fields)
        assert japanese != exc.reason and not japanese.isascii(), japanese


def test_reasons_keep_what_the_author_typed_verbatim(tmp_path):
    exc = next(e for e in _errors(tmp_path) if e.key == "bird_id")
    assert "'M16'" in t(PREFIX + exc.key, "ja", **exc.fields)
    assert "'piece'" in t(PREFIX + exc.key, "ja", **exc.fields)
    assert maps  # the module under test
