"""Persistent buttons and the answering of interactions.

**Persistent buttons by a catch-all handler.** Every button carries the host's token as its custom_id
(or an adapter id `kz:…`), and every component interaction reaches `on_component` through the client's
`on_interaction` — no View objects are kept in memory and no DynamicItem has to find its button in the
message's components. So a button works after a restart, on any shard and any process, for as long as
the host accepts its token; a forged or edited custom_id is refused by the host ("not valid"), a token
of an older version of the table is answered "this has moved on" with a fresh hand.

**Acknowledged within Discord's 3 s.** `Answer` starts the host's work in its own task and waits up to
`ack_within` (2 s) for it: a quick outcome is sent as the interaction's one response; a slow one is
preceded by a defer (type 5 "thinking…" for slash commands, type 6 for buttons) and sent as a follow-up
(the first edits the "thinking" response). Presses on an *ephemeral* hand are deferred at once (type 6):
the fresh hand then arrives as an edit through this interaction's token, which Discord only accepts
once the interaction was acknowledged.

**Where a press came from** decides the answer:
- the table message in the channel: an answer with a screen (the "My hand" button) becomes a new
  ephemeral message that shows the hand, and is remembered as the user's ephemeral copy (`state.Mirror`);
  a text answer becomes an ephemeral text; no answer, a silent acknowledgement (the table message is
  edited by the outbox).
- an ephemeral hand: it becomes the user's ephemeral copy under this interaction's fresh token, so the
  outbox's hand edit reaches it; a text answer ("not your turn", "this has moved on") follows as an
  ephemeral text.
- a DM: the outbox edits the DM; a text answer comes as an ephemeral text in the DM.
While a press from the channel or from an ephemeral hand is handled, the user's hand delivery does not
ping (`quiet_hands`): they are looking at it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.core.api import Press, UserRef
from bot.core.i18n import t
from bot.core.outcome import HandTarget, Outcome, Screen
from bot.discord.frontend import DiscordFrontend, attachment, quiet_hands
from bot.discord.paging import fit, page_count, parse_nav
from bot.discord.refs import NO_PINGS, chat_ref, content, is_chat_admin, peek, plain, user_ref, view_of

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Sent:
    """A message an interaction created: its first response ("@original") or a follow-up."""

    id: int
    original: bool


class Answer:
    """Answers one interaction: directly when the work is quick, else after a defer, then follow-ups."""

    def __init__(self, fe: DiscordFrontend, interaction: discord.Interaction[Any], *, slash: bool) -> None:
        self.fe = fe
        self.interaction = interaction
        self.slash = slash
        self.deferred = False  # a slash command's "thinking…" response waits to be replaced
        self.user = user_ref(interaction)

    async def run(self, work: Callable[[], Awaitable[Outcome]]) -> Outcome | None:
        """The outcome of `work`, acknowledging the interaction first if it takes longer than allowed."""
        task = self.fe.spawn(work())
        done, _ = await asyncio.wait({task}, timeout=self.fe.ack_within)
        if not done:
            await self.defer()
        try:
            return await task
        except Exception:
            log.exception("an interaction's command failed")
            await self.text(t(await self.fe.people.lang_of(self.user), "discord.failed"))
            return None

    async def defer(self) -> None:
        if self.interaction.response.is_done():
            return
        try:
            if self.slash:
                await self.interaction.response.defer(ephemeral=True, thinking=True)
                self.deferred = True
            else:
                await self.interaction.response.defer()
        except discord.HTTPException as e:
            log.info("could not acknowledge interaction %s: %s", self.interaction.id, e)

    async def text(self, text: str) -> None:
        await self.send(plain(text), None)

    async def screen(self, screen: Screen) -> Sent | None:
        """Show a screen only this user sees."""
        sent = await self.send(content(screen), screen)
        if sent is not None and page_count(screen) > 1:
            await self.fe.state.save_page(sent.id, screen)
        return sent

    async def send(self, text: str, screen: Screen | None) -> Sent | None:
        view = view_of(fit(screen)) if screen is not None else None
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        attached = attachment(screen) if screen is not None else None  # the score sheet, a game's record
        i = self.interaction
        try:
            if attached is not None and self.deferred:
                self.deferred = False
                edited = await i.edit_original_response(
                    content=text, attachments=[attached], allowed_mentions=NO_PINGS, **extra
                )
                return Sent(edited.id, original=True)
            if attached is not None:
                extra["file"] = attached
            if not i.response.is_done():
                response = await i.response.send_message(
                    text, ephemeral=True, allowed_mentions=NO_PINGS, **extra
                )
                return Sent(response.message_id or 0, original=True)
            if self.deferred:
                self.deferred = False
                message = await i.edit_original_response(content=text, allowed_mentions=NO_PINGS, **extra)
                return Sent(message.id, original=True)
            sent = await i.followup.send(text, ephemeral=True, wait=True, allowed_mentions=NO_PINGS, **extra)
            return Sent(sent.id, original=False)
        except discord.HTTPException as e:  # the token expired, or Discord refused
            log.info("could not answer interaction %s: %s", i.id, e)
            return None

    async def acknowledge(self) -> None:
        """A silent answer: nothing to say (the messages themselves show what changed)."""
        if self.deferred:
            await self.text(t(await self.fe.people.lang_of(self.user), "discord.done"))
        else:
            await self.defer()


def hand_of(outcome: Outcome, user: UserRef, screen: Screen) -> str | None:
    """The table whose hand `screen` is, from the deliveries the command caused."""
    for d in outcome.deliveries:
        if isinstance(d.target, HandTarget) and d.target.user.key == user.key and d.screen == screen:
            return d.target.table
    return None


async def show_reply(answer: Answer, outcome: Outcome | None, *, done: str | None = None) -> None:
    """The host's reply to the user who acted: a screen (a hand, the rules), a text, or `done`."""
    if outcome is None:
        return
    reply = outcome.reply
    if reply is not None and reply.screen is not None:
        sent = await answer.screen(reply.screen)
        table = hand_of(outcome, answer.user, reply.screen)
        if sent is not None and table is not None:
            message_id = None if sent.original else sent.id
            await answer.fe.show_mirror(answer.user, table, answer.interaction.token, message_id)
    elif reply is not None and reply.text:
        await answer.text(reply.text)
    elif done is not None:
        await answer.text(done)
    else:
        await answer.acknowledge()


# -- components ----------------------------------------------------------------------------------------


async def on_component(fe: DiscordFrontend, interaction: discord.Interaction[Any]) -> None:
    """Every button press, whatever its custom_id."""
    data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
    custom_id = str(data.get("custom_id", ""))
    page = parse_nav(custom_id)
    if page is not None:
        await turn_page(fe, interaction, page)
        return
    await press(fe, interaction, custom_id)


async def press(fe: DiscordFrontend, interaction: discord.Interaction[Any], custom_id: str) -> None:
    answer = Answer(fe, interaction, slash=False)
    user = answer.user
    message = interaction.message
    ephemeral = message is not None and message.flags.ephemeral
    dm_message = message is not None and not ephemeral and interaction.guild_id is None
    hint = peek(custom_id)
    if ephemeral and message is not None:
        await answer.defer()
        if hint is not None:
            # this interaction's "@original" is the ephemeral message its button is on
            await fe.show_mirror(user, hint[0], interaction.token, None)
    if hint is not None and hint[1] == "@hand":
        await fe.people.try_again(user)
    command = Press(
        user=user,
        token=custom_id,
        chat=chat_ref(interaction),
        update_id=str(interaction.id),
        is_chat_admin=is_chat_admin(interaction),
        # a press in a DM names its message (`<channel>:<message>`, as the outbox stores a hand's)
        message=f"{interaction.channel_id}:{message.id}" if dm_message else None,
    )
    watching = ephemeral or interaction.guild_id is not None
    with quiet_hands(*([user] if watching else [])):
        outcome = await answer.run(lambda: fe.handle(command))
    reply = outcome.reply if outcome is not None else None
    if reply is not None and reply.in_place and reply.screen is not None:
        await replace(interaction, reply.screen)  # a replay's next move: the message itself changes
        return
    await show_reply(answer, outcome)


async def replace(interaction: discord.Interaction[Any], screen: Screen) -> None:
    """Show `screen` in the message whose button was pressed. Never raises."""
    view = view_of(fit(screen))
    extra: dict[str, Any] = {"view": view} if view is not None else {}
    try:
        if not interaction.response.is_done():
            await interaction.response.edit_message(
                content=content(screen), allowed_mentions=NO_PINGS, **extra
            )
        else:
            await interaction.edit_original_response(
                content=content(screen), allowed_mentions=NO_PINGS, **extra
            )
    except discord.HTTPException as e:
        log.info("could not show the next screen in place: %s", e)


async def turn_page(fe: DiscordFrontend, interaction: discord.Interaction[Any], page: int) -> None:
    """Show another page of the screen last shown on this message (no host call)."""
    message = interaction.message
    screen = await fe.state.load_page(message.id) if message is not None else None
    if screen is None:
        lang = await fe.people.lang_of(user_ref(interaction))
        await Answer(fe, interaction, slash=False).text(t(lang, "discord.page_gone"))
        return
    try:
        await interaction.response.edit_message(
            content=content(screen), view=view_of(fit(screen, page)), allowed_mentions=NO_PINGS
        )
    except discord.HTTPException as e:
        log.info("could not turn the page of message %s: %s", message.id if message else None, e)
