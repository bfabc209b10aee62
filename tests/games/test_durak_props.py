"""Durak invariants over thousands of random games, with 2–6 players and every option combination."""

from __future__ import annotations

import random
import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.base import Event, GameError
from games.cards import make_deck
from games.durak import DurakState, beats
from tests.games.test_durak import GAME

CARD = re.compile(r'"([2-9TJQKA][SHDC])"')
Setup = tuple[int, dict[str, Any], int]


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    deck = draw(st.sampled_from([24, 36, 52]))
    teams = draw(st.booleans())
    players = 4 if teams else draw(st.integers(2, min(6, deck // 6)))
    options = {
        "deck": deck,
        "variant": draw(st.sampled_from(["podkidnoy", "perevodnoy"])),
        "throw_in": draw(st.sampled_from(["all", "neighbours"])),
        "first_bout_limit": draw(st.sampled_from([5, 6])),
        "transfer_by_trump": draw(st.booleans()),
        "teams": teams,
        "open_cards": draw(st.booleans()),
        "look_stock": draw(st.booleans()),
        "undo": draw(st.booleans()),
        "match_games": draw(st.sampled_from([1, 1, 1, 2])),
    }
    return players, options, draw(st.integers(0, 2**32))


def table_cards(state: DurakState) -> list[str]:
    return [c for p in state.table for c in (p.attack, p.beat) if c]


def all_cards(state: DurakState) -> list[str]:
    return sorted([c for h in state.hands for c in h] + state.stock + state.discarded + table_cards(state))


def public(state: DurakState) -> set[str]:
    """Cards anyone at the table has seen: on the table, discarded, known in a hand, the turned-up card."""
    return {*table_cards(state), *state.discarded, *(c for k in state.known for c in k), state.trump_card}


def check_state(state: DurakState, deck: list[str]) -> None:
    """What must hold after every move."""
    assert all_cards(state) == deck, "cards are conserved"
    if state.over:
        return
    assert GAME.to_act(state), "somebody can act in an unfinished game"
    d = state.defender
    assert d not in state.out and state.attacker not in state.out
    unbeaten = [p for p in state.table if p.beat is None]
    assert len(state.table) <= GAME.bout_limit(state)
    assert len(unbeaten) <= len(state.hands[d])
    assert all(beats(p.attack, p.beat, state.trump) for p in state.table if p.beat)
    assert len({p.attack for p in state.table} | {p.beat for p in state.table if p.beat}) == len(
        table_cards(state)
    )
    assert set(state.done) <= set(GAME.throwers(state))
    for s in range(state.players):
        assert set(state.known[s]) <= set(state.hands[s]), "known cards are in the hand"
        if s in state.out:
            assert not state.hands[s] and not state.stock
    if state.options.teams and not state.table:
        assert d != GAME.partner(state, state.attacker)


def check_end(state: DurakState, players: int, options: dict[str, Any]) -> None:
    assert GAME.is_over(state), "the game ended"
    assert state.games_played == options["match_games"]
    assert sum(state.durak_counts) + state.draws == state.games_played
    left = [s for s in range(players) if s not in state.out]
    scores = GAME.scores(state)
    if state.durak is None:
        assert state.losers == [] and (not left or options["teams"])
    elif options["teams"]:
        assert (
            state.losers in ([0, 2], [1, 3])
            and state.durak in state.losers
            and set(left) <= set(state.losers)
        )
    else:
        assert left == [state.durak] == state.losers
    if options["match_games"] == 1:
        assert scores == [0.0 if s in state.losers else 1.0 for s in range(players)]


def play(setup: Setup, step: Any = None) -> tuple[DurakState, int]:
    players, options, seed = setup
    state = GAME.new(players, options, seed=seed)
    deck = sorted(make_deck(options["deck"]))
    rng = random.Random(seed)
    moves = 0
    while not GAME.is_over(state):
        assert moves < 5000, "the game does not end"
        seat = rng.choice(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        assert [a for a in legal if a != "undo"], "a seat waited on has a move"
        action = rng.choice(legal)
        before = state
        state, events = GAME.apply(state, seat, action)
        check_state(state, deck)
        if step is not None:
            step(before, seat, action, state, events, rng)
        moves += 1
    check_end(state, players, options)
    return state, moves


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups())
def test_random_games_keep_every_invariant(setup: Setup) -> None:
    play(setup)


def wrong_actions(state: DurakState, seat: int, rng: random.Random) -> list[str]:
    deck = make_deck(state.options.deck)
    a, b = rng.sample(deck, 2)
    mine = state.hands[seat] or [a]
    c = rng.choice(mine)
    return [
        f"attack:{a}",
        f"attack:{c}",
        f"attack:{a}{b}",
        f"throw:{c}",
        f"throw:{a}",
        f"beat:{a}:{c}",
        f"beat:{b}:{a}",
        f"transfer:{c}",
        f"show:{c}",
        "take",
        "done",
        "undo",
        "fly",
        "attack:",
        f"beat:{c}",
    ]


def full_checks(
    before: DurakState, seat: int, action: str, after: DurakState, events: list[Event], rng: random.Random
) -> None:
    """Round trip, refusals leave the state alone, other legal actions apply, nothing hidden leaks."""
    assert GAME.load(after.model_dump_json()) == after
    legal = GAME.legal_actions(before, seat)
    dump = before.model_dump()
    for wrong in wrong_actions(before, seat, rng):
        if GAME.normalize(wrong) in legal:
            continue
        try:
            GAME.apply(before, seat, wrong)
        except GameError as e:
            assert e.code != "illegal_action" or wrong.startswith(("transfer", "show")), (wrong, e)
        else:
            raise AssertionError(f"{wrong} was accepted")
    assert before.model_dump() == dump
    for other in rng.sample(legal, min(2, len(legal))):
        GAME.apply(before, seat, other)
    assert before.model_dump() == dump
    opts = after.options
    if opts.open_cards:
        return
    seen = public(before) | public(after) | _cards(action)
    for e in events:
        leaked = set(CARD.findall(e.model_dump_json())) - seen
        assert not leaked, (e, leaked)
    for viewer in [None, *range(after.players)]:
        view = GAME.view(after, viewer)
        assert view.hands is None
        allowed = public(after) | set(after.hands[viewer] if viewer is not None else ())
        if opts.look_stock:
            allowed |= set(after.stock)
        leaked = set(CARD.findall(view.model_dump_json())) - allowed
        assert not leaked, (viewer, leaked)


def _cards(action: str) -> set[str]:
    args = action.split(":")[1:]
    return {t[i : i + 2] for t in args for i in range(0, len(t), 2)}


@settings(max_examples=70, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups())
def test_random_games_with_refusals_views_and_round_trips(setup: Setup) -> None:
    play(setup, full_checks)
