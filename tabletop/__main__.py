"""`python -m tabletop`: the app entry. Guarded, because AI worker processes re-import it."""

import sys

from tabletop.cli import main

if __name__ == "__main__":
    sys.exit(main())
