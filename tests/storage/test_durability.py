"""`WAIT` behind commits: a master whose replica does not answer stops being waited on for a while — that
master alone, so the others' commits keep their guarantee (a failover leaves one master without a
replica until the old one returns)."""

from __future__ import annotations

from storage.tables import Durability


def test_a_shortfall_pauses_the_waits_on_its_master_only() -> None:
    counted: list[int] = []
    durability = Durability(replicas=1, timeout=1.0)
    durability.on_shortfall = lambda: counted.append(1)
    durability.acked(1, "a")
    assert durability.replicas("a") == durability.replicas("b") == 1
    durability.acked(0, "a")  # a's replica took over from it and has none of its own yet
    assert durability.replicas("a") == 0
    assert durability.replicas("b") == 1
    durability.acked(0, "a")  # a write sent before the pause: counted, said once
    assert (durability.shortfalls, len(counted), durability.waits) == (2, 2, 3)


def test_without_replicas_nothing_is_waited_for() -> None:
    assert Durability(replicas=0, timeout=1.0).replicas("a") == 0
