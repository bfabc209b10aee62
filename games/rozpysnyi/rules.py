"""Rozpysnyi poker (розписний покер): bid the exact number of tricks, over a schedule of rounds.

Spec: `shared/rules/rozpysnyi.md`. 3 players play with 36 cards (6–A), 4 with 32 (7–A); the number of
players is the table's, not an option. The poker card (7♠ by default) belongs to no suit.

Actions (canonical text; `normalize` accepts lowercase, `10h`, suit symbols, and `pass` for `bid:0`):
- `bid:N` — bid N tricks (0 is a pass);
- `play:QH` — play a card;
- `play:7S:high` / `play:7S:low` — the poker card when not leading, as the highest or the lowest card;
- `lead:7S:top:H` — lead the poker card «за старшим ♥»: everyone must play their highest heart
  (without hearts: a trump; without either: anything); the poker card wins unless someone trumped;
- `lead:7S:dump:H` — lead it «зливаю як молодшу ♥»: it counts as the lowest heart; the others follow
  hearts as usual; it wins only when nobody played a heart or a trump.

Events (public only): `dealt` (no, cards, kind, dealer), `trump` (card, suit, shown) or `no_trump`
(card: the turned-up poker card, if that is the reason), `bid` (n), `played` (card, call),
`poker_high` / `poker_low` / `poker_top` / `poker_dump` (the poker card's call, for the table log),
`trick_won` (cards), `round_scored` (bids, tricks, points, totals), `game_over` (scores), and
`dark_round` (no, cards, dealer) when a dark round opens for bidding. The first round's `dealt` and
`trump` are not emitted (`new` returns a state only); the view carries the same facts.

Decisions where the spec leaves room (beyond those marked in the spec):
- Dark rounds are dealt only once the last bid is in: until then no hand exists anywhere, so nothing can
  leak; the `dealt` and `trump` events come after the bids.
- The dealer is `seed % players` (a draw from the seed), then the deal rotates clockwise.
- The dark/no-trump switches thin the named schedules (`full`, `short`, `quick`); a custom schedule is
  played as written.
- A poker card id that is not in the deck being used (e.g. `6S` with four players) is refused at the start.
- When the poker card is the turned-up card the round is played without trumps and the card stays out
  of play (it is the next card of the stock); when it is the dealer's shown last card, it stays in the
  dealer's hand as usual and the round has no trump. The view calls such a round `no_trump` unless it is
  dark (a dark round keeps its doubled score).
- Revealed voids: a seat that does not follow the led suit (the call's suit after a poker lead) is known
  to lack it, and also to lack trumps if it did not trump. Playing the poker card reveals nothing.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field, field_validator

from games.base import BaseView, Editor, Event, Game, GameError, GameState, Options, copied, next_seat
from games.cards import SUITS, CardError, is_card, make_deck, parse_card, rank_value, sort_hand, suit
from games.rozpysnyi import schedule as sched
from games.tricktaking import Play, Trick, TrickRules

Phase = Literal["bid", "play", "over"]
Kind = Literal["ordinary", "dark", "no_trump"]
CALLS = ("high", "low", "top", "dump")


class RozpysnyiOptions(Options):
    poker_card: bool = Field(True, description="play with the poker card")
    poker_card_id: str = Field("7S", description="which card is the poker card (rank + suit, e.g. 7S)")
    dark_rounds: bool = Field(True, description="include dark rounds (bid before the deal, score doubled)")
    no_trump_rounds: bool = Field(True, description="include no-trump rounds")
    schedule: str = Field("full", description="full, short, quick, or a list of rounds such as `1 5 D N`")

    @field_validator("poker_card_id")
    @classmethod
    def _card(cls, v: str) -> str:
        try:
            card = parse_card(v)
        except CardError:
            raise ValueError(f"not a card: {v!r}") from None
        if card[1] not in SUITS:
            raise ValueError("the poker card must be a suited card")
        return card

    @field_validator("schedule")
    @classmethod
    def _schedule(cls, v: str) -> str:
        v = " ".join(v.replace(",", " ").split())
        if v.lower() in sched.NAMED:
            return v.lower()
        if not v:
            raise ValueError("empty schedule")
        for r in v.upper().split():
            if r not in ("D", "N") and not (r.isdecimal() and 1 <= int(r) <= sched.max_cards(3)):
                raise ValueError(f"bad round {r!r}")
        return v.upper()


class SheetRound(BaseModel):
    """One played round as the paper score sheet keeps it."""

    kind: Kind
    cards: int
    bids: list[int]
    tricks: list[int]


class RozpysnyiState(GameState):
    options: RozpysnyiOptions
    rounds: list[str]
    round_no: int = 0
    dealer: int = 0
    phase: Phase = "bid"
    dealt: bool = False  # False while a dark round is bid: no card has left the deck yet
    hands: list[list[str]] = Field(default_factory=list)
    trump: str | None = None
    trump_card: str | None = None
    trump_in_hand: bool = False  # the whole deck was dealt: the trump card is the dealer's shown last card
    bids: list[int | None] = Field(default_factory=list)
    tricks: list[int] = Field(default_factory=list)
    trick: Trick | None = None
    last_trick: Trick | None = None
    totals: list[int] = Field(default_factory=list)
    history: list[list[int]] = Field(default_factory=list)
    # the score sheet (розпис): each played round's kind (`dark`, `no_trump`, `ordinary`), cards, bids, tricks
    sheet: list[SheetRound] = Field(default_factory=list)
    poker_played: bool = False
    voids: list[list[str]] = Field(default_factory=list)
    played: list[str] = Field(default_factory=list)
    last_round: list[list[Any]] = Field(default_factory=list)  # [seat, "bid/took ±points"], for the table

    @property
    def kind(self) -> str:
        """The schedule's entry for this round: a number, `D` or `N`."""
        return self.rounds[self.round_no] if self.round_no < len(self.rounds) else ""

    @property
    def cards(self) -> int:
        return sched.cards_in(self.kind, self.players) if self.kind else 0

    @property
    def dark(self) -> bool:
        return self.kind == "D"


class RozpysnyiView(BaseView):
    round_no: int  # 0-based index into the schedule
    rounds: int
    round_kinds: list[str]  # the schedule, public from the start
    kind: Kind
    cards: int
    dealer: int
    phase: Phase
    trump: str | None
    trump_card: str | None
    trump_shown: bool  # the trump card is the dealer's last card, still in the dealer's hand
    dark_hidden: bool  # a dark round is being bid: nobody has cards yet
    bids: list[int | None]
    forbidden_bid: int | None  # the dealer's hook, once only the dealer has still to bid
    tricks: list[int]
    trick: Trick | None
    last_trick: Trick | None
    totals: list[int]
    history: list[list[int]]
    last_round: list[list[Any]] = Field(default_factory=list)  # [seat, "bid/took ±points"] of the last round
    poker_card: str | None
    poker_played: bool
    voids: list[list[str]]
    played: list[str]


class PokerTrickRules(TrickRules):
    """Follow suit, else trump; the poker card has no suit and counts as its play's call says."""

    must_trump = True

    def __init__(self, poker: str | None) -> None:
        self.poker = poker

    def suit_of(self, card: str) -> str | None:
        return None if card == self.poker else suit(card)

    def lead_call(self, trick: Trick) -> tuple[str, str] | None:
        """(`top` | `dump`, suit) when the trick was led with the poker card."""
        first = trick.plays[0] if trick.plays else None
        if first is None or first.card != self.poker or not first.call:
            return None
        how, _, named = first.call.partition(":")
        return how, named

    def led_suit(self, trick: Trick) -> str | None:
        call = self.lead_call(trick)
        return call[1] if call else super().led_suit(trick)

    def legal_cards(self, hand: list[str], trick: Trick, trump: str | None) -> list[str]:
        if not trick.plays:
            return list(hand)
        plain = [c for c in hand if c != self.poker]
        cards = super().legal_cards(plain, trick, trump)
        call = self.lead_call(trick)
        if call and call[0] == "top":
            named = [c for c in cards if suit(c) == call[1]]
            if named:  # «за старшим»: the highest card of the named suit, nothing else
                cards = [max(named, key=rank_value)]
        return cards + [c for c in hand if c == self.poker]  # the poker card goes at any moment

    def power(self, play: Play, trick: Trick, trump: str | None) -> int:
        if play.card != self.poker:
            return super().power(play, trick, trump)  # trumps 200+, the led suit 100+, else -1
        how, _, named = (play.call or "low").partition(":")
        if how == "high":
            return 1000
        if how == "top":
            return 1000 if named == trump else 199  # beaten only by a trump, when the suit is not trumps
        if how == "dump":
            return 99  # the lowest card of the named suit
        return -2  # as the lowest: it never wins


class RozpysnyiRules(Game[RozpysnyiState, RozpysnyiOptions]):
    key = "rozpysnyi"
    aliases = ("poker", "розписний", "расписной", "rozpisnoy")
    State = RozpysnyiState
    Options = RozpysnyiOptions
    min_players = 3
    max_players = 4
    presets: ClassVar[dict[str, dict[str, Any]]] = {
        "quick": {"schedule": "quick"},
        "short": {"schedule": "short"},
        "classic": {},
    }
    editors: ClassVar[dict[str, Editor]] = {
        "schedule": Editor(
            kind="list",
            named=sched.NAMED,
            items=(*(str(n) for n in range(1, sched.max_cards(3) + 1)), "D", "N"),
        ),
        "poker_card_id": Editor(kind="card"),
    }

    # -- setting up ------------------------------------------------------------------------------
    def rules(self, state: RozpysnyiState) -> PokerTrickRules:
        return PokerTrickRules(self.poker(state))

    @staticmethod
    def poker(state: RozpysnyiState) -> str | None:
        return state.options.poker_card_id if state.options.poker_card else None

    def _new(
        self, players: int, options: RozpysnyiOptions, seed: int, deals: list[list[str]]
    ) -> RozpysnyiState:
        deck = make_deck(sched.DECK[players])
        if options.poker_card and options.poker_card_id not in deck:
            raise GameError("bad_option_value", name="poker_card_id", value=options.poker_card_id)
        rounds = sched.build(options.schedule, players, options.dark_rounds, options.no_trump_rounds)
        if not rounds:
            raise GameError("bad_schedule", round="", max=sched.max_cards(players))
        state = RozpysnyiState(
            players=players,
            seed=seed,
            deals=deals,
            options=options,
            rounds=rounds,
            totals=[0] * players,
            dealer=seed % players,
        )
        self._start_round(state)
        return state

    def _start_round(self, state: RozpysnyiState) -> list[Event]:
        """Reset the round's fields and deal (a dark round is dealt after its bids)."""
        p = state.players
        state.phase = "bid"
        state.bids = [None] * p
        state.tricks = [0] * p
        state.trick = None
        state.last_trick = None
        state.poker_played = False
        state.voids = [[] for _ in range(p)]
        state.played = []
        state.hands = [[] for _ in range(p)]
        state.trump = state.trump_card = None
        state.trump_in_hand = False
        state.dealt = False
        if state.dark:
            data = {"no": state.round_no + 1, "cards": state.cards, "dealer": state.dealer}
            return [Event(kind="dark_round", seat=state.dealer, data=data)]
        return self._deal(state)

    def _deal(self, state: RozpysnyiState) -> list[Event]:
        """One card at a time from the seat after the dealer; then the trump (turned up or shown)."""
        p, n = state.players, state.cards
        deck = state.next_deck(make_deck(sched.DECK[p]))
        for i in range(n * p):
            state.hands[next_seat(state.dealer, p, i + 1)].append(deck[i])
        if state.kind != "N":
            if n * p < len(deck):
                state.trump_card = deck[n * p]
            else:
                state.trump_card, state.trump_in_hand = deck[n * p - 1], True
            if state.trump_card != self.poker(state):
                state.trump = suit(state.trump_card)
        state.hands = [sort_hand(h, state.trump) for h in state.hands]
        state.dealt = True
        kind = {"D": "dark", "N": "no_trump"}.get(state.kind, "ordinary")
        dealt = Event(
            kind="dealt",
            seat=state.dealer,
            data={"no": state.round_no + 1, "cards": n, "kind": kind, "dealer": state.dealer},
        )
        return [dealt, self._trump_event(state)]

    def _trump_event(self, state: RozpysnyiState) -> Event:
        if state.trump is None:
            return Event(kind="no_trump", data={"card": state.trump_card})
        return Event(
            kind="trump",
            seat=state.dealer if state.trump_in_hand else None,
            data={"card": state.trump_card, "suit": state.trump, "shown": state.trump_in_hand},
        )

    # -- whose turn, what is legal ---------------------------------------------------------------
    def to_act(self, state: RozpysnyiState) -> list[int]:
        if state.phase == "bid":
            done = sum(b is not None for b in state.bids)
            return [next_seat(state.dealer, state.players, done + 1)]
        if state.phase == "play" and state.trick is not None:
            return [next_seat(state.trick.leader, state.players, len(state.trick.plays))]
        return []

    def hook(self, state: RozpysnyiState) -> int | None:
        """The bid the dealer may not make (None when it is out of range or others still bid)."""
        others = [b for i, b in enumerate(state.bids) if i != state.dealer]
        if state.phase != "bid" or None in others:
            return None
        forbidden = state.cards - sum(b for b in others if b is not None)
        return forbidden if 0 <= forbidden <= state.cards else None

    def legal_actions(self, state: RozpysnyiState, seat: int) -> list[str]:
        if seat not in self.to_act(state):
            return []
        if state.phase == "bid":
            forbidden = self.hook(state) if seat == state.dealer else None
            return [f"bid:{n}" for n in range(state.cards + 1) if n != forbidden]
        assert state.trick is not None
        poker = self.poker(state)
        out = []
        for card in self.rules(state).legal_cards(state.hands[seat], state.trick, state.trump):
            if card != poker:
                out.append(f"play:{card}")
            elif state.trick.plays:
                out += [f"play:{card}:high", f"play:{card}:low"]
            else:
                out += [f"lead:{card}:{how}:{s}" for how in ("top", "dump") for s in SUITS]
        return out

    def normalize(self, action: str) -> str:
        parts = [p.strip() for p in action.strip().split(":")]
        verb = parts[0].lower()
        if verb in ("pass", "пас") and len(parts) == 1:
            return "bid:0"
        if verb == "bid":
            args = [str(int(p)) if p.isdecimal() else p for p in parts[1:]]
            return ":".join([verb, *args])
        if verb not in ("play", "lead") or len(parts) < 2:
            return action.strip()
        try:
            card = parse_card(parts[1])
        except CardError:
            return action.strip()
        rest = [p.lower() if p.lower() in CALLS else p.upper() for p in parts[2:]]
        return ":".join([verb, card, *rest])

    def why_illegal(self, state: RozpysnyiState, seat: int, action: str) -> GameError:
        verb, *args = action.split(":")
        if state.phase == "bid":
            if verb != "bid":
                return GameError("bid_first")
            n = int(args[0]) if len(args) == 1 and args[0].isdecimal() else None
            if seat == state.dealer and n is not None and n == self.hook(state):
                return GameError("hook", forbidden=n)
            return GameError("bad_bid", max=state.cards)
        if verb == "bid":
            return GameError("bidding_over")
        if verb not in ("play", "lead") or not args or not is_card(args[0]):
            return GameError("illegal_action", action=action)
        card, poker, trick = args[0], self.poker(state), state.trick
        assert trick is not None
        if card not in state.hands[seat]:
            return GameError("card_not_in_hand", card=card)
        if card == poker:
            return GameError("poker_call_required" if not trick.plays else "poker_high_or_low")
        if verb == "lead" or len(args) > 1 or not trick.plays:
            return GameError("illegal_action", action=action)  # calls belong to the poker card only
        return self._obligation(state, seat)

    def _obligation(self, state: RozpysnyiState, seat: int) -> GameError:
        """Why a plain card that is held may not be played to this trick."""
        assert state.trick is not None
        rules = self.rules(state)
        led = rules.led_suit(state.trick)
        holding = [c for c in state.hands[seat] if rules.suit_of(c) == led]
        if holding:
            call = rules.lead_call(state.trick)
            if call and call[0] == "top":
                return GameError("must_play_highest", card=max(holding, key=rank_value))
            return GameError("must_follow_suit", suit=led)
        return GameError("must_trump", suit=state.trump)

    # -- moves -----------------------------------------------------------------------------------
    def _apply(self, state: RozpysnyiState, seat: int, action: str) -> list[Event]:
        verb, *args = action.split(":")
        if verb == "bid":
            return self._bid(state, seat, int(args[0]))
        return self._play(state, seat, args[0], ":".join(args[1:]) or None)

    def _bid(self, state: RozpysnyiState, seat: int, n: int) -> list[Event]:
        state.bids[seat] = n
        events = [Event(kind="bid", seat=seat, data={"n": n})]
        if all(b is not None for b in state.bids):
            if not state.dealt:
                events += self._deal(state)  # a dark round: the cards come only now
            state.phase = "play"
            state.trick = Trick(leader=state.dealer)  # the dealer leads
        return events

    def _play(self, state: RozpysnyiState, seat: int, card: str, call: str | None) -> list[Event]:
        assert state.trick is not None
        rules = self.rules(state)
        events = [Event(kind="played", seat=seat, data={"card": card, "call": call or ""})]
        if card == rules.poker:
            state.poker_played = True
            how, _, named = (call or "").partition(":")
            events.append(Event(kind=f"poker_{how}", seat=seat, data={"card": card, "suit": named or None}))
        elif state.trick.plays:
            self._note_voids(state, seat, card, rules.led_suit(state.trick))
        state.hands[seat].remove(card)
        state.played.append(card)
        state.trick.plays.append(Play(seat=seat, card=card, call=call))
        if not state.trick.complete(state.players):
            return events
        winner = rules.winner(state.trick, state.trump)
        state.trick.winner = winner
        state.tricks[winner] += 1
        state.last_trick = state.trick
        events.append(Event(kind="trick_won", seat=winner, data={"cards": state.trick.cards()}))
        if state.hands[winner]:
            state.trick = Trick(leader=winner)
            return events
        return events + self._end_round(state)

    @staticmethod
    def _note_voids(state: RozpysnyiState, seat: int, card: str, led: str | None) -> None:
        """Everyone saw this seat fail to follow (and maybe fail to trump): it lacks those suits."""
        if led is None or suit(card) == led:
            return
        lacks = [led] + ([state.trump] if state.trump and suit(card) != state.trump else [])
        for s in lacks:
            if s not in state.voids[seat]:
                state.voids[seat].append(s)

    def _end_round(self, state: RozpysnyiState) -> list[Event]:
        points = [round_points(b or 0, t, state.dark) for b, t in zip(state.bids, state.tricks, strict=True)]
        state.history.append(points)
        kind = self.round_kind(state)
        bids = [b or 0 for b in state.bids]
        state.sheet.append(SheetRound(kind=kind, cards=state.cards, bids=bids, tricks=list(state.tricks)))
        state.totals = [a + b for a, b in zip(state.totals, points, strict=True)]
        data = {"bids": list(state.bids), "tricks": list(state.tricks), "points": points}
        state.last_round = [
            [i, f"{b or 0}/{t} {p:+d}"]
            for i, (b, t, p) in enumerate(zip(state.bids, state.tricks, points, strict=True))
        ]
        events = [Event(kind="round_scored", data={**data, "totals": list(state.totals)})]
        state.round_no += 1
        state.trick = None
        if state.round_no >= len(state.rounds):
            state.phase = "over"
            return [*events, Event(kind="game_over", data={"scores": list(state.totals)})]
        state.dealer = next_seat(state.dealer, state.players)
        return events + self._start_round(state)

    # -- information -----------------------------------------------------------------------------
    def round_kind(self, state: RozpysnyiState) -> Kind:
        """`dark` (doubled, even without a trump), `no_trump` (an N round or a turned-up poker card)."""
        if state.phase == "over":
            return "ordinary"
        if state.dark:
            return "dark"
        if state.kind == "N" or (state.dealt and state.trump is None):
            return "no_trump"
        return "ordinary"

    def view(self, state: RozpysnyiState, seat: int | None) -> RozpysnyiView:
        over = state.phase == "over"
        return RozpysnyiView(
            game=self.key,
            viewer=seat,
            players=state.players,
            to_act=self.to_act(state),
            over=over,
            scores=self.scores(state),
            hand=None if seat is None else list(state.hands[seat]),
            hand_sizes=[len(h) for h in state.hands],
            round_no=state.round_no,
            rounds=len(state.rounds),
            round_kinds=list(state.rounds),
            kind=self.round_kind(state),
            cards=state.cards,
            dealer=state.dealer,
            phase=state.phase,
            trump=state.trump,
            trump_card=state.trump_card,
            trump_shown=state.trump_in_hand,
            dark_hidden=not state.dealt and not over,
            bids=list(state.bids),
            forbidden_bid=self.hook(state),
            tricks=list(state.tricks),
            trick=copied(state.trick) if state.trick else None,
            last_trick=copied(state.last_trick) if state.last_trick else None,
            totals=list(state.totals),
            history=[list(h) for h in state.history],
            last_round=[list(x) for x in state.last_round],
            poker_card=self.poker(state),
            poker_played=state.poker_played,
            voids=[list(v) for v in state.voids],
            played=list(state.played),
        )

    def is_over(self, state: RozpysnyiState) -> bool:
        return state.phase == "over"

    def scores(self, state: RozpysnyiState) -> list[float]:
        return [float(x) for x in state.totals]

    # -- presentation ----------------------------------------------------------------------------
    def describe_action(self, action: str) -> tuple[str, dict[str, Any]]:
        verb, *args = action.split(":")
        if verb == "bid":
            if args[0] == "0":
                return "rozpysnyi.action.pass", {}
            return "rozpysnyi.action.bid", {"n": int(args[0])}
        if verb == "lead":
            return f"rozpysnyi.action.poker_{args[1]}", {"card": args[0], "suit": args[2]}
        if len(args) == 2:
            return f"rozpysnyi.action.poker_{args[1]}", {"card": args[0]}
        return "rozpysnyi.action.play", {"card": args[0]}

    def status_lines(self, view: BaseView) -> list[tuple[str, dict[str, Any]]]:
        assert isinstance(view, RozpysnyiView)
        if view.over:
            return []
        lines: list[tuple[str, dict[str, Any]]] = [
            (
                f"rozpysnyi.status.round_{view.kind}",
                {"no": view.round_no + 1, "of": view.rounds, "n": view.cards, "dealer": view.dealer},
            )
        ]
        if view.dark_hidden:
            lines.append(("rozpysnyi.status.dark_bidding", {}))
        elif view.trump:
            key = "rozpysnyi.status.trump_shown" if view.trump_shown else "rozpysnyi.status.trump"
            lines.append((key, {"card": view.trump_card, "suit": view.trump, "dealer": view.dealer}))
        elif view.trump_card:
            lines.append(("rozpysnyi.status.no_trump_poker", {"card": view.trump_card}))
        else:
            lines.append(("rozpysnyi.status.no_trump", {}))
        bid_sum = sum(b for b in view.bids if b is not None)
        lines.append(("rozpysnyi.status.bids", {"sum": bid_sum, "n": view.cards}))
        if view.forbidden_bid is not None:
            lines.append(("rozpysnyi.status.hook", {"dealer": view.dealer, "forbidden": view.forbidden_bid}))
        if view.last_trick and view.last_trick.winner is not None:
            lines.append(
                (
                    "rozpysnyi.status.last",
                    {"cards": view.last_trick.by_seat(), "winner": view.last_trick.winner},
                )
            )
        if view.trick and view.trick.plays:
            lines.append(
                ("rozpysnyi.status.trick", {"cards": view.trick.by_seat(), "leader": view.trick.leader})
            )
        if view.phase == "bid" and view.last_round:
            lines.append(("rozpysnyi.status.last_round", {"table": view.last_round}))
        return lines

    def hand_context(self, view: BaseView) -> list[tuple[str, dict[str, Any]]]:
        """The round's trump; for the hand that is to act, also the bids or the trick it answers
        (that hand changes anyway, the others stay as they are)."""
        assert isinstance(view, RozpysnyiView)
        if view.over:
            return []
        lines: list[tuple[str, dict[str, Any]]] = []
        if view.dark_hidden:
            lines.append(("rozpysnyi.status.dark_bidding", {}))
        elif view.trump:
            key = "rozpysnyi.status.trump_shown" if view.trump_shown else "rozpysnyi.status.trump"
            lines.append((key, {"card": view.trump_card, "suit": view.trump, "dealer": view.dealer}))
        elif view.trump_card:
            lines.append(("rozpysnyi.status.no_trump_poker", {"card": view.trump_card}))
        else:
            lines.append(("rozpysnyi.status.no_trump", {}))
        if view.viewer not in view.to_act:
            return lines
        if view.phase == "bid":
            bid_sum = sum(b for b in view.bids if b is not None)
            lines.append(("rozpysnyi.status.bids", {"sum": bid_sum, "n": view.cards}))
        elif view.trick and view.trick.plays:
            lines.append(
                ("rozpysnyi.status.trick", {"cards": _trick_text(view.trick), "leader": view.trick.leader})
            )
        return lines

    def hand_key(self, state: RozpysnyiState, seat: int) -> tuple[Any, ...] | None:
        """A seat not to act is shown its cards and the round's trump line (`hand_context`), nothing else."""
        if state.phase == "over" or seat in self.to_act(state):
            return None
        return (
            tuple(state.hands[seat]),
            state.dealt,
            state.trump,
            state.trump_card,
            state.trump_in_hand,
            state.dealer,
        )

    def event_lines(self, event: Event) -> list[tuple[str, dict[str, Any], int | None]]:
        """A round's score is a named table: a heading and one line per player (bid, tricks, points,
        total)."""
        if event.kind != "round_scored":
            return super().event_lines(event)
        d = event.data
        out: list[tuple[str, dict[str, Any], int | None]] = [("rozpysnyi.event.round_table", {}, None)]
        for i, (b, took, p, total) in enumerate(
            zip(d["bids"], d["tricks"], d["points"], d["totals"], strict=True)
        ):
            row = {"bid": b or 0, "tricks": took, "points": f"{p:+d}", "total": total}
            out.append(("rozpysnyi.event.round_row", row, i))
        return out

    def seat_status(self, view: BaseView, seat: int) -> tuple[str, dict[str, Any]] | None:
        assert isinstance(view, RozpysnyiView)
        if view.over:
            return None
        bid = view.bids[seat]
        if bid is None:
            return "rozpysnyi.seat.no_bid", {"tricks": view.tricks[seat]}
        return "rozpysnyi.seat.bid", {"bid": bid, "tricks": view.tricks[seat]}


def _trick_text(trick: Trick) -> list[str]:
    """The cards of a trick; a poker card with its call (`7S:high`, `7S:top:H`), which renderers mark."""
    return [p.card if not p.call else f"{p.card}:{p.call}" for p in trick.plays]


def round_points(bid: int, took: int, dark: bool) -> int:
    """+10 per trick bid when made, +5 for a made pass, −10 per missing trick, +1 per trick taken when
    over; doubled in dark rounds."""
    if took == bid:
        points = 5 if bid == 0 else 10 * bid
    elif took < bid:
        points = -10 * (bid - took)
    else:
        points = took
    return points * 2 if dark else points
