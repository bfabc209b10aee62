"""Stats, ratings, history and replays through the host: a finished game is counted exactly once."""

from __future__ import annotations

import asyncio

import pytest

from bot.core import records
from bot.core.api import AddBot, ChatRef, NewTable, Press, ShowHistory, ShowReplay, ShowStats, ShowTop, Start
from bot.core.host import Host
from bot.core.outcome import ChatTarget
from bot.core.scoreboard import scope
from bot.core.table import Table
from storage import Unavailable
from storage.stats import StatsStore
from tests.core.hosting import CHAT, make_host, user

A = user(1)
HERE = scope(CHAT)  # where the chat's stats live
LAST: dict[str, str] = {}  # table → the last button its person pressed


async def finish_a_game(
    host: Host, rec, game: str = "rozpysnyi", options: dict | None = None, chat: ChatRef = CHAT
) -> str:
    """A plays against AIs by pressing their first button until the game is over; returns the table id."""
    if options is None and game == "rozpysnyi":
        options = {"schedule": "1,D,N"}  # three short rounds
    out = await host.handle(NewTable(user=A, chat=chat, game=game, options=options or {}))
    for _ in range(3 if game != "durak" else 1):
        await host.handle(AddBot(user=A, chat=chat))
    await host.handle(Start(user=A, chat=chat))
    assert out.table
    for _ in range(1000):
        await host.settle()
        tokens = rec.tokens(A)
        if not tokens:
            break
        LAST[out.table] = tokens[0]
        await host.handle(Press(user=A, token=tokens[0], chat=chat))
    return out.table


async def load(host: Host, table_id: str) -> Table:
    found = await host.store.load(table_id)
    assert found is not None
    table = Table.model_validate_json(found[0])
    table.version = found[1]
    return table


async def test_a_finished_game_is_counted_once_whoever_counts_it(store) -> None:
    host, rec = make_host(store)
    table_id = await finish_a_game(host, rec)
    table = await load(host, table_id)
    assert table.status == "over"
    stats = StatsStore(store.redis, store.prefix)
    row = await stats.rows_in_chat(HERE, "rozpysnyi", A.key)
    assert row is not None and row["games"] == 1
    mu, sigma = row["mu"], row["sigma"]
    assert sigma < 25 / 3  # one game made the rating more certain
    # the final move arriving again, a second worker, a retried call: none counts it again
    again = await asyncio.gather(*(host.scoreboard.finished(table, 0.0) for _ in range(3)))
    assert again == [False, False, False]
    last = rec.tokens(A)
    assert not last
    row = await stats.rows_in_chat(HERE, "rozpysnyi", A.key)
    assert row["games"] == 1 and (row["mu"], row["sigma"]) == (mu, sigma)
    assert (await stats.rows_of(A.key))["rozpysnyi"]["games"] == 1
    assert len(await stats.history(HERE)) == 1


async def test_two_workers_racing_to_count_one_game_count_it_once(redis_factory, prefix) -> None:
    from storage import Store

    stores = [Store(redis_factory(), prefix=prefix) for _ in range(2)]
    host, rec = make_host(stores[0])
    table_id = await finish_a_game(host, rec)
    table = await load(host, table_id)
    gid = records.game_id(table)
    stats = StatsStore(stores[0].redis, prefix)
    # forget that it was counted, then let two workers count it at the same moment
    await stores[0].redis.delete(
        stats.done_key(gid), stats._k("chat", HERE, "rozpysnyi"), stats._k("user", A.key)
    )
    hosts = [make_host(s)[0] for s in stores]
    counted = await asyncio.gather(*(h.scoreboard.finished(table, 1.0) for h in hosts))
    assert sorted(counted) == [False, True]
    assert (await stats.rows_in_chat(HERE, "rozpysnyi", A.key))["games"] == 1


async def test_a_final_move_retried_after_a_failed_count_is_counted_once(store, monkeypatch) -> None:
    host, rec = make_host(store)
    real = StatsStore.record
    fails = {"left": 1}

    async def flaky(self, *args, **kwargs):
        if fails["left"]:
            fails["left"] -= 1
            raise Unavailable("connection lost")
        return await real(self, *args, **kwargs)

    monkeypatch.setattr(StatsStore, "record", flaky)
    table_id = await finish_a_game(host, rec)
    stats = StatsStore(store.redis, store.prefix)
    assert fails["left"] == 0
    assert await stats.rows_in_chat(HERE, "rozpysnyi", A.key) is None  # the count failed after the commit
    finals = [d for d in rec.deliveries if isinstance(d.target, ChatTarget)]
    assert len(finals) == 1  # the game still ended for everybody
    # the person's last press arrives again (the platform retries the update): refused, but counted now
    for _ in range(2):
        out = await host.handle(Press(user=A, token=LAST[table_id], chat=CHAT))
        assert out.reply is not None and not out.deliveries
    row = await stats.rows_in_chat(HERE, "rozpysnyi", A.key)
    assert row is not None and row["games"] == 1


async def test_stats_top_and_history_screens(store) -> None:
    host, rec = make_host(store)
    await finish_a_game(host, rec)
    await finish_a_game(host, rec, chat=CHAT.model_copy(update={"thread": "7"}))  # a topic counts to its chat
    mine = (await host.handle(ShowStats(user=A, chat=CHAT))).reply
    assert mine is not None and mine.screen is not None
    text = mine.screen.text()
    assert "2 games" in text and "rating" in text and "±" in text
    top = (await host.handle(ShowTop(user=A, chat=CHAT))).reply
    assert top is not None and top.screen is not None
    assert "1. User1" in top.screen.text() and "AI" not in top.screen.text()
    hist = (await host.handle(ShowHistory(user=A, chat=CHAT))).reply
    assert hist is not None and hist.screen is not None
    assert len([ln for ln in hist.screen.lines if "Tricks" in ln or "rozpysnyi" in ln.lower()]) >= 2
    assert hist.screen.buttons  # a replay button per game


async def test_a_finished_game_replays_move_by_move(store) -> None:
    host, rec = make_host(store)
    table_id = await finish_a_game(host, rec)
    table = await load(host, table_id)
    gid = records.game_id(table)
    record = await StatsStore(store.redis, store.prefix).replay(gid)
    assert record is not None and record["seed"] == table.state["seed"]
    states = records.replay_states(record)
    assert states[-1][0].model_dump(mode="json") == table.state  # the record rebuilds the very game
    first = (await host.handle(ShowReplay(user=A, game_id=gid, step=0))).reply
    assert first is not None and first.screen is not None and "move 0 of" in first.screen.title
    # step forward by its button, as a person would
    forward = next(b.token for row in first.screen.buttons for b in row if b.label == "▶")
    out = await host.handle(Press(user=A, token=forward, chat=CHAT))
    assert out.reply is not None and out.reply.in_place and "move 1 of" in out.reply.screen.title
    seat, _action = record["moves"][0]
    assert f"1. {['User1', '🤖 AI 2', '🤖 AI 3', '🤖 AI 4'][seat]}" in out.reply.screen.text()
    last = (await host.handle(ShowReplay(user=A, game_id=gid))).reply
    assert f"move {len(record['moves'])} of {len(record['moves'])}" in last.screen.title


@pytest.mark.parametrize("game", ["durak"])
async def test_durak_counts_who_was_the_durak(store, game) -> None:
    host, rec = make_host(store)
    table_id = await finish_a_game(host, rec, game=game)
    table = await load(host, table_id)
    res = records.results(table, ["User1", ""])
    stats = StatsStore(store.redis, store.prefix)
    row = await stats.rows_in_chat(HERE, game, A.key)
    assert row["durak"] == res[0]["durak"] == table.state["durak_counts"][0]
    assert row["wins"] == int(res[0]["won"])


async def test_history_offers_a_bridge_games_boards_as_pbn(store) -> None:
    from endplay.parsers import pbn as endplay_pbn

    from bot.core.tokens import decode
    from games.bridge import GAME

    host, rec = make_host(store)
    options = {"boards": 1, "compare": "points"}
    out = await host.handle(NewTable(user=A, chat=CHAT, game="bridge", options=options))
    await host.handle(Start(user=A, chat=CHAT))  # the robots take the other three seats
    for _ in range(200):  # A passes, then plays the first card offered (never a level pick or a claim)
        await host.settle()
        actions = {decode(host.secret, tok).action: tok for tok in rec.tokens(A)}
        if not actions:
            break
        plays = [a for a in actions if a.startswith(("play:", "accept"))]
        choice = "pass" if "pass" in actions else plays[0]
        await host.handle(Press(user=A, token=actions[choice], chat=CHAT))
    table_id = out.table or ""
    hist = (await host.handle(ShowHistory(user=A, chat=CHAT))).reply
    assert hist is not None and hist.screen is not None
    gid = records.game_id(await load(host, table_id))
    labels = [b.label for row in hist.screen.buttons for b in row]
    assert labels == [f"📼 {gid}", f"📄 PBN {gid}"], labels
    button = hist.screen.buttons[0][1]
    out = await host.handle(Press(user=A, token=button.token or "", chat=CHAT))
    screen = out.reply.screen if out.reply is not None else None
    assert screen is not None and screen.document is not None and screen.document_name.endswith(".pbn")
    (board,) = endplay_pbn.loads(screen.document.decode())
    state = GAME.load((await load(host, table_id)).state)
    assert board.deal.to_pbn() == state.boards_dealt[0] and board.info["North"] == "User1"
    assert len(board.auction) == len(state.results[0].auction.split())
    assert "as PBN" in screen.text()
