"""The stats store on its own: memory stays bounded (history, leaderboard), a game counts once."""

from __future__ import annotations

import asyncio

import pytest

from storage import stats as stats_module
from storage.stats import StatsStore


def rate_by_order(here, everywhere):
    """A stand-in rating: the first seat gains, the others lose (each row counts one more game)."""

    def step(rows):
        out = []
        for i, row in enumerate(rows):
            row = dict(row or {"games": 0, "mu": 25.0, "sigma": 8.0})
            row.update(games=row["games"] + 1, mu=row["mu"] + (1 if i == 0 else -1), sigma=row["sigma"] * 0.9)
            out.append(row)
        return out

    return step(here), step(everywhere)


async def test_history_and_leaderboard_stay_bounded(store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats_module, "TOP_MAX", 3)
    stats = StatsStore(store.redis, store.prefix)
    for n in range(25):
        players = [f"p{n}", f"p{n + 1}"]
        counted = await stats.record(f"g{n}", "durak", "chat", players, rate_by_order, {"id": f"g{n}"}, None)
        assert counted
    history = await stats.history("chat")
    assert len(history) == stats_module.HISTORY_MAX and history[0]["id"] == "g24"
    top = await stats.top("chat", "durak", 10)
    assert len(top) <= 3
    rows = await store.redis.hlen(stats._k("chat", "chat", "durak"))
    assert rows == len(await store.redis.zrange(stats._k("top", "chat", "durak"), 0, -1)) <= 3
    assert (await stats.rows_of("p24"))["durak"]["games"] == 2  # across chats nothing is evicted


async def test_one_game_counted_by_many_at_once_counts_once(store) -> None:
    stats = StatsStore(store.redis, store.prefix)
    results = await asyncio.gather(
        *(
            stats.record("g1", "durak", "chat", ["a", "b"], rate_by_order, {"id": "g1"}, None)
            for _ in range(5)
        )
    )
    assert sorted(results) == [False] * 4 + [True]
    assert (await stats.rows_in_chat("chat", "durak", "a"))["games"] == 1
    assert len(await stats.history("chat")) == 1
