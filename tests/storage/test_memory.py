"""Memory per table on a real redis-server: a 4-person rozpysnyi table mid-game takes at most 4 KB,
counting every key of the table (its hash with JSON, users, history and coded moves, its message ids)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator

import pytest

from storage import Store
from tests.conftest import connections
from tests.storage.midgame import play_to_mid_game

GOAL = 4096  # bytes of MEMORY USAGE per running table (issue 11)


@pytest.fixture
async def real_store() -> AsyncIterator[Store]:
    async for make in connections("real"):
        yield Store(make(), prefix=f"mem{uuid.uuid4().hex[:8]}")


async def test_a_4_person_rozpysnyi_table_mid_game_takes_at_most_4_kb(real_store: Store) -> None:
    store = real_store
    table_id, state, _host, front = await play_to_mid_game(store)
    await front.outbox.close()
    assert state.deal_no == len(state.rounds) // 2 and state.phase == "play"
    keys = store.keys.table_all_keys(table_id)
    # honest: every key whose name holds the table's id is one the figure counts, and the ids are there
    named = {k async for k in store.redis.scan_iter(match=f"{store.prefix}:*{table_id}*")}
    assert named <= set(keys)
    assert await store.redis.exists(store.keys.messages(f"table:{table_id}"))
    assert len(await store.game_codes(table_id)) > 250  # every move so far, about a byte each
    sizes = [int(await store.redis.memory_usage(k, samples=0) or 0) for k in keys]
    assert sum(sizes) == await store.memory_usage(table_id)
    assert sum(sizes) <= GOAL, f"{sizes} B per key: {sum(sizes)} B > {GOAL} B"
