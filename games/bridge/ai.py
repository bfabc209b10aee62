"""The bridge robot: bids by the system in `system.py`, plays by sampling and double-dummy solving.

It sees only its seat's view and the legal actions. In the auction it makes the system's call, or a slam
where its judgement finds one over the game that call reaches (`judge.slam`), or a sacrifice over the
opponents' game where its judgement finds one cheaper (`judge.sacrifice`). In play it deals the unseen
cards many times over — every deal consistent with the play so far (cards played, suits a seat has shown
out of) and with what each seat's calls meant (`system.meaning`: points and suit lengths) — solves each
deal double-dummy with DDS (endplay), and plays the card with the best average score for its side (the
duplicate score of the contract, so making it counts for more than an overtrick). Its work is a count of
deals (`samples`; `lead_samples` for the opening lead, where the play depends most on what is unseen);
its budget, in CPU time of its thread, is a guard for a dear position, six times larger for the lead,
whose deals cost the most to solve. No wall-clock guard (unlike `games/budget.py`): on a machine loaded
twentyfold it cut the samples, and the bench's defence measured the load, not the robot. At the opening
lead the averages are close and the declarer of every imagined deal sees all four hands, so a club
player's preferences (`leads.py`: partner's suit, sequences, no ace led away from) break the near-ties. A
defender signals where its deals leave spot cards level in value (attitude to partner's lead, count to
the declarer's: `signals.py`), leads the top of equal honours and follows with the lowest, and its deals
for partner's hand mostly agree with partner's signals and honours. Optionally (`weigh`, off: measured no
better, for 1.4–1.8× the CPU a card) a defender weighs its deals by whether partner's or the declarer's
last cards were their best double-dummy there. Optionally (`replay`: at the lead, in defence or everywhere;
off: its lead's floor is a fifth lower, but the play measured no better, for 1.3–1.4× the CPU a card in
defence) its deals read the calls by replaying the system on each imagined hand (`sampling.Replay`).

Answering a claim: the claimer's hand is shown to the defenders, so a defender sees three hands and knows
the fourth; it accepts exactly when the claim is right double-dummy.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from games.bridge import auction as auc
from games.bridge import judge, leads, sampling, scoring, signals, solver, system
from games.bridge.rules import BridgeView
from games.cards import make_deck

LEAD_GUARD = 6  # the opening lead's CPU guard, in multiples of the budget of a card
LEAD_PREFERENCE = 0.1  # a point of a club player's preference for a lead, worth 10 points a deal
TIE = 1.0  # points a deal within which cards count as level in value (a defender's signal chooses)
MISPLAY = 0.2  # the weight of an imagined deal where a weighed card (`weigh`) was not its best double-dummy


class Knowledge:
    """What a seat knows of the unseen cards: how many each holds, suits shown out of, the auction's hulls."""

    def __init__(self, view: BridgeView, equals: bool = True, weigh: str = "", depth: int = 1,
                 replay: bool = False) -> None:  # fmt: skip
        me = view.viewer
        assert me is not None and view.hand is not None
        self.view = view
        known: dict[int, list[str]] = {me: list(view.hand)}
        if view.dummy_hand is not None and view.dummy is not None:
            known[view.dummy] = list(view.dummy_hand)
        if view.declarer_hand is not None and view.declarer is not None:
            known[view.declarer] = list(view.declarer_hand)
        self.known = known
        tricks = [*view.tricks, *([view.trick] if view.trick else [])]
        self.played: dict[int, list[str]] = {s: [] for s in range(4)}
        self.voids: dict[int, set[str]] = {s: set() for s in range(4)}
        for trick in tricks:
            led = trick.plays[0].card[1] if trick.plays else None
            for play in trick.plays:
                self.played[play.seat].append(play.card)
                if led is not None and play.card[1] != led:
                    self.voids[play.seat].add(led)
        seen = {c for h in known.values() for c in h} | {c for cs in self.played.values() for c in cs}
        self.pool = [c for c in make_deck(52) if c not in seen]
        self.hidden = [s for s in range(4) if s not in known]
        self.count = {s: 13 - len(self.played[s]) for s in self.hidden}
        self.hulls = system.read(view.dealer, view.calls).shown
        mine = frozenset([*view.hand, *self.played[me]])
        vul = (bool(view.vul[0]), bool(view.vul[1]))
        self.replay = sampling.replay_of(view.dealer, tuple(view.calls), vul, mine) if replay else None
        defending = view.declarer is not None and auc.side(me) != auc.side(view.declarer)
        self.partner = auc.partner(me)
        reads = defending and self.partner in self.hidden
        self.tricks = tricks
        self.strain = view.contract.strain if view.contract is not None else "N"
        given = signals.given(tricks, self.partner) if reads else []  # partner's, read by defenders
        self.signals = [g for g in given if equals or g.kind not in ("top", "lowest")]
        self.evidence = self.evidence_plays(weigh, depth) if reads and view.declarer is not None else []

    def evidence_plays(self, weigh: str, depth: int) -> list[tuple[int, int]]:
        """The plays a defender weighs its imagined deals by (`weigh`: partner's, the declarer's — from
        either hand — or both): the last `depth` cards of each after the opening lead, as (trick, place),
        leaving out dummy's cards whose alternatives were all equal to them (they say nothing)."""
        declarer = self.view.declarer
        assert declarer is not None
        roles = {"partner": [self.partner], "declarer": [declarer, auc.partner(declarer)]}
        out: list[tuple[int, int]] = []
        for role in ("partner", "declarer") if weigh == "both" else (weigh,) if weigh else ():
            plays = [(k, j) for k, t in enumerate(self.tricks) for j, p in enumerate(t.plays)
                     if p.seat in roles[role] and (k, j) != (0, 0)]  # fmt: skip
            if role == "declarer" and self.view.dummy is not None:
                dummy = self.view.dummy
                plays = [x for x in plays if self.tricks[x[0]].plays[x[1]].seat != dummy
                         or not self.forced(self.then(self.known[dummy], dummy, *x), *x)]  # fmt: skip
            out += plays[-depth:]
        return out

    def then(self, cards: list[str], seat: int, k: int, j: int) -> list[str]:
        """`seat`'s hand (its cards still held now: `cards`) as it was before the play (trick `k`, place
        `j`)."""
        return list(cards) + [p.card for t, x in enumerate(self.tricks[k:], k) for i, p in enumerate(x.plays)
                              if p.seat == seat and (t > k or i >= j)]  # fmt: skip

    def forced(self, hand: list[str], k: int, j: int) -> bool:
        """Whether every card the seat could play there was equal in value to the one it played."""
        trick = self.tricks[k]
        card = trick.plays[j].card
        led = trick.plays[0].card[1] if j else None
        options = [c for c in hand if c[1] == led] if led else []
        options = options or hand  # a lead, or a seat out of the suit led
        if any(c[1] != card[1] for c in options):
            return False
        gone = {p.card for t in self.tricks[:k] for p in t.plays}
        return set(options) <= set(signals.equals(card, options, gone))

    def weight(self, hands: list[list[str]]) -> float:
        """How likely the plays weighed (`evidence_plays`) are in this imagined deal if their seats play as
        we do: each counts 1 where it was the best card double-dummy then, `MISPLAY` where it was not."""
        out = 1.0
        for k, j in self.evidence:
            seat = self.tricks[k].plays[j].seat
            hand = self.then(hands[seat], seat, k, j)
            if self.forced(hand, k, j):
                continue
            position = [self.then(hands[s], s, k, j) for s in range(4)]
            trick = self.tricks[k]
            future = solver.tricks_per_card(position, self.strain, trick.leader, trick.cards()[:j])
            out *= 1.0 if future[trick.plays[j].card] == max(future.values()) else MISPLAY
        return out

    def deals(self, rng: random.Random) -> list[list[str]]:
        """One consistent deal (the four hands still held): within the auction's inferences if one is
        found soon (the calls replayed, `replay`, then their hulls alone), else within the play's alone."""
        need = {s: self.count[s] for s in self.hidden}

        def fits(seat: int, cards: list[str]) -> bool:
            if not self.hulls[seat].admits(system.Hand.of(cards + self.played[seat])):
                return False
            return seat != self.partner or not self.signals or signals.accept(self.signals, cards, rng)

        def replayed(seat: int, cards: list[str]) -> bool:
            assert self.replay is not None
            return fits(seat, cards) and self.replay.admits(seat, cards + self.played[seat])

        def anything(seat: int, cards: list[str]) -> bool:
            return True

        def eligible(seat: int, card: str) -> bool:
            return card[1] not in self.voids[seat]

        def narrowest(seat: int) -> float:
            return sampling.width(self.hulls[seat])

        found = self.replay.deal(self.pool, need, replayed, rng, eligible, narrowest) if self.replay else None
        for accept in (fits, anything):
            found = found or sampling.deal(self.pool, need, accept, rng, eligible)
        if found is not None:
            return [found[s] if s in found else list(self.known[s]) for s in range(4)]
        raise RuntimeError("no deal fits what was seen")  # impossible: the real deal fits


class BridgeBot:
    """`search`: the system's calls; sampled double-dummy card play; claims answered double-dummy."""

    def __init__(
        self,
        budget: float = 0.5,
        samples: int = 48,
        min_samples: int = 1,
        judgement: bool = False,
        slams: bool = True,
        sacrifices: bool = True,
        lead_samples: int = 24,
        lead_preference: float = LEAD_PREFERENCE,
        signals: bool = True,
        equals: bool = True,
        weigh: str = "",
        depth: int = 1,
        replay: str = "",
    ) -> None:
        self.budget = budget
        self.samples = samples
        self.min_samples = min_samples
        self.judgement = judgement
        self.slams = slams
        self.sacrifices = sacrifices
        self.lead_samples = lead_samples
        self.lead_preference = lead_preference
        self.signals = signals
        self.equals = equals
        self.weigh = weigh  # a defender's imagined deals weighed by partner's, the declarer's or both's plays
        self.depth = depth  # the last cards of each weighed
        self.replay = replay  # the calls replayed (`sampling.Replay`): at the "lead", in "defence", "all"

    def choose(self, view: BridgeView, legal: Sequence[str], rng: random.Random) -> str:
        if view.phase == "auction":
            return self.bid(view, legal, rng)
        if view.phase == "claim":
            return "accept" if self.claim_is_right(view) else "reject"
        cards = [a for a in legal if a.startswith("play:")]
        if len(cards) <= 1:
            return cards[0] if cards else legal[0]
        return "play:" + self.card(view, [a[5:] for a in cards], rng)

    # -- the auction ---------------------------------------------------------------------------
    def bid(self, view: BridgeView, legal: Sequence[str], rng: random.Random) -> str:
        assert view.hand is not None
        sit = system.read(view.dealer, view.calls)
        if self.judgement:
            call = judge.judge(view.hand, sit, view.vul, legal, rng, budget=self.budget)
        else:
            call = system.choose(view.hand, sit, view.vul)[0]
        if self.slams:
            call = judge.slam(view.hand, sit, view.vul, call, legal, rng)
        if self.sacrifices:
            call = judge.sacrifice(view.hand, sit, view.vul, call, legal, rng)
        if call in legal:
            return call
        return auc.PASS if auc.PASS in legal else legal[0]  # a call this table does not allow (contest)

    # -- the play ------------------------------------------------------------------------------
    def card(self, view: BridgeView, cards: list[str], rng: random.Random) -> str:
        assert view.contract is not None and view.turn is not None
        lead = not view.tricks and (view.trick is None or not view.trick.plays)
        defending = auc.side(view.turn) != auc.side(view.contract.declarer)
        replay = {"all": True, "lead": lead, "defence": defending}.get(self.replay, False)
        knowledge = Knowledge(view, self.equals, self.weigh, self.depth, replay)
        totals = dict.fromkeys(cards, 0.0)
        samples = self.lead_samples if lead else self.samples
        stop = time.thread_time() + self.budget * (LEAD_GUARD if lead else 1)  # this thread's CPU only
        imagined: list[tuple[list[list[str]], dict[str, float]]] = []  # each deal and its cards' values
        while len(imagined) < samples and (len(imagined) < self.min_samples or time.thread_time() < stop):
            hands = knowledge.deals(rng)
            imagined.append((hands, self.values(view, hands)))
        n = len(imagined)
        weights = [1.0] * n
        if knowledge.evidence and not self.agreed(cards, [values for _, values in imagined]):
            weights = [knowledge.weight(hands) for hands, _ in imagined]  # only where it may change the card
        for weight, (_, values) in zip(weights, imagined, strict=True):
            for card in cards:
                totals[card] += weight * values[card]
        mass = sum(weights)
        if lead:  # a club player's preferences break the near-ties (`leads.py`): points a deal → hundreds
            like = leads.preference(view.hand or [], view.contract.strain, view.dealer, view.calls, view.turn)
            totals = {c: totals[c] / max(n, 1) / 100 + self.lead_preference * like[c] for c in cards}
            return max(cards, key=lambda c: totals[c])  # ties: the highest card of the first suit
        return self.pick(view, cards, totals, mass)

    @staticmethod
    def agreed(cards: list[str], values: list[dict[str, float]]) -> bool:
        """Whether one card is the best (or level with the best) in every imagined deal: then no weighing of
        the deals can make another card better."""
        best = max(cards, key=lambda c: sum(v[c] for v in values))
        return all(v[best] >= max(v[c] for c in cards) for v in values)

    def pick(self, view: BridgeView, cards: list[str], totals: dict[str, float], mass: float) -> str:
        """The card to play after the opening lead, given each card's score summed over the imagined deals
        (`mass`: their weight): the best one, a defender's signal among the cards level with it, or its
        equal honour by the convention."""
        assert view.contract is not None and view.turn is not None
        best = max(totals.values())
        if self.signals and (signal := self.signal(view, cards, totals, best - TIE * mass)):
            return signal
        chosen = next(c for c in cards if totals[c] == best)  # ties: the highest card of the first suit
        if self.equals and auc.side(view.turn) != auc.side(view.contract.declarer):
            chosen = self.equal_honour(view, chosen)
        return chosen

    @staticmethod
    def equal_honour(view: BridgeView, card: str) -> str:
        """A defender's honour among its equals (worth the same): the top one leading, the lowest following
        (`signals.conventional`); a discard as it is."""
        trick = view.trick
        leading = trick is None or not trick.plays
        if not leading and trick is not None and trick.plays[0].card[1] != card[1]:
            return card
        gone = {p.card for t in view.tricks for p in t.plays}
        return signals.conventional(card, view.hand or [], gone, leading)

    @staticmethod
    def signal(view: BridgeView, cards: list[str], totals: dict[str, float], level: float) -> str | None:
        """A defender's attitude or count signal (`signals.py`) among the cards worth at least `level`: the
        first time it follows to a suit, where two spot cards or more of it are level in value."""
        trick, me, declarer = view.trick, view.turn, view.declarer
        if trick is None or not trick.plays or me is None or declarer is None:
            return None
        if auc.side(me) == auc.side(declarer):
            return None
        suit = trick.plays[0].card[1]
        if any(p.seat == me and p.card[1] == suit for t in view.tricks for p in t.plays):
            return None  # not the first card of mine in this suit
        kind = signals.kind_of(trick.leader, me)
        holding = [c for c in view.hand or [] if c[1] == suit]
        if kind is None or not holding:
            return None
        return signals.choose([c for c in cards if c[1] == suit and totals[c] >= level], holding, kind)

    @staticmethod
    def values(view: BridgeView, hands: list[list[str]]) -> dict[str, float]:
        """For each card the seat to play may play: its side's score if everyone plays double-dummy after."""
        c = view.contract
        assert c is not None and view.turn is not None
        trick = view.trick
        leader = trick.leader if trick is not None else view.turn
        played = trick.cards() if trick is not None else []
        future = solver.tricks_per_card(hands, c.strain, leader, played)
        mover = auc.side(view.turn)
        declaring = auc.side(c.declarer)
        vul = view.vul[declaring]
        out = {}
        for card, n in future.items():
            ours = view.won[mover] + n
            decl_tricks = ours if mover == declaring else 13 - ours
            score = scoring.duplicate_score(c.level, c.strain, c.doubled, vul, decl_tricks)
            out[card] = (score if mover == declaring else -score) + ours * 0.5  # a trick more breaks ties
        return out

    # -- claims ---------------------------------------------------------------------------------
    @staticmethod
    def claim_is_right(view: BridgeView) -> bool:
        """Whether the declarer makes the claimed tricks whatever the defence does (double-dummy)."""
        assert view.claim is not None and view.contract is not None
        knowledge = Knowledge(view)
        if len(knowledge.hidden) != 1:  # no claimer's hand to look at: only a sure claim is accepted
            return False
        hands = knowledge.deals(random.Random(0))
        turn = view.turn
        assert turn is not None
        trick = view.trick
        leader = trick.leader if trick is not None else turn
        future = solver.tricks_per_card(hands, view.contract.strain, leader, trick.cards() if trick else [])
        best = max(future.values())
        declaring = auc.side(view.contract.declarer)
        declarer_tricks = best if auc.side(turn) == declaring else view.claim.of - best
        return declarer_tricks >= view.claim.n
