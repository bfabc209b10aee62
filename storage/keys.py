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

from dataclasses import dataclass

DIGITS36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def base36(n: int) -> str:
    """`n` ≥ 0 in [0-9a-z], the short form of table ids and versions (`int(s, 36)` reads it back)."""
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = DIGITS36[r] + out
        if not n:
            return out


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

    def messages(self, group: str) -> str:
        """The hash of a group of message ids: a table id (its table's and hands' messages, in the table's
        slot), or a target key of its own."""
        return f"{self.prefix}:msg:{{{group}}}"
