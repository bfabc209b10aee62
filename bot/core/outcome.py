"""What the host gives back: screens for logical messages (targets), and a short reply to who asked.

The host never names a platform message: it says "the table message of table T in chat C now reads X"
or "user U's hand at table T now reads Y". Adapters map those targets to their own message ids, edit in
place, and send a new message only when `notify` asks for it.
"""

from __future__ import annotations

import hashlib
import json
from functools import cached_property
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.core.api import ChatRef, UserRef
from bot.core.tokens import meaning


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
    # a file sent with the text as its caption: a game's record (bridge: PBN), under `document_name`
    document: bytes | None = Field(None, exclude=True, repr=False)
    document_name: str = Field("", exclude=True)

    def text(self) -> str:
        return "\n".join([self.title, *self.lines] if self.title else self.lines)

    @cached_property
    def fingerprint(self) -> str:
        """`digest(self)`, worked out once: the host, the outbox's check and its send all ask for it, and a
        screen is never changed once drawn (not a field: never stored, compared or copied into JSON)."""
        return digest(self)


def digest(screen: Screen) -> str:
    """A short digest of everything a person sees and can do on a screen: its text, and each button's
    label, style, link and action — not the table version its tokens were drawn at. Equal digests:
    nothing to send (old buttons stay valid while their action is legal). It ends in `*` when the screen
    has buttons to press."""
    buttons = [[(b.label, b.style, b.url, b.token and meaning(b.token)) for b in r] for r in screen.buttons]
    blob = json.dumps([screen.title, screen.lines, buttons], ensure_ascii=False, separators=(",", ":"))
    mark = "*" if any(b.token for r in screen.buttons for b in r) else ""
    return hashlib.blake2b(blob.encode("utf-8", "surrogatepass"), digest_size=12).hexdigest() + mark


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
    write to them privately (a Telegram text mention, a Discord mention allowed for that user only).
    A new ping replaces the one before it; a delivery without `notify` removes it (the turn is over)."""

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
    # the message of this target the person pressed, if it may not be the one stored (`Outbox`: a newer
    # one is brought up to date and kept, an older one's stale buttons go)
    pressed: str | None = None


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
