"""Dvorovoy bridge: random whole matches at 2–6 players keep every invariant of the rules."""

from __future__ import annotations

import json
import random

import pytest

from games.base import GameError
from games.cards import make_deck
from games.dvorovoy import Dvorovoy, DvorovoyState

COST = {"T": 10, "Q": 10, "K": 10, "A": 15, "J": 20}  # the spec's table, written out again


class Probe(Dvorovoy):
    """The rules, noting every hand as it stands when a round is scored."""

    def __init__(self) -> None:
        self.ends: list[tuple[int, list[list[str]], list[int]]] = []

    def _end_round(self, state: DvorovoyState):  # type: ignore[no-untyped-def]
        self.ends.append((state.mover, [list(h) for h in state.hands], list(state.totals)))
        return super()._end_round(state)


def conserved(state: DvorovoyState) -> None:
    cards = [c for h in state.hands for c in h] + state.stock + state.pile
    assert sorted(cards) == sorted(make_deck(36))


def junk(rng: random.Random) -> str:
    card = rng.choice(make_deck(36))
    return rng.choice(
        [f"play:{card}", f"add:{card}", "end", "draw", "pass", f"suit:{rng.choice('SHDCX')}", card, "x"]
    )


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_matches_end_conserve_cards_score_by_the_formula_and_hide_hands(players: int) -> None:
    game = Probe()
    heuristic = game.bot("heuristic")
    for seed in range(4):
        rng = random.Random(seed * 10 + players)
        options = {"cards": rng.choice([3, 4, 5]), "burn": rng.random() < 0.7}
        state = game.new(players, options, seed=seed)
        rounds_seen = 0
        for _ in range(20_000):
            if game.is_over(state):
                break
            conserved(state)
            seat = state.mover
            public = game.view(state, None)
            assert public.to_act == [seat] and public.hand is None
            # no view shows a card of another hand (but the move in progress, which everyone saw played: a
            # card of it can be back in the mover's hand when the pile was turned over to cover a 6)
            seen = set(state.played)
            for viewer in range(players):
                text = json.dumps(game.view(state, viewer).model_dump(mode="json"))
                for other in range(players):
                    if other != viewer:
                        assert not any(f'"{c}"' in text for c in state.hands[other] if c not in seen)
            legal = game.legal_actions(state, seat)
            assert legal and all(game.legal_actions(state, s) == [] for s in range(players) if s != seat)
            wrong = game.normalize(junk(rng))
            swapped = (
                wrong.replace("play:", "add:")
                if wrong.startswith("play:")
                else wrong.replace("add:", "play:")
            )
            if wrong not in legal and swapped not in legal:  # a typed card may mean `play` or `add`
                before = state.model_dump()
                with pytest.raises(GameError):
                    game.apply(state, seat, wrong)
                with pytest.raises(GameError):
                    game.apply(state, (seat + 1) % players, rng.choice(legal))
                assert state.model_dump() == before
            bot = heuristic if seat % 2 else None
            action = bot.choose(game.view(state, seat), legal, rng) if bot else rng.choice(legal)
            state, events = game.apply(state, seat, action)
            for e in events:
                if e.kind != "round_scored":
                    continue
                rounds_seen += 1
                mover, hands, old = game.ends[-1]
                assert hands[mover] == []
                pts = [sum(COST.get(c[0], 0) for c in h) for h in hands]
                assert e.data["points"] == pts
                want = [o + p for o, p in zip(old, pts, strict=True)]
                if options["burn"]:
                    want = [0 if w == 125 else w for w in want]
                assert e.data["totals"] == want
        assert game.is_over(state) and rounds_seen >= 1
        assert state.losers and all(state.totals[s] > 125 for s in state.losers)
        assert all(state.totals[s] <= 125 for s in range(players) if s not in state.losers)
        best = min(state.totals)
        assert game.winners(state) == [s for s in range(players) if state.totals[s] == best]
