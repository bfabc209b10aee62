"""How a Most table reads in a chat: the table's lines, a hand's buttons, a hand's context line.

All of it is data (message keys and parameters, translated by `bot/core/i18n/most.py`), computed from a view,
so the group's lines use public facts only. The table message numbers the bridge (`#5`: what `take:5`
takes from) and the melds (`#2`: what `lay:4H:2` lays off on), with each meld's owner.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from games.base import BaseView, GameError, Offer
from games.cards import SUITS, is_joker, make_deck, pretty
from games.most.melds import MELD_MIN, classify, physical, stands_for
from games.most.rules import MostState, MostView

Line = tuple[str, dict[str, Any]]
GROUP = "~"  # a suit toggle: `~S` shows the spades of a long hand
CLEAR = "clear"  # a toggle that unpicks everything at once
TAKE_SHOWN = 6  # a take button names at most this many cards (Discord: 80 characters a label)
GROUP_AT = 14  # longer hands show one suit at a time, so a message keeps within 25 buttons
MAX_CHOICES = 8  # melds offered at once (suggestions, or the ways to read a pick's jokers)
BUTTONS = 25  # Discord's buttons per message, beyond which it pages
REAL = make_deck(52)


def entry_text(entry: str) -> str:
    """`7H` → `7♥`, `X1=9H` → `🃏=9♥`."""
    if physical(entry) != entry:
        return f"{pretty(physical(entry))}={pretty(stands_for(entry))}"
    return pretty(entry)


def entries_text(entries: Sequence[str]) -> str:
    return " ".join(entry_text(e) for e in entries)


def holds(action: str) -> set[str]:
    """The cards a `meld:` action is made of."""
    return {physical(e) for e in action.partition(":")[2].split(",")}


def bridge_text(bridge: Sequence[str]) -> str:
    """The bridge numbered from its oldest card: `#1 7♥ · #2 K♠`."""
    return " · ".join(f"#{i} {pretty(c)}" for i, c in enumerate(bridge, 1))


class ChatMixin:
    """The presentation hooks of `games.base.Game` for Most (mixed into `Most`)."""

    def status_lines(self, view: BaseView) -> list[Line]:
        assert isinstance(view, MostView)
        if view.target:
            lines: list[Line] = [
                ("most.status.game", {"n": view.game_no + 1, "target": view.target, "deck": view.deck})
            ]
        else:
            lines = [("most.status.single", {"deck": view.deck})]
        if view.bridge:
            lines.append(("most.status.bridge", {"cards": bridge_text(view.bridge)}))
        else:
            lines.append(("most.status.bridge_empty", {}))
        for i, m in enumerate(view.melds, 1):
            lines.append(
                ("most.status.meld", {"n": i, "owner_seat": m.owner, "cards": entries_text(m.cards)})
            )
        if not view.melds:
            lines.append(("most.status.no_melds", {}))
        if view.pending is not None and not view.over:
            lines.append(("most.status.pending", {"player": view.turn, "card": view.pending}))
        return lines

    def seat_status(self, view: BaseView, seat: int) -> Line | None:
        assert isinstance(view, MostView)
        if view.over:
            return None
        return "most.seat.laid", {"points": view.table_points[seat]}

    def seat_points(self, view: BaseView, seat: int) -> float | None:
        """A match's totals; a single game has none before its end (the seat says what it has laid)."""
        assert isinstance(view, MostView)
        return view.scores[seat] if view.target or view.over else None

    def hand_context(self, view: BaseView) -> list[Line]:
        """On the viewer's turn only (so others' moves leave a hand unchanged): what to do now, with
        the bridge while drawing (what `take:n` takes) and the melds while playing (where to lay off)."""
        assert isinstance(view, MostView)
        if view.over or view.viewer != view.turn:
            return []
        if view.pending is not None:
            return [("most.hand.pending", {"card": view.pending})]
        if view.phase == "draw":
            takes = any(self.can_take(view, view.turn, pos) for pos in range(1, len(view.bridge) + 1))  # type: ignore[attr-defined]
            say = "most.hand.draw" if takes else "most.hand.draw_only"  # not "or take" with no take offered
            return [(say, {}), ("most.status.bridge", {"cards": bridge_text(view.bridge)})]
        melds: list[Line] = [
            ("most.status.meld", {"n": i, "owner_seat": m.owner, "cards": entries_text(m.cards)})
            for i, m in enumerate(view.melds, 1)
        ]
        return [("most.hand.play", {}), *melds]

    def describe_offered(self, view: BaseView, action: str) -> Line:
        """A take names the cards it takes (the first of them must go into a meld): `Take #3: 7♥ 8♥ 9♦`."""
        verb, _, rest = action.partition(":")
        bridge = getattr(view, "bridge", None)
        if verb == "take" and bridge and rest.isdigit() and 1 <= int(rest) <= len(bridge):
            taken = [pretty(c) for c in bridge[int(rest) - 1 :]]
            shown = taken if len(taken) <= TAKE_SHOWN else [*taken[: TAKE_SHOWN - 1], "…"]
            return "most.action.take_cards", {"pos": rest, "cards": " ".join(shown)}
        return self.describe_action(action)

    def describe_action(self, action: str) -> Line:
        verb, _, rest = action.partition(":")
        if verb == "take":
            return "most.action.take", {"pos": rest}
        if verb == "meld":
            return "most.action.meld", {"cards": entries_text(rest.split(","))}
        if verb == "lay":
            entry, _, meld = rest.partition(":")
            return "most.action.lay", {"card": entry_text(entry), "meld": meld}
        if verb in ("swap", "discard"):
            return f"most.action.{verb}", {"card": rest}
        return f"most.action.{verb}", {}

    # -- the hand's buttons -------------------------------------------------------------------
    def offer(self, state: MostState, seat: int, picked: Sequence[str] = ()) -> Offer:
        """What a hand offers. Draw phase: the draw and the takes. Then the hand as toggles and what the
        picked cards allow: fewer than three — the three-card melds holding them (after a take, holding
        the taken card), and for one card its discard, swap and lay-offs; three or more — every way they
        make a meld (a joker's card chosen for it), or when none is legal the meld as picked, refused with
        its reason when pressed. A long hand shows one suit at a time (`~S` toggles; picked cards stay
        shown); with two cards picked or more, `clear` unpicks them all."""
        if seat not in self.to_act(state):  # type: ignore[attr-defined]
            return Offer()
        if state.phase == "draw":
            return Offer(actions=self.legal_actions(state, seat))  # type: ignore[attr-defined]
        if CLEAR in picked:  # offering nothing picked makes the host drop the whole selection
            return Offer()
        hand = state.hands[seat]
        chosen = [c for c in hand if c in picked]
        picks = self._shown(state, hand, picked) + ([CLEAR] if len(chosen) >= 2 else [])
        actions = self._single(state, seat, chosen[0]) if len(chosen) == 1 else []
        if len(chosen) < MELD_MIN:  # suggestions: three-card melds holding the picked cards
            legal = self.legal_actions(state, seat)  # type: ignore[attr-defined]
            melds = [a for a in legal if a.startswith("meld:") and set(chosen) <= holds(a)]
            room = BUTTONS - len(picks) - len(actions)  # suggestions only where a message has room
            actions = melds[: max(0, min(MAX_CHOICES, room))] + actions
        else:
            actions = self._meld_choices(state, seat, chosen) or ["meld:" + ",".join(chosen)]
        return Offer(picks=picks, actions=actions)

    def _shown(self, state: MostState, hand: list[str], picked: Sequence[str]) -> list[str]:
        """The toggles: every card of a short hand; of a long one, the suit toggles and one suit's cards
        (the one last chosen, else the taken card's or the longest), the jokers and every picked card."""
        if len(hand) <= GROUP_AT:
            return list(hand)
        suits = [s for s in SUITS if any(c[1] == s and not is_joker(c) for c in hand)]
        group = next((p[1] for p in reversed(picked) if p[0] == GROUP and p[1:] in suits), None)
        shown = group or (state.pending[1] if state.pending and not is_joker(state.pending) else None)
        shown = shown or max(suits, key=lambda s: sum(c[1] == s for c in hand))
        # a suit toggle picked earlier but not the current one is left out, so the host drops it
        toggles = [GROUP + s for s in suits if GROUP + s not in picked or s == group]
        cards = [c for c in hand if is_joker(c) or c[1] == shown or c in picked]
        return toggles + cards

    def _single(self, state: MostState, seat: int, card: str) -> list[str]:
        legal = self.legal_actions(state, seat)  # type: ignore[attr-defined]
        mine = [a for a in legal if not a.startswith("meld:") and physical(a.split(":")[1]) == card]
        return mine

    def _meld_choices(self, state: MostState, seat: int, chosen: list[str]) -> list[str]:
        """The legal melds of exactly these cards, each choice of the jokers' cards once."""
        reals = [c for c in chosen if not is_joker(c)]
        jokers = [c for c in chosen if is_joker(c)]
        if not reals:
            return []
        ranks, suits = {c[0] for c in reals}, {c[1] for c in reals}
        pool = [c for c in REAL if c not in reals and (c[0] in ranks or c[1] in suits)]
        out: dict[frozenset[str], str] = {}
        for cards in combinations(pool, len(jokers)):
            entries = reals + [f"{j}={c}" for j, c in zip(jokers, cards, strict=True)]
            try:
                _, order = classify(entries)
            except GameError:
                continue
            action = "meld:" + ",".join(order)
            if frozenset(cards) not in out and self.check(state, seat, action) is None:  # type: ignore[attr-defined]
                out[frozenset(cards)] = action
            if len(out) >= MAX_CHOICES:
                break
        return list(out.values())

    def describe_pick(self, item: str) -> Line:
        if item.startswith(GROUP):
            return "most.pick.suit", {"suit": item[1:]}
        if item == CLEAR:
            return "most.pick.clear", {}
        return "most.pick", {"item": item}
