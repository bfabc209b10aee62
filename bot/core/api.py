"""What adapters send to the host: commands, each naming who asks (`UserRef`) and where (`ChatRef`).

What the host gives back is in `outcome.py`; the ports between the host and the front ends in `ports.py`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

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
    # a press in the user's private chat: the platform's id of the message pressed (their hand, maybe one
    # whose id a worker killed right after sending it never stored: `Delivery.pressed`)
    message: str | None = None


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
    boards: str | None = None  # a file of deals to play, as text (bridge: a PBN board set)


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


class ShowRecord(Command):
    """A finished game's record as a file the world's programs open (bridge: its boards as PBN)."""

    kind: Literal["record"] = "record"
    game_id: str


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
    | ShowRecord
    | ShowSheet
    | SetLanguage
    | SetPings
    | MyTables
    | Notify
    | MoveChat,
    Field(discriminator="kind"),
]
