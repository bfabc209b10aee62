"""The ports between the host and the front ends: what each sees of the other."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.core.api import AnyCommand, Platform, UserRef
from bot.core.outcome import Delivery, Outcome


class Frontend(Protocol):
    """A chat front end as the host sees it: it shows deliveries on its platform."""

    platform: Platform

    async def deliver(self, deliveries: Sequence[Delivery]) -> None:
        """Queue these views for sending (edit in place, coalesce, pace); must not block for long."""


class HostPort(Protocol):
    """The host as a front end sees it.

    `handle` answers one command. Every delivery it causes — and those of AI moves and deadlines
    swept in the background — is pushed to the attached front end of the table's platform, so an
    adapter only shows `Outcome.reply` to the user who acted (`Outcome.deliveries` repeats them for
    tests and the console).
    """

    def attach(self, frontend: Frontend) -> None: ...

    async def handle(self, command: AnyCommand) -> Outcome: ...

    async def unreachable(self, user: UserRef, table: str) -> None:
        """The platform refused to write to `user` (never started the bot, blocked DMs)."""

    async def reconcile(self, platform: str) -> int:
        """Send what differs between the platform's messages and the committed tables (at start)."""

    async def reachable(self, user: UserRef) -> bool:
        """The platform can write to `user` again (they started the bot, opened their DMs); False if
        that could not be stored."""
