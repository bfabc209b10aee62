"""Memory per table on a real redis-server: a 4-person rozpysnyi table mid-game takes at most 4 KB,
counting every key of the table (its hash with JSON, users, history and coded moves, its message ids)."""

from __future__ import annotations

import base64
import json
import uuid
import zlib
from collections.abc import AsyncIterator

import pytest

from bot.core.api import ChatRef, UserRef
from bot.core.table import Table
from storage import RedisMessageIds, Store
from storage.packdict import DICT_1
from storage.tables import CLOSED_TTL, PACK_LEVEL, PACKED, PACKED_85, PACKED_PLAIN, pack, unpack
from tests.conftest import connections
from tests.storage.midgame import play_to_mid_game
from tests.storage.test_layout import Target

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
    assert await store.redis.exists(store.keys.messages(table_id))
    assert len(await store.game_codes(table_id)) > 250  # every move so far, about a byte each
    sizes = [int(await store.redis.memory_usage(k, samples=0) or 0) for k in keys]
    assert sum(sizes) == await store.memory_usage(table_id)
    assert sum(sizes) <= GOAL, f"{sizes} B per key: {sum(sizes)} B > {GOAL} B"


def test_a_long_table_is_packed_with_the_dictionary_and_older_packings_still_read() -> None:
    lines = [{"key": "rozpysnyi.event.bid", "params": {"n": i % 3}, "seat": i % 4} for i in range(60)]
    data = json.dumps({"id": "t", "game": "rozpysnyi", "log": lines})
    stored = pack(data)
    assert stored.startswith(PACKED) and unpack(stored) == data and len(stored) < len(data) / 4
    fresh = zlib.compressobj(PACK_LEVEL, zdict=DICT_1)  # what the primed compressor's copies must write
    assert stored == PACKED + base64.b64encode(fresh.compress(data.encode()) + fresh.flush()).decode()
    assert pack(data) == stored  # the primed compressor itself is never used up
    older = PACKED_PLAIN + base64.b64encode(zlib.compress(data.encode(), 1)).decode()  # as stored before
    assert unpack(older) == data
    packer = zlib.compressobj(6, zdict=DICT_1)
    base85 = PACKED_85 + base64.b85encode(packer.compress(data.encode()) + packer.flush()).decode()
    assert unpack(base85) == data  # as stored for a while
    assert pack('{"id": "short"}') == '{"id": "short"}' == unpack('{"id": "short"}')


async def test_a_tables_message_ids_expire_with_the_table(store: Store) -> None:
    """A finished table's ids go with it (a day), not a month later; a late id does not keep them longer."""
    ids = RedisMessageIds(store.redis, prefix=store.prefix, ttl=30 * 86400)
    key = store.keys.messages("t")
    await store.create("t", "v1", chat="c")
    await ids.set(Target("table:t"), "1")
    await store.commit("t", 1, "v2")
    assert CLOSED_TTL < await store.redis.ttl(key) <= store.table_ttl
    await store.commit("t", 2, "v3", closed=True)
    assert 0 < await store.redis.ttl(key) <= CLOSED_TTL
    await ids.set(Target("hand:t:u1"), "2")  # the outbox sending after the table closed
    assert 0 < await store.redis.ttl(key) <= CLOSED_TTL
    assert await ids.get(Target("hand:t:u1")) == "2"


def test_the_log_keeps_the_current_deal_the_last_four_lines_and_a_changes_own() -> None:
    person = UserRef(platform="console", id="1", name="Ann")
    table = Table(id="t", game="rozpysnyi", chat=ChatRef(platform="console", id="c"), creator=person)
    for deal in (1, 2):
        table.deal = deal
        for n in range(10):
            table.note("rozpysnyi.event.bid", n=n)
    table = Table.model_validate_json(table.model_dump_json())  # the next change loads it
    table.note("host.log.timeout")  # the last move of deal 2 timed out
    table.deal = 3
    for n in range(6):
        table.note("rozpysnyi.event.bid", n=n)
    assert [e.deal for e in table.log] == [2, 3, 3, 3, 3, 3, 3]  # this change's 7 lines
    table = Table.model_validate_json(table.model_dump_json())
    table.note("rozpysnyi.event.bid", n=6)
    assert [e.deal for e in table.log] == [3] * 7  # deal 3 has 7 lines: no earlier one is needed
    assert table.deal_log() == table.log and table.logged == 28
