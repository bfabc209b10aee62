"""Finished games in Redis: per-chat and per-person stats and ratings, each chat's history, replays.

Every key carries the Cluster hash tag `{stats}`, so recording a game is one optimistic transaction
(WATCH / MULTI / EXEC) over all of them:

    {p}:{stats}:done:<game>            the game was counted (TTL 30 days): a retried final move, a second
                                       worker or a replayed call never counts it twice
    {p}:{stats}:chat:<chat>:<kind>     hash: who → row (name, games, wins, durak, score sum, mu, sigma)
    {p}:{stats}:top:<chat>:<kind>      zset: who → conservative rating (mu − 3σ), at most TOP_MAX people;
                                       whoever falls off the bottom leaves the chat's hash too
    {p}:{stats}:user:<who>             hash: game kind → row across chats (ratings over every chat)
    {p}:{stats}:hist:<chat>            list: the chat's last HISTORY_MAX finished games (newest first)
    {p}:{stats}:game:<game>            the compact record of one game (seed, options, moves) for replays,
                                       kept REPLAY_TTL (7 days)
    {p}:{stats}:moves:<table>          zset: the running game's moves (`<version>.<i>|<seat>:<action>`,
                                       score = commit version), written in the commit's second round trip
                                       (`Store.commit(after=…)`), ordered by version whichever worker
                                       wrote it; dropped when the game is counted

`who` is a person's user key (`telegram:42`) or `ai:<level>` for the built-in AI. Chat and person keys
expire a year after their last game, so memory is bounded by the people who played in the last year.
The rating arithmetic is the caller's (`rate`): this module only reads the old rows and writes the new
ones atomically.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import WatchError

from storage.tables import guarded

DONE_TTL = 30 * 86400
KEEP_TTL = 365 * 86400
REPLAY_TTL = 7 * 86400
HISTORY_MAX = 20
TOP_MAX = 200
MOVES_MAX = 20_000  # moves kept of one running game (a full rozpysnyi game is under 1000)
KEEP_MOVES = 30 * 86400  # a running game's moves live as long as an idle table

Row = dict[str, Any]
# (rows in this chat, rows across chats) → (new rows in this chat, new rows across chats), one per player
Rate = Callable[[list[Row | None], list[Row | None]], tuple[list[Row], list[Row]]]


def ordinal(row: Row) -> float:
    """The conservative rating a leaderboard sorts by: mu − 3σ."""
    return float(row["mu"]) - 3 * float(row["sigma"])


class StatsStore:
    def __init__(self, redis: aioredis.Redis, prefix: str = "kozyr") -> None:
        self.redis = redis
        self.prefix = prefix

    def _k(self, *parts: str) -> str:
        return ":".join((self.prefix, "{stats}", *parts))

    def done_key(self, game_id: str) -> str:
        return self._k("done", game_id)

    @guarded
    async def counted(self, game_id: str) -> bool:
        return bool(await self.redis.exists(self.done_key(game_id)))

    @guarded
    async def record(
        self,
        game_id: str,
        kind: str,
        chat: str,
        players: Sequence[str],
        rate: Rate,
        summary: Row,
        replay: Row | None,
        table: str | None = None,
    ) -> bool:
        """Count a finished game once: True when this call counted it, False when it was already counted.

        `players` are the seats' `who` (a person's key or `ai:<level>`, several AI seats may share one);
        `rate` turns the old rows into the new ones; `summary` goes to the chat's history and `replay`
        (if any) is kept for replays; the moves noted for `table` are dropped.
        """
        who = list(dict.fromkeys(players))
        done = self.done_key(game_id)
        chat_rows, top = self._k("chat", chat, kind), self._k("top", chat, kind)
        user_keys = [self._k("user", w) for w in who]
        async with self.redis.pipeline(transaction=True) as pipe:
            while True:
                try:
                    await pipe.watch(done, chat_rows, top, *user_keys)
                    if await pipe.exists(done):
                        return False
                    here = _rows(await pipe.hmget(chat_rows, who))
                    everywhere = [_row(await pipe.hget(k, kind)) for k in user_keys]
                    by_who = dict(zip(who, range(len(who)), strict=True))
                    new_here, new_all = rate(
                        [here[by_who[p]] for p in players], [everywhere[by_who[p]] for p in players]
                    )
                    evict = await self._evictions(pipe, top, who)
                    pipe.multi()
                    pipe.set(done, "1", ex=DONE_TTL)
                    for p, row_here, row_all in zip(players, new_here, new_all, strict=True):
                        pipe.hset(chat_rows, p, json.dumps(row_here, ensure_ascii=False))
                        pipe.zadd(top, {p: ordinal(row_here)})
                        pipe.hset(self._k("user", p), kind, json.dumps(row_all, ensure_ascii=False))
                        pipe.expire(self._k("user", p), KEEP_TTL)
                    if evict:
                        pipe.zrem(top, *evict)
                        pipe.hdel(chat_rows, *evict)
                    for key in (chat_rows, top):
                        pipe.expire(key, KEEP_TTL)
                    history = self._k("hist", chat)
                    pipe.lpush(history, json.dumps(summary, ensure_ascii=False))
                    pipe.ltrim(history, 0, HISTORY_MAX - 1)
                    pipe.expire(history, KEEP_TTL)
                    if replay is not None:
                        pipe.set(self._k("game", game_id), json.dumps(replay), ex=REPLAY_TTL)
                    if table is not None:
                        pipe.delete(self._k("moves", table))
                    await pipe.execute()
                    return True
                except WatchError:
                    continue

    def note_moves(self, table_id: str, version: int, moves: Sequence[str]) -> Callable[[Any], None]:
        """Queues, into a commit's pipeline, the moves it made (`<seat>:<action>`), kept in commit order
        until the game is counted (idempotent: a repeated batch writes the same members)."""
        key = self._k("moves", table_id)
        members = {f"{version}.{i}|{m}": version + i / 1000 for i, m in enumerate(moves)}

        def queue(pipe: Any) -> None:
            pipe.zadd(key, members)
            pipe.zremrangebyrank(key, 0, -MOVES_MAX - 1)
            pipe.expire(key, KEEP_MOVES)

        return queue

    @guarded
    async def moves(self, table_id: str) -> list[tuple[int, str]]:
        """The running game's moves in commit order: (commit version, `<seat>:<action>`)."""
        out = []
        for member in await self.redis.zrange(self._k("moves", table_id), 0, -1):
            stamp, _, move = member.partition("|")
            out.append((int(stamp.split(".")[0]), move))
        return out

    @staticmethod
    async def _evictions(pipe: Any, top: str, keep: Sequence[str]) -> list[str]:
        """The lowest-rated people to drop so the leaderboard stays within TOP_MAX (never this game's)."""
        size = int(await pipe.zcard(top))
        excess = size + len(keep) - TOP_MAX
        if excess <= 0:
            return []
        lowest = await pipe.zrange(top, 0, excess + len(keep) - 1)
        return [w for w in lowest if w not in keep][:excess]

    # -- reading --------------------------------------------------------------------------------
    @guarded
    async def rows_in_chat(self, chat: str, kind: str, who: str) -> Row | None:
        return _row(await self.redis.hget(self._k("chat", chat, kind), who))

    @guarded
    async def rows_of(self, who: str) -> dict[str, Row]:
        """A person's rows across chats, by game kind."""
        raw = await self.redis.hgetall(self._k("user", who))
        return {kind: json.loads(v) for kind, v in raw.items()}

    @guarded
    async def kinds_in_chat(self, chat: str, kinds: Sequence[str]) -> list[str]:
        """The game kinds (of `kinds`) that have a leaderboard in this chat."""
        async with self.redis.pipeline(transaction=False) as pipe:
            for kind in kinds:
                pipe.exists(self._k("top", chat, kind))
            found = await pipe.execute()
        return [k for k, ok in zip(kinds, found, strict=True) if ok]

    @guarded
    async def top(
        self, chat: str, kind: str, count: int = 10, people_only: bool = True
    ) -> list[tuple[str, Row]]:
        """The chat's best `count` by conservative rating, best first."""
        ranked = await self.redis.zrevrange(self._k("top", chat, kind), 0, count * 3 + 10)
        if people_only:
            ranked = [w for w in ranked if not w.startswith("ai:")]
        ranked = ranked[:count]
        if not ranked:
            return []
        rows = _rows(await self.redis.hmget(self._k("chat", chat, kind), ranked))
        return [(w, r) for w, r in zip(ranked, rows, strict=True) if r is not None]

    @guarded
    async def history(self, chat: str, count: int = HISTORY_MAX) -> list[Row]:
        """The chat's last finished games, newest first."""
        return [json.loads(v) for v in await self.redis.lrange(self._k("hist", chat), 0, count - 1)]

    @guarded
    async def replay(self, game_id: str) -> Row | None:
        raw = await self.redis.get(self._k("game", game_id))
        return json.loads(raw) if raw else None


def _row(raw: str | None) -> Row | None:
    return json.loads(raw) if raw else None


def _rows(raws: Sequence[str | None]) -> list[Row | None]:
    return [_row(r) for r in raws]
