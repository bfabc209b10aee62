"""Helpers for host tests: a recording front end, users, a chat, a clock you can move."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from redis.asyncio.connection import AbstractConnection

from bot.core.api import ChatRef, Press, UserRef
from bot.core.config import Settings
from bot.core.host import Host
from bot.core.outcome import Delivery, HandTarget, Screen, TableTarget

CHAT = ChatRef(platform="console", id="group-1", title="Friends")


def user(n: int, lang: str = "en") -> UserRef:
    return UserRef(platform="console", id=f"u{n}", name=f"User{n}", lang=lang)


class Clock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Recorder:
    """A front end that keeps every delivery; `hand(user)` is the newest hand screen of that user."""

    platform = "console"

    def __init__(self) -> None:
        self.deliveries: list[Delivery] = []

    async def deliver(self, deliveries: Sequence[Delivery]) -> None:
        self.deliveries.extend(deliveries)

    def hand(self, u: UserRef) -> Screen | None:
        for d in reversed(self.deliveries):
            if isinstance(d.target, HandTarget) and d.target.user.key == u.key:
                return d.screen
        return None

    def table(self) -> Screen | None:
        for d in reversed(self.deliveries):
            if isinstance(d.target, TableTarget):
                return d.screen
        return None

    def tokens(self, u: UserRef) -> list[str]:
        screen = self.hand(u)
        return [b.token for row in screen.buttons for b in row if b.token] if screen else []

    def table_button(self, label_start: str) -> str:
        """The token of the table message's button whose label starts so."""
        screen = self.table()
        assert screen is not None
        for row in screen.buttons:
            for b in row:
                if b.label.startswith(label_start) and b.token:
                    return b.token
        raise AssertionError(f"no button {label_start!r} in {screen}")

    def public(self) -> list[Delivery]:
        return [d for d in self.deliveries if not isinstance(d.target, HandTarget)]


def make_host(store, clock: Clock | None = None, **settings) -> tuple[Host, Recorder]:
    cfg = Settings(**{"ai_delay": 0, "search_budget": 0.02, **settings})
    host = Host(store, cfg, clock=clock or Clock())
    rec = Recorder()
    host.attach(rec)
    return host, rec


async def press_first_until_over(host: Host, rec: Recorder, who: UserRef, limit: int = 500) -> None:
    """Let `who` press their first button until they have none: a person who always takes the first choice."""
    for _ in range(limit):
        await host.settle()
        tokens = rec.tokens(who)
        if not tokens:
            return
        out = await host.handle(Press(user=who, token=tokens[0], chat=CHAT))
        assert out.reply is None or not out.reply.alert, out.reply


class RoundTrips:
    """Counts Redis round trips: every write to a server socket (a command, or a whole pipeline).

    `with RoundTrips() as rt: ...` then `rt.count`. Counts every client in the process (real servers only:
    fakeredis has no sockets).
    """

    def __init__(self) -> None:
        self.count = 0
        self._original: Any = None

    def __enter__(self) -> RoundTrips:
        self._original = original = AbstractConnection.send_packed_command
        counter = self

        async def send(conn: AbstractConnection, command: Any, *args: Any, **kwargs: Any) -> None:
            counter.count += 1
            await original(conn, command, *args, **kwargs)

        AbstractConnection.send_packed_command = send  # type: ignore[method-assign]
        return self

    def __exit__(self, *_: object) -> None:
        AbstractConnection.send_packed_command = self._original  # type: ignore[method-assign]
