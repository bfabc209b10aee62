"""Issue 12: `kill -9` of a real `python -m bot` mid-game loses no view. Moves are committed while the
group's table edits are held back by 429s; the process is killed without warning; a new process on the
same Redis shows the committed state in the group and in every hand (the waits are hang guards, not
timings: on a machine with load 8 the views were right 23 s after the new process said it serves)."""

from __future__ import annotations

import asyncio
import re

import games
from bot.core.config import Settings
from bot.core.host import Host
from bot.telegram.refs import screen_html
from storage import Store
from tests.ops.test_service import SECRET, Bot, api, db, redis_url, start  # noqa: F401 (fixtures)
from tests.telegram.fakeapi import TOKEN, FakeBotAPI, Msg
from tests.telegram.harness import ANN, BOB, GROUP, Harness, Person, button

ENV = {"TELEGRAM_TOKEN": TOKEN, "AI_DELAY": "0", "TOKEN_SECRET": SECRET}


def table_msg(fake: FakeBotAPI) -> Msg | None:
    tables = [m for m in fake.messages(GROUP) if "table" in m.text]
    return tables[-1] if tables else None


def hand(fake: FakeBotAPI, who: Person) -> Msg | None:
    hands = [m for m in fake.messages(who.id) if "🂠" in m.text]
    return hands[-1] if hands else None


async def until(fake: FakeBotAPI, predicate, timeout: float = 120) -> None:
    await asyncio.wait_for(fake.wait_for(predicate), timeout)


async def serve(tmp_path, base: str) -> Bot:
    bot = await start(tmp_path, TELEGRAM_API_URL=base, REDIS_URL=redis_url(), **ENV)
    await bot.wait_for_log("serving telegram")
    return bot


async def test_kill_9_mid_game_then_every_message_equals_the_committed_state(api, db, tmp_path) -> None:  # noqa: F811
    bots: list[Bot] = []
    try:
        await _kill_9_mid_game(api, tmp_path, bots, db)
    finally:  # a failed run must not leave a bot process behind
        for bot in bots:
            if bot.proc.returncode is None:
                bot.proc.kill()
                await bot.proc.wait()


async def _kill_9_mid_game(api, tmp_path, bots: list[Bot], db) -> None:  # noqa: F811
    fake, base = api
    bot = await serve(tmp_path, base)
    bots.append(bot)
    b = Harness()  # only to build updates
    for p in (ANN, BOB):
        await fake.feed(b.message(p, "/start", chat_id=p.id))
    await fake.feed(b.message(ANN, "/new durak"))
    await until(fake, lambda: (m := table_msg(fake)) is not None and "Join" in str(m.buttons()))
    await fake.feed(b.callback(BOB, table_msg(fake), button(table_msg(fake), "Join")))
    await until(fake, lambda: "Bob" in table_msg(fake).text)
    await fake.feed(b.callback(ANN, table_msg(fake), button(table_msg(fake), "Start")))
    await until(fake, lambda: all(hand(fake, p) is not None for p in (ANN, BOB)))
    table_id = re.search(r"table (\w+)", table_msg(fake).text).group(1)

    store = Store(db)
    host = Host(store, Settings(token_secret=SECRET, ai_delay=0))
    # from here every group edit meets a 429 (retry after 2 s): the group falls behind the game
    fake.rate_limit("editMessageText", 2, times=100_000, when=lambda p: int(p["chat_id"]) == GROUP)
    start_version = (await host.load(table_id)).version
    for _ in range(8):
        table = await host.load(table_id)
        if table.status != "playing":
            break
        game = games.get(table.game)
        seat = game.to_act(game.load(table.state))[0]
        p = ANN if table.seats[seat].user.id == str(ANN.id) else BOB
        tokens = [x.token for row in host.views.hand_screen(table, seat).buttons for x in row if x.token]
        update = b.callback(p, hand(fake, p), tokens[0])  # what their hand offers now
        await fake.feed(update)
        query = update["callback_query"]["id"]
        await until(fake, lambda query=query: query in fake.answer_params)  # answered after the commit
    table = await host.load(table_id)
    assert table.version > start_version + 2  # moves were committed
    assert table_msg(fake).text != screen_html(host.views.table_screen(table))  # and the group is behind

    bot.proc.kill()  # SIGKILL: no drain, no goodbye
    assert await bot.exit_code() != 0
    fake.failures.clear()
    again = await serve(tmp_path, base)
    bots.append(again)

    table = await host.load(table_id)
    want = screen_html(host.views.table_screen(table))
    await until(fake, lambda: table_msg(fake).text == want)
    for p in (ANN, BOB):
        seat = table.seat_of(next(s.user for s in table.seats if s.user and s.user.id == str(p.id)))
        mine = screen_html(host.views.hand_screen(table, seat))
        await until(fake, lambda p=p, mine=mine: hand(fake, p).text == mine)
    again.proc.kill()
    await again.exit_code()
