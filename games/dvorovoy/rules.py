"""Dvorovoy bridge (дворовой бридж): the courtyard shedding game, 2–6 players, 36 cards.

Spec: `shared/rules/dvorovoy.md` (from the third text of `shared/seeds/000_*`). Shed your cards on the
pile by suit or rank (a jack on anything); 6 must be covered, 7 makes the next player draw one, 8 draw two
and skip, an ace skips, a jack names the suit. Points for the cards left; exactly 125 burns to 0, over 125
loses the match.

Actions (canonical text; `normalize` accepts lower case, `10`, suit symbols, a bare card, and the
players' words: беру/тяну → draw, пас → pass, всё/хватит/досить → end):
- `play:9H` — the first card of a move (matching the top by suit or rank, or the suit named after a
  jack; a jack on anything), or the card that covers a 6 played in this move;
- `add:9S` — one more card of the rank just played, in the same move;
- `end` — end the move (not after a 6, which must be covered; not after a jack, which names a suit);
- `suit:H` — end a move whose last card is a jack, naming the suit the next player must match;
- `draw` — take one card from the stock instead of playing (at most once a turn);
- `pass` — end the turn without playing: after a draw, or when there is nothing to draw.

Events (public only): `played` and `added` (card), `suit` (suit), `drew` (n: a voluntary draw),
`covered_draw` (n: cards drawn to cover a 6), `passed`, `auto_passed` (no card could be played),
`draws` / `draws_skips` / `skips` (n: a seat hit by 7s, 8s and aces), `reshuffled` (the pile under
its top became the stock), `out` (the seat shed its last card), `round_scored` (round, points, totals),
`scored` (n, total: each seat that took points), `burned` (exactly 125, back to 0), `bust` (over 125),
then `game_over` (losers, totals) or `new_round` (round) and `turned` (card). `new` returns a state
only: the first round's turned card and its effect are in the view (`top`, `last`).

Decisions beyond the spec's own:
- The dealer of the first round is `seed % players`; cards go one at a time clockwise from the dealer's
  left; the next card is turned up on the pile, the rest is the stock.
- The turned-up card is the dealer's play: a 7, 8 or ace hits the player after the dealer (who moves
  first unless skipped); a 6 must be covered by the dealer, who then goes on as in any move (adding
  cards of the covering rank, then ending); on a jack the dealer names the suit (and adds nothing: the
  dealer did not choose that jack).
- Within a move, after a card that is not a 6 only cards of the same rank may follow; after a 6 any card
  that matches the 6 (suit or rank, or a jack) covers it. So a move is some 6s, each covering the one
  before, then a run of one rank.
- Covering a 6 is forced: when the mover holds no card that covers it, cards are drawn for them, one at
  a time, until one does (`covered_draw`). With nothing left to draw the move ends on the uncovered 6,
  which then counts as an ordinary top card.
- After a voluntary draw the player may play any card that fits (not only the drawn one) or pass; when
  nothing fits the turn ends by itself (`auto_passed`). With nothing to draw a player may pass; a player
  who can neither play nor draw passes by themselves.
- Effect cards: every 7 (draw 1), 8 (draw 2 and lose the turn) and ace (lose the turn) of the move hits,
  in the order played, the next of the *other* players clockwise, cycling (three eights at a table of
  three: the two others, then the first again, who draws 4 and loses one turn). The turn passes to the
  first player clockwise who was not skipped (the mover again if every other one was).
- A player who sheds their last card (not a 6) ends the move at once: a last jack names no suit, and the
  effects still hit. A move also ends by itself when the mover holds no more cards of the rank just played
  (`end` would be the only choice); a jack still waits for its suit. Drawing with the stock and the pile
  both exhausted takes what there is.
- End of a round: everyone else adds the points left in hand (10/Q/K 10, A 15, J 20, 6–9 0). A total of
  exactly 125 burns to 0 (option). When totals pass 125 the match ends; if several pass it in the same
  round they all lose. The dealer moves one seat clockwise each round.
- The view holds what the source's contest gave each program and what the table shows: card counts,
  totals, the top card and the suit asked for, the move in progress and who the last move hit; not the
  pile under the top, nor the stock's size (a program could only ask whether it may draw).
- `scores` are the totals negated (fewer points is better), so `winners` are the lowest totals and a
  seat that went over 125 ranks last; what people read (the seats, the standings, the sheet) is the
  totals themselves, positive (`points`).
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

from games.base import BaseView, Event, Game, GameError, GameState, Options, next_seat
from games.cards import SUITS, CardError, make_deck, parse_card, rank, shuffled, suit

LIMIT = 125
VALUES = {"T": 10, "Q": 10, "K": 10, "A": 15, "J": 20}
HITS = {"7": (1, False), "8": (2, True), "A": (0, True)}  # cards drawn, turn lost
VERBS = ("play", "add", "end", "suit", "draw", "pass")
WORDS = {
    "беру": "draw",
    "тяну": "draw",
    "взять": "draw",
    "беру карту": "draw",
    "пас": "pass",
    "пропускаю": "pass",
    "всё": "end",
    "все": "end",
    "хватит": "end",
    "усе": "end",
    "досить": "end",
}
SUIT_WORDS = {
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "spades": "S",
    "hearts": "H",
    "diamonds": "D",
    "clubs": "C",
    "пики": "S",
    "черви": "H",
    "бубны": "D",
    "трефы": "C",
    "піки": "S",
    "чирви": "H",
    "бубни": "D",
    "трефи": "C",
}


def value(card: str) -> int:
    """Points a card left in hand costs at the end of a round."""
    return VALUES.get(rank(card), 0)


def points(cards: list[str]) -> int:
    return sum(value(c) for c in cards)


def sort_cards(cards: list[str]) -> list[str]:
    """By suit (S H D C), low to high within a suit."""
    order = "6789TJQKA"
    return sorted(cards, key=lambda c: (SUITS.index(suit(c)), order.index(rank(c))))


class DvorovoyOptions(Options):
    cards: Literal[5, 4, 6, 7, 3] = Field(5, description="cards dealt to each player")
    burn: bool = Field(True, description="a total of exactly 125 burns back to 0")


class Hit(BaseModel):
    """What the last move's effect cards did to one player."""

    seat: int
    draw: int = 0
    skip: bool = False


class DvorovoyState(GameState):
    options: DvorovoyOptions
    dealer: int = 0
    round_no: int = 1
    hands: list[list[str]] = Field(default_factory=list)
    stock: list[str] = Field(default_factory=list)  # top first
    pile: list[str] = Field(default_factory=list)  # bottom first; the last is the top card
    named: str | None = None  # the suit named after the jack on top
    mover: int = 0
    played: list[str] = Field(default_factory=list)  # cards of the move in progress
    opening: bool = False  # the move in progress completes the dealer's turned-up card
    drew: bool = False  # the mover has drawn their one card this turn
    last: list[Hit] = Field(default_factory=list)  # who the last move's effects hit
    totals: list[int] = Field(default_factory=list)
    round_points: list[int] = Field(default_factory=list)  # the last round's points, for display
    reshuffles: int = 0
    losers: list[int] = Field(default_factory=list)
    over: bool = False


class DvorovoyView(BaseView):
    options: DvorovoyOptions  # the options as played
    dealer: int  # the seat that dealt this round
    round_no: int  # the round, from 1
    top: str | None  # the top card of the pile
    named: str | None  # the suit a jack on top asked for
    mover: int  # the seat whose turn it is
    played: list[str]  # the cards of the move in progress
    opening: bool  # the move in progress completes the dealer's turned-up card
    drew: bool  # the mover has drawn their one card this turn
    last: list[Hit]  # who the last move's 7s, 8s and aces hit
    totals: list[int]  # each seat's points (over 125 loses)
    round_points: list[int]  # each seat's points of the last round
    losers: list[int]  # the seats over 125 (when the match is over)


def clone(state: DvorovoyState) -> DvorovoyState:
    """A copy whose mutable parts are fresh (faster than a deep copy; options and deals are shared)."""
    new = state.model_copy()
    new.hands = [list(h) for h in state.hands]
    new.stock = list(state.stock)
    new.pile = list(state.pile)
    new.played = list(state.played)
    new.last = list(state.last)  # hits are replaced, never changed in place
    new.totals = list(state.totals)
    new.round_points = list(state.round_points)
    new.losers = list(state.losers)
    return new


def fits(card: str, top: str, named: str | None) -> bool:
    """Whether `card` may start a move on `top` (with `named`, the suit a jack asked for)."""
    if rank(card) == "J":
        return True
    if named is not None:
        return suit(card) == named
    return suit(card) == suit(top) or rank(card) == rank(top)


def covers(card: str, six: str) -> bool:
    return rank(card) == "J" or suit(card) == suit(six) or rank(card) == rank(six)


class DvorovoyRules(Game[DvorovoyState, DvorovoyOptions]):
    key = "dvorovoy"
    aliases = ("дворовой", "дворовий", "courtyard", "дворовой бридж", "дворовий бридж")
    State = DvorovoyState
    Options = DvorovoyOptions
    min_players = 2
    max_players = 6
    presets: ClassVar[dict[str, dict[str, Any]]] = {
        "classic": {},
        "long": {"cards": 7},
        "short": {"cards": 3},
    }

    def check_players(self, players: int, options: DvorovoyOptions) -> None:
        super().check_players(players, options)
        if players * options.cards + 1 > 36:
            raise GameError("too_many_players", players=players, cards=options.cards, max=35 // options.cards)

    # -- dealing ---------------------------------------------------------------------------------
    def _new(
        self, players: int, options: DvorovoyOptions, seed: int, deals: list[list[str]]
    ) -> DvorovoyState:
        state = DvorovoyState(players=players, seed=seed, deals=deals, options=options, dealer=seed % players)
        state.totals = [0] * players
        self._deal(state)
        return state

    def _deal(self, state: DvorovoyState) -> list[Event]:
        p, n = state.players, state.options.cards
        deck = state.next_deck(make_deck(36))
        hands: list[list[str]] = [[] for _ in range(p)]
        for i in range(n * p):
            hands[next_seat(state.dealer, p, i + 1)].append(deck[i])
        state.hands = [sort_cards(h) for h in hands]
        turned = deck[n * p]
        state.pile, state.stock = [turned], deck[n * p + 1 :]
        state.named, state.drew, state.last = None, False, []
        state.reshuffles = 0
        events = [Event(kind="turned", seat=state.dealer, data={"card": turned})]
        if rank(turned) in ("6", "J"):  # the dealer completes this play: covers the 6 or names the suit
            state.mover, state.played, state.opening = state.dealer, [turned], True
            return events + self._settle(state)
        state.played, state.opening = [], False
        state.mover = state.dealer
        return events + self._end_move(state, [turned])

    # -- what may be played ----------------------------------------------------------------------
    def top(self, state: DvorovoyState) -> str:
        return state.pile[-1]

    def playable(self, state: DvorovoyState) -> list[str]:
        """The mover's cards that may be played now (first card, a cover, or one more of the rank)."""
        hand, top = state.hands[state.mover], self.top(state)
        if not state.played:
            return [c for c in hand if fits(c, top, state.named)]
        if rank(top) == "6":
            return [c for c in hand if covers(c, top)]
        if state.opening:
            return []
        return [c for c in hand if rank(c) == rank(top)]

    def can_draw(self, state: DvorovoyState) -> bool:
        return bool(state.stock) or len(state.pile) > 1

    def to_act(self, state: DvorovoyState) -> list[int]:
        return [] if state.over else [state.mover]

    def legal_actions(self, state: DvorovoyState, seat: int) -> list[str]:
        if state.over or seat != state.mover:
            return []
        cards = self.playable(state)
        if state.played:
            top = self.top(state)
            if rank(top) == "6":
                return [f"play:{c}" for c in cards]
            ends = [f"suit:{s}" for s in SUITS] if rank(top) == "J" else ["end"]
            return [f"add:{c}" for c in cards] + ends
        out = [f"play:{c}" for c in cards]
        if not state.drew and self.can_draw(state):
            return [*out, "draw"]
        return [*out, "pass"]

    # -- texts -----------------------------------------------------------------------------------
    def normalize(self, action: str) -> str:
        text = " ".join(action.split())
        low = text.casefold()
        if low in WORDS:
            return WORDS[low]
        verb, sep, rest = low.partition(":")
        if not sep:
            try:
                return f"play:{parse_card(text)}"
            except CardError:
                return text if verb not in VERBS else verb
        if verb not in VERBS:
            return text
        rest = rest.strip()
        if verb == "suit":
            letter = SUIT_WORDS.get(rest, rest.upper())
            return f"suit:{letter}" if letter in SUITS else text
        if verb in ("play", "add"):
            try:
                return f"{verb}:{parse_card(rest)}"
            except CardError:
                return text
        return text

    def apply(self, state: DvorovoyState, seat: int, action: str) -> tuple[DvorovoyState, list[Event]]:
        """As `Game.apply`; `play:` and `add:` stand for each other (a typed card means whichever fits)."""
        if state.over:
            raise GameError("game_over")
        if not isinstance(seat, int) or seat != state.mover:
            raise GameError("not_your_turn", seat=seat)
        action = self.normalize(action) if isinstance(action, str) else ""
        legal = self.legal_actions(state, seat)
        if action not in legal:
            verb, _, card = action.partition(":")
            other = {"play": "add", "add": "play"}.get(verb)
            if other is None or f"{other}:{card}" not in legal:
                raise self.why_illegal(state, seat, action)
            action = f"{other}:{card}"
        new = self.copy(state)
        return new, self._apply(new, seat, action)

    def copy(self, state: DvorovoyState) -> DvorovoyState:
        return clone(state)

    def why_illegal(self, state: DvorovoyState, seat: int, action: str) -> GameError:
        verb, _, arg = action.partition(":")
        if verb not in VERBS or (verb in ("end", "draw", "pass")) != (not arg):
            return GameError("unknown_action", action=action[:40])
        top = self.top(state)
        if verb in ("play", "add"):
            if arg not in state.hands[seat]:
                return GameError("card_not_in_hand", card=arg[:12])
            if state.played and rank(top) == "6":
                return GameError("cover_six", card=top)
            if state.played:
                return GameError("same_rank", card=top) if not state.opening else GameError("name_suit")
            if state.named:
                return GameError("no_match_named", card=arg, suit=state.named)
            return GameError("no_match", card=arg, top=top)
        if verb == "suit":
            return GameError("no_jack") if arg in SUITS else GameError("unknown_action", action=action[:40])
        if verb == "end":
            if state.played and rank(top) == "6":
                return GameError("cover_six", card=top)
            if state.played and rank(top) == "J":
                return GameError("name_suit")
            return GameError("nothing_played")
        if state.played:
            return GameError("move_started")
        if verb == "draw":
            return GameError("already_drew") if state.drew else GameError("nothing_to_draw")
        return GameError("draw_first")

    # -- moves -----------------------------------------------------------------------------------
    def _apply(self, state: DvorovoyState, seat: int, action: str) -> list[Event]:
        verb, _, arg = action.partition(":")
        events: list[Event]
        if verb in ("play", "add"):
            state.hands[seat].remove(arg)
            state.pile.append(arg)
            state.played.append(arg)
            state.named, state.opening = None, False
            played = Event(kind="played", seat=seat, data={"card": arg})
            events = [played if verb == "play" else Event(kind="added", seat=seat, data={"card": arg})]
        elif verb == "draw":
            events = []
            got = self._take(state, seat, 1, events)
            state.drew = True
            events.append(Event(kind="drew", seat=seat, data={"n": len(got)}))
        elif verb == "pass":
            events = [Event(kind="passed", seat=seat), *self._end_move(state, [])]
        elif verb == "end":
            events = self._end_move(state, list(state.played))
        else:  # suit
            state.named = arg
            events = [Event(kind="suit", seat=seat, data={"suit": arg})]
            events += self._end_move(state, list(state.played))
        return events + self._settle(state)

    def _settle(self, state: DvorovoyState) -> list[Event]:
        """Play out what needs no choice: forced draws to cover a 6, a move ended by going out or with
        nothing left to add, turns that can only pass."""
        events: list[Event] = []
        for _ in range(4 * state.players + 40):
            if state.over:
                break
            hand = state.hands[state.mover]
            cards = self.playable(state)
            top = self.top(state)
            if state.played and rank(top) == "6":
                if cards:
                    break
                if not self.can_draw(state):
                    events += self._end_move(state, list(state.played))
                    continue
                n = 0
                while not self.playable(state) and self.can_draw(state):
                    n += len(self._take(state, state.mover, 1, events))
                events.append(Event(kind="covered_draw", seat=state.mover, data={"n": n}))
                continue
            if state.played and not hand:
                events.append(Event(kind="out", seat=state.mover))
                events += self._end_move(state, list(state.played))
                continue
            if state.played and not cards and rank(top) != "J":  # nothing to add: `end` is no choice
                events += self._end_move(state, list(state.played))
                continue
            if not state.played and not cards and (state.drew or not self.can_draw(state)):
                events.append(Event(kind="auto_passed", seat=state.mover, data={"drew": state.drew}))
                events += self._end_move(state, [])
                continue
            break
        return events

    def _take(self, state: DvorovoyState, seat: int, n: int, events: list[Event]) -> list[str]:
        """Move up to `n` cards from the stock to `seat`'s hand, turning the pile over when it runs out."""
        got: list[str] = []
        for _ in range(n):
            if not state.stock and len(state.pile) > 1:
                state.reshuffles += 1
                rest, state.pile = state.pile[:-1], state.pile[-1:]
                state.stock = shuffled(rest, f"{state.seed}:{state.deal_no}:{state.reshuffles}")
                events.append(Event(kind="reshuffled", data={"n": len(state.stock)}))
            if not state.stock:
                break
            got.append(state.stock.pop(0))
        state.hands[seat] = sort_cards(state.hands[seat] + got)
        return got

    def _end_move(self, state: DvorovoyState, played: list[str]) -> list[Event]:
        """The move's effects hit the others in turn; then the round ends or the turn passes on."""
        p, mover = state.players, state.mover
        others = [next_seat(mover, p, i) for i in range(1, p)]
        hits: dict[int, Hit] = {}
        for k, c in enumerate(c for c in played if rank(c) in HITS):
            draw, skip = HITS[rank(c)]
            target = others[k % len(others)]
            old = hits.get(target, Hit(seat=target))
            hits[target] = Hit(seat=target, draw=old.draw + draw, skip=old.skip or skip)
        events: list[Event] = []
        ordered = [hits[s] for s in others if s in hits]
        for h in ordered:
            got = self._take(state, h.seat, h.draw, events) if h.draw else []
            kind = "draws_skips" if h.skip and h.draw else "skips" if h.skip else "draws"
            events.append(Event(kind=kind, seat=h.seat, data={"n": len(got)}))
        state.last = ordered
        state.played, state.opening, state.drew = [], False, False
        if not state.hands[mover] and played and rank(played[-1]) != "6":
            return events + self._end_round(state)
        skipped = {h.seat for h in ordered if h.skip}
        state.mover = next((s for s in others if s not in skipped), mover)
        return events

    def _end_round(self, state: DvorovoyState) -> list[Event]:
        pts = [points(h) for h in state.hands]
        state.round_points = pts
        events = []
        for s in range(state.players):
            state.totals[s] += pts[s]
            if pts[s]:
                events.append(Event(kind="scored", seat=s, data={"n": pts[s], "total": state.totals[s]}))
            if state.options.burn and state.totals[s] == LIMIT:
                state.totals[s] = 0
                events.append(Event(kind="burned", seat=s))
        summary = {"round": state.round_no, "points": pts, "totals": list(state.totals)}
        events.insert(0, Event(kind="round_scored", data=summary))
        state.losers = [s for s in range(state.players) if state.totals[s] > LIMIT]
        for s in state.losers:
            events.append(Event(kind="bust", seat=s, data={"total": state.totals[s]}))
        if state.losers:
            state.over = True
            return [*events, Event(kind="game_over", data={"losers": state.losers, "totals": state.totals})]
        state.round_no += 1
        state.dealer = next_seat(state.dealer, state.players)
        events.append(Event(kind="new_round", seat=state.dealer, data={"round": state.round_no}))
        return events + self._deal(state)

    # -- information -----------------------------------------------------------------------------
    def view(self, state: DvorovoyState, seat: int | None) -> DvorovoyView:
        return DvorovoyView(
            game=self.key,
            viewer=seat,
            players=state.players,
            to_act=self.to_act(state),
            over=state.over,
            scores=self.scores(state),
            hand=list(state.hands[seat]) if seat is not None else None,
            hand_sizes=[len(h) for h in state.hands],
            options=state.options.model_copy(),
            dealer=state.dealer,
            round_no=state.round_no,
            top=state.pile[-1] if state.pile else None,
            named=state.named,
            mover=state.mover,
            played=list(state.played),
            opening=state.opening,
            drew=state.drew,
            last=[h.model_copy() for h in state.last],
            totals=list(state.totals),
            round_points=list(state.round_points),
            losers=list(state.losers),
        )

    def is_over(self, state: DvorovoyState) -> bool:
        return state.over

    def scores(self, state: DvorovoyState) -> list[float]:
        """The totals negated: fewer points is better."""
        return [-float(t) for t in state.totals]

    def points(self, state: DvorovoyState) -> list[float]:
        """The totals as the players keep them: penalty points, positive."""
        return [float(t) for t in state.totals]

    def seat_points(self, view: BaseView, seat: int) -> float | None:
        assert isinstance(view, DvorovoyView)
        return float(view.totals[seat])

    def ranking(self, state: DvorovoyState) -> list[tuple[int, str, dict[str, Any]]]:
        """Fewest points first; a seat over 125 says so."""
        ranked = super().ranking(state)
        return [
            (s, "dvorovoy.seat.bust", {"total": state.totals[s]}) if s in state.losers else (s, key, params)
            for s, key, params in ranked
        ]

    # -- presentation ----------------------------------------------------------------------------
    def describe_action(self, action: str) -> tuple[str, dict[str, Any]]:
        verb, _, arg = action.partition(":")
        if verb == "suit":
            return "dvorovoy.action.suit", {"suit": arg}
        if verb in ("play", "add"):
            return f"dvorovoy.action.{verb}", {"card": arg}
        return f"dvorovoy.action.{verb}", {}

    def status_lines(self, view: BaseView) -> list[tuple[str, dict[str, Any]]]:
        assert isinstance(view, DvorovoyView)
        lines: list[tuple[str, dict[str, Any]]] = [
            ("dvorovoy.status.round", {"round": view.round_no, "dealer": view.dealer, "limit": LIMIT})
        ]
        if view.over:
            return [
                *lines,
                *(("dvorovoy.status.lost", {"player": s, "total": view.totals[s]}) for s in view.losers),
            ]
        if view.top:
            if view.named:
                lines.append(("dvorovoy.status.top_named", {"card": view.top, "suit": view.named}))
            else:
                lines.append(("dvorovoy.status.top", {"card": view.top}))
        if view.played:
            lines.append(("dvorovoy.status.moving", {"player": view.mover, "cards": list(view.played)}))
        for h in view.last:
            kind = "draws_skips" if h.skip and h.draw else "skips" if h.skip else "draws"
            lines.append((f"dvorovoy.status.{kind}", {"player": h.seat, "n": h.draw}))
        return lines

    def hand_context(self, view: BaseView) -> list[tuple[str, dict[str, Any]]]:
        assert isinstance(view, DvorovoyView)
        if view.over or not view.top:
            return []
        mine = view.viewer == view.mover
        if mine and view.played and rank(view.top) == "6":
            return [("dvorovoy.hand.cover", {"card": view.top})]
        if mine and view.played and rank(view.top) == "J":
            return [("dvorovoy.hand.name", {"card": view.top})]
        if mine and view.played:
            return [("dvorovoy.hand.add", {"card": view.top})]
        if mine and view.drew:
            return [("dvorovoy.hand.drew", {"card": view.top})]
        if view.named:
            return [("dvorovoy.hand.top_named", {"card": view.top, "suit": view.named})]
        return [("dvorovoy.hand.top", {"card": view.top})]

    def seat_status(self, view: BaseView, seat: int) -> tuple[str, dict[str, Any]] | None:
        assert isinstance(view, DvorovoyView)
        if seat in view.losers:
            return "dvorovoy.seat.bust", {"total": view.totals[seat]}
        if view.over:
            return None
        if seat == view.dealer:
            return "dvorovoy.seat.dealer", {}
        return None
