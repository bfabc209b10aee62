"""How long a search AI may think: a fixed amount of work, guarded by the CPU clock of the thinking thread.

A search's strength must not depend on how busy the machine is. Each search therefore counts its work in
units that cost the same everywhere (sampled worlds, play-outs), calibrated once so that a decision stays
within its share of CPU (`bench/levels.py` prints the CPU a decision takes). `CpuBudget` is only the guard
for an unusually dear position: it counts the CPU time of the thread that thinks (`time.thread_time`:
other processes' load does not count), and the wall clock only past `WALL` times that, for a machine so
starved that even that CPU never comes. So with the machine idle or loaded, a search makes the same
decisions (`tests/games/test_ai_budget.py`).
"""

from __future__ import annotations

import math
import time

WALL = 8.0  # the wall-clock guard, in multiples of the CPU budget


class CpuBudget:
    """`seconds` of this thread's CPU from now (None: no limit); `spent()` once they are used up."""

    __slots__ = ("cpu_end", "wall_end")

    def __init__(self, seconds: float | None) -> None:
        if seconds is None:
            self.cpu_end = self.wall_end = math.inf
        else:
            self.cpu_end = time.thread_time() + seconds
            self.wall_end = time.perf_counter() + WALL * seconds

    def spent(self) -> bool:
        return time.thread_time() >= self.cpu_end or time.perf_counter() >= self.wall_end
