"""The table host: commands in, views out. Platform-neutral; never imports a chat library.

`Host.handle` takes one command from a front end, reads what it needs in one round trip, and routes it
by its type to the one handler that owns it (`bot/core/handlers/`, a module per feature). Every handler
changes tables through the one commit path, `House.change`, and what changed is pushed to the front end
of the table's platform. The rest of the public face — the sweep, reconcile, reachability — is the
handlers' too; the host only calls them.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from bot.core import heap, metrics
from bot.core.api import AnyCommand, Press, UserRef
from bot.core.config import Settings
from bot.core.handlers import background, lobby, newtable, play, prefs, press, scores
from bot.core.history import Deal
from bot.core.house import Handler, House
from bot.core.i18n import for_platform, has, normalize_language, t
from bot.core.outcome import Outcome, Reply
from bot.core.ports import Frontend
from bot.core.render import pretty_params, quote
from bot.core.tokens import decode
from games.base import GameError
from storage import Duplicate, Store, Unavailable

log = logging.getLogger(__name__)

ROUTERS = (lobby.ROUTES, play.ROUTES, press.ROUTES, newtable.ROUTES, prefs.ROUTES, scores.ROUTES)
ROUTES: dict[type, Handler] = {kind: handler for routes in ROUTERS for kind, handler in routes.items()}


class Host(House):
    def __init__(self, store: Store, settings: Settings, *, clock: Callable[[], float] = time.time) -> None:
        super().__init__(store, settings, clock=clock)
        # updates handled at once: the rest wait their turn here, not for a Redis connection
        self._updates = asyncio.Semaphore(settings.update_concurrency)

    def attach(self, frontend: Frontend) -> None:
        self.frontends[frontend.platform] = frontend
        heap.settle()  # serving from now on: what is loaded by now leaves the collector's full scans

    # -- the entry point ------------------------------------------------------------------------
    async def handle(self, command: AnyCommand) -> Outcome:
        metrics.command(command.kind)
        async with self._updates:  # a burst waits here, never for a Redis connection past its timeout
            outcome = await self._handle(command)
        await self.push(outcome.deliveries)
        return outcome

    async def _handle(self, command: AnyCommand) -> Outcome:
        lang = normalize_language(command.user.lang, self.settings.default_language)
        claim = f"update:{command.user.platform}:{command.update_id}" if command.update_id else None
        table_id = self._pressed_table(command)
        # a press on a table is claimed by the commit it makes (the table keeps its last update ids)
        update = command.update_id if table_id is not None else None
        try:
            # one round trip: the user's language, the update's claim and, for a button, its table (and
            # then the language of their seat there: their preferences are not read unless they have none)
            user, by_seat = command.user.key, update is not None
            begun = await self.store.begin(user, claim, table_id, update=update, lang=not by_seat)
            stored, claimed, found = begun
            if by_seat and stored is None:  # no seat there (or a table stored before seats' languages)
                stored = await self.store.get_user_lang(user)
            lang = stored or lang
            if not claimed:
                return Outcome()  # the platform delivered this update twice
            handler = ROUTES.get(type(command))
            if handler is None:
                raise GameError("illegal_action", action=command.kind)
            with self.preloaded(table_id, found, update):
                return await handler(self, command, lang)
        except Duplicate:
            return Outcome()  # applied already (by another worker, to which the platform sent it too)
        except GameError as e:
            metrics.error(e.code)
            return Outcome(reply=Reply(text=self.error_text(e, lang, command.user.platform), alert=True))
        except Unavailable:
            metrics.error("storage_unavailable")
            log.warning("storage unavailable while handling %s", command.kind)
            if claim and update is None:
                await self._release(claim)
            return Outcome(reply=Reply(text=t(lang, "error.try_again"), alert=True))

    def _pressed_table(self, command: AnyCommand) -> str | None:
        """The table a button press is for (read with the first round trip), if the token is valid."""
        if not isinstance(command, Press):
            return None
        try:
            return decode(self.secret, command.token).table
        except GameError:
            return None

    async def _release(self, claim: str) -> None:
        try:
            await self.store.release(claim)
        except Unavailable:
            log.warning("could not release the claim of a failed update")

    def error_text(self, e: GameError, lang: str, platform: str | None = None) -> str:
        """The error in the user's language; a text parameter (often what they typed: a game's name, an
        option's value) is quoted short, so a long one never makes the answer too long to send."""
        game = e.params.get("game_key")
        shown = {k: quote(v) if isinstance(v, str) else v for k, v in e.params.items() if k != "game_key"}
        params = pretty_params(shown)
        for key in (f"{game}.error.{e.code}", f"error.{e.code}"):
            if (game is not None or key.startswith("error.")) and has(key):
                return t(lang, for_platform(key, platform), **params)
        return t(lang, "error.illegal_action")

    # -- what front ends and the service call besides `handle` (`HostPort`) ------------------------
    async def unreachable(self, user: UserRef, table: str) -> None:
        """The platform refused to write to `user`: say so at the table, once."""
        await prefs.unreachable(self, user, table)

    async def reachable(self, user: UserRef) -> bool:
        """The platform can write to `user` again; False when that could not all be stored."""
        return await prefs.reachable(self, user)

    async def reconcile(self, platform: str, limit: int = 100_000) -> int:
        """Send what differs between the platform's messages and the committed tables (at start)."""
        return await background.reconcile(self, platform, limit)

    async def history(self, table_id: str) -> list[Deal]:
        """The table's public move history: the previous deal and the current one (the last), oldest first."""
        return await scores.history(self, table_id)

    # -- the sweep and the AI -----------------------------------------------------------------------
    async def run_due(self, now: float | None = None, *, ai_only: bool = False) -> int:
        """Make every move that is due by `now`: AI turns, and the AI playing for late people."""
        return await background.run_due(self, now, ai_only=ai_only)

    async def settle(self, limit: int = 100_000) -> int:
        """Play every AI move that is waiting, at once (tests, the console); count the finished games."""
        return await background.settle(self, limit)

    async def background(self, stop: asyncio.Event, tick: float = 0.25) -> None:
        """Play due tables until `stop` is set: AI moves and timed-out turns, shared by every worker."""
        await background.background(self, stop, tick)

    async def warm(self) -> None:
        """Start the AI's processes now rather than at its first move."""
        await self.thinker.warm()

    async def aclose(self) -> None:
        """At a stop: finish counting the games that just ended, stop the AI's processes."""
        await self.flush()
        await self.thinker.aclose()
