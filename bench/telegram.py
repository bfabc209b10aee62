"""Bot API traffic of a 4-person table played through the Telegram adapter, and what the group sees.

    .venv/bin/python bench/telegram.py [--game rozpysnyi,durak,tricks,bridge,dvorovoy,most]
                                      [--schedule short] [--think 0,3,10] [--workers 1] [--seed 1]
                                      [--pings auto|group|off]

Four people join a group table by buttons and play it out by buttons against the fake Bot API server
of the tests (real aiogram, real host and outbox on fakeredis). Time is simulated by a small
discrete-event clock: the outbox's pacing waits (a group's calls one every 3 s, a private chat's 1 s
apart, 429 pauses) sleep on it, and each person presses `think` simulated seconds after their hand
shows something to press — only on what Telegram would be showing them at that moment, so views
still waiting in the outbox get coalesced — and then waits for it to change. Moves are chosen at
random; where a hand offers cards to pick (Most's melds and discards) a person picks one card first,
then makes a move it allows. With `--workers 2` the presses alternate between two workers (two hosts,
two outboxes) sharing one Redis, as behind a load balancer. Most and bridge play one game (`short`,
`quick` with 4 boards).

Prints Bot API calls per person move (callback answers included) by method and by chat, the most
calls to the group in any 60 simulated seconds, how long after a move the group's table message
showed it (table-edit latency, p50/p99/max), and how long after the last move the final result came.
A card pick is not a move: it changes the picker's hand and the table's version, not what the group's
table shows, so it has no table-edit latency (counting it as one is what made Most look seconds behind).
"""

from __future__ import annotations

import argparse
import asyncio
import math
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from aiogram import Dispatcher
from aiogram.types import Update

import games
from bot.core.host import Host
from bot.core.table import Table
from bot.telegram import TelegramFrontend, build_dispatcher
from tests.clocks import EventClock
from tests.telegram.fakeapi import Call, Msg
from tests.telegram.harness import ANN, BOB, CAT, DAN, GROUP, Harness, Person, button

PEOPLE = (ANN, BOB, CAT, DAN)
PRESETS = {"most": "short", "bridge": "quick boards=4"}  # one game, four boards: a table that ends
GAMES = ("rozpysnyi", "durak", "tricks", "bridge", "dvorovoy", "most")
PICK_SOMETIMES = 0.2  # with moves on offer, how often a person picks a card first (Most's toggles)
SENDING = (
    "sendMessage", "sendPhoto", "editMessageText", "editMessageCaption", "editMessageReplyMarkup",
    "deleteMessage",
)  # fmt: skip


class Sim:
    def __init__(self, h: Harness, clock: EventClock, frontends: list[TelegramFrontend]) -> None:
        self.h = h
        self.clock = clock
        self.frontends = frontends

    async def quiet(self) -> None:
        """Until every outbox lane is asleep on the clock or done (no call in flight)."""
        while True:
            lanes = [
                ln
                for f in self.frontends
                for ln in f.outbox._lanes.values()
                if ln.task and not ln.task.done()
            ]
            if len(lanes) <= self.clock.sleeping:
                return
            await asyncio.sleep(0.0005)

    async def until_idle(self) -> None:
        while True:
            await self.quiet()
            if not self.clock.sleeping:
                return
            self.clock.advance(self.clock.next_wake())

    async def send(self, update: dict[str, Any], dp: Dispatcher | None = None) -> None:
        self.h.api._note_sender(update)
        dp = dp or self.h.dp
        await dp.feed_update(self.h.bot, Update.model_validate(update, context={"bot": self.h.bot}))

    async def say(self, who: Person, text: str, chat_id: int = GROUP) -> None:
        await self.send(self.h.message(who, text, chat_id))
        await self.until_idle()

    async def press(self, who: Person, msg: Msg, data: str, dp: Dispatcher | None = None) -> str:
        update = self.h.callback(who, msg, data)
        await self.send(update, dp)
        return str(update["callback_query"]["id"])


def action_of(token: str) -> str:
    return token.split("|")[2]


def choose(rng: random.Random, buttons: list[dict[str, Any]], legal: set[str]) -> str | None:
    """What a person presses: one of the moves their hand offers, at random (never undo). Where the hand
    offers cards to pick (Most's toggles) they pick one card, sometimes or when no move is offered, and
    with a card picked they make one of the moves it allows (or unpick it)."""
    tokens = [b["callback_data"] for b in buttons if "callback_data" in b]
    moves = [tk for tk in tokens if action_of(tk) in legal and action_of(tk) != "undo"]
    cards = [b for b in buttons if action_of(b.get("callback_data", "||")).startswith("@pick:")]
    cards = [b for b in cards if action_of(b["callback_data"]) not in ("@pick:clear",)]
    picked = [b["callback_data"] for b in cards if b["text"].startswith("✓")]
    if picked:
        return rng.choice(moves) if moves else picked[0]
    if cards and (not moves or rng.random() < PICK_SOMETIMES):
        return str(rng.choice(cards)["callback_data"])
    return rng.choice(moves) if moves else None


def version_of_markup(markup: Any) -> int | None:
    """The table version a sent table message was drawn at (its buttons' tokens carry it)."""
    if not isinstance(markup, dict):
        return None
    for row in markup.get("inline_keyboard", []):
        for b in row:
            data = b.get("callback_data", "")
            if data.count("|") == 3:
                return int(data.split("|")[1], 36)
    return None


async def play(
    game: str, schedule: str, think: float, seed: int, workers: int, pings: str = "auto"
) -> dict[str, Any]:
    random.SystemRandom = lambda: random.Random(seed)  # type: ignore[assignment,misc]  # a fixed deal
    clock = EventClock()
    h = await Harness(polling=False, clock=clock).start()
    extra = [h.make_frontend(Host(h.store, h.settings, clock=clock)) for _ in range(workers - 1)]
    dps = [h.dp, *(build_dispatcher(f) for f in extra)]
    sim = Sim(h, clock, [h.frontend, *extra])
    rules = games.get(game)
    try:
        for p in (ANN, CAT):
            await sim.say(p, "/start", chat_id=p.id)
        for p in PEOPLE if pings != "auto" else ():
            await sim.say(p, f"/pings {pings}", chat_id=p.id)  # how each hears it is their move
        options = f" schedule={schedule.replace(' ', ',')}" if game == "rozpysnyi" else ""
        preset = f" {PRESETS[game]}" if game in PRESETS else ""
        await sim.say(ANN, f"/new {game}{preset}{options}")
        for p in (BOB, CAT, DAN):
            query = await sim.press(p, h.table(), button(h.table(), "Join"))
            await sim.until_idle()
            url = h.api.answer_params[query].get("url")
            if url:
                await sim.say(p, "/start " + url.split("start=")[1], chat_id=p.id)
        table_id = h.table().text.split("table ")[1].split("<")[0]
        await sim.press(ANN, h.table(), button(h.table(), "Start"))
        first, started_at, wall = len(h.api.calls), clock.now, time.perf_counter()
        moves, picks, presses, made, refused = 0, 0, 0, [], []
        since: dict[int, tuple[tuple[Any, ...], float]] = {}  # person → the view they see, since when
        waiting: dict[int, tuple[Any, ...]] = {}  # person → the view they pressed on: they wait for a new one
        rng = random.Random(seed)  # each person presses one of their legal buttons at random
        while True:
            await sim.quiet()
            loaded = await h.store.load(table_id)
            assert loaded is not None
            table = Table.model_validate_json(loaded[0])
            state = rules.load(table.state) if table.state else None
            ready = []
            for seat, p in enumerate(PEOPLE):
                hand = h.hand(p)
                if hand is None:
                    continue
                view = (hand.message_id, hand.text, str(hand.markup))  # its text and buttons (a ✓ pick)
                if since.get(p.id, ((), 0.0))[0] != view:
                    since[p.id] = (view, clock.now)
                if waiting.get(p.id) == view:
                    continue
                legal = (
                    set(rules.legal_actions(state, seat)) if state and table.status == "playing" else set()
                )
                token = choose(rng, hand.buttons() if legal else [], legal)
                if token is not None:
                    ready.append((since[p.id][1] + think, p, hand, token, view))
            if not ready:
                if not clock.sleeping:
                    break  # nothing on its way and nobody to move: the game is over
                clock.advance(clock.next_wake())
                continue
            due, person, hand, token, view = min(ready, key=lambda r: r[0])
            if clock.next_wake() < due:
                clock.advance(clock.next_wake())
                continue
            clock.advance(due)
            waiting[person.id] = view
            query = await sim.press(person, hand, token, dps[presses % len(dps)])
            presses += 1
            after = await h.store.load(table_id)
            if after is not None and after[1] > loaded[1] and action_of(token).startswith("@pick:"):
                picks += 1  # a change of the hand alone: the group's table does not show it
            elif after is not None and after[1] > loaded[1]:
                moves += 1
                made.append((clock.now, after[1]))
            else:
                refused.append(h.api.answer_params.get(query, {}).get("text", ""))
        await sim.until_idle()
        group = [c for c in h.api.calls[first:] if c.method in SENDING and chat_of(c) == GROUP]
        return {
            "moves": moves,
            "picks": picks,
            "calls": [c for c in h.api.calls[first:] if c.method != "getUpdates"],
            "group_times": [c.at for c in group],
            "latency": latencies(made, group),
            "final": final_delay(made, group),
            "refused": refused,
            "minutes": (clock.now - started_at) / 60,
            "wall": time.perf_counter() - wall,
            "over": table.status == "over" or "over" in (h.api.last(GROUP).text if h.api.last(GROUP) else ""),
        }
    finally:
        clock.advance(math.inf)
        for f in extra:
            await f.close()
        await h.stop()


def latencies(made: list[tuple[float, int]], group: list[Call]) -> list[float]:
    """For each move, the time until a table message drawn at its version or later reached the group."""
    # a group message without tokens is the finished table or the final result: it shows every move
    shown = [(c.at, version_of_markup(c.params.get("reply_markup")) or math.inf) for c in group]
    out = []
    for at, version in made:
        later = [t for t, v in shown if v >= version and t >= at]
        if later:
            out.append(min(later) - at)
    return out


def final_delay(made: list[tuple[float, int]], group: list[Call]) -> float | None:
    finals = [  # the final scores: a message, or the score sheet picture captioned with them
        c.at
        for c in group
        if c.method in ("sendMessage", "sendPhoto")
        and "🏁" in str(c.params.get("text", c.params.get("caption", "")))
    ]
    return (min(finals) - made[-1][0]) if finals and made else None


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else math.nan


def chat_of(call: Call) -> int:
    return int(call.params.get("chat_id", 0) or 0)


def busiest_minute(times: list[float]) -> int:
    times, best, start = sorted(times), 0, 0
    for end, t in enumerate(times):
        while times[start] <= t - 60:
            start += 1
        best = max(best, end - start + 1)
    return best


def report(game: str, schedule: str, think: float, workers: int, r: dict[str, Any]) -> None:
    calls: list[Call] = r["calls"]
    moves: int = r["moves"]
    by_method = Counter(c.method for c in calls)
    group = sum(1 for c in calls if c.method in SENDING and chat_of(c) == GROUP)
    private = sum(1 for c in calls if c.method in SENDING and chat_of(c) > 0)
    what = f"{game} (schedule {schedule!r})" if game == "rozpysnyi" else game
    picked = f" (and {r['picks']} card picks)" if r["picks"] else ""
    who = f"{think:g} s a press, {workers} worker(s)"
    print(f"\n{what}: {moves} person moves{picked}, {who}; over: {r['over']}")
    print(f"  simulated play time {r['minutes']:.1f} min (wall {r['wall']:.1f} s)")
    total = len(calls)
    print(f"  Bot API calls: {total} = {total / moves:.2f} per person move (callback answers included)")
    print(f"    group: {group} ({group / moves:.2f}/move)   private: {private} ({private / moves:.2f}/move)")
    print("    by method: " + ", ".join(f"{m} {n}" for m, n in by_method.most_common()))
    print(f"  most calls to the group in any 60 s: {busiest_minute(r['group_times'])} (limit 20)")
    lat = r["latency"]
    print(
        f"  table-edit latency over {len(lat)} moves: p50 {percentile(lat, 0.5):.1f} s, "
        f"p99 {percentile(lat, 0.99):.1f} s, max {max(lat, default=math.nan):.1f} s"
    )
    if r["refused"]:
        print(f"  presses refused: {len(r['refused'])} ({Counter(r['refused']).most_common(3)})")
    final = r["final"]
    print("  final result after the last move: " + ("never" if final is None else f"{final:.1f} s"))


async def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="rozpysnyi,durak", help="games to play (comma list)")
    parser.add_argument("--schedule", default="short", help="rozpysnyi's schedule")
    parser.add_argument("--workers", type=int, default=1, help="workers sharing one Redis (1 or more)")
    parser.add_argument("--think", default="0,3,10", help="seconds a person takes per move (comma list)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pings", default="auto", help="turn alerts: auto, group, off")
    args = parser.parse_args()
    for game in args.game.split(","):
        for think in (float(x) for x in args.think.split(",")):
            result = await play(game, args.schedule, think, args.seed, args.workers, args.pings)
            report(game, args.schedule, think, args.workers, result)


if __name__ == "__main__":
    asyncio.run(main())
