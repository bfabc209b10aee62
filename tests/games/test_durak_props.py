"""Durak invariants over many random games with every option combination, the AI, and the catalogs."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.core.i18n import catalogs
from games.base import GameError
from games.cards import make_deck
from games.durak import DurakView
from tests.games.test_durak import GAME


@st.composite
def setups(draw):
    deck = draw(st.sampled_from([24, 36, 52]))
    teams = draw(st.booleans()) and deck >= 24
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
    }
    return players, options, draw(st.integers(0, 2**32))


def cards_of(state) -> list[str]:
    table = [c for p in state.table for c in (p.attack, p.beat) if c]
    return [c for h in state.hands for c in h] + state.stock + state.discarded + table


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups())
def test_random_games_keep_every_invariant(setup) -> None:
    players, options, seed = setup
    state = GAME.new(players, options, seed=seed)
    deck = sorted(make_deck(options["deck"]))
    rng = random.Random(seed)
    for _ in range(3000):
        if GAME.is_over(state):
            break
        assert sorted(cards_of(state)) == deck  # conserved
        movers = GAME.to_act(state)
        assert movers, "nobody can act in an unfinished game"
        unbeaten = [p for p in state.table if p.beat is None]
        assert len(unbeaten) <= len(state.hands[state.defender]) or state.taking or not unbeaten
        assert len(state.table) <= 6
        seat = rng.choice(movers)
        legal = GAME.legal_actions(state, seat)
        before = state.model_dump()
        wrong = rng.choice(["beat:2C:3C", "attack:XX", "throw:AS", "transfer:2H", "fly"])
        if wrong not in legal:
            try:
                GAME.apply(state, seat, wrong)
            except GameError:
                pass
            else:
                raise AssertionError(wrong)
            assert state.model_dump() == before
        state, _ = GAME.apply(state, seat, rng.choice(legal))
        assert GAME.load(state.model_dump_json()) == state
        for viewer in range(players):
            view = GAME.view(state, viewer)
            if not options["open_cards"]:
                assert view.hands is None
                hidden = {c for s, h in enumerate(state.hands) if s != viewer for c in h} - {
                    c for k in state.known for c in k
                }
                visible = set(view.hand or []) | {c for k in view.known for c in k}
                assert not hidden & visible
    assert GAME.is_over(state), "the game did not end"
    left = [s for s in range(players) if s not in state.out]
    if state.durak is None:
        assert not options["teams"] and not left
    else:
        assert state.durak in left
        assert sum(state.durak_counts) == 1


# -- the AI -------------------------------------------------------------------------------------------


def test_bots_play_legal_moves_from_views_only() -> None:
    for level, kwargs in (("heuristic", {}), ("search", {"budget": 0.01, "max_samples": 4})):
        bot = GAME.bot(level, **kwargs)
        for players, options in ((2, {}), (3, {"variant": "perevodnoy"}), (4, {"teams": True})):
            state = GAME.new(players, options, seed=players)
            rng = random.Random(players)
            moves = 0
            while not GAME.is_over(state) and moves < 400:
                seat = rng.choice(GAME.to_act(state))
                view = GAME.view(state, seat)
                assert isinstance(view, DurakView)
                legal = GAME.legal_actions(state, seat)
                action = bot.choose(view, legal, rng)
                assert action in legal
                state, _ = GAME.apply(state, seat, action)
                moves += 1
            assert GAME.is_over(state)


def test_heuristic_beats_random_over_seeded_games() -> None:
    from games.arena import play_game

    heuristic, rand = GAME.bot("heuristic"), GAME.bot("random")
    lost = {"heuristic": 0, "random": 0}
    for seed in range(40):
        bots = [heuristic, rand] if seed % 2 == 0 else [rand, heuristic]
        state, _moves, _think = play_game(GAME, bots, {}, seed)
        if state.durak is not None:
            lost["heuristic" if bots[state.durak] is heuristic else "random"] += 1
    assert lost["heuristic"] < lost["random"]


# -- the catalogs -------------------------------------------------------------------------------------


def test_every_key_is_translated() -> None:
    keys = {"durak.name", "durak.summary"}
    for name in GAME.Options.model_fields:
        keys |= {f"durak.option.{name}", f"durak.option.{name}.help"}
    rng = random.Random(5)
    for seed, options in enumerate(
        [{}, {"variant": "perevodnoy", "transfer_by_trump": True}, {"open_cards": True}, {"match_games": 2}]
        * 5
    ):
        state = GAME.new(3 if seed % 2 else 2, options, seed=seed)
        while not GAME.is_over(state):
            view = GAME.view(state, None)
            keys |= {k for k, _ in GAME.status_lines(view)}
            keys |= {GAME.seat_status(view, s)[0] for s in range(state.players) if GAME.seat_status(view, s)}
            seat = rng.choice(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            keys |= {GAME.describe_action(a)[0] for a in legal}
            state, events = GAME.apply(state, seat, rng.choice(legal))
            keys |= {
                f"durak.event.{e.kind}" for e in events if e.kind not in ("throw", "beat", "done", "drew")
            }
    for code in (
        "not_attacker",
        "one_rank",
        "limit_reached",
        "defender_cannot_throw",
        "not_a_neighbour",
        "rank_not_on_table",
        "not_defender",
        "cannot_beat",
        "no_transfer_in_podkidnoy",
        "transfer_refused",
        "nothing_to_undo",
        "too_many_players",
        "teams_need_four",
    ):
        keys.add(f"durak.error.{code}")
    assert "durak.action.take" in keys and "durak.event.attack" in keys
    cats = catalogs()
    for lang in ("en", "ru", "uk"):
        missing = sorted(k for k in keys if k not in cats[lang])
        assert not missing, (lang, missing)
