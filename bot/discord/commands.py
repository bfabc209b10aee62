"""The slash commands: one group, `/kozyr new|join|leave|start|stop|hand|rules|settings|invite|lang`,
and the record of finished games: `stats [game]`, `top [game]`, `history`, `replay id:`, `sheet`.

- `new game:<choice> preset:<autocomplete> options:"name=value …" thread:<bool>`: the games are fixed
  choices (their names localized), presets are suggested for the game already chosen, `options` takes
  the same `name=value` words as Telegram's `/new` (e.g. `schedule=1,N`). `thread:True` opens the table
  in a new public thread of the channel, so a channel can host several tables; run in a thread,
  the table simply lives in that thread. Where the bot may not post (`app_permissions`: send messages,
  in a thread send messages in threads) it says so and opens nothing; where it may not create threads,
  `thread:True` opens the table in the channel.
- `join`, `leave`, `start`, `stop`, `settings` act on the open table of the channel (or thread).
- `settings` without arguments shows/hides the settings buttons on the table message; with
  `option:` (suggested from every game's options) and `value:` it sets that option.
- `invite member:<user>` lets that member join the channel's private table (creator or admin).
- `hand` answers with an ephemeral hand (only the user sees it) that then follows the game for as long
  as Discord lets the bot edit it; in a DM it sends every hand again as a DM.
- `lang` sets the user's language; when a chat admin runs it in a channel, the table's language too.
- `rules [game]` answers ephemerally.
- `stats` shows the user's figures in this channel and across chats; `top` the channel's leaderboard;
  `history` its last games with replay buttons (each step a fresh ephemeral answer); `sheet` the
  score sheet picture of the channel's table (or its last finished game).
Every answer is ephemeral: the table message itself shows what changed.
Descriptions are localized (ru, uk) by `Translator`; names stay English.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

import games
from bot.core import render
from bot.core.api import (
    AnyCommand,
    Cancel,
    ChatRef,
    Invite,
    Join,
    Leave,
    MyTables,
    NewTable,
    Notify,
    SetLanguage,
    SetOption,
    SetPings,
    ShowHand,
    ShowHistory,
    ShowReplay,
    ShowRules,
    ShowSettings,
    ShowSheet,
    ShowStats,
    ShowTop,
    Start,
    UserRef,
)
from bot.core.i18n import LANGUAGES, has, t
from bot.core.lobby import split_assignments
from bot.core.outcome import Outcome
from bot.core.table import PING_MODES
from bot.discord.frontend import DiscordFrontend, quiet_hands
from bot.discord.refs import chat_ref, is_chat_admin, thread_chat, user_ref
from bot.discord.views import Answer, show_reply

log = logging.getLogger(__name__)

LOCALES = {discord.Locale.russian: "ru", discord.Locale.ukrainian: "uk"}
LANGUAGE_NAMES = {"en": "English", "ru": "Русский", "uk": "Українська"}
MAX_CHOICES = 25
THREAD_ARCHIVE_MINUTES = 1440
MAX_FILE = 200_000  # bytes of an attached board set (a PBN file of 32 boards is ~40 KB)


def text(key: str) -> locale_str:
    """A description: English now, other languages through the translator."""
    return locale_str(t("en", key), key=key)


def game_choices() -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=locale_str(t("en", f"{g.key}.name"), key=f"{g.key}.name"), value=g.key)
        for g in games.all_games()
    ][:MAX_CHOICES]


def pings_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=text(f"pings.mode.{m}"), value=m) for m in PING_MODES]


class Translator(app_commands.Translator):
    """Descriptions and choice names in Russian and Ukrainian, from the catalogs."""

    async def translate(
        self, string: locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        key = string.extras.get("key")
        lang = LOCALES.get(locale)
        if not key or lang is None or not has(key):
            return None
        return t(lang, key)[:100]


def parse_options(words: str | None) -> dict[str, str] | None:
    """`name=value name=value` → a dict (a value runs to the next `name=`: `schedule=1 5 D N`); None when
    the text does not start with `name=`."""
    plain, out = split_assignments(words)
    return None if plain else out


def suggest(values: list[tuple[str, str]], current: str) -> list[app_commands.Choice[str]]:
    needle = current.casefold()
    hits = [(n, v) for n, v in values if needle in n.casefold() or needle in v.casefold()]
    return [app_commands.Choice(name=n[:100], value=v) for n, v in hits][:MAX_CHOICES]


class Kozyr(app_commands.Group):
    """The `/kozyr` group; every handler turns the interaction into one host command."""

    def __init__(self, frontend: DiscordFrontend) -> None:
        super().__init__(name="kozyr", description=text("discord.cmd.kozyr"))
        self.fe = frontend

    # -- shared ---------------------------------------------------------------------------------
    async def run(
        self,
        interaction: discord.Interaction[Any],
        command: AnyCommand,
        *,
        done: str | None = None,
    ) -> None:
        answer = Answer(self.fe, interaction, slash=True)
        watching = [command.user] if interaction.guild_id is not None else []  # in a DM, ping anew
        with quiet_hands(*watching):
            outcome = await answer.run(lambda: self.fe.handle(command))
        lang = await self.fe.people.lang_of(answer.user)
        await show_reply(answer, outcome, done=done or t(lang, "discord.done"))

    async def in_channel(self, interaction: discord.Interaction[Any]) -> ChatRef | None:
        """The channel's ChatRef; in a DM, says the command needs a server channel and returns None."""
        chat = chat_ref(interaction)
        if chat is None:
            lang = await self.fe.people.lang_of(user_ref(interaction))
            await Answer(self.fe, interaction, slash=True).text(t(lang, "discord.guild_only"))
        return chat

    async def table_command(
        self, interaction: discord.Interaction[Any], kind: type[Any], **extra: Any
    ) -> None:
        chat = await self.in_channel(interaction)
        if chat is None:
            return
        command = kind(
            user=user_ref(interaction),
            chat=chat,
            update_id=str(interaction.id),
            is_chat_admin=is_chat_admin(interaction),
            **extra,
        )
        await self.run(interaction, command)

    # -- commands -------------------------------------------------------------------------------
    @app_commands.command(name="new", description=text("discord.cmd.new"))
    @app_commands.describe(
        game=text("discord.arg.game"),
        preset=text("discord.arg.preset"),
        options=text("discord.arg.options"),
        thread=text("discord.arg.thread"),
        boards=text("discord.arg.boards"),
    )
    @app_commands.choices(game=game_choices())
    async def new(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Choice[str] | None = None,
        preset: str | None = None,
        options: str | None = None,
        thread: bool = False,
        boards: discord.Attachment | None = None,
    ) -> None:
        chat = await self.in_channel(interaction)
        if chat is None:
            return
        user = user_ref(interaction)
        lang = await self.fe.people.lang_of(user)
        parsed = parse_options(options)
        if parsed is None:
            await Answer(self.fe, interaction, slash=True).text(t(lang, "discord.bad_options"))
            return
        key = game.value if game is not None else games.all_games()[0].key
        perms = interaction.app_permissions
        wanted = thread and chat.thread is None  # a new thread: where the bot may open one and post in it
        thread = wanted and perms.create_public_threads and perms.send_messages_in_threads
        if not (perms.send_messages_in_threads if thread or chat.thread else perms.send_messages):
            # the table message would be refused (403) and the table would block the channel unseen
            await Answer(self.fe, interaction, slash=True).text(t(lang, "discord.cannot_post"))
            return
        answer = Answer(self.fe, interaction, slash=True)
        where: list[str] = []

        async def work() -> Outcome:
            place = chat
            if thread:
                place = await self.open_thread(chat, key, user.name, lang)
                where.append(place.thread or "")
            # a board set (bridge: a PBN file): its first MAX_FILE bytes and one more, so a longer file is
            # refused by the game as too big
            raw = (await boards.read())[: MAX_FILE + 1] if boards is not None else None
            command = NewTable(
                user=user,
                chat=place,
                game=key,
                preset=preset or None,
                options=parsed,
                boards=raw.decode("utf-8", errors="replace") if raw is not None else None,
                update_id=str(interaction.id),
                is_chat_admin=is_chat_admin(interaction),
            )
            return await self.fe.handle(command)

        outcome = await answer.run(work)
        if where and where[0]:
            done = t(lang, "discord.table_in_thread", thread=f"<#{where[0]}>")
        elif wanted:
            done = t(lang, "discord.no_thread")
        else:
            done = t(lang, "discord.table_opened")
        await show_reply(answer, outcome, done=done)

    async def open_thread(self, chat: ChatRef, game: str, name: str, lang: str) -> ChatRef:
        """A new public thread for the table; the channel itself when Discord refuses."""
        title = t(lang, "discord.thread_name", game=t(lang, f"{game}.name"), name=name)[:100]
        try:
            data = await self.fe.client.http.start_thread_without_message(
                int(chat.id),
                name=title,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                type=discord.ChannelType.public_thread.value,
            )
        except discord.HTTPException as e:
            log.info("could not open a thread in %s: %s", chat.id, e)
            return chat
        return thread_chat(chat, int(data["id"]), title)

    @new.autocomplete("preset")
    async def preset_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        chosen = getattr(interaction.namespace, "game", None)
        try:
            game = games.get(str(chosen)) if chosen else games.all_games()[0]
        except Exception:
            return []
        lang = await self.fe.people.lang_of(user_ref(interaction))
        named = [(render.typed_with_name(p, render.preset_name(game, p, lang)), p) for p in game.presets]
        return suggest(named, current)

    @app_commands.command(name="join", description=text("discord.cmd.join"))
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await self.table_command(interaction, Join)

    @app_commands.command(name="leave", description=text("discord.cmd.leave"))
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await self.table_command(interaction, Leave)

    @app_commands.command(name="start", description=text("discord.cmd.start"))
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await self.table_command(interaction, Start)

    @app_commands.command(name="stop", description=text("discord.cmd.stop"))
    async def stop(self, interaction: discord.Interaction[Any]) -> None:
        await self.table_command(interaction, Cancel)

    @app_commands.command(name="invite", description=text("discord.cmd.invite"))
    @app_commands.describe(member=text("discord.arg.member"))
    async def invite(self, interaction: discord.Interaction[Any], member: discord.User) -> None:
        guest = UserRef(platform="discord", id=str(member.id), name=member.display_name)
        await self.table_command(interaction, Invite, guest=guest)

    @app_commands.command(name="hand", description=text("discord.cmd.hand"))
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        user = user_ref(interaction)
        await self.fe.people.try_again(user)
        chat = chat_ref(interaction)
        command = ShowHand(user=user, chat=chat, ephemeral=chat is not None, update_id=str(interaction.id))
        await self.run(interaction, command)

    @app_commands.command(name="rules", description=text("discord.cmd.rules"))
    @app_commands.describe(game=text("discord.arg.game"))
    @app_commands.choices(game=game_choices())
    async def rules(
        self, interaction: discord.Interaction[Any], game: app_commands.Choice[str] | None = None
    ) -> None:
        command = ShowRules(user=user_ref(interaction), game=game.value if game else None)
        await self.run(interaction, command)

    @app_commands.command(name="settings", description=text("discord.cmd.settings"))
    @app_commands.describe(option=text("discord.arg.option"), value=text("discord.arg.value"))
    async def settings(
        self, interaction: discord.Interaction[Any], option: str | None = None, value: str | None = None
    ) -> None:
        chat = await self.in_channel(interaction)
        if chat is None:
            return
        base: dict[str, Any] = {
            "user": user_ref(interaction),
            "chat": chat,
            "update_id": str(interaction.id),
            "is_chat_admin": is_chat_admin(interaction),
        }
        if option and value is not None:
            await self.run(interaction, SetOption(name=option, value=value, **base))
        else:
            await self.run(interaction, ShowSettings(**base))

    @settings.autocomplete("option")
    async def option_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        lang = await self.fe.people.lang_of(user_ref(interaction))
        seen: dict[str, str] = {name: t(lang, f"host.option.{name}") for name in ("turn_timeout", "private")}
        for g in games.all_games():
            for name in g.Options.model_fields:
                key = f"{g.key}.option.{name}"
                seen.setdefault(name, t(lang, key) if has(key) else name)
        return suggest([(f"{label} ({name})", name) for name, label in seen.items()], current)

    @app_commands.command(name="lang", description=text("discord.cmd.lang"))
    @app_commands.describe(lang=text("discord.arg.lang"))
    @app_commands.choices(
        lang=[app_commands.Choice(name=LANGUAGE_NAMES[code], value=code) for code in LANGUAGES]
    )
    async def lang(self, interaction: discord.Interaction[Any], lang: app_commands.Choice[str]) -> None:
        command = SetLanguage(
            user=user_ref(interaction),
            lang=lang.value,
            chat=chat_ref(interaction),
            update_id=str(interaction.id),
            is_chat_admin=is_chat_admin(interaction),
        )
        await self.run(interaction, command)

    # -- stats and the record of finished games ------------------------------------------------------
    @app_commands.command(name="stats", description=text("discord.cmd.stats"))
    @app_commands.describe(game=text("discord.arg.game"))
    @app_commands.choices(game=game_choices())
    async def stats(
        self, interaction: discord.Interaction[Any], game: app_commands.Choice[str] | None = None
    ) -> None:
        command = ShowStats(
            user=user_ref(interaction),
            chat=chat_ref(interaction),
            game=game.value if game else None,
            update_id=str(interaction.id),
        )
        await self.run(interaction, command)

    @app_commands.command(name="top", description=text("discord.cmd.top"))
    @app_commands.describe(game=text("discord.arg.game"))
    @app_commands.choices(game=game_choices())
    async def top(
        self, interaction: discord.Interaction[Any], game: app_commands.Choice[str] | None = None
    ) -> None:
        await self.table_command(interaction, ShowTop, game=game.value if game else None)

    @app_commands.command(name="history", description=text("discord.cmd.history"))
    async def history(self, interaction: discord.Interaction[Any]) -> None:
        await self.table_command(interaction, ShowHistory)

    @app_commands.command(name="replay", description=text("discord.cmd.replay"))
    @app_commands.describe(id=text("discord.arg.game_id"), move=text("discord.arg.move"))
    async def replay(self, interaction: discord.Interaction[Any], id: str, move: int = 0) -> None:
        command = ShowReplay(
            user=user_ref(interaction), game_id=id.strip(), step=max(0, move), update_id=str(interaction.id)
        )
        await self.run(interaction, command)

    @app_commands.command(name="sheet", description=text("discord.cmd.sheet"))
    async def sheet(self, interaction: discord.Interaction[Any]) -> None:
        await self.table_command(interaction, ShowSheet)

    @app_commands.command(name="pings", description=text("discord.cmd.pings"))
    @app_commands.describe(mode=text("discord.arg.pings"))
    @app_commands.choices(mode=pings_choices())
    async def pings(self, interaction: discord.Interaction[Any], mode: app_commands.Choice[str]) -> None:
        command = SetPings(user=user_ref(interaction), mode=mode.value, update_id=str(interaction.id))
        await self.run(interaction, command)

    @app_commands.command(name="mytables", description=text("discord.cmd.mytables"))
    async def mytables(self, interaction: discord.Interaction[Any]) -> None:
        await self.run(interaction, MyTables(user=user_ref(interaction), update_id=str(interaction.id)))

    @app_commands.command(name="notify", description=text("discord.cmd.notify"))
    async def notify(self, interaction: discord.Interaction[Any]) -> None:
        chat = await self.in_channel(interaction)
        if chat is not None:
            command = Notify(user=user_ref(interaction), chat=chat, update_id=str(interaction.id))
            await self.run(interaction, command)
