"""The event loop a worker runs on: uvloop's (libuv's, written in C) where it is installed, else asyncio's.

A person move is mostly waiting on Redis and the platforms: the loop's own bookkeeping (ready callbacks,
timers for every read's timeout, socket reads and writes) was about a fifth of a move's CPU on asyncio's
loop (`bench/host.py`, py-spy); uvloop does the same work in C. Nothing else changes: the same asyncio
API, tasks and signals (`uvloop.run` is `asyncio.Runner` with uvloop's loop).
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run(main: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run(main)` on uvloop's loop, or on asyncio's own where uvloop is not installed (Windows)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)
