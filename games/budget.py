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


class Race:
    """Paired results of a search's options over sampled worlds, dropping those clearly behind.

    Every active option is played out in every world, so two options are compared by their per-world
    differences: one is dropped once the leader's mean difference over it exceeds `z` standard errors (after
    `min_worlds`). The search stops when one option is left or at its world cap; the leader is the best
    total among those left, `first` (the heuristic's choice) on ties."""

    __slots__ = ("active", "first", "min_worlds", "n", "q", "s", "total", "z")

    def __init__(self, options: int, min_worlds: int, z: float, first: int = 0) -> None:
        self.n, self.min_worlds, self.z, self.first = 0, min_worlds, z, first
        self.active = list(range(options))
        self.total = [0.0] * options
        self.s = [[0.0] * options for _ in range(options)]  # s[i][j], i < j: the sum of (result i − result j)
        self.q = [[0.0] * options for _ in range(options)]  # … of its square

    def add(self, results: dict[int, float]) -> None:
        """One world's results of the active options; then drop those clearly behind."""
        self.n += 1
        for i, r in results.items():
            self.total[i] += r
            si, qi = self.s[i], self.q[i]
            for j, rj in results.items():
                if i < j:
                    d = r - rj
                    si[j] += d
                    qi[j] += d * d
        if self.n >= self.min_worlds and len(self.active) > 1:
            best = self.leader()
            self.active = [a for a in self.active if a == best or not self.behind(best, a)]

    def behind(self, best: int, other: int) -> bool:
        i, j = min(best, other), max(best, other)
        n = self.n
        d = self.s[i][j] / n * (1 if best == i else -1)
        var = max(self.q[i][j] / n - d * d, 0.0)
        return d > self.z * math.sqrt(var / n)

    def leader(self) -> int:
        return max(self.active, key=lambda i: (self.total[i], i == self.first))

    def settled(self) -> bool:
        return len(self.active) == 1
