"""Durak (Дурак), podkidnoy and perevodnoy, for 2–6 players with 24, 36 or 52 cards.

Spec: `shared/rules/durak.md`. Several players may act at once: while the defender beats, the others may
throw in; `to_act` lists every seat the game is waiting on (the defender first) and the host's
compare-and-set keeps concurrent presses safe.

Actions (canonical text; `normalize` accepts lower case, `10`, suit symbols, spaces between the cards of
an attack, and the players' words: беру/бери → take, бито/пас/відбій → done):
- `attack:7S` or `attack:7S7H` — open a bout with one card or several of one rank (cards in S H D C order);
- `throw:7D` — add a card whose rank is on the table (attack or beating cards);
- `beat:7S:8S` — beat the attack card 7S with 8S;
- `transfer:7C` — (perevodnoy) pass the attack on by adding a card of its rank;
- `show:7C` — (perevodnoy, option) pass it on by showing the trump of that rank, which stays in the hand;
- `take` — the defender gives up and will take the table;
- `done` — a thrower adds nothing more (бито / пас);
- `undo` — take back one's own last card while nobody has acted since (option).

Events (public only): `attack` (cards, defender), `throw` (card), `beat` (card, by), `transfer` and `show`
(card, defender), `take`, `done`, `undo` (cards), `took` (cards, n) and `beaten_off` (cards, n) when a
bout closes, `drew` (n; `cards` only with open cards; `trump` when the turned-up card was drawn), `out`
(place), then at the end `durak` (or `team_lost` with the partner, or `draw`) followed by `game_over`
(durak, losers, order). In a match the next game starts with `new_game`, `dealt`, `trump` and `first` (or
`first_no_trump`). The first game's `dealt`/`trump`/`first` are not emitted (`new` returns a state
only); the view carries the same facts (`trump_card`, `opening`).

Decisions beyond the spec's own:
- The dealer of the first game is `seed % players`; cards go one at a time clockwise from the dealer's left.
  In a match the durak deals the next game (after a draw the deal passes clockwise).
- The first attacker's lowest trump is shown to all: it is public (`known`) until played.
- "Done" is final for the bout, except that a player gets to think again when a card of a rank they hold
  is newly added to the table by a beat, or after a transfer or "take". A bout also closes by itself
  when nobody can add a card (no matching rank, limits, empty hands).
- `to_act` lists the seats the game waits on. A seat whose only option is `undo` is not waited on (else
  a timeout or an AI would take its card back); `undo` is still in its `legal_actions` and is accepted.
- Whose turn in public (`public_to_act`, what views and the group's marks show) never depends on a hand:
  the defender while a card is unbeaten, and every thrower with cards and room who has not said "done"
  (`passed`, cleared by any beat of a new rank, transfer or take). The engine's `to_act` stays exact for
  the host (deadlines, AI turns). Accepted: a bout still closes by itself when nobody can add, so a bout
  closing at once tells that nobody held a matching rank — as it would at a real table.
- Undo is refused once the card closed the bout (cards were drawn and seen since). A card taken back is
  public knowledge: everyone saw it on the table.
- Transfers go to the next player still in the game (in a 2-player game, back to the attacker) and must
  fit the bout's attack limit (6, or 5 in the first bout) as well as the new defender's hand.
  Showing a trump counts once per bout (there is one trump of the rank, so this only stops a repeat).
- Drawing after a bout: the bout's first attacker, then every other player clockwise, the defender last.
  A card the defender took is public knowledge, as everyone saw it; so is the turned-up trump once drawn.
- Players with no cards and an empty stock leave at the end of the bout, clockwise from its attacker.
- Teams 2×2: partners sit opposite (seats 0+2 against 1+3). An attack goes to the next player of the other
  team still in the game; the defender's partner may not throw in. The game ends when one team is out:
  both players of the other team lose (the one holding more cards is named the durak). Both teams out in
  the same bout is a draw.
- With "look through the stock" everyone sees which cards the stock holds (sorted, not their order).
- `scores` count the games of the match a seat did not lose (durak 0, others 1, a draw 1 for all), so
  `winners` are the seats that are not the durak.
- Contests of programs (the `contest` preset) offer no undo: a program could beat, take back and beat
  again for ever. A game stopped by the contest's cap on moves or time (`adjudicate`) is lost by the
  player holding the most cards (in teams, with the partner); if several hold the most, nobody loses it.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

from games.base import BaseView, ContestRules, Event, Game, GameError, GameState, Options, next_seat
from games.cards import SUITS, CardError, make_deck, parse_card, rank, rank_value, sort_hand, suit

HAND = 6
VERBS = ("attack", "throw", "beat", "transfer", "show", "take", "done", "undo")
CARD_MOVES = ("attack", "throw", "beat", "transfer")
WORDS = {
    "беру": "take",
    "бери": "take",
    "взять": "take",
    "бито": "done",
    "пас": "done",
    "відбій": "done",
    "pass": "done",
    "bito": "done",
}


class DurakOptions(Options):
    variant: Literal["podkidnoy", "perevodnoy"] = Field(
        "podkidnoy", description="podkidnoy, or perevodnoy (an attack can be passed on)"
    )
    deck: Literal[36, 24, 52] = Field(36, description="cards in the deck: 36 (6–A), 24 (9–A) or 52 (2–A)")
    throw_in: Literal["all", "neighbours"] = Field(
        "all", description="who may throw in: everyone but the defender, or the defender's neighbours"
    )
    first_bout_limit: Literal[5, 6] = Field(5, description="attack cards allowed before the first discard")
    transfer_by_trump: bool = Field(
        False, description="perevodnoy: pass the attack on by showing the trump of its rank"
    )
    teams: bool = Field(False, description="2 against 2, partners sitting opposite (4 players)")
    open_cards: bool = Field(False, description="everyone sees every hand (training)")
    look_stock: bool = Field(False, description="anyone may look through the stock")
    undo: bool = Field(True, description="take back your last card while nobody has acted since")
    match_games: int = Field(1, ge=1, le=20, description="games in a match")


class Pair(BaseModel):
    """An attack card, the card that beat it (if any), and who laid the attack card."""

    attack: str
    beat: str | None = None
    by: int


class UndoRecord(BaseModel):
    """What a card move changed, to put back: it never closes a bout, so only the bout's fields."""

    seat: int
    cards: list[str]
    hand: list[str]
    known: list[str]
    table: list[Pair]
    defender: int
    done: list[int]
    passed: list[int] = Field(default_factory=list)
    passer: int | None = None


class DurakState(GameState):
    options: DurakOptions
    dealer: int = 0
    hands: list[list[str]] = Field(default_factory=list)
    stock: list[str] = Field(default_factory=list)  # top first; the turned-up trump card is the last
    trump: str = "S"
    trump_card: str = ""
    trump_in_hand: bool = False  # no stock after the deal: the dealer's last card was shown
    attacker: int = 0  # who opens (or opened) the bout
    defender: int = 1
    passer: int | None = None  # perevodnoy: who passed the attack on to the defender (None: the attacker)
    table: list[Pair] = Field(default_factory=list)
    taking: bool = False
    done: list[int] = Field(default_factory=list)
    # who said "done" as everyone saw it: cleared whenever anyone may think again. `done` is the engine's
    # own list and keeps those who do not hold a newly beaten rank, which only their hand tells.
    passed: list[int] = Field(default_factory=list)
    shown: bool = False  # a trump was shown to transfer in this bout
    discarded: list[str] = Field(default_factory=list)
    out: list[int] = Field(default_factory=list)  # in the order the players left
    first_bout: bool = True  # no discard yet in this game
    known: list[list[str]] = Field(default_factory=list)  # cards in each hand that everyone has seen
    opening: str | None = None  # the first attacker's lowest trump, shown at the start
    over: bool = False
    durak: int | None = None
    losers: list[int] = Field(default_factory=list)
    games_played: int = 0
    durak_counts: list[int] = Field(default_factory=list)
    losses: list[int] = Field(default_factory=list)
    draws: int = 0
    undo: UndoRecord | None = None


class DurakView(BaseView):
    options: DurakOptions
    trump: str
    trump_card: str | None
    stock_size: int
    stock: list[str] | None  # its cards, sorted, with "look through the stock"
    table: list[Pair]
    attacker: int
    defender: int
    passer: int | None = None  # perevodnoy: who passed the attack on to the defender (null: the attacker)
    taking: bool
    done: list[int]
    shown: bool
    discarded: list[str]
    discard_count: int
    out: list[int]
    known: list[list[str]]
    hands: list[list[str]] | None  # every hand, with open cards
    opening: str | None
    first_bout: bool
    bout_limit: int
    durak: int | None
    losers: list[int]
    games_played: int
    durak_counts: list[int]
    draws: int


def beats(attack: str, card: str, trump: str) -> bool:
    """Whether `card` beats `attack`: higher of the same suit, or a trump on a plain card."""
    if suit(card) == suit(attack):
        return rank_value(card) > rank_value(attack)
    return suit(card) == trump


def clone(state: DurakState) -> DurakState:
    """A copy whose mutable parts are fresh (much faster than a deep copy; options and deals are shared)."""
    new = state.model_copy()
    new.hands = [list(h) for h in state.hands]
    new.stock = list(state.stock)
    new.table = [p.model_copy() for p in state.table]
    new.done = list(state.done)
    new.passed = list(state.passed)
    new.discarded = list(state.discarded)
    new.out = list(state.out)
    new.known = [list(k) for k in state.known]
    new.losers = list(state.losers)
    new.durak_counts = list(state.durak_counts)
    new.losses = list(state.losses)
    return new  # `undo` is never mutated in place, only replaced


def split_cards(text: str) -> list[str]:
    """`7S7H` → `["7S", "7H"]` (no checking)."""
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def by_suit(cards: list[str]) -> list[str]:
    # a joker (`X1`, never in a durak deck) may still be typed: it sorts last and is refused as illegal
    return sorted(cards, key=lambda c: SUITS.index(suit(c)) if suit(c) in SUITS else len(SUITS))


class DurakRules(Game[DurakState, DurakOptions]):
    key = "durak"
    aliases = (
        "дурак",
        "podkidnoy",
        "подкидной",
        "підкидний",
        "perevodnoy",
        "переводной",
        "перевідний",
        "дурень",
        "fool",
    )
    State = DurakState
    Options = DurakOptions
    min_players = 2
    max_players = 6
    alias_presets: ClassVar[dict[str, str]] = {
        **dict.fromkeys(("podkidnoy", "подкидной", "підкидний"), "podkidnoy"),
        **dict.fromkeys(("perevodnoy", "переводной", "перевідний"), "perevodnoy"),
    }
    presets: ClassVar[dict[str, dict[str, Any]]] = {
        "podkidnoy": {},
        "perevodnoy": {"variant": "perevodnoy"},
        "short": {"deck": 24},
        "long": {"deck": 52},
        "teams": {"teams": True},
        "training": {"open_cards": True, "look_stock": True},
        "match3": {"match_games": 3},
        "contest": {"undo": False},
    }
    contest = ContestRules(preset="contest", max_moves=2000, max_seconds=1800)

    def check_players(self, players: int, options: DurakOptions) -> None:
        super().check_players(players, options)
        if players * HAND > options.deck:
            raise GameError("too_many_players", players=players, deck=options.deck, max=options.deck // HAND)
        if options.teams and players != 4:
            raise GameError("teams_need_four", players=players)

    # -- dealing ---------------------------------------------------------------------------------
    def _new(self, players: int, options: DurakOptions, seed: int, deals: list[list[str]]) -> DurakState:
        state = DurakState(
            players=players,
            seed=seed,
            deals=deals,
            options=options,
            dealer=seed % players,
            durak_counts=[0] * players,
            losses=[0] * players,
        )
        self._deal(state)
        return state

    def _deal(self, state: DurakState) -> list[Event]:
        p = state.players
        deck = state.next_deck(make_deck(state.options.deck))
        hands: list[list[str]] = [[] for _ in range(p)]
        for i in range(HAND * p):
            hands[next_seat(state.dealer, p, i + 1)].append(deck[i])
        rest = deck[HAND * p :]
        if rest:  # the next card is turned up and laid under the stock: drawn last
            state.trump_card, state.trump_in_hand = rest[0], False
            state.stock = rest[1:] + rest[:1]
        else:  # nothing left: the dealer's last card is shown and stays in that hand
            state.trump_card, state.trump_in_hand = deck[HAND * p - 1], True
            state.stock = []
        state.trump = suit(state.trump_card)
        state.hands = [sort_hand(h, state.trump) for h in hands]
        state.known = [[] for _ in range(p)]
        if state.trump_in_hand:
            state.known[state.dealer].append(state.trump_card)
        state.table, state.done, state.out, state.discarded, state.losers = [], [], [], [], []
        state.passed = []
        state.taking = state.shown = state.over = False
        state.first_bout = True
        state.durak = None
        state.undo = None
        state.attacker, state.opening = self._first_attacker(state)
        if state.opening and state.opening not in state.known[state.attacker]:
            state.known[state.attacker].append(state.opening)
        state.defender = self._defender_after(state, state.attacker)
        events = [
            Event(kind="dealt", seat=state.dealer, data={"n": HAND, "stock": len(state.stock)}),
            Event(
                kind="trump",
                data={"card": state.trump_card, "suit": state.trump, "in_hand": state.trump_in_hand},
            ),
        ]
        if state.opening:
            events.append(Event(kind="first", seat=state.attacker, data={"card": state.opening}))
        else:
            events.append(Event(kind="first_no_trump", seat=state.attacker))
        return events

    def _first_attacker(self, state: DurakState) -> tuple[int, str | None]:
        """The holder of the lowest trump (and that trump); else the player after the dealer."""
        held = [(rank_value(c), s, c) for s, h in enumerate(state.hands) for c in h if suit(c) == state.trump]
        if not held:
            return next_seat(state.dealer, state.players), None
        _, seat, card = min(held)
        return seat, card

    # -- seats -----------------------------------------------------------------------------------
    def active(self, state: DurakState) -> list[int]:
        return [s for s in range(state.players) if s not in state.out]

    def _next_active(self, state: DurakState, seat: int, step: int = 1) -> int:
        for i in range(1, state.players + 1):
            s = next_seat(seat, state.players, i * step)
            if s not in state.out:
                return s
        return seat

    def partner(self, state: DurakState, seat: int) -> int | None:
        return (seat + 2) % 4 if state.options.teams else None

    def _defender_after(self, state: DurakState, seat: int) -> int:
        """Who defends against `seat`: the next player still in the game (teams: of the other team)."""
        for i in range(1, state.players + 1):
            s = next_seat(seat, state.players, i)
            if s not in state.out and s != self.partner(state, seat):
                return s
        return seat

    def throwers(self, state: DurakState) -> list[int]:
        """Who may add cards to this bout, clockwise from its attacker."""
        d = state.defender
        seats = [
            s
            for i in range(state.players)
            if (s := next_seat(state.attacker, state.players, i)) not in state.out
            and s != d
            and s != self.partner(state, d)
        ]
        if state.options.throw_in == "neighbours":
            near = {self._next_active(state, d), self._next_active(state, d, -1)}
            seats = [s for s in seats if s in near]
        return seats

    # -- the bout's limits -----------------------------------------------------------------------
    def bout_limit(self, state: DurakState) -> int:
        return state.options.first_bout_limit if state.first_bout else HAND

    def unbeaten(self, state: DurakState) -> list[str]:
        return [p.attack for p in state.table if p.beat is None]

    def room(self, state: DurakState) -> int:
        """How many more attack cards the bout can take (the limit, and the defender's hand)."""
        by_limit = self.bout_limit(state) - len(state.table)
        by_hand = len(state.hands[state.defender]) - len(self.unbeaten(state))
        return max(0, min(by_limit, by_hand))

    def table_ranks(self, state: DurakState) -> set[str]:
        return {rank(c) for p in state.table for c in (p.attack, p.beat) if c}

    def throws(self, state: DurakState, seat: int) -> list[str]:
        """The cards `seat` may throw in now (ignoring whether it said "done")."""
        if not state.table or self.room(state) <= 0:
            return []
        ranks = self.table_ranks(state)
        return [c for c in state.hands[seat] if rank(c) in ranks]

    def transfer_target(self, state: DurakState) -> int:
        return self._defender_after(state, state.defender)

    def transfer_problem(self, state: DurakState, adding: int) -> GameError | None:
        """Why the defender may not pass the attack on now (None: it may), `adding` cards to the table."""
        if state.options.variant != "perevodnoy":
            return GameError("no_transfer_in_podkidnoy")
        if state.taking:
            return GameError("already_taking")
        if any(p.beat for p in state.table):
            return GameError("transfer_after_beat")
        # Before any beat, only the attack's rank can be on the table: every card is of one rank.
        cards = len(state.table) + adding
        if cards > self.bout_limit(state):
            return GameError("limit_reached", limit=self.bout_limit(state))
        held = len(state.hands[self.transfer_target(state)])
        if held < cards:
            return GameError("transfer_too_many", n=cards, held=held)
        return None

    # -- legal actions ---------------------------------------------------------------------------
    def to_act(self, state: DurakState) -> list[int]:
        """The seats the game waits on: the defender first, then the throwers clockwise from the attacker."""
        if state.over:
            return []
        if not state.table:
            return [state.attacker]
        seats = [state.defender] if self._moves(state, state.defender) else []
        return seats + [s for s in self.throwers(state) if self._moves(state, s)]

    def public_to_act(self, state: DurakState) -> list[int]:
        """Whose turn as everyone sees it (views, the group's ▶ marks): never a seat *because* of its cards.

        The attacker opens; then the defender while a card is unbeaten, and every thrower who has not said
        "done", holds cards and has room to add: whether they hold a rank on the table is their secret.
        """
        if state.over:
            return []
        if not state.table:
            return [state.attacker]
        seats = [state.defender] if self.unbeaten(state) and not state.taking else []
        if self.room(state) > 0:
            seats += [s for s in self.throwers(state) if s not in state.passed and state.hands[s]]
        return seats

    def legal_actions(self, state: DurakState, seat: int) -> list[str]:
        if state.over or not 0 <= seat < state.players:
            return []
        out = self._moves(state, seat)
        if state.options.undo and state.undo is not None and state.undo.seat == seat:
            out.append("undo")
        return out

    def _moves(self, state: DurakState, seat: int) -> list[str]:
        """Legal actions other than `undo`."""
        if seat in state.out:
            return []
        if not state.table:
            return self._attacks(state) if seat == state.attacker else []
        if seat == state.defender:
            return [] if state.taking else self._defences(state)
        if seat in state.done or seat not in self.throwers(state):
            return []
        throws = self.throws(state, seat)
        return [*(f"throw:{c}" for c in throws), "done"] if throws else []

    def _attacks(self, state: DurakState) -> list[str]:
        limit = min(self.bout_limit(state), len(state.hands[state.defender]))
        groups: dict[str, list[str]] = {}
        for c in state.hands[state.attacker]:
            groups.setdefault(rank(c), []).append(c)
        out = []
        for cards in groups.values():
            cards = by_suit(cards)
            for n in range(1, min(len(cards), limit) + 1):
                out += ["attack:" + "".join(combo) for combo in combinations(cards, n)]
        return out

    def _defences(self, state: DurakState) -> list[str]:
        hand, trump = state.hands[state.defender], state.trump
        unbeaten = self.unbeaten(state)
        out = [f"beat:{a}:{c}" for a in unbeaten for c in hand if beats(a, c, trump)]
        if state.options.variant == "perevodnoy" and state.table:
            r = rank(state.table[0].attack)
            same = [c for c in hand if rank(c) == r]
            if same and self.transfer_problem(state, 1) is None:
                out += [f"transfer:{c}" for c in same]
            shows = [c for c in same if suit(c) == trump]
            may_show = shows and state.options.transfer_by_trump and not state.shown
            if may_show and self.transfer_problem(state, 0) is None:
                out += [f"show:{c}" for c in shows]
        if unbeaten:
            out.append("take")
        return out

    # -- texts -----------------------------------------------------------------------------------
    def normalize(self, action: str) -> str:
        text = action.strip()
        low = text.casefold()
        if low in WORDS:
            return WORDS[low]
        verb, _, rest = text.partition(":")
        verb = verb.strip().lower()
        if verb not in VERBS:
            return text
        if not rest:
            return verb
        try:
            if verb == "attack":
                compact = rest.upper().replace(",", "").replace(" ", "").replace("10", "T")
                cards = [parse_card(c) for c in split_cards(compact)]
                return "attack:" + "".join(by_suit(cards))
            return ":".join([verb, *(parse_card(a) for a in rest.split(":"))])
        except CardError:
            return text

    def apply(self, state: DurakState, seat: int, action: str) -> tuple[DurakState, list[Event]]:
        """As `Game.apply`, but the error says precisely why; `undo` is accepted from a seat not waited on."""
        if state.over:
            raise GameError("game_over")
        if not 0 <= seat < state.players:
            raise GameError("not_your_turn", seat=seat)
        action = self.normalize(action)
        if action not in self.legal_actions(state, seat):
            raise self.why_illegal(state, seat, action)
        new = self.copy(state)
        return new, self._apply(new, seat, action)

    def copy(self, state: DurakState) -> DurakState:
        return clone(state)

    def why_illegal(self, state: DurakState, seat: int, action: str) -> GameError:
        verb, *args = action.split(":")
        if verb not in VERBS or (verb in ("take", "done", "undo")) != (not args):
            return GameError("unknown_action", action=action)
        if verb == "undo":
            return GameError("undo_off") if not state.options.undo else GameError("nothing_to_undo")
        if seat in state.out:
            return GameError("you_are_out")
        cards = split_cards(args[0]) if verb == "attack" else args
        if len(args) != (2 if verb == "beat" else len(args[:1])):
            return GameError("unknown_action", action=action)
        for c in cards[1:] if verb == "beat" else cards:
            if c not in state.hands[seat]:
                return GameError("card_not_in_hand", card=c)
        return getattr(self, f"_why_{verb}")(state, seat, cards)

    def _why_attack(self, state: DurakState, seat: int, cards: list[str]) -> GameError:
        if state.table:
            return GameError("bout_open")
        if seat != state.attacker:
            return GameError("not_attacker")
        if len({rank(c) for c in cards}) > 1:
            return GameError("one_rank")
        if len(set(cards)) != len(cards):
            return GameError("unknown_action", action="attack:" + "".join(cards))
        limit = self.bout_limit(state)
        if len(cards) > limit:
            return GameError("limit_reached", limit=limit)
        return GameError("too_many_for_defender", n=len(state.hands[state.defender]))

    def _why_throw(self, state: DurakState, seat: int, cards: list[str]) -> GameError:
        if not state.table:
            return GameError("no_bout")
        why = self._why_not_thrower(state, seat)
        if why is not None:
            return why
        if rank(cards[0]) not in self.table_ranks(state):
            return GameError("rank_not_on_table", card=cards[0])
        if len(state.table) >= self.bout_limit(state):
            return GameError("limit_reached", limit=self.bout_limit(state))
        return GameError("too_many_for_defender", n=len(state.hands[state.defender]))

    def _why_not_thrower(self, state: DurakState, seat: int) -> GameError | None:
        if seat == state.defender:
            return GameError("defender_cannot_throw")
        if seat == self.partner(state, state.defender):
            return GameError("partner_defends")
        if seat not in self.throwers(state):
            return GameError("not_a_neighbour")
        if seat in state.done:
            return GameError("said_done")
        return None

    def _why_beat(self, state: DurakState, seat: int, cards: list[str]) -> GameError:
        attack, card = cards
        if seat != state.defender or not state.table:
            return GameError("not_defender")
        if state.taking:
            return GameError("already_taking")
        pair = next((p for p in state.table if p.attack == attack), None)
        if pair is None:
            return GameError("not_on_table", card=attack)
        if pair.beat is not None:
            return GameError("already_beaten", card=attack, by=pair.beat)
        return GameError("cannot_beat", card=attack, by=card)

    def _why_transfer(self, state: DurakState, seat: int, cards: list[str], adding: int = 1) -> GameError:
        if state.options.variant != "perevodnoy":
            return GameError("no_transfer_in_podkidnoy")
        if seat != state.defender or not state.table:
            return GameError("not_defender")
        problem = self.transfer_problem(state, adding)
        if problem is not None:
            return problem
        attack = state.table[0].attack
        if rank(cards[0]) != rank(attack):
            return GameError("transfer_rank", card=cards[0], attack=attack)
        return GameError("illegal_action", action="transfer")

    def _why_show(self, state: DurakState, seat: int, cards: list[str]) -> GameError:
        if state.options.variant == "perevodnoy" and not state.options.transfer_by_trump:
            return GameError("show_off")
        if state.options.variant == "perevodnoy" and seat == state.defender and state.table:
            if suit(cards[0]) != state.trump:
                return GameError("show_needs_trump", suit=state.trump)
            if state.shown:
                return GameError("already_shown")
        return self._why_transfer(state, seat, cards, adding=0)

    def _why_take(self, state: DurakState, seat: int, cards: list[str]) -> GameError:
        if seat != state.defender or not state.table:
            return GameError("not_defender")
        if state.taking:
            return GameError("already_taking")
        return GameError("nothing_to_take")

    def _why_done(self, state: DurakState, seat: int, cards: list[str]) -> GameError:
        if not state.table:
            return GameError("no_bout")
        why = self._why_not_thrower(state, seat)
        if why is not None:
            return why
        return GameError("nothing_to_add")

    # -- moves -----------------------------------------------------------------------------------
    def _apply(self, state: DurakState, seat: int, action: str) -> list[Event]:
        verb, *args = action.split(":")
        if verb == "undo":
            return self._undo(state, seat)
        record = None
        if state.options.undo and verb in CARD_MOVES:
            played = split_cards(args[0]) if verb == "attack" else args[-1:]
            record = UndoRecord(
                seat=seat,
                cards=played,
                hand=list(state.hands[seat]),
                known=list(state.known[seat]),
                table=[p.model_copy() for p in state.table],
                defender=state.defender,
                done=list(state.done),
                passed=list(state.passed),
                passer=state.passer,
            )
        state.undo = None
        events: list[Event] = getattr(self, f"_do_{verb}")(state, seat, *args)
        closed = self._maybe_close(state)
        if record is not None and not closed:
            state.undo = record
        return events + closed

    def _undo(self, state: DurakState, seat: int) -> list[Event]:
        rec = state.undo
        assert rec is not None
        # the cards go back to the hand, but everyone saw them on the table
        state.hands[seat], state.known[seat] = (
            list(rec.hand),
            [*rec.known, *(c for c in rec.cards if c not in rec.known)],
        )
        state.table = [p.model_copy() for p in rec.table]
        state.defender, state.done, state.passed = rec.defender, list(rec.done), list(rec.passed)
        state.passer = rec.passer
        state.undo = None
        return [Event(kind="undo", seat=seat, data={"cards": rec.cards})]

    def _lay(self, state: DurakState, seat: int, card: str) -> None:
        state.hands[seat].remove(card)
        if card in state.known[seat]:
            state.known[seat].remove(card)

    def _do_attack(self, state: DurakState, seat: int, cards: str) -> list[Event]:
        played = split_cards(cards)
        for c in played:
            self._lay(state, seat, c)
            state.table.append(Pair(attack=c, by=seat))
        state.done, state.passed = [], []
        return [Event(kind="attack", seat=seat, data={"cards": played, "defender": state.defender})]

    def _do_throw(self, state: DurakState, seat: int, card: str) -> list[Event]:
        self._lay(state, seat, card)
        state.table.append(Pair(attack=card, by=seat))  # its rank is on the table already: nobody rethinks
        return [Event(kind="throw", seat=seat, data={"card": card})]

    def _do_beat(self, state: DurakState, seat: int, attack: str, card: str) -> list[Event]:
        new_rank = rank(card) not in self.table_ranks(state)
        self._lay(state, seat, card)
        next(p for p in state.table if p.attack == attack and p.beat is None).beat = card
        if new_rank:  # whoever said "done" but holds this rank may think again
            state.done = [s for s in state.done if not any(rank(c) == rank(card) for c in state.hands[s])]
            state.passed = []  # in public: who holds the rank is hidden, so everyone may
        return [Event(kind="beat", seat=seat, data={"card": attack, "by": card})]

    def _do_transfer(self, state: DurakState, seat: int, card: str) -> list[Event]:
        target = self.transfer_target(state)
        self._lay(state, seat, card)
        state.table.append(Pair(attack=card, by=seat))
        state.defender, state.done, state.passed, state.passer = target, [], [], seat
        return [Event(kind="transfer", seat=seat, data={"card": card, "defender": target})]

    def _do_show(self, state: DurakState, seat: int, card: str) -> list[Event]:
        target = self.transfer_target(state)
        state.shown = True
        if card not in state.known[seat]:
            state.known[seat].append(card)
        state.defender, state.done, state.passed, state.passer = target, [], [], seat
        return [Event(kind="show", seat=seat, data={"card": card, "defender": target})]

    def _do_take(self, state: DurakState, seat: int) -> list[Event]:
        state.taking, state.done, state.passed = True, [], []
        return [Event(kind="take", seat=seat)]

    def _do_done(self, state: DurakState, seat: int) -> list[Event]:
        state.done.append(seat)
        state.passed.append(seat)
        return [Event(kind="done", seat=seat)]

    # -- the end of a bout -----------------------------------------------------------------------
    def _maybe_close(self, state: DurakState) -> list[Event]:
        """Close the bout when nobody may add a card and the defender is through (or takes)."""
        if not state.table:
            return []
        if any(s not in state.done and self.throws(state, s) for s in self.throwers(state)):
            return []
        if state.taking:
            return self._close(state, took=True)
        if not self.unbeaten(state):
            return self._close(state, took=False)
        return []

    def _close(self, state: DurakState, took: bool) -> list[Event]:
        cards = [c for p in state.table for c in (p.attack, p.beat) if c]
        d = state.defender
        if took:
            state.hands[d] = sort_hand(state.hands[d] + cards, state.trump)
            state.known[d] += cards
            events = [Event(kind="took", seat=d, data={"cards": cards, "n": len(cards)})]
        else:
            state.discarded += cards
            state.first_bout = False
            events = [Event(kind="beaten_off", seat=d, data={"cards": cards, "n": len(cards)})]
        state.table, state.done, state.taking, state.shown, state.opening = [], [], False, False, None
        state.passed, state.passer = [], None
        events += self._draw(state)
        events += self._leave(state)
        if self._finished(state):
            return events + self._end_game(state)
        if took or d in state.out:
            state.attacker = self._next_active(state, d)
        else:
            state.attacker = d
        state.defender = self._defender_after(state, state.attacker)
        return events

    def draw_order(self, state: DurakState) -> list[int]:
        """The bout's attacker, the others clockwise, the defender last."""
        order = [
            s
            for i in range(state.players)
            if (s := next_seat(state.attacker, state.players, i)) not in state.out and s != state.defender
        ]
        return [*order, state.defender]

    def _draw(self, state: DurakState) -> list[Event]:
        events = []
        for s in self.draw_order(state):
            need = max(0, HAND - len(state.hands[s]))
            got = state.stock[:need]
            if not got:
                continue
            del state.stock[: len(got)]
            state.hands[s] = sort_hand(state.hands[s] + got, state.trump)
            data: dict[str, Any] = {"n": len(got)}
            if state.options.open_cards:
                data["cards"] = got
            if not state.stock and not state.trump_in_hand and state.trump_card in got:
                state.known[s].append(state.trump_card)  # everyone saw the turned-up card go
                data["trump"] = state.trump_card
            events.append(Event(kind="drew", seat=s, data=data))
        return events

    def _leave(self, state: DurakState) -> list[Event]:
        if state.stock:
            return []
        events = []
        for i in range(state.players):
            s = next_seat(state.attacker, state.players, i)
            if s not in state.out and not state.hands[s]:
                state.out.append(s)
                events.append(Event(kind="out", seat=s, data={"place": len(state.out)}))
        return events

    def _finished(self, state: DurakState) -> bool:
        if state.options.teams:
            return any(a in state.out and a + 2 in state.out for a in (0, 1))
        return len(self.active(state)) <= 1

    def _end_game(self, state: DurakState) -> list[Event]:
        left = self.active(state)
        if state.options.teams and left:
            state.losers = sorted(left[0] % 2 + i for i in (0, 2))
            state.durak = max(left, key=lambda s: (len(state.hands[s]), -s))
        else:
            state.losers = list(left) if len(left) == 1 else []
            state.durak = left[0] if len(left) == 1 else None
        state.undo = None
        state.games_played += 1
        if state.durak is None:
            state.draws += 1
            events = [Event(kind="draw")]
        else:
            state.durak_counts[state.durak] += 1
            for s in state.losers:
                state.losses[s] += 1
            if state.options.teams:
                partner = (state.durak + 2) % 4
                events = [Event(kind="team_lost", seat=state.durak, data={"partner_seat": partner})]
            else:
                events = [Event(kind="durak", seat=state.durak, data={"durak": state.durak})]
        events.append(
            Event(
                kind="game_over",
                seat=state.durak,
                data={
                    "durak": state.durak,
                    "losers": list(state.losers),
                    "order": list(state.out),
                    "game": state.games_played,
                },
            )
        )
        if state.games_played >= state.options.match_games:
            state.over = True
            return events
        state.dealer = state.durak if state.durak is not None else next_seat(state.dealer, state.players)
        events.append(Event(kind="new_game", data={"game": state.games_played + 1}))
        return events + self._deal(state)

    # -- information -----------------------------------------------------------------------------
    def view(self, state: DurakState, seat: int | None) -> DurakView:
        opts = state.options
        trump_seen = bool(state.stock) and not state.trump_in_hand
        trump_seen = trump_seen or any(state.trump_card in k for k in state.known)
        return DurakView(
            game=self.key,
            viewer=seat,
            players=state.players,
            to_act=self.public_to_act(state),
            over=state.over,
            scores=self.scores(state),
            hand=list(state.hands[seat]) if seat is not None else None,
            hand_sizes=[len(h) for h in state.hands],
            options=opts.model_copy(),
            trump=state.trump,
            trump_card=state.trump_card if trump_seen else None,
            stock_size=len(state.stock),
            stock=sorted(state.stock, key=lambda c: (SUITS.index(suit(c)), rank_value(c)))
            if opts.look_stock
            else None,
            table=[p.model_copy() for p in state.table],
            attacker=state.attacker,
            defender=state.defender,
            passer=state.passer,
            taking=state.taking,
            done=list(state.passed),
            shown=state.shown,
            discarded=list(state.discarded),
            discard_count=len(state.discarded),
            out=list(state.out),
            known=[list(k) for k in state.known],
            hands=[list(h) for h in state.hands] if opts.open_cards else None,
            opening=state.opening,
            first_bout=state.first_bout,
            bout_limit=self.bout_limit(state),
            durak=state.durak,
            losers=list(state.losers),
            games_played=state.games_played,
            durak_counts=list(state.durak_counts),
            draws=state.draws,
        )

    def is_over(self, state: DurakState) -> bool:
        return state.over

    def scores(self, state: DurakState) -> list[float]:
        """Games of the match not lost: the durak (and, in teams, the partner) scores 0 for a game."""
        return [float(state.games_played - n) for n in state.losses]

    def adjudicate(self, state: DurakState) -> list[float]:
        """A game stopped by a contest's cap: lost by the one holding the most cards (in teams, with the
        partner), by nobody if several hold the most; the match's finished games stand."""
        if state.over:
            return self.scores(state)
        left = self.active(state)
        most = max(len(state.hands[s]) for s in left)
        holders = [s for s in left if len(state.hands[s]) == most]
        losers = set()
        if len(holders) == 1:
            losers = {holders[0], (holders[0] + 2) % 4} if state.options.teams else {holders[0]}
        return [float(state.games_played + 1 - state.losses[s] - (s in losers)) for s in range(state.players)]

    # -- presentation ----------------------------------------------------------------------------
    def describe_action(self, action: str) -> tuple[str, dict[str, Any]]:
        verb, *args = action.split(":")
        if verb == "beat" and len(args) == 2:
            return "durak.action.beat", {"card": args[0], "by": args[1]}
        if verb in ("attack", "throw", "transfer", "show") and args:
            return f"durak.action.{verb}", {"card": args[0]}
        return f"durak.action.{verb}", {}

    def describe_offered(self, view: BaseView, action: str) -> tuple[str, dict[str, Any]]:
        assert isinstance(view, DurakView)
        if action == "done" and view.taking:  # nothing more to throw in: not "bito", the defender takes
            return "durak.action.done_taking", {}
        return self.describe_action(action)

    def seat_points(self, view: BaseView, seat: int) -> float | None:
        """A single game has no points (people leave, one is the durak); a match shows games not lost."""
        assert isinstance(view, DurakView)
        return view.scores[seat] if view.options.match_games > 1 else None

    def ranking(self, state: DurakState) -> list[tuple[int, str, dict[str, Any]]]:
        """A single game: in the order people left, then whoever drew, then the losers (the durak last).
        A match: by games lost (fewest first), ties in the last game's order."""
        last = [*state.out]
        last += [s for s in range(state.players) if s not in last and s not in state.losers]
        last += [s for s in state.losers if s != state.durak]
        last += [state.durak] if state.durak is not None else []
        if state.options.match_games > 1:
            order = sorted(last, key=lambda s: state.losses[s])
            return [(s, "durak.rank.losses", {"n": state.losses[s]}) for s in order]
        out: list[tuple[int, str, dict[str, Any]]] = []
        for s in last:
            if s == state.durak:
                out.append((s, "durak.rank.durak", {}))
            elif s in state.losers:
                out.append((s, "durak.rank.lost", {}))
            elif s in state.out:
                out.append((s, "durak.rank.out", {"place": state.out.index(s) + 1}))
            else:
                out.append((s, "durak.rank.draw", {}))
        return out

    @staticmethod
    def attacking(view: DurakView) -> int:
        """Who attacks the defender now: the bout's attacker, or whoever last passed the attack on."""
        return view.attacker if view.passer is None else view.passer

    def status_lines(self, view: BaseView) -> list[tuple[str, dict[str, Any]]]:
        assert isinstance(view, DurakView)
        lines: list[tuple[str, dict[str, Any]]] = []
        if view.options.match_games > 1:
            lines.append(
                (
                    "durak.status.match",
                    {
                        "game": min(view.games_played + 1, view.options.match_games),
                        "of": view.options.match_games,
                        "draws": view.draws,
                    },
                )
            )
        if view.over:
            if view.durak is None:
                lines.append(("durak.status.draw", {}))
            else:
                lines.append(("durak.status.durak", {"durak": view.durak}))
            return lines
        if view.stock_size:
            lines.append(
                (
                    "durak.status.trump",
                    {"suit": view.trump, "card": view.trump_card or view.trump, "n": view.stock_size},
                )
            )
        else:
            lines.append(("durak.status.trump_no_stock", {"suit": view.trump}))
        if not view.table:
            if view.opening:
                lines.append(("durak.status.opening", {"attacker": view.attacker, "card": view.opening}))
            lines.append(("durak.status.to_attack", {"attacker": view.attacker, "defender": view.defender}))
        else:
            lines.append(
                (
                    "durak.status.bout",
                    {
                        "attacker": self.attacking(view),
                        "defender": view.defender,
                        "n": len(view.table),
                        "limit": view.bout_limit,
                    },
                )
            )
            for p in view.table:
                if p.beat:
                    lines.append(("durak.status.beaten", {"card": p.attack, "by": p.beat}))
                else:
                    lines.append(("durak.status.unbeaten", {"card": p.attack}))
        if view.taking:
            lines.append(("durak.status.taking", {"defender": view.defender}))
        if view.hands is not None:
            for s, h in enumerate(view.hands):
                if s not in view.out:
                    lines.append(("durak.status.open_hand", {"seat": s, "cards": list(h)}))
        if view.stock is not None and view.stock:
            lines.append(("durak.status.stock", {"cards": list(view.stock), "n": len(view.stock)}))
        return lines

    def hand_context(self, view: BaseView) -> list[tuple[str, dict[str, Any]]]:
        """The trump only: what to beat and what may be thrown in are the hand's buttons."""
        assert isinstance(view, DurakView)
        return [] if view.over else [("durak.hand.trump", {"suit": view.trump})]

    def seat_status(self, view: BaseView, seat: int) -> tuple[str, dict[str, Any]] | None:
        assert isinstance(view, DurakView)
        if view.over:
            if view.durak == seat:
                return "durak.seat.durak", {}
            if seat in view.losers:
                return "durak.seat.lost", {}
            return None
        if seat in view.out:
            return "durak.seat.out", {"place": view.out.index(seat) + 1}
        if seat == view.defender:
            return ("durak.seat.taking", {}) if view.taking else ("durak.seat.defender", {})
        if view.table and seat in view.done:
            return "durak.seat.done", {}
        if seat == self.attacking(view):
            return "durak.seat.attacker", {}
        return None
