"""The least CPU a person move can cost in one process of this stack, part by part, and the moves/s it allows.

    scripts/with-redis .venv/bin/python bench/floor.py [--repeat 2000]

Measured apart, on a 4-person rozpysnyi table played to mid-game through the host (the table the memory
test and `bench/host.py` use), each figure the median CPU time of `--repeat` runs in this process:

- one Redis round trip through redis-py's asyncio client and the project's pool (`storage.connect`),
  reading the table's hash as `Store.begin` does, alone and with 50 tasks at once (the client's CPU per round
  trip; the server's own work is on the same machine's other core);
- the move's own work: parse the table's JSON, load the game state, apply the move, dump the table, draw the
  group's table screen and a hand screen, and a screen's fingerprint. The screens are drawn again and again,
  so the renderer's memo of texts has them all (in a real move through the host about nine in ten): that is
  the floor; the same screens with the memo emptied before each drawing are printed apart.

And the host's own work of whole moves, as a move through `Host.handle` does it less the round trips:
`--moves` moves in a row from that table, each the stored JSON parsed as the old and the new table, the
move made and the new table dumped, then `Views.changes` (the screens that changed, drawn and compared
with what the old version showed: remembered from its own change, as in a worker that committed it). The
memos are warm, as in a worker that has played a while; the first move, with nothing remembered, is not
timed.

Then the sum for the work every person move needs (a table of four: the group's message and two hands change)
with the round trips of today's shape (host 2: claim + read, compare-and-set with its hints; outbox 2: the
changed messages' lookups in one pipeline, their writes in another), of the shape before (host 3, outbox 2 a
changed message) and of an ideal one (2 in the host, 1 for the whole outbox), and the moves per second one
process could do if nothing else cost anything: an upper bound, not a forecast (`bench/host.py` measures the
real thing).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
from bot.core import play, render
from bot.core.house import House, parse
from bot.core.views import Views
from storage import Store, connect
from tests.storage.midgame import play_to_mid_game


def cpu(fn: Callable[[], Any], repeat: int) -> float:
    """Median CPU seconds of one call."""
    fn()
    times = []
    for _ in range(repeat):
        t = time.process_time_ns()
        fn()
        times.append(time.process_time_ns() - t)
    return statistics.median(times) / 1e9


async def round_trip(redis: Any, key: str, tasks: int, total: int) -> float:
    """The client's CPU seconds per round trip with `tasks` tasks reading at once."""

    async def reader(n: int) -> None:
        for _ in range(n):
            await redis.hmget(key, ["data", "version"])

    await reader(50)  # connections open, scripts warm
    t = time.process_time()
    await asyncio.gather(*(reader(total // tasks) for _ in range(tasks)))
    return (time.process_time() - t) / (tasks * (total // tasks))


def whole_moves(found: tuple[str, int], views: Views, moves: int) -> float:
    """CPU seconds of `moves` moves in a row through the host's own code (no Redis), from `found`."""
    data, version = found
    spent = 0.0
    for n in range(moves + 1):
        t = time.process_time()
        old, new = parse(data, version), parse(data, version)
        game = games.get(new.game)
        state = game.load(new.state or {})
        seat = game.to_act(state)[0]
        play.move(new, game, seat, game.legal_actions(state, seat)[0], 0.0, 0.0)
        data, version = House.dump(new), version + 1
        new.version = version
        views.changes(old, new)
        if n:  # the first move finds nothing remembered
            spent += time.process_time() - t
    return spent / moves


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=2000)
    parser.add_argument("--moves", type=int, default=40, help="moves in a row, for the whole moves' figure")
    args = parser.parse_args()
    url = os.environ.get("REDIS_TEST_URL") or os.environ.get("REDIS_URL")
    if not url:
        raise SystemExit("a real Redis is needed (REDIS_TEST_URL): run it under scripts/with-redis")
    redis = await connect(url)
    store = Store(redis, prefix=f"floor{int(time.time())}")
    table_id, _state, host, front = await play_to_mid_game(store)
    await front.outbox.close()
    found = await store.load(table_id)
    assert found is not None
    table = parse(*found)
    game = games.get(table.game)
    state = game.load(table.state or {})
    seat = game.to_act(state)[0]
    action = game.legal_actions(state, seat)[0]
    views = host.views
    screen = views.table_screen(table)

    one = await round_trip(redis, store.keys.table(table_id), 1, args.repeat)
    many = await round_trip(redis, store.keys.table(table_id), 50, args.repeat * 5)
    parts = {
        "parse the table (JSON)": cpu(lambda: parse(*found), args.repeat),
        "load the game state": cpu(lambda: game.load(table.state or {}), args.repeat),
        "apply the move": cpu(lambda: game.apply(state, seat, action), args.repeat),
        "dump the table": cpu(lambda: host.dump(table), args.repeat),
        "draw the group's screen": cpu(lambda: views.table_screen(table), args.repeat),
        "draw a hand's screen": cpu(lambda: views.hand_screen(table, seat), args.repeat),
        "a screen's fingerprint": cpu(lambda: render.fingerprint(screen), args.repeat),
    }

    def cold(draw: Callable[[], Any]) -> Callable[[], Any]:
        """`draw` with the renderer's memo of texts empty (a real move finds most, not all, of its texts)."""

        def run() -> Any:
            render._MESSAGES.clear()
            return draw()

        return run

    empty = {
        "the group's screen, no text remembered": cpu(cold(lambda: views.table_screen(table)), args.repeat),
        "a hand's screen, no text remembered": cpu(cold(lambda: views.hand_screen(table, seat)), args.repeat),
    }
    rounds = max(1, args.repeat // (args.moves * 4))
    whole = statistics.median(whole_moves(found, Views(host.secret), args.moves) for _ in range(rounds))
    await redis.aclose()

    print("rozpysnyi, 4 people, mid-game (deal 14 of 28); CPU of this process, median")
    print(f"  a Redis round trip, one at a time:   {one * 1e6:6.0f} us")
    print(f"  a Redis round trip, 50 tasks at once: {many * 1e6:6.0f} us")
    for name, seconds in parts.items():
        print(f"  {name + ':':36s} {seconds * 1e6:6.0f} us")
    # every person move: one parse, load, apply and dump; the group's screen and two hands (the mover's and
    # the next player's) drawn, and those three fingerprinted
    counts = {"draw a hand's screen": 2, "a screen's fingerprint": 3}
    work = sum(seconds * counts.get(name, 1) for name, seconds in parts.items())
    print(f"  the move's own work (no Redis):       {work * 1e6:6.0f} us")
    for name, seconds in empty.items():  # the memo's help, apart: the floor counts it
        print(f"  ({name}: {seconds * 1e6:.0f} us)")
    print(f"  a whole move's own work, {args.moves} in a row: {whole * 1e6:6.0f} us (median of {rounds})")
    shapes = [("before: host 3 + outbox 6", 9), ("today: host 2 + outbox 2", 4)]
    shapes.append(("ideal: host 2 + outbox 1", 3))
    for name, trips in shapes:
        floor = work + trips * many
        print(f"  {name} round trips: {floor * 1e6:6.0f} us a move, at most {1 / floor:5.0f} moves/s")


if __name__ == "__main__":
    asyncio.run(main())
