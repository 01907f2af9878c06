"""Every path or document the repository's own words cite exists in the repository.

Where it reads: the comments and docstrings (module, class, function) of every Python file, and the
whole text of every markdown file, anywhere in the repository except environments and build output
(`SKIP_DIRS`). String literals that are not docstrings are code, not citations, and are not read.

What counts as a cited path (the citation grammar): a word made of letters, digits and `_ - . /`
(placeholders `<name>`, globs `*` and braces `{a,b}` included), its closing punctuation dropped, that
- contains a `/` and starts with a top-level entry of the repository (`tabletop/ui`, `docs/STYLE.md`,
  `tabletop/games/<game>/state.py`, `tests/ai/test_fairness.py`, `.github/workflows/test.yml`), or
- contains a `/` and ends in a file extension of `EXTENSIONS` (`games/kakapo/maps.py`, `i18n/{en,ja}/app.toml`), or
- is a bare file name ending in `.md` (`STYLE.md`): a document named without its folder, or
- is a dotted module path from `tabletop` (`tabletop.undo`, `tabletop.ui.games.<game_id>`,
  `tabletop.ai.heuristics.load`), its last part possibly a name defined in that module.

How it resolves: a path with a `/` names a file or folder from the repository root, from the citing
file's folder (markdown links are relative) or from `tabletop/` (a package-relative path such as
`engine/core.py`); a bare `.md` name is any file of that name in the repository; a dotted path names a
module or package, and one part after the longest such module must be a word of that module's source.
A placeholder or a glob must match at least one file; each brace choice must resolve. URLs (`scheme://…`), absolute
paths and `~` paths are not citations of the repository. What is cited on purpose but lives outside it
(build output, the virtual environment, a user's data folder) is listed once in `EXTERNAL`, each entry
with its reason.

Apart from the grammar: no comment, docstring or markdown file names a path into the work tree or the
temporary folder of the machine that wrote it (`MACHINE_PATH`).
"""

from __future__ import annotations

import ast
import io
import itertools
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP_DIRS = {".git", ".venv", "dist", "node_modules", "__pycache__", ".pytest_cache", ".ruff_cache",
             ".hypothesis", ".mypy_cache"}
EXTENSIONS = ("md", "py", "toml", "json", "tmx", "tsx", "tx", "png", "txt", "yml", "yaml", "js", "cjs", "html",
              "css", "svg", "woff2", "spec", "cfg", "ini", "otf", "ttf", "ico", "icns", "wav", "ogg")
# Cited paths that are not in the repository by design: prefix -> why.
EXTERNAL = {
    "dist/": "build output of `make dist` (ignored by git)",
    ".venv/": "the virtual environment `make play` / `make test` creates",
    "shots/": "the example output folder of `tabletop selftest --out shots`",
    "saves/": "a folder inside the user's data folder (tabletop/userdata.py)",
    "img/": "the phone page's image URLs, served by tabletop/remote/server.py",
    "tabletop/_data/": "the wheel's copy of assets/ and maps/, made by setup.py at build time",
    "_internal/": "the PyInstaller bundle's data folder (build/tabletop.spec)",
    "<bundle>/": "a path inside the built app (build/tabletop.spec)",
    "tabletop.exe": "the Windows build's program (README's downloads)",
}

# Where the machines that write this code keep work trees and scratch files (a user's example path such as
# /home/me/missions in docs/MISSIONS.md is fine).
MACHINE_PATH = re.compile(r"(?<![\w.~-])(?:/work/|/tmp/|/root/)")
_WORD = re.compile(r"(?<![\w./<>{}*~$%@:\\-])[\w.<>{}*,\-]*/?[\w.<>{}*,\-/]+")
_MODULE = re.compile(r"(?<![\w./-])tabletop(?:\.[A-Za-z_<>][\w<>]*)+")
_URL = re.compile(r"\b[a-z][a-z0-9+.-]*://\S+")
_EXT = re.compile(r"\.(?:" + "|".join(EXTENSIONS) + r")$")


def _source_files() -> list[Path]:
    files = []
    for path in sorted(ROOT.rglob("*")):
        rel = path.relative_to(ROOT)
        if any(part in SKIP_DIRS or part.endswith(".egg-info") for part in rel.parts[:-1]):
            continue
        if path.is_file() and (path.suffix in (".py", ".md") or path.name.endswith(".spec")):
            files.append(path)
    return files


def _python_prose(text: str) -> list[tuple[int, str]]:
    """(line, text) of every comment and docstring of a Python source."""
    out: list[tuple[int, str]] = []
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            out.append((token.start[0], token.string))
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and \
                    isinstance(first.value.value, str):
                out.extend((first.lineno + i, line) for i, line in enumerate(first.value.value.splitlines()))
    return out


def prose(path: Path) -> list[tuple[int, str]]:
    """The parts of a file that may cite other files: comments and docstrings, or all of a markdown file."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".md":
        return [(i + 1, line) for i, line in enumerate(text.splitlines())]
    return _python_prose(text)


def _top_level() -> set[str]:
    return {p.name for p in ROOT.iterdir() if p.name not in SKIP_DIRS and not p.name.endswith(".egg-info")}


def cited(text: str, top: set[str]) -> list[str]:
    """The paths `text` cites, by the grammar in this module's docstring."""
    text = _URL.sub(" ", text)
    found = [word.rstrip(".") for word in _MODULE.findall(text)]
    for word in _WORD.findall(text):
        word = word.rstrip(".,:;")
        if not word or word.startswith("/"):
            continue
        if "/" in word:
            if word.split("/", 1)[0] in top or _EXT.search(word):
                found.append(word)
        elif re.fullmatch(r"\w[\w.-]*\.md", word):
            found.append(word)
    return found


def _expand(word: str) -> list[str]:
    """`{a,b}` choices spelled out; `<name>` becomes a glob."""
    parts = re.split(r"\{([^{}]*)\}", word)
    choices = [parts[i].split(",") if i % 2 else [parts[i]] for i in range(len(parts))]
    return [re.sub(r"<[^<>/]*>", "*", "".join(combo)) for combo in itertools.product(*choices)]


def _exists(pattern: str, bases: list[Path]) -> bool:
    pattern = pattern.rstrip("/")
    for base in bases:
        if any(ch in pattern for ch in "*?["):
            if next(iter(base.glob(pattern)), None) is not None:
                return True
        elif (base / pattern).exists():
            return True
    return False


def _module_resolves(word: str) -> bool:
    """`tabletop.<module>` or `tabletop.<module>.<name>`: the longest prefix that is a module or package
    exists, and what follows it is one name found in that module's source."""
    parts = re.sub(r"<[^<>]*>", "*", word).split(".")
    for i in range(len(parts), 0, -1):
        base = "/".join(parts[:i])
        sources = [*ROOT.glob(base + ".py"), *ROOT.glob(base + "/__init__.py")]
        if sources:
            rest = parts[i:]
            return not rest or (len(rest) == 1 and any(re.search(rf"\b{re.escape(rest[0])}\b", source.read_text(
                encoding="utf-8")) for source in sources))
    return False


def resolves(word: str, citing: Path, names: set[str]) -> bool:
    if any(word.startswith(prefix) for prefix in EXTERNAL):
        return True
    if "/" not in word and word.startswith("tabletop."):
        return _module_resolves(word)
    if "/" not in word:
        return word in names
    bases = [ROOT, citing.parent, ROOT / "tabletop"]
    return all(_exists(choice, bases) for choice in _expand(word))


def broken_references() -> list[str]:
    files = _source_files()
    names = {p.name for p in files} | {p.name for p in ROOT.rglob("*.md")}
    top = _top_level()
    broken = []
    for path in files:
        for line, text in prose(path):
            for word in cited(text, top):
                if not resolves(word, path, names):
                    broken.append(f"{path.relative_to(ROOT)}:{line}: {word}")
    return broken


def test_every_cited_path_exists() -> None:
    assert broken_references() == []


def test_no_path_of_the_writers_machine() -> None:
    found = [f"{path.relative_to(ROOT)}:{line}" for path in _source_files() for line, text in prose(path)
             if MACHINE_PATH.search(text)]
    assert found == []
    assert MACHINE_PATH.search("see /work/shared/rules/bluffit.md") and not MACHINE_PATH.search("~/.local/share")


def test_the_grammar_sees_a_citation_and_resolves_it() -> None:
    top = _top_level()
    words = cited("See docs/ARCHITECTURE.md, `rules/bluffit.md` and DESIGN.md; and/or https://x.org/a.md", top)
    assert words == ["docs/ARCHITECTURE.md", "rules/bluffit.md", "DESIGN.md"]
    names = {p.name for p in _source_files()}
    here = Path(__file__)
    assert resolves("tabletop/engine/core.py", here, names)
    assert resolves("engine/core.py", here, names)  # package-relative
    assert resolves("tabletop/i18n/{en,ja}/app.toml", here, names)
    assert resolves("tabletop/games/<game>/state.py", here, names)
    assert resolves("tabletop.undo", here, names) and resolves("tabletop.ui.games.<game_id>", here, names)
    assert resolves("tabletop.ai.heuristics.load", here, names)
    assert not resolves("tabletop.ai.nothing", here, names) and not resolves("tabletop.undo.no_such_name", here, names)
    assert not resolves("rules/bluffit.md", here, names)
    assert not resolves("tabletop/games/<game>/nothing.py", here, names)
    assert not resolves("tabletop/i18n/{en,xx}/app.toml", here, names)
