"""Entry point of `make bench`: runs every benchmark in turn."""

from __future__ import annotations

import sys

from bench import ai_bench


def main(argv: list[str] | None = None) -> int:
    return ai_bench.main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
