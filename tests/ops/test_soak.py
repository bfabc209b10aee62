"""The soak's short run (`bench/soak.py --short`): two real `python -m bot serve` workers on a 3-master
Redis Cluster with a replica each, 50 tables of two people and two AIs pressing for 24 s; a worker is
SIGKILLed and started again, a master SIGKILLed (its replica takes over) and started again. No move a
person was told of is lost, none is applied twice, and every group message and hand shows the committed
table at the end. The soak starts its own servers (`tests/redis_nodes.py`) and kills them."""

from __future__ import annotations

import shutil

import pytest

from bench import soak


async def test_a_short_soak_with_a_worker_killed_and_a_master_failed_over_loses_nothing(tmp_path) -> None:
    if shutil.which("redis-server") is None:
        pytest.fail("redis-server is needed (make test installs it)")
    got = await soak.soak(soak.options(["--short", "--logs", str(tmp_path / "logs")]))
    assert len(got["events"]) == 3, got["events"]  # a worker killed, a master killed, back as a replica
    assert "worker" in got["events"][0] and "master" in got["events"][1], got["events"]
    assert got["sent"] >= 50 and got["answered"] >= got["sent"] * 0.9, got  # people played through it
    assert got["applied"] > got["sent"], got  # the AIs' moves too
    why = "\n".join(got["why"])  # each differing view: what it shows, what it should, Redis's id
    assert (got["lost"], got["duplicated"], got["differ"]) == (0, 0, 0), f"{got}\n{why}"
    assert got["bytes_per_table"] < 5 * 1024, got
