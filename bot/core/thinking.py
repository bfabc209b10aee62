"""The AI's thinking off the event loop: a bounded pool of processes, so a search never stalls people's moves.

A decision is sent to the pool as the seat's view and its legal actions only (picklable; the AI sees
nothing else). `processes == 0` thinks in a thread of this process instead (tests, the console). A
program seat (`program:NAME`) waits on another process anyway: it is asked from a thread. A pool whose
process died is replaced; the decision that was lost is then made in a thread. The pool's processes run
at a lower CPU priority (nice +5) than the worker, so on a busy machine people's moves come first. A
search's budget is a fixed amount of work (`games/budget.py`; the budget in seconds is a guard on the CPU
time of the thread that thinks): on a busy machine it takes longer, but decides as it would on an idle one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.core import play, programs
from games.base import Game

log = logging.getLogger(__name__)


NICE = 5  # the AI's processes yield the CPU to the worker's own (people's moves come first)


def _start() -> None:
    """Run once in each new pool process: a lower CPU priority than the worker that handles people."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(NICE)


def _ready() -> bool:
    """Run in each new pool process by `warm`: the games are imported before the first move."""
    import games

    games.all_games()
    return True


class Thinker:
    """Chooses the AI's actions; owns the process pool (started on first use, or by `warm`)."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None
        self.decisions = 0  # made in the pool (tests, metrics)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: a clean interpreter, never a fork of a process with threads and a running loop
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.processes, mp_context=context, initializer=_start)
        return self._pool

    async def warm(self) -> None:
        """Start the pool's processes now rather than at the first AI move."""
        if self.processes:
            loop = asyncio.get_running_loop()
            pool = self._executor()
            await asyncio.gather(*(loop.run_in_executor(pool, _ready) for _ in range(self.processes)))

    async def choose(self, game: Game, state: Any, seat: int, level: str, seed: str, budget: float) -> str:
        """The AI's action for `seat` (see `play.choose`)."""
        if programs.is_program(level) or not self.processes:
            return await asyncio.to_thread(play.choose, game, state, seat, level, seed, budget)
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]  # nothing to think about
        job = (game.key, level, budget, game.view(state, seat), legal, seed)
        try:
            action = await asyncio.get_running_loop().run_in_executor(self._executor(), play.decide, *job)
        except BrokenProcessPool:
            log.error("an AI process died: the pool is replaced, this move is made in a thread")
            self._pool = None
            return await asyncio.to_thread(play.decide, *job)
        self.decisions += 1
        return action

    async def aclose(self) -> None:
        """Stop the pool's processes (a decision under way is left to finish; nothing waits on it)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
