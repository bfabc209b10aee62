"""The worker's heap: once a host serves, what was loaded is out of the collector's scans."""

from __future__ import annotations

import gc

from bot.core import heap


def test_settle_freezes_once_and_collects_the_young_less_often() -> None:
    heap.settle()
    frozen = gc.get_freeze_count()
    assert frozen > 0
    assert gc.get_threshold()[0] == heap.YOUNG
    heap.settle()  # once per process: a second host does not freeze again
    assert gc.get_freeze_count() == frozen
