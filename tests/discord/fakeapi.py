"""A fake Discord REST API (aiohttp) for end-to-end tests of the adapter through real discord.py code.

`discord.http.Route.BASE` is pointed at it (the webhook and interaction routes use the same `Route`).
It records every call (with the time of an injectable clock), keeps channels and messages, and answers
like Discord does where the adapter depends on it:

- the bot's identity (`GET /users/@me`, `GET /oauth2/applications/@me`) and command sync (`PUT …/commands`);
- interaction callbacks `POST /interactions/{id}/{token}/callback`: once per interaction (a second one is
  refused, 40060), types 4 (message, ephemeral with flag 64), 5 (deferred "thinking"), 6 (deferred
  update), 7 (update the component's message), 8 (autocomplete choices); with `?with_response=1` the
  callback answers with the created resource like Discord;
- follow-ups `POST /webhooks/{app}/{token}`, `PATCH /webhooks/{app}/{token}/messages/{id|@original}`: only
  after the interaction was acknowledged (Unknown Webhook, 10015, before) and for 15 minutes of the clock
  (Invalid Webhook Token, 50027, after);
- channel messages POST/PATCH/DELETE `/channels/{id}/messages…` (10008 for an unknown or deleted one), DM
  channels `POST /users/@me/channels`, threads `POST /channels/{id}/threads`;
- a DM to a user who closed their DMs → 403 with code 50007;
- the bot's permissions per channel (`deny`): a message where it may not send (in a thread: send in
  threads), a file where it may not attach files, a thread where it may not create one → 403, 50013;
  `app_permissions(channel)` is what an interaction from there carries;
- message bodies are checked like Discord's form validation (50035): content ≤ 2000 and not empty without
  components, ≤ 5 action rows of ≤ 5 buttons, labels ≤ 80, custom_ids 1–100 characters and unique;
- failures can be injected per route (`fail`): 429 (with `Via`, as Discord's own 429s have), 403, 500 …
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import web
from aiohttp.test_utils import TestServer

TOKEN = "fake-bot-token"
APP_ID = 900000000000000001
BOT_ID = APP_ID
GUILD_ID = 910000000000000001
DISCORD_EPOCH_MS = 1420070400000
TOKEN_LIFE = 15 * 60
VIEW, SEND, ATTACH, HISTORY = 1 << 10, 1 << 11, 1 << 15, 1 << 16
CREATE_PUBLIC_THREADS, SEND_IN_THREADS = 1 << 35, 1 << 38
BOT_PERMISSIONS = VIEW | SEND | ATTACH | HISTORY | CREATE_PUBLIC_THREADS | SEND_IN_THREADS | 1 << 13


def snowflake(counter: int) -> int:
    """A plausible snowflake: now, plus a counter in the low bits (discord.py reads their time)."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (counter & 0x3FFFFF)


def iso(ts: float | None = None) -> str:
    return datetime.fromtimestamp(ts if ts is not None else time.time(), tz=UTC).isoformat()


@dataclass
class Call:
    method: str
    path: str
    body: Any
    at: float
    seq: int
    status: int = 200
    error: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.status < 300


@dataclass
class Msg:
    id: int
    channel_id: int
    content: str
    components: list[dict[str, Any]]
    flags: int = 0
    deleted: bool = False
    edits: int = 0
    interaction: str | None = None  # the token of the interaction that created it (ephemeral/follow-ups)
    history: list[str] = field(default_factory=list)
    files: list[bytes] = field(default_factory=list)  # attachments uploaded with it (the score sheet)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & 64)

    def buttons(self) -> list[dict[str, Any]]:
        return [c for row in self.components for c in row.get("components", []) if c.get("type") == 2]

    def custom_ids(self) -> list[str]:
        return [b["custom_id"] for b in self.buttons() if "custom_id" in b and not b.get("disabled")]

    def labels(self) -> list[str]:
        return [str(b.get("label", "")) for b in self.buttons()]


@dataclass
class Interaction:
    id: int
    token: str
    user_id: int
    channel_id: int
    created: float
    payload: dict[str, Any]
    responses: list[int] = field(default_factory=list)  # callback types, in order
    acked_at: float | None = None
    ack_seq: int | None = None
    original: int | None = None  # message id of @original


@dataclass
class Failure:
    method: str
    path: re.Pattern[str]
    status: int
    body: dict[str, Any]
    times: int
    headers: dict[str, str]


def _json(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """A JSON answer whose content type is exactly `application/json` (discord.py checks it verbatim)."""
    return web.Response(
        body=json.dumps(body).encode(),
        status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )


class ApiError(Exception):
    def __init__(self, status: int, code: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.body = {"code": code, "message": message, **extra}


class FakeDiscordAPI:
    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self.calls: list[Call] = []
        self.messages: dict[int, Msg] = {}
        self.channels: dict[int, dict[str, Any]] = {}
        self.dm_of: dict[int, int] = {}  # user → DM channel
        self.closed_dms: set[int] = set()
        self.denied: dict[int, int] = {}  # channel → permissions the bot lacks there
        self.interactions: dict[str, Interaction] = {}
        self.synced: dict[str, list[dict[str, Any]]] = {}
        self.failures: list[Failure] = []
        self._ids = itertools.count(1)
        self._seq = itertools.count(1)
        self.hang: set[str] = set()  # paths never answered (a gateway that never opens)
        self.attachments: dict[str, bytes] = {}  # files attached to slash commands, by id
        self._changed = asyncio.Condition()
        self._server: TestServer | None = None

    # -- lifecycle ------------------------------------------------------------------------------
    async def start(self) -> str:
        app = web.Application()
        app.router.add_route("*", "/api/v10/{tail:.*}", self._handle)
        app.router.add_route("GET", "/attachments/{id}/{name}", self._attachment)
        self._server = TestServer(app, host="127.0.0.1")
        await self._server.start_server()
        return str(self._server.make_url("/api/v10"))

    def attach(self, name: str, data: bytes) -> dict[str, Any]:
        """A file a person attaches to a slash command: what the interaction's `resolved` carries."""
        assert self._server is not None
        aid = str(next(self._seq) + 700_000)
        self.attachments[aid] = data
        url = str(self._server.make_url(f"/attachments/{aid}/{name}"))
        return {"id": aid, "filename": name, "size": len(data), "url": url, "proxy_url": url}

    async def _attachment(self, request: web.Request) -> web.Response:
        data = self.attachments.get(request.match_info["id"])
        return web.Response(status=404) if data is None else web.Response(body=data)

    async def close(self) -> None:
        if self._server is not None:
            await self._server.close()

    async def wait_for(self, predicate: Callable[[], bool]) -> None:
        """Until `predicate()` holds, checked whenever a call arrives."""
        async with self._changed:
            await self._changed.wait_for(predicate)

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    def new_id(self) -> int:
        return snowflake(next(self._ids))

    # -- test controls --------------------------------------------------------------------------
    def fail(
        self,
        method: str,
        path: str,
        status: int,
        code: int = 0,
        message: str = "",
        *,
        times: int = 1,
        **extra: Any,
    ) -> Failure:
        headers = {"Via": "1.1 google"} if status == 429 else {}
        f = Failure(
            method, re.compile(path), status, {"code": code, "message": message, **extra}, times, headers
        )
        self.failures.append(f)
        return f

    def rate_limit(self, method: str, path: str, seconds: float, times: int = 1) -> Failure:
        return self.fail(
            method,
            path,
            429,
            0,
            "You are being rate limited.",
            times=times,
            retry_after=seconds,
            **{"global": False},
        )

    def deny(self, channel_id: int, permissions: int) -> None:
        """The bot loses these permissions in a channel (and its threads)."""
        self.denied[channel_id] = self.denied.get(channel_id, 0) | permissions

    def app_permissions(self, channel_id: int) -> int:
        info = self.channels.get(channel_id, {})
        parent = info.get("parent_id")
        denied = self.denied.get(channel_id, 0) | (self.denied.get(parent, 0) if parent else 0)
        return BOT_PERMISSIONS & ~denied

    def _may(self, channel_id: int, permission: int) -> None:
        info = self.channels.get(channel_id, {})
        if info.get("type") == 1:
            return  # a DM: only the recipient's choice counts (closed_dms)
        if info.get("type") in (11, 12) and permission == SEND:
            permission = SEND_IN_THREADS
        if not self.app_permissions(channel_id) & permission:
            raise ApiError(403, 50013, "Missing Permissions")

    def add_channel(self, channel_id: int, name: str, *, type_: int = 0, parent: int | None = None) -> None:
        self.channels[channel_id] = {"id": str(channel_id), "type": type_, "name": name, "parent_id": parent}

    def register(self, payload: dict[str, Any]) -> None:
        """An interaction the test is about to deliver: its token becomes known to the webhooks (delivered
        again, a gateway replay, it stays the one interaction Discord knows)."""
        if payload["token"] in self.interactions:
            return
        user = payload.get("member", {}).get("user") or payload.get("user") or {}
        self.interactions[payload["token"]] = Interaction(
            id=int(payload["id"]),
            token=payload["token"],
            user_id=int(user.get("id", 0)),
            channel_id=int(payload["channel_id"]),
            created=self.clock(),
            payload=payload,
        )

    # -- reading the state ----------------------------------------------------------------------
    def live(self, channel_id: int) -> list[Msg]:
        return [m for m in self.messages.values() if m.channel_id == channel_id and not m.deleted]

    def visible(self, channel_id: int) -> list[Msg]:
        """What everybody sees in a channel: live messages that are not ephemeral."""
        return [m for m in self.live(channel_id) if not m.ephemeral]

    def ephemerals(self, user_id: int) -> list[Msg]:
        tokens = {i.token for i in self.interactions.values() if i.user_id == user_id}
        return [
            m for m in self.messages.values() if m.ephemeral and m.interaction in tokens and not m.deleted
        ]

    def dm(self, user_id: int) -> list[Msg]:
        channel = self.dm_of.get(user_id)
        return self.live(channel) if channel is not None else []

    def acknowledged(self, token: str) -> bool:
        found = self.interactions.get(token)
        return found is not None and bool(found.responses)

    def callbacks(self, token: str) -> list[Call]:
        interaction = self.interactions[token]
        return [c for c in self.calls if c.path.startswith(f"/interactions/{interaction.id}/")]

    def calls_to(self, method: str, pattern: str) -> list[Call]:
        rx = re.compile(pattern)
        return [c for c in self.calls if c.method == method and rx.fullmatch(c.path)]

    def channel_texts(self, channel_id: int) -> list[str]:
        """Every text the bot ever put in a channel, ephemeral ones aside (those only one user sees)."""
        texts = []
        for m in self.messages.values():
            if m.channel_id == channel_id and not m.ephemeral:
                texts += [*m.history, m.content]
        return texts

    # -- the server -----------------------------------------------------------------------------
    async def _handle(self, request: web.Request) -> web.Response:
        try:
            return await self._answer(request)
        finally:
            await self._notify()

    async def _answer(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        body: Any = None
        if request.content_type.startswith("multipart/"):  # a message with files: payload_json + files[n]
            form = await request.post()
            body = json.loads(str(form["payload_json"]))
            body["_files"] = [f.file.read() for k, f in form.items() if k.startswith("files[")]
        elif request.can_read_body:
            raw = await request.read()
            body = json.loads(raw) if raw else None
        call = Call(request.method, path, body, self.clock(), next(self._seq))
        self.calls.append(call)
        if path in self.hang:
            await self._notify()
            await asyncio.Event().wait()  # until the client disconnects (the server cancels this)
        webhook = path.startswith(("/webhooks/", "/interactions/"))
        if not webhook and request.headers.get("Authorization") != f"Bot {TOKEN}":
            return self._error(call, ApiError(401, 0, "401: Unauthorized"))
        for f in self.failures:
            if f.times > 0 and f.method == request.method and f.path.fullmatch(path):
                f.times -= 1
                call.status, call.error = f.status, f.body
                return _json(f.body, status=f.status, headers=f.headers)
        try:
            result = self._route(request.method, path, body, dict(request.query), call)
        except ApiError as e:
            return self._error(call, e)
        if result is None:
            call.status = 204
            return web.Response(status=204)
        return _json(result)

    def _error(self, call: Call, e: ApiError) -> web.Response:
        call.status, call.error = e.status, e.body
        return _json(e.body, status=e.status)

    def _route(self, method: str, path: str, body: Any, query: dict[str, str], call: Call) -> Any:
        parts = path.strip("/").split("/")
        match method, parts:
            case "GET", ["users", "@me"]:
                return self.bot_user()
            case "GET", ["oauth2", "applications", "@me"]:
                return self.application()
            case "PUT", ["applications", _, "commands"]:
                return self._sync("global", body)
            case "PUT", ["applications", _, "guilds", guild, "commands"]:
                return self._sync(guild, body)
            case "POST", ["interactions", _, token, "callback"]:
                return self._callback(token, body, call, query)
            case "POST", ["webhooks", _, token]:
                return self._followup(token, body)
            case "PATCH", ["webhooks", _, token, "messages", message]:
                return self._webhook_edit(token, message, body)
            case "POST", ["users", "@me", "channels"]:
                return self._dm_channel(int(body["recipient_id"]))
            case "POST", ["channels", channel, "messages"]:
                return self._post(int(channel), body)
            case "PATCH", ["channels", channel, "messages", message]:
                return self._edit(int(channel), int(message), body)
            case "DELETE", ["channels", channel, "messages", message]:
                self._message(int(channel), int(message)).deleted = True
                return None
            case "POST", ["channels", channel, "threads"]:
                return self._thread(int(channel), body)
        raise ApiError(404, 0, "404: Not Found")

    # -- identity and commands ------------------------------------------------------------------
    def bot_user(self) -> dict[str, Any]:
        return {
            "id": str(BOT_ID),
            "username": "Kozyr",
            "discriminator": "0",
            "global_name": "Kozyr",
            "avatar": None,
            "bot": True,
            "verified": True,
            "mfa_enabled": False,
            "flags": 0,
        }

    def application(self) -> dict[str, Any]:
        return {
            "id": str(APP_ID),
            "name": "Kozyr",
            "icon": None,
            "description": "",
            "rpc_origins": [],
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": {"id": "1", "username": "owner", "discriminator": "0", "avatar": None},
            "verify_key": "0" * 64,
            "team": None,
            "flags": 0,
            "interactions_endpoint_url": None,
        }

    def _sync(self, where: str, commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out = []
        for c in commands:
            out.append({**c, "id": str(self.new_id()), "application_id": str(APP_ID), "version": "1"})
        self.synced[where] = out
        return out

    # -- interactions ---------------------------------------------------------------------------
    def _interaction(self, token: str, *, acked: bool) -> Interaction:
        found = self.interactions.get(token)
        if found is None or (acked and not found.responses):
            raise ApiError(404, 10015, "Unknown Webhook")
        if self.clock() > found.created + TOKEN_LIFE:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        return found

    def _callback(self, token: str, body: dict[str, Any], call: Call, query: dict[str, str]) -> Any:
        i = self.interactions.get(token)
        if i is None or self.clock() > i.created + 3:
            raise ApiError(404, 10062, "Unknown interaction")
        if i.responses:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        kind = int(body["type"])
        data = dict(body.get("data") or {})
        if body.get("_files"):
            data["_files"] = body["_files"]
        message: Msg | None = None
        if kind == 4:
            message = self._create(i.channel_id, data, interaction=token)
            i.original = message.id
        elif kind == 5:  # "thinking…": a placeholder the first follow-up or an @original edit replaces
            message = self._create(
                i.channel_id, {"content": "…", "flags": data.get("flags", 0)}, interaction=token
            )
            i.original = message.id
        elif kind in (6, 7):
            source = i.payload.get("message")
            if source is None:
                raise ApiError(400, 50035, "Invalid Form Body: no message to update")
            i.original = int(source["id"])
            if kind == 7:
                self._apply(self.messages[i.original], data)
        elif kind == 8:
            choices = data.get("choices", [])
            if len(choices) > 25:
                raise ApiError(400, 50035, "Invalid Form Body: too many choices")
        i.responses.append(kind)
        i.acked_at, i.ack_seq = self.clock(), call.seq
        if query.get("with_response") not in ("1", "true"):
            return None
        answer: dict[str, Any] = {
            "interaction": {
                "id": str(i.id),
                "type": int(i.payload["type"]),
                "response_message_id": str(message.id) if message else None,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(message and message.ephemeral),
            }
        }
        if message is not None:
            answer["resource"] = {"type": kind, "message": self.message_json(message)}
        return answer

    def _followup(self, token: str, body: dict[str, Any]) -> Any:
        i = self._interaction(token, acked=True)
        message = self._create(i.channel_id, body, interaction=token)
        return self.message_json(message)

    def _webhook_edit(self, token: str, message: str, body: dict[str, Any]) -> Any:
        i = self._interaction(token, acked=True)
        if message == "@original":
            if i.original is None:
                raise ApiError(404, 10008, "Unknown Message")
            target = self.messages[i.original]
        else:
            target = self.messages.get(int(message))
            if target is None or target.deleted:
                raise ApiError(404, 10008, "Unknown Message")
            if target.interaction != token and target.id != i.original:
                raise ApiError(404, 10008, "Unknown Message")  # not a message of this interaction
        self._apply(target, body)
        return self.message_json(target)

    # -- channels -------------------------------------------------------------------------------
    def _dm_channel(self, user: int) -> dict[str, Any]:
        channel = self.dm_of.get(user)
        if channel is None:
            channel = self.dm_of[user] = self.new_id()
            self.channels[channel] = {"id": str(channel), "type": 1, "recipient": user}
        return {
            "id": str(channel),
            "type": 1,
            "last_message_id": None,
            "recipients": [
                {"id": str(user), "username": f"user{user}", "discriminator": "0", "avatar": None}
            ],
        }

    def _thread(self, parent: int, body: dict[str, Any]) -> dict[str, Any]:
        if parent not in self.channels:
            raise ApiError(404, 10003, "Unknown Channel")
        self._may(parent, CREATE_PUBLIC_THREADS)
        thread = self.new_id()
        self.add_channel(thread, body["name"], type_=int(body.get("type", 11)), parent=parent)
        return {
            "id": str(thread),
            "guild_id": str(GUILD_ID),
            "parent_id": str(parent),
            "owner_id": str(BOT_ID),
            "name": body["name"],
            "type": int(body.get("type", 11)),
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 1,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": body.get("auto_archive_duration", 1440),
                "archive_timestamp": iso(),
                "locked": False,
            },
        }

    def _post(self, channel: int, body: dict[str, Any]) -> Any:
        info = self.channels.get(channel)
        if info is None:
            raise ApiError(404, 10003, "Unknown Channel")
        if info["type"] == 1 and info["recipient"] in self.closed_dms:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        self._may(channel, SEND)
        if body.get("_files"):
            self._may(channel, ATTACH)
        return self.message_json(self._create(channel, body))

    def _edit(self, channel: int, message_id: int, body: dict[str, Any]) -> Any:
        info = self.channels.get(channel)
        if info is not None and info["type"] == 1 and info["recipient"] in self.closed_dms:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        message = self._message(channel, message_id)
        self._apply(message, body)
        return self.message_json(message)

    def _message(self, channel: int, message_id: int) -> Msg:
        message = self.messages.get(message_id)
        if message is None or message.deleted or message.channel_id != channel:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    # -- messages -------------------------------------------------------------------------------
    def _create(self, channel: int, body: dict[str, Any], interaction: str | None = None) -> Msg:
        self._validate(body, new=True)
        message = Msg(
            id=self.new_id(),
            channel_id=channel,
            content=body.get("content") or "",
            components=body.get("components") or [],
            flags=int(body.get("flags") or 0),
            interaction=interaction,
            files=list(body.get("_files") or []),
        )
        self.messages[message.id] = message
        return message

    def _apply(self, message: Msg, body: dict[str, Any]) -> None:
        self._validate(body, new=False, current=message)
        message.history.append(message.content)
        if "content" in body:
            message.content = body["content"] or ""
        if "components" in body:
            message.components = body["components"] or []
        if body.get("_files"):
            message.files = list(body["_files"])
        message.edits += 1

    @staticmethod
    def _validate(body: dict[str, Any], *, new: bool, current: Msg | None = None) -> None:
        def bad(why: str) -> ApiError:
            return ApiError(400, 50035, f"Invalid Form Body: {why}")

        content = body.get("content")
        components = body.get("components")
        if content is not None and len(content) > 2000:
            raise bad("content longer than 2000")
        has_text = bool(content) if "content" in body or new else bool(current and current.content)
        if new and not has_text and not components:
            raise bad("Cannot send an empty message")
        rows = components or []
        if len(rows) > 5:
            raise bad("more than 5 action rows")
        seen: set[str] = set()
        for row in rows:
            items = row.get("components", [])
            if row.get("type") != 1 or not 1 <= len(items) <= 5:
                raise bad("an action row holds 1–5 components")
            for b in items:
                if len(str(b.get("label", ""))) > 80:
                    raise bad("label longer than 80")
                if b.get("style") == 5:
                    if not b.get("url"):
                        raise bad("link button without url")
                    continue
                cid = b.get("custom_id")
                if not cid or len(cid) > 100:
                    raise bad("custom_id must be 1-100 characters")
                if cid in seen:
                    raise bad("custom_id duplicated")
                seen.add(cid)

    def message_json(self, m: Msg) -> dict[str, Any]:
        info = self.channels.get(m.channel_id, {})
        data: dict[str, Any] = {
            "id": str(m.id),
            "channel_id": str(m.channel_id),
            "author": self.bot_user(),
            "content": m.content,
            "timestamp": iso(),
            "edited_timestamp": iso() if m.edits else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [
                {
                    "id": str(m.id * 10 + k),
                    "filename": "sheet.png",
                    "size": len(f),
                    "url": "https://cdn/x.png",
                    "proxy_url": "https://cdn/x.png",
                }
                for k, f in enumerate(m.files)
            ],
            "embeds": [],
            "pinned": False,
            "type": 0,
            "flags": m.flags,
            "components": m.components,
        }
        if info.get("type") != 1:
            data["guild_id"] = str(GUILD_ID)
        return data
