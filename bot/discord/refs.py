"""Discord objects → core references, and core screens → Discord message content and components.

Decisions:
- `ChatRef.id` is the text channel; a thread (public or private) is `ChatRef.thread`, so one channel can
  host a table of its own and any number of tables in threads. The forum/thread parent comes from the
  interaction payload (`channel.parent_id`), no API call.
- `is_chat_admin`: the member may *Manage Messages* in that channel (channel moderators), or *Manage
  Server*, or is an *Administrator*. Those are the people who may already delete anyone's messages there,
  so letting them cancel a table or kick a seat gives them nothing new. The permissions come resolved for
  the channel with every interaction, so no request is needed.
- Text goes in the message content (not an embed): the title in bold, every line escaped (names and
  titles come from users), mentions never ping (`AllowedMentions.none()`), cut by whole lines to fit
  Discord's 2000 characters.
- Button tokens are opaque here except for `peek`, a hint used to remember which table an
  ephemeral hand shows (and whether a press asks for a hand); the host still verifies every token.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.utils import escape_markdown

from bot.core.api import ChatRef, UserRef
from bot.core.outcome import Button, Screen
from bot.discord.paging import INDICATOR

log = logging.getLogger(__name__)

MAX_CONTENT = 2000
MAX_LABEL = 80
MAX_CUSTOM_ID = 100
THREAD_TYPES = {
    discord.ChannelType.public_thread,
    discord.ChannelType.private_thread,
    discord.ChannelType.news_thread,
}
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
NO_PINGS = discord.AllowedMentions.none()


def user_ref(interaction: discord.Interaction[Any]) -> UserRef:
    user = interaction.user
    return UserRef(platform="discord", id=str(user.id), name=user.display_name, lang=str(interaction.locale))


def chat_ref(interaction: discord.Interaction[Any]) -> ChatRef | None:
    """The channel (and thread) of a server interaction; None in direct messages."""
    if interaction.guild_id is None:
        return None
    channel = interaction.channel
    channel_id = interaction.channel_id
    if channel_id is None:
        return None
    if getattr(channel, "type", None) in THREAD_TYPES:
        parent = getattr(channel, "parent_id", None) or channel_id
        return ChatRef(platform="discord", id=str(parent), thread=str(channel_id), title=_title(channel))
    return ChatRef(platform="discord", id=str(channel_id), title=_title(channel))


def thread_chat(parent: ChatRef, thread_id: int, name: str) -> ChatRef:
    return ChatRef(platform="discord", id=parent.id, thread=str(thread_id), title=name)


def _title(channel: Any) -> str:
    name = getattr(channel, "name", None)
    return f"#{name}" if name else ""


def is_chat_admin(interaction: discord.Interaction[Any]) -> bool:
    if interaction.guild_id is None:
        return False
    p = interaction.permissions
    return p.administrator or p.manage_guild or p.manage_messages


def channel_of(chat: ChatRef) -> int:
    """Where a chat's messages go: the thread when there is one."""
    return int(chat.thread or chat.id)


# -- screens ------------------------------------------------------------------------------------------


def content(screen: Screen, limit: int = MAX_CONTENT) -> str:
    """The title in bold, then the lines, all escaped; cut by whole lines to fit Discord's limit."""
    head = [f"**{escape_markdown(screen.title)}**"] if screen.title else []
    lines = [escape_markdown(x) for x in screen.lines]
    text = "\n".join(head + lines).strip()
    while len(text) > limit and lines:
        lines.pop()
        text = "\n".join([*head, *lines, "…"])
    return text[:limit] if text.strip() else "…"  # Discord refuses a message with nothing in it


def plain(text: str) -> str:
    return escape_markdown(text)[:MAX_CONTENT] or "…"


class Frozen(discord.ui.View):
    """A view that is finished from the start: discord.py never keeps it in its view store.

    Its buttons' callbacks are never used: every press reaches `views.on_component` by its custom_id,
    whichever process receives it, before or after a restart.
    """

    def is_finished(self) -> bool:
        return True


def view_of(rows: list[list[Button]]) -> discord.ui.View | None:
    """A frozen view holding these rows of buttons; None if there are none."""
    if not any(rows):
        return None
    view = Frozen(timeout=None)
    for row_index, row in enumerate(rows[:5]):
        for b in row[:5]:
            item = _button(b, row_index)
            if item is not None:
                view.add_item(item)
    return view if view.children else None


def _button(b: Button, row: int) -> discord.ui.Button[discord.ui.View] | None:
    label = b.label if len(b.label) <= MAX_LABEL else b.label[: MAX_LABEL - 1] + "…"
    if b.url:
        return discord.ui.Button(label=label, url=b.url, row=row)
    if not b.token:
        return None
    if len(b.token) > MAX_CUSTOM_ID:  # Discord would refuse the whole message
        log.error("dropping a button whose token is longer than %d characters: %r", MAX_CUSTOM_ID, b.label)
        return None
    return discord.ui.Button(
        label=label,
        custom_id=b.token,
        style=STYLES.get(b.style, discord.ButtonStyle.secondary),
        disabled=b.token.startswith(INDICATOR),
        row=row,
    )


def peek(token: str) -> tuple[str, str] | None:
    """(table, action) read from a host token without verifying it: a hint, never a permission."""
    parts = token.split("|")
    return (parts[0], parts[2]) if len(parts) == 4 and parts[0] else None
