"""A fake Telegram Bot API server (aiohttp) for end-to-end tests of the adapter.

It keeps chats and messages, long-polls `getUpdates` from a queue, records every call (with the time
of an injectable clock), and answers like Telegram does where the adapter depends on it:

- "message is not modified" when an edit changes nothing; "message to edit not found" for a deleted or
  unknown message; a second answer to a callback query is refused;
- HTML is checked (unescaped `<`, `>`, `&` are refused like Telegram's "can't parse entities");
  callback data must be 1–64 bytes; a callback answer's URL must be a t.me link to this bot;
- a private chat is writable only after its user sent something to the bot (403 otherwise), and a
  user who blocked the bot gets 403 again; a migrated group answers 400 with `migrate_to_chat_id`;
- errors can be injected per method (`fail`) — 429 with retry_after, 403, 400 — for the next N calls.

`feed(update)` queues an update and waits until the bot has processed it: with
`start_polling(handle_as_tasks=False)` the next `getUpdates` call comes only after the previous batch
was handled, so no sleeps are needed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web
from aiohttp.test_utils import TestServer

TOKEN = "123456789:TEST-token-for-the-fake-api"
BOT_ID = 123456789
BOT_USERNAME = "kozyr_test_bot"
JSON_FIELDS = {
    "reply_markup",
    "commands",
    "scope",
    "allowed_updates",
    "link_preview_options",
    "reply_parameters",
}
TAG = re.compile(r"</?(b|strong|i|em|u|ins|s|strike|del|code|pre|a|tg-spoiler|blockquote)(\s[^>]*)?>")
ENTITY = re.compile(r"&(lt|gt|amp|quot|#\d+);")


@dataclass
class Call:
    method: str
    params: dict[str, Any]
    at: float
    ok: bool = True
    error: str = ""


@dataclass
class Msg:
    chat_id: int
    message_id: int
    text: str
    markup: dict[str, Any] | None
    thread: int | None = None
    deleted: bool = False
    edits: int = 0
    photo: bytes | None = None  # a sendPhoto's picture (its caption is `text`)
    document: bytes | None = None  # a sendDocument's file (its caption is `text`)

    def buttons(self) -> list[dict[str, Any]]:
        rows = (self.markup or {}).get("inline_keyboard", [])
        return [b for row in rows for b in row]

    def tokens(self) -> list[str]:
        return [b["callback_data"] for b in self.buttons() if "callback_data" in b]


@dataclass
class Failure:
    method: str
    status: int
    description: str
    parameters: dict[str, Any] | None = None
    times: int = 1
    when: Callable[[dict[str, Any]], bool] | None = None


class ApiError(Exception):
    def __init__(self, status: int, description: str, parameters: dict[str, Any] | None = None) -> None:
        super().__init__(description)
        self.status = status
        self.description = description
        self.parameters = parameters


@dataclass
class _Queued:
    serial: int
    update: dict[str, Any]


@dataclass
class FakeBotAPI:
    clock: Callable[[], float] = time.monotonic
    calls: list[Call] = field(default_factory=list)
    chats: dict[int, dict[int, Msg]] = field(default_factory=lambda: defaultdict(dict))
    titles: dict[int, str] = field(default_factory=dict)
    admins: dict[int, set[int]] = field(default_factory=lambda: defaultdict(set))
    started: set[int] = field(default_factory=set)
    blocked: set[int] = field(default_factory=set)
    migrated: dict[int, int] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)
    callbacks: set[str] = field(default_factory=set)
    answers: Counter[str] = field(default_factory=Counter)
    answer_params: dict[str, dict[str, Any]] = field(default_factory=dict)
    commands: dict[tuple[str, str | None], list[dict[str, Any]]] = field(default_factory=dict)
    webhook: dict[str, Any] | None = None
    files: dict[str, bytes] = field(default_factory=dict)  # file_id → content, for getFile and downloads

    def __post_init__(self) -> None:
        self._queue: list[_Queued] = []
        self._serial = 0
        self._processed = 0  # every update with a serial ≤ this one has been handled
        self._served = 0
        self._changed = asyncio.Condition()
        self._closing = False
        self._next_message = 1000
        self._next_update = 1
        self._server: TestServer | None = None

    # -- server ---------------------------------------------------------------------------------
    async def start(self) -> str:
        app = web.Application()
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        app.router.add_route("GET", "/file/bot{token}/{path:.*}", self._download)
        self._server = TestServer(app, host="127.0.0.1")
        await self._server.start_server()
        return str(self._server.make_url("")).rstrip("/")

    async def close(self) -> None:
        self._closing = True
        async with self._changed:
            self._changed.notify_all()
        if self._server is not None:
            await self._server.close()

    async def _handle(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        if request.match_info["token"] != TOKEN:
            return web.json_response(
                {"ok": False, "error_code": 401, "description": "Unauthorized"}, status=401
            )
        params = dict(await request.post()) if request.can_read_body else {}
        params = {
            k: (json.loads(v) if k in JSON_FIELDS and isinstance(v, str) else v) for k, v in params.items()
        }
        call = Call(method, params, self.clock())
        if method != "getUpdates":
            self.calls.append(call)
        handler = getattr(self, f"_m_{method}", None)
        if handler is None:
            call.ok, call.error = False, "Not Found: method not found"
            return web.json_response({"ok": False, "error_code": 404, "description": call.error}, status=404)
        try:
            self._injected(method, params)
            result = await handler(params)
        except ApiError as e:
            call.ok, call.error = False, e.description
            body: dict[str, Any] = {"ok": False, "error_code": e.status, "description": e.description}
            if e.parameters:
                body["parameters"] = e.parameters
            return web.json_response(body, status=e.status)
        await self._notify()
        return web.json_response({"ok": True, "result": result})

    async def _download(self, request: web.Request) -> web.Response:
        """A file's content at the path getFile gave (`documents/<file_id>`)."""
        file_id = request.match_info["path"].removeprefix("documents/")
        if request.match_info["token"] != TOKEN or file_id not in self.files:
            return web.Response(status=404)
        return web.Response(body=self.files[file_id])

    async def _m_getFile(self, p: dict[str, Any]) -> dict[str, Any]:
        file_id = str(p.get("file_id"))
        if file_id not in self.files:
            raise ApiError(400, "Bad Request: invalid file_id")
        size = len(self.files[file_id])
        return {"file_id": file_id, "file_unique_id": f"u{file_id}", "file_size": size,
                "file_path": f"documents/{file_id}"}  # fmt: skip

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def wait_for(self, predicate: Callable[[], bool]) -> None:
        """Until `predicate()` holds (checked after every successful call): for bots polling on their own."""
        async with self._changed:
            await self._changed.wait_for(lambda: predicate() or self._closing)

    def _injected(self, method: str, params: dict[str, Any]) -> None:
        for f in self.failures:
            if f.method == method and f.times > 0 and (f.when is None or f.when(params)):
                f.times -= 1
                raise ApiError(f.status, f.description, f.parameters)

    # -- controls for tests ---------------------------------------------------------------------
    def fail(
        self,
        method: str,
        status: int,
        description: str,
        *,
        parameters: dict[str, Any] | None = None,
        times: int = 1,
        when: Callable[[dict[str, Any]], bool] | None = None,
    ) -> Failure:
        f = Failure(method, status, description, parameters, times, when)
        self.failures.append(f)
        return f

    def rate_limit(self, method: str, seconds: int, times: int = 1, **kw: Any) -> Failure:
        desc = f"Too Many Requests: retry after {seconds}"
        return self.fail(method, 429, desc, parameters={"retry_after": seconds}, times=times, **kw)

    def next_update_id(self) -> int:
        self._next_update += 1
        return self._next_update

    async def feed(self, update: dict[str, Any]) -> None:
        """Queue an update (served by getUpdates even if its id was confirmed) and wait until handled."""
        self._note_sender(update)
        async with self._changed:
            self._serial += 1
            serial = self._serial
            self._queue.append(_Queued(serial, update))
            self._changed.notify_all()
            await self._changed.wait_for(lambda: self._processed >= serial or self._closing)

    def _note_sender(self, update: dict[str, Any]) -> None:
        """A user who writes to the bot in private may be written to (unless they block it later)."""
        message = update.get("message")
        if message and message["chat"]["type"] == "private":
            self.started.add(message["from"]["id"])
        if "callback_query" in update:
            self.callbacks.add(update["callback_query"]["id"])
        for part in ("message", "callback_query"):
            chat = (update.get(part) or {}).get("chat") or (
                (update.get(part) or {}).get("message") or {}
            ).get("chat")
            if chat and chat.get("title"):
                self.titles[chat["id"]] = chat["title"]

    # -- queries --------------------------------------------------------------------------------
    def api_calls(self, *methods: str) -> list[Call]:
        return [c for c in self.calls if not methods or c.method in methods]

    def messages(self, chat_id: int, *, live: bool = True) -> list[Msg]:
        return [m for m in self.chats[chat_id].values() if not (live and m.deleted)]

    def last(self, chat_id: int) -> Msg | None:
        live = self.messages(chat_id)
        return live[-1] if live else None

    def texts_sent_to(self, chat_id: int) -> list[str]:
        """Every text ever sent to or edited into this chat."""
        return [
            str(c.params.get("text", c.params.get("caption", "")))
            for c in self.calls
            if c.method in ("sendMessage", "editMessageText", "sendPhoto")
            and int(c.params.get("chat_id", 0)) == chat_id
        ]

    def markups_sent(self) -> list[dict[str, Any]]:
        return [
            c.params["reply_markup"] for c in self.calls if isinstance(c.params.get("reply_markup"), dict)
        ]

    # -- methods --------------------------------------------------------------------------------
    async def _m_getMe(self, _p: dict[str, Any]) -> dict[str, Any]:
        return {"id": BOT_ID, "is_bot": True, "first_name": "Kozyr", "username": BOT_USERNAME}

    async def _m_getUpdates(self, p: dict[str, Any]) -> list[dict[str, Any]]:
        timeout = float(p.get("timeout", 0))
        async with self._changed:
            # a new poll means the batch served before has been handled (sequential polling)
            self._processed = self._served
            self._changed.notify_all()
            if not self._queue and timeout and not self._closing:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(
                        self._changed.wait_for(lambda: self._queue or self._closing), timeout
                    )
            batch, self._queue = self._queue[:100], self._queue[100:]
            if batch:
                self._served = batch[-1].serial
            return [q.update for q in batch]

    async def _m_deleteWebhook(self, _p: dict[str, Any]) -> bool:
        self.webhook = None
        return True

    async def _m_setWebhook(self, p: dict[str, Any]) -> bool:
        self.webhook = p
        return True

    async def _m_setMyCommands(self, p: dict[str, Any]) -> bool:
        commands = p.get("commands") or []
        if not 1 <= len(commands) <= 100:
            raise ApiError(400, "Bad Request: BOT_COMMANDS_TOO_MUCH")
        for c in commands:
            if (
                not re.fullmatch(r"[a-z0-9_]{1,32}", c.get("command", ""))
                or not 1 <= len(c.get("description", "")) <= 256
            ):
                raise ApiError(400, "Bad Request: BOT_COMMAND_INVALID")
        scope = (p.get("scope") or {}).get("type", "default")
        self.commands[(scope, p.get("language_code"))] = commands
        return True

    async def _m_getChatAdministrators(self, p: dict[str, Any]) -> list[dict[str, Any]]:
        chat_id = int(p["chat_id"])
        if chat_id > 0:
            raise ApiError(400, "Bad Request: there are no administrators in the private chat")
        return [
            {"status": "creator", "user": _user(uid), "is_anonymous": False}
            for uid in sorted(self.admins[chat_id])
        ]

    async def _m_getChatMember(self, p: dict[str, Any]) -> dict[str, Any]:
        chat_id, uid = int(p["chat_id"]), int(p["user_id"])
        status = "creator" if uid in self.admins[chat_id] else "member"
        body: dict[str, Any] = {"status": status, "user": _user(uid)}
        if status == "creator":
            body["is_anonymous"] = False
        return body

    def _chat_of(self, p: dict[str, Any]) -> int:
        chat_id = int(p["chat_id"])
        if chat_id in self.migrated:
            raise ApiError(
                400,
                "Bad Request: group chat was upgraded to a supergroup chat",
                {"migrate_to_chat_id": self.migrated[chat_id]},
            )
        if chat_id > 0 and chat_id in self.blocked:
            raise ApiError(403, "Forbidden: bot was blocked by the user")
        if chat_id > 0 and chat_id not in self.started:
            raise ApiError(403, "Forbidden: bot can't initiate conversation with a user")
        return chat_id

    async def _m_sendMessage(self, p: dict[str, Any]) -> dict[str, Any]:
        chat_id = self._chat_of(p)
        text = _checked_text(str(p.get("text", "")), p.get("parse_mode"))
        markup = _checked_markup(p.get("reply_markup"))
        self._next_message += 1
        thread = int(p["message_thread_id"]) if p.get("message_thread_id") else None
        msg = Msg(chat_id, self._next_message, text, markup, thread)
        self.chats[chat_id][msg.message_id] = msg
        return self._message_json(msg)

    async def _m_sendPhoto(self, p: dict[str, Any]) -> dict[str, Any]:
        chat_id = self._chat_of(p)
        photo = p.get("photo")
        if isinstance(photo, str) and photo.startswith("attach://"):  # aiogram uploads the file beside it
            photo = p.get(photo.removeprefix("attach://"))
        if not isinstance(photo, web.FileField):
            raise ApiError(400, "Bad Request: there is no photo in the request")
        data = photo.file.read()
        if not data.startswith(b"\x89PNG") or len(data) > 10 * 1024 * 1024:
            raise ApiError(400, "Bad Request: IMAGE_PROCESS_FAILED")
        caption = str(p.get("caption", ""))
        if caption:
            _checked_text(caption, p.get("parse_mode"))
            if len(TAG.sub("", caption)) > 1024:
                raise ApiError(400, "Bad Request: message caption is too long")
        markup = _checked_markup(p.get("reply_markup"))
        self._next_message += 1
        thread = int(p["message_thread_id"]) if p.get("message_thread_id") else None
        msg = Msg(chat_id, self._next_message, caption, markup, thread, photo=data)
        self.chats[chat_id][msg.message_id] = msg
        return self._message_json(msg)

    def _find(self, p: dict[str, Any], missing: str) -> Msg:
        chat_id = self._chat_of(p)
        msg = self.chats[chat_id].get(int(p["message_id"]))
        if msg is None or msg.deleted:
            raise ApiError(400, f"Bad Request: {missing}")
        return msg

    async def _m_sendDocument(self, p: dict[str, Any]) -> dict[str, Any]:
        chat_id = self._chat_of(p)
        document = p.get("document")
        if isinstance(document, str) and document.startswith("attach://"):
            document = p.get(document.removeprefix("attach://"))
        if not isinstance(document, web.FileField):
            raise ApiError(400, "Bad Request: there is no document in the request")
        caption = _checked_text(str(p.get("caption", "")), p.get("parse_mode"))
        self._next_message += 1
        msg = Msg(chat_id, self._next_message, caption, None, document=document.file.read())
        self.chats[chat_id][msg.message_id] = msg
        return self._message_json(msg)

    async def _m_editMessageText(self, p: dict[str, Any]) -> dict[str, Any]:
        msg = self._find(p, "message to edit not found")
        if msg.photo is not None:
            raise ApiError(400, "Bad Request: there is no text in the message to edit")
        text = _checked_text(str(p.get("text", "")), p.get("parse_mode"))
        markup = _checked_markup(p.get("reply_markup"))
        if text == msg.text and _same_markup(markup, msg.markup):
            raise ApiError(
                400,
                "Bad Request: message is not modified: specified new message content and reply markup are "
                "exactly the same as a current content and reply markup of the message",
            )
        msg.text, msg.markup = text, markup
        msg.edits += 1
        return self._message_json(msg)

    async def _m_editMessageCaption(self, p: dict[str, Any]) -> dict[str, Any]:
        msg = self._find(p, "message to edit not found")
        if msg.photo is None:
            raise ApiError(400, "Bad Request: there is no caption in the message to edit")
        text = _checked_text(str(p.get("caption", "")), p.get("parse_mode"))
        markup = _checked_markup(p.get("reply_markup"))
        if text == msg.text and _same_markup(markup, msg.markup):
            raise ApiError(400, "Bad Request: message is not modified")
        msg.text, msg.markup = text, markup
        msg.edits += 1
        return self._message_json(msg)

    async def _m_editMessageReplyMarkup(self, p: dict[str, Any]) -> dict[str, Any]:
        msg = self._find(p, "message to edit not found")
        markup = _checked_markup(p.get("reply_markup"))
        if _same_markup(markup, msg.markup):
            raise ApiError(400, "Bad Request: message is not modified")
        msg.markup = markup
        msg.edits += 1
        return self._message_json(msg)

    async def _m_deleteMessage(self, p: dict[str, Any]) -> bool:
        msg = self._find(p, "message to delete not found")
        msg.deleted = True
        return True

    async def _m_answerCallbackQuery(self, p: dict[str, Any]) -> bool:
        qid = str(p["callback_query_id"])
        if qid not in self.callbacks or self.answers[qid]:
            self.answers[qid] += 1
            raise ApiError(
                400, "Bad Request: query is too old and response timeout expired or query ID is invalid"
            )
        self.answers[qid] += 1
        self.answer_params[qid] = p
        text = str(p.get("text", ""))
        if len(text) > 200:
            raise ApiError(400, "Bad Request: MESSAGE_TOO_LONG")
        url = p.get("url")
        if url and not re.fullmatch(rf"https://t\.me/{BOT_USERNAME}\?start=[A-Za-z0-9_-]{{1,64}}", str(url)):
            raise ApiError(400, "Bad Request: URL_INVALID")
        return True

    def _message_json(self, msg: Msg) -> dict[str, Any]:
        if msg.chat_id > 0:
            chat: dict[str, Any] = {"id": msg.chat_id, "type": "private", "first_name": f"U{msg.chat_id}"}
        else:
            kind = "group" if msg.chat_id > -1_000_000_000_000 else "supergroup"
            chat = {"id": msg.chat_id, "type": kind, "title": self.titles.get(msg.chat_id, "Group")}
        body: dict[str, Any] = {
            "message_id": msg.message_id,
            "date": 1_700_000_000,
            "chat": chat,
            "from": {"id": BOT_ID, "is_bot": True, "first_name": "Kozyr", "username": BOT_USERNAME},
            "text": TAG.sub("", msg.text),
        }
        if msg.photo is not None or msg.document is not None:
            del body["text"]
            body["caption"] = TAG.sub("", msg.text)
        if msg.photo is not None:
            body["photo"] = [
                {"file_id": f"photo{msg.message_id}", "file_unique_id": "u", "width": 1, "height": 1}
            ]
        if msg.document is not None:
            body["document"] = {"file_id": f"doc{msg.message_id}", "file_unique_id": "u"}
        if msg.markup and msg.markup.get("inline_keyboard"):
            body["reply_markup"] = msg.markup
        if msg.thread is not None:
            body["message_thread_id"] = msg.thread
            body["is_topic_message"] = True
        return body


def _user(uid: int) -> dict[str, Any]:
    return {"id": uid, "is_bot": False, "first_name": f"User{uid}"}


def _checked_text(text: str, parse_mode: Any) -> str:
    if parse_mode == "HTML":
        plain = ENTITY.sub("x", TAG.sub("", text))
        if any(ch in plain for ch in "<>&"):
            raise ApiError(
                400, "Bad Request: can't parse entities: unsupported start tag or unescaped character"
            )
    else:
        plain = text
    if not plain.strip():
        raise ApiError(400, "Bad Request: message text is empty")
    if len(plain) > 4096:
        raise ApiError(400, "Bad Request: message is too long")
    return text


def _checked_markup(markup: Any) -> dict[str, Any] | None:
    if markup is None:
        return None
    for row in markup.get("inline_keyboard", []):
        for b in row:
            kinds = [k for k in ("url", "callback_data") if k in b]
            if len(kinds) != 1 or not b.get("text"):
                raise ApiError(400, "Bad Request: BUTTON_TYPE_INVALID")
            if "callback_data" in b and not 1 <= len(b["callback_data"].encode()) <= 64:
                raise ApiError(400, "Bad Request: BUTTON_DATA_INVALID")
            if "url" in b and not re.match(r"(https?|tg)://", b["url"]):
                raise ApiError(400, "Bad Request: BUTTON_URL_INVALID")
            if b.get("style") not in (None, "primary", "success", "danger"):
                raise ApiError(400, "Bad Request: BUTTON_STYLE_INVALID")
    return markup


def _same_markup(a: dict[str, Any] | None, b: dict[str, Any] | None) -> bool:
    return ((a or {}).get("inline_keyboard") or []) == ((b or {}).get("inline_keyboard") or [])
