"""Rozpysnyi poker (розписний покер): bid the exact number of tricks, over a schedule of rounds.

Spec: `shared/rules/rozpysnyi.md`. 3 players play with 36 cards (6–A), 4 with 32 (7–A); the number of
players is the table's, not an option. The poker card (7♠ by default) belongs to no suit.

Actions (canonical text):
- `bid:N` — bid N tricks (0 is a pass);
- `play:QH` — play a card;
- `play:7S:high` / `play:7S:low` — the poker card when not leading, as the highest or the lowest card;
- `lead:7S:top:H` — lead the poker card «за старшим ♥»: everyone must play their highest heart
  (without hearts: a trump; without either: anything); the poker card wins unless someone trumped;
- `lead:7S:dump:H` — lead it «зливаю як молодшу ♥»: it counts as the lowest heart; the others follow
  hearts as usual; it wins only when nobody played a heart or a trump.

Decisions where the spec leaves room (beyond those marked in the spec):
- Dark rounds deal the cards at the start of the round, but no view shows any card — not even one's own,
  nor the trump — until the last bid is in; the effect is that of dealing after the bids.
- The dark/no-trump switches thin the `full` and `short` schedules; a custom schedule is played as written.
- A poker card id that is not in the deck being used (e.g. `6S` with four players) is refused at the start.
- When the poker card is the turned-up card the round is played without trumps and the card stays out
  of play (it is the next card of the stock); when it is the dealer's shown last card, it stays in the
  dealer's hand as usual and the round has no trump.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from games.base import BaseView, Event, Game, GameError, GameState, Options, next_seat
from games.cards import SUITS, is_card, make_deck, parse_card, rank_value, sort_hand, suit
from games.rozpysnyi import schedule as sched
from games.tricktaking import Play, Trick, TrickRules

Phase = Literal["bid", "play", "over"]


class RozpysnyiOptions(Options):
    poker_card: bool = Field(True, description="play with the poker card")
    poker_card_id: str = Field("7S", description="which card is the poker card")
    dark_rounds: bool = Field(True, description="include dark rounds (bids before the deal, score doubled)")
    no_trump_rounds: bool = Field(True, description="include no-trump rounds")
    schedule: str = Field("full", description="full, short, or a list of rounds such as `1 5 D N`")

    @field_validator("poker_card_id")
    @classmethod
    def _card(cls, v: str) -> str:
        card = parse_card(v)
        if not is_card(card) or card.startswith("X"):
            raise ValueError("not a card")
        return card

    @field_validator("schedule")
    @classmethod
    def _schedule(cls, v: str) -> str:
        v = " ".join(v.replace(",", " ").split())
        if v.lower() in ("full", "short"):
            return v.lower()
        for r in v.upper().split():
            if r not in ("D", "N") and not (r.isdigit() and 1 <= int(r) <= 12):
                raise ValueError(f"bad round {r!r}")
        if not v:
            raise ValueError("empty schedule")
        return v.upper()


class RozpysnyiState(GameState):
    options: RozpysnyiOptions
    rounds: list[str]
    round_no: int = 0
    dealer: int = 0
    phase: Phase = "bid"
    hands: list[list[str]] = Field(default_factory=list)
    trump: str | None = None
    trump_card: str | None = None
    trump_in_hand: bool = False
    bids: list[int | None] = Field(default_factory=list)
    tricks: list[int] = Field(default_factory=list)
    trick: Trick | None = None
    last_trick: Trick | None = None
    totals: list[int] = Field(default_factory=list)
    history: list[list[int]] = Field(default_factory=list)
    poker_played: bool = False
    voids: list[list[str]] = Field(default_factory=list)
    played: list[str] = Field(default_factory=list)

    @property
    def kind(self) -> str:
        return self.rounds[self.round_no] if self.round_no < len(self.rounds) else ""

    @property
    def cards(self) -> int:
        return sched.cards_in(self.kind, self.players)

    @property
    def dark(self) -> bool:
        return self.kind == "D"


class RozpysnyiView(BaseView):
    round_no: int
    rounds: int
    kind: Literal["ordinary", "dark", "no_trump"]
    cards: int
    dealer: int
    phase: Phase
    trump: str | None
    trump_card: str | None
    bids: list[int | None]
    tricks: list[int]
    trick: Trick | None
    last_trick: Trick | None
    history: list[list[int]]
    poker_card: str | None
    poker_played: bool
    voids: list[list[str]]
    played: list[str]
    trump_shown: bool
    dark_hidden: bool


class PokerTrickRules(TrickRules):
    """Follow suit, else trump; the poker card has no suit and counts as its play's call says."""

    must_trump = True

    def __init__(self, poker: str | None) -> None:
        self.poker = poker

    def suit_of(self, card: str) -> str | None:
        return None if card == self.poker else suit(card)

    def led_suit(self, trick: Trick) -> str | None:
        if not trick.plays:
            return None
        first = trick.plays[0]
        if first.card == self.poker and first.call:
            return first.call.split(":")[1]  # `top:H` / `dump:H`
        return self.suit_of(first.card)

    def call(self, trick: Trick) -> str | None:
        first = trick.plays[0] if trick.plays else None
        return first.call.split(":")[0] if first and first.card == self.poker and first.call else None

    def legal_cards(self, hand: list[str], trick: Trick, trump: str | None) -> list[str]:
        plain = [c for c in hand if c != self.poker]
        if not trick.plays:
            return list(hand)
        led = self.led_suit(trick)
        follow = [c for c in plain if suit(c) == led]
        if follow and self.call(trick) == "top":
            follow = [max(follow, key=rank_value)]
        if not follow and trump:
            follow = [c for c in plain if suit(c) == trump]
        options = follow or plain
        return options + [c for c in hand if c == self.poker]

    def power(self, play: Play, trick: Trick, trump: str | None) -> int:
        if play.card == self.poker:
            if play.call == "high":
                return 1000
            if play.call == "low":
                return -2
            if play.call and play.call.startswith("top:"):
                return 500  # beaten only by a trump, and only when the named suit is not trumps
            return 99  # dump: the lowest card of the named suit
        s = suit(play.card)
        led = self.led_suit(trick)
        if trump is not None and s == trump:
            if self.call(trick) == "top" and led == trump:
                return 100 + rank_value(play.card)  # following a top-call in trumps is not trumping
            return 600 + rank_value(play.card)
        if s == led:
            return 100 + rank_value(play.card)
        return -1


class Rozpysnyi(Game[RozpysnyiState, RozpysnyiOptions]):
    key = "rozpysnyi"
    aliases = ("poker", "розписний", "расписной", "rozpisnoy", "raspisnoy", "покер")
    State = RozpysnyiState
    Options = RozpysnyiOptions
    min_players = 3
    max_players = 4
    bot_levels = ("random", "heuristic", "search")
    default_bot = "heuristic"
    presets: ClassVar[dict[str, dict[str, Any]]] = {
        "classic": {},
        "short": {"schedule": "short"},
        "quick": {"schedule": "1 3 D N"},
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
        state = RozpysnyiState(
            players=players,
            seed=seed,
            deals=deals,
            options=options,
            rounds=rounds,
            totals=[0] * players,
            dealer=seed % players,
        )
        self._deal(state)
        return state

    def _deal(self, state: RozpysnyiState) -> None:
        p, n = state.players, state.cards
        deck = state.next_deck(make_deck(sched.DECK[p]))
        state.hands = [[] for _ in range(p)]
        for i in range(n * p):
            state.hands[next_seat(state.dealer, p, i + 1)].append(deck[i])
        state.hands = [sort_hand(h) for h in state.hands]
        state.trump = state.trump_card = None
        state.trump_in_hand = False
        if state.kind != "N":
            if n * p < len(deck):
                state.trump_card = deck[n * p]
            else:
                state.trump_card, state.trump_in_hand = deck[n * p - 1], True
            if state.trump_card != self.poker(state):
                state.trump = suit(state.trump_card)
        state.phase = "bid"
        state.bids = [None] * p
        state.tricks = [0] * p
        state.trick = None
        state.poker_played = False
        state.voids = [[] for _ in range(p)]
        state.played = []

    # -- whose turn, what is legal ---------------------------------------------------------------
    def to_act(self, state: RozpysnyiState) -> list[int]:
        if state.phase == "bid":
            done = sum(b is not None for b in state.bids)
            return [next_seat(state.dealer, state.players, done + 1)]
        if state.phase == "play" and state.trick is not None:
            return [next_seat(state.trick.leader, state.players, len(state.trick.plays))]
        return []

    def hook(self, state: RozpysnyiState) -> int | None:
        """The bid the dealer may not make (None when it is out of range)."""
        others = sum(b for i, b in enumerate(state.bids) if b is not None and i != state.dealer)
        forbidden = state.cards - others
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
                out += [f"lead:{card}:{call}:{s}" for call in ("top", "dump") for s in SUITS]
        return out

    def normalize(self, action: str) -> str:
        parts = action.strip().split(":")
        verb = parts[0].lower()
        try:
            if verb in ("play", "lead") and len(parts) >= 2:
                parts[1] = parse_card(parts[1])
                parts[2:] = [
                    p.lower() if p.lower() in ("high", "low", "top", "dump") else p.upper() for p in parts[2:]
                ]
        except ValueError:
            return action.strip()
        return ":".join([verb, *parts[1:]])

    def why_illegal(self, state: RozpysnyiState, seat: int, action: str) -> GameError:
        verb, *args = action.split(":")
        if state.phase == "bid":
            if verb != "bid":
                return GameError("bid_first")
            if args and args[0].isdigit() and int(args[0]) == self.hook(state) and seat == state.dealer:
                return GameError("hook", forbidden=int(args[0]))
            return GameError("bad_bid", max=state.cards)
        if verb not in ("play", "lead") or not args:
            return GameError("illegal_action", action=action)
        card, poker = args[0], self.poker(state)
        if card not in state.hands[seat]:
            return GameError("card_not_in_hand", card=card)
        assert state.trick is not None
        if card == poker:
            return (
                GameError("poker_call_required") if not state.trick.plays else GameError("poker_high_or_low")
            )
        if not state.trick.plays:
            return GameError("illegal_action", action=action)
        rules = self.rules(state)
        led = rules.led_suit(state.trick)
        holding = [c for c in state.hands[seat] if c != poker and suit(c) == led]
        if holding:
            if rules.call(state.trick) == "top":
                return GameError("must_play_highest", card=max(holding, key=rank_value))
            return GameError("must_follow_suit", suit=led)
        return GameError("must_trump", suit=state.trump)

    # -- moves -----------------------------------------------------------------------------------
    def _apply(self, state: RozpysnyiState, seat: int, action: str) -> list[Event]:
        verb, *args = action.split(":")
        if verb == "bid":
            return self._bid(state, seat, int(args[0]))
        call = ":".join(args[1:]) or None
        return self._play(state, seat, args[0], call)

    def _bid(self, state: RozpysnyiState, seat: int, n: int) -> list[Event]:
        state.bids[seat] = n
        events = [Event(kind="bid", seat=seat, data={"n": n})]
        if all(b is not None for b in state.bids):
            state.phase = "play"
            state.trick = Trick(leader=state.dealer)
            if state.dark:  # the cards become visible only now
                events.append(self._trump_event(state))
        return events

    def _trump_event(self, state: RozpysnyiState) -> Event:
        if state.trump is None:
            return Event(kind="no_trump", data={"card": state.trump_card} if state.trump_card else {})
        return Event(
            kind="trump",
            seat=state.dealer if state.trump_in_hand else None,
            data={"card": state.trump_card, "suit": state.trump, "shown": state.trump_in_hand},
        )

    def _play(self, state: RozpysnyiState, seat: int, card: str, call: str | None) -> list[Event]:
        assert state.trick is not None
        rules = self.rules(state)
        if state.trick.plays and card != rules.poker:
            led = rules.led_suit(state.trick)
            if suit(card) != led and led not in state.voids[seat]:
                state.voids[seat].append(led)  # everyone saw the failure to follow
                if state.trump and suit(card) != state.trump and state.trump not in state.voids[seat]:
                    state.voids[seat].append(state.trump)
        state.hands[seat].remove(card)
        state.played.append(card)
        state.trick.plays.append(Play(seat=seat, card=card, call=call))
        if card == rules.poker:
            state.poker_played = True
        events = [Event(kind="played", seat=seat, data={"card": card, "call": call or ""})]
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

    def _end_round(self, state: RozpysnyiState) -> list[Event]:
        points = [round_points(b or 0, t, state.dark) for b, t in zip(state.bids, state.tricks, strict=True)]
        state.history.append(points)
        state.totals = [a + b for a, b in zip(state.totals, points, strict=True)]
        events = [
            Event(
                kind="round_scored",
                data={
                    "bids": list(state.bids),
                    "tricks": list(state.tricks),
                    "points": points,
                    "totals": list(state.totals),
                },
            )
        ]
        state.round_no += 1
        state.trick = None
        if state.round_no >= len(state.rounds):
            state.phase = "over"
            return [*events, Event(kind="game_over", data={"scores": list(state.totals)})]
        state.dealer = next_seat(state.dealer, state.players)
        self._deal(state)
        events.append(self._round_event(state))
        if not state.dark:
            events.append(self._trump_event(state))
        return events

    def _round_event(self, state: RozpysnyiState) -> Event:
        return Event(
            kind="round",
            seat=state.dealer,
            data={"no": state.round_no + 1, "cards": state.cards, "kind": state.kind},
        )

    # -- information -----------------------------------------------------------------------------
    def view(self, state: RozpysnyiState, seat: int | None) -> RozpysnyiView:
        hidden = state.dark and state.phase == "bid"
        kind = {"D": "dark", "N": "no_trump"}.get(state.kind, "ordinary")
        if state.trump is None and state.phase != "over" and state.kind != "D":
            kind = "no_trump"
        hand = None if seat is None else ([] if hidden else list(state.hands[seat]))
        return RozpysnyiView(
            game=self.key,
            viewer=seat,
            players=state.players,
            to_act=self.to_act(state),
            over=state.phase == "over",
            scores=self.scores(state),
            hand=hand,
            hand_sizes=[len(h) for h in state.hands],
            round_no=state.round_no,
            rounds=len(state.rounds),
            kind=kind if state.phase != "over" else "ordinary",
            cards=state.cards if state.phase != "over" else 0,
            dealer=state.dealer,
            phase=state.phase,
            trump=None if hidden else state.trump,
            trump_card=None if hidden else state.trump_card,
            bids=list(state.bids),
            tricks=list(state.tricks),
            trick=state.trick.model_copy(deep=True) if state.trick else None,
            last_trick=state.last_trick.model_copy(deep=True) if state.last_trick else None,
            history=[list(h) for h in state.history],
            poker_card=self.poker(state),
            poker_played=state.poker_played,
            voids=[list(v) for v in state.voids],
            played=list(state.played),
            trump_shown=state.trump_in_hand and not hidden,
            dark_hidden=hidden,
        )

    def is_over(self, state: RozpysnyiState) -> bool:
        return state.phase == "over"

    def scores(self, state: RozpysnyiState) -> list[float]:
        return [float(x) for x in state.totals]

    # -- presentation ----------------------------------------------------------------------------
    def describe_action(self, action: str) -> tuple[str, dict[str, Any]]:
        verb, *args = action.split(":")
        if verb == "bid":
            return (
                ("rozpysnyi.action.pass", {}) if args[0] == "0" else ("rozpysnyi.action.bid", {"n": args[0]})
            )
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
            lines.append(("rozpysnyi.status.trump", {"card": view.trump_card, "suit": view.trump}))
        else:
            lines.append(("rozpysnyi.status.no_trump", {}))
        if view.trick and view.trick.plays:
            lines.append(
                ("rozpysnyi.status.trick", {"cards": _trick_text(view.trick), "leader": view.trick.leader})
            )
        if view.last_trick and view.last_trick.winner is not None:
            lines.append(
                (
                    "rozpysnyi.status.last",
                    {"cards": _trick_text(view.last_trick), "winner": view.last_trick.winner},
                )
            )
        return lines

    def seat_status(self, view: BaseView, seat: int) -> tuple[str, dict[str, Any]] | None:
        assert isinstance(view, RozpysnyiView)
        if view.over:
            return None
        bid = view.bids[seat]
        if bid is None:
            return "rozpysnyi.seat.no_bid", {"tricks": view.tricks[seat]}
        return "rozpysnyi.seat.bid", {"bid": bid, "tricks": view.tricks[seat]}

    # -- AI --------------------------------------------------------------------------------------
    def bot(self, level: str = "random", **kwargs: Any) -> Any:
        if level in ("heuristic", "search"):
            from games.rozpysnyi import ai

            return ai.HeuristicBot() if level == "heuristic" else ai.SearchBot(**kwargs)
        return super().bot(level, **kwargs)


def _trick_text(trick: Trick) -> list[str]:
    """The cards of a trick; a poker card with its call (`7S↑`, `7S↓`, `7S→H`)."""
    out = []
    for p in trick.plays:
        out.append(p.card if not p.call else f"{p.card}:{p.call}")
    return out


def round_points(bid: int, took: int, dark: bool) -> int:
    """The spec's scoring: +10 per trick bid when made, +5 for a made pass, −10 per missing trick,
    +1 per trick taken when over; doubled in dark rounds."""
    if took == bid:
        points = 5 if bid == 0 else 10 * bid
    elif took < bid:
        points = -10 * (bid - took)
    else:
        points = took
    return points * 2 if dark else points


GAME = Rozpysnyi()
