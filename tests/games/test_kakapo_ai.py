"""KAKAPO heuristic: beats random teams clearly, reads only the View (TV28), rollouts stay legal."""

from __future__ import annotations

import random

import pytest

from tabletop.ai.heuristics import kakapo as heuristic
from tabletop.ai.heuristics import load
from tabletop.games.kakapo import GAME


def _team_game(players: int, mission: str, seed: int, policy: str) -> bool:
    s = GAME.new_state(players, {"mission": mission}, seed)
    rng = random.Random(seed)
    while not s.is_over():
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        if policy == "random":
            action = legal[rng.randrange(len(legal))]
        elif policy == "rollout":
            action = heuristic.rollout(s.clone(), seat, legal, rng)
        else:
            action = heuristic.choose(s.view(seat), legal, rng)
        s.apply(seat, action)
    return s.result().coop_success is True


@pytest.mark.parametrize("players,mission", [(2, "buddy_05"), (4, "party_05"), (3, "party_08")])
def test_heuristic_team_beats_random_team(players, mission):
    games = 20
    easy = sum(_team_game(players, mission, seed, "easy") for seed in range(games))
    rand = sum(_team_game(players, mission, seed, "random") for seed in range(games))
    assert easy >= 0.6 * games and easy >= rand + 0.5 * games, (easy, rand)


def test_rollout_policy_plays_legal_moves_and_wins_easy_missions():
    wins = sum(_team_game(2, "buddy_01", seed, "rollout") for seed in range(10))
    assert wins >= 8


def _mid_game(players: int, seed: int, steps: int):
    s = GAME.new_state(players, {"mission": "buddy_20" if players == 2 else "party_20"}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over():
            break
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        s.apply(seat, heuristic.choose(s.view(seat), legal, rng))
    return s


@pytest.mark.parametrize("players,seed,steps", [(2, 1, 9), (2, 2, 14), (3, 3, 11), (4, 4, 6), (4, 5, 17)])
def test_tv28_information_leak_invariance(players, seed, steps):
    """Re-deal everything hidden from the acting seat (sizes, voids and P8 kept): same action."""
    s = _mid_game(players, seed, steps)
    if s.is_over():
        pytest.skip("game ended early")
    seat = s.to_act()[0]
    view = s.view(seat)
    want = heuristic.choose(view, s.legal_actions(seat), random.Random(99))
    redeal_rng = random.Random(seed)
    for _ in range(5):
        other = GAME.sample_state(view, redeal_rng)
        assert other.view(seat) == view
        got = heuristic.choose(other.view(seat), other.legal_actions(seat), random.Random(99))
        assert got == want


def test_heuristic_module_is_found_by_id():
    assert load("kakapo") is heuristic


def test_placement_values_recost_only_touched_birds_yet_match_a_full_recount():
    """The incremental value (only birds whose zone a piece touches are re-costed) equals the full count."""
    from tabletop.games.kakapo import pieces
    from tabletop.games.kakapo.actions import Place

    rng = random.Random(3)
    checked = 0
    for players, mission in ((2, "buddy_20"), (4, "party_20"), (4, "party_10")):
        state = GAME.new_state(players, GAME.resolve_options({"mission": mission}), 7)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if isinstance(legal[0], Place):
                board = heuristic.Board.from_state(state)
                for a in legal[:150]:
                    mask = pieces.placement(a.piece, a.orient, a.top, a.left).mask
                    cols = board.cols[:]
                    cols[a.piece >> 3] |= mask
                    full = (board.work() - heuristic.work(board.rules, board.occupied | mask, cols)
                            - 0.15 * (mask & board.halo()).bit_count() + 0.05 * (mask & heuristic._BORDER).bit_count())
                    assert heuristic.placement_value(board, a.piece, mask) == pytest.approx(full)
                    checked += 1
            state.apply_unchecked(seat, heuristic.rollout(state, seat, legal, rng))
    assert checked > 500


def test_skipping_far_placements_keeps_the_best_ones():
    """Placements far from every bird are valued only when a near one cannot beat them; the best stay the same."""
    from tabletop.games.kakapo.actions import Place

    rng = random.Random(4)
    checked = 0
    for players, mission in ((2, "buddy_15"), (4, "party_20")):
        state = GAME.new_state(players, GAME.resolve_options({"mission": mission}), 11)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            board = heuristic.Board.from_state(state)
            for piece in range(40):
                if board.used >> piece & 1:
                    continue
                bad = board.rules.forbidden(piece, board.occupied, board.cols)
                every = [m for m in board.rules.masks[piece] if not m & bad]
                full = max(heuristic.placement_values(board, piece, every), default=heuristic.UNPLACEABLE)
                assert heuristic.usefulness(board, piece) == pytest.approx(full)
                checked += 1
            if isinstance(legal[0], Place):
                whole = heuristic.ranked_placements(board, legal, random.Random(1))
                quick = heuristic.ranked_placements(board, legal, random.Random(1), need=4)
                assert quick[0][0] >= whole[0][0] - 0.011  # the same best move (up to the 0.01 noise term)
            state.apply_unchecked(seat, heuristic.rollout(state, seat, legal, rng))
    assert checked > 200


def test_usefulness_values_placements_by_bound_and_stops_early(monkeypatch):
    """A piece's usefulness values its near placements highest bound first and stops where no bound can beat
    the best found: the same value as valuing them all (above), from a fraction of them."""
    valued = []
    real = heuristic.placement_values

    def counting(board, piece, masks):
        masks = list(masks)
        valued.append(len(masks))
        return real(board, piece, masks)

    monkeypatch.setattr(heuristic, "placement_values", counting)
    state = GAME.new_state(4, GAME.resolve_options({"mission": "party_19"}), 5)
    board = heuristic.Board.from_state(state)
    near_total = 0
    for piece in range(40):
        heuristic._USEFUL_CACHE.clear()
        bad = board.rules.forbidden(piece, board.occupied, board.cols)
        bounded = heuristic._bounds(board.rules, piece)
        near_total += sum(1 for m in bounded.masks if not m & bad)
        assert list(bounded.bounds) == sorted(bounded.bounds, reverse=True)
        heuristic.usefulness(board, piece)
    assert 0 < sum(valued) < near_total / 2
