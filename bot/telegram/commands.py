"""The command menus (setMyCommands): one list for groups, one for private chats, in en/ru/uk.

English is also the default list (no language_code) for every other language.
"""

from __future__ import annotations

from aiogram import Bot
from aiogram.types import BotCommand, BotCommandScopeAllGroupChats, BotCommandScopeAllPrivateChats

from bot.core.i18n import LANGUAGES, t

GROUP = (
    "new", "join", "leave", "start", "stop", "hand", "settings", "invite",
    "stats", "top", "history", "sheet", "rules", "lang", "pings", "mytables", "notify", "help",
)  # fmt: skip
PRIVATE = ("start", "hand", "mytables", "stats", "rules", "lang", "pings", "help")


def menu(lang: str, names: tuple[str, ...], private: bool) -> list[BotCommand]:
    def key(name: str) -> str:
        return "telegram.cmd.start_private" if private and name == "start" else f"telegram.cmd.{name}"

    return [BotCommand(command=name, description=t(lang, key(name))) for name in names]


async def set_commands(bot: Bot) -> int:
    """Set every menu; returns the number of lists set."""
    count = 0
    for lang in LANGUAGES:
        code = None if lang == "en" else lang
        await bot.set_my_commands(
            menu(lang, GROUP, False), scope=BotCommandScopeAllGroupChats(), language_code=code
        )
        await bot.set_my_commands(
            menu(lang, PRIVATE, True), scope=BotCommandScopeAllPrivateChats(), language_code=code
        )
        count += 2
    return count
