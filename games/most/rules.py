"""Most («Мост», "the bridge"): the family rummy with two jokers and a face-up row of discards.

Spec: `shared/rules/most.md` (from the first text of `shared/seeds/000_*`). 2–6 players, 54 cards (jokers
`X1`, `X2`), 6 cards each (7 as an option). The card after the deal is turned up: the first card of the
bridge, the row of discards that grows at its newest end. The player after the dealer moves first.

A turn: draw the top of the deck, or take any card of the bridge with every card after it — the chosen
card must then go into a new meld this turn; then melds, lay-offs (once you have a meld of your own) and
joker swaps, in any order; then one discard to the bridge. Melds: runs of one suit that wrap around
(`Q K A 2 3`, at most 13 cards) and sets of one rank in different suits; a joker stands for the card its
player declares, and a card and the joker standing for it are never on the table (melds and bridge) at
once. The game ends when a player discards their last card. Each player scores the cards they laid
(melds and lay-offs; a joker 0) minus the cards left in hand (a joker −100). Games add up to a match.

Actions (canonical text; `normalize` also takes lower case, `10`, suit symbols, spaces for commas):
- `draw` — the top card of the deck;
- `take:5` — the bridge from its card #5 (numbered from 1, the oldest first) to the newest end;
- `meld:7H,8H,X1=9H` — lay down a new meld; a joker says the card it stands for (canonical: meld order);
- `lay:4H:2` — lay off a card onto meld #2 (anyone's; numbered from 1 in the order they were laid);
  `lay:X2=4H:2` with a joker;
- `swap:9C` — put the real card in place of the joker standing for it (anywhere on the table); the joker
  goes to your hand;
- `discard:7S` — discard a card to the bridge: this ends the turn.

`legal_actions` lists the steps with every three-card meld the hand can make (one way each), never every
subset of the hand: any longer meld (or another choice of jokers) is accepted by `is_legal` and built
in a chat by picking cards (`games/most/chat.py`).

Events (public): `dealt` (game, dealer), `drew` (n left), `took` (cards, pos), `melded` (cards, meld),
`laid` (card, meld, owner), `swapped` (card, meld), `discarded` (card); at the end of a game `went_out`
(the player who discarded their last card) or `deck_empty`, then one `scored` per seat (points, total),
and `match_over` when the match ends.

Decisions where the spec is silent or loose:
- Jokers are `X1` and `X2` (the project's card notation). The first dealer is drawn by the seed; the deal
  then passes clockwise, cards going one at a time from the dealer's left.
- A joker entry says what it stands for (`X1=9H`) and keeps it: it moves only by a swap.
- The card taken from the bridge is melded **first**: until a meld holding it is down, the player may only
  meld (so a swap cannot supply the joker it needs). A take is refused unless the resulting hand can make
  a meld with that card and still keep a card to discard. A joker taken that way is melded as a joker.
- Every meld and lay-off must leave at least one card in hand (the discard that ends the turn).
- A lay-off is one card at a time onto either end of a run or into a set; a run extended to 13 cards is
  complete. A joker may be laid off too (declared like in a meld).
- A swap needs no meld of one's own (the spec asks a meld only for lay-offs); the real card scores for
  the swapper and the joker, now in hand, is known to all.
- A real card is never melded, laid off or discarded while a joker on the table stands for it (a swap
  puts it down instead); a joker cannot be declared as a card on the table, in a meld or in the bridge.
- A joker discarded to the bridge stands for nothing there.
- When a player must start their turn and the deck is empty, the game ends at once (even though the
  bridge could still be taken).
- A match ends after the game in which someone reaches the target (500; 0 plays a single game), or after
  `MAX_GAMES` games whatever the totals, so that a match of weak players ends too; the highest total wins,
  ties share the win.
- Cards taken from the bridge are public while they stay in the taker's hand (`known` in the views):
  everyone saw them go there.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

from games.base import BaseView, Event, Game, GameError, GameState, Options, copied, next_seat
from games.cards import CardError, is_joker, make_deck, parse_card, sort_hand
from games.most.melds import (
    classify,
    extend,
    hand_penalty,
    is_joker_entry,
    layoff_cards,
    physical,
    small_melds,
    stands_for,
    value,
)

MAX_GAMES = 40
VERBS = ("draw", "take", "meld", "lay", "swap", "discard")


class MostOptions(Options):
    target: Literal[500, 300, 1000, 0] = Field(
        500, description="the match ends once someone has this total (0: one game)"
    )
    hand: Literal[6, 7] = Field(6, description="cards dealt to each player")


class Meld(BaseModel):
    """A meld on the table: its owner, its entries in order (`7H`, `X1=9H`) and who laid each entry."""

    owner: int
    kind: Literal["run", "set"]
    cards: list[str]
    by: list[int]


class MostState(GameState):
    options: MostOptions
    game_no: int = 0
    dealer: int = 0
    turn: int = 0
    phase: Literal["draw", "play"] = "draw"
    hands: list[list[str]] = Field(default_factory=list)
    deck: list[str] = Field(default_factory=list)  # the top card first
    bridge: list[str] = Field(default_factory=list)  # the oldest first, the newest last
    melds: list[Meld] = Field(default_factory=list)
    pending: str | None = None  # the card taken from the bridge that must go into a new meld
    known: list[list[str]] = Field(default_factory=list)  # cards everyone saw go into each hand
    totals: list[int] = Field(default_factory=list)
    last_scores: list[int] | None = None
    over: bool = False


class MostView(BaseView):
    game_no: int
    dealer: int
    turn: int
    phase: str
    deck: int
    bridge: list[str]
    melds: list[Meld]
    pending: str | None
    known: list[list[str]]
    table_points: list[int]
    last_scores: list[int] | None
    target: int


def table_cards(state: MostState | MostView) -> set[str]:
    """The cards on the table: what every meld entry stands for, and the real cards of the bridge."""
    out = {stands_for(e) for m in state.melds for e in m.cards}
    return out | {c for c in state.bridge if not is_joker(c)}


def joker_cards(melds: list[Meld]) -> dict[str, tuple[int, int]]:
    """Card a joker stands for → (meld index, position)."""
    return {
        stands_for(e): (i, j) for i, m in enumerate(melds) for j, e in enumerate(m.cards) if is_joker_entry(e)
    }


def table_points(melds: list[Meld], players: int) -> list[int]:
    """What each player has laid down so far (melds and lay-offs; jokers 0)."""
    out = [0] * players
    for m in melds:
        for e, who in zip(m.cards, m.by, strict=True):
            out[who] += 0 if is_joker_entry(e) else value(e)
    return out


# -- action texts -------------------------------------------------------------------------------


def parse_entry(text: str) -> str:
    """`x1=9h` → `X1=9H`, `10h` → `TH`, `x2` → `X2` (a joker without its card: refused later)."""
    card, eq, target = text.partition("=")
    card = parse_card(card)
    if not eq:
        return card
    target = parse_card(target)
    if not is_joker(card) or is_joker(target):
        raise CardError(text)
    return f"{card}={target}"


def parse(action: str) -> tuple[str, list[str]]:
    """(verb, canonical arguments); GameError("unknown_action") for anything else."""
    verb, _, rest = action.strip().partition(":")
    verb = verb.strip().lower()
    try:
        if verb == "draw" and not rest:
            return verb, []
        if verb == "take":
            pos = rest.strip()
            if not (pos.isascii() and pos.isdigit()) or len(pos) > 3:
                raise ValueError(pos)
            return verb, [str(int(pos))]
        if verb == "meld":
            entries = [parse_entry(e) for e in rest.replace(",", " ").split()]
            if not entries:
                raise ValueError(rest)
            with contextlib.suppress(GameError):
                entries = classify(entries)[1]
            return verb, [",".join(entries)]
        if verb == "lay":
            entry, _, meld = rest.partition(":")
            meld = meld.strip()
            if not (meld.isascii() and meld.isdigit()) or len(meld) > 3:
                raise ValueError(meld)
            return verb, [parse_entry(entry.strip()), str(int(meld))]
        if verb in ("swap", "discard"):
            return verb, [parse_card(rest)]
    except (CardError, ValueError):
        pass
    raise GameError("unknown_action", action=action[:40])


class MostRules(Game[MostState, MostOptions]):
    key = "most"
    aliases = ("мост", "rummy", "bridge-rummy")
    State = MostState
    Options = MostOptions
    min_players = 2
    max_players = 6
    presets: ClassVar[dict[str, dict[str, Any]]] = {
        "classic": {},
        "quick": {"target": 300},
        "short": {"target": 0},
        "seven": {"hand": 7},
    }

    def rematch_seed(self, old: MostState, seed: int) -> int:
        """A seed whose drawn first dealer sits left of the last game's."""
        want = (random.Random(f"most:{old.seed}").randrange(old.players) + 1) % old.players
        return next(
            x for x in range(seed, seed + 10_000) if random.Random(f"most:{x}").randrange(old.players) == want
        )

    # -- dealing --------------------------------------------------------------------------------
    def _new(self, players: int, options: MostOptions, seed: int, deals: list[list[str]]) -> MostState:
        state = MostState(
            players=players,
            seed=seed,
            deals=deals,
            options=options,
            dealer=random.Random(f"most:{seed}").randrange(players),
            totals=[0] * players,
        )
        self._deal(state)
        return state

    def _deal(self, state: MostState) -> None:
        deck = state.next_deck(make_deck(54))
        n, size = state.players, state.options.hand
        state.hands = [[] for _ in range(n)]
        for i in range(n * size):
            state.hands[next_seat(state.dealer, n, 1 + i % n)].append(deck[i])
        state.hands = [sort_hand(h) for h in state.hands]
        state.bridge = [deck[n * size]]
        state.deck = deck[n * size + 1 :]
        state.melds = []
        state.known = [[] for _ in range(n)]
        state.pending = None
        state.turn = next_seat(state.dealer, n)
        state.phase = "draw"

    # -- play -----------------------------------------------------------------------------------
    def to_act(self, state: MostState) -> list[int]:
        return [] if state.over else [state.turn]

    def normalize(self, action: str) -> str:
        try:
            verb, args = parse(action)
        except GameError:
            return action.strip()
        return ":".join([verb, *args])

    def legal_actions(self, state: MostState, seat: int) -> list[str]:
        if seat not in self.to_act(state):
            return []
        hand = state.hands[seat]
        if state.phase == "draw":
            takes = [f"take:{k}" for k in range(1, len(state.bridge) + 1) if self.can_take(state, seat, k)]
            return ["draw", *takes]
        visible = table_cards(state)
        melds = [] if len(hand) < 4 else small_melds(hand, visible, state.pending)
        out = ["meld:" + ",".join(m) for m in melds]
        if state.pending is not None:
            return out
        jokers = joker_cards(state.melds)
        out += [f"swap:{c}" for c in hand if c in jokers]
        if len(hand) >= 2 and any(m.owner == seat for m in state.melds):
            out += self.layoffs(state, hand, visible)
        out += [f"discard:{c}" for c in hand if c not in jokers]
        return out

    def layoffs(self, state: MostState, hand: list[str], visible: set[str]) -> list[str]:
        """Every `lay:…` of one card of `hand` onto a meld of the table (jokers: every declaration)."""
        out = []
        for i, m in enumerate(state.melds):
            for card in layoff_cards(m.kind, m.cards):
                if card in visible:
                    continue
                if card in hand:
                    out.append(f"lay:{card}:{i + 1}")
                out += [f"lay:{j}={card}:{i + 1}" for j in hand if is_joker(j)]
        return out

    def can_take(self, state: MostState | MostView, seat: int, pos: int) -> bool:
        """Whether taking the bridge from card #pos leaves a hand that can meld that card and keep one
        (from a view: the viewer's own hand)."""
        if not 1 <= pos <= len(state.bridge):
            return False
        taken = state.bridge[pos - 1 :]
        held = state.hands[seat] if isinstance(state, MostState) else state.hand or []
        hand = held + taken
        if len(hand) < 4:
            return False
        visible = {stands_for(e) for m in state.melds for e in m.cards}
        visible |= {c for c in state.bridge[: pos - 1] if not is_joker(c)}
        return bool(small_melds(hand, visible, taken[0]))

    def is_legal(self, state: MostState, seat: int, action: str) -> bool:
        return self.check(state, seat, action) is None

    def why_illegal(self, state: MostState, seat: int, action: str) -> GameError:
        return self.check(state, seat, action) or GameError("illegal_action", action=action)

    def check(self, state: MostState, seat: int, action: str) -> GameError | None:
        """Why `seat` may not take `action` now, or None when it may."""
        if state.over:
            return GameError("game_over")
        if seat not in self.to_act(state):
            return GameError("not_your_turn", seat=seat)
        try:
            verb, args = parse(action)
        except GameError as e:
            return e
        hand = state.hands[seat]
        if state.phase == "draw":
            if verb == "draw":
                return None
            if verb == "take":
                pos = int(args[0])
                if not 1 <= pos <= len(state.bridge):
                    return GameError("no_such_position", pos=pos, n=len(state.bridge))
                if not self.can_take(state, seat, pos):
                    return GameError("take_no_meld", card=state.bridge[pos - 1])
                return None
            return GameError("draw_first")
        if verb in ("draw", "take"):
            return GameError("already_drew")
        if state.pending is not None and verb != "meld":
            return GameError("must_meld_taken", card=state.pending)
        if verb == "meld":
            return self._check_meld(state, seat, args[0].split(","))
        if verb == "lay":
            return self._check_lay(state, seat, args[0], int(args[1]))
        card = args[0]
        if card not in hand:
            return GameError("card_not_in_hand", card=card)
        stands = card in joker_cards(state.melds)
        if verb == "swap":
            return None if stands else GameError("no_joker_for", card=card)
        if stands:  # discard
            return GameError("joker_stands", card=card)
        return None

    def _check_entries(self, state: MostState, seat: int, entries: list[str]) -> GameError | None:
        """Every entry is in the hand once, every joker says its card, no card is on the table already."""
        hand = state.hands[seat]
        cards = [physical(e) for e in entries]
        for c in cards:
            if c not in hand:
                return GameError("card_not_in_hand", card=c)
        if len(set(cards)) != len(cards):
            return GameError("duplicate_card")
        jokers = joker_cards(state.melds)
        visible = table_cards(state)
        for e in entries:
            if is_joker(e):
                return GameError("joker_needs_card")
            card = stands_for(e)
            if card in jokers:
                return GameError("on_table_as_joker" if is_joker_entry(e) else "joker_stands", card=card)
            if card in visible:
                return GameError("on_table", card=card)
        return None

    def _check_meld(self, state: MostState, seat: int, entries: list[str]) -> GameError | None:
        reals = [e for e in entries if not is_joker(physical(e))]
        if len({c[0] for c in reals}) > 1 and len({c[1] for c in reals}) > 1:  # no joker can mend that
            return GameError("not_a_meld")
        error = self._check_entries(state, seat, entries)
        if error is not None:
            return error
        try:
            classify(entries)
        except GameError as e:
            return e
        if state.pending is not None and state.pending not in (physical(e) for e in entries):
            return GameError("must_meld_taken", card=state.pending)
        if len(state.hands[seat]) - len(entries) < 1:
            return GameError("keep_one")
        return None

    def _check_lay(self, state: MostState, seat: int, entry: str, meld: int) -> GameError | None:
        if not any(m.owner == seat for m in state.melds):
            return GameError("no_meld_yet")
        if not 1 <= meld <= len(state.melds):
            return GameError("no_such_meld", meld=meld)
        error = self._check_entries(state, seat, [entry])
        if error is not None:
            return error
        m = state.melds[meld - 1]
        if extend(m.kind, m.cards, entry) is None:
            return GameError("does_not_fit", card=stands_for(entry), meld=meld)
        if len(state.hands[seat]) < 2:
            return GameError("keep_one")
        return None

    def _apply(self, state: MostState, seat: int, action: str) -> list[Event]:
        verb, args = parse(action)
        return getattr(self, f"_do_{verb}")(state, seat, *args)

    def _take_from_hand(self, state: MostState, seat: int, cards: list[str]) -> None:
        for c in cards:
            state.hands[seat].remove(c)
            if c in state.known[seat]:
                state.known[seat].remove(c)

    def _do_draw(self, state: MostState, seat: int) -> list[Event]:
        state.hands[seat] = sort_hand([*state.hands[seat], state.deck.pop(0)])
        state.phase = "play"
        return [Event(kind="drew", seat=seat, data={"n": len(state.deck)})]

    def _do_take(self, state: MostState, seat: int, pos: str) -> list[Event]:
        k = int(pos) - 1
        taken = state.bridge[k:]
        state.bridge = state.bridge[:k]
        state.hands[seat] = sort_hand(state.hands[seat] + taken)
        state.known[seat] += taken
        state.pending = taken[0]
        state.phase = "play"
        return [Event(kind="took", seat=seat, data={"cards": taken, "pos": k + 1})]

    def _do_meld(self, state: MostState, seat: int, text: str) -> list[Event]:
        kind, entries = classify(text.split(","))
        cards = [physical(e) for e in entries]
        self._take_from_hand(state, seat, cards)
        state.melds.append(Meld(owner=seat, kind=kind, cards=entries, by=[seat] * len(entries)))  # type: ignore[arg-type]
        if state.pending in cards:
            state.pending = None
        return [Event(kind="melded", seat=seat, data={"cards": entries, "meld": len(state.melds)})]

    def _do_lay(self, state: MostState, seat: int, entry: str, meld: str) -> list[Event]:
        m = state.melds[int(meld) - 1]
        new = extend(m.kind, m.cards, entry)
        assert new is not None
        by = dict(zip(m.cards, m.by, strict=True)) | {entry: seat}
        m.cards, m.by = new, [by[e] for e in new]
        self._take_from_hand(state, seat, [physical(entry)])
        return [Event(kind="laid", seat=seat, data={"card": entry, "meld": int(meld), "owner_seat": m.owner})]

    def _do_swap(self, state: MostState, seat: int, card: str) -> list[Event]:
        i, j = joker_cards(state.melds)[card]
        m = state.melds[i]
        joker = physical(m.cards[j])
        m.cards[j], m.by[j] = card, seat
        self._take_from_hand(state, seat, [card])
        state.hands[seat] = sort_hand([*state.hands[seat], joker])
        state.known[seat].append(joker)
        return [Event(kind="swapped", seat=seat, data={"card": card, "meld": i + 1})]

    def _do_discard(self, state: MostState, seat: int, card: str) -> list[Event]:
        self._take_from_hand(state, seat, [card])
        state.bridge.append(card)
        events = [Event(kind="discarded", seat=seat, data={"card": card})]
        if not state.hands[seat]:
            return [*events, Event(kind="went_out", seat=seat), *self._end_game(state)]
        state.turn = next_seat(seat, state.players)
        state.phase = "draw"
        if not state.deck:
            return [*events, Event(kind="deck_empty", seat=state.turn), *self._end_game(state)]
        return events

    def _end_game(self, state: MostState) -> list[Event]:
        points = self.game_points(state)
        state.totals = [t + p for t, p in zip(state.totals, points, strict=True)]
        state.last_scores = points
        events = [
            Event(kind="scored", seat=s, data={"points": points[s], "total": state.totals[s]})
            for s in range(state.players)
        ]
        target = state.options.target
        if target == 0 or max(state.totals) >= target or state.game_no + 1 >= MAX_GAMES:
            state.over = True
            return [*events, Event(kind="match_over", data={"games": state.game_no + 1})]
        state.game_no += 1
        state.dealer = next_seat(state.dealer, state.players)
        self._deal(state)
        return [
            *events,
            Event(kind="dealt", seat=state.turn, data={"game": state.game_no + 1, "dealer": state.dealer}),
        ]

    def game_points(self, state: MostState) -> list[int]:
        """This game's points so far: laid cards minus the cards in hand."""
        laid = table_points(state.melds, state.players)
        return [laid[s] - hand_penalty(state.hands[s]) for s in range(state.players)]

    # -- information ----------------------------------------------------------------------------
    def view(self, state: MostState, seat: int | None) -> MostView:
        return MostView(
            game=self.key,
            viewer=seat,
            players=state.players,
            to_act=self.to_act(state),
            over=state.over,
            scores=self.scores(state),
            hand=list(state.hands[seat]) if seat is not None else None,
            hand_sizes=[len(h) for h in state.hands],
            game_no=state.game_no,
            dealer=state.dealer,
            turn=state.turn,
            phase=state.phase,
            deck=len(state.deck),
            bridge=list(state.bridge),
            melds=[copied(m) for m in state.melds],
            pending=state.pending,
            known=[list(k) for k in state.known],
            table_points=table_points(state.melds, state.players),
            last_scores=list(state.last_scores) if state.last_scores is not None else None,
            target=state.options.target,
        )

    def is_over(self, state: MostState) -> bool:
        return state.over

    def scores(self, state: MostState) -> list[float]:
        return [float(t) for t in state.totals]
