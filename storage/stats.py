"""Finished games in Redis: per-chat and per-person stats and ratings, each chat's history, replays.

Every key carries the Cluster hash tag `{stats}`, so recording a game is one compare-and-set script over
all of them (`RECORD`: written only if the game is not counted and the rows are still as read):

    {p}:{stats}:done:<game>            the game was counted (TTL 30 days): a retried final move, a second
                                       worker or a replayed call never counts it twice
    {p}:{stats}:chat:<chat>:<kind>     hash: who → row (name, games, wins, durak, score sum, mu, sigma)
    {p}:{stats}:top:<chat>:<kind>      zset: who → conservative rating (mu − 3σ), at most TOP_MAX people;
                                       whoever falls off the bottom leaves the chat's hash too
    {p}:{stats}:user:<who>             hash: game kind → row across chats (ratings over every chat)
    {p}:{stats}:hist:<chat>            list: the chat's last HISTORY_MAX finished games (newest first)
    {p}:{stats}:game:<game>            the compact record of one game (seed, options, moves) for replays,
                                       kept REPLAY_TTL (7 days)
    {p}:{stats}:moves:<table>          zset: the moves (`<version>.<i>|<seat>:<action>`, score = commit
                                       version) of a game begun before the table kept its own coded moves
                                       (`game` in the table's hash, `bot.core.movecode`): no longer
                                       written, read and dropped when that game is counted

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

from storage.tables import guarded

DONE_TTL = 30 * 86400
KEEP_TTL = 365 * 86400
REPLAY_TTL = 7 * 86400
HISTORY_MAX = 20
TOP_MAX = 200

# Counting a game: a compare-and-set in one script (one Cluster slot: every key is tagged {stats}). The
# caller read the rows and rated the game; the script writes only if the game is not counted yet and
# every row is still what was read (else -1: read and rate again).
# KEYS: done, chat rows, top, history, replay record, running moves, then each player's row across chats.
# ARGV: n, kind, done ttl, keep ttl, history max, replay ttl, summary, replay ('' none), drop moves (0/1),
#       #evicted, then per player: who, old row here, old row across chats, new here, new across, rating;
#       then the evicted.
RECORD = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local n, kind = tonumber(ARGV[1]), ARGV[2]
for i = 1, n do
  local at = 10 + (i - 1) * 6
  local here = redis.call('HGET', KEYS[2], ARGV[at + 1]) or ''
  local all = redis.call('HGET', KEYS[6 + i], kind) or ''
  if here ~= ARGV[at + 2] or all ~= ARGV[at + 3] then return -1 end
end
redis.call('SET', KEYS[1], '1', 'EX', ARGV[3])
for i = 1, n do
  local at = 10 + (i - 1) * 6
  local who = ARGV[at + 1]
  redis.call('HSET', KEYS[2], who, ARGV[at + 4])
  redis.call('ZADD', KEYS[3], ARGV[at + 6], who)
  redis.call('HSET', KEYS[6 + i], kind, ARGV[at + 5])
  redis.call('EXPIRE', KEYS[6 + i], ARGV[4])
end
for j = 1, tonumber(ARGV[10]) do
  local gone = ARGV[10 + n * 6 + j]
  redis.call('ZREM', KEYS[3], gone)
  redis.call('HDEL', KEYS[2], gone)
end
redis.call('EXPIRE', KEYS[2], ARGV[4])
redis.call('EXPIRE', KEYS[3], ARGV[4])
redis.call('LPUSH', KEYS[4], ARGV[7])
redis.call('LTRIM', KEYS[4], 0, tonumber(ARGV[5]) - 1)
redis.call('EXPIRE', KEYS[4], ARGV[4])
if ARGV[8] ~= '' then redis.call('SET', KEYS[5], ARGV[8], 'EX', ARGV[6]) end
if ARGV[9] == '1' then redis.call('DEL', KEYS[6]) end
return 1
"""

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
        self._record = redis.register_script(RECORD)

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
        moves = self._k("moves", table if table is not None else "-")
        keys = [done, chat_rows, top, self._k("hist", chat), self._k("game", game_id), moves, *user_keys]
        while True:
            if await self.redis.exists(done):
                return False
            old_here = await self.redis.hmget(chat_rows, who)
            old_all = [await self.redis.hget(k, kind) for k in user_keys]
            by_who = {w: i for i, w in enumerate(who)}
            rows_here, rows_all = _rows(old_here), _rows(old_all)
            rated = rate([rows_here[by_who[p]] for p in players], [rows_all[by_who[p]] for p in players])
            # several seats may share one `who` (AI seats of one level): the last seat's row is written
            last = {p: (h, a) for p, h, a in zip(players, *rated, strict=True)}
            new_here, new_all = [last[w][0] for w in who], [last[w][1] for w in who]
            evict = await self._evictions(top, who)
            args: list[Any] = [len(who), kind, DONE_TTL, KEEP_TTL, HISTORY_MAX, REPLAY_TTL]
            kept = json.dumps(replay) if replay is not None else ""
            args += [json.dumps(summary, ensure_ascii=False), kept]
            args += [int(table is not None), len(evict)]
            for w, a, b, c, d in zip(who, old_here, old_all, new_here, new_all, strict=True):
                args += [w, a or "", b or "", _dump(c), _dump(d), ordinal(c)]
            args += evict
            result = await self._record(keys=keys, args=args)
            if result >= 0:
                return bool(result)
            # another count changed these rows between our read and our write: read them again

    @guarded
    async def moves(self, table_id: str) -> list[tuple[int, str]]:
        """The moves kept here of a game begun before the table kept its own, in commit order:
        (commit version, `<seat>:<action>`)."""
        out = []
        for member in await self.redis.zrange(self._k("moves", table_id), 0, -1):
            stamp, _, move = member.partition("|")
            out.append((int(stamp.split(".")[0]), move))
        return out

    async def _evictions(self, top: str, keep: Sequence[str]) -> list[str]:
        """The lowest-rated people to drop so the leaderboard stays within TOP_MAX (never this game's)."""
        size = int(await self.redis.zcard(top))
        excess = size + len(keep) - TOP_MAX
        if excess <= 0:
            return []
        lowest = await self.redis.zrange(top, 0, excess + len(keep) - 1)
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


def _dump(row: Row) -> str:
    return json.dumps(row, ensure_ascii=False)


def _row(raw: str | None) -> Row | None:
    return json.loads(raw) if raw else None


def _rows(raws: Sequence[str | None]) -> list[Row | None]:
    return [_row(r) for r in raws]
