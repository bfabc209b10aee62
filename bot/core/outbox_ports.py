"""What the outbox (`bot.core.outbox`) works with: the platform's calls (`Transport`) and its answers
(`RetryAfter`, `Unreachable`, `MessageGone`), where the messages' ids are kept (`MessageIds`), and the
lanes' pace (`LaneLimit`, `Pacer`). A chat adapter implements the first; `storage` the others in Redis.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot.core.outcome import ChatTarget, HandTarget, PingTarget, Screen, TableTarget

Target = TableTarget | HandTarget | ChatTarget | PingTarget


class RetryAfter(Exception):
    """The platform asks to wait `seconds` before the next call (Telegram 429, Discord rate limit)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(seconds)
        self.seconds = seconds


class Unreachable(Exception):
    """The recipient cannot be written to (the user never started the bot, blocked it, closed DMs)."""


class MessageGone(Exception):
    """The message to edit no longer exists or can no longer be edited: send a new one."""


class Transport(Protocol):
    """What a platform adapter provides: post, edit and delete one message."""

    async def post(self, target: Target, screen: Screen) -> str | None:
        """Send a new message; return its id (None for targets that are never edited)."""

    async def edit(self, target: Target, message_id: str, screen: Screen) -> None:
        """Edit in place; "not modified" is success; raise MessageGone when it cannot be edited."""

    async def delete(self, target: Target, message_id: str) -> None:
        """Best effort: remove a superseded message."""


class MessageIds(Protocol):
    """Where the platform message id of each logical message is kept (Redis, shared by workers), with
    the fingerprint of the view it last showed (`render.fingerprint`): an identical view is not sent."""

    async def get(self, target: Target) -> str | None: ...

    async def lookup(self, target: Target) -> tuple[str | None, str | None]:
        """(message id, fingerprint of the view it shows) in one read."""

    async def set(self, target: Target, message_id: str, shown: str | None = None) -> bool:
        """The target's new message and its view; False (not stored) when the stored message shows a
        newer table version (the write came late: another worker showed a newer view meanwhile)."""

    async def mark(self, target: Target, shown: str, message_id: str | None = None) -> bool:
        """The message now shows a view with this fingerprint; with `message_id`, False (not stored) when
        that message is no longer the target's."""

    async def forget(self, target: Target, message_id: str | None = None) -> bool:
        """Drop the target's id; with `message_id`, False (kept) when that is no longer the target's."""


@dataclass(frozen=True)
class LaneLimit:
    """Pace of one lane: calls at least `interval` seconds apart, and evenly spaced so that any minute
    holds at most `per_minute` of them."""

    interval: float = 0.0
    per_minute: int | None = None

    @property
    def spacing(self) -> float:
        return max(self.interval, 60.0 / self.per_minute if self.per_minute else 0.0)


class Pacer(Protocol):
    """The lanes' sending slots; `storage.RedisPacer` shares them between workers."""

    async def take(self, lane: str, interval: float, now: float) -> float:
        """0 when a call may go now (the slot is taken), else the seconds to wait."""

    async def hold(self, lane: str, until: float, now: float) -> None:
        """No call in this lane before `until` (the platform asked to wait)."""
