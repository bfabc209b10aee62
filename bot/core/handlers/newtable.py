"""New tables: /new, 🔁 Rematch (a finished table's seats play again), the watchers told of each new table
(/notify), and /rules (how to open one: a game's options and presets)."""

from __future__ import annotations

import random

import games
from bot.core import lobby, play
from bot.core.api import ChatRef, NewTable, Notify, Rematch, ShowRules, UserRef
from bot.core.handlers import prefs
from bot.core.house import Handler, House
from bot.core.i18n import for_platform, has, t
from bot.core.outcome import Delivery, HandTarget, Outcome, Reply, Screen, TableTarget
from bot.core.panel import notice_screen
from bot.core.render import game_name, option_value, preset_name, typed_with_name
from bot.core.table import Seat, Table
from games.base import Game, GameError
from storage import Unavailable


async def new_table(house: House, cmd: NewTable, lang: str) -> Outcome:
    game = games.get(cmd.game)
    options = lobby.resolve_options(game, cmd.preset, cmd.options)
    deals: list[list[str]] = []
    if cmd.boards is not None:  # a board set: read (or refused, nothing opened) before the table exists
        try:
            deals, from_file = game.read_boards(cmd.boards)
        except GameError as e:
            e.params.setdefault("game_key", game.key)
            raise
        options = lobby.resolve_options(game, cmd.preset, {**cmd.options, **from_file})
    await house.require_no_table(cmd.chat)
    chat_lang = await house.store.get_chat_lang(cmd.chat.key)
    table = Table(
        id=await house.new_table_id(cmd.chat),
        game=game.key,
        chat=cmd.chat,
        creator=cmd.user,
        lang=chat_lang or lang,
        options=options,
        deals=deals,
        created=house.clock(),
        seats=[Seat(user=cmd.user, lang=lang, pings=await prefs.pings_of(house, cmd.user))],
    )
    table.host.turn_timeout = int(house.settings.turn_timeout)
    table.host.max_misses = house.settings.max_misses
    table.note("host.log.created", seat=0)
    table.version = await house.store.create(
        table.id, house.dump(table), chat=cmd.chat.key, users=[cmd.user.key]
    )
    # a new message that notifies: it goes before any table edits waiting in the group's lane
    delivery = house.views.table_delivery(table, notify=True)
    return Outcome(deliveries=[delivery, *await tell_watchers(house, table)], table=table.id)


# -- 🔁 Rematch ---------------------------------------------------------------------------------------
async def rematch(house: House, cmd: Rematch, lang: str) -> Outcome:
    """🔁 Rematch: a new table with the finished one's seats and options starts at once, the first deal
    rotated one seat on; people who do not want to play again leave it (the AI takes their seat)."""
    table_id = await house.find_table(cmd)
    old = await house.load(table_id)
    check_rematch(old, cmd.user, cmd.is_chat_admin)
    await house.require_no_table(old.chat)
    game = games.get(old.game)
    new_id = await house.new_table_id(old.chat)
    now = house.clock()

    async def claim(tbl: Table) -> None:  # one rematch per finished table, even when pressed twice
        check_rematch(tbl, cmd.user, cmd.is_chat_admin)
        tbl.rematch = new_id

    before, after = await house.change(table_id, claim)
    pings = {u.key: await prefs.pings_of(house, u) for u in after.people()}  # as each chose them now
    table = rematch_table(after, cmd.user, new_id, now, pings)
    table.version = await house.store.create(
        table.id, house.dump(table), chat=table.chat.key, users=[u.key for u in table.people()]
    )
    seed = game.rematch_seed(house.views.state(after), random.SystemRandom().randrange(2**53))

    async def start(tbl: Table) -> None:
        lobby.start(tbl, game, tbl.creator, True, now, house.settings.lobby_timeout, seed=seed)
        play.record(tbl, game, game.load(tbl.state or {}), [], now, house.settings.ai_delay)

    waiting, playing = await house.change(new_id, start)
    views = house.views.changes(before, after)
    for d in house.views.changes(waiting, playing):  # the new table's message is a new, notifying message
        views.append(d.model_copy(update={"notify": True}) if isinstance(d.target, TableTarget) else d)
    return Outcome(reply=Reply(text=t(lang, "night.done.rematch")), deliveries=views, table=new_id)


def check_rematch(table: Table, user: UserRef, admin: bool) -> None:
    """A finished table may be played again once, by someone who sat at it (or its manager)."""
    if table.status != "over":
        raise GameError("not_over")
    if table.rematch is not None:
        raise GameError("table_here", id=table.rematch)
    if table.seat_of(user) is None and not admin and user.key != table.creator.key:
        raise GameError("not_seated")


def rematch_table(
    old: Table, user: UserRef, table_id: str, now: float, pings: dict[str, str] | None = None
) -> Table:
    """The rematch's table: the same seats (people and AIs), options and host options; `user` manages it;
    each person's turn alerts as they chose them now (`pings`, by user key), else as they were."""
    pings = pings or {}
    seats = [
        Seat(
            user=s.user,
            bot=s.bot,
            lang=s.lang,
            unreachable=s.unreachable,
            pings=pings.get(s.user.key, s.pings) if s.user else s.pings,
        )
        for s in old.seats
    ]
    table = Table(
        id=table_id,
        game=old.game,
        chat=old.chat,
        creator=user,
        lang=old.lang,
        options=dict(old.options),
        host=old.host.model_copy(),
        seats=seats,
        created=now,
        invited=list(old.invited),
        rematch_of=old.id,
    )
    table.note("night.log.rematch", name=user.name, id=old.id)
    return table


# -- watchers -----------------------------------------------------------------------------------------
async def notify(house: House, cmd: Notify, lang: str) -> Outcome:
    """/notify: toggle whether this person hears privately of every table that opens in the chat."""
    watching = await house.store.toggle_watch(watched(cmd.chat), cmd.user.key)
    return Outcome(reply=Reply(text=t(lang, "notify.on" if watching else "notify.off")))


async def tell_watchers(house: House, table: Table) -> list[Delivery]:
    """The people who asked (`/notify`) hear privately that a table opened here, with a Join button.

    The notice is their hand message for this table: once they sit down it becomes their hand."""
    try:
        keys = await house.store.watchers(watched(table.chat))
    except Unavailable:
        return []
    screen = notice_screen(games.get(table.game), table, table.lang, house.views.signer(table))
    out = []
    for key in keys:
        platform, _, uid = key.partition(":")
        if key != table.creator.key and platform == table.chat.platform:
            user = UserRef(platform=platform, id=uid)
            out.append(Delivery(target=HandTarget(table=table.id, user=user), screen=screen, notify=True))
    return out


def watched(chat: ChatRef) -> str:
    """What `/notify` watches: the whole chat (any topic or thread of it)."""
    return f"{chat.platform}:{chat.id}"


# -- /rules -------------------------------------------------------------------------------------------
async def rules(house: House, cmd: ShowRules, lang: str) -> Outcome:
    chosen = [games.get(cmd.game)] if cmd.game else games.all_games()
    platform = cmd.user.platform
    lines: list[str] = []
    for game in chosen:
        new = t(lang, for_platform("host.rules.new", platform), game=game.key)
        lines.append(f"{game_name(game, lang)} — {new}")
        if cmd.game:
            lines.append(t(lang, f"{game.key}.summary") if has(f"{game.key}.summary") else "")
            lines.append(t(lang, for_platform("host.rules.options", platform)))
            lines += option_help(game, lang)
            how = for_platform("night.help.game_options", platform)
            lines.append(t(lang, how, game=game.key, example=example(game)))
            if game.presets:
                named = (typed_with_name(p, preset_name(game, p, lang)) for p in game.presets)
                lines.append(t(lang, "host.rules.presets", presets=", ".join(named)))
    screen = Screen(title=t(lang, "host.rules.title"), lines=lines)
    return Outcome(reply=Reply(text=screen.text(), screen=screen))


def example(game: Game) -> str:
    """`name=value` in this game's own terms: the first option a preset sets (durak: variant=perevodnoy),
    else the first option at its default."""
    found = next((item for options in game.presets.values() for item in options.items()), None)
    name, value = found or next((n, f.default) for n, f in game.Options.model_fields.items())
    return f"{name}={str(value).lower() if isinstance(value, bool) else value}"


def option_help(game: Game, lang: str) -> list[str]:
    out = []
    for name, field in game.Options.model_fields.items():
        key = f"{game.key}.option.{name}"
        label = t(lang, key) if has(key) else name
        helptext = t(lang, f"{key}.help") if has(f"{key}.help") else (field.description or "")
        default = option_value(field.default, lang)
        out.append(t(lang, "host.rules.option", name=name, label=label, help=helptext, default=default))
    return out


ROUTES: dict[type, Handler] = {NewTable: new_table, Rematch: rematch, Notify: notify, ShowRules: rules}
