"""The explained hint (tabletop/ai/advice.py): top moves with chances and reasons, from the seat's View only."""

from __future__ import annotations

import random
import re

import pytest

from tabletop import i18n
from tabletop.ai.advice import TOP_MOVES, MoveAdvice, _unlike, advise, game_reason
from tabletop.ai.levels import make_agent
from tabletop.engine import registry
from tabletop.engine.core import Game
from tabletop.games.bluffit.cards import value
from tests.ai.test_fairness import _mid_game, _twin_with_other_secrets

GAMES: list[Game] = registry.available_games()
LEVEL = "normal:60"


def _decision(game: Game):
    for seed in range(20):
        found = _mid_game(game, seed)
        if found is not None:
            return found
    pytest.skip(f"{game.id}: no mid-game decision found")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_top_moves_are_the_searchs_favourites_best_first(game: Game) -> None:
    state, seat = _decision(game)
    view, legal = state.view(seat), state.legal_actions(seat)
    advice = advise(game, LEVEL, view, legal, random.Random(5))
    agent = make_agent(game, LEVEL)
    agent.choose(view, legal, random.Random(5))
    stats = agent.last_stats
    if stats is not None and stats.root_means:
        favourite = max(stats.root_means, key=lambda text: (stats.root_visits[text], stats.root_means[text]))
        assert favourite in {a.action for a in advice}  # the move the search looked at most is listed
        chances = [a.chance for a in advice]
        assert chances == sorted(chances, reverse=True)  # the first move shows the best chance
    texts = [a.action for a in advice]
    assert 1 <= len(advice) <= TOP_MOVES and len(set(texts)) == len(texts)
    said = [(a.reason, repr(sorted(a.params.items()))) for a in advice]
    assert len(set(said)) == len(said), said  # no two rows give the same line
    assert set(texts) <= {str(a) for a in legal}
    if len(legal) > 1:
        assert len(advice) >= 2  # the search tried other moves: the hint compares
    for item in advice:
        assert item.chance is None or 0.0 <= item.chance <= 1.0
        for lang in ("en", "ja"):
            key = f"advice.{item.reason}"
            assert i18n.has(key, lang) or i18n.has(f"{key}.one", lang), (lang, key)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_game_words_its_moves(game: Game) -> None:
    """Each game has its own reasons for the moves of a whole random game (the search's words are a fallback)."""
    rng = random.Random(3)
    state = game.new_state(max(game.players.start, min(3, game.players.stop - 1)), game.resolve_options({}), 3)
    worded = total = 0
    while not state.is_over() and total < 300:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        for action in legal[:20]:
            got = game_reason(game.id, view, action)
            total += 1
            if got is not None:
                worded += 1
                slug, params = got
                assert i18n.has(f"advice.{slug}", "en") or i18n.has(f"advice.{slug}.one", "en"), slug
                assert all(isinstance(v, int | str) for v in params.values())
        state.apply(seat, legal[rng.randrange(len(legal))])
    assert worded >= 0.8 * total  # a few moves (Haunted House: staying put) are left to the search's words


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_advice_ignores_hidden_information(game: Game) -> None:
    """The fairness test for the hint: redrawing what the seat cannot see changes nothing it is told."""
    state, seat = _decision(game)
    twin = _twin_with_other_secrets(game, state, seat)
    first = advise(game, LEVEL, state.view(seat), state.legal_actions(seat), random.Random(8))
    second = advise(game, LEVEL, twin.view(seat), twin.legal_actions(seat), random.Random(8))
    assert first == second


def test_a_reason_repeated_lower_down_says_how_the_move_compares() -> None:
    first = MoveAdvice("a", 0.50, "bluffit.bid_keep", {"card": 4, "kept_card": 10})
    second = MoveAdvice("b", 0.46, "bluffit.bid_keep", {"card": 4, "kept_card": 10})
    third = MoveAdvice("c", 0.46, "bluffit.bid_keep", {"card": 4, "kept_card": 10})
    two = _unlike(second, [first], 0.50)
    assert (two.reason, two.params) == ("generic.same_behind", {"rank": 1, "count": 4}) and two.chance == 0.46
    three = _unlike(third, [first, two], 0.50)
    assert (three.reason, three.params) == ("generic.same_equal", {"rank": 2})
    other = MoveAdvice("d", 0.40, "bluffit.bid_low", {"card": 1})
    assert _unlike(other, [first, two], 0.50) == other


def test_bluffit_bids_between_the_lowest_and_highest_read_differently() -> None:
    from tabletop.ai.reasons.bluffit import reason
    from tabletop.games.bluffit.actions import Bid

    game = registry.get_game("bluffit")
    state = game.new_state(4, game.resolve_options({}), 1)
    view = state.view(0)
    by_strength = sorted(view.hand, key=lambda c: value(c))
    cheap, middle, strong = by_strength[2], by_strength[len(by_strength) // 2], by_strength[-3]
    slugs = [reason(view, Bid(c))[0] for c in (cheap, middle, strong)]
    assert slugs == ["bluffit.bid_cheap", "bluffit.bid_keep", "bluffit.bid_strong"]
    assert all(reason(view, Bid(c))[1] == {"card": c, "kept_card": by_strength[-1]} for c in (cheap, middle, strong))


def test_a_number_in_a_reason_agrees_with_its_noun() -> None:
    """"1 points" reads wrong: a reason that counts something has .one/.other forms (said through `plural`)."""
    for key, text in i18n.catalog("en").items():
        if key.startswith("advice.") and not key.endswith((".one", ".other")):
            assert not re.search(r"\{(count|points)\} \w+s\b", text), key


def test_haunted_house_reasons_name_the_room_and_count_the_steps() -> None:
    from tabletop.ai.reasons.haunted_house import reason
    from tabletop.games.haunted_house.actions import Move
    from tabletop.games.haunted_house.testing import place

    game = registry.get_game("haunted_house")
    state = place(game.new_state(2, game.resolve_options({"advanced": True}), 1), ["P2", "OUT"],
                  ghosts={"L": 2}, clear_ghosts=True)
    view = state.view(0)
    assert reason(view, Move(("P2", "L"))) == ("haunted_house.fight", {"space": "L", "count": 2})
    assert reason(view, Move(("P2", "P3", "P10"))) == ("haunted_house.toward_jewel", {"space": "J", "count": 3})
    state = place(state, carry=[8, 0])  # not the next number: it must wait
    assert reason(state.view(0), Move(("P2", "P1"))) == ("haunted_house.wait", {"count": 1})


def test_bloody_summer_reasons_carry_the_killers_odds() -> None:
    """A lead's line gives the chance its player is hit if everyone passes: 100 % on a danger number."""
    from tabletop.ai.reasons.bloody_summer import reason
    from tabletop.games.bloody_summer.actions import Play

    game = registry.get_game("bloody_summer")
    for seed in range(20):
        state = game.new_state(4, game.resolve_options({}), seed)
        seat = state.to_act()[0]
        view = state.view(seat)
        danger = set(view.danger(seat))
        risky = [v for v in set(view.hand) if v in danger]
        safe = [v for v in set(view.hand) if v not in danger]
        if risky and safe:
            assert reason(view, Play("S", risky[0]))[1]["risk"] == 100
            assert reason(view, Play("S", safe[0]))[1]["risk"] == 0
            return
    raise AssertionError("no deal with both kinds of single")


def test_ghost_bumpers_reasons_name_strength_as_the_table_shows_it() -> None:
    from tabletop.ai.reasons.ghost_bumpers import _strength
    from tabletop.games.ghost_bumpers.actions import Play
    from tabletop.games.ghost_bumpers.cards import strength_text

    assert [strength_text(_strength(Play(v, n))) for v, n in ((9, 2), (7, 1), (8, 3))] == ["2.9", "7", "3.8"]


def test_sumidagawa_reasons_give_the_declared_number() -> None:
    from tabletop.ai.reasons.sumidagawa import reason
    from tabletop.games.sumidagawa.actions import Play

    game = registry.get_game("sumidagawa")
    state = game.new_state(4, game.resolve_options({}), 2)
    seat = state.to_act()[0]
    view = state.view(seat)
    singles = [a for a in state.legal_actions(seat) if isinstance(a, Play) and len(a.bon) == 1 and not a.rin]
    said = {repr(reason(view, a)) for a in singles}
    assert len(singles) >= 2 and len(said) == len(singles)  # a red 7 and a black 7 read apart: the card is named
    assert all(slug == "sumidagawa.shed_card" and params["card"] == a.bon[0] and "number" in params
               for a, (slug, params) in ((a, reason(view, a)) for a in singles))
    rin_alone = [reason(view, Play((), black, red)) for black, red in ((1, 0), (0, 1), (1, 1))]
    assert [slug for slug, _ in rin_alone] == ["sumidagawa.rin_only"] * 2 + ["sumidagawa.rin_only_two"]
    assert [params["card"] for _, params in rin_alone] == ["b", "r", "b"] and rin_alone[2][1]["other_card"] == "r"


def _random_decisions(game_id: str, players: int, seeds: range, options: dict | None = None):
    """(state, seat, legal) at every decision of seeded random games (the state is played on after each)."""
    game = registry.get_game(game_id)
    for seed in seeds:
        state = game.new_state(players, game.resolve_options(options or {}), seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            yield state, seat, legal
            state.apply(seat, legal[rng.randrange(len(legal))])


def _kakapo_decisions(kind: type, seeds: range = range(6), mission: str = "auto"):
    """(view, legal) at the KAKAPO decisions of one kind along random games."""
    for state, seat, legal in _random_decisions("kakapo", 2, seeds, {"mission": mission}):
        if isinstance(legal[0], kind):
            yield state.view(seat), legal


def test_kakapo_placements_say_what_they_cover_and_what_stays_open() -> None:
    """Covering placements count the cells and what stays open; the others say how close they come."""
    from tabletop.ai.heuristics.kakapo import Board
    from tabletop.ai.reasons.kakapo import reason
    from tabletop.games.kakapo import pieces
    from tabletop.games.kakapo.actions import Place

    kinds: set[str] = set()
    decisions = [*_kakapo_decisions(Place, range(3)), *_kakapo_decisions(Place, range(2), "buddy_20")]
    for view, legal in decisions:
        board = Board.from_view(view)
        targets = 0
        for bird in board.rules.targets:
            targets |= bird.all
        open_cells = (targets & ~board.occupied).bit_count()
        for action in legal[::7]:
            slug, params = reason(view, action)
            kinds.add(slug)
            placed = pieces.placement(action.piece, action.orient, action.top, action.left)
            covered = (placed.mask & targets).bit_count()
            if slug in ("kakapo.place_targets", "kakapo.place_targets_crowds", "kakapo.place_strands",
                        "kakapo.place_finishes"):
                assert params["count"] == covered >= 1
                assert 0 <= params.get("left", 0) <= open_cells and params.get("lost", 1) >= 1
            else:  # place_blocks, place_crowds, place_space
                assert covered == 0 and params["count"] >= 1  # never "0 cells away"
    assert {"kakapo.place_space", "kakapo.place_crowds", "kakapo.place_strands", "kakapo.place_blocks"} <= kinds
    assert kinds & {"kakapo.place_targets", "kakapo.place_targets_crowds"}


def test_kakapo_skills_name_the_pieces_they_bring() -> None:
    from tabletop.ai.heuristics.kakapo import skill_selections
    from tabletop.ai.reasons.kakapo import reason
    from tabletop.games.kakapo.actions import Skill

    for view, legal in _kakapo_decisions(Skill):
        if len(legal) >= 3:
            lines = [reason(view, a) for a in legal]
            for (_, params), (_, brought) in zip(lines, skill_selections(view, legal)):
                assert [params[k] for k in ("card", "other_card") if k in params] == list(brought)
            selections = {repr(pieces) for _, pieces in skill_selections(view, legal)}
            assert len({repr(line) for line in lines}) == len(selections)
            return
    raise AssertionError("no skill choice with three options found")


def test_ghost_bumpers_ducks_name_the_card_they_shed() -> None:
    """Two single-card ducks (a 1 and a 2 under a 9) read differently: the line names the card."""
    from tabletop.ai.reasons.ghost_bumpers import reason
    from tabletop.games.ghost_bumpers.actions import Play

    for state, seat, legal in _random_decisions("ghost_bumpers", 4, range(40)):
        view = state.view(seat)
        ducks = [(a, reason(view, a)) for a in legal if isinstance(a, Play) and a.value < 7]
        ducks = [(a, line) for a, line in ducks if line[0] == "ghost_bumpers.duck"]
        if len(ducks) >= 2:
            assert all(line[1] == {"card": a.value, "count": a.count} for a, line in ducks)
            assert len({repr(line) for _, line in ducks}) == len(ducks)
            return
    raise AssertionError("no trick with two ducks found")


def test_bloody_summer_says_when_a_low_card_breaks_a_pair() -> None:
    from tabletop.ai.reasons.bloody_summer import reason
    from tabletop.games.bloody_summer.actions import Play
    from tabletop.games.bloody_summer.scenario import build_state

    state = build_state([[2, 3, 3, 9, 12], [1, 4], [5, 6], [7, 8]], marker=0)
    view = state.view(0)
    assert reason(view, Play("S", 3))[0] == "bloody_summer.shed_breaks"
    assert reason(view, Play("S", 2))[0] == "bloody_summer.shed_low"
    assert reason(view, Play("P", 3))[0] == "bloody_summer.shed_low"
