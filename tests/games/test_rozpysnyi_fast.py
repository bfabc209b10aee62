"""The fast engine equals the rules: random games replayed through both, compared at every step."""

from __future__ import annotations

import random

import pytest

from games.rozpysnyi import fast
from games.rozpysnyi.schedule import max_cards
from tests.games.rozpysnyi_deals import GAME

POKER_IDS = ["7S", "AH", "9D", "TC", "7H"]


def random_setup(rng: random.Random) -> tuple[int, dict, int]:
    players = rng.choice([3, 4])
    kinds = [str(rng.randint(1, max_cards(players))) for _ in range(3)] + ["D", "N"]
    schedule = " ".join(rng.sample(kinds, rng.randint(1, 3)))
    options = {"schedule": schedule, "poker_card": rng.random() < 0.8, "poker_card_id": rng.choice(POKER_IDS)}
    return players, options, rng.randrange(2**32)


def same_round(r: fast.Round, state) -> None:
    """The fast round shows what the rules state holds."""
    assert r.dealer == state.dealer and r.n == state.cards and r.dark == state.dark
    assert r.bids == [-1 if b is None else b for b in state.bids]
    assert r.tricks == state.tricks
    if state.dealt:
        assert r.hands == [fast.mask_of(h) for h in state.hands]
        assert r.played == fast.mask_of(state.played)
        assert r.trump == (fast.SUIT_INT[state.trump] if state.trump else -1)
        assert r.voids == [sum(1 << fast.SUIT_INT[s] for s in v) for v in state.voids]
    assert r.phase == {"bid": fast.BIDDING, "play": fast.PLAYING}[state.phase]


def replay(players: int, options: dict, seed: int, rng: random.Random) -> tuple[int, int]:
    """One game in both engines with the same random moves; (moves, rounds) checked."""
    state = GAME.new(players, options, seed=seed)
    m = fast.match_from_state(state)
    poker = GAME.poker(state)
    moves = rounds = 0
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        assert m.turn == seat and not m.over
        legal = GAME.legal_actions(state, seat)
        fast_legal = m.legal()
        assert sorted(fast.action_text(a, poker) for a in fast_legal) == sorted(legal)
        assert sorted(fast.action_int(a) for a in legal) == sorted(fast_legal)
        same_round(m.round, state)
        if rng.random() < 0.1:  # the converter, from any position (a dark round: the deal to come)
            r = fast.round_from_state(state)
            same_round(r, state)
            assert r.legal() == fast_legal and r.turn == seat
            if r.nplay:  # the trick so far (between tricks these are stale and unused)
                now = m.round
                assert (r.led, r.top, r.best, r.winner) == (now.led, now.top, now.best, now.winner)
            assert (r.nplay, r.trick, r.leader) == (m.round.nplay, m.round.trick, m.round.leader)
        action = rng.choice(legal)
        round_before = state.round_no
        state, events = GAME.apply(state, seat, action)
        r = m.round
        m.apply(fast.action_int(action))
        moves += 1
        if state.round_no != round_before:
            rounds += 1
            assert r.phase == fast.DONE and r.points == state.history[-1]
            assert m.totals == state.totals
        won = [e.seat for e in events if e.kind == "trick_won"]
        if won:
            assert won == [r.last_winner] and r.nplay == 0  # the same seat took the trick
        else:
            assert r.nplay == len(state.trick.plays) if state.trick else r.nplay == 0
    assert m.over and m.totals == state.totals
    return moves, rounds


def test_random_games_agree_with_the_rules_at_every_step() -> None:
    rng = random.Random(2026)
    moves = rounds = 0
    for _ in range(250):
        players, options, seed = random_setup(rng)
        m, r = replay(players, options, seed, rng)
        moves, rounds = moves + m, rounds + r
    assert rounds >= 500 and moves >= 15_000, (rounds, moves)


@pytest.mark.parametrize("players", [3, 4])
def test_a_full_schedule_agrees_with_the_rules(players: int) -> None:
    replay(players, {}, seed=players, rng=random.Random(players))


def test_copies_are_independent() -> None:
    state = GAME.new(4, {"schedule": "8"}, seed=5)
    r = fast.round_from_state(state)
    c = r.copy()
    while c.phase != fast.DONE:
        c.apply(c.legal()[0])
    assert r.phase == fast.BIDDING and r.bids == [-1] * 4
    assert r.hands == [fast.mask_of(h) for h in state.hands]


def test_actions_convert_both_ways() -> None:
    texts = ["bid:0", "bid:12", "play:QH", "play:7S:high", "play:7S:low", "lead:7S:top:H", "lead:7S:dump:C"]
    for text in texts:
        assert fast.action_text(fast.action_int(text), "7S") == text
