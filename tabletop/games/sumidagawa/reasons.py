"""Why an action is not legal now, in words that teach the rule (§5, §7, §8, §10, §11, §14).

`SumidagawaState.check` asks here only when the action is not among the legal ones, so
search, which plays legal actions, never comes here.
"""

from __future__ import annotations

from typing import Any, NoReturn

from tabletop.engine.core import Action, IllegalAction
from tabletop.games.sumidagawa import rin as rins
from tabletop.games.sumidagawa.actions import Pass, Play
from tabletop.games.sumidagawa.cards import BLACK, COLOUR_NAME, NUM_CODES, RED, card_text, colour_of, value_of
from tabletop.games.sumidagawa.combos import COMBOS, RUN, classify, declared_number, declared_range
from tabletop.games.sumidagawa.phases import FIRE_DISCARD, FIRE_RIN, GAME_ID, REVIVE, UP
from tabletop.games.sumidagawa.position import Position


def illegal(reason: str, slug: str, **params: Any) -> IllegalAction:
    return IllegalAction(reason, f"{GAME_ID}.illegal.{slug}", **params)


def refuse(s: Position, seat: int, action: Action) -> NoReturn:
    """Raise the reason `seat`, which is to act, may not play `action` (known not to be legal)."""
    phase = s.phase
    if phase == REVIVE:
        raise illegal("the Jun has ended: choose which face-down Rin to revive (revive b / revive r)",
                      "choose_revival")
    if phase == FIRE_RIN:
        raise illegal("炎の華 emptied your hand: choose which face-up Rin to turn face down (down b / down r)",
                      "choose_rin_down")
    if phase == FIRE_DISCARD:
        low = next(c for c in range(NUM_CODES) if s.hands[seat][c])
        raise illegal(f"炎の華: discard one of your lowest cards, black or red {value_of(low)}",
                      "choose_discard", value=value_of(low))
    if isinstance(action, Pass):
        if s.kagerou and seat == s.leader and not s.leader_acted:
            raise illegal("Kagerō: you used Rin last Jun and lead, so you must open this Jun with a play",
                          "kagerou_must_play")
        raise illegal("you have not played in this Jun yet, so you must play (passing comes after a play)",
                      "must_play")
    if not isinstance(action, Play):
        raise illegal(f"{action} is not a move now: play cards or pass", "wrong_move")
    _explain_play(s, seat, action)
    raise illegal(f"{action} is not legal now", "generic")


def _explain_play(s: Position, seat: int, play: Play) -> None:
    if not 1 <= play.size <= 4:
        raise illegal("a play has 1 to 4 cards", "bad_size")
    hand = s.hands[seat]
    if any(not 0 <= c < NUM_CODES for c in play.bon) or play.rin_black < 0 or play.rin_red < 0:
        raise illegal("that is not a card of this game", "bad_card")
    for c in set(play.bon):
        if play.bon.count(c) > hand[c]:
            raise illegal(f"you do not hold {play.bon.count(c)}× {card_text(c)}", "not_in_hand",
                          card=card_text(c))
    up = rins.COUNTS[s.rinc[seat]]
    for colour, want in ((BLACK, play.rin_black), (RED, play.rin_red)):
        if want > up[UP + colour]:
            name = COLOUR_NAME["en"][colour]
            raise illegal(f"you have only {up[UP + colour]} face-up unused {name} Rin; used and "
                          "face-down Rin cannot be played", "rin_not_up", colour_en=name,
                          colour_ja=COLOUR_NAME["ja"][colour], count=up[UP + colour])
    info = declared_range(play.bon, play.rin_black, play.rin_red)
    if info is None:
        size = play.size
        blacks = play.rin_black + sum(1 for c in play.bon if colour_of(c) == BLACK)
        kind = classify(blacks, size - blacks)
        if kind is None:
            raise illegal(f"a {size}-card play must be all one colour (only 3-card plays may mix, "
                          "as Menzaifu)", "mixed_colours", size=size)
        named = COMBOS[kind[0]]
        run = named.shape == RUN
        shape = "consecutive numbers" if run else "the same number"
        raise illegal(f"{named.ja} ({named.reading}) needs {shape}", "bad_shape", combo=named.ja,
                      reading=named.reading, shape=shape, shape_ja="連続した数字" if run else "同じ数字")
    combo, lo, hi, _menz = info
    if s.used_combos >> combo & 1:
        raise illegal(f"{COMBOS[combo].ja} ({COMBOS[combo].reading}) was already played in this Jun; "
                      "each combination only once per Jun", "combo_used", combo=COMBOS[combo].ja,
                      reading=COMBOS[combo].reading)
    if declared_number(lo, hi, s.table) is None:
        raise illegal(f"this {COMBOS[combo].ja} reads at most {hi}, below the table number {s.table}; "
                      "the declared number never goes down within a Jun", "too_low",
                      combo=COMBOS[combo].ja, reading=COMBOS[combo].reading, most=hi, table=s.table)
