"""Finished games as the host keeps them: counted once into stats and ratings, listed, replayed.

`Scoreboard.finished(table)` is called by the host after the commit that ends a game (and again,
harmlessly, whenever it loads a finished table: a count that failed is made then). The screens answer
`/stats`, `/top`, `/history` and `/replay`.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from typing import Any

import games
from bot.core import records, render
from bot.core.api import ChatRef, UserRef
from bot.core.i18n import for_platform, has, t
from bot.core.outcome import Button, Screen
from bot.core.table import LogLine, Seat, Table
from games.base import GameError
from storage import Store
from storage.stats import Row, StatsStore

log = logging.getLogger(__name__)
REPLAY_CONTEXT = 6  # moves shown before the current one
TOP_SIZE = 10


def scope(chat: ChatRef) -> str:
    """Where a chat's stats live: the whole group or channel, whichever topic or thread a table was in."""
    return f"{chat.platform}:{chat.id}"


class Scoreboard:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.stats = StatsStore(store.redis, store.prefix)

    # -- counting -----------------------------------------------------------------------------------
    async def finished(self, table: Table, now: float) -> bool:
        """Count a finished game (once, whoever calls): True when this call counted it."""
        if table.status != "over" or table.state is None or not table.people():
            return False
        gid = records.game_id(table)
        if await self.stats.counted(gid):
            return False
        game = games.get(table.game)
        names = [s.user.name if s.user is not None else "" for s in table.seats]
        res = records.results(table, names)
        written = [m for _v, m in await self.stats.moves(table.id)]  # a game begun before the coded moves
        codes = await self.store.game_codes(table.id)
        replay = await asyncio.to_thread(self._replay, table, written, codes, names)
        summary = {
            "id": gid,
            "game": game.key,
            "at": now,
            "players": [
                {"who": r["who"], "name": r["name"], "score": r["score"], "rank": r["rank"]} for r in res
            ],
            "replay": replay is not None,
        }
        players = [r["who"] for r in res]
        rate = records.rate(game, res, now)
        return await self.stats.record(
            gid, game.key, scope(table.chat), players, rate, summary, replay, table=table.id
        )

    @staticmethod
    def _replay(table: Table, written: list[str], codes: str, names: list[str]) -> Row | None:
        moves, rebuilt = records.game_moves(table, written, codes)
        return records.replay_record(table, moves, names, rebuilt) if rebuilt is not None else None

    # -- screens ------------------------------------------------------------------------------------
    async def stats_screen(self, user: UserRef, chat: ChatRef | None, game: str | None, lang: str) -> Screen:
        kinds = [games.get(game).key] if game else [g.key for g in games.all_games()]
        lines: list[str] = []
        if chat is not None:
            here = []
            for kind in kinds:
                row = await self.stats.rows_in_chat(scope(chat), kind, user.key)
                if row is not None:
                    here.append(stats_line(kind, row, lang))
            lines += [t(lang, "stats.here"), *(here or [t(lang, "stats.none")]), ""]
        everywhere = await self.stats.rows_of(user.key)
        rows = [stats_line(k, everywhere[k], lang) for k in kinds if k in everywhere]
        lines += [t(lang, "stats.everywhere"), *(rows or [t(lang, "stats.none")])]
        return Screen(title=t(lang, "stats.title", name=user.name or user.id), lines=lines)

    async def top_screen(self, chat: ChatRef, game: str | None, lang: str) -> Screen:
        kinds = [games.get(game).key] if game else [g.key for g in games.all_games()]
        found = await self.stats.kinds_in_chat(scope(chat), kinds)
        if not found:
            return Screen(title=t(lang, "stats.top_title", game="—"), lines=[t(lang, "stats.top_none")])
        lines: list[str] = []
        title = ""
        for kind in found:
            name = render.game_name(games.get(kind), lang)
            if not title:
                title = t(lang, "stats.top_title", game=name if len(found) == 1 else "")
            if len(found) > 1:
                lines.append(f"{name}:")
            for place, (who, row) in enumerate(await self.stats.top(scope(chat), kind, TOP_SIZE), 1):
                lines.append(top_line(place, who, row, lang))
            lines.append("")
        lines.append(t(lang, "stats.top_note"))
        return Screen(title=title.rstrip(" ·"), lines=lines)

    async def history_screen(self, chat: ChatRef, lang: str, sign: Any) -> Screen:
        items = await self.stats.history(scope(chat))
        if not items:
            return Screen(title=t(lang, "stats.history_title"), lines=[t(lang, "stats.history_none")])
        lines, buttons = [], []
        for item in items:
            lines.append(history_line(item, lang))
            if item.get("replay"):
                label = t(lang, "stats.button.replay", id=item["id"])
                buttons.append(Button(label=label, token=sign(item["id"], "@rp:0")))
                if games.get(item["game"]).records_file:  # bridge: its boards as PBN
                    label = t(lang, "stats.button.record", id=item["id"])
                    buttons.append(Button(label=label, token=sign(item["id"], "@rec")))
        lines += ["", t(lang, for_platform("stats.replay_how", chat.platform))]
        return Screen(title=t(lang, "stats.history_title"), lines=lines, buttons=render.rows(buttons[:10], 2))

    async def record_screen(self, gid: str, lang: str) -> Screen:
        """A finished game's record as a file (bridge: PBN), rebuilt from its replay record."""
        record = await self.stats.replay(gid)
        game = games.get(record["game"]) if record is not None else None
        if record is None or game is None or not game.records_file:
            raise GameError("no_game_record", id=gid)
        final = (await asyncio.to_thread(records.replay_states, record))[-1][0]
        name, data = game.record_file(final, record.get("names") or [], f"Kozyr {gid}")
        screen = Screen(lines=[t(lang, "stats.record_caption", id=gid, name=name)])
        screen.document, screen.document_name = data, name
        return screen

    async def replay_screen(self, gid: str, step: int | None, lang: str, platform: str, sign: Any) -> Screen:
        record = await self.stats.replay(gid)
        if record is None:
            raise GameError("no_game_record", id=gid)
        return await asyncio.to_thread(replay_screen, gid, record, step, lang, platform, sign)


# -- lines ------------------------------------------------------------------------------------------


def num(x: float, digits: int = 1) -> str:
    return f"{x:.{digits}f}".rstrip("0").rstrip(".") if digits else str(round(x))


def who_name(who: str, name: str, lang: str) -> str:
    if who.startswith("ai:"):
        return t(lang, "stats.ai", level=render.level_name(who.removeprefix("ai:"), lang))
    return name or who.split(":", 1)[-1]


def stats_line(kind: str, row: Row, lang: str) -> str:
    game = render.game_name(games.get(kind), lang)
    n = int(row["games"])
    text = t(
        lang,
        "stats.row",
        game=game,
        games=t(lang, "stats.games", n=n),
        wins=t(lang, "stats.wins", n=int(row["wins"])),
        avg=num(row["score"] / n if n else 0.0),
        mu=num(row["mu"]),
        sigma=num(row["sigma"]),
    )
    if kind == "durak":
        text += " · " + t(lang, "stats.durak", n=int(row["durak"]))
    return text


def top_line(place: int, who: str, row: Row, lang: str) -> str:
    text = t(
        lang,
        "stats.top_row",
        place=place,
        name=who_name(who, row.get("name", ""), lang),
        mu=num(row["mu"]),
        sigma=num(row["sigma"]),
        games=t(lang, "stats.games", n=int(row["games"])),
        wins=t(lang, "stats.wins", n=int(row["wins"])),
    )
    if row.get("durak"):
        text += " · " + t(lang, "stats.durak", n=int(row["durak"]))
    return text


def history_line(item: Row, lang: str) -> str:
    when = dt.datetime.fromtimestamp(float(item["at"]), dt.UTC).strftime("%d.%m %H:%M")
    players = ", ".join(
        f"{who_name(p['who'], p['name'], lang)} {num(float(p['score']))}" + (" 🏆" if p["rank"] == 1 else "")
        for p in sorted(item["players"], key=lambda p: p["rank"])
    )
    game = render.game_name(games.get(item["game"]), lang)
    return t(lang, "stats.history_row", when=when, game=game, id=item["id"], players=players)


# -- replays ----------------------------------------------------------------------------------------


def replay_table(gid: str, record: Row, platform: str) -> Table:
    """A stand-in table with the record's seats, so the renderer names them as at the game."""
    seats = []
    for i, who in enumerate(record["who"]):
        if who.startswith("ai:"):
            seats.append(Seat(bot=who.removeprefix("ai:")))
        else:
            plat, _, uid = who.partition(":")
            user = UserRef(platform=plat if plat in ("telegram", "discord", "console") else platform, id=uid,
                           name=record["names"][i])  # fmt: skip
            seats.append(Seat(user=user))
    chat = ChatRef(platform=platform if platform in ("telegram", "discord", "console") else "console", id="")
    creator = seats[0].user or UserRef(platform=chat.platform, id="")
    return Table(id=gid, game=record["game"], chat=chat, creator=creator, seats=seats, status="playing")


def replay_screen(gid: str, record: Row, step: int | None, lang: str, platform: str, sign: Any) -> Screen:
    """Move `step` of a finished game (0: the deal; None: the last): the public table after it, the
    moves that led there, and buttons to step back and forth."""
    game = games.get(record["game"])
    total = len(record["moves"])
    k = total if step is None else max(0, min(step, total))
    states = records.replay_states(record, k)
    table = replay_table(gid, record, platform)
    state, _ = states[k]
    view = game.view(state, None)
    lines = render.status(game, view, table, lang)
    lines += ["", *render.seat_lines(table, view, lang, game), ""]
    if k == 0:
        lines.append(t(lang, "stats.replay_deal"))
    for i in range(max(1, k - REPLAY_CONTEXT), k + 1):
        seat, action = record["moves"][i - 1]
        name = render.seat_label(table, int(seat), lang)
        label = render.action_label(game, action, lang)
        lines.append(t(lang, "stats.replay_move", k=i, name=name, action=label))
        if i == k:
            for e in states[i][1]:
                key = f"{game.key}.event.{e.kind}"
                if has(key):
                    entry = LogLine(key=key, params=e.data, seat=e.seat)
                    lines.append("   · " + render.line(table, entry, lang))
    steps = [("⏮", 0), ("⏪", k - 10), ("◀", k - 1), ("▶", k + 1), ("⏩", k + 10), ("⏭", total)]
    buttons, seen = [], {k}
    for label, to in steps:  # one button per move it leads to (Discord refuses two with one id)
        to = max(0, min(to, total))
        if to not in seen:
            seen.add(to)
            buttons.append(Button(label=label, token=sign(gid, f"@rp:{to}")))
    title = t(lang, "stats.replay_title", game=render.game_name(game, lang), id=gid, k=k, total=total)
    return Screen(title=title, lines=lines, buttons=render.rows(buttons, 3))
