"""The eight combinations (役), their classification and the declared number (§4–§7).

A play is a multiset of Bon plus a count of black and red Rin. Its colours and size
decide the combination (at most one); its Bon values decide which readings exist;
the declared number is the lowest reading that is >= the table number (§7.2).

For one play the readings form a contiguous range of declared numbers
`[lo, hi]`, so the rule "lowest candidate >= table" is `max(lo, table)` if that is
<= hi. `readings()` is the pure function the UI calls while cards are selected.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.games.sumidagawa.cards import BLACK, RED, colour_of, value_of

SAME = "same"
RUN = "run"


@dataclass(frozen=True, slots=True)
class Combo:
    index: int
    id: str
    ja: str          # kanji name as printed on the card
    reading: str     # romaji, for the "改札の7 — Kaisatsu 7" banner
    en: str          # English gloss
    size: int
    colour: int
    shape: str       # SAME or RUN (a single card satisfies both)


COMBOS: tuple[Combo, ...] = (
    Combo(0, "kamikazari", "髪飾", "Kamikazari", "hair ornament", 1, BLACK, SAME),
    Combo(1, "kuchibeni", "口紅", "Kuchibeni", "lipstick", 1, RED, SAME),
    Combo(2, "geta", "下駄", "Geta", "clogs", 2, BLACK, SAME),
    Combo(3, "kingyo", "金魚", "Kingyo", "goldfish", 2, RED, RUN),
    Combo(4, "nihonbashi", "日本橋", "Nihonbashi", "Nihonbashi bridge", 3, BLACK, RUN),
    Combo(5, "kaisatsu", "改札", "Kaisatsu", "ticket gate", 3, RED, SAME),
    Combo(6, "dakuryu", "濁流", "Dakuryū", "muddy torrent", 4, BLACK, SAME),
    Combo(7, "hono_no_hana", "炎の華", "Honō no Hana", "flower of flame", 4, RED, RUN),
)
KAMIKAZARI, KUCHIBENI, GETA, KINGYO, NIHONBASHI, KAISATSU, DAKURYU, HONO_NO_HANA = range(8)
ALL_COMBOS_MASK = (1 << len(COMBOS)) - 1
BY_ID = {c.id: c for c in COMBOS}


def combo_for(size: int, colour: int) -> int:
    return (size - 1) * 2 + colour


def banner(combo: int, declared: int) -> dict[str, str]:
    """Display texts: {"ja": "改札の7", "en": "Kaisatsu 7"}."""
    c = COMBOS[combo]
    return {"ja": f"{c.ja}の{declared}", "en": f"{c.reading} {declared}"}


def classify(n_black: int, n_red: int) -> tuple[int, bool] | None:
    """(combination, menzaifu) for a play with these colour counts, or None (§4)."""
    n = n_black + n_red
    if n in (1, 2, 4):
        if n_red == 0:
            return combo_for(n, BLACK), False
        if n_black == 0:
            return combo_for(n, RED), False
        return None
    if n == 3:
        if n_black == 3:
            return NIHONBASHI, False
        if n_red == 3:
            return KAISATSU, False
        return (NIHONBASHI, True) if n_black == 2 else (KAISATSU, True)
    return None


def base_range(combo: int, values: list[int] | tuple[int, ...]) -> tuple[int, int] | None:
    """Lowest and highest base (lowest card value) over all Rin interpretations (§7.1).

    `values` are the Bon values (at least one). None when no interpretation fits.
    """
    size = COMBOS[combo].size
    lowest, highest = min(values), max(values)
    if COMBOS[combo].shape == SAME or size == 1:
        return (lowest, lowest) if lowest == highest else None
    if len(set(values)) != len(values):
        return None
    lo = max(1, highest - size + 1)
    hi = min(lowest, 11 - size)
    return (lo, hi) if lo <= hi else None


def declared_range(bon: tuple[int, ...] | list[int], rin_black: int, rin_red: int) -> tuple[int, int, int, bool] | None:
    """(combo, lo, hi, menzaifu): the declared numbers this play can read as, before the table rule.

    A Rin-only play returns lo = hi = -1: its number copies the table (§7.3).
    """
    n_black = rin_black + sum(1 for c in bon if colour_of(c) == BLACK)
    n_red = rin_red + len(bon) - (n_black - rin_black)
    kind = classify(n_black, n_red)
    if kind is None:
        return None
    combo, menzaifu = kind
    if not bon:
        return combo, -1, -1, menzaifu
    bases = base_range(combo, [value_of(c) for c in bon])
    if bases is None:
        return None
    minus = 1 if menzaifu else 0
    return combo, bases[0] - minus, bases[1] - minus, menzaifu


def declared_number(lo: int, hi: int, table: int | None) -> int | None:
    """The mandatory lowest legal reading (§7.2, §7.3); None if the play cannot beat the table."""
    if lo < 0:  # Rin-only
        return 1 if table is None else table
    if table is None:
        return lo
    d = lo if lo >= table else table
    return d if d <= hi else None


@dataclass(frozen=True, slots=True)
class Reading:
    """What a selection of cards would be played as."""

    combo: int
    declared: int
    menzaifu: bool
    rin_only: bool

    def banner(self) -> dict[str, str]:
        return banner(self.combo, self.declared)


def readings(bon: tuple[int, ...] | list[int], rin_black: int = 0, rin_red: int = 0,
             table: int | None = None, used_combos: int = 0) -> list[Reading]:
    """The (combination, declared number) choices a selection can make now.

    Pure: the UI calls it as cards are selected. Because the declared number is
    mandatory (the lowest legal reading), the list holds one Reading or none:
    none when the cards form no combination, the combination was already played
    this Jun (`used_combos` is a bit mask by combination index), or no reading
    reaches the table number.
    """
    rng = declared_range(tuple(bon), rin_black, rin_red)
    if rng is None:
        return []
    combo, lo, hi, menzaifu = rng
    if used_combos >> combo & 1:
        return []
    declared = declared_number(lo, hi, table)
    if declared is None:
        return []
    return [Reading(combo, declared, menzaifu and lo >= 0, lo < 0)]


def rin_values(bon: tuple[int, ...] | list[int], rin_black: int, rin_red: int, declared: int) -> tuple[int, ...]:
    """Values the Rin take in the reading with this declared number (for display), Rin-only excluded."""
    rng = declared_range(tuple(bon), rin_black, rin_red)
    if rng is None or rng[1] < 0:
        return ()
    combo, _lo, _hi, menzaifu = rng
    base = declared + (1 if menzaifu else 0)
    if COMBOS[combo].shape == SAME or COMBOS[combo].size == 1:
        return (base,) * (rin_black + rin_red)
    present = {value_of(c) for c in bon}
    return tuple(v for v in range(base, base + COMBOS[combo].size) if v not in present)
