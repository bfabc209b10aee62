"""A change starts from the table this process committed (`House.as_stored`), not from its JSON parsed
again: the table it starts from is the table a fresh parse gives, or it is parsed."""

from __future__ import annotations

from fakeredis import FakeAsyncRedis, FakeServer

from bot.core.house import House, parse
from bot.core.table import Table
from storage import Store
from tests.core.hosting import make_host, press_first_until_over, user
from tests.core.test_host import open_table

A = user(1)


def fake_store() -> Store:
    return Store(FakeAsyncRedis(server=FakeServer(), decode_responses=True), prefix="t")


def watch(host: House) -> list[bool]:
    """Check every `as_stored` of `host` against fresh parses; the list says which used a committed table."""
    used: list[bool] = []
    original = host.as_stored

    def as_stored(table_id: str, data: str, version: int) -> tuple[Table, Table]:
        known = host._committed.get(table_id)
        old, new = original(table_id, data, version)
        fresh = parse(data, version)
        assert old == fresh  # every field, the private ones too (the lines noted before this change)
        assert new == fresh and new is not old
        used.append(known is not None and old is known[2])
        return old, new

    host.as_stored = as_stored  # type: ignore[method-assign]
    return used


async def test_a_change_starts_from_the_committed_table_as_a_fresh_parse_would() -> None:
    host, rec = make_host(fake_store())
    used = watch(host)
    await open_table(host, rec, game="tricks", bots=3)
    await press_first_until_over(host, rec, A, limit=30)
    assert sum(used) > 0.8 * len(used)  # people's and the AI's moves started from what this process committed
    assert not all(used)  # a table committed by nobody here (a new one) is parsed


async def test_a_committed_table_changed_since_is_parsed_again() -> None:
    host, rec = make_host(fake_store())
    table_id = await open_table(host, rec, game="tricks", bots=3)
    data, version, committed = host._committed[table_id]
    committed.seats[0].picked = ["X"]  # changed in memory after its commit (not stored)
    old, _new = host.as_stored(table_id, data, version)
    assert old is not committed and old == parse(data, version) and old.seats[0].picked == []
    assert table_id not in host._committed  # handed out once: the next change reads afresh
