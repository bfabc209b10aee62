"""The fast engine equals the rules: random games replayed through both, compared at every step.

`DURAK_FAST_GAMES=3000 pytest tests/games/test_durak_fast.py` replays more games than the default run.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest

from games.durak import GAME, DurakState, fast

GAMES = int(os.environ.get("DURAK_FAST_GAMES", "50"))


def random_setup(rng: random.Random) -> tuple[int, dict[str, Any]]:
    """Players and options drawn among everything that changes play."""
    deck = rng.choice([24, 36, 52])
    players = rng.randint(2, min(6, deck // 6))
    options: dict[str, Any] = {
        "deck": deck,
        "variant": rng.choice(["podkidnoy", "perevodnoy"]),
        "throw_in": rng.choice(["all", "neighbours"]),
        "first_bout_limit": rng.choice([5, 6]),
        "transfer_by_trump": rng.random() < 0.5,
        "teams": players == 4 and rng.random() < 0.5,
        "undo": False,
    }
    return players, options


def same_state(t: fast.Table, state: DurakState) -> None:
    """The engine holds what the rules state holds (hands as sets: the rules sort them)."""
    ints = fast.CARD_INT
    assert [sorted(h) for h in t.hands] == [sorted(ints[c] for c in h) for h in state.hands]
    assert t.stock == [ints[c] for c in reversed(state.stock)]
    assert t.table == [[ints[p.attack], ints[p.beat] if p.beat else -1] for p in state.table]
    assert (t.attacker, t.defender, t.taking, t.first_bout, t.shown) == (
        state.attacker,
        state.defender,
        state.taking,
        state.first_bout,
        state.shown,
    )
    assert t.out == [s in state.out for s in range(state.players)]
    assert t.done == sum(1 << s for s in set(state.done))


def same_moves(t: fast.Table, state: DurakState) -> None:
    """The same seats waited on, and every seat's legal actions, both ways through the converters."""
    assert t.to_act() == GAME.to_act(state)
    for s in range(state.players):
        legal = GAME.legal_actions(state, s)
        mine = t.legal(s)
        assert sorted(fast.action_text(a) for a in mine) == sorted(legal)
        assert sorted(fast.action_int(a) for a in legal) == sorted(mine)


def replay(players: int, options: dict[str, Any], seed: int, rng: random.Random, seen: Counter[str]) -> int:
    """One game in both engines with the same random moves; the number of moves, each checked."""
    state = GAME.new(players, options, seed=seed)
    t = fast.Table.from_state(state)
    moves = 0
    while not GAME.is_over(state):
        same_moves(t, state)
        same_state(t, state)
        if rng.random() < 0.05:  # the converter, from any point of a bout ("done" seats included)
            again = fast.Table.from_state(state)
            same_state(again, state)
            assert again.to_act() == t.to_act()
        seat = rng.choice(GAME.to_act(state))
        action = rng.choice(GAME.legal_actions(state, seat))
        seen[action.split(":")[0]] += 1
        copy, before = t.copy(), state
        state, _ = GAME.apply(state, seat, action)
        t.apply(seat, fast.action_int(action))
        if rng.random() < 0.05:  # a move on the engine leaves its copy as it was
            same_state(copy, before)
        moves += 1
    assert t.over and t.to_act() == [] and all(t.legal(s) == [] for s in range(players))
    assert (t.losers, t.durak) == (state.losers, state.durak)
    assert t.scores() == GAME.scores(state)
    seen["draw" if state.durak is None else "lost"] += 1
    return moves


def test_random_games_agree_with_the_rules_at_every_step() -> None:
    rng = random.Random(2026)
    seen: Counter[str] = Counter()
    moves = 0
    for _ in range(GAMES):
        players, options = random_setup(rng)
        moves += replay(players, options, rng.randrange(2**32), rng, seen)
    assert moves >= 40 * GAMES, moves
    assert all(seen[k] for k in ("attack", "throw", "beat", "transfer", "take", "done")), seen  # every kind


def last_bout(players: int, options: dict[str, Any], hands: list[list[str]], out: list[int]) -> DurakState:
    """A game whose stock is empty: seat 0 attacks seat 1 with these hands; `out` have left."""
    state = GAME.new(players, {**options, "undo": False}, seed=1)
    state.hands, state.stock, state.trump, state.out = hands, [], "D", out
    state.attacker, state.defender, state.first_bout = 0, 1, False
    return state


@pytest.mark.parametrize(
    ("players", "options", "out"),
    [(2, {}, []), (3, {}, [2]), (4, {"teams": True}, [2, 3])],
)
def test_a_draw_agrees_with_the_rules(players: int, options: dict[str, Any], out: list[int]) -> None:
    hands = [["6S"], ["7S"]] + [[] for _ in range(players - 2)]
    state = last_bout(players, options, hands, out)
    t = fast.Table.from_state(state)
    for seat, action in ((0, "attack:6S"), (1, "beat:6S:7S")):
        same_moves(t, state)
        state, _ = GAME.apply(state, seat, action)
        t.apply(seat, fast.action_int(action))
        same_state(t, state)
    assert state.over and state.durak is None and t.over and t.durak is None
    assert t.losers == state.losers == []
    assert t.scores() == GAME.scores(state) == [1.0] * players


def test_a_team_loses_with_its_durak_holding_more_cards() -> None:
    state = last_bout(4, {"teams": True}, [["6S"], ["7S", "8S"], [], ["9C", "TC", "JC"]], [2])
    t = fast.Table.from_state(state)
    for seat, action in ((0, "attack:6S"), (1, "beat:6S:7S")):
        state, _ = GAME.apply(state, seat, action)
        t.apply(seat, fast.action_int(action))
        same_state(t, state)
    assert state.over and state.durak == 3 and state.losers == [1, 3]
    assert (t.losers, t.durak) == (state.losers, state.durak) and t.scores() == GAME.scores(state)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (6, {"deck": 36}),  # no stock after the deal: the trump card stays in the dealer's hand
        (4, {"teams": True, "variant": "perevodnoy"}),
        (2, {"variant": "perevodnoy", "transfer_by_trump": True, "deck": 24}),
        (5, {"deck": 52, "throw_in": "neighbours", "first_bout_limit": 6}),
    ],
)
def test_chosen_setups_agree_with_the_rules(players: int, options: dict[str, Any]) -> None:
    rng = random.Random(players)
    seen: Counter[str] = Counter()
    for seed in range(8):
        replay(players, {**options, "undo": False}, seed, rng, seen)


def test_copies_are_independent() -> None:
    state = GAME.new(3, {"undo": False}, seed=4)
    t = fast.Table.from_state(state)
    c = t.copy()
    rng = random.Random(0)
    while not c.over:
        seat = rng.choice(c.to_act())
        c.apply(seat, rng.choice(c.legal(seat)))
    same_state(t, state)
    assert not t.over and t.losers == []


def test_actions_convert_both_ways() -> None:
    texts = ["attack:7S", "attack:7S7H7C", "throw:AD", "beat:7S:8S", "transfer:7C", "show:7H", "take", "done"]
    for text in texts:
        assert fast.action_text(fast.action_int(text)) == text
    assert len({fast.action_int(t) for t in texts}) == len(texts)
