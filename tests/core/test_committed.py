"""A change starts from the table this process committed (`House.as_stored`), not from its JSON parsed
again: the table it starts from is the table a fresh parse gives, or it is parsed."""

from __future__ import annotations

import random

import pytest
from fakeredis import FakeAsyncRedis, FakeServer

import games
from bot.core import play, render
from bot.core.house import House, parse, stored_digest
from bot.core.outcome import Delivery
from bot.core.table import Table, edited, game_state
from bot.core.views import Views
from storage import Store
from tests.core.hosting import make_host, press_first_until_over, user
from tests.core.test_host import open_table
from tests.core.test_render_same import started

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
        assert new == fresh and new is not old
        fresh._stored = stored_digest(data)  # what its drawings are remembered under (`Views`)
        assert old == fresh  # every field, the private ones too (the lines noted before this change)
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
    edited(committed)
    old, _new = host.as_stored(table_id, data, version)
    assert old is not committed and old == committed_as(parse(data, version), version)
    assert old.seats[0].picked == []
    assert table_id not in host._committed  # handed out once: the next change reads afresh


async def test_a_committed_table_changed_without_its_mark_fails_the_check() -> None:
    host, rec = make_host(fake_store())
    table_id = await open_table(host, rec, game="tricks", bots=3)
    data, version, committed = host._committed[table_id]
    committed.seats[0].picked = ["X"]  # not marked `edited`: a bug the test suite's check must catch
    with pytest.raises(AssertionError, match="not marked"):
        host.as_stored(table_id, data, version)


def committed_as(table: Table, version: int) -> Table:
    """`table` as `House.change` leaves it once committed as `version`: with its stored JSON's digest."""
    table.version = version
    table._stored = stored_digest(House.dump(table))
    return table


def shown(deliveries: list[Delivery]) -> list[tuple[str, str, bool]]:
    return [(d.target.key, render.fingerprint(d.screen), d.notify) for d in deliveries]


def test_a_version_lost_and_committed_again_is_not_compared_with_the_lost_drawing() -> None:
    """A move committed and drawn here, then lost in a failover, and another move committed by another
    worker under the same version number: the next move compares with what that version shows, not
    with what this process drew of the lost one (its memo is keyed by the stored JSON's digest too)."""
    game = games.get("tricks")
    rng = random.Random("lost write")
    table = committed_as(started(game, ["Ann", "Bob", "Cy", "Di"], rng), 1)
    views, compared = Views(b"secret"), 0

    def moved(tbl: Table, choice: int = 0) -> Table:
        """A copy of `tbl` after its first seat to act took its `choice`-th legal action, committed."""
        new, state = parse(House.dump(tbl), tbl.version), game_state(tbl)
        seat = game.to_act(state)[0]
        play.move(new, game, seat, game.legal_actions(state, seat)[choice], 0.0, 1.0)
        return committed_as(new, tbl.version + 1)

    while compared < 6 and not game.is_over(state := game_state(table)):
        if len(game.legal_actions(state, game.to_act(state)[0])) < 2:
            table = moved(table)
            continue
        views.changes(table, moved(table, 0))  # drawn here, then lost in a failover
        kept = moved(table, 1)  # committed by another worker as the same version
        after = moved(kept)
        assert shown(views.changes(kept, after)) == shown(Views(b"secret").changes(kept, after))
        table, compared = after, compared + 1
    assert compared == 6
