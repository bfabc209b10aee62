"""Play: a person's move (`Act`), a pick of their hand's selection (`Pick`), and their hand sent again.

A move is checked and applied by `bot/core/play.py`; an old move button stays valid while its action is
legal for its person and they have not moved since (`table.fresh`).
"""

from __future__ import annotations

from bot.core import play
from bot.core.api import Act, Pick, ShowHand
from bot.core.handlers import table
from bot.core.handlers.table import Stale
from bot.core.house import Handler, House
from bot.core.i18n import t
from bot.core.outcome import Outcome, Reply
from bot.core.table import Table
from bot.core.tokens import digest
from games.base import Game, GameError


async def command(house: House, cmd: Act | Pick, lang: str, version: int | None = None) -> Outcome:
    """A move or a pick at the table it names (or the chat's open one)."""
    table_id = await house.find_table(cmd)

    def change(tbl: Table, game: Game, now: float, old_button: bool) -> None:
        if not (old_button and tbl.seat_of(cmd.user) is not None):
            return move_or_pick(house, tbl, game, cmd, now)
        try:
            move_or_pick(house, tbl, game, cmd, now)
        except GameError:
            if offered(house, tbl, game, cmd):
                raise  # offered now to say why it is refused (a rummy meld that is none)
            raise Stale from None  # an old button whose action is no longer legal

    return await table.run(house, table_id, cmd, lang, version, change)


def offered(house: House, tbl: Table, game: Game, cmd: Act | Pick) -> bool:
    """Whether the person's hand offers this action or pick now."""
    seat = tbl.seat_of(cmd.user)
    if seat is None or tbl.status != "playing":
        return False
    offer = house.views.offer(tbl, game, seat)
    if isinstance(cmd, Pick):
        return cmd.item in offer.picks
    return cmd.action in offer.actions or any(digest(a) == cmd.action for a in offer.actions)


def move_or_pick(house: House, tbl: Table, game: Game, cmd: Act | Pick, now: float) -> None:
    if tbl.status != "playing":
        raise GameError("not_playing")
    seat = tbl.seat_of(cmd.user)
    if seat is None:
        raise GameError("not_seated")
    if isinstance(cmd, Pick):
        return pick(house, tbl, game, seat, cmd.item)
    action = cmd.action
    if action.startswith("@h:"):  # a button whose action was too long for its token
        action = next((a for a in house.views.offer(tbl, game, seat).actions if digest(a) == action), action)
    try:
        play.move(tbl, game, seat, action, now, house.settings.ai_delay)
    except GameError as e:
        e.params["game_key"] = game.key
        raise


def pick(house: House, tbl: Table, game: Game, seat: int, item: str) -> None:
    """Toggle an item of the hand's selection (changes nothing in the game)."""
    if item not in house.views.offer(tbl, game, seat).picks:
        raise GameError("illegal_action", action=item)
    picked = tbl.seats[seat].picked
    if item in picked:
        picked.remove(item)
    else:
        picked.append(item)


async def show_hand(house: House, cmd: ShowHand, lang: str) -> Outcome:
    """The person's hand at the table named (or the chat's), else at every table they play at."""
    if cmd.table or cmd.chat:
        ids = [await house.find_table(cmd)]
    else:
        ids = await house.store.tables_of_user(cmd.user.key)
    deliveries, screens = [], []
    for table_id in ids:
        tbl = await house.try_load(table_id)
        seat = tbl.seat_of(cmd.user) if tbl else None
        if tbl is None or seat is None or tbl.status != "playing":
            continue
        tbl.seats[seat].lang = lang
        # an ephemeral copy is the answer itself: the private message is brought up to date, not re-sent
        d = house.views.hand_delivery(tbl, seat, notify=not cmd.ephemeral)
        deliveries.append(d)
        screens.append(d.screen)
    if not screens:
        raise GameError("no_hand")
    screen = screens[0] if cmd.ephemeral else None
    text = t(lang, "host.done.show_hand")
    return Outcome(reply=Reply(text=text, screen=screen), deliveries=deliveries)


ROUTES: dict[type, Handler] = {Act: command, Pick: command, ShowHand: show_hand}
