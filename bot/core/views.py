"""What a table shows: its screens drawn with signed buttons, and what changed between two versions.

After a commit `changes(old, new)` renders the old and the new table for the group and for each seated
person and returns only what differs, compared by `render.fingerprint` (a hand that becomes its player's
turn is sent with `notify`). The fingerprints of what each committed (table, version) showed are
remembered (bounded), so a move draws only the new screens; game states are parsed once per state document
(`table.game_state`), and the one a move made is not parsed at all.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import games
from bot.core import render, screens, sheet
from bot.core.i18n import for_platform, t
from bot.core.outcome import ChatTarget, Delivery, HandTarget, PingTarget, Screen, TableTarget
from bot.core.table import Table, edited, game_state
from bot.core.tokens import digest, encode
from games.base import BaseView, Game, Offer

log = logging.getLogger(__name__)

MEMO_SIZE = 2048  # table versions whose drawn screens a process remembers


class Views:
    """The host's renderer: signs buttons with the host's secret, remembers what each version showed."""

    def __init__(self, secret: bytes) -> None:
        self.secret = secret
        # per process, bounded: the fingerprints of the screens each committed (table, version, digest of
        # its JSON: `drawn`) showed, and who was to act (the next change compares with them)
        self._drawn: OrderedDict[tuple[str, int, bytes | None], dict[str, Any]] = OrderedDict()

    def signer(self, table: Table, version: int | None = None) -> render.Sign:
        drawn = table.version if version is None else version

        def sign(action: str) -> str:
            try:
                return encode(self.secret, table.id, drawn, action)
            except ValueError:  # too long for a token: the host finds it again by its digest
                return encode(self.secret, table.id, drawn, digest(action))

        return sign

    @staticmethod
    def state(table: Table) -> Any:
        """The game state of a table (`table.game_state`: parsed once per state document)."""
        return game_state(table)

    def offer(self, tbl: Table, game: Game, seat: int) -> Offer:
        """What the hand of `seat` offers now; picks no longer offered are dropped from the selection."""
        if tbl.status != "playing" or tbl.state is None:
            return Offer()
        state = self.state(tbl)
        s = tbl.seats[seat]
        offer = game.offer(state, seat, tuple(s.picked))
        kept = [p for p in s.picked if p in offer.picks]
        if kept != s.picked:
            s.picked = kept
            edited(tbl)  # no longer the table as stored (`House.as_stored`)
            offer = game.offer(state, seat, tuple(kept))
        return offer

    @staticmethod
    def _seen(known: dict[str, Any], target: str, draw: Callable[[], Screen]) -> str:
        """The fingerprint of a screen of a version: remembered from its commit (`known`), or drawn."""
        return known[target] if target in known else render.fingerprint(draw())

    def _to_act(self, known: dict[str, Any], table: Table, game: Game) -> set[int]:
        """Who was to act at a committed version: remembered from its commit (its state then not parsed)."""
        if "to_act" in known:
            return set(known["to_act"])
        return set(game.to_act(self.state(table)))

    def table_screen(self, table: Table) -> Screen:
        game = games.get(table.game)
        return screens.table_screen(game, table, self.state(table), table.lang, self.signer(table))

    def hand_screen(
        self, table: Table, seat: int, view: BaseView | None = None, offer: Offer | None = None
    ) -> Screen:
        game = games.get(table.game)
        state = self.state(table)
        offer = self.offer(table, game, seat) if offer is None else offer
        lang = table.seats[seat].lang
        picked = table.seats[seat].picked
        # a hand's buttons are drawn "just after this seat's last move": they stay the same (and valid
        # while legal) until the seat moves again, so other people's moves leave the hand untouched
        sign = self.signer(table, table.seats[seat].moved_at + 1)
        return screens.hand_screen(game, table, state, seat, lang, sign, offer, picked, view)

    @staticmethod
    def hand_inputs(
        table: Table,
        game: Game,
        seat: int,
        view: BaseView | None,
        offer: Offer,
        key: tuple[Any, ...] | None = None,
    ) -> tuple[Any, ...] | None:
        """Everything `hand_screen` draws the hand of `seat` from, as plain data: equal inputs, an equal
        screen (`tests/core/test_render_same.py`). None when a part is not plain data (then it is drawn).
        With the game's `hand_key` of the seat, that key stands for everything drawn from its view."""
        s = table.seats[seat]
        names = tuple(x.user.name if x.user is not None else None for x in table.seats)
        where = (table.chat.platform, table.chat.title or table.chat.id)
        common = (s.lang, *where, names, table.reminding, s.moved_at, tuple(s.picked))
        if key is not None:
            return "key", common, tuple(offer.actions), tuple(offer.picks), key
        assert view is not None
        own = game.hand_cards(view)  # a game's own line for the hand's cards, if it has one
        texts = [render.memo_key(p, k) for k, p in [*game.hand_context(view), *([own] if own else [])]]
        texts += [render.memo_key(p, k) for k, p in (game.describe_offered(view, a) for a in offer.actions)]
        if any(x is None for x in texts):
            return None
        winners = tuple(game.winners(game_state(table))) if view.over else ()
        return (
            common,
            (tuple(offer.actions), tuple(offer.picks), tuple(view.hand or ()), own is None),
            (view.over, winners),
            *texts,
        )

    def hand_delivery(self, table: Table, seat: int, notify: bool) -> Delivery:
        """The seat's hand as `table` shows it; with its version, so it never replaces a newer one."""
        user = table.seats[seat].user
        assert user is not None
        target, screen = HandTarget(table=table.id, user=user), self.hand_screen(table, seat)
        return Delivery(target=target, screen=screen, notify=notify, version=table.version)

    def table_delivery(self, table: Table, notify: bool = False) -> Delivery:
        """The table message as `table` shows it; with its version, so it never replaces a newer one."""
        target = TableTarget(table=table.id, chat=table.chat)
        return Delivery(target=target, screen=self.table_screen(table), notify=notify, version=table.version)

    @staticmethod
    def ping(table: Table, seat: int) -> Delivery:
        """A group message that notifies only this seat's person that it is their move (issue 20); the
        same without `notify` removes it once the turn is over."""
        user = table.seats[seat].user
        assert user is not None
        text = t(table.lang, for_platform("host.ping", table.chat.platform))
        target = PingTarget(table=table.id, chat=table.chat, user=user)
        return Delivery(target=target, screen=Screen(lines=[text]), notify=True)

    def changes(self, old: Table, new: Table) -> list[Delivery]:
        """What changed between two versions of a table, as deliveries (hands only to their owners)."""
        if old is new:
            return []
        out = []
        known = self._drawn.get(version_key(old)) or {}  # what the old version showed, if drawn here
        drawn: dict[str, Any] = {}  # what this version shows, so its successor need not draw it again
        table_now = self.table_screen(new)
        drawn["table"] = render.fingerprint(table_now)
        if self._seen(known, "table", lambda: self.table_screen(old)) != drawn["table"]:
            target = TableTarget(table=new.id, chat=new.chat)
            out.append(Delivery(target=target, screen=table_now, version=new.version))
        if new.status in ("playing", "over") and new.state is not None:
            game = games.get(new.game)
            state = self.state(new)
            before = self._to_act(known, old, game) if old.status == "playing" else set()
            to_act = set(game.to_act(state)) if new.status == "playing" else set()
            drawn["to_act"] = to_act
            reminder = new.reminding and not old.reminding  # this turn's reminder: a fresh alert
            for seat, s in enumerate(new.seats):
                if s.user is None:
                    continue
                turn = seat in to_act and not s.auto and (seat not in before or reminder)
                # a person who chose group pings gets no private turn alert (their hand still updates)
                notify = (turn and s.pings != "group") or old.status == "lobby"
                key = f"hand:{seat}:{s.user.key}"
                was = old.seats[seat] if seat < len(old.seats) else None
                offer, hand_key = self.offer(new, game, seat), game.hand_key(state, seat)
                view = None if hand_key is not None else game.view(state, seat)  # the key stands for it
                drawn[f"inputs:{key}"] = inputs = self.hand_inputs(new, game, seat, view, offer, hand_key)
                screen = None
                if (
                    inputs is not None
                    and known.get(f"inputs:{key}") == inputs
                    and key in known
                    and was is not None
                    and was.user == s.user
                    and old.status == "playing"
                ):  # drawn from what the old version's hand was drawn from: the same screen, not drawn again
                    drawn[key], changed = known[key], False
                else:
                    screen = self.hand_screen(new, seat, view, offer)
                    drawn[key] = render.fingerprint(screen)
                    changed = (
                        was is None
                        or was.user != s.user
                        or old.status != "playing"
                        or self._seen(known, key, lambda seat=seat: self.hand_screen(old, seat)) != drawn[key]
                    )
                if changed or notify:
                    out.append(
                        Delivery(
                            target=HandTarget(table=new.id, user=s.user),
                            screen=screen or self.hand_screen(new, seat, view, offer),
                            notify=notify,
                            version=new.version,
                        )
                    )
                if turn and s.pinged:  # their turn, and the group is where they hear of it
                    out.append(self.ping(new, seat))
                elif seat in before and seat not in to_act and s.pinged:  # that turn is over: its ping goes
                    out.append(self.ping(new, seat).model_copy(update={"notify": False}))
            if new.status == "over" and old.status == "playing":
                final = screens.final_screen(game, new, state, new.lang, self.signer(new))
                final.image = sheet_picture(new)
                out.append(Delivery(target=ChatTarget(chat=new.chat), screen=final, notify=True))
        self._drawn[version_key(new)] = drawn
        if len(self._drawn) > MEMO_SIZE:
            self._drawn.popitem(last=False)
        return out


def sheet_picture(table: Table) -> bytes | None:
    """The score sheet (rozpysnyi) or results picture of a game; None if it cannot be drawn."""
    try:
        return sheet.draw(sheet.sheet_data(table, table.lang))
    except Exception:
        log.exception("table %s: the score sheet could not be drawn", table.id)
        return None


def version_key(table: Table) -> tuple[str, int, bytes | None]:
    """What a committed version's drawings are remembered under: its table, number and a digest of its
    stored JSON (`Table._stored`; None for a table `House` did not read or commit)."""
    return table.id, table.version, table._stored
