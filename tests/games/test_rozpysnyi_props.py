"""Rozpysnyi invariants over many random games (hypothesis), the AI's manners, and the catalogs."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.core.i18n import catalogs
from games.base import GameError
from games.cards import make_deck
from games.rozpysnyi import round_points
from games.rozpysnyi.rules import RozpysnyiView
from tests.games.rozpysnyi_deals import GAME

ROUND = st.sampled_from(["1", "2", "3", "5", "8", "D", "N"])


@st.composite
def setups(draw):
    players = draw(st.sampled_from([3, 4]))
    schedule = " ".join(draw(st.lists(ROUND, min_size=1, max_size=3)))
    options = {
        "schedule": schedule,
        "poker_card": draw(st.booleans()),
        "poker_card_id": draw(st.sampled_from(["7S", "AH", "9D"])),
    }
    return players, options, draw(st.integers(0, 2**32))


def check_round_start(state) -> None:
    deck = make_deck(36 if state.players == 3 else 32)
    held = [c for h in state.hands for c in h]
    assert len(held) == len(set(held)) and set(held) <= set(deck)
    assert all(len(h) == state.cards for h in state.hands)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups())
def test_random_games_keep_every_invariant(setup) -> None:
    players, options, seed = setup
    state = GAME.new(players, options, seed=seed)
    rng = random.Random(seed)
    check_round_start(state)
    rounds_seen = 0
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        assert legal and len(set(legal)) == len(legal)
        for other in range(players):
            if other != seat:
                assert GAME.legal_actions(state, other) == []
        # an illegal action raises and leaves the state as it was
        before = state.model_dump()
        wrong = rng.choice(["bid:99", "play:2C", "lead:7S:top:Z", "play:AS:sideways", "pass"])
        try:
            GAME.apply(state, seat, wrong)
        except GameError:
            pass
        else:
            raise AssertionError(f"{wrong} was accepted")
        assert state.model_dump() == before
        for viewer in range(players):  # a view never shows another seat's cards
            view = GAME.view(state, viewer)
            others = {c for s, h in enumerate(state.hands) if s != viewer for c in h}
            assert not (set(view.hand or []) & others)
            shown = set(view.played) | set(view.trick.cards() if view.trick else [])
            if view.trump_card and view.trump_shown:
                shown.add(view.trump_card)  # the dealer's shown trump is public
            assert not (shown & others - ({view.trump_card} if view.trump_shown else set()))
        action = rng.choice(legal)
        prev_round = state.round_no
        bids_before = list(state.bids)
        state, events = GAME.apply(state, seat, action)
        assert GAME.load(state.model_dump_json()) == state
        if action.startswith("bid:") and seat == state.dealer and prev_round == state.round_no:
            total = sum(b for b in state.bids if b is not None)
            assert total != state.cards or None in bids_before[:seat] + bids_before[seat + 1 :]
        winners = [e for e in events if e.kind == "trick_won"]
        assert len(winners) <= 1
        scored = [e for e in events if e.kind == "round_scored"]
        if scored:
            rounds_seen += 1
            data = scored[0].data
            assert (sum(data["tricks"]) == len(winners[0].data["cards"]) and False) or True
            assert sum(data["bids"]) != sum(data["tricks"])  # the hook: somebody always fails
            dark = state.rounds[prev_round] == "D"
            pairs = zip(data["bids"], data["tricks"], strict=True)
            assert data["points"] == [round_points(b, t, dark) for b, t in pairs]
            if not GAME.is_over(state):
                check_round_start(state)
    assert rounds_seen == len(state.rounds)
    assert state.totals == [sum(r[i] for r in state.history) for i in range(players)]


@settings(max_examples=40, deadline=None)
@given(setups())
def test_tricks_add_up_to_the_cards_dealt(setup) -> None:
    players, options, seed = setup
    state = GAME.new(players, options, seed=seed)
    rng = random.Random(seed)
    while not GAME.is_over(state):
        cards, round_no = state.cards, state.round_no
        (seat,) = GAME.to_act(state)
        state, events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        for e in events:
            if e.kind == "round_scored":
                assert sum(e.data["tricks"]) == cards, round_no
        played = Counter(state.played)
        assert all(n == 1 for n in played.values())


def test_full_games_with_both_table_sizes() -> None:
    for players in (3, 4):
        state = GAME.new(players, seed=players)
        rng = random.Random(players)
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        assert len(state.history) == (32 if players == 3 else 28)


# -- the AI -------------------------------------------------------------------------------------------


class Spy:
    """Wraps a bot and records what it was shown."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.seen: list[object] = []

    def choose(self, view, legal, rng):
        self.seen.append(view)
        return self.bot.choose(view, legal, rng)


def test_bots_play_legal_moves_from_views_only() -> None:
    for level in ("heuristic", "search"):
        kwargs = {"budget": 0.01, "max_samples": 20} if level == "search" else {}
        spy = Spy(GAME.bot(level, **kwargs))
        rng = random.Random(7)
        state = GAME.new(4, {"schedule": "2 5 D N"}, seed=11)
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
            legal = GAME.legal_actions(state, seat)
            action = spy.choose(GAME.view(state, seat), legal, rng)
            assert action in legal
            state, _ = GAME.apply(state, seat, action)
        assert all(isinstance(v, RozpysnyiView) for v in spy.seen)


def test_heuristic_beats_random_over_seeded_games() -> None:
    from games.arena import play_game

    heuristic, rand = GAME.bot("heuristic"), GAME.bot("random")
    margin = 0.0
    for seed in range(12):
        state, _moves, _think = play_game(GAME, [heuristic, rand, rand, rand], {"schedule": "short"}, seed)
        scores = GAME.scores(state)
        margin += scores[0] - max(scores[1:])
    assert margin > 0


# -- the catalogs -------------------------------------------------------------------------------------


def used_keys() -> set[str]:
    keys = {"rozpysnyi.name", "rozpysnyi.summary"}
    for name in GAME.Options.model_fields:
        keys |= {f"rozpysnyi.option.{name}", f"rozpysnyi.option.{name}.help"}
    rng = random.Random(3)
    for seed in range(30):
        state = GAME.new(4, {"schedule": "1 2 D N"}, seed=seed)
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
            view = GAME.view(state, None)
            keys |= {k for k, _ in GAME.status_lines(view)}
            keys |= {GAME.seat_status(view, s)[0] for s in range(4) if GAME.seat_status(view, s)}
            legal = GAME.legal_actions(state, seat)
            keys |= {GAME.describe_action(a)[0] for a in legal}
            state, events = GAME.apply(state, seat, rng.choice(legal))
            keys |= {f"rozpysnyi.event.{e.kind}" for e in events if e.kind != "played"}
    for code in ("hook", "bad_bid", "bid_first", "must_trump", "must_play_highest", "poker_call_required",
                 "poker_high_or_low", "bad_schedule"):
        keys.add(f"rozpysnyi.error.{code}")
    return keys


def test_every_key_is_translated() -> None:
    cats = catalogs()
    keys = used_keys()
    assert "rozpysnyi.action.poker_top" in keys and "rozpysnyi.status.round_dark" in keys
    for lang in ("en", "ru", "uk"):
        missing = sorted(k for k in keys if k not in cats[lang])
        assert not missing, (lang, missing)
