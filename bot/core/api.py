"""What adapters send to the host (commands) and what it gives back (screens for logical messages).

The host never names a platform message: it says "the table message of table T in chat C now reads X"
or "user U's hand at table T now reads Y". Adapters map those targets to their own message ids, edit in
place, and send a new message only when `notify` asks for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

Platform = Literal["telegram", "discord", "console"]


class UserRef(BaseModel):
    """A person on a platform; `lang` is the language the platform reports (a hint, not a setting)."""

    model_config = ConfigDict(frozen=True)

    platform: Platform
    id: str
    name: str = ""
    lang: str | None = None

    @property
    def key(self) -> str:
        return f"{self.platform}:{self.id}"


class ChatRef(BaseModel):
    """A group chat, channel, or one thread/topic inside it: a table lives in exactly one."""

    model_config = ConfigDict(frozen=True)

    platform: Platform
    id: str
    thread: str | None = None
    title: str = ""

    @property
    def key(self) -> str:
        return f"{self.platform}:{self.id}:{self.thread or ''}"


# -- commands ------------------------------------------------------------------------------------


class Command(BaseModel):
    """Base of every command: who asks, and an optional platform update id for idempotency."""

    user: UserRef
    update_id: str | None = None
    # set by the adapter when the platform says the user administers the chat (may cancel, kick…)
    is_chat_admin: bool = False


class TableCommand(Command):
    """A command about one table: named by id, or the single open table of `chat`."""

    table: str | None = None
    chat: ChatRef | None = None


class NewTable(Command):
    kind: Literal["new"] = "new"
    chat: ChatRef
    game: str
    preset: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)


class Join(TableCommand):
    kind: Literal["join"] = "join"
    seat: int | None = None  # a game whose seats are chosen (`Game.seat_choice`): take this one


class Leave(TableCommand):
    kind: Literal["leave"] = "leave"


class AddBot(TableCommand):
    kind: Literal["add_bot"] = "add_bot"
    level: str | None = None


class RemoveBot(TableCommand):
    kind: Literal["remove_bot"] = "remove_bot"
    seat: int | None = None


class Start(TableCommand):
    kind: Literal["start"] = "start"


class Cancel(TableCommand):
    kind: Literal["cancel"] = "cancel"


class Kick(TableCommand):
    kind: Literal["kick"] = "kick"
    seat: int


class CycleLevel(TableCommand):
    """The creator or an admin moves an AI seat to the game's next AI level (easy → normal → strong)."""

    kind: Literal["level"] = "level"
    seat: int


class Invite(TableCommand):
    """Let `guest` join a private table (the creator or an admin asks)."""

    kind: Literal["invite"] = "invite"
    guest: UserRef


class SetOption(TableCommand):
    kind: Literal["set_option"] = "set_option"
    name: str
    value: str


class Act(TableCommand):
    """A typed action (console, slash command): the canonical text, checked like a button press."""

    kind: Literal["act"] = "act"
    action: str


class Pick(TableCommand):
    """Pick or unpick an item the hand offers (a card for a meld, a bidding level): private to the hand."""

    kind: Literal["pick"] = "pick"
    item: str


class Press(Command):
    """A button press: the token carries table id, table version and action."""

    kind: Literal["press"] = "press"
    token: str
    chat: ChatRef | None = None


class ShowHand(TableCommand):
    """Resend my hand (all my tables when no table/chat is given)."""

    kind: Literal["show_hand"] = "show_hand"
    ephemeral: bool = False


class ShowRules(Command):
    kind: Literal["rules"] = "rules"
    game: str | None = None


class ShowSettings(TableCommand):
    kind: Literal["settings"] = "settings"


class SetPreset(TableCommand):
    """The lobby takes a preset's options (the creator or an admin)."""

    kind: Literal["preset"] = "preset"
    name: str


class ShowPanel(TableCommand):
    """Open (or close) the settings panel's picker of a text option."""

    kind: Literal["panel"] = "panel"
    name: str


class EditOption(TableCommand):
    """A list option built by buttons: add `item` at its end, or remove the last (`item` None)."""

    kind: Literal["edit_option"] = "edit_option"
    name: str
    item: str | None = None


class ShowLog(TableCommand):
    """Show or hide the current deal's whole public history on the table message."""

    kind: Literal["log"] = "log"


class Rematch(TableCommand):
    """A finished table's seats play again: same people and AIs, same options, the deal rotated."""

    kind: Literal["rematch"] = "rematch"


class ShowStats(Command):
    """A person's stats and ratings: in `chat` (if given) and across chats."""

    kind: Literal["stats"] = "stats"
    chat: ChatRef | None = None
    game: str | None = None


class ShowTop(Command):
    """The chat's leaderboard (every game with one, or `game`)."""

    kind: Literal["top"] = "top"
    chat: ChatRef
    game: str | None = None


class ShowHistory(Command):
    """The chat's last finished games."""

    kind: Literal["history"] = "history"
    chat: ChatRef


class ShowReplay(Command):
    """A finished game move by move (`step` 0 is the deal; None: the last move)."""

    kind: Literal["replay"] = "replay"
    game_id: str
    step: int | None = None


class ShowSheet(TableCommand):
    """The score sheet picture of a table's game (the chat's open table, or the last finished one)."""

    kind: Literal["sheet"] = "sheet"


class SetLanguage(Command):
    kind: Literal["set_language"] = "set_language"
    lang: str
    chat: ChatRef | None = None


class SetPings(Command):
    """How a person wants turn alerts: `auto` (privately; pinged in the group only when that fails),
    `group` (pinged in the group instead of private alerts), `off` (never pinged in the group)."""

    kind: Literal["set_pings"] = "set_pings"
    mode: str


class MyTables(Command):
    """The tables this person sits at; `chat` is set when asked in a group (then only that group's)."""

    kind: Literal["my_tables"] = "my_tables"
    chat: ChatRef | None = None


class Notify(Command):
    """Toggle: tell this person privately whenever a table opens in `chat`."""

    kind: Literal["notify"] = "notify"
    chat: ChatRef


class MoveChat(Command):
    """The platform moved a chat to a new id (Telegram group → supergroup): its tables follow."""

    kind: Literal["move_chat"] = "move_chat"
    old: ChatRef
    new: ChatRef


AnyCommand = Annotated[
    NewTable
    | Join
    | Leave
    | AddBot
    | RemoveBot
    | Start
    | Cancel
    | Kick
    | CycleLevel
    | Invite
    | SetOption
    | Act
    | Pick
    | Press
    | ShowHand
    | ShowRules
    | ShowSettings
    | SetPreset
    | ShowPanel
    | EditOption
    | ShowLog
    | Rematch
    | ShowStats
    | ShowTop
    | ShowHistory
    | ShowReplay
    | ShowSheet
    | SetLanguage
    | SetPings
    | MyTables
    | Notify
    | MoveChat,
    Field(discriminator="kind"),
]


# -- what comes back ------------------------------------------------------------------------------


class Button(BaseModel):
    """A button: a token for the host, or a URL (a deep link); `style` is a hint adapters may use."""

    model_config = ConfigDict(frozen=True)

    label: str
    token: str | None = None
    url: str | None = None
    style: Literal["primary", "secondary", "success", "danger"] = "secondary"


class Screen(BaseModel):
    """Platform-neutral content of one message: a title, plain-text lines, rows of buttons."""

    title: str = ""
    lines: list[str] = Field(default_factory=list)
    buttons: list[list[Button]] = Field(default_factory=list)
    # a picture (PNG) sent with the text as its caption: the score sheet (never stored, never compared)
    image: bytes | None = Field(None, exclude=True, repr=False)

    def text(self) -> str:
        return "\n".join([self.title, *self.lines] if self.title else self.lines)


class TableTarget(BaseModel):
    """The one table message of a table, in its chat."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["table"] = "table"
    table: str
    chat: ChatRef

    @property
    def key(self) -> str:
        return f"table:{self.table}"


class HandTarget(BaseModel):
    """A player's private hand message for one table (a DM; on Discord also an ephemeral reply)."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["hand"] = "hand"
    table: str
    user: UserRef

    @property
    def key(self) -> str:
        return f"hand:{self.table}:{self.user.key}"


class ChatTarget(BaseModel):
    """A new message in a chat that is not the table message (final scores, announcements)."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["chat"] = "chat"
    chat: ChatRef

    @property
    def key(self) -> str:
        return f"chat:{self.chat.key}"


class PingTarget(BaseModel):
    """A short new message in the group that notifies exactly one person: their turn, when the bot cannot
    write to them privately (a Telegram text mention, a Discord mention allowed for that user only)."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["ping"] = "ping"
    table: str
    chat: ChatRef
    user: UserRef

    @property
    def key(self) -> str:
        return f"ping:{self.table}:{self.user.key}"


Target = Annotated[TableTarget | HandTarget | ChatTarget | PingTarget, Field(discriminator="kind")]


class Delivery(BaseModel):
    """Make `target` read `screen`: edit the existing message, or send anew when `notify` is set.

    `notify` means "the recipient should be alerted" (their turn started, the game ended): adapters
    send a new message (and may delete or retire the old one) instead of editing silently.
    """

    target: Target
    screen: Screen
    notify: bool = False
    # the table version the screen was drawn from: an edit never replaces a newer one (two workers)
    version: int | None = None


class Reply(BaseModel):
    """A short answer to the user who issued the command (a toast, an ephemeral message, a DM).

    `screen` carries content only this user may see (an ephemeral hand on Discord).
    """

    text: str
    alert: bool = False
    screen: Screen | None = None
    # the screen replaces the message whose button was pressed (a replay's next move), not a new one
    in_place: bool = False


class Outcome(BaseModel):
    reply: Reply | None = None
    deliveries: list[Delivery] = Field(default_factory=list)
    table: str | None = None


# -- the ports between the host and the front ends -------------------------------------------------


class Frontend(Protocol):
    """A chat front end as the host sees it: it shows deliveries on its platform."""

    platform: Platform

    async def deliver(self, deliveries: Sequence[Delivery]) -> None:
        """Queue these views for sending (edit in place, coalesce, pace); must not block for long."""


class HostPort(Protocol):
    """The host as a front end sees it.

    `handle` answers one command. Every delivery it causes — and those of AI moves and deadlines
    swept in the background — is pushed to the attached front end of the table's platform, so an
    adapter only shows `Outcome.reply` to the user who acted (`Outcome.deliveries` repeats them for
    tests and the console).
    """

    def attach(self, frontend: Frontend) -> None: ...

    async def handle(self, command: AnyCommand) -> Outcome: ...

    async def unreachable(self, user: UserRef, table: str) -> None:
        """The platform refused to write to `user` (never started the bot, blocked DMs)."""

    async def reconcile(self, platform: str) -> int:
        """Send what differs between the platform's messages and the committed tables (at start)."""

    async def reachable(self, user: UserRef) -> bool:
        """The platform can write to `user` again (they started the bot, opened their DMs); False if
        that could not be stored."""
