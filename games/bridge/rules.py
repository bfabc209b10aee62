"""Contract bridge: the auction, dummy, play, claims; duplicate (IMPs against par, or points) and rubber.

Spec: `shared/rules/bridge.md` (Laws of Duplicate Bridge, with the source contest's simplifications as the
`contest` preset). Seats 0…3 are North, East, South, West; N–S and E–W are partners. Board n has dealer
(n − 1) mod 4 and the standard 16-board vulnerability; cards are dealt one at a time from the dealer's left.

Actions (canonical text; `normalize` also takes `p`, `x`, `xx`, `1nt`, `3♠`, `10s`, `пас`, `контра`…):
- `pass`, `double`, `redouble`, `bid:1C` … `bid:7N` (strains C D H S N; N is no trump);
- `play:QS` — a card; when it is dummy's turn the declarer acts, and `play:` names one of dummy's cards;
- `claim:N` — the declarer (at their or dummy's turn) claims N of the remaining tricks (`claim:0` concedes);
- `accept`, `reject` — each defender's answer to a claim: both accept → the board ends with that result;
  either rejects → play goes on.

Who acts is public: the caller in turn; in play the seat whose card is due, or the declarer when that is
dummy; during a claim, the defenders who have not answered.

What a seat sees (`view`): its own hand; dummy's hand once the opening lead is made (everyone, spectators
too); after a claim, the declarer's hand (the defenders: a claim is made face up, and stays seen if the play
goes on). Never any other hand. The auction, every trick of the board, the last trick and all results are
public.

Events (public): `call` (call), `contract` (contract, declarer), `passed_out`, `dummy` (cards),
`played` (card; seat = the hand it came from), `trick_won` (cards), `claim` (n, of), `claim_accepted`,
`claim_rejected`, `board_scored` (board, contract, declarer, tricks, score, par, imps), `game_over`.

Decisions where the spec leaves room:
- A match is `boards` boards. Duplicate scoring compares each board with its double-dummy par (`compare:
  par`, the default): N–S score IMPs for the difference, E–W the opposite — a lone pair, or four people,
  against the best result both sides could reach; `compare: points` adds up each side's own points
  instead (each side scores what it earns: the declarer's side when the contract makes, the defenders
  the undertricks). The par is computed when the board ends (endplay's DDS), never shown before.
- Rubber (`scoring: rubber`): the dealer rotates every deal, vulnerability comes from games won, a
  passed-out deal is redealt by the next dealer; the match ends with the rubber or after `boards` deals
  (then scored as unfinished). Honours (option) are counted for whichever side holds them.
- The declarer claims only at their own (or dummy's) turn, and not with one card left (that card is
  simply played); a claim counts the trick in progress.
- The contest preset: no doubles, an all-pass auction becomes 1NT by the dealer, nobody vulnerable,
  no claims (programs play every card), one board; the score table is duplicate's, each side scoring
  its own points (the defenders 50 per undertrick). Replacing a program that breaks the rules is the
  contest runner's job.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

from games.base import BaseView, ContestRules, Event, Game, GameError, GameState, Options, copied
from games.bridge import auction as auc
from games.bridge import scoring
from games.bridge.auction import Contract, contract_text, partner, side
from games.cards import SUIT_SYMBOLS, CardError, make_deck, parse_card, rank_value, shuffled
from games.tricktaking import Play, Trick, TrickRules

Phase = Literal["auction", "play", "claim", "over"]
SEATS = "NESW"
SUIT_ORDER = "SHDC"  # how bridge players hold and write a hand
# Vulnerability of boards 1…16 as (N–S, E–W).
VUL_CYCLE = ("-", "NS", "EW", "B", "NS", "EW", "B", "-", "EW", "B", "-", "NS", "B", "-", "NS", "EW")
CALL_WORDS = {
    "p": "pass",
    "pass": "pass",
    "пас": "pass",
    "x": "double",
    "dbl": "double",
    "double": "double",
    "контра": "double",
    "xx": "redouble",
    "rdbl": "redouble",
    "redouble": "redouble",
    "реконтра": "redouble",
}


class BridgeOptions(Options):
    scoring: Literal["duplicate", "rubber"] = Field("duplicate", description="duplicate boards or a rubber")
    compare: Literal["par", "points"] = Field(
        "par", description="duplicate: IMPs against the double-dummy par, or each side's points"
    )
    boards: int = Field(4, ge=1, le=32, description="boards in the match (rubber: at most this many deals)")
    first_board: int = Field(1, ge=1, le=16, description="number of the first board (dealer, vulnerability)")
    vulnerability: Literal["board", "none", "all"] = Field(
        "board", description="by the board number, nobody, or everybody (duplicate)"
    )
    doubles: bool = Field(True, description="double and redouble allowed")
    all_pass_1nt: bool = Field(False, description="four passes make 1NT by the dealer instead of a redeal")
    claims: bool = Field(True, description="the declarer may claim the remaining tricks")
    honours: bool = Field(False, description="rubber: score honours")


class Claim(BaseModel):
    by: int
    n: int
    of: int
    accepted: list[int] = Field(default_factory=list)


class BoardResult(BaseModel):
    """One finished board, as the score sheet records it (scores are N–S's; E–W's is the opposite)."""

    board: int
    dealer: int
    vul: list[bool]
    contract: str | None = None
    declarer: int | None = None
    tricks: int | None = None
    score: int = 0
    par: int | None = None
    par_contracts: list[str] = Field(default_factory=list)
    imps: int | None = None
    claimed: bool = False
    # the board as it was played, for its PBN record (`pbn.py`): the calls (`1S P 4S P P P`), the cards in
    # the order played (`QH 8H 4H KH …`); the deal itself is the state's `boards_dealt`
    auction: str = ""
    play: str = ""


class BridgeState(GameState):
    options: BridgeOptions
    board: int = 1
    boards_done: int = 0
    dealer: int = 0
    vul: list[bool] = Field(default_factory=lambda: [False, False])
    phase: Phase = "auction"
    hands: list[list[str]] = Field(default_factory=list)
    dealt: list[list[str]] = Field(default_factory=list)  # the board's hands as dealt (for scoring, par)
    calls: list[str] = Field(default_factory=list)
    contract: Contract | None = None
    trick: Trick | None = None
    last_trick: Trick | None = None
    tricks: list[Trick] = Field(default_factory=list)  # the board's completed tricks
    won: list[int] = Field(default_factory=lambda: [0, 0])  # tricks won by N–S, E–W this board
    dummy_shown: bool = False
    claim: Claim | None = None
    claim_shown: bool = False  # the declarer's hand was shown with a claim: the defenders keep seeing it
    results: list[BoardResult] = Field(default_factory=list)
    boards_dealt: list[str] = Field(default_factory=list)  # each finished board's deal (PBN), for its record
    totals: list[float] = Field(default_factory=lambda: [0.0, 0.0])
    rubber: scoring.Rubber | None = None


class BridgeView(BaseView):
    board: int  # the board's number (its dealer and vulnerability follow from it)
    boards: int  # boards in the match
    boards_done: int  # boards finished
    dealer: int  # the seat that deals (and calls first)
    vul: list[bool]  # N–S vulnerable, E–W vulnerable
    phase: Phase  # auction, play, claim or over
    scoring: str  # duplicate or rubber
    compare: str  # duplicate: against the double-dummy par (IMPs) or each side's points
    doubles: bool  # double and redouble allowed
    claims: bool  # the declarer may claim
    calls: list[str]  # the board's calls from the dealer on
    contract: Contract | None  # once the auction is over
    declarer: int | None  # the declarer's seat
    dummy: int | None  # dummy's seat (the declarer plays its cards)
    turn: int | None  # the seat whose call or card is due (dummy's seat when the declarer plays it)
    dummy_hand: list[str] | None  # after the opening lead, for everyone
    declarer_hand: list[str] | None  # to the defenders, after a claim
    trick: Trick | None  # the trick in progress
    last_trick: Trick | None  # the last completed trick
    tricks: list[Trick]  # the board's completed tricks
    won: list[int]  # tricks won by N–S, E–W this board
    claim: Claim | None  # a claim awaiting the defenders' answers
    results: list[BoardResult]  # every finished board
    totals: list[float]  # N–S's and E–W's match totals
    rubber: scoring.Rubber | None  # the rubber's score sheet (rubber scoring)


class BridgeTricks(TrickRules):
    """Plain trick rules (follow suit, no obligation to trump); the declarer chooses dummy's cards."""

    def __init__(self, contract: Contract | None) -> None:
        self.contract = contract

    def actor(self, seat: int) -> int:
        c = self.contract
        return c.declarer if c is not None and seat == partner(c.declarer) else seat


# -- deals and notation ----------------------------------------------------------------------------------


def sort_bridge(cards: list[str]) -> list[str]:
    """Spades, hearts, diamonds, clubs; each from the ace down."""
    return sorted(cards, key=lambda c: (SUIT_ORDER.index(c[1]), -rank_value(c)))


def pbn(hands: list[list[str]], first: int = 0) -> str:
    """A deal in PBN notation: `N:AKQ2.K32.A54.Q32 …` (hands clockwise from `first`)."""
    parts = []
    for k in range(4):
        hand = hands[(first + k) % 4]
        suits = ["".join(c[0] for c in sort_bridge([c for c in hand if c[1] == s])) for s in SUIT_ORDER]
        parts.append(".".join(suits))
    return f"{SEATS[first]}:" + " ".join(parts)


def hands_from_pbn(text: str) -> list[list[str]]:
    """The four hands (N, E, S, W) of a PBN deal string; GameError unless it is a whole, valid deal."""
    try:
        first, _, body = text.strip().partition(":")
        start = SEATS.index(first.strip().upper())
        hands: list[list[str]] = [[], [], [], []]
        parts = body.split()
        if len(parts) != 4:
            raise ValueError
        for k, part in enumerate(parts):
            suits = part.split(".")
            if len(suits) != 4:
                raise ValueError
            for s, ranks in zip(SUIT_ORDER, suits, strict=True):
                hands[(start + k) % 4] += [parse_card(("10" if r == "T" else r) + s) for r in ranks.upper()]
    except (ValueError, CardError):
        raise GameError("bad_deal", deal=text[:60]) from None
    if sorted(c for h in hands for c in h) != sorted(make_deck(52)) or any(len(h) != 13 for h in hands):
        raise GameError("bad_deal", deal=text[:60])
    return hands


def deck_for(hands: list[list[str]], dealer: int) -> list[str]:
    """A deck order that, dealt one at a time from the dealer's left, gives these hands."""
    return [hands[(dealer + 1 + i) % 4][i // 4] for i in range(52)]


def board_dealer(board: int) -> int:
    return (board - 1) % 4


def board_vul(board: int) -> list[bool]:
    v = VUL_CYCLE[(board - 1) % 16]
    return [v in ("NS", "B"), v in ("EW", "B")]


# -- the game --------------------------------------------------------------------------------------------


class BridgeRules(Game[BridgeState, BridgeOptions]):
    key = "bridge"
    aliases = ("бридж", "contract", "контракт")
    State = BridgeState
    Options = BridgeOptions
    min_players = 4
    max_players = 4
    seat_choice = True
    presets: ClassVar[dict[str, dict[str, Any]]] = {
        "duplicate": {},
        "rubber": {"scoring": "rubber", "boards": 16, "honours": True},
        "contest": {
            "compare": "points",
            "boards": 1,
            "vulnerability": "none",
            "doubles": False,
            "all_pass_1nt": True,
            "claims": False,
        },
        "quick": {"compare": "points", "boards": 1},
    }
    # The university contest (seed 003): 5 s a move; the system's strategy plays a violator's seat for the
    # rest of the board, and that side loses 10 points per move it plays.
    contest = ContestRules(
        preset="contest", time_limit=5.0, fallback="board", penalty=10, sides=((0, 2), (1, 3))
    )

    # -- setting up ------------------------------------------------------------------------------
    def _new(self, players: int, options: BridgeOptions, seed: int, deals: list[list[str]]) -> BridgeState:
        state = BridgeState(players=players, seed=seed, deals=deals, options=options)
        if options.scoring == "rubber":
            state.rubber = scoring.Rubber()
        state.board = options.first_board
        self._deal(state)
        return state

    def _deal(self, state: BridgeState) -> None:
        """Deal the next board: its dealer and vulnerability, then the cards from the dealer's left."""
        opts = state.options
        if state.rubber is not None:
            state.dealer = (board_dealer(opts.first_board) + state.boards_done) % 4
            state.vul = [state.rubber.vulnerable(0), state.rubber.vulnerable(1)]
        else:
            state.dealer = board_dealer(state.board)
            state.vul = {"board": board_vul(state.board), "none": [False, False], "all": [True, True]}[
                opts.vulnerability
            ]
        i = state.deal_no
        explicit = state.deals[i] if i < len(state.deals) else None
        if explicit is not None and len(explicit) in (1, 4):  # a PBN deal string [, board, dealer, vul]
            state.deal_no += 1
            hands = hands_from_pbn(explicit[0])
            if len(explicit) == 4:  # a board of a PBN file: its own number, dealer and vulnerability
                state.board = int(explicit[1])
                state.dealer = SEATS.index(explicit[2])
                state.vul = [explicit[3] in ("NS", "All"), explicit[3] in ("EW", "All")]
        else:
            deck = state.next_deck(make_deck(52))
            hands = [[], [], [], []]
            for k, card in enumerate(deck):
                hands[(state.dealer + 1 + k) % 4].append(card)
        state.hands = [sort_bridge(h) for h in hands]
        state.dealt = [list(h) for h in state.hands]
        state.phase = "auction"
        state.calls = []
        state.contract = None
        state.trick = None
        state.tricks = []
        state.won = [0, 0]
        state.dummy_shown = False
        state.claim = None
        state.claim_shown = False

    # -- whose turn, what is legal ---------------------------------------------------------------
    def rules(self, state: BridgeState) -> BridgeTricks:
        return BridgeTricks(state.contract)

    def turn(self, state: BridgeState) -> int | None:
        """The seat whose call or card is due (dummy's seat when the declarer is to play from dummy)."""
        if state.phase == "auction":
            return auc.caller(state.dealer, len(state.calls))
        if state.phase in ("play", "claim") and state.trick is not None:
            return self.rules(state).to_play(state.trick, 4)
        return None

    def to_act(self, state: BridgeState) -> list[int]:
        if state.phase == "claim" and state.claim is not None:
            d = state.claim.by
            return [s for s in ((d + 1) % 4, (d + 3) % 4) if s not in state.claim.accepted]
        turn = self.turn(state)
        return [] if turn is None else [self.rules(state).actor(turn)]

    def legal_actions(self, state: BridgeState, seat: int) -> list[str]:
        if seat not in self.to_act(state):
            return []
        if state.phase == "auction":
            return auc.legal_calls(state.dealer, state.calls, state.options.doubles)
        if state.phase == "claim":
            return ["accept", "reject"]
        assert state.trick is not None and state.contract is not None
        hand = state.hands[self.turn(state) or 0]
        cards = [f"play:{c}" for c in self.rules(state).legal_cards(hand, state.trick, self.trump(state))]
        if state.options.claims and seat == state.contract.declarer and self.remaining(state) > 1:
            cards += [f"claim:{n}" for n in range(self.remaining(state) + 1)]  # not with one card left
        return cards

    @staticmethod
    def trump(state: BridgeState) -> str | None:
        c = state.contract
        return None if c is None or c.strain == "N" else c.strain

    @staticmethod
    def remaining(state: BridgeState) -> int:
        """Tricks still to be won this board (the one in progress included)."""
        return 13 - len(state.tricks)

    def normalize(self, action: str) -> str:
        text = action.strip()
        low = text.lower()
        if low in CALL_WORDS:
            return CALL_WORDS[low]
        verb, _, arg = low.partition(":")
        if verb in ("bid", "") or (not arg and low[:1].isdecimal()):
            bid = (arg if verb == "bid" else low).upper().replace("NT", "N").replace("БК", "N")
            for letter, symbol in SUIT_SYMBOLS.items():
                bid = bid.replace(symbol, letter)
            if len(bid) == 2 and bid[0] in "1234567" and bid[1] in auc.STRAINS:
                return f"bid:{bid}"
            return text
        if verb == "play" and arg:
            try:
                return f"play:{parse_card(arg)}"
            except CardError:
                return text
        if verb == "claim" and arg.strip().isdecimal():
            return f"claim:{int(arg)}"
        return text

    def why_illegal(self, state: BridgeState, seat: int, action: str) -> GameError:
        verb, _, arg = action.partition(":")
        if state.phase == "auction":
            if verb in ("play", "claim"):
                return GameError("auction_first")
            if verb == "bid" and action in auc.BIDS:
                return GameError("bid_too_low")
            if action in (auc.DOUBLE, auc.REDOUBLE):
                return GameError("no_doubles" if not state.options.doubles else f"cannot_{action}")
            return GameError("illegal_action", action=action)
        if state.phase == "claim":
            return GameError("answer_claim")
        if verb in ("bid", auc.PASS, auc.DOUBLE, auc.REDOUBLE):
            return GameError("auction_over")
        if verb == "claim":
            if not state.options.claims:
                return GameError("no_claims")
            if state.contract is None or seat != state.contract.declarer:
                return GameError("declarer_claims")
            if self.remaining(state) <= 1:
                return GameError("claim_last_card")
            return GameError("bad_claim", max=self.remaining(state))
        if verb == "play" and len(arg) == 2:
            hand = state.hands[self.turn(state) or 0]
            if arg not in hand:
                return GameError("card_not_in_hand", card=arg)
            assert state.trick is not None
            return GameError("must_follow_suit", suit=self.rules(state).led_suit(state.trick))
        return GameError("illegal_action", action=action)

    # -- moves -----------------------------------------------------------------------------------
    def _apply(self, state: BridgeState, seat: int, action: str) -> list[Event]:
        verb, _, arg = action.partition(":")
        if state.phase == "auction":
            return self._call(state, seat, action)
        if state.phase == "claim":
            return self._answer(state, seat, action == "accept")
        if verb == "claim":
            return self._claim(state, seat, int(arg))
        return self._play(state, arg)

    def _call(self, state: BridgeState, seat: int, call: str) -> list[Event]:
        state.calls.append(call)
        events = [Event(kind="call", seat=seat, data={"call": call})]
        if not auc.is_over(state.calls):
            return events
        contract = auc.contract(state.dealer, state.calls)
        if contract is None and state.options.all_pass_1nt:
            contract = Contract(level=1, strain="N", declarer=state.dealer)
        if contract is None:
            events.append(Event(kind="passed_out", data={"board": state.board}))
            return events + self._end_board(state)
        state.contract = contract
        state.phase = "play"
        state.trick = Trick(leader=(contract.declarer + 1) % 4)
        data = {"contract": contract_text(contract), "declarer_seat": contract.declarer}
        return [*events, Event(kind="contract", seat=contract.declarer, data=data)]

    def _play(self, state: BridgeState, card: str) -> list[Event]:
        assert state.trick is not None and state.contract is not None
        hand_seat = self.turn(state)
        assert hand_seat is not None
        state.hands[hand_seat].remove(card)
        state.trick.plays.append(Play(seat=hand_seat, card=card))
        events = [Event(kind="played", seat=hand_seat, data={"card": card})]
        if not state.dummy_shown:  # the opening lead: dummy goes down
            state.dummy_shown = True
            dummy = partner(state.contract.declarer)
            events.append(Event(kind="dummy", seat=dummy, data={"cards": list(state.hands[dummy])}))
        if not state.trick.complete(4):
            return events
        winner = self.rules(state).winner(state.trick, self.trump(state))
        state.trick.winner = winner
        state.won[side(winner)] += 1
        state.tricks.append(state.trick)
        state.last_trick = state.trick
        events.append(Event(kind="trick_won", seat=winner, data={"cards": state.trick.cards()}))
        if len(state.tricks) == 13:
            state.trick = None
            return events + self._end_board(state)
        state.trick = Trick(leader=winner)
        return events

    def _claim(self, state: BridgeState, seat: int, n: int) -> list[Event]:
        state.claim = Claim(by=seat, n=n, of=self.remaining(state))
        state.phase = "claim"
        state.claim_shown = True
        return [Event(kind="claim", seat=seat, data={"n": n, "of": state.claim.of})]

    def _answer(self, state: BridgeState, seat: int, accept: bool) -> list[Event]:
        claim = state.claim
        assert claim is not None and state.contract is not None
        if not accept:
            state.claim = None
            state.phase = "play"
            return [Event(kind="claim_rejected", seat=seat)]
        claim.accepted.append(seat)
        events = [Event(kind="claim_accepted", seat=seat)]
        if len(claim.accepted) < 2:
            return events
        decl = side(claim.by)
        state.won[decl] += claim.n
        state.won[1 - decl] += claim.of - claim.n
        return events + self._end_board(state, claimed=True)  # the trick in progress goes to the record

    # -- scoring ---------------------------------------------------------------------------------
    def _end_board(self, state: BridgeState, claimed: bool = False) -> list[Event]:
        c = state.contract
        played = [p.card for t in [*state.tricks, *([state.trick] if state.trick else [])] for p in t.plays]
        result = BoardResult(
            board=state.board,
            dealer=state.dealer,
            vul=list(state.vul),
            claimed=claimed,
            auction=" ".join(auc.short(c) for c in state.calls),
            play=" ".join(played),
        )
        if c is not None:
            tricks = state.won[side(c.declarer)]
            vul = state.vul[side(c.declarer)]
            score = scoring.duplicate_score(c.level, c.strain, c.doubled, vul, tricks)
            result.contract = c.text
            result.declarer = c.declarer
            result.tricks = tricks
            result.score = score if side(c.declarer) == 0 else -score
        if state.rubber is not None:
            self._score_rubber(state, result)
        elif state.options.compare == "par":
            self._score_par(state, result)
        else:
            earner = 0 if result.score >= 0 else 1
            state.totals[earner] += abs(result.score)
        state.results.append(result)
        state.boards_dealt.append(pbn(state.dealt))
        data = result.model_dump(include={"board", "contract", "tricks", "score", "par", "imps"}) | {
            "declarer_seat": result.declarer if result.declarer is not None else -1
        }
        events = [Event(kind="board_scored", seat=result.declarer, data=data)]
        state.boards_done += 1
        rubber_over = state.rubber is not None and state.rubber.done
        if state.boards_done >= state.options.boards or rubber_over:
            if state.rubber is not None:
                state.rubber.finish_unfinished()
                state.totals = [float(x) for x in state.rubber.totals()]
            state.phase = "over"
            state.trick = None
            return [*events, Event(kind="game_over", data={"scores": self.scores(state)})]
        state.board += 1
        self._deal(state)
        return events

    def _score_par(self, state: BridgeState, result: BoardResult) -> None:
        from games.bridge import solver  # DDS (endplay) is loaded only when a board is compared with par

        score, contracts = solver.par(state.dealt, state.dealer, state.vul)
        result.par = score
        result.par_contracts = contracts
        result.imps = scoring.imps(result.score - score)
        state.totals[0] += result.imps
        state.totals[1] -= result.imps

    def _score_rubber(self, state: BridgeState, result: BoardResult) -> None:
        rubber, c = state.rubber, state.contract
        assert rubber is not None
        if c is None or result.tricks is None:
            return
        honours = [0, 0]
        if state.options.honours:
            for s, hand in enumerate(state.dealt):
                honours[side(s)] += scoring.honours(hand, c.strain)
        rubber.record(side(c.declarer), c.level, c.strain, c.doubled, result.tricks, honours)
        state.totals = [float(x) for x in rubber.totals()]

    # -- information -----------------------------------------------------------------------------
    def view(self, state: BridgeState, seat: int | None) -> BridgeView:
        c = state.contract
        dummy = partner(c.declarer) if c is not None else None
        defender = c is not None and seat is not None and side(seat) != side(c.declarer)
        return BridgeView(
            game=self.key,
            viewer=seat,
            players=4,
            to_act=self.to_act(state),
            over=state.phase == "over",
            scores=self.scores(state),
            hand=None if seat is None else list(state.hands[seat]),
            hand_sizes=[len(h) for h in state.hands],
            board=state.board,
            boards=state.options.boards,
            boards_done=state.boards_done,
            dealer=state.dealer,
            vul=list(state.vul),
            phase=state.phase,
            scoring=state.options.scoring,
            compare=state.options.compare,
            doubles=state.options.doubles,
            claims=state.options.claims,
            calls=list(state.calls),
            contract=c.model_copy() if c is not None else None,
            declarer=c.declarer if c is not None else None,
            dummy=dummy,
            turn=self.turn(state),
            dummy_hand=list(state.hands[dummy]) if dummy is not None and state.dummy_shown else None,
            declarer_hand=list(state.hands[c.declarer]) if c and defender and state.claim_shown else None,
            trick=copied(state.trick) if state.trick else None,
            last_trick=copied(state.last_trick) if state.last_trick else None,
            tricks=[copied(t) for t in state.tricks],
            won=list(state.won),
            claim=copied(state.claim) if state.claim else None,
            results=[copied(r) for r in state.results],
            totals=list(state.totals),
            rubber=copied(state.rubber) if state.rubber else None,
        )

    def is_over(self, state: BridgeState) -> bool:
        return state.phase == "over"

    def scores(self, state: BridgeState) -> list[float]:
        return [state.totals[side(s)] for s in range(4)]


def random_deal(seed: int | str) -> list[list[str]]:
    """Four seeded hands (N, E, S, W), for benches and tests."""
    deck = shuffled(make_deck(52), seed)
    return [sort_bridge(deck[k::4]) for k in range(4)]
