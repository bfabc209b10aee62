"""Durak (Дурак), podkidnoy and perevodnoy, for 2–6 players with 24, 36 or 52 cards.

Spec: `shared/rules/durak.md`. Several players may act at once: while the defender beats, the others
may throw in; `to_act` lists every seat with a legal action and the host's compare-and-set keeps
concurrent presses safe.

Actions (canonical text):
- `attack:7S` or `attack:7S7H` — open a bout with one card or several of one rank (cards in S H D C order);
- `throw:7D` — add a card whose rank is on the table;
- `beat:7S:8S` — beat the attack card 7S with 8S;
- `transfer:7C` — (perevodnoy) pass the attack on by adding a card of its rank;
- `show:7C` — (perevodnoy, option) pass it on by showing a trump of that rank, once per bout;
- `take` — the defender gives up and will take the table; `done` — a thrower adds nothing more (бито/пас);
- `undo` — take back one's own last card while nobody else has acted since (option).

Decisions beyond the spec's own:
- A bout also closes when nobody can add a card (no matching rank, limits, empty hands), without "done".
- "Done" is withdrawn for everyone when a new card reaches the table: a new rank may be thrown in.
- The transfer target is the next player still in the game — in a 2-player game, the attacker.
  A transfer must also respect the bout's attack limit (6, or 5 in the first bout).
- Drawing after a bout: the bout's first attacker, then every other player clockwise, the defender last.
- A card taken by the defender becomes public knowledge ("known" in the view), as everyone saw it.
- Teams 2×2: partners sit opposite (seats 0+2 against 1+3); the defender's partner may not throw in; when
  the durak's team is known the game ends: both partners lose. The player order is otherwise unchanged.
- A match of several games (`match_games`) counts how many times each seat was the durak; the first
  attacker of every game is again the holder of the lowest trump.
- Undo is refused when the card closed the bout (cards were drawn and seen since).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

from games.base import BaseView, Event, Game, GameError, GameState, Options, next_seat
from games.cards import SUITS, make_deck, parse_card, rank, rank_value, sort_hand, suit

HAND = 6


class DurakOptions(Options):
    variant: Literal["podkidnoy", "perevodnoy"] = Field("podkidnoy", description="podkidnoy or perevodnoy")
    deck: Literal[36, 24, 52] = Field(36, description="cards in the deck")
    throw_in: Literal["all", "neighbours"] = Field("all", description="who may throw in")
    first_bout_limit: Literal[5, 6] = Field(5, description="attack cards allowed in the first bout")
    transfer_by_trump: bool = Field(False, description="perevodnoy: transfer by showing a trump")
    teams: bool = Field(False, description="2 against 2, partners opposite (4 players)")
    open_cards: bool = Field(False, description="everyone sees every hand (training)")
    look_stock: bool = Field(False, description="anyone may look through the stock")
    undo: bool = Field(True, description="take back your last card while nobody has acted since")
    match_games: int = Field(1, ge=1, le=20, description="games in a match")


class Pair(BaseModel):
    attack: str
    beat: str | None = None
    by: int


class DurakState(GameState):
    options: DurakOptions
    dealer: int = 0
    hands: list[list[str]] = Field(default_factory=list)
    stock: list[str] = Field(default_factory=list)  # top first; the trump card is the last
    trump: str = "S"
    trump_card: str = ""
    trump_in_hand: bool = False
    attacker: int = 0
    defender: int = 1
    table: list[Pair] = Field(default_factory=list)
    taking: bool = False
    done: list[int] = Field(default_factory=list)
    shown: bool = False
    discarded: list[str] = Field(default_factory=list)
    out: list[int] = Field(default_factory=list)
    first_bout: bool = True
    known: list[list[str]] = Field(default_factory=list)
    over: bool = False
    durak: int | None = None
    games_played: int = 0
    durak_counts: list[int] = Field(default_factory=list)
    draws: int = 0
    undo_seat: int | None = None
    undo_state: dict[str, Any] | None = None


class DurakView(BaseView):
    trump: str
    trump_card: str | None
    stock_size: int
    stock: list[str] | None
    table: list[Pair]
    attacker: int
    defender: int
    taking: bool
    done: list[int]
    discarded: list[str]
    out: list[int]
    known: list[list[str]]
    hands: list[list[str]] | None
    bout_limit: int
    durak: int | None
    durak_counts: list[int]
    teams: bool
    variant: str


def beats(attack: str, card: str, trump: str) -> bool:
    if suit(card) == suit(attack):
        return rank_value(card) > rank_value(attack)
    return suit(card) == trump and suit(attack) != trump


class Durak(Game[DurakState, DurakOptions]):
    key = "durak"
    aliases = (
        "дурак",
        "podkidnoy",
        "подкидной",
        "підкидний",
        "perevodnoy",
        "переводной",
        "перевідний",
        "fool",
    )
    State = DurakState
    Options = DurakOptions
    min_players = 2
    max_players = 6
    bot_levels = ("random", "heuristic", "search")
    default_bot = "heuristic"
    presets: ClassVar[dict[str, dict[str, Any]]] = {
        "podkidnoy": {},
        "perevodnoy": {"variant": "perevodnoy"},
        "teams": {"teams": True},
        "training": {"open_cards": True},
    }

    def check_players(self, players: int, options: DurakOptions) -> None:
        super().check_players(players, options)
        if players * HAND > options.deck:
            raise GameError("too_many_players", players=players, deck=options.deck, max=options.deck // HAND)
        if options.teams and players != 4:
            raise GameError("teams_need_four")

    # -- dealing ---------------------------------------------------------------------------------
    def _new(self, players: int, options: DurakOptions, seed: int, deals: list[list[str]]) -> DurakState:
        state = DurakState(
            players=players,
            seed=seed,
            deals=deals,
            options=options,
            dealer=seed % players,
            durak_counts=[0] * players,
        )
        self._deal(state)
        return state

    def _deal(self, state: DurakState) -> None:
        p = state.players
        deck = state.next_deck(make_deck(state.options.deck))
        state.hands = [[] for _ in range(p)]
        for i in range(HAND * p):
            state.hands[next_seat(state.dealer, p, i + 1)].append(deck[i])
        rest = deck[HAND * p :]
        if rest:
            state.trump_card, state.trump_in_hand = rest[0], False
            state.stock = rest[1:] + rest[:1]  # the turned card lies under the stock: drawn last
        else:
            state.trump_card, state.trump_in_hand = deck[HAND * p - 1], True
            state.stock = []
        state.trump = suit(state.trump_card)
        state.hands = [sort_hand(h, state.trump) for h in state.hands]
        state.known = [
            [state.trump_card] if state.trump_in_hand and s == state.dealer else [] for s in range(p)
        ]
        state.table, state.done, state.out, state.discarded = [], [], [], []
        state.taking = state.shown = state.over = False
        state.first_bout = True
        state.durak = None
        state.undo_seat, state.undo_state = None, None
        state.attacker = self._first_attacker(state)
        state.defender = self._next_active(state, state.attacker)

    def _first_attacker(self, state: DurakState) -> int:
        holders = [(rank_value(c), s) for s, h in enumerate(state.hands) for c in h if suit(c) == state.trump]
        return min(holders)[1] if holders else next_seat(state.dealer, state.players)

    # -- who is still playing --------------------------------------------------------------------
    def _next_active(self, state: DurakState, seat: int) -> int:
        for step in range(1, state.players + 1):
            s = next_seat(seat, state.players, step)
            if s not in state.out:
                return s
        return seat

    def _prev_active(self, state: DurakState, seat: int) -> int:
        for step in range(1, state.players + 1):
            s = next_seat(seat, state.players, -step)
            if s not in state.out:
                return s
        return seat

    def active(self, state: DurakState) -> list[int]:
        return [s for s in range(state.players) if s not in state.out]

    def throwers(self, state: DurakState) -> list[int]:
        """Who may add cards to this bout."""
        d = state.defender
        seats = [s for s in self.active(state) if s != d]
        if state.options.throw_in == "neighbours":
            seats = [s for s in seats if s in (self._prev_active(state, d), self._next_active(state, d))]
        if state.options.teams:
            seats = [s for s in seats if s != (d + 2) % 4]
        return seats

    # -- limits ----------------------------------------------------------------------------------
    def bout_limit(self, state: DurakState) -> int:
        return state.options.first_bout_limit if state.first_bout else HAND

    def unbeaten(self, state: DurakState) -> list[str]:
        return [p.attack for p in state.table if p.beat is None]

    def room(self, state: DurakState) -> int:
        """How many more attack cards the bout can take."""
        by_limit = self.bout_limit(state) - len(state.table)
        by_hand = len(state.hands[state.defender]) - len(self.unbeaten(state))
        return max(0, min(by_limit, by_hand))

    def table_ranks(self, state: DurakState) -> set[str]:
        return {rank(c) for p in state.table for c in (p.attack, p.beat) if c}

    # -- legal actions ---------------------------------------------------------------------------
    def to_act(self, state: DurakState) -> list[int]:
        if state.over:
            return []
        return [s for s in range(state.players) if self._legal(state, s)]

    def legal_actions(self, state: DurakState, seat: int) -> list[str]:
        return [] if state.over else self._legal(state, seat)

    def _legal(self, state: DurakState, seat: int) -> list[str]:
        out: list[str] = []
        if seat in state.out:
            return out
        if not state.table:
            if seat == state.attacker:
                out = self._attacks(state, seat)
        elif seat == state.defender:
            if not state.taking:
                out = self._defences(state, seat)
        elif seat in self.throwers(state) and seat not in state.done:
            throws = self._throws(state, seat)
            if throws:
                out = [*throws, "done"]
            elif not state.taking and self.unbeaten(state):
                out = []  # nothing to add yet; the defender may open new ranks
        if state.options.undo and state.undo_seat == seat:
            out.append("undo")
        return out

    def _attacks(self, state: DurakState, seat: int) -> list[str]:
        limit = min(self.bout_limit(state), len(state.hands[state.defender]))
        by_rank: dict[str, list[str]] = {}
        for c in state.hands[seat]:
            by_rank.setdefault(rank(c), []).append(c)
        out = []
        for cards in by_rank.values():
            cards = sorted(cards, key=lambda c: SUITS.index(suit(c)))
            for n in range(1, min(len(cards), limit) + 1):
                out += ["attack:" + "".join(combo) for combo in combinations(cards, n)]
        return out

    def _throws(self, state: DurakState, seat: int) -> list[str]:
        if self.room(state) <= 0:
            return []
        ranks = self.table_ranks(state)
        return [f"throw:{c}" for c in state.hands[seat] if rank(c) in ranks]

    def _defences(self, state: DurakState, seat: int) -> list[str]:
        hand = state.hands[seat]
        out = [f"beat:{a}:{c}" for a in self.unbeaten(state) for c in hand if beats(a, c, state.trump)]
        if state.options.variant == "perevodnoy" and self._can_transfer(state):
            r = rank(state.table[0].attack)
            out += [f"transfer:{c}" for c in hand if rank(c) == r]
            if state.options.transfer_by_trump and not state.shown:
                out += [f"show:{c}" for c in hand if rank(c) == r and suit(c) == state.trump]
        if self.unbeaten(state):
            out.append("take")
        return out

    def _can_transfer(self, state: DurakState, adding: int = 1) -> bool:
        if any(p.beat for p in state.table) or len({rank(p.attack) for p in state.table}) != 1:
            return False
        target = self._next_active(state, state.defender)
        cards = len(state.table) + adding
        return len(state.hands[target]) >= cards and cards <= self.bout_limit(state)

    def normalize(self, action: str) -> str:
        verb, *args = action.strip().split(":")
        verb = verb.lower()
        try:
            if verb == "attack" and args:
                text = args[0].upper().replace("10", "T")
                cards = [parse_card(text[i : i + 2]) for i in range(0, len(text), 2)]
                return "attack:" + "".join(sorted(cards, key=lambda c: SUITS.index(suit(c))))
            return ":".join([verb, *(parse_card(a) for a in args)])
        except ValueError:
            return action.strip()

    def why_illegal(self, state: DurakState, seat: int, action: str) -> GameError:
        verb, *args = action.split(":")
        cards = [args[0][i : i + 2] for i in range(0, len(args[0]), 2)] if verb == "attack" and args else args
        for c in cards[-1:] if verb == "beat" else cards:
            if c not in state.hands[seat]:
                return GameError("card_not_in_hand", card=c)
        if verb == "attack":
            if seat != state.attacker or state.table:
                return GameError("not_attacker")
            if len({rank(c) for c in cards}) > 1:
                return GameError("one_rank")
            return GameError(
                "limit_reached", limit=min(self.bout_limit(state), len(state.hands[state.defender]))
            )
        if verb == "throw":
            if seat == state.defender:
                return GameError("defender_cannot_throw")
            if seat not in self.throwers(state):
                return GameError("not_a_neighbour")
            if cards and rank(cards[0]) not in self.table_ranks(state):
                return GameError("rank_not_on_table")
            return GameError("limit_reached", limit=self.bout_limit(state))
        if verb == "beat" and len(args) == 2:
            if seat != state.defender:
                return GameError("not_defender")
            return GameError("cannot_beat", card=args[0], by=args[1])
        if verb in ("transfer", "show"):
            if state.options.variant != "perevodnoy":
                return GameError("no_transfer_in_podkidnoy")
            if seat != state.defender:
                return GameError("not_defender")
            return GameError("transfer_refused")
        if verb == "undo":
            return GameError("nothing_to_undo")
        return GameError("illegal_action", action=action)

    # -- moves -----------------------------------------------------------------------------------
    def _apply(self, state: DurakState, seat: int, action: str) -> list[Event]:
        verb, *args = action.split(":")
        if verb == "undo":
            assert state.undo_state is not None
            restored = DurakState.model_validate(state.undo_state)
            for name in DurakState.model_fields:
                setattr(state, name, getattr(restored, name))
            return [Event(kind="undo", seat=seat)]
        undo = state.options.undo
        snapshot = state.model_dump(mode="json", exclude={"undo_state", "undo_seat"}) if undo else None
        state.undo_seat, state.undo_state = None, None
        card_move = verb in ("attack", "throw", "beat", "transfer")
        events = getattr(self, f"_do_{verb}")(state, seat, *args)
        closed = self._maybe_close(state)
        events += closed
        if card_move and not closed and snapshot is not None:
            state.undo_seat, state.undo_state = seat, snapshot
        return events

    def _lay(self, state: DurakState, seat: int, card: str) -> None:
        state.hands[seat].remove(card)
        if card in state.known[seat]:
            state.known[seat].remove(card)
        state.done = []  # a new card may open new ranks: everyone may think again

    def _do_attack(self, state: DurakState, seat: int, cards: str) -> list[Event]:
        played = [cards[i : i + 2] for i in range(0, len(cards), 2)]
        for c in played:
            self._lay(state, seat, c)
            state.table.append(Pair(attack=c, by=seat))
        return [Event(kind="attack", seat=seat, data={"cards": played, "defender": state.defender})]

    def _do_throw(self, state: DurakState, seat: int, card: str) -> list[Event]:
        self._lay(state, seat, card)
        state.table.append(Pair(attack=card, by=seat))
        return [Event(kind="throw", seat=seat, data={"card": card})]

    def _do_beat(self, state: DurakState, seat: int, attack: str, card: str) -> list[Event]:
        self._lay(state, seat, card)
        next(p for p in state.table if p.attack == attack and p.beat is None).beat = card
        return [Event(kind="beat", seat=seat, data={"card": attack, "by": card})]

    def _do_transfer(self, state: DurakState, seat: int, card: str) -> list[Event]:
        self._lay(state, seat, card)
        state.table.append(Pair(attack=card, by=seat))
        state.defender = self._next_active(state, seat)
        return [Event(kind="transfer", seat=seat, data={"card": card, "defender": state.defender})]

    def _do_show(self, state: DurakState, seat: int, card: str) -> list[Event]:
        state.shown = True
        state.done = []
        if card not in state.known[seat]:
            state.known[seat].append(card)
        state.defender = self._next_active(state, seat)
        return [Event(kind="show", seat=seat, data={"card": card, "defender": state.defender})]

    def _do_take(self, state: DurakState, seat: int) -> list[Event]:
        state.taking = True
        state.done = []
        return [Event(kind="take", seat=seat)]

    def _do_done(self, state: DurakState, seat: int) -> list[Event]:
        state.done.append(seat)
        return [Event(kind="done", seat=seat)]

    # -- the end of a bout -----------------------------------------------------------------------
    def _maybe_close(self, state: DurakState) -> list[Event]:
        if not state.table:
            return []
        waiting = [s for s in self.throwers(state) if s not in state.done and self._throws(state, s)]
        if waiting:
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
            events = [Event(kind="took", seat=d, data={"cards": cards})]
        else:
            state.discarded += cards
            state.first_bout = False
            events = [Event(kind="beaten_off", seat=d, data={"cards": cards})]
        state.table, state.done, state.taking, state.shown = [], [], False, False
        events += self._draw(state)
        events += self._leave(state)
        if len(self.active(state)) <= 1 or (state.options.teams and self._team_out(state)):
            return events + self._end_game(state)
        nxt = self._next_active(state, d) if took or d in state.out else d
        state.attacker = nxt
        state.defender = self._next_active(state, nxt)
        return events

    def _draw(self, state: DurakState) -> list[Event]:
        order = [state.attacker]
        for step in range(1, state.players):
            s = next_seat(state.attacker, state.players, step)
            if s != state.defender and s not in state.out:
                order.append(s)
        if state.defender != state.attacker:
            order.append(state.defender)
        events = []
        for s in order:
            need = max(0, HAND - len(state.hands[s]))
            got = state.stock[:need]
            if not got:
                continue
            del state.stock[: len(got)]
            state.hands[s] = sort_hand(state.hands[s] + got, state.trump)
            if state.trump_card in got and not state.trump_in_hand:
                state.known[s].append(state.trump_card)  # everyone saw the turned-up card go
            events.append(Event(kind="drew", seat=s, data={"n": len(got)}))
        return events

    def _leave(self, state: DurakState) -> list[Event]:
        if state.stock:
            return []
        events = []
        for step in range(state.players):
            s = next_seat(state.attacker, state.players, step)
            if s not in state.out and not state.hands[s]:
                state.out.append(s)
                events.append(Event(kind="out", seat=s))
        return events

    def _team_out(self, state: DurakState) -> bool:
        """Teams: the game ends as soon as both partners of one team are out."""
        return any(a in state.out and a + 2 in state.out for a in (0, 1))

    def _end_game(self, state: DurakState) -> list[Event]:
        left = self.active(state)
        if state.options.teams and len(left) >= 1:
            state.durak = left[0] if len(left) == 1 else min(left)
        else:
            state.durak = left[0] if len(left) == 1 else None
        state.games_played += 1
        if state.durak is None:
            state.draws += 1
        else:
            state.durak_counts[state.durak] += 1
        event = Event(
            kind="game_over" if state.durak is not None else "draw",
            seat=state.durak,
            data={"durak": state.durak} if state.durak is not None else {},
        )
        if state.games_played >= state.options.match_games:
            state.over = True
            state.undo_seat, state.undo_state = None, None
            return [event]
        state.dealer = next_seat(state.dealer, state.players)
        self._deal(state)
        return [event, Event(kind="new_game", seat=state.attacker, data={"game": state.games_played + 1})]

    # -- information -----------------------------------------------------------------------------
    def view(self, state: DurakState, seat: int | None) -> DurakView:
        open_cards = state.options.open_cards
        trump_visible = not state.trump_in_hand and state.stock and state.stock[-1] == state.trump_card
        return DurakView(
            game=self.key,
            viewer=seat,
            players=state.players,
            to_act=self.to_act(state),
            over=state.over,
            scores=self.scores(state),
            hand=list(state.hands[seat]) if seat is not None else None,
            hand_sizes=[len(h) for h in state.hands],
            trump=state.trump,
            trump_card=state.trump_card if trump_visible or state.trump_in_hand else None,
            stock_size=len(state.stock),
            stock=list(state.stock) if state.options.look_stock else None,
            table=[p.model_copy() for p in state.table],
            attacker=state.attacker,
            defender=state.defender,
            taking=state.taking,
            done=list(state.done),
            discarded=list(state.discarded),
            out=list(state.out),
            known=[list(k) for k in state.known],
            hands=[list(h) for h in state.hands] if open_cards else None,
            bout_limit=self.bout_limit(state),
            durak=state.durak,
            durak_counts=list(state.durak_counts),
            teams=state.options.teams,
            variant=state.options.variant,
        )

    def is_over(self, state: DurakState) -> bool:
        return state.over

    def scores(self, state: DurakState) -> list[float]:
        """Games not lost: the durak of a game (and, in teams, their partner) scores nothing for it."""
        lost = list(state.durak_counts)
        if state.options.teams:
            lost = [lost[s] + lost[(s + 2) % 4] for s in range(state.players)]
        return [float(state.games_played - n) for n in lost]

    # -- presentation ----------------------------------------------------------------------------
    def describe_action(self, action: str) -> tuple[str, dict[str, Any]]:
        verb, *args = action.split(":")
        if verb == "beat":
            return "durak.action.beat", {"card": args[0], "by": args[1]}
        if verb in ("take", "done", "undo"):
            return f"durak.action.{verb}", {}
        return f"durak.action.{verb}", {"card": args[0]}

    def status_lines(self, view: BaseView) -> list[tuple[str, dict[str, Any]]]:
        assert isinstance(view, DurakView)
        if view.over:
            return []
        lines: list[tuple[str, dict[str, Any]]] = [
            (
                "durak.status.trump",
                {"suit": view.trump, "card": view.trump_card or view.trump, "n": view.stock_size},
            )
        ]
        lines.append(("durak.status.bout", {"attacker": view.attacker, "defender": view.defender}))
        if view.table:
            pairs = [p.attack + ("/" + p.beat if p.beat else "") for p in view.table]
            lines.append(("durak.status.table", {"cards": " ".join(_pretty_pair(x) for x in pairs)}))
        if view.taking:
            lines.append(("durak.status.taking", {"defender": view.defender}))
        if view.hands is not None:
            for s, h in enumerate(view.hands):
                lines.append(("durak.status.open_hand", {"seat": s, "cards": h}))
        return lines

    def seat_status(self, view: BaseView, seat: int) -> tuple[str, dict[str, Any]] | None:
        assert isinstance(view, DurakView)
        if seat in view.out:
            return "durak.seat.out", {}
        if view.over and view.durak == seat:
            return "durak.seat.durak", {}
        if view.over:
            return None
        if seat == view.defender:
            return "durak.seat.defender", {}
        if seat == view.attacker:
            return "durak.seat.attacker", {}
        return None

    # -- AI --------------------------------------------------------------------------------------
    def bot(self, level: str = "random", **kwargs: Any) -> Any:
        if level in ("heuristic", "search"):
            from games.durak import ai

            return ai.HeuristicBot() if level == "heuristic" else ai.SearchBot(**kwargs)
        return super().bot(level, **kwargs)


def _pretty_pair(text: str) -> str:
    from games.cards import pretty

    return "/".join(pretty(c) for c in text.split("/"))


GAME = Durak()
