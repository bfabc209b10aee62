"""Bot API traffic of one 4-player rozpysnyi table played through the Telegram adapter.

    .venv/bin/python bench/telegram.py [--schedule short] [--think 0,3,10] [--seed 1]

Four people join a group table by buttons and play it out by buttons against the fake Bot API server
of the tests (real aiogram, real host on fakeredis). Time is simulated by a small discrete-event clock:
the outbox's pacing waits (≥ 1 s per chat, ≤ 20 a minute per group, 429 pauses) sleep on it, and each
person moves `think` simulated seconds after their turn shows up in their private chat — only on what
Telegram would be showing them at that moment, so views still waiting in the outbox get coalesced.
Prints Bot API calls per move and per round, by method and by chat, and the largest number of calls
to the group in any 60 simulated seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import heapq
import itertools
import math
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from aiogram.types import Update

import games
from games.rozpysnyi import schedule as sched
from tests.telegram.fakeapi import Call, Msg
from tests.telegram.harness import ANN, BOB, CAT, DAN, GROUP, Harness, Person, VirtualClock, button

PEOPLE = (ANN, BOB, CAT, DAN)
SENDING = ("sendMessage", "editMessageText", "editMessageReplyMarkup", "deleteMessage")


class SimClock(VirtualClock):
    """Sleepers wait until the driver moves time past their wake-up (a discrete-event simulation)."""

    def __init__(self) -> None:
        super().__init__()
        self._waiters: list[tuple[float, int, asyncio.Future[None]]] = []
        self._seq = itertools.count()

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        future = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiters, (self.now + max(0.0, seconds), next(self._seq), future))
        await future

    @property
    def sleeping(self) -> int:
        return len(self._waiters)

    def next_wake(self) -> float:
        return self._waiters[0][0] if self._waiters else math.inf

    def advance(self, to: float) -> None:
        self.now = max(self.now, to)
        while self._waiters and self._waiters[0][0] <= self.now:
            heapq.heappop(self._waiters)[2].set_result(None)


class Sim:
    def __init__(self, h: Harness, clock: SimClock) -> None:
        self.h = h
        self.clock = clock

    async def quiet(self) -> None:
        """Until every outbox lane is asleep on the clock or done (no call in flight)."""
        while True:
            lanes = [ln for ln in self.h.frontend.outbox._lanes.values() if ln.task and not ln.task.done()]
            if len(lanes) <= self.clock.sleeping:
                return
            await asyncio.sleep(0.0005)

    async def until_idle(self) -> None:
        while True:
            await self.quiet()
            if not self.clock.sleeping:
                return
            self.clock.advance(self.clock.next_wake())

    async def send(self, update: dict[str, Any]) -> None:
        self.h.api._note_sender(update)
        await self.h.dp.feed_update(self.h.bot, Update.model_validate(update, context={"bot": self.h.bot}))

    async def say(self, who: Person, text: str, chat_id: int = GROUP) -> None:
        await self.send(self.h.message(who, text, chat_id))
        await self.until_idle()

    async def press(self, who: Person, msg: Msg, data: str) -> str:
        update = self.h.callback(who, msg, data)
        await self.send(update)
        return str(update["callback_query"]["id"])


def version_of(token: str) -> int:
    return int(token.split("|")[1], 36)


def pick(tokens: list[str]) -> str:
    leads = [t for t in tokens if t.split("|")[2].startswith("lead:")]
    return (leads or tokens)[0]


async def play(schedule: str, think: float, seed: int) -> dict[str, Any]:
    random.SystemRandom = lambda: random.Random(seed)  # type: ignore[assignment,misc]  # a fixed deal
    clock = SimClock()
    h = await Harness(polling=False, clock=clock).start()
    sim = Sim(h, clock)
    try:
        for p in (ANN, CAT):
            await sim.say(p, "/start", chat_id=p.id)
        await sim.say(ANN, f"/new rozpysnyi schedule={schedule.replace(' ', ',')}")
        for p in (BOB, CAT, DAN):
            query = await sim.press(p, h.table(), button(h.table(), "Join"))
            await sim.until_idle()
            url = h.api.answer_params[query].get("url")
            if url:
                await sim.say(p, "/start " + url.split("start=")[1], chat_id=p.id)
        table_id = h.table().text.split("table ")[1].split("<")[0]
        await sim.press(ANN, h.table(), button(h.table(), "Start"))
        first, started_at, wall = len(h.api.calls), clock.now, time.perf_counter()
        moves, seen_at = 0, {}
        while True:
            await sim.quiet()
            loaded = await h.store.load(table_id)
            assert loaded is not None
            version = loaded[1]
            ready = []
            for p in PEOPLE:
                hand = h.hand(p)
                if hand is not None and hand.tokens() and version_of(hand.tokens()[0]) == version:
                    seen_at.setdefault((p.id, version), clock.now)
                    ready.append((seen_at[(p.id, version)] + think, p, hand))
            if not ready:
                if not clock.sleeping:
                    break  # nothing on its way and nobody to move: the game is over
                clock.advance(clock.next_wake())
                continue
            due, person, hand = min(ready, key=lambda r: r[0])
            if clock.next_wake() < due:
                clock.advance(clock.next_wake())
                continue
            clock.advance(due)
            await sim.press(person, hand, pick(hand.tokens()))
            moves += 1
        await sim.until_idle()
        return {
            "moves": moves,
            "calls": [c for c in h.api.calls[first:] if c.method != "getUpdates"],
            "group_times": [c.at for c in h.api.calls if c.method in SENDING and chat_of(c) == GROUP],
            "minutes": (clock.now - started_at) / 60,
            "wall": time.perf_counter() - wall,
            "over": "is over" in (h.api.last(GROUP).text if h.api.last(GROUP) else ""),
        }
    finally:
        clock.advance(math.inf)
        await h.stop()


def chat_of(call: Call) -> int:
    return int(call.params.get("chat_id", 0) or 0)


def busiest_minute(times: list[float]) -> int:
    times, best, start = sorted(times), 0, 0
    for end, t in enumerate(times):
        while times[start] <= t - 60:
            start += 1
        best = max(best, end - start + 1)
    return best


def report(schedule: str, think: float, r: dict[str, Any]) -> None:
    calls: list[Call] = r["calls"]
    moves: int = r["moves"]
    spec = games.get("rozpysnyi").options({"schedule": schedule}).schedule
    rounds = len(sched.build(spec, 4, True, True))
    by_method = Counter(c.method for c in calls)
    group = sum(1 for c in calls if c.method in SENDING and chat_of(c) == GROUP)
    private = sum(1 for c in calls if c.method in SENDING and chat_of(c) > 0)
    print(f"\nschedule {schedule!r}: {rounds} rounds, {moves} moves, {think:g} s per move; over: {r['over']}")
    print(f"  simulated play time {r['minutes']:.1f} min (wall {r['wall']:.1f} s)")
    total = len(calls)
    print(f"  Bot API calls: {total} = {total / moves:.2f} per move = {total / rounds:.1f} per round")
    print(f"    group: {group} ({group / moves:.2f}/move)   private: {private} ({private / moves:.2f}/move)")
    print("    by method: " + ", ".join(f"{m} {n}" for m, n in by_method.most_common()))
    print(f"  most calls to the group in any 60 s: {busiest_minute(r['group_times'])} (limit 20)")


async def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--schedule", default="short")
    parser.add_argument("--think", default="0,3,10", help="seconds a person takes per move (comma list)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for think in (float(x) for x in args.think.split(",")):
        report(args.schedule, think, await play(args.schedule, think, args.seed))


if __name__ == "__main__":
    asyncio.run(main())
