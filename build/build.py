"""`make dist`: build the downloadable app for this OS with PyInstaller, from a clean venv.

    python build/build.py [--onedir-only] [--python PYTHON]

1. dist/build-venv: a venv with only the runtime dependencies (read from
   pyproject.toml) and PyInstaller; no numpy, no test tools. Reused while its
   requirement list is unchanged; refused if numpy or pytest ever appear in it.
2. build/tabletop.spec, run in that venv, writes the one-folder app and the
   one-file executable under dist/pyinstaller (work files in dist/pyinstaller-work).
3. THIRD_PARTY.md goes beside the executable in the one-folder app.
4. dist/ receives the downloads, each with a .sha256 file beside it:
     tabletop-<version>-<os>-<arch>.tar.gz  (.zip on Windows and macOS)  the one-folder app
     tabletop-<version>-<os>-<arch>-onefile[.exe]                         the one-file executable
Nothing outside dist/ is written. Prints the sizes and the build time at the end.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
VENV = DIST / "build-venv"
WORK = DIST / "pyinstaller-work"
OUT = DIST / "pyinstaller"
SPEC = ROOT / "build" / "tabletop.spec"
PYINSTALLER = "pyinstaller>=6.10,<7"
FORBIDDEN = ("numpy", "pytest", "hypothesis", "ruff")  # the build env must stay clean


def project() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as handle:
        return tomllib.load(handle)["project"]


def os_name() -> str:
    return {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform.rstrip("0123456789"))


def arch() -> str:
    machine = platform.machine().lower()
    return {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(machine, machine)


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


def run(cmd: list[str], **kwargs) -> None:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kwargs)


def ensure_venv(requirements: list[str]) -> Path:
    stamp = VENV / "tabletop-requirements.json"
    wanted = json.dumps(sorted(requirements))
    if not (venv_python().exists() and stamp.exists() and stamp.read_text() == wanted):
        if VENV.exists():
            shutil.rmtree(VENV)
        venv.create(VENV, with_pip=True)
        run([venv_python(), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
        run([venv_python(), "-m", "pip", "install", "--quiet", *requirements])
        stamp.write_text(wanted)
    probe = f"import importlib.util as u; print([m for m in {FORBIDDEN!r} if u.find_spec(m)])"
    found = subprocess.run([str(venv_python()), "-c", probe], check=True, capture_output=True, text=True).stdout
    if found.strip() != "[]":
        sys.exit(f"build venv is not clean, it has {found.strip()}; remove {VENV.relative_to(ROOT)} and retry")
    return venv_python()


def sha256_file(path: Path) -> Path:
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    target = path.with_name(path.name + ".sha256")
    target.write_text(f"{digest}  {path.name}\n", encoding="utf-8")
    return target


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def archive(folder: Path, target_stem: Path, top: str) -> Path:
    """tar.gz on Linux, zip elsewhere; the archive holds one folder named `top`."""
    if sys.platform.startswith("linux"):
        target = target_stem.with_name(target_stem.name + ".tar.gz")
        with tarfile.open(target, "w:gz") as tar:
            tar.add(folder, arcname=top)
        return target
    target = target_stem.with_name(target_stem.name + ".zip")
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted(folder.rglob("*")):
            arcname = f"{top}/{path.relative_to(folder).as_posix()}"
            if path.is_symlink():  # macOS frameworks: keep links as links
                info = zipfile.ZipInfo(arcname)
                info.external_attr = 0o120777 << 16
                zf.writestr(info, os.readlink(path))
            elif path.is_file():
                zf.write(path, arcname)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--onedir-only", action="store_true", help="skip the one-file executable")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    meta = project()
    version = meta["version"]
    python = ensure_venv([*meta["dependencies"], PYINSTALLER])
    env = dict(os.environ)
    if args.onedir_only:
        env["TABLETOP_DIST_ONEDIR_ONLY"] = "1"
    env.pop("PYTHONPATH", None)
    spec_started = time.perf_counter()
    run([python, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
         "--workpath", WORK, "--distpath", OUT, SPEC], cwd=ROOT, env=env)
    spec_seconds = time.perf_counter() - spec_started

    stem = DIST / f"tabletop-{version}-{os_name()}-{arch()}"
    notices = ROOT / "THIRD_PARTY.md"
    if sys.platform == "darwin":
        app_dir = OUT / "Tabletop.app"
        shutil.copy2(notices, app_dir / "Contents" / "Resources" / notices.name)
    else:
        app_dir = OUT / "tabletop"
        shutil.copy2(notices, app_dir / notices.name)
    download = archive(app_dir, stem, app_dir.name if sys.platform == "darwin" else stem.name)
    outputs = [download, sha256_file(download)]
    figures = {"one-folder app": (app_dir, folder_size(app_dir)), "one-folder archive": (download, download.stat().st_size)}

    if not args.onedir_only:
        exe = OUT / ("tabletop-onefile.exe" if sys.platform == "win32" else "tabletop-onefile")
        onefile = stem.with_name(stem.name + "-onefile" + (".exe" if sys.platform == "win32" else ""))
        shutil.copy2(exe, onefile)
        outputs += [onefile, sha256_file(onefile)]
        figures["one-file executable"] = (onefile, onefile.stat().st_size)

    total = time.perf_counter() - started
    print()
    for label, (path, size) in figures.items():
        print(f"{label:22} {size / 1e6:7.1f} MB  {path.relative_to(ROOT)}")
    print(f"{'pyinstaller time':22} {spec_seconds:7.1f} s")
    print(f"{'total build time':22} {total:7.1f} s  (includes the build venv when it had to be made)")
    print("downloads:", ", ".join(str(p.relative_to(ROOT)) for p in outputs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
