"""The running game's coded moves (`bot.core.movecode`): one byte a move, read back exactly, and the
replay of a finished game rebuilt from them (and from the moves an older version wrote out)."""

from __future__ import annotations

import random

import pytest

import games
from bot.core import movecode, records
from bot.core.scoreboard import Scoreboard
from bot.core.table import Table
from games.base import GameError
from storage.stats import StatsStore
from tests.core.hosting import make_host
from tests.core.test_scoreboard import finish_a_game, load


def random_game(key: str, seed: int, limit: int = 300) -> tuple[object, object, list[list[object]], str]:
    """A game of random legal moves by random acting seats: (first state, last state, moves, codes)."""
    game = games.get(key)
    players = 4 if key == "rozpysnyi" else min(game.min_players + 1, game.max_players)
    first = game.new(players, {}, seed=seed)
    state, moves, codes = first, [], ""
    rng = random.Random(seed)
    while not game.is_over(state) and len(moves) < limit:
        seat = rng.choice(game.to_act(state))
        action = rng.choice(game.legal_actions(state, seat))
        codes += movecode.encode(game, state, seat, action)
        state, _events = game.apply(state, seat, action)
        moves.append([seat, action])
    return first, state, moves, codes


@pytest.mark.parametrize("key", [g.key for g in games.all_games()])
def test_every_games_moves_read_back_exactly(key: str) -> None:
    for seed in range(2):
        first, last, moves, codes = random_game(key, seed)
        back, state = movecode.decode(games.get(key), first, codes)
        assert back == moves
        assert state.model_dump(mode="json") == last.model_dump(mode="json")  # type: ignore[attr-defined]
        assert len(codes) <= 2 * len(moves)  # about a byte a move (several seats acting: three)


def test_a_rozpysnyi_move_is_one_byte_and_an_unlisted_one_is_written_out() -> None:
    first, _last, moves, codes = random_game("rozpysnyi", 7, limit=100)
    assert len(codes) == len(moves) == 100
    game = games.get("rozpysnyi")
    assert movecode.encode(game, first, 3, "bid:0") == "~3:bid:0\n"  # not seat 3's turn: written out
    back, _state = movecode.decode(game, first, movecode.written(*moves[0]) + codes[1:])
    assert back == moves


def test_codes_that_do_not_fit_the_game_are_refused() -> None:
    game = games.get("rozpysnyi")
    first = game.new(4, {}, seed=1)
    with pytest.raises(ValueError):
        movecode.decode(game, first, "z")  # no 36th legal bid
    with pytest.raises((ValueError, GameError)):
        movecode.decode(game, first, "~3:play:AS\n")


async def test_the_replay_holds_exactly_the_moves_made(store) -> None:
    """Every move committed through the host, in order, is the finished game's replay."""
    host, rec = make_host(store)
    made: list[list[object]] = []
    commit = store.commit

    async def noted(*args, **kwargs):  # type: ignore[no-untyped-def]
        version = await commit(*args, **kwargs)
        moves = [m.split(":", 1) for m in kwargs.get("moves", ()) if not m.startswith("#")]
        made.extend([int(seat), action] for seat, action in moves)
        return version

    store.commit = noted  # type: ignore[method-assign]
    table_id = await finish_a_game(host, rec)
    table = await load(host, table_id)
    record = await StatsStore(store.redis, store.prefix).replay(records.game_id(table))
    assert record is not None
    assert record["moves"] == made and len(made) > 20
    assert records.replay_states(record)[-1][0].model_dump(mode="json") == table.state
    assert len(await store.game_codes(table_id)) == len(record["moves"])  # a byte a move
    assert not await store.redis.exists(StatsStore(store.redis, store.prefix)._k("moves", table_id))


async def test_a_game_begun_before_the_coded_moves_still_replays(store) -> None:
    """An older version wrote the first moves out to the stats store; the rest are coded: one replay."""
    host, rec = make_host(store)
    table_id = await finish_a_game(host, rec)
    table: Table = await load(host, table_id)
    record = await StatsStore(store.redis, store.prefix).replay(records.game_id(table))
    assert record is not None
    states = records.replay_states(record)
    game = games.get(table.game)
    k = len(record["moves"]) // 3
    written = [f"{seat}:{action}" for seat, action in record["moves"][:k]]
    codes = "".join(
        movecode.encode(game, states[i][0], seat, action) for i, (seat, action) in enumerate(record["moves"])
    )[k:]
    again = Scoreboard._replay(table, written, codes, record["names"])
    assert again is not None and again["moves"] == record["moves"]
    assert Scoreboard._replay(table, written[1:], codes, record["names"]) is None  # a gap: no replay
