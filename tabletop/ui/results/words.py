"""Small wording helpers for results: counted nouns with correct plurals, places, name lists."""

from __future__ import annotations

from tabletop import i18n
from tabletop.i18n import t
from tabletop.ui.words import join_names as joined


def count(noun: str, n: int | float) -> str:
    """'1 point', '2 points', '−3 points' (results.count.<noun>.one / .other; Japanese has one form)."""
    shown = int(n) if float(n).is_integer() else round(float(n), 1)
    form = "one" if abs(shown) == 1 else "other"
    return t(f"results.count.{noun}.{form}", n=_signed(shown))


def _signed(n: int | float) -> str:
    return f"−{-n}" if n < 0 else str(n)


def place(rank: int) -> str:
    """'1st', '2nd' … / '1位' …"""
    key = f"results.place.{rank}"
    return t(key) if i18n.has(key) else t("results.place.n", n=rank)


def join_names(names: list[str]) -> str:
    """Names in a sentence: 'Aki and Ben', 'Aki, Ben and Cleo' / 'アキ・ベン' (the app's one Japanese join)."""
    if i18n.language() == "ja":
        return joined(names)
    if len(names) <= 2:
        return t("results.and", a=names[0], b=names[1]) if len(names) == 2 else "".join(names)
    return ", ".join(names[:-1]) + t("results.and_last", last=names[-1])


def signed_points(n: int) -> str:
    """A per-round score cell: '+3', '0', '−1'."""
    return f"+{n}" if n > 0 else _signed(n)


def listing(items: list) -> str:
    """Cards or numbers in a row: '7, 13' / '7、13'."""
    return ("、" if i18n.language() == "ja" else ", ").join(str(i) for i in items)


def of(done: int, total: int, noun: str) -> str:
    """'5 of 8 jewels' / '8個中5個'."""
    return t("results.of", n=done, done=count(noun, done), total=count(noun, total))


def winners_headline(names: list[str]) -> str:
    return t("results.winners_are" if len(names) > 1 else "results.winner_is", names=join_names(names))
