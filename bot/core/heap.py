"""The process's heap and Python's cyclic garbage collector: what a worker's long-lived objects cost it.

A worker holds some 250,000 objects that live as long as it does (modules, pydantic's schemas, the
catalogs), and every full collection scanned them all: measured (`bench/host.py`, 50 tables), a third of
a person move's CPU. And a move makes a few hundred short-lived containers (parsed tables, views,
screens), so the youngest generation, collected every 700 of them, was collected about once a move.
`settle` runs once per process, when its host is attached to a front end (the platforms' libraries are
loaded by then): one collection, then the survivors are frozen (`gc.freeze`: later collections scan only
what the process made since), and the youngest generation is collected every `YOUNG` allocations.
Garbage is freed as before: reference counts free nearly all of it at once, and a cycle made after the
freeze is collected as ever, a little later.

Why `YOUNG` is large: many moves are under way at once, each waiting on Redis with its tables, views and
screens alive, so a collection of the youngest generation every 10,000 allocations scanned them and moved
them on to the older generations, where they died a little later; with 50 tables moving at once that was
about a tenth of a move's CPU (`bench/host.py`, 2,400 moves: 0.50 s of collections; at 100,000, 0.13 s).
What waits for the collector meanwhile is only cyclic garbage, which a move rarely makes.
"""

from __future__ import annotations

import gc

YOUNG = 100_000  # allocations between collections of the youngest generation (Python's default: 700)

_settled = False


def settle() -> None:
    """Collect once, leave every object alive now out of the collector's scans, and collect the youngest
    generation less often (once per process)."""
    global _settled
    if _settled:
        return
    _settled = True
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, old)
