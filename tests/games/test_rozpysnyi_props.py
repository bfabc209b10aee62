"""Rozpysnyi invariants over many random games (hypothesis): random legal play, checked at every step."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.base import GameError
from games.cards import SUITS, make_deck
from games.rozpysnyi import RozpysnyiState, round_points
from tests.games.rozpysnyi_deals import GAME

ROUND = st.sampled_from(["1", "2", "3", "5", "8", "D", "N"])


@st.composite
def custom_setups(draw):
    """Short custom schedules with every option drawn."""
    players = draw(st.sampled_from([3, 4]))
    options = {
        "schedule": " ".join(draw(st.lists(ROUND, min_size=1, max_size=4))),
        "poker_card": draw(st.booleans()),
        "poker_card_id": draw(st.sampled_from(["7S", "AH", "9D", "TC"])),
    }
    return players, options, draw(st.integers(0, 2**32))


@st.composite
def real_setups(draw):
    """The real schedules, with the house-rule switches."""
    players = draw(st.sampled_from([3, 4]))
    options = {
        "schedule": draw(st.sampled_from(["full", "short"])),
        "dark_rounds": draw(st.booleans()),
        "no_trump_rounds": draw(st.booleans()),
    }
    return players, options, draw(st.integers(0, 2**32))


def deck_of(state: RozpysnyiState) -> list[str]:
    return make_deck(36 if state.players == 3 else 32)


def check_cards(state: RozpysnyiState) -> None:
    """Cards are conserved: hands and played cards are distinct cards of the deck, as many as dealt."""
    held = [c for h in state.hands for c in h]
    every = held + state.played
    assert len(every) == len(set(every)) and set(every) <= set(deck_of(state))
    if state.phase == "over":
        return
    if not state.dealt:
        assert state.dark and not every and state.trump_card is None
        return
    assert len(every) == state.cards * state.players
    sizes = {len(h) for h in state.hands}
    assert len(sizes) <= 2  # a trick in progress: some have one card fewer
    if state.trump_card and not state.trump_in_hand:
        assert state.trump_card not in every  # the turned-up card stays out of play
    if state.trump_card and state.trump_in_hand:
        assert state.trump_card in every


def check_views(state: RozpysnyiState) -> None:
    """Every view shows its own hand and no other seat's card (the shown trump is public)."""
    public = set(state.played) | {GAME.poker(state)}
    if state.trump_in_hand:
        public.add(state.trump_card)
    for viewer in [None, *range(state.players)]:
        view = GAME.view(state, viewer)
        assert view.hand == (None if viewer is None else state.hands[viewer])
        text = view.model_dump_json()
        for seat, hand in enumerate(state.hands):
            if seat != viewer:
                leaked = [c for c in hand if c not in public and f'"{c}"' in text]
                assert not leaked, (viewer, seat, leaked)


def illegal_candidates(state: RozpysnyiState, rng: random.Random) -> list[str]:
    deck = deck_of(state)
    pool = [f"bid:{n}" for n in range(14)] + [f"play:{c}" for c in deck] + ["pass", "bid:-1", "play:", "x"]
    pool += [f"play:{c}:{how}" for c in rng.sample(deck, 3) for how in ("high", "low")]
    pool += [f"lead:{c}:{how}:{s}" for c in rng.sample(deck, 2) for how in ("top", "dump") for s in SUITS]
    return pool


def check_illegal(state: RozpysnyiState, seat: int, legal: list[str], rng: random.Random) -> None:
    """A sample of illegal actions raise a coded GameError and leave the state as it was."""
    wrong = [a for a in illegal_candidates(state, rng) if GAME.normalize(a) not in legal]
    before = state.model_dump()
    for action in rng.sample(wrong, 4):
        try:
            GAME.apply(state, seat, action)
        except GameError as e:
            assert e.code and json.dumps(e.params)
            card = action[5:7] if action.startswith("play:") else ""
            if state.phase == "play" and card in deck_of(state) and card not in state.hands[seat]:
                assert e.code == "card_not_in_hand"
        else:
            raise AssertionError(f"{action} was accepted")
        assert state.model_dump() == before
    other = (seat + 1) % state.players
    try:
        GAME.apply(state, other, legal[0])
    except GameError as e:
        assert e.code == "not_your_turn"
    else:
        raise AssertionError("a move out of turn was accepted")


def check_scored(state: RozpysnyiState, data: dict, kind: str, cards: int) -> None:
    dark = kind == "D"
    assert sum(data["tricks"]) == cards
    assert sum(data["bids"]) != cards  # the hook: somebody always fails
    pairs = zip(data["bids"], data["tricks"], strict=True)
    assert data["points"] == [round_points(b, t, dark) for b, t in pairs]
    assert data["totals"] == state.totals


def check_events_public(events, state: RozpysnyiState, before: RozpysnyiState, action: str) -> None:
    """No event names a card that was not played or shown."""
    public = set(before.played) | {action.split(":")[1], before.trump_card, state.trump_card}
    cards = set(deck_of(state))
    for e in events:
        for value in e.data.values():
            values = value if isinstance(value, list) else [value]
            assert all(v in public for v in values if isinstance(v, str) and v in cards), e


def play_checked(players: int, options: dict, seed: int, every_legal: int) -> RozpysnyiState:
    state = GAME.new(players, options, seed=seed)
    rng = random.Random(seed)
    tricks_this_round = 0
    rounds_scored = 0
    check_cards(state)
    check_views(state)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        assert legal and len(set(legal)) == len(legal)
        assert all(GAME.legal_actions(state, s) == [] for s in range(players) if s != seat)
        assert all(GAME.normalize(a) == a for a in legal)
        for action in rng.sample(legal, min(every_legal, len(legal))):
            GAME.apply(state, seat, action)  # every legal action applies
        check_illegal(state, seat, legal, rng)
        kind, cards = state.kind, state.cards
        before = state
        action = rng.choice(legal)
        state, events = GAME.apply(state, seat, action)
        assert GAME.load(state.model_dump_json()) == state
        check_events_public(events, state, before, action)
        won = [e for e in events if e.kind == "trick_won"]
        assert len(won) == (1 if before.trick and len(before.trick.plays) == players - 1 else 0)
        tricks_this_round += len(won)
        if before.phase == "bid" and state.phase == "play":
            assert None not in state.bids and sum(b or 0 for b in state.bids) != cards  # the hook held
            assert seat == state.dealer and GAME.to_act(state) == [state.dealer]  # bids last, leads first
        for e in events:
            if e.kind == "round_scored":
                check_scored(state, e.data, kind, cards)
                assert tricks_this_round == cards
                tricks_this_round = 0
                rounds_scored += 1
        check_cards(state)
        check_views(state)
    assert rounds_scored == len(state.rounds) == len(state.history)
    assert state.totals == [sum(r[i] for r in state.history) for i in range(players)]
    assert GAME.to_act(state) == [] and GAME.view(state, 0).over
    return state


@settings(max_examples=160, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(custom_setups())
def test_random_games_on_custom_schedules_keep_every_invariant(setup) -> None:
    players, options, seed = setup
    play_checked(players, options, seed, every_legal=99)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(real_setups())
def test_random_games_on_the_real_schedules_keep_every_invariant(setup) -> None:
    players, options, seed = setup
    state = play_checked(players, options, seed, every_legal=2)
    assert state.rounds == GAME.new(players, options, seed=seed).rounds


def test_full_games_with_both_table_sizes_run_to_the_end() -> None:
    for players in (3, 4):
        state = GAME.new(players, seed=players)
        rng = random.Random(players)
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        assert len(state.history) == (32 if players == 3 else 28)
