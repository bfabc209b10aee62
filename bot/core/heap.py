"""The process's heap and Python's cyclic garbage collector: what a worker's long-lived objects cost it.

A worker holds some 250,000 objects that live as long as it does (modules, pydantic's schemas, the
catalogs), and every full collection scans them all: measured, a third of a person move's CPU went to
those scans. `settle` runs once per process, when its host is attached to a front end (the platforms'
libraries are loaded by then): one collection, then the survivors are frozen (`gc.freeze`), so later collections scan only what the process made since. Garbage is still
freed as before (reference counts free it; a cycle made after the freeze is collected as ever).
"""

from __future__ import annotations

import gc

_settled = False


def settle() -> None:
    """Collect once, then leave every object alive now out of the collector's scans (once per process)."""
    global _settled
    if _settled:
        return
    _settled = True
    gc.collect()
    gc.freeze()
