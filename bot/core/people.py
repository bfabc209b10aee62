"""What a chat adapter knows about a person: their language, and whether it may write to them privately.

Both adapters share this. The flag lives in storage (shared by workers); each process caches the good
news only, so a private press costs no storage read, while bad news is always read fresh. Changes go
through the host, which stores the flag and marks or unmarks the person's seat at their tables.
"""

from __future__ import annotations

import logging
from typing import Protocol

from bot.core.api import UserRef
from bot.core.i18n import normalize_language
from bot.core.ports import HostPort

log = logging.getLogger(__name__)


class Prefs(Protocol):
    """What the adapter keeps per user (storage.Store provides it)."""

    async def is_reachable(self, user: str) -> bool | None: ...

    async def mark_reachable(self, user: str, ok: bool) -> None: ...

    async def get_user_lang(self, user: str) -> str | None: ...


class MemoryPrefs:
    """Prefs in dicts: for tests and runs without storage."""

    def __init__(self) -> None:
        self.reach: dict[str, bool] = {}
        self.langs: dict[str, str] = {}

    async def is_reachable(self, user: str) -> bool | None:
        return self.reach.get(user)

    async def mark_reachable(self, user: str, ok: bool) -> None:
        self.reach[user] = ok

    async def get_user_lang(self, user: str) -> str | None:
        return self.langs.get(user)


class People:
    def __init__(self, host: HostPort, prefs: Prefs | None, default_language: str = "en") -> None:
        self.host = host
        self.prefs: Prefs = prefs or MemoryPrefs()
        self.default_language = default_language
        self._reachable: set[str] = set()

    async def reachable(self, user: UserRef) -> bool | None:
        """True: private messages reach them; False: the platform refused one; None: nobody knows yet."""
        if user.key in self._reachable:
            return True
        try:
            ok = await self.prefs.is_reachable(user.key)
        except Exception:
            return None
        if ok:
            self._reachable.add(user.key)
        return ok

    async def reached(self, user: UserRef) -> None:
        """They started the bot, or a private message went through."""
        if user.key not in self._reachable and await self.host.reachable(user):
            self._reachable.add(user.key)

    async def refused(self, user: UserRef, table: str) -> None:
        """The platform refused a private message to them (the outbox's `on_unreachable`)."""
        self._reachable.discard(user.key)
        await self.host.unreachable(user, table)

    async def try_again(self, user: UserRef) -> None:
        """They asked for their hand: forget a refusal, so the next private message is attempted."""
        try:
            if await self.prefs.is_reachable(user.key) is False:
                await self.prefs.mark_reachable(user.key, True)
        except Exception:
            log.warning("could not reset the private-message flag of %s", user.key)

    async def lang_of(self, user: UserRef) -> str:
        """The user's language for the adapter's own strings (their /lang, else the platform's)."""
        try:
            stored = await self.prefs.get_user_lang(user.key)
        except Exception:
            stored = None
        return stored or normalize_language(user.lang, self.default_language)
