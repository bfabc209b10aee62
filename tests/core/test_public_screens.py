"""Everything a group sees is a function of public information: hidden cards never change it.

For every game: play random moves to a random position, then deal the hidden cards differently (every card
that sits in a hand or the stock and that the spectator view does not show goes to another hidden place,
counts kept). The spectator view and the group's table message, in every language, must stay identical:
whose turn (▶, "waiting for"), counts, marks included.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from bot.core import play
from bot.core.api import ChatRef, UserRef
from bot.core.i18n import LANGUAGES
from bot.core.screens import final_screen, table_screen
from bot.core.table import Seat, Table
from games.base import Game

CARD = re.compile(r'"([2-9TJQKA][SHDC]|X\d)"')  # a card, or a joker (X1, X2)
CHAT = ChatRef(platform="console", id="group-1", title="Friends")

# Where each game keeps cards that may be hidden (hands, the stock): a re-deal moves cards among these.
# Every game must be listed.
HIDDEN: dict[str, tuple[str, ...]] = {
    "rozpysnyi": ("hands",),
    "durak": ("hands", "stock"),
    "tricks": ("hands",),
    "bridge": ("hands",),
    "dvorovoy": ("hands", "stock"),
    "most": ("hands", "deck"),
}
# Fields that hold copies of those cards (bridge keeps the board as dealt): rewritten the same way.
MIRRORS: dict[str, tuple[str, ...]] = {"bridge": ("dealt",)}
# Option sets worth trying (the defaults first); a game not listed plays its defaults.
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "durak": [
        {},
        {"variant": "perevodnoy", "undo": True},
        {"teams": True},
        {"deck": 24, "throw_in": "neighbours", "transfer_by_trump": True, "variant": "perevodnoy"},
        {"look_stock": True},
    ],
    "rozpysnyi": [{}, {"schedule": "short"}, {"schedule": "quick"}, {"schedule": "1 N"}],
}


def sign(action: str) -> str:
    return "tok:" + action


def cards_in(obj: Any) -> set[str]:
    return set(CARD.findall(json.dumps(obj)))


def table_for(game: Game, players: int) -> Table:
    people = [UserRef(platform="console", id=f"u{i}", name=f"P{i}") for i in range(players)]
    return Table(
        id="t1",
        game=game.key,
        chat=CHAT,
        creator=people[0],
        status="playing",
        seats=[Seat(user=u) for u in people],
    )


def play_to(
    game: Game, table: Table, players: int, options: dict[str, Any], rng: random.Random, moves: int
) -> Any:
    """Random legal moves through the host's own bookkeeping (so the log holds what the group was told)."""
    state = game.new(players, options, seed=rng.randrange(2**32))
    play.record(table, game, state, [], 0.0, 1.0)
    for _ in range(moves):
        if game.is_over(state):
            break
        seat = rng.choice(game.to_act(state))
        action = rng.choice(game.legal_actions(state, seat))
        play.move(table, game, seat, action, 0.0, 1.0)
        state = game.load(table.state)
    return state


def redeal(game: Game, state: Any, rng: random.Random, seat: int | None = None) -> tuple[Any, bool]:
    """The same position as `seat` sees it (None: the group) with the cards it cannot see dealt otherwise
    (each hand keeps its size), and whether any card moved."""
    data = state.model_dump(mode="json")
    fields = HIDDEN[game.key]
    seen = cards_in(game.view(state, seat).model_dump(mode="json"))
    hidden = sorted(cards_in([data[f] for f in fields]) - seen)
    shuffled = hidden[:]
    rng.shuffle(shuffled)
    swap = dict(zip(hidden, shuffled, strict=True))

    def rewrite(value: Any) -> Any:
        if isinstance(value, list):
            return [rewrite(v) for v in value]
        return swap.get(value, value) if isinstance(value, str) else value

    for f in (*fields, *MIRRORS.get(game.key, ())):
        data[f] = rewrite(data[f])
    return game.load(data), hidden != shuffled


def group_sees(game: Game, table: Table, state: Any) -> list[str]:
    seen = [json.dumps(game.view(state, None).model_dump(mode="json"), sort_keys=True)]
    logged = table.model_copy(update={"show_log": True})  # the 📜 Log open: the deal's whole history
    for lang in LANGUAGES:
        screens = [table_screen(game, t, state, lang, sign) for t in (table, logged)]
        if game.is_over(state):
            screens.append(final_screen(game, table, state, lang, sign))
        seen += [json.dumps(s.model_dump(mode="json"), sort_keys=True, ensure_ascii=False) for s in screens]
    return seen


def test_every_game_says_where_its_hidden_cards_are() -> None:
    assert {g.key for g in games.all_games()} <= set(HIDDEN), "add the new game to HIDDEN"


@pytest.mark.parametrize("key", sorted(g.key for g in games.all_games()))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 160))
def test_hidden_cards_do_not_change_what_the_group_sees(key: str, seed: int, moves: int) -> None:
    game = games.get(key)
    rng = random.Random(seed)
    players = rng.randint(game.min_players, game.max_players)
    options = rng.choice(OPTIONS.get(key, [{}]))
    if key == "durak" and options.get("teams"):
        players = 4
    if key == "durak" and options.get("deck") == 24:
        players = min(players, 4)
    table = table_for(game, players)
    state = play_to(game, table, players, options, rng, moves)
    before = group_sees(game, table, state)
    for _ in range(3):
        other, _ = redeal(game, state, rng)
        assert group_sees(game, table, other) == before


@pytest.mark.parametrize("key", sorted(g.key for g in games.all_games()))
def test_a_redeal_really_moves_hidden_cards(key: str) -> None:
    """The property above is not vacuous: after a few moves the hidden cards do land elsewhere."""
    game = games.get(key)
    rng = random.Random(7)
    table = table_for(game, game.min_players)
    state = play_to(game, table, game.min_players, {}, rng, 3)
    before = state.model_dump(mode="json")
    moved = [redeal(game, state, rng)[0].model_dump(mode="json") != before for _ in range(5)]
    assert any(moved)
