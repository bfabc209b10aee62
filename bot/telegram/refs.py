"""Telegram objects → core references, screens → Telegram HTML and keyboards, deep-link payloads.

Decisions:
- A table lives in a forum topic only when the message really is a topic message
  (`is_topic_message`); in ordinary supergroups `message_thread_id` also marks reply threads, which
  are not places of their own.
- Text is sent as HTML with every line escaped: names and chat titles come from users.
- Button tokens are opaque to the adapter, except for one peek (`peek_action`) at the action field
  of the host's `table|version|action|signature` format, used only as a hint (which press needs a
  chat-admin lookup, which Join/Hand press should open the private chat first); the host still
  verifies every token it gets.
- Deep links that join a table are signed with the bot token, so a table id alone cannot be used
  to sit down at a stranger's table.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
from html import escape

from aiogram.types import Chat, InlineKeyboardButton, InlineKeyboardMarkup, Message
from aiogram.types import User as TgUser

from bot.core.api import ChatRef, UserRef
from bot.core.outcome import Screen

log = logging.getLogger(__name__)

MAX_TEXT = 4096
MAX_CALLBACK_DATA = 64
MAX_ANSWER = 200  # answerCallbackQuery text limit
STYLES = {"primary": "primary", "success": "success", "danger": "danger"}  # "secondary" → app default


def user_ref(user: TgUser) -> UserRef:
    return UserRef(platform="telegram", id=str(user.id), name=user.full_name, lang=user.language_code)


def chat_ref(chat: Chat, thread: int | None = None) -> ChatRef:
    return ChatRef(
        platform="telegram",
        id=str(chat.id),
        thread=str(thread) if thread is not None else None,
        title=chat.title or "",
    )


def topic_of(message: Message) -> int | None:
    """The forum topic a message belongs to (None in the General topic and in ordinary chats)."""
    return message.message_thread_id if message.is_topic_message else None


def message_chat(message: Message) -> ChatRef:
    return chat_ref(message.chat, topic_of(message))


def is_group(chat: Chat) -> bool:
    return chat.type in ("group", "supergroup")


# -- screens ------------------------------------------------------------------------------------------


def screen_html(screen: Screen, limit: int = MAX_TEXT) -> str:
    """The title in bold, then the lines, all escaped; cut by whole lines to fit Telegram's limit."""
    if not screen.text().strip():
        return "…"  # Telegram refuses a message with nothing visible in it
    head = [f"<b>{escape(screen.title, quote=False)}</b>"] if screen.title else []
    lines = [escape(line, quote=False) for line in screen.lines]
    text = "\n".join(head + lines).strip()
    while len(text) > limit and lines:
        lines.pop()
        text = "\n".join([*head, *lines, "…"])
    return text[:limit] if text else "…"


def plain_html(text: str) -> str:
    return escape(text, quote=False) or "…"


def keyboard(screen: Screen) -> InlineKeyboardMarkup | None:
    """Token buttons become callback buttons (the token is the callback data), URL buttons stay links."""
    rows: list[list[InlineKeyboardButton]] = []
    for row in screen.buttons:
        out = []
        for b in row:
            style = STYLES.get(b.style)
            if b.url:
                out.append(InlineKeyboardButton(text=b.label, url=b.url, style=style))
            elif b.token:
                if len(b.token.encode()) > MAX_CALLBACK_DATA:  # Telegram would refuse the whole message
                    log.error("dropping a button whose token is longer than 64 bytes: %r", b.label)
                    continue
                out.append(InlineKeyboardButton(text=b.label, callback_data=b.token, style=style))
        if out:
            rows.append(out)
    return InlineKeyboardMarkup(inline_keyboard=rows) if rows else None


# -- tokens and deep links ----------------------------------------------------------------------------


def peek_action(token: str) -> tuple[str, str] | None:
    """(table, action) read from a host token without verifying it: a hint, never a permission."""
    parts = token.split("|")
    if len(parts) != 4 or not parts[0]:
        return None
    return parts[0], parts[2]


def _sign(secret: str, text: str) -> str:
    digest = hmac.new(secret.encode(), text.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:6]).decode()


def join_payload(secret: str, table: str) -> str:
    """`j<table>_<signature>`: a /start payload (A-Z a-z 0-9 _ -, ≤ 64 characters)."""
    return f"j{table}_{_sign(secret, 'j' + table)}"


def parse_join(secret: str, payload: str) -> str | None:
    """The table of a signed join payload, or None when it is not one of ours."""
    if not payload.isascii() or not payload.startswith("j") or "_" not in payload:
        return None  # every payload we make is ASCII; anything else is not ours
    table, sig = payload[1:].split("_", 1)
    if not table or not hmac.compare_digest(sig.encode(), _sign(secret, "j" + table).encode()):
        return None
    return table
