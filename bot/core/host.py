"""The table host: commands in, views out. Platform-neutral; never imports a chat library.

Every command that changes a table follows one path (`_mutate`): load the table, change a copy,
commit it with compare-and-set, and on a lost race start again from the fresh table — so concurrent
presses on several workers can never lose or double an update. After a commit the host renders the
table for the group and each seated person, compares with what the previous version rendered, and
pushes only what changed to the front end of the table's platform.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import random
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from contextvars import ContextVar
from typing import Any

import games
from bot.core import lobby, metrics, mine, play, render, sheet
from bot.core.api import (
    Act,
    AddBot,
    AnyCommand,
    Cancel,
    ChatRef,
    ChatTarget,
    CycleLevel,
    Delivery,
    EditOption,
    Frontend,
    HandTarget,
    Invite,
    Join,
    Kick,
    Leave,
    MoveChat,
    MyTables,
    NewTable,
    Notify,
    Outcome,
    Pick,
    PingTarget,
    Press,
    Rematch,
    RemoveBot,
    Reply,
    Screen,
    SetLanguage,
    SetOption,
    SetPings,
    SetPreset,
    ShowHand,
    ShowHistory,
    ShowLog,
    ShowPanel,
    ShowReplay,
    ShowRules,
    ShowSettings,
    ShowSheet,
    ShowStats,
    ShowTop,
    Start,
    TableCommand,
    TableTarget,
    UserRef,
)
from bot.core.config import Settings
from bot.core.history import Deal, deals
from bot.core.i18n import for_platform, has, normalize_language, t
from bot.core.scoreboard import Scoreboard, scope
from bot.core.table import PING_MODES, Seat, Table
from bot.core.thinking import Thinker
from bot.core.tokens import decode, digest, encode
from games.base import Game, GameError, Offer
from storage import Conflict, Store, Unavailable

log = logging.getLogger(__name__)

Change = Callable[[Table], Awaitable[Any]]
RETRIES = 12
MEMO_SIZE = 2048  # table versions whose drawn screens a process remembers
STATES_SIZE = 64  # parsed game states (a change renders its old and new table several times)
# Table buttons whose meaning depends on the table they were drawn on (a seat number): any change stales them.
# Game moves and picks stay valid while legal for their person (`_fresh`); every other button is timeless.
VERSIONED = ("@kick:",)


# (table id, its stored (json, version)) read by `handle` with its first round trip, for `_change`
_PRELOADED: ContextVar[tuple[str, tuple[str, int]] | None] = ContextVar("preloaded", default=None)


class Stale(Exception):
    """A button drawn for an earlier version of the table."""


class Unchanged(Exception):
    """Nothing to commit (raised by a change function that found nothing to do)."""


class Host:
    def __init__(self, store: Store, settings: Settings, *, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.settings = settings
        self.clock = clock
        self.secret = settings.token_secret.get_secret_value().encode()
        self.frontends: dict[str, Frontend] = {}
        self._after_outage: set[asyncio.Task[int]] = set()  # reconciles under way after an outage
        # per process, bounded: game states parsed per state document, and the fingerprints of the
        # screens each committed (table, version) showed (the next change compares with them)
        self._states: OrderedDict[int, tuple[dict[str, Any], Any]] = OrderedDict()
        self._drawn: OrderedDict[tuple[str, int], dict[str, str]] = OrderedDict()
        self.scoreboard = Scoreboard(store)
        self._counting: set[asyncio.Task[None]] = set()  # finished games being counted (off the move's path)
        self.thinker = Thinker(settings.ai_processes)
        # updates handled at once: the rest wait their turn here, not for a Redis connection
        self._updates = asyncio.Semaphore(settings.update_concurrency)

    def attach(self, frontend: Frontend) -> None:
        self.frontends[frontend.platform] = frontend

    # -- the entry point ------------------------------------------------------------------------
    async def handle(self, command: AnyCommand) -> Outcome:
        metrics.command(command.kind)
        async with self._updates:  # a burst waits here, never for a Redis connection past its timeout
            outcome = await self._handle(command)
        await self._push(outcome.deliveries)
        return outcome

    async def _handle(self, command: AnyCommand) -> Outcome:
        lang = normalize_language(command.user.lang, self.settings.default_language)
        claim = f"update:{command.user.platform}:{command.update_id}" if command.update_id else None
        table_id = self._pressed_table(command)
        try:
            # one round trip: the user's language, the update's claim and, for a button, its table
            stored, claimed, found = await self.store.begin(command.user.key, claim, table_id)
            lang = stored or lang
            if not claimed:
                return Outcome()  # the platform delivered this update twice
            token = _PRELOADED.set((table_id, found) if table_id and found else None)
            try:
                return await self._dispatch(command, lang)
            finally:
                _PRELOADED.reset(token)
        except GameError as e:
            metrics.error(e.code)
            return Outcome(reply=Reply(text=self.error_text(e, lang, command.user.platform), alert=True))
        except Unavailable:
            metrics.error("storage_unavailable")
            log.warning("storage unavailable while handling %s", command.kind)
            if claim:
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

    async def unreachable(self, user: UserRef, table: str) -> None:
        """The platform refused to write to `user`: say so at the table, once."""

        async def change(tbl: Table) -> None:
            seat = tbl.seat_of(user)
            if seat is None or tbl.seats[seat].unreachable or not tbl.open:
                raise Unchanged
            tbl.seats[seat].unreachable = True
            tbl.note("host.log.no_dm", seat=seat)

        try:
            await self.store.mark_reachable(user.key, False)
            old, new = await self._change(table, change)
            views = self._views(old, new)
            seat = new.seat_of(user)
            playing = new is not old and new.status == "playing" and new.state is not None
            if (
                playing
                and seat is not None
                and new.seats[seat].pinged
                and seat in games.get(new.game).to_act(self._state(new))
            ):
                views.append(self._ping(new, seat))  # the turn alert just failed: tell them here
            await self._push(views)
        except (GameError, Unavailable):
            log.info("could not record an unreachable player at table %s", table)

    async def reachable(self, user: UserRef) -> bool:
        """The platform can write to `user` again (they started the bot, a DM went through).

        False when it could not all be stored: the adapter then tells the host again next time.
        """

        async def change(tbl: Table) -> None:
            seat = tbl.seat_of(user)
            if seat is None or not tbl.seats[seat].unreachable:
                raise Unchanged
            tbl.seats[seat].unreachable = False

        try:
            await self.store.mark_reachable(user.key, True)
            for table in await self.store.tables_of_user(user.key):
                old, new = await self._change(table, change)
                await self._push(self._views(old, new))
        except (GameError, Unavailable):
            log.info("could not record that a player is reachable again")
            return False
        return True

    async def history(self, table_id: str) -> list[Deal]:
        """The table's public move history: the previous deal and the current one (the last), oldest first."""
        return deals(await self.store.history(table_id))

    def error_text(self, e: GameError, lang: str, platform: str | None = None) -> str:
        game = e.params.get("game_key")
        params = render.pretty_params({k: v for k, v in e.params.items() if k != "game_key"})
        for key in (f"{game}.error.{e.code}", f"error.{e.code}"):
            if (game is not None or key.startswith("error.")) and has(key):
                return t(lang, for_platform(key, platform), **params)
        return t(lang, "error.illegal_action")

    # -- dispatch -------------------------------------------------------------------------------
    async def _dispatch(self, cmd: AnyCommand, lang: str) -> Outcome:
        match cmd:
            case NewTable():
                return await self._new_table(cmd, lang)
            case Press():
                return await self._press(cmd, lang)
            case ShowRules():
                return await self._rules(cmd, lang)
            case SetLanguage():
                return await self._set_language(cmd)
            case SetPings():
                return await self._set_pings(cmd, lang)
            case MyTables():
                return await self._my_tables(cmd, lang)
            case Notify():
                watching = await self.store.toggle_watch(_watched(cmd.chat), cmd.user.key)
                return Outcome(reply=Reply(text=t(lang, "notify.on" if watching else "notify.off")))
            case MoveChat():
                return await self._move_chat(cmd)
            case ShowHand():
                return await self._show_hand(cmd, lang)
            case Rematch() if cmd.table:
                return await self._rematch(cmd.table, cmd, lang)
            case ShowStats() | ShowTop() | ShowHistory() | ShowReplay() | ShowSheet():
                return await self._scores(cmd, lang)
            case TableCommand():
                table_id = await self._find_table(cmd)
                return await self._table_command(table_id, cmd, lang)
        raise GameError("illegal_action", action=cmd.kind)

    async def _table_command(
        self,
        table_id: str,
        cmd: TableCommand,
        lang: str,
        version: int | None = None,
    ) -> Outcome:
        now = self.clock()
        user, admin = cmd.user, cmd.is_chat_admin
        pings = await self.store.get_user_pings(user.key) if isinstance(cmd, Join) else None

        async def change(tbl: Table) -> None:
            game = games.get(tbl.game)
            old_button = version is not None and version != tbl.version
            if old_button:
                self._fresh(tbl, cmd, version)
            self._touch_lang(tbl, user, lang)
            match cmd:
                case Join():
                    lobby.join(tbl, game, user, lang, admin, cmd.seat)
                    if pings in PING_MODES and (seat := tbl.seat_of(user)) is not None:
                        tbl.seats[seat].pings = pings
                case Leave():
                    lobby.leave(tbl, game, user)
                case AddBot():
                    preferred = self.settings.ai_level if self.settings.ai_level in game.bot_levels else None
                    lobby.add_bot(tbl, game, cmd.level or preferred)
                case RemoveBot():
                    lobby.remove_bot(tbl, cmd.seat, game)
                case Start():
                    lobby.start(tbl, game, user, admin, now, self.settings.lobby_timeout)
                    play.record(tbl, game, game.load(tbl.state or {}), [], now, self.settings.ai_delay)
                case Cancel():
                    lobby.cancel(tbl, user, admin)
                case CycleLevel():
                    lobby.cycle_level(tbl, game, user, admin, cmd.seat)
                case Kick():
                    lobby.kick(tbl, game, user, admin, cmd.seat)
                    self._refresh_ai(tbl, game, now)
                case Invite():
                    lobby.invite(tbl, user, admin, cmd.guest)
                case SetOption():
                    lobby.set_option(tbl, game, user, admin, cmd.name, cmd.value)
                case ShowSettings():
                    lobby.toggle_settings(tbl, user, admin)
                case SetPreset():
                    lobby.set_preset(tbl, game, user, admin, cmd.name)
                case ShowPanel():
                    lobby.show_panel(tbl, game, user, admin, cmd.name)
                case EditOption():
                    lobby.edit_list(tbl, game, user, admin, cmd.name, cmd.item)
                case ShowLog():
                    lobby.toggle_log(tbl)
                case Act() | Pick() if old_button and tbl.seat_of(user) is not None:
                    try:
                        self._move_or_pick(tbl, game, cmd, now)
                    except GameError:
                        if self._offered(tbl, game, cmd):
                            raise  # offered now to say why it is refused (a rummy meld that is none)
                        raise Stale from None  # an old button whose action is no longer legal
                case Act() | Pick():
                    self._move_or_pick(tbl, game, cmd, now)
                case _:
                    raise GameError("illegal_action", action=cmd.kind)
            if isinstance(cmd, Leave):
                self._refresh_ai(tbl, game, now)

        try:
            old, new = await self._change(table_id, change)
        except Stale:
            return await self._stale(table_id, user, lang)
        return Outcome(reply=self._done_reply(cmd, lang), deliveries=self._views(old, new), table=table_id)

    @staticmethod
    def _fresh(tbl: Table, cmd: TableCommand, version: int) -> None:
        """Raise Stale unless a button drawn at `version` still means what it says.

        A move or a pick stays valid while it is legal for its person, unless that person has moved
        since the button was drawn (a double click, an old hand message): lobby, settings, chat and AI
        changes never stale it. A seat-numbered button (✖ Remove) is stale after any change.
        """
        if isinstance(cmd, Act | Pick):
            seat = tbl.seat_of(cmd.user)
            if seat is None:
                return  # not theirs to press: the command says so ("not seated")
            if tbl.status != "playing" or tbl.seats[seat].moved_at >= version:
                raise Stale
        elif isinstance(cmd, Kick):
            raise Stale

    def _offered(self, tbl: Table, game: Game, cmd: Act | Pick) -> bool:
        """Whether the person's hand offers this action or pick now."""
        seat = tbl.seat_of(cmd.user)
        if seat is None or tbl.status != "playing":
            return False
        offer = self._offer(tbl, game, seat)
        if isinstance(cmd, Pick):
            return cmd.item in offer.picks
        return cmd.action in offer.actions or any(digest(a) == cmd.action for a in offer.actions)

    def _move_or_pick(self, tbl: Table, game: Game, cmd: Act | Pick, now: float) -> None:
        if isinstance(cmd, Act):
            self._act(tbl, game, cmd.user, cmd.action, now)
        else:
            self._pick(tbl, game, cmd.user, cmd.item)

    def _act(self, tbl: Table, game: Game, user: UserRef, action: str, now: float) -> None:
        if tbl.status != "playing":
            raise GameError("not_playing")
        seat = tbl.seat_of(user)
        if seat is None:
            raise GameError("not_seated")
        if action.startswith("@h:"):  # a button whose action was too long for its token
            action = next((a for a in self._offer(tbl, game, seat).actions if digest(a) == action), action)
        try:
            play.move(tbl, game, seat, action, now, self.settings.ai_delay)
        except GameError as e:
            e.params["game_key"] = game.key
            raise

    def _pick(self, tbl: Table, game: Game, user: UserRef, item: str) -> None:
        """Toggle an item of the hand's selection (changes nothing in the game)."""
        if tbl.status != "playing":
            raise GameError("not_playing")
        seat = tbl.seat_of(user)
        if seat is None:
            raise GameError("not_seated")
        if item not in self._offer(tbl, game, seat).picks:
            raise GameError("illegal_action", action=item)
        picked = tbl.seats[seat].picked
        if item in picked:
            picked.remove(item)
        else:
            picked.append(item)

    def _offer(self, tbl: Table, game: Game, seat: int) -> Offer:
        """What the hand of `seat` offers now; picks no longer offered are dropped from the selection."""
        if tbl.status != "playing" or tbl.state is None:
            return Offer()
        state = self._state(tbl)
        s = tbl.seats[seat]
        offer = game.offer(state, seat, tuple(s.picked))
        kept = [p for p in s.picked if p in offer.picks]
        if kept != s.picked:
            s.picked = kept
            offer = game.offer(state, seat, tuple(kept))
        return offer

    def _refresh_ai(self, tbl: Table, game: Game, now: float) -> None:
        """After a seat changed hands, the AI may now be the one to move."""
        if tbl.status == "playing" and tbl.state is not None:
            state = game.load(tbl.state)
            if any(tbl.seats[s].ai_plays for s in game.to_act(state)):
                tbl.ai_due = now + self.settings.ai_delay

    def _done_reply(self, cmd: TableCommand, lang: str) -> Reply | None:
        key = f"host.done.{cmd.kind}"
        return Reply(text=t(lang, key)) if has(key) else None

    async def _press(self, cmd: Press, lang: str) -> Outcome:
        token = decode(self.secret, cmd.token)
        action = token.action
        timeless = action.startswith("@") and not action.startswith(("@pick:", "@h:", *VERSIONED))
        version = None if timeless else token.version
        target = {"table": token.table, "user": cmd.user, "is_chat_admin": cmd.is_chat_admin}
        if not action.startswith("@"):
            return await self._table_command(token.table, Act(action=action, **target), lang, version)
        verb, *args = action[1:].split(":")
        simple = {
            "join": Join,
            "leave": Leave,
            "bot": AddBot,
            "unbot": RemoveBot,
            "start": Start,
            "cancel": Cancel,
            "settings": ShowSettings,
        }
        if verb in simple and not args:
            return await self._table_command(token.table, simple[verb](**target), lang, version)
        if verb == "pick" and len(args) == 1:
            return await self._table_command(token.table, Pick(item=args[0], **target), lang, version)
        if verb == "h" and len(args) == 1:
            return await self._table_command(token.table, Act(action=action, **target), lang, version)
        if verb == "opt" and len(args) == 2:
            cmd_opt = SetOption(name=args[0], value=args[1], **target)
            return await self._table_command(token.table, cmd_opt, lang, version)
        if verb == "seat" and len(args) == 1 and args[0].isdigit():  # a chosen seat (bridge: N E S W)
            return await self._table_command(token.table, Join(seat=int(args[0]), **target), lang, version)
        if verb == "lvl" and len(args) == 1 and args[0].isdigit() and len(args[0]) < 3:
            level = CycleLevel(seat=int(args[0]), **target)
            return await self._table_command(token.table, level, lang, version)
        if verb == "kick" and len(args) == 1 and args[0].isdigit():
            return await self._table_command(token.table, Kick(seat=int(args[0]), **target), lang, version)
        if verb == "rp" and len(args) == 1 and args[0].isdigit():  # a replay's step (the token names a game)
            replay = ShowReplay(user=cmd.user, game_id=token.table, step=int(args[0]))
            outcome = await self._scores(replay, lang)
            if outcome.reply is not None:
                outcome.reply.in_place = True
            return outcome
        if verb == "hand" and not args:
            return await self._show_hand(ShowHand(ephemeral=True, **target), lang)
        table_verbs: dict[str, Callable[[list[str]], TableCommand | None]] = {
            "preset": lambda a: SetPreset(name=a[0], **target) if len(a) == 1 else None,
            "panel": lambda a: ShowPanel(name=a[0], **target) if len(a) == 1 else None,
            "add": lambda a: EditOption(name=a[0], item=a[1], **target) if len(a) == 2 else None,
            "pop": lambda a: EditOption(name=a[0], **target) if len(a) == 1 else None,
            "log": lambda a: ShowLog(**target) if not a else None,
        }
        made = table_verbs[verb](args) if verb in table_verbs else None
        if made is not None:
            return await self._table_command(token.table, made, lang, version)
        if verb == "rematch" and not args:
            return await self._rematch(token.table, Rematch(**target), lang)
        raise GameError("bad_token")

    async def _stale(self, table_id: str, user: UserRef, lang: str) -> Outcome:
        """A button that no longer applies: say so, and bring the presser's own hand up to date.

        The group is never touched (its message is kept current by the changes themselves), so someone
        pressing old buttons cannot spend the group's budget; an unchanged hand is not sent again either.
        """
        table = await self._load(table_id)
        deliveries = []
        seat = table.seat_of(user)
        if table.status == "playing" and seat is not None:
            deliveries.append(self._hand_delivery(table, seat, notify=False))
        return Outcome(
            reply=Reply(text=t(lang, "error.stale"), alert=False), deliveries=deliveries, table=table_id
        )

    async def _rematch(self, table_id: str, cmd: Rematch, lang: str) -> Outcome:
        """🔁 Rematch: a new table with the finished one's seats and options starts at once, the first deal
        rotated one seat on; people who do not want to play again leave it (the AI takes their seat)."""
        old = await self._load(table_id)
        lobby.check_rematch(old, cmd.user, cmd.is_chat_admin)
        for other in await self._open_tables(old.chat):
            raise GameError("table_here", id=other.id)
        game = games.get(old.game)
        new_id = await self.store.new_id()
        now = self.clock()

        async def claim(tbl: Table) -> None:  # one rematch per finished table, even when pressed twice
            lobby.check_rematch(tbl, cmd.user, cmd.is_chat_admin)
            tbl.rematch = new_id

        before, after = await self._change(table_id, claim)
        table = lobby.rematch_table(after, cmd.user, new_id, now)
        table.version = await self.store.create(
            table.id, self._dump(table), chat=table.chat.key, users=[u.key for u in table.people()]
        )
        seed = game.rematch_seed(self._state(after), random.SystemRandom().randrange(2**53))

        async def start(tbl: Table) -> None:
            lobby.start(tbl, game, tbl.creator, True, now, self.settings.lobby_timeout, seed=seed)
            play.record(tbl, game, game.load(tbl.state or {}), [], now, self.settings.ai_delay)

        waiting, playing = await self._change(new_id, start)
        views = self._views(before, after)
        for d in self._views(waiting, playing):  # the new table's message is a new, notifying message
            views.append(d.model_copy(update={"notify": True}) if isinstance(d.target, TableTarget) else d)
        return Outcome(reply=Reply(text=t(lang, "night.done.rematch")), deliveries=views, table=new_id)

    # -- commands that are not one table's moves --------------------------------------------------
    async def _new_table(self, cmd: NewTable, lang: str) -> Outcome:
        game = games.get(cmd.game)
        options = lobby.resolve_options(game, cmd.preset, cmd.options)
        for other in await self._open_tables(cmd.chat):
            raise GameError("table_here", id=other.id)
        chat_lang = await self.store.get_chat_lang(cmd.chat.key)
        table = Table(
            id=await self.store.new_id(),
            game=game.key,
            chat=cmd.chat,
            creator=cmd.user,
            lang=chat_lang or lang,
            options=options,
            created=self.clock(),
            seats=[Seat(user=cmd.user, lang=lang)],
        )
        table.host.turn_timeout = int(self.settings.turn_timeout)
        table.host.max_misses = self.settings.max_misses
        table.note("host.log.created", seat=0)
        table.version = await self.store.create(
            table.id, self._dump(table), chat=cmd.chat.key, users=[cmd.user.key]
        )
        # a new message that notifies: it goes before any table edits waiting in the group's lane
        target = TableTarget(table=table.id, chat=table.chat)
        delivery = Delivery(target=target, screen=self._table_screen(table), notify=True)
        return Outcome(deliveries=[delivery, *await self._tell_watchers(table)], table=table.id)

    async def _tell_watchers(self, table: Table) -> list[Delivery]:
        """The people who asked (`/notify`) hear privately that a table opened here, with a Join button.

        The notice is their hand message for this table: once they sit down it becomes their hand."""
        try:
            keys = await self.store.watchers(_watched(table.chat))
        except Unavailable:
            return []
        screen = render.notice_screen(games.get(table.game), table, table.lang, self._signer(table))
        out = []
        for key in keys:
            platform, _, uid = key.partition(":")
            if key != table.creator.key and platform == table.chat.platform:
                user = UserRef(platform=platform, id=uid)
                out.append(Delivery(target=HandTarget(table=table.id, user=user), screen=screen, notify=True))
        return out

    async def _rules(self, cmd: ShowRules, lang: str) -> Outcome:
        chosen = [games.get(cmd.game)] if cmd.game else games.all_games()
        platform = cmd.user.platform
        lines: list[str] = []
        for game in chosen:
            new = t(lang, for_platform("host.rules.new", platform), game=game.key)
            lines.append(f"{render.game_name(game, lang)} — {new}")
            if cmd.game:
                lines.append(t(lang, f"{game.key}.summary") if has(f"{game.key}.summary") else "")
                lines.append(t(lang, for_platform("host.rules.options", platform)))
                lines += self._option_help(game, lang)
                lines.append(t(lang, for_platform("night.help.options", platform)))
                if game.presets:
                    names = game.presets
                    named = (render.typed_with_name(p, render.preset_name(game, p, lang)) for p in names)
                    lines.append(t(lang, "host.rules.presets", presets=", ".join(named)))
        screen = Screen(title=t(lang, "host.rules.title"), lines=lines)
        return Outcome(reply=Reply(text=screen.text(), screen=screen))

    def _option_help(self, game: Game, lang: str) -> list[str]:
        out = []
        for name, field in game.Options.model_fields.items():
            key = f"{game.key}.option.{name}"
            label = t(lang, key) if has(key) else name
            helptext = t(lang, f"{key}.help") if has(f"{key}.help") else (field.description or "")
            default = render.option_value(field.default, lang)
            out.append(t(lang, "host.rules.option", name=name, label=label, help=helptext, default=default))
        return out

    async def _set_language(self, cmd: SetLanguage) -> Outcome:
        lang = normalize_language(cmd.lang, "")
        if not lang:
            raise GameError("unknown_language", lang=cmd.lang, languages="en, ru, uk")
        await self.store.set_user_lang(cmd.user.key, lang)
        deliveries: list[Delivery] = []
        if cmd.chat is not None and cmd.is_chat_admin:
            await self.store.set_chat_lang(cmd.chat.key, lang)
            for table in await self._open_tables(cmd.chat):

                async def relang(tbl: Table) -> None:
                    tbl.lang = lang

                old, new = await self._change(table.id, relang)
                deliveries += self._views(old, new)
        return Outcome(reply=Reply(text=t(lang, "host.language_set")), deliveries=deliveries)

    async def _set_pings(self, cmd: SetPings, lang: str) -> Outcome:
        """A person's choice of turn alerts (issue 20): stored, and applied at every table they sit at."""
        mode = cmd.mode.strip().lower()
        if mode not in PING_MODES:
            raise GameError("unknown_pings", mode=cmd.mode[:20], modes=", ".join(PING_MODES))
        await self.store.set_user_pings(cmd.user.key, mode)

        async def change(tbl: Table) -> None:
            seat = tbl.seat_of(cmd.user)
            if seat is None or tbl.seats[seat].pings == mode:
                raise Unchanged
            tbl.seats[seat].pings = mode

        deliveries: list[Delivery] = []
        for table in await self.store.tables_of_user(cmd.user.key):
            old, new = await self._change(table, change)
            deliveries += self._views(old, new)
        text = t(lang, for_platform(f"host.pings_set.{mode}", cmd.user.platform))
        return Outcome(reply=Reply(text=text), deliveries=deliveries)

    async def _my_tables(self, cmd: MyTables, lang: str) -> Outcome:
        ids = await self.store.tables_of_user(cmd.user.key)
        tables = [tb for i in ids if (tb := await self._try_load(i)) is not None]
        return Outcome(reply=Reply(text=mine.my_tables(tables, cmd.user, lang, self.clock(), cmd.chat)))

    async def _move_chat(self, cmd: MoveChat) -> Outcome:
        deliveries: list[Delivery] = []
        for table in await self._open_tables(cmd.old):

            async def move(tbl: Table) -> None:
                tbl.chat = cmd.new

            _old, new = await self._change(table.id, move)
            # the old message stays behind in the old chat: post the table anew where it now lives
            target = TableTarget(table=new.id, chat=new.chat)
            deliveries.append(Delivery(target=target, screen=self._table_screen(new), notify=True))
        return Outcome(deliveries=deliveries)

    async def _show_hand(self, cmd: ShowHand, lang: str) -> Outcome:
        if cmd.table or cmd.chat:
            ids = [await self._find_table(cmd)]
        else:
            ids = await self.store.tables_of_user(cmd.user.key)
        deliveries, screens = [], []
        for table_id in ids:
            table = await self._try_load(table_id)
            seat = table.seat_of(cmd.user) if table else None
            if table is None or seat is None or table.status != "playing":
                continue
            table.seats[seat].lang = lang
            # an ephemeral copy is the answer itself: the private message is brought up to date, not re-sent
            d = self._hand_delivery(table, seat, notify=not cmd.ephemeral)
            deliveries.append(d)
            screens.append(d.screen)
        if not screens:
            raise GameError("no_hand")
        screen = screens[0] if cmd.ephemeral else None
        text = t(lang, "host.done.show_hand")
        return Outcome(reply=Reply(text=text, screen=screen), deliveries=deliveries)

    # -- stats, history, replays, the score sheet --------------------------------------------------
    async def _finished(self, table: Table) -> None:
        """Count a finished game into stats and ratings (idempotent: a game is counted once)."""
        try:
            await self.scoreboard.finished(table, self.clock())
        except Unavailable:
            log.warning("table %s: storage unavailable, the game is counted when next loaded", table.id)
        except Exception:
            log.exception("table %s: the finished game could not be counted", table.id)

    def _replay_signer(self) -> Callable[[str, str], str]:
        return lambda game_id, action: encode(self.secret, game_id, 0, action)

    async def _scores(self, cmd: AnyCommand, lang: str) -> Outcome:
        board = self.scoreboard
        platform = cmd.user.platform
        match cmd:
            case ShowStats():
                screen = await board.stats_screen(cmd.user, cmd.chat, cmd.game, lang)
            case ShowTop():
                screen = await board.top_screen(cmd.chat, cmd.game, lang)
            case ShowHistory():
                screen = await board.history_screen(cmd.chat, lang, self._replay_signer())
            case ShowReplay():
                screen = await board.replay_screen(
                    cmd.game_id, cmd.step, lang, platform, self._replay_signer()
                )
            case ShowSheet():
                table = await self._sheet_table(cmd)
                screen = Screen(lines=[t(lang, "stats.sheet_caption", id=table.id)])
                screen.image = await asyncio.to_thread(self._sheet_picture, table)
            case _:
                raise GameError("illegal_action", action=cmd.kind)
        return Outcome(reply=Reply(text=screen.text(), screen=screen))

    async def _sheet_table(self, cmd: ShowSheet) -> Table:
        """The table a sheet is asked for: named, the chat's open one, or the chat's last finished game's."""
        if cmd.table:
            table = await self._load(cmd.table)
        else:
            tables = await self._open_tables(cmd.chat) if cmd.chat is not None else []
            if not tables and cmd.chat is not None:
                last = await self.scoreboard.stats.history(scope(cmd.chat), 1)
                found = await self._try_load(last[0]["id"].split("-")[0]) if last else None
                tables = [found] if found is not None else []
            if not tables:
                raise GameError("no_table_here")
            table = tables[0]
        if table.state is None or table.status not in ("playing", "over"):
            raise GameError("no_sheet")
        return table

    # -- AI and deadlines -------------------------------------------------------------------------
    async def run_due(self, now: float | None = None, *, ai_only: bool = False) -> int:
        """Make every move that is due by `now`: AI turns, and the AI playing for late people.

        Each due table is claimed first (`Store.claim_due`), so two workers never play the same table
        at once; `ai_only` (tests, the console) plays every waiting AI turn without claims or timeouts.
        """
        now = self.clock() if now is None else now
        if ai_only:
            ids = await self.store.due(math.inf, limit=1000)
        else:
            ids = await self.store.claim_due(now, now + self.settings.claim_lease, limit=1000)
        moves = 0
        for table_id in ids:
            moves += await self._step(table_id, now, ai_only)
        return moves

    async def settle(self, limit: int = 100_000) -> int:
        """Play every AI move that is waiting, at once (tests, the console): people are never timed out.
        Finished games are counted by the time it returns."""
        total = 0
        while total < limit:
            moves = await self.run_due(ai_only=True)
            if not moves:
                break
            total += moves
        await self.flush()
        return total

    async def flush(self) -> None:
        """Wait until every finished game this worker is counting is counted."""
        while self._counting:
            await asyncio.gather(*list(self._counting), return_exceptions=True)

    async def warm(self) -> None:
        """Start the AI's processes now rather than at its first move."""
        await self.thinker.warm()

    async def aclose(self) -> None:
        """At a stop: finish counting the games that just ended, stop the AI's processes."""
        await self.flush()
        await self.thinker.aclose()

    async def background(self, stop: asyncio.Event, tick: float = 0.25) -> None:
        """Play due tables until `stop` is set: AI moves and timed-out turns, shared by every worker.

        Each due table is claimed on its own for `claim_lease` seconds (no global lock), at most
        `due_concurrency` at a time per worker, so N workers do N times the work. A worker that dies
        mid-move loses its claims: the tables are due again for everybody when the lease runs out, and
        the commit's compare-and-set keeps a move from being played twice. On stop, the moves under way
        finish (or are cancelled by the caller) and unfinished claims are handed back at once.
        """
        running: dict[asyncio.Task[int], str] = {}
        stopped = asyncio.ensure_future(stop.wait())
        capacity = self.settings.due_concurrency
        down = False  # an outage is logged when it starts and when it ends, not at every tick
        try:
            while not stop.is_set():
                free, claimed = capacity - len(running), []
                try:
                    if free > 0:
                        now = self.clock()
                        claimed = await self.store.claim_due(now, now + self.settings.claim_lease, free)
                    if down:
                        down = False
                        log.warning("storage reachable again; the sweep resumes, the tables are reconciled")
                        # what failed to show during the outage (fingerprints and paces live in Redis) is
                        # sent now: each front end's messages are brought in line with the committed state
                        for platform in list(self.frontends):
                            task = asyncio.create_task(self.reconcile(platform))
                            self._after_outage.add(task)
                            task.add_done_callback(self._after_outage.discard)
                except Unavailable as e:
                    if not down:
                        down = True
                        log.error("storage unavailable (%s); the sweep retries every %.1fs", e, tick)
                except Exception:
                    log.exception("sweep failed")
                for table_id in claimed:
                    running[asyncio.create_task(self._claimed(table_id))] = table_id
                if 0 < free == len(claimed):
                    continue  # more may be due: claim again while there is room
                await asyncio.wait([stopped, *running], timeout=tick, return_when=asyncio.FIRST_COMPLETED)
                for task in [t for t in running if t.done()]:
                    del running[task]
            if running:
                await asyncio.wait(running)
        finally:
            stopped.cancel()
            unfinished = [table_id for task, table_id in running.items() if not task.done()]
            for task in [*running, *self._after_outage]:
                task.cancel()
            if unfinished:
                with contextlib.suppress(Exception):
                    await self.store.unclaim(unfinished, self.clock())

    async def _claimed(self, table_id: str) -> int:
        """One claimed table's due work; a failure leaves the claim to expire (the table is tried again)."""
        try:
            return await self._step(table_id, self.clock(), ai_only=False)
        except Unavailable as e:
            log.warning("table %s: storage unavailable (%s); it is tried again after its lease", table_id, e)
        except Exception:
            log.exception("table %s: its due work failed", table_id)
        return 0

    async def _step(self, table_id: str, now: float, ai_only: bool) -> int:
        moved = 0

        async def change(tbl: Table) -> None:
            nonlocal moved
            moved = 0
            if tbl.status != "playing" or tbl.state is None:  # a stale hint; versioned while it may start
                await self.store.unschedule(tbl.id, version=tbl.version if tbl.open else None)
                raise Unchanged
            game = games.get(tbl.game)
            state = game.load(tbl.state)
            to_act = game.to_act(state)
            ai = [s for s in to_act if tbl.seats[s].ai_plays]
            expiry = tbl.turn_since + tbl.host.turn_timeout  # past it, no reminder: the AI moves
            if ai and (ai_only or (tbl.ai_due is not None and tbl.ai_due <= now)):
                seat = ai[0]
                await self._ai_move(tbl, game, state, seat, now)
            elif not ai_only and (at := tbl.remind_at()) is not None and at <= now < expiry and to_act:
                tbl.reminded = tbl.turn_since  # `_views` sends the reminded hands anew, so they notify
                return
            elif not ai_only and expiry <= now and to_act:
                seat = to_act[0]
                s = tbl.seats[seat]
                s.misses += 1
                tbl.note("host.log.timeout", seat=seat)
                if s.misses >= tbl.host.max_misses and not s.auto:
                    s.auto = True
                    tbl.note("host.log.ai_keeps", seat=seat)
                await self._ai_move(tbl, game, state, seat, now)
            else:
                if not ai_only:
                    deadline = tbl.deadline()
                    if deadline is not None:  # versioned: a newer commit's deadline stands
                        await self.store.schedule(tbl.id, deadline, version=tbl.version)
                raise Unchanged
            moved = 1

        try:
            old, new = await self._change(table_id, change)
        except GameError:
            log.exception("table %s: the AI could not move", table_id)
            return 0
        await self._push(self._views(old, new))
        return moved

    async def _ai_move(self, tbl: Table, game: Game, state: Any, seat: int, now: float) -> None:
        level = play.ai_level(tbl, game, seat)
        seed = f"{tbl.id}:{tbl.version}:{seat}"
        action = await self.thinker.choose(game, state, seat, level, seed, self.settings.search_budget)
        new, events = game.apply(state, seat, action)
        play.record(tbl, game, new, events, now, self.settings.ai_delay, seat, action, state)

    # -- delivery after a restart ------------------------------------------------------------------
    async def reconcile(self, platform: str, limit: int = 100_000) -> int:
        """Bring every running table's messages on `platform` in line with the committed state.

        Called when a front end starts (and may be called after an outage): a queue lost with a crashed
        or restarted process loses nothing, because what each message shows is known by its fingerprint
        (kept beside its id) and only views that differ are sent, paced like any other. Lobbies are
        brought up to date by their next change. Returns the number of tables looked at.
        """
        try:
            ids = await self.store.due(math.inf, limit=limit)  # every running table has a deadline
        except Unavailable:
            log.warning("storage unavailable: the tables' messages were not reconciled")
            return 0
        seen = 0
        for table_id in ids:
            table = await self._try_load(table_id)
            if table is None or table.status != "playing" or table.chat.platform != platform:
                continue
            seen += 1
            views = [
                Delivery(
                    target=TableTarget(table=table.id, chat=table.chat), screen=self._table_screen(table)
                )
            ]
            views += [
                self._hand_delivery(table, i, notify=False) for i, s in enumerate(table.seats) if s.user
            ]
            await self._push(views)
        return seen

    # -- loading and committing -----------------------------------------------------------------
    async def _load(self, table_id: str) -> Table:
        table = await self._try_load(table_id)
        if table is None:
            raise GameError("no_table")
        return table

    async def _try_load(self, table_id: str) -> Table | None:
        found = await self.store.load(table_id)
        return None if found is None else _parse(*found)

    @staticmethod
    def _dump(table: Table) -> str:
        return table.model_dump_json(exclude_defaults=True)  # defaults return on load

    async def _change(self, table_id: str, change: Change) -> tuple[Table, Table]:
        """Load, change a copy, commit with compare-and-set; on a lost race, again from the fresh table."""
        first = _PRELOADED.get()
        for _ in range(RETRIES):
            if first is not None and first[0] == table_id:
                found: tuple[str, int] | None = first[1]  # read by `handle` with its first round trip
                _PRELOADED.set(first := None)  # used once: a later change in this command reads afresh
            else:
                found = await self.store.load(table_id)
            if found is None:
                raise GameError("no_table")
            old, new = _parse(*found), _parse(*found)  # a second parse is cheaper than a deep copy
            if old.status == "over":
                await self._finished(old)  # counted already, or a count that failed after the commit
            try:
                await change(new)
            except Unchanged:
                return old, old
            except GameError as e:
                e.params.setdefault("game_key", old.game)
                raise
            before, after = {u.key for u in old.people()}, {u.key for u in new.people()}
            try:
                new.version = await self.store.commit(
                    table_id,
                    old.version,
                    self._dump(new),
                    moves=new.moves,
                    codes=new.codes,
                    chat=new.chat.key,
                    users_added=sorted(after - before),
                    users_removed=sorted(before - after),
                    deadline=new.deadline(),
                    closed=not new.open,
                )
            except Conflict:
                continue
            metrics.committed(new)
            if new.status == "over" and old.status == "playing":  # counted beside, not in the final move
                task = asyncio.ensure_future(self._finished(new))
                self._counting.add(task)
                task.add_done_callback(self._counting.discard)
            return old, new
        raise GameError("busy")

    async def _find_table(self, cmd: TableCommand) -> str:
        if cmd.table:
            return cmd.table
        if cmd.chat is None:
            raise GameError("no_table_here")
        tables = await self._open_tables(cmd.chat)
        if not tables:
            raise GameError("no_table_here")
        return tables[0].id

    async def _open_tables(self, chat: ChatRef) -> list[Table]:
        """The open tables of a chat (the index is a hint: each table is checked)."""
        found = []
        for table_id in await self.store.tables_in_chat(chat.key):
            table = await self._try_load(table_id)
            if table is not None and table.open and table.chat.key == chat.key:
                found.append(table)
        return found

    # -- views ----------------------------------------------------------------------------------
    def _signer(self, table: Table, version: int | None = None) -> render.Sign:
        drawn = table.version if version is None else version

        def sign(action: str) -> str:
            try:
                return encode(self.secret, table.id, drawn, action)
            except ValueError:  # too long for a token: the host finds it again by its digest
                return encode(self.secret, table.id, drawn, digest(action))

        return sign

    def _state(self, table: Table) -> Any:
        """The game state of a table, parsed once per state document (renders read it many times)."""
        if table.state is None:
            return None
        key = id(table.state)
        known = self._states.get(key)
        if known is not None and known[0] is table.state:
            return known[1]
        state = games.get(table.game).load(table.state)
        self._states[key] = (table.state, state)
        if len(self._states) > STATES_SIZE:
            self._states.popitem(last=False)
        return state

    def _seen(self, table: Table, target: str, draw: Callable[[], Screen]) -> str:
        """The fingerprint of a screen of `table`: remembered from its version's commit, or drawn."""
        known = self._drawn.get((table.id, table.version))
        if known is not None and target in known:
            return known[target]
        return render.fingerprint(draw())

    def _table_screen(self, table: Table) -> Screen:
        game = games.get(table.game)
        return render.table_screen(game, table, self._state(table), table.lang, self._signer(table))

    def _hand_screen(self, table: Table, seat: int) -> Screen:
        game = games.get(table.game)
        state = self._state(table)
        offer = self._offer(table, game, seat)
        lang = table.seats[seat].lang
        picked = table.seats[seat].picked
        # a hand's buttons are drawn "just after this seat's last move": they stay the same (and valid
        # while legal) until the seat moves again, so other people's moves leave the hand untouched
        sign = self._signer(table, table.seats[seat].moved_at + 1)
        return render.hand_screen(game, table, state, seat, lang, sign, offer, picked)

    def _hand_delivery(self, table: Table, seat: int, notify: bool) -> Delivery:
        user = table.seats[seat].user
        assert user is not None
        return Delivery(
            target=HandTarget(table=table.id, user=user), screen=self._hand_screen(table, seat), notify=notify
        )

    def _ping(self, table: Table, seat: int) -> Delivery:
        """A group message that notifies only this seat's person that it is their move (issue 20)."""
        user = table.seats[seat].user
        assert user is not None
        text = t(table.lang, for_platform("host.ping", table.chat.platform))
        target = PingTarget(table=table.id, chat=table.chat, user=user)
        return Delivery(target=target, screen=Screen(lines=[text]), notify=True)

    def _views(self, old: Table, new: Table) -> list[Delivery]:
        """What changed between two versions of a table, as deliveries (hands only to their owners)."""
        if old is new:
            return []
        out = []
        drawn: dict[str, str] = {}  # what this version shows, so its successor need not draw it again
        table_now = self._table_screen(new)
        drawn["table"] = render.fingerprint(table_now)
        if self._seen(old, "table", lambda: self._table_screen(old)) != drawn["table"]:
            target = TableTarget(table=new.id, chat=new.chat)
            out.append(Delivery(target=target, screen=table_now, version=new.version))
        if new.status in ("playing", "over") and new.state is not None:
            game = games.get(new.game)
            state = self._state(new)
            before = set(game.to_act(self._state(old))) if old.status == "playing" else set()
            to_act = set(game.to_act(state)) if new.status == "playing" else set()
            reminder = new.reminding and not old.reminding  # this turn's reminder: a fresh alert
            for seat, s in enumerate(new.seats):
                if s.user is None:
                    continue
                turn = seat in to_act and not s.auto and (seat not in before or reminder)
                # a person who chose group pings gets no private turn alert (their hand still updates)
                notify = (turn and s.pings != "group") or old.status == "lobby"
                screen = self._hand_screen(new, seat)
                key = f"hand:{seat}:{s.user.key}"
                drawn[key] = render.fingerprint(screen)
                was = old.seats[seat] if seat < len(old.seats) else None
                changed = (
                    was is None
                    or was.user != s.user
                    or old.status != "playing"
                    or self._seen(old, key, lambda seat=seat: self._hand_screen(old, seat)) != drawn[key]
                )
                if changed or notify:
                    out.append(
                        Delivery(
                            target=HandTarget(table=new.id, user=s.user),
                            screen=screen,
                            notify=notify,
                            version=new.version,
                        )
                    )
                if turn and s.pinged:  # their turn, and the group is where they hear of it
                    out.append(self._ping(new, seat))
            if new.status == "over" and old.status == "playing":
                final = render.final_screen(game, new, state, new.lang, self._signer(new))
                final.image = self._sheet_picture(new)
                out.append(Delivery(target=ChatTarget(chat=new.chat), screen=final, notify=True))
        self._drawn[(new.id, new.version)] = drawn
        if len(self._drawn) > MEMO_SIZE:
            self._drawn.popitem(last=False)
        return out

    @staticmethod
    def _sheet_picture(table: Table) -> bytes | None:
        """The score sheet (rozpysnyi) or results picture of a game; None if it cannot be drawn."""
        try:
            return sheet.draw(sheet.sheet_data(table, table.lang))
        except Exception:
            log.exception("table %s: the score sheet could not be drawn", table.id)
            return None

    async def _push(self, deliveries: Sequence[Delivery]) -> None:
        by_platform: dict[str, list[Delivery]] = {}
        for d in deliveries:
            platform = d.target.user.platform if isinstance(d.target, HandTarget) else d.target.chat.platform
            by_platform.setdefault(platform, []).append(d)
        for platform, items in by_platform.items():
            frontend = self.frontends.get(platform)
            if frontend is not None:
                await frontend.deliver(items)

    # -- users ----------------------------------------------------------------------------------
    @staticmethod
    def _touch_lang(table: Table, user: UserRef, lang: str) -> None:
        seat = table.seat_of(user)
        if seat is not None:
            table.seats[seat].lang = lang

    async def _release(self, claim: str) -> None:
        try:
            await self.store.release(claim)
        except Unavailable:
            log.warning("could not release the claim of a failed update")


def _watched(chat: ChatRef) -> str:
    """What `/notify` watches: the whole chat (any topic or thread of it)."""
    return f"{chat.platform}:{chat.id}"


def _parse(data: str, version: int) -> Table:
    table = Table.model_validate_json(data)
    table.version = version
    return table
