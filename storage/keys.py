"""Key names. Everything starts with the store's prefix; `{…}` marks a Redis Cluster hash tag.

    {p}:table:{<id>}            hash: data (table JSON), version, commit (token of the last write),
                                users, moves, before, game (see below)
    {p}:chat:<chat>:tables      zset: table id → version of the commit that added it   } hints
    {p}:user:<user>:tables      zset: table id → version of the commit that added it   }
    {p}:{due}                   zset: table id → when the host must look at it
    {p}:{due}:versions          hash: table id → version that set its deadline
    {p}:ids                     counter behind new table ids
    {p}:seen:<key>              claimed update ids (idempotency), with a short TTL (minutes)
    {p}:lock:<name>             leases
    {p}:pref:user:<user>        hash: lang, reachable
    {p}:pref:chat:<chat>        hash: lang
    {p}:msg:{<id>}              hash: target key → platform message id of a table's messages, in the
                                table's slot (see storage.messages); other targets: {p}:msg:{<target key>}
    {p}:pace:{<lane>}           a lane's next free sending slot (storage.pacing), in the lane's own slot;
    {p}:pace:{<id>}<name>       a table's own lane `<name>@<id>` (a person's hands there), in the table's
                                (before both: {p}:pace:<lane>, no hash tag)

On a Redis Cluster a new table's id is chosen in its group's slot (`in_slot`: a base36 counter and 3
more characters, rarely 4): the table, its message ids and its group's pacing lane `{p}:pace:{chat:…}`
share one slot, so a move's commit carries the lane's slot and the messages' lookup in its own pipeline.

A table is one hash, so one script commits it and it costs one key's overhead. Beside the table JSON:
`users`, the user keys of the table (so closing can clear their indexes), and the move history: `moves`
holds the current deal, `before` the previous one, each a string of entries joined by newlines, oldest
first: `#<deal>` starts a deal (the game state's `deal_no` after it was dealt) and `<seat>:<action>` is
a move in the game's canonical action text (`2:bid:1`, `0:play:QH`). A deal longer than
`storage.tables.HISTORY_BYTES` keeps its newest moves (its `#` marker goes first). `game` holds every
move of the running game, about one byte each (`bot.core.movecode`), for the replay of the finished
game. The due zset and its versions hash share the slot `{due}`. Chat and user indexes are single keys.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from redis.crc import key_slot

DIGITS36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def base36(n: int) -> str:
    """`n` ≥ 0 in [0-9a-z], the short form of table ids and versions (`int(s, 36)` reads it back)."""
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = DIGITS36[r] + out
        if not n:
            return out


def slot(tag: str) -> int:
    """The Redis Cluster slot of the keys whose hash tag is `tag` (redis-py's own CRC16 of it)."""
    return key_slot(f"{{{tag}}}".encode())


def in_slot(base: str, tag: str) -> str:
    """`base` (a table id) and a few [0-9a-z] characters, as short as makes a Cluster hash tag of the same
    slot as `tag` (a lane's: `storage.pacing`). Three characters find most slots (46,656 endings for
    16,384 slots); the few they miss take a fourth."""
    want = slot(tag)
    for length in (3, 4):
        for ending in itertools.product(DIGITS36, repeat=length):
            candidate = base + "".join(ending)
            if key_slot(candidate.encode()) == want:  # a bare id: its own hash tag
                return candidate
    raise AssertionError("every slot is reached by four characters")


def lane_tag(lane: str) -> str:
    """The hash tag of a pacing lane's key: a table's own lane (`<name>@<table id>`: a person's hand
    messages of one table, `bot.core.outbox.lane_of`) is paced in the table's slot, any other lane (a
    group: every table of the chat is in its slot, `in_slot`) in its own."""
    name, at, table = lane.rpartition("@")
    return table if at and name and table.isalnum() else lane


@dataclass(frozen=True)
class Keys:
    prefix: str

    def table(self, table_id: str) -> str:
        return f"{self.prefix}:table:{{{table_id}}}"

    def table_keys(self, table_id: str) -> list[str]:
        """The keys of a table (one hash: one commit writes it whole)."""
        return [self.table(table_id)]

    def commit_keys(self, table_id: str) -> list[str]:
        """What a commit touches: the table's hash and (its TTL) its message ids, in one slot."""
        return [self.table(table_id), self.messages(table_id)]

    def table_all_keys(self, table_id: str) -> list[str]:
        """Every key that belongs to one table: its hash, its message ids and (a game begun before the
        table kept its coded moves) the stats store's written-out moves of the running game."""
        return [
            self.table(table_id),
            self.messages(table_id),
            f"{self.prefix}:{{stats}}:moves:{table_id}",
        ]

    def chat(self, chat: str) -> str:
        return f"{self.prefix}:chat:{chat}:tables"

    def user(self, user: str) -> str:
        return f"{self.prefix}:user:{user}:tables"

    @property
    def due(self) -> str:
        return f"{self.prefix}:{{due}}"

    @property
    def due_versions(self) -> str:
        return f"{self.prefix}:{{due}}:versions"

    @property
    def layout(self) -> str:
        """Which key layout the data is in (`storage.messages.move_table_ids`)."""
        return f"{self.prefix}:layout"

    @property
    def ids(self) -> str:
        return f"{self.prefix}:ids"

    def seen(self, key: str) -> str:
        return f"{self.prefix}:seen:{key}"

    def lock(self, name: str) -> str:
        return f"{self.prefix}:lock:{name}"

    def user_prefs(self, user: str) -> str:
        return f"{self.prefix}:pref:user:{user}"

    def chat_prefs(self, chat: str) -> str:
        return f"{self.prefix}:pref:chat:{chat}"

    def watchers(self, chat: str) -> str:
        """People to tell privately when a table opens in this chat (`/notify`)."""
        return f"{self.prefix}:watch:{chat}"

    def pace(self, lane: str) -> str:
        """A lane's pacing slot (`storage.pacing`), in the slot of its hash tag (`lane_tag`)."""
        tag = lane_tag(lane)
        return f"{self.prefix}:pace:{{{tag}}}{lane[: -len(tag) - 1] if tag != lane else ''}"

    def messages(self, group: str) -> str:
        """The hash of a group of message ids: a table id (its table's and hands' messages, in the table's
        slot), or a target key of its own."""
        return f"{self.prefix}:msg:{{{group}}}"
