"""Packaging build step (everything else is in pyproject.toml).

assets/ and maps/ live at the repository root, outside the package. A wheel
carries them inside it as tabletop/_data/assets and tabletop/_data/maps, where
tabletop/resources.py looks for them. Editable installs skip the copy and read
the checkout.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
DATA_DIRS = ("assets", "maps")


class BuildPyWithData(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for name in DATA_DIRS:
            target = Path(self.build_lib) / "tabletop" / "_data" / name
            if target.exists():
                shutil.rmtree(target)
            shutil.copytree(ROOT / name, target)


# build/ holds our PyInstaller sources; setuptools' scratch folders go under dist/ (ignored).
setup(cmdclass={"build_py": BuildPyWithData}, options={"build": {"build_base": "dist/setuptools"}})
