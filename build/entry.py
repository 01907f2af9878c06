"""The frozen app's entry script (build/tabletop.spec): freeze_support first, then the CLI.

The AI thinks in a "spawn" worker process; in a PyInstaller bundle that child is
this same executable, and multiprocessing.freeze_support() must run before
anything else so the child becomes the worker instead of opening another window.
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from tabletop.cli import main

    sys.exit(main())
