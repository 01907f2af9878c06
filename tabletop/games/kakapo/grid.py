"""The 12×12 board as bit masks: cell (r, c) is bit r*12 + c of a Python int.

Masks make the rules cheap for search: overlap is `a & b`, same-colour adjacency is
`mask & dilate(colour_cells)`, and cloning a board copies a few ints.
"""

from __future__ import annotations

from collections.abc import Iterable

SIZE = 12
CELLS = SIZE * SIZE
FULL = (1 << CELLS) - 1
_COL0 = sum(1 << (r * SIZE) for r in range(SIZE))  # column A
NOT_COL0 = FULL & ~_COL0
NOT_COLLAST = FULL & ~(_COL0 << (SIZE - 1))

DIRS = "NESW"
DELTA = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
COLUMN_LETTERS = "ABCDEFGHIJKL"

Cell = tuple[int, int]


def bit(r: int, c: int) -> int:
    return 1 << (r * SIZE + c)


def on_board(r: int, c: int) -> bool:
    return 0 <= r < SIZE and 0 <= c < SIZE


def mask_of(cells: Iterable[Cell]) -> int:
    m = 0
    for r, c in cells:
        m |= 1 << (r * SIZE + c)
    return m


def cells_of(mask: int) -> list[Cell]:
    out = []
    while mask:
        low = mask & -mask
        i = low.bit_length() - 1
        out.append(divmod(i, SIZE))
        mask ^= low
    return out


def neighbours(mask: int) -> int:
    """Cells edge-adjacent to `mask` (the mask itself excluded)."""
    grown = ((mask << 1) & NOT_COL0) | ((mask >> 1) & NOT_COLLAST) | (mask << SIZE) | (mask >> SIZE)
    return grown & FULL & ~mask


def dilate(mask: int) -> int:
    return mask | neighbours(mask)


def cell_name(r: int, c: int) -> str:
    """Chess-like label: column letter, then row number from 1 ((0, 0) = A1, (4, 7) = H5)."""
    return f"{COLUMN_LETTERS[c]}{r + 1}"


CELL_NAMES: tuple[str, ...] = tuple(cell_name(*divmod(i, SIZE)) for i in range(CELLS))  # by bit index


def cells_text(mask: int) -> str:
    """The cells of `mask` named and space-separated in bit order ("E5 F5 E6"), as events show them."""
    text = _CELLS_TEXT.get(mask)
    if text is None:
        text = _CELLS_TEXT[mask] = " ".join(CELL_NAMES[r * SIZE + c] for r, c in cells_of(mask))
    return text


_CELLS_TEXT: dict[int, str] = {}  # memo of `cells_text`: one entry per placement mask met (under 10,000 exist)


def parse_cell_name(text: str) -> Cell:
    if len(text) < 2 or text[0] not in COLUMN_LETTERS or not text[1:].isdigit():
        raise ValueError(f"not a cell name: {text!r}")
    r = int(text[1:]) - 1
    if not 0 <= r < SIZE or text[1] == "0":
        raise ValueError(f"not a cell name: {text!r}")
    return r, COLUMN_LETTERS.index(text[0])


def normalise(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    cells = list(cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def rotate_cw(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """Rotate a normalised shape 90° clockwise: (r, c) -> (c, H - 1 - r)."""
    cells = list(cells)
    h = max(r for r, _ in cells) + 1
    return normalise((c, h - 1 - r) for r, c in cells)


def mirror(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """Turn a shape over: (r, c) -> (r, W - 1 - c)."""
    cells = list(cells)
    w = max(c for _, c in cells) + 1
    return normalise((r, w - 1 - c) for r, c in cells)


def format_cells(cells: Iterable[Cell]) -> str:
    """TMX `cells` format: 'r,c' joined by ';', sorted."""
    return ";".join(f"{r},{c}" for r, c in sorted(cells))


def parse_cells(text: str) -> tuple[Cell, ...]:
    out = []
    for part in text.split(";"):
        a, b = part.split(",")
        if not (a.isdigit() and b.isdigit()):
            raise ValueError(f"bad cell {part!r}")
        out.append((int(a), int(b)))
    return tuple(out)
