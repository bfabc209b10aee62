"""The Discord front end as the host sees it (`Frontend`) and the outbox's `Transport` for discord.py.

Every delivery goes through the shared `Outbox` (coalescing, pacing, retries); this module says where
a target lives on Discord and how Discord's errors map onto the outbox's vocabulary:

- `TableTarget`/`ChatTarget` → the channel, or the thread when the table lives in one.
- `HandTarget` → two places: the user's *ephemeral* hand (the last one they opened with "My hand" or
  `/kozyr hand`, edited through its interaction token while Discord honours it — see `state`), and
  their DM channel (created once per process with POST /users/@me/channels). The ephemeral copy comes
  first, so a player whose DMs are closed still sees the game move.
- Message ids are stored as `<channel id>:<message id>`, so editing a DM needs no extra request.
- Pace: ≥ 1 s between calls in one channel (Discord allows about 5 per 5 s) and 40 calls a second over
  the whole bot (Discord's global limit is 50). discord.py also honours the rate-limit headers itself.
- A 429 longer than discord.py is willing to wait (`max_ratelimit_timeout`) → `RetryAfter`, so the
  outbox pauses that lane and sends only the newest view afterwards; shorter ones discord.py retries.
- 403 on a DM (50007 "Cannot send messages to this user") → `Unreachable` → `host.unreachable`; the
  user is remembered as unreachable (storage flag, shared by workers) and no further DM is attempted
  — quietly: the host is not told again at every move, which would commit a new table version each
  time and outdate everyone's buttons — until they ask for their hand again ("My hand",
  `/kozyr hand`), which clears the flag and so tries once more.
- Unknown message (10008), or a message that cannot be edited → `MessageGone` (a fresh one is sent).
- A message with the score sheet refused (403: no right to attach files) goes without the picture.
- Other 4xx are not retried (the same request would fail again): logged, the delivery is dropped.
"""

from __future__ import annotations

import asyncio
import contextvars
import io
import logging
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import discord
from discord.http import handle_message_parameters
from discord.webhook.async_ import async_context

from bot.core.api import AnyCommand, UserRef
from bot.core.inflight import InFlight
from bot.core.outbox import LaneLimit, MessageGone, MessageIds, Outbox, Pacer, RetryAfter, Unreachable
from bot.core.outcome import ChatTarget, Delivery, HandTarget, Outcome, PingTarget, Screen, TableTarget
from bot.core.people import People, Prefs
from bot.core.ports import HostPort
from bot.discord.paging import fit, page_count
from bot.discord.refs import NO_PINGS, channel_of, content, view_of
from bot.discord.state import AdapterState, MemoryState, Mirror

log = logging.getLogger(__name__)

Target = TableTarget | HandTarget | ChatTarget | PingTarget
T = TypeVar("T")

CHANNEL_LIMIT = LaneLimit(interval=1.0)
PER_SECOND = 40.0
ACK_WITHIN = 2.0  # Discord drops an interaction not answered in 3 s: defer if the host is slower
CANNOT_EDIT = 50005

# Users whose hand deliveries do not ping while their command runs: they are looking at the game right
# now (an ephemeral hand, the channel), so a fresh DM would only repeat what they see; the DM is edited.
_QUIET: contextvars.ContextVar[frozenset[str]] = contextvars.ContextVar("quiet_users", default=frozenset())


@contextmanager
def quiet_hands(*users: UserRef) -> Iterator[None]:
    token = _QUIET.set(_QUIET.get() | {u.key for u in users})
    try:
        yield
    finally:
        _QUIET.reset(token)


def _quieted(d: Delivery, quiet: frozenset[str]) -> Delivery:
    if d.notify and isinstance(d.target, HandTarget) and d.target.user.key in quiet:
        return d.model_copy(update={"notify": False})
    return d


def _split(message_id: str) -> tuple[int, int]:
    channel, _, message = message_id.partition(":")
    return int(channel), int(message)


class DiscordTransport:
    """Posts, edits and deletes one message through discord.py's HTTP client."""

    def __init__(self, client: discord.Client, state: AdapterState, frontend: DiscordFrontend) -> None:
        self.client = client
        self.state = state
        self.frontend = frontend
        self.dm_channels: dict[str, int] = {}

    @property
    def http(self) -> Any:
        return self.client.http

    # -- Transport ------------------------------------------------------------------------------
    async def post(self, target: Target, screen: Screen) -> str | None:
        if isinstance(target, HandTarget):
            await self.mirror(target, screen)
            dm = await self.dm_channel(target.user)
            if dm is None:
                return None
            channel = dm
        else:
            channel = channel_of(target.chat)
        ping = target.user if isinstance(target, PingTarget) else None
        try:
            data = await self.send(channel, screen, ping)
        except (discord.HTTPException, discord.RateLimited) as e:
            raise_retryable(e, target)
            return None
        message = int(data["id"])
        await self.remember_pages(message, screen)
        if isinstance(target, HandTarget):
            await self.frontend.people.reached(target.user)
        return f"{channel}:{message}"

    async def edit(self, target: Target, message_id: str, screen: Screen) -> None:
        if isinstance(target, HandTarget):
            await self.mirror(target, screen)
            if await self.frontend.people.reachable(target.user) is False:
                return
        channel, message = _split(message_id)
        try:
            with _params(screen, edit=True) as params:
                await self.http.edit_message(channel, message, params=params)
        except discord.NotFound as e:
            raise MessageGone(str(e)) from e
        except (discord.HTTPException, discord.RateLimited) as e:
            if isinstance(e, discord.HTTPException) and (e.status == 400 or e.code == CANNOT_EDIT):
                raise MessageGone(str(e)) from e
            raise_retryable(e, target)
            return
        await self.remember_pages(message, screen)

    async def delete(self, target: Target, message_id: str) -> None:
        channel, message = _split(message_id)
        try:
            await self.http.delete_message(channel, message)
        except discord.NotFound:
            pass
        except (discord.HTTPException, discord.RateLimited) as e:
            raise_retryable(e, target)

    # -- helpers --------------------------------------------------------------------------------
    async def send(self, channel: int, screen: Screen, ping: UserRef | None) -> Any:
        """A message; the score sheet is uploaded with it — or left out where the bot may not attach
        files (403), so the result still arrives."""
        if screen.image is not None:
            try:
                with _params(screen, ping=ping) as params:
                    return await self.http.send_message(channel, params=params)
            except discord.Forbidden as e:
                log.info("channel %s refused the score sheet (%s): sending the text alone", channel, e)
                screen = screen.model_copy(update={"image": None})
        with _params(screen, ping=ping) as params:
            return await self.http.send_message(channel, params=params)

    async def dm_channel(self, user: UserRef) -> int | None:
        """The user's DM channel; None once Discord refused a DM (the host was told then, once)."""
        if await self.frontend.people.reachable(user) is False:
            return None
        channel = self.dm_channels.get(user.id)
        if channel is None:
            try:
                data = await self.http.start_private_message(int(user.id))
            except (discord.HTTPException, discord.RateLimited) as e:
                raise_retryable(e, None)
                raise Unreachable(str(e)) from e
            channel = self.dm_channels[user.id] = int(data["id"])
        return channel

    async def mirror(self, target: HandTarget, screen: Screen) -> None:
        """Show the hand on the user's ephemeral copy too, while its interaction token lives."""
        m = await self.state.mirror(target.user.key, target.table)
        if m is None:
            return
        try:
            message_id = await self.edit_ephemeral(m, screen)
        except discord.HTTPException as e:
            # 401 (token expired), 404 (message dismissed): that copy is gone; others may pass
            log.info("the ephemeral hand of %s was not edited: %s", target.user.key, e)
            if e.status in (401, 404):
                await self.state.drop_mirror(target.user.key, target.table)
            return
        await self.remember_pages(message_id, screen)

    async def edit_ephemeral(self, m: Mirror, screen: Screen) -> int:
        """Edit through the interaction's webhook (the application's id, the interaction's token)."""
        app = self.frontend.application_id
        webhook = discord.Webhook.partial(app, m.token, client=self.client)
        view = view_of(fit(screen))
        if m.message_id is not None:  # a follow-up
            await webhook.edit_message(
                m.message_id, content=content(screen), view=view, allowed_mentions=NO_PINGS
            )
            return m.message_id
        # "@original", exactly as discord.py's Interaction.edit_original_response sends it
        with _params(screen, edit=True) as params:
            data = await async_context.get().edit_original_interaction_response(
                app,
                m.token,
                session=webhook.session,
                proxy=webhook.proxy,
                proxy_auth=webhook.proxy_auth,
                payload=params.payload,
            )
        return int(data["id"])

    async def remember_pages(self, message_id: int, screen: Screen) -> None:
        if page_count(screen) > 1:
            await self.state.save_page(message_id, screen)


def raise_retryable(e: discord.HTTPException | discord.RateLimited, target: Target | None) -> None:
    """Raise what the outbox understands; return (after logging) when the request should be dropped."""
    if isinstance(e, discord.RateLimited):
        raise RetryAfter(e.retry_after) from e
    if isinstance(e, discord.Forbidden):
        raise Unreachable(str(e)) from e
    if isinstance(e, discord.DiscordServerError):
        raise e  # the outbox retries with a backoff
    where = target.key if target is not None else "a DM channel"
    log.error("Discord refused a request for %s (dropped): %s", where, e)


def _params(screen: Screen, *, edit: bool = False, ping: UserRef | None = None) -> Any:
    view = view_of(fit(screen))
    text, mentions = content(screen), NO_PINGS
    if ping is not None:  # notify exactly that person: the mention, allowed for them alone
        text = f"<@{int(ping.id)}> {text}"
        mentions = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(int(ping.id))])
    extra: dict[str, Any] = {}
    if screen.image is not None and not edit:  # the score sheet: uploaded with the message
        extra["file"] = picture(screen.image)
    if view is None and not edit:
        return handle_message_parameters(content=text, allowed_mentions=mentions, **extra)
    return handle_message_parameters(content=text, view=view, allowed_mentions=mentions, **extra)


def picture(image: bytes) -> discord.File:
    return discord.File(io.BytesIO(image), filename="sheet.png")


def attachment(screen: Screen) -> discord.File | None:
    """The file a screen carries: its picture (the score sheet), else its document (bridge: PBN)."""
    if screen.image is not None:
        return picture(screen.image)
    if screen.document is not None:
        return discord.File(io.BytesIO(screen.document), filename=screen.document_name or "record.txt")
    return None


class DiscordFrontend:
    """The host's front end on Discord: deliveries go to the outbox; handlers find what they share here."""

    platform = "discord"

    def __init__(
        self,
        client: discord.Client,
        host: HostPort,
        ids: MessageIds,
        *,
        state: AdapterState | None = None,
        prefs: Prefs | None = None,
        pacer: Pacer | None = None,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        per_second: float = PER_SECOND,
        ack_within: float = ACK_WITHIN,
        default_language: str = "en",
    ) -> None:
        self.client = client
        self.host = host
        self.state: AdapterState = state or MemoryState(clock)
        self.people = People(host, prefs, default_language)
        self.clock = clock
        self.ack_within = ack_within
        self.default_language = default_language
        self.transport = DiscordTransport(client, self.state, self)
        self.outbox = Outbox(
            self.transport,
            ids,
            limit_for=lambda _t: CHANNEL_LIMIT,
            per_second=per_second,
            on_unreachable=self.people.refused,
            pacer=pacer,
            clock=clock,
            sleep=sleep,
        )
        self.inflight = InFlight()  # commands being handled and the work they spawned

    @property
    def application_id(self) -> int:
        app = self.client.application_id
        assert app is not None, "the client has not logged in"
        return app

    # -- Frontend -------------------------------------------------------------------------------
    async def deliver(self, deliveries: Sequence[Delivery]) -> None:
        quiet = _QUIET.get()
        if quiet:
            deliveries = [_quieted(d, quiet) for d in deliveries]
        self.outbox.submit(deliveries)

    async def drain(self) -> None:
        await self.inflight.settle()  # a command still at work may queue more
        await self.outbox.drain()

    async def close(self) -> None:
        await self.outbox.close()

    # -- the host, from the handlers -------------------------------------------------------------
    async def handle(self, command: AnyCommand) -> Outcome:
        with self.inflight.track():
            return await self.host.handle(command)

    def spawn(self, work: Awaitable[T]) -> asyncio.Task[T]:
        """Run work in its own task, kept alive even when an interaction stops waiting for it."""
        task = asyncio.ensure_future(work)
        self.inflight.add(task)
        return task

    async def show_mirror(self, user: UserRef, table: str, token: str, message_id: int | None) -> None:
        """From now on, this ephemeral message shows the user's hand at `table` too."""
        mirror = Mirror(token=token, message_id=message_id, at=self.clock())
        await self.state.set_mirror(user.key, table, mirror)
