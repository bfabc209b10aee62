"""A table as stored: the chat it lives in, its seats, host options, and the game state inside.

The whole table is one JSON document (one Redis key) so that a move commits atomically with
compare-and-set. Seats are people (`user`) or the built-in AI (`bot` level); a person who keeps
missing turns is played by the AI (`auto`) until they act again.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, PrivateAttr

import games
from bot.core.api import ChatRef, UserRef

Status = Literal["lobby", "playing", "over", "cancelled"]
LOG_SIZE = 200  # the public history of the current deal (📜 Log); the table message shows the last few
LOG_EARLIER = 4  # the newest lines kept whatever their deal (the table message shows them)

# Turn timeouts offered by the settings menu, in seconds (30 s up to several days).
TIMEOUTS = (30, 120, 600, 3600, 4 * 3600, 12 * 3600, 86400, 3 * 86400)


class Seat(BaseModel):
    user: UserRef | None = None
    bot: str | None = None
    lang: str = "en"
    misses: int = 0
    auto: bool = False
    unreachable: bool = False
    # turn alerts: "auto" (DM; a group ping when DMs fail), "group" (ping instead of DM), "off" (no ping)
    pings: str = "auto"
    # items toggled in the hand (`Game.offer`), until the next move at the table
    picked: list[str] = Field(default_factory=list)
    # the table version this seat last moved from (a button drawn at or before it is stale)
    moved_at: int = 0

    @property
    def is_ai(self) -> bool:
        return self.user is None

    @property
    def pinged(self) -> bool:
        """Their turn alert goes to the group as a ping (they chose it, or no DM reaches them)."""
        return self.pings == "group" or (self.unreachable and self.pings != "off")

    @property
    def free(self) -> bool:
        """A lobby seat nobody has taken yet (games whose seats are chosen); the AI's once the game starts."""
        return self.user is None and self.bot is None

    @property
    def ai_plays(self) -> bool:
        """The AI moves for this seat now (an AI seat, or a person who missed too many turns)."""
        return self.user is None or self.auto


class LogLine(BaseModel):
    """One event as a message key; `seat` is turned into the seat's name when rendered."""

    key: str
    params: dict[str, Any] = Field(default_factory=dict)
    seat: int | None = None
    deal: int = 0  # the game's deal (`GameState.deal_no`) the line belongs to


class HostOptions(BaseModel):
    """Options of the table itself (not of the game)."""

    turn_timeout: int = Field(12 * 3600, ge=30, le=7 * 86400, description="seconds per move")
    max_misses: int = Field(2, ge=1, le=100, description="missed turns before the AI keeps the seat")
    private: bool = Field(False, description="only people the creator or an admin invited may join")
    reminders: bool = Field(True, description="a private reminder an hour before a long turn runs out")


PING_MODES = ("auto", "group", "off")  # a person's choice of turn alerts (`Seat.pings`)
REMIND_BEFORE = 3600  # seconds before a turn runs out that its player is reminded (turns of 2 h or more)


class Table(BaseModel):
    id: str
    game: str
    chat: ChatRef
    creator: UserRef
    lang: str = "en"
    status: Status = "lobby"
    options: dict[str, Any] = Field(default_factory=dict)
    deals: list[list[str]] = Field(default_factory=list)  # the deals to play, read from a file at /new
    host: HostOptions = Field(default_factory=HostOptions)
    seats: list[Seat] = Field(default_factory=list)
    state: dict[str, Any] | None = None
    created: float = 0.0
    turn_since: float = 0.0
    reminded: float = -1.0  # the `turn_since` of the turn whose reminder went out
    ai_due: float | None = None
    show_settings: bool = False
    panel: str | None = None  # the settings panel's picker open for this option (a schedule, a card)
    show_log: bool = False  # the table message shows the current deal's whole public history
    deal: int = 0  # the game state's `deal_no` (the lines logged now belong to it)
    rematch: str | None = None  # the table a 🔁 Rematch opened after this one
    rematch_of: str | None = None  # the finished table this one is a rematch of
    invited: list[str] = Field(default_factory=list)  # user keys allowed to join a private table
    log: list[LogLine] = Field(default_factory=list)
    logged: int = 0  # log lines noted since the table opened (the console prints each new one once)
    # set by the store on load; not part of the stored document
    version: int = Field(0, exclude=True)
    # what this change appends to the table's move history (`#<deal>`, `<seat>:<action>`; not stored here)
    moves: list[str] = Field(default_factory=list, exclude=True)
    # the same moves coded for the game's replay (`bot.core.movecode`; appended to the table's `game`)
    codes: str = Field("", exclude=True)
    # not fields (never compared, dumped or copied): `_game`, (its state document, that document's game
    # state), `game_state`'s memo; `_edited`, set by `edited` (changed in memory since `House` had it)
    __slots__ = ("_edited", "_game")

    _logged_before: int = PrivateAttr(0)  # `logged` as loaded: the lines noted since are this change's
    # a digest of the JSON this version is stored as, when `House` read or committed it (`stored_digest`):
    # what this process drew of a version is remembered under it, never under a lost write's version
    _stored: bytes | None = PrivateAttr(None)

    def model_post_init(self, context: Any, /) -> None:
        self._logged_before = self.logged

    def seat_of(self, user: UserRef) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.user is not None and seat.user.key == user.key:
                return i
        return None

    def people(self) -> list[UserRef]:
        return [s.user for s in self.seats if s.user is not None]

    def deal_log(self) -> list[LogLine]:
        """The public lines of the current deal (a running game), else of the whole stored log."""
        if self.status != "playing":
            return list(self.log)
        return [e for e in self.log if e.deal == self.deal]

    def note(self, key: str, seat: int | None = None, **params: Any) -> None:
        person = self.seats[seat].user if seat is not None and seat < len(self.seats) else None
        if person is not None and person.name:  # the line keeps its author if seats move or change hands
            params.setdefault("name", person.name)
        line = LogLine(key=key, params=params, seat=seat, deal=self.deal)
        self.log.append(line)
        self.logged += 1
        # only the current deal's lines are read (📜 Log), and the last few (the table message): an
        # earlier deal's lines beyond those would only take memory (this change's lines all stay)
        start = len(self.log)
        while start > 0 and self.log[start - 1].deal == self.deal:
            start -= 1
        keep = max(LOG_EARLIER, self.logged - self._logged_before)
        del self.log[: max(0, min(start, len(self.log) - keep), len(self.log) - LOG_SIZE)]

    @property
    def open(self) -> bool:
        return self.status in ("lobby", "playing")

    def remind_at(self) -> float | None:
        """When this turn's players are reminded privately; None: no reminder (off, short, or sent)."""
        if self.status != "playing" or not self.host.reminders or self.reminded == self.turn_since:
            return None
        if self.host.turn_timeout < 2 * REMIND_BEFORE:
            return None
        return self.turn_since + self.host.turn_timeout - REMIND_BEFORE

    @property
    def reminding(self) -> bool:
        """This turn's reminder has gone out."""
        return self.status == "playing" and self.reminded == self.turn_since

    def deadline(self) -> float | None:
        """When the host must next look at this table: an AI move, a reminder, or a turn running out."""
        if self.status != "playing":
            return None
        times = [self.turn_since + self.host.turn_timeout, self.ai_due, self.remind_at()]
        return min(x for x in times if x is not None)


def game_state(table: Table) -> Any:
    """The game state of a table, parsed once per state document (renders read it many times): kept with
    the table (a table-wide memo lost states while other tables' moves waited on Redis)."""
    document = table.state
    if document is None:
        return None
    known = getattr(table, "_game", None)
    if known is not None and known[0] is document:
        return known[1]
    state = games.get(table.game).load(document)
    object.__setattr__(table, "_game", (document, state))
    return state


def edited(table: Table) -> None:
    """`table` is changed in memory outside a change (a view dropping a stale pick): if `House` committed
    it, it no longer stands for its stored version (`House.as_stored` parses that version instead)."""
    object.__setattr__(table, "_edited", True)


def set_state(table: Table, state: Any) -> None:
    """The table's game state is now `state` (stored as JSON; the object itself is kept with the table, so
    the views of this change draw from it without parsing it again). Nobody changes a state once set."""
    table.state = state.model_dump(mode="json")
    object.__setattr__(table, "_game", (table.state, state))


def share_state(table: Table, source: Table) -> None:
    """`table` takes `source`'s state document, and its parsed state if it has one (never changed in place:
    `set_state` replaces a state)."""
    table.state = source.state
    known = getattr(source, "_game", None)
    if known is not None and known[0] is source.state:
        object.__setattr__(table, "_game", known)
