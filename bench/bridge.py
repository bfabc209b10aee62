"""The bridge robots measured against double-dummy: their auctions against par, their card play, a match.

    .venv/bin/python bench/bridge.py [--deals 300] [--play-deals 100] [--first 0] [--budget 0.5]
                                     [--samples 48] [--oracle-samples 8] [--layouts 200]
                                     [--against equals=False] [--oracle-rungs cards,told,deal]
                                     [--leader-rungs hand,told,partner,replay]
                                     [--declarer dd|robot]
                                     [--part auction|match|oracle|play|lead|lead-floor|defence|all]

Every deal is seeded (`bench:<n>`) and played as board n + 1 (its dealer and vulnerability); its robots
draw from the deal's own stream (`robots:<n>`), so a change on one deal leaves the others' judgements alone.

Auction (`--deals`, four robots, each seeing its own hand and the calls): the contract they reach is scored
with the double-dummy tricks of its declarer, and compared with the deal's double-dummy par (endplay: the
best contract each side can reach, sacrifices included). Printed: IMPs a deal from par (the mean of
|IMPs(score − par)|, with a 95% interval; goal ≤ 2.5), the share reaching par exactly, the slams bid on the
deals whose par is a slam (goal ≥ 60%), the slams bid that went down, the games missed on the deals whose
par is a game for a side, the worst ten deals with their auctions, and the CPU time a call (a slam is
weighed on imagined deals: `games/bridge/judge.py`).

Match (`--deals`): the robots against a reference bidder on the same deals, both ways round (robots N–S
against the reference E–W at one table, the reference N–S against the robots E–W at the other), each
contract scored double-dummy; the robots' IMPs a deal with a 95% interval. The reference is the naive
point-count bidder of issue 33: it sees both hands of its side, counts their points and fit, bids the
contract they suggest at its first turn when that is still higher than the last bid, and never doubles.

Oracle (`--part oracle`, `--deals`): the ceiling of any bidding system, measured on the same deals. Each side
is an oracle partnership: it sees both its hands (26 cards), imagines the other 26 cards split at random
(`--oracle-samples` layouts, seeded; the opponents' calls tell it nothing), solves every layout double dummy
and values each contract the auction could end in by the IMPs it scores, on average over its layouts,
against each layout's par. From the dealer's side on, each side in turn lets the contract stand (doubling
the other side's when that pays in its expectation) or names a higher contract of its own with its better
declarer, valued as if the other side will double it when that pays them (so sacrifices and penalty doubles
are in, redoubles are not); the auction ends when neither side changes anything in two turns running. The
contract reached is scored double-dummy against par like the robots', with the same buckets, and the
reference bidder's figures are printed beside it. No bidding system, which tells partner less than all 13
cards, can be expected to come much closer to par than this. `--oracle-rungs` climbs a ladder of what the
oracles know, every rung on the same deals with paired differences and where its IMPs went (competitive,
slams, failing contracts, games, level or strain): `cards` (the above), `told` (also each opponent's exact
suit lengths and high-card points, more than any auction of theirs says: a generous bound on bidding that
reads the opponents), `deal` (all 52 cards: what the oracles' auction itself loses); `cards:32` sets a
rung's layouts (8 against 32: the noise of few layouts).

Play (`--play-deals`, on the deals where the robots reached a contract): the robot declarer (and dummy)
against double-dummy defenders, and robot defenders against a double-dummy declarer. The declarer's loss
is the double-dummy tricks before the opening lead − tricks taken (goal ≤ 0.25 a deal); the defence's is
split into the opening lead (tricks the lead gives away double-dummy) and the rest (goal ≤ 0.2 a deal
for the whole defence). Double-dummy opponents never err, so nobody gains from a slip. The robots get
what they get in a chat: their seat's view and a CPU budget per decision (their thread's time).
`--against` (robots' options, `;` between robots, e.g. `--against "replay='lead'"`) plays the same deals
with each of those robots too and prints the differences, paired.

Lead (`--part lead`, `--play-deals` contracts): the opening lead alone, side by side on the same deals —
the robot's against a lead chosen on 10 imagined deals by their values alone (what a 0.5 s budget bought
before `games/bridge/leads.py`): the tricks each gives away against the best lead double-dummy, the
difference with its interval, and the CPU a lead.

Lead floor (`--part lead-floor`, `--play-deals` contracts, `--layouts` a deal): how well any leader who
knows what the robot knows could lead. Over layouts imagined by the robot's own sampler (its hand and the
auction), E[the tricks of the best lead for each layout] − the most tricks one lead gives on average: the
tricks a lead must give away in expectation, given that posterior (also counted with the lead chosen on
half the layouts and its loss on the other half, which is not flattered by picking on the same layouts).
Beside it the robot's lead under the same layouts and on the true deals, and the posterior against the
true deals: the hidden hands within the auction's hulls, the true points and suit lengths within the
imagined ones' range and outside their central 90%. `--leader-rungs` adds, on the same deals, the floor of
a leader that knows less or more than the sampler: `hand` (its hand alone, the auction unread), `told`
(declarer's and dummy's exact suit lengths and high-card points, more than any auction says), `partner`
(those and partner's 13 cards: perfect signalling), each with the paired difference to the rung before;
`replay` (the robot's sampler reading the calls by replaying the system on each imagined hand,
`games/bridge/sampling.py`), with the robot leading on the replay's deals (`BridgeBot(replay="lead")`).

Defence (`--part defence`, `--play-deals` contracts): the play after the opening lead, side by side on the
same contracts and the same lead — the robot defenders against the same robots with other options
(`--against`, default `equals=False`: without the convention of equal honours, `games/bridge/signals.py`;
several robots separated by `;`, e.g. `--against "equals=False;samples=128,budget=2.0"`), each against a
double-dummy declarer (`--declarer robot`: the default robot, which errs; then also the defenders' own
decisions' loss double dummy): the tricks lost after the lead, the differences with their intervals, the
CPU a card, and where the tricks go: each robot decision's loss double-dummy by kind (leading: partner's suit,
my suit again, a new suit, trump; following second, third or fourth hand, and whether winning or ducking
was the mistake; ruffing or discarding), which add up to the whole loss. With `--lead-layouts N`, also the
information floor of the first robots' leads after the first trick (as for the opening lead, on N layouts
their own sampler imagines at each), summed a deal, beside what those leads lost.
"""

from __future__ import annotations

import argparse
import ast
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)  # this file's name would hide the `games` package

from games.bridge import GAME, auction, scoring, solver, system  # noqa: E402
from games.bridge.ai import BridgeBot, Knowledge  # noqa: E402
from games.bridge.auction import Contract  # noqa: E402
from games.bridge.rules import BridgeState, board_dealer, board_vul, deck_for, random_deal  # noqa: E402

Bidder = Callable[[BridgeState, int], str]  # (the table, the seat to call) → a call


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def mean_ci(xs: list[float]) -> str:
    """`m ± h`: the mean and the half-width of its 95% interval."""
    if not xs:
        return "–"
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return f"{statistics.mean(xs):.2f} ± {half:.2f}"


def print_paired(lost: dict[str, list[float]], unit: str) -> None:
    """The first robot against each other one on the same deals: the mean difference of what they lost."""
    first, *others = lost
    for other in others:
        diff = [a - b for a, b in zip(lost[first], lost[other], strict=True)]
        better, worse = sum(d < 0 for d in diff), sum(d > 0 for d in diff)
        print(f"  {first} against {other}: {mean_ci(diff)} {unit}; better on {better}, worse on {worse}")


def share(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{k}/{n} = {k / n:.1%} [{lo:.1%}, {hi:.1%}]" if n else "0/0"


# -- a board's auction -------------------------------------------------------------------------------


def new_board(hands: list[list[str]], board: int) -> BridgeState:
    options = {"boards": 1, "compare": "points", "first_board": (board - 1) % 16 + 1}
    return GAME.new(4, options, deals=[deck_for(hands, board_dealer(board))])


def bid_board(state: BridgeState, bidders: list[Bidder], think: list[float] | None = None) -> BridgeState:
    """The auction of a new board, each seat calling with its bidder (CPU time per call into `think`)."""
    while state.phase == "auction":
        seat = GAME.to_act(state)[0]
        start = time.thread_time()
        call = bidders[seat](state, seat)
        if think is not None:
            think.append(time.thread_time() - start)
        state, _ = GAME.apply(state, seat, call)
    return state


def robot_bidder(bot: BridgeBot, rng: random.Random) -> Bidder:
    def bid(state: BridgeState, seat: int) -> str:
        return bot.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)

    return bid


def reference_bidder(state: BridgeState, seat: int) -> str:
    """Issue 33's naive point-count bidder: both hands of its side, the opponents ignored, no doubles."""
    legal = GAME.legal_actions(state, seat)
    if any(auction.is_bid(c) and auction.side(auction.caller(state.dealer, i)) == auction.side(seat)
           for i, c in enumerate(state.calls)):  # fmt: skip
        return auction.PASS  # the side has bid its contract
    mine, theirs = system.Hand.of(state.dealt[seat]), system.Hand.of(state.dealt[auction.partner(seat)])
    points = mine.hcp + theirs.hcp
    if points < 20:
        return auction.PASS
    fit = {s: mine.length[s] + theirs.length[s] for s in "SHDC"}
    major = max("SH", key=lambda s: fit[s])
    minor = max("DC", key=lambda s: fit[s])
    short = min(min(mine.length.values()), min(theirs.length.values()))
    if fit[major] >= 8:
        strain = major
    elif short >= 2 or fit[minor] < 8:
        strain = "N"
    else:
        strain = minor
    if points >= 37:
        level = 7
    elif points >= 33:
        level = 6
    elif points >= 25:
        level = {"N": 3, "S": 4, "H": 4, "D": 5, "C": 5}[strain]
        if strain in "DC" and points < 29:
            strain, level = "N", 3
    else:
        level = 1 if strain == "N" and points < 23 else 2
    call = f"bid:{level}{strain}"
    return call if call in legal else auction.PASS


def ns_score(state: BridgeState, analysis: solver.Analysis) -> tuple[int, int | None]:
    """(N–S's score, the declarer's double-dummy tricks) of the contract this auction reached."""
    c = state.contract if state.contract is not None else auction.contract(state.dealer, state.calls)
    if c is None:
        return 0, None
    tricks = analysis.tricks[c.strain][c.declarer]
    score = scoring.duplicate_score(c.level, c.strain, c.doubled, state.vul[auction.side(c.declarer)], tricks)
    return (score if auction.side(c.declarer) == 0 else -score), tricks


def diagram(state: BridgeState) -> str:
    cells = ["-"] * ((state.dealer + 1) % 4) + [auction.short(c) for c in state.calls]  # from West
    return " ".join(f"{c:>2}" for c in cells)


def contract_name(state: BridgeState) -> str:
    c = state.contract
    return "passed out" if c is None else f"{c.text} {'NESW'[c.declarer]}"


def par_name(a: solver.Analysis) -> str:
    if not a.contracts:
        return "passed out"
    c = a.contracts[0]
    return f"{c.level}{c.strain}{'X' * c.doubled} {'NESW'[c.declarer]}"


# -- the auction against par ----------------------------------------------------------------------------


def deal_info(i: int) -> tuple[list[list[str]], int, solver.Analysis]:
    hands = random_deal(f"bench:{i}")
    board = i + 1
    return hands, board, solver.analyse(hands, board_dealer(board), board_vul(board))


GAME_LEVEL = {"N": 3, "S": 4, "H": 4, "D": 5, "C": 5}


def bucket(c: Contract | None, tricks: int | None, a: solver.Analysis, imp: int) -> str:
    """Where a deal's IMPs from par went, first cause that fits."""
    par = a.contracts[0] if a.contracts else None
    if imp == 0:
        return "exact"
    if par is None:
        return "par passed out"
    if par.doubled:
        return "par a doubled sacrifice"
    if c is None:
        return "passed out"
    if auction.side(c.declarer) != auction.side(par.declarer):
        return "the wrong side plays"
    if tricks is not None and tricks < c.level + 6:
        return "our contract fails"
    if par.level >= 6 and c.level < 6:
        return "slam missed"
    if par.level >= GAME_LEVEL[par.strain] and c.level < GAME_LEVEL[c.strain]:
        return "game missed"
    return "level or strain"


class Tally:
    """Contracts reached against par: IMPs a deal, exact, slams, games missed, buckets."""

    def __init__(self) -> None:
        self.off: list[float] = []
        self.rows: list[tuple[int, int, str, int, solver.Analysis]] = []  # (|IMPs|, seed, text, score, a)
        self.exact = self.slam_deals = self.slams_bid = self.game_deals = self.games_missed = 0
        self.slams_tried = self.slams_down = 0
        self.buckets: dict[str, list[int]] = {}

    def add(self, i: int, c: Contract | None, a: solver.Analysis, text: str) -> None:
        tricks = None if c is None else a.tricks[c.strain][c.declarer]
        score = 0
        if c is not None and tricks is not None:
            vul = board_vul(i + 1)[auction.side(c.declarer)]
            score = scoring.duplicate_score(c.level, c.strain, c.doubled, vul, tricks)
            score = score if auction.side(c.declarer) == 0 else -score
        imp = abs(scoring.imps(score - a.par))
        self.off.append(float(imp))
        self.exact += score == a.par
        self.rows.append((imp, i, text, score, a))
        b = self.buckets.setdefault(bucket(c, tricks, a, imp), [0, 0])
        b[0], b[1] = b[0] + 1, b[1] + imp
        if c is not None and tricks is not None and c.level >= 6:
            self.slams_tried += 1
            self.slams_down += tricks < c.level + 6
        par = a.contracts[0] if a.contracts else None
        if par is not None and not par.doubled:  # a contract the par side makes
            ours = c is not None and auction.side(c.declarer) == auction.side(par.declarer)
            made = ours and c is not None and a.tricks[c.strain][c.declarer] >= c.level + 6
            if par.level >= 6:
                self.slam_deals += 1
                self.slams_bid += made and c is not None and c.level >= 6
            if par.level >= GAME_LEVEL[par.strain]:
                self.game_deals += 1
                self.games_missed += not (ours and c is not None and c.level >= GAME_LEVEL[c.strain])

    def report(self, buckets: bool = True) -> None:
        deals = len(self.off)
        print(f"  IMPs a deal from par: {mean_ci(self.off)} (goal ≤ 2.5)")
        print(f"  par reached exactly: {share(self.exact, deals)}")
        print(
            f"  slams bid and made where par is a slam: {share(self.slams_bid, self.slam_deals)} (goal ≥ 60%)"
        )
        print(f"  slams bid: {self.slams_tried}, of which {self.slams_down} went down")
        print(f"  games missed where par is a game or more: {share(self.games_missed, self.game_deals)}")
        if not buckets:
            return
        print("  where the IMPs went (deals, IMPs):")
        for name, (n, imps) in sorted(self.buckets.items(), key=lambda kv: (-kv[1][1], kv[0])):
            if name != "exact":
                print(f"    {name}: {n}, {imps}")


def robots_for(bot: BridgeBot, i: int) -> list[Bidder]:
    """The four robots of deal `i`, drawing from the deal's own seeded stream (one stream over all the deals
    let a change on one deal turn the imagined deals, and so the slam judgements, of every later one)."""
    return [robot_bidder(bot, random.Random(f"robots:{i}"))] * 4


def bench_auction(deals: int, first: int, bot: BridgeBot) -> list[tuple[int, BridgeState]]:
    think: list[float] = []
    tally, finished, auctions = Tally(), [], {}
    for i in range(first, first + deals):
        hands, board, a = deal_info(i)
        state = bid_board(new_board(hands, board), robots_for(bot, i), think)
        finished.append((i, state))
        tally.add(i, state.contract, a, contract_name(state))
        auctions[i] = diagram(state)
        if (i - first + 1) % 25 == 0:
            print(
                f"  {i - first + 1} deals: {statistics.mean(tally.off):.2f} IMPs a deal from par", flush=True
            )
    print(f"auction, {deals} deals (seeds {first}…{first + deals - 1}), four robots, contracts scored "
          "double-dummy:")  # fmt: skip
    tally.report()
    think.sort()
    print(f"  CPU per call: mean {statistics.mean(think) * 1000:.1f} ms, p90 "
          f"{think[int(0.9 * (len(think) - 1))] * 1000:.1f} ms, max {think[-1] * 1000:.0f} ms "
          f"over {len(think)} calls")  # fmt: skip
    print("  the worst ten (auction from West: W N E S; par and result for N–S):")
    for imp, i, text, score, a in sorted(tally.rows, key=lambda r: -r[0])[:10]:
        print(f"    seed {i} board {i + 1}: {text} {score:+d}, par {par_name(a)} {a.par:+d}:"
              f" {imp} IMPs | {auctions[i]}")  # fmt: skip
    return finished


def bench_match(deals: int, first: int, bot: BridgeBot) -> None:
    ref = reference_bidder
    won = []
    ref_off = []
    for i in range(first, first + deals):
        hands, board, a = deal_info(i)
        robot = robots_for(bot, i)[0]
        robots_ns = bid_board(new_board(hands, board), [robot, ref, robot, ref])
        robots_ew = bid_board(new_board(hands, board), [ref, robot, ref, robot])
        refs = bid_board(new_board(hands, board), [ref] * 4)
        ref_off.append(abs(scoring.imps(ns_score(refs, a)[0] - a.par)))
        s1, s2 = ns_score(robots_ns, a)[0], ns_score(robots_ew, a)[0]
        won.append(scoring.imps(s1 - s2))  # the robots' N–S result against the reference's N–S result
    print(f"match, {deals} deals: the robots against the reference bidder (both ways round, double-dummy):")
    wins, losses = sum(w > 0 for w in won), sum(w < 0 for w in won)
    print(f"  the robots' IMPs a deal: {mean_ci([float(w) for w in won])}; deals won {wins}, lost {losses}, "
          f"tied {deals - wins - losses}")  # fmt: skip
    print(f"  the reference alone (four of it): IMPs a deal from par {mean_ci([float(x) for x in ref_off])}")


# -- the oracle partnership: what perfect communication within a side reaches -----------------------------

Final = tuple[int, str, int, int]  # (level, strain, declarer, doubled): a contract the oracle may end in


def oracle_layouts(hands: list[list[str]], side: int, board: int, samples: int) -> list[solver.Analysis]:
    """`samples` deals that keep `side`'s two hands and split the other 26 cards at random (seeded by the
    board), each solved double dummy with its par."""
    rng = random.Random(f"oracle:{board}:{side}")
    unseen = [c for seat in range(4) if seat % 2 != side for c in hands[seat]]
    out = []
    for _ in range(samples):
        rng.shuffle(unseen)
        split = {
            seat: unseen[13 * k : 13 * k + 13] for k, seat in enumerate(s for s in range(4) if s % 2 != side)
        }
        layout = [hands[seat] if seat % 2 == side else split[seat] for seat in range(4)]
        out.append(solver.analyse(layout, board_dealer(board), board_vul(board)))
    return out


Told = dict[int, tuple[dict[str, int], int]]  # seat → its exact suit lengths and high-card points


def told(hands: Sequence[Sequence[str]], seats: Sequence[int]) -> Told:
    """What these seats' hands are told to someone: each one's suit lengths and high-card points."""
    return {s: (h.length, h.hcp) for s in seats for h in [system.Hand.of(hands[s])]}


TOLD_TRIES = 1_000_000


def told_deal(hands: Sequence[Sequence[str]], known: Sequence[int], shapes: Told, rng: random.Random
              ) -> list[list[str]]:  # fmt: skip
    """A deal at random that keeps the `known` seats' hands and gives every seat of `shapes` exactly its
    suit lengths and high-card points; the one seat left, if any, gets the cards left. Each suit's unseen
    cards are split by the lengths and the split is kept when the points match (the true deal is one such
    split, so one is always found)."""
    free = [s for s in range(4) if s not in known and s not in shapes]
    assert len(free) <= 1 and not set(known) & set(shapes)
    held = {c for s in known for c in hands[s]}
    unseen = [c for h in hands for c in h if c not in held]
    by_suit = {suit: [c for c in unseen if c[1] == suit] for suit in system.SUITS}
    for _ in range(TOLD_TRIES):
        out: dict[int, list[str]] = {s: list(hands[s]) for s in known}
        out.update({s: [] for s in [*shapes, *free]})
        for suit, cards in by_suit.items():
            rng.shuffle(cards)
            k = 0
            for s, (length, _) in shapes.items():
                out[s] += cards[k : k + length[suit]]
                k += length[suit]
            for s in free:
                out[s] += cards[k:]
        if all(sum(system.HCP.get(c[0], 0) for c in out[s]) == hcp for s, (_, hcp) in shapes.items()):
            return [out[s] for s in range(4)]
    raise RuntimeError("no deal with these shapes found")


def told_layouts(hands: list[list[str]], side: int, board: int, samples: int) -> list[solver.Analysis]:
    """As `oracle_layouts`, the opponents' cards split so that each opponent holds exactly its true suit
    lengths and high-card points (told to the side: more than any auction of theirs can say)."""
    rng = random.Random(f"oracle-told:{board}:{side}")
    mine, theirs = (side, side + 2), (1 - side, 3 - side)
    shapes = told(hands, theirs)
    deals = [told_deal(hands, mine, shapes, rng) for _ in range(samples)]
    return [solver.analyse(d, board_dealer(board), board_vul(board)) for d in deals]


def ns_points(c: Final | None, tricks: dict[str, list[int]], vul: list[bool]) -> int:
    if c is None:
        return 0
    level, strain, declarer, doubled = c
    score = scoring.duplicate_score(level, strain, doubled, vul[declarer % 2], tricks[strain][declarer])
    return score if declarer % 2 == 0 else -score


class OracleView:
    """One side's expectation, over its imagined layouts, of the IMPs it scores against each layout's par
    if the auction ends in a given contract."""

    def __init__(self, side: int, layouts: list[solver.Analysis], vul: list[bool]) -> None:
        self.side, self.layouts, self.vul = side, layouts, vul
        self.memo: dict[Final | None, float] = {}

    def value(self, c: Final | None) -> float:
        if c not in self.memo:
            sign = 1 if self.side == 0 else -1
            self.memo[c] = statistics.mean(
                scoring.imps(sign * (ns_points(c, a.tricks, self.vul) - a.par)) for a in self.layouts
            )
        return self.memo[c]


def oracle_auction(views: list[OracleView], dealer: int) -> Final | None:
    """The contract two oracle partnerships reach. From the dealer's side on, each side in turn either lets
    the contract stand (doubling the other side's when that gains in its expectation) or names a higher
    contract of its own, with its better declarer, valued as if the other side will double it when a double
    would pay them; it ends when neither side changes anything in two turns running."""
    current: Final | None = None
    turn, quiet = dealer % 2, 0
    while quiet < 2:
        view = views[turn]
        best, value = current, view.value(current)
        if current is not None and current[2] % 2 != turn and current[3] == 0:
            doubled = (*current[:3], 1)
            if view.value(doubled) > value:
                best, value = doubled, view.value(doubled)
        floor = -1 if current is None else auction.bid_rank(f"bid:{current[0]}{current[1]}")
        for rank in range(floor + 1, len(auction.BIDS)):
            level, strain = int(auction.BIDS[rank][4]), auction.BIDS[rank][5]
            for declarer in (turn, turn + 2):
                worth = min(
                    view.value((level, strain, declarer, 0)), view.value((level, strain, declarer, 1))
                )
                if worth > value:
                    best, value = (level, strain, declarer, 0), worth
        quiet = quiet + 1 if best == current else 0
        current, turn = best, 1 - turn
    return current


def contract_of(end: Final | None) -> Contract | None:
    if end is None:
        return None
    return Contract(level=end[0], strain=end[1], declarer=end[2], doubled=end[3])


Layouts = Callable[[list[list[str]], int, int, int], list[solver.Analysis]]
RUNGS: dict[str, tuple[str, Layouts | None]] = {  # what an oracle side knows: its rung of the ladder
    "cards": ("its own 26 cards", oracle_layouts),
    "told": ("its 26 cards and each opponent's exact suit lengths and points", told_layouts),
    "deal": ("all 52 cards (the true deal: what the oracles' auction itself loses)", None),
}
GROUPS = {  # the buckets gathered for the ladder
    "competitive": ("par a doubled sacrifice", "the wrong side plays", "par passed out", "passed out"),
    "slams": ("slam missed",),
    "fails": ("our contract fails",),
    "games": ("game missed",),
    "level or strain": ("level or strain",),
}


def rungs_of(text: str, samples: int) -> list[tuple[str, int]]:
    """`cards,told:32,deal` → [(kind, layouts)]: `--oracle-rungs`, `--oracle-samples` where none is given."""
    out = []
    for item in text.split(","):
        kind, _, n = item.partition(":")
        if kind not in RUNGS:
            raise SystemExit(f"--oracle-rungs: {kind!r} is none of {', '.join(RUNGS)}")
        out.append((kind, int(n) if n else samples))
    return out


def bench_oracle(deals: int, first: int, rungs: list[tuple[str, int]], bot: BridgeBot,
                 makers: dict[str, Layouts] | None = None) -> dict[str, Tally]:  # fmt: skip
    """The ladder of oracles on the same deals, each rung scored double dummy against par, beside the
    robots' contracts (the same auctions as `--part auction`) and the reference bidder's (`makers`: a cache
    may stand in for a rung's solving)."""
    makers = {kind: make for kind, (_, make) in RUNGS.items() if make is not None} | (makers or {})
    names = [f"{kind}:{n}" if kind != "deal" else kind for kind, n in rungs]
    tallies = {name: Tally() for name in [*names, "robots", "reference"]}
    cpu = dict.fromkeys(names, 0.0)
    for i in range(first, first + deals):
        hands, board, a = deal_info(i)
        vul = board_vul(board)
        for name, (kind, n) in zip(names, rungs, strict=True):
            start = time.process_time()
            seen = [[a] if kind == "deal" else makers[kind](hands, side, board, n) for side in (0, 1)]
            views = [OracleView(side, seen[side], vul) for side in (0, 1)]
            end = oracle_auction(views, board_dealer(board))
            cpu[name] += time.process_time() - start
            c = contract_of(end)
            tallies[name].add(i, c, a, "passed out" if c is None else f"{c.text} {'NESW'[c.declarer]}")
        for name, bidders in (("robots", robots_for(bot, i)), ("reference", [reference_bidder] * 4)):
            state = bid_board(new_board(hands, board), bidders)
            tallies[name].add(i, state.contract, a, contract_name(state))
        if (i - first + 1) % 25 == 0:
            done = ", ".join(f"{name} {statistics.mean(tallies[name].off):.2f}" for name in names)
            print(f"  {i - first + 1} deals: IMPs a deal from par {done}", flush=True)
    print(
        f"oracle partnerships, {deals} deals (seeds {first}…{first + deals - 1}): each side bids knowing "
        "what its rung says, on layouts of the rest solved double dummy; contracts scored against par"
    )
    for name, (kind, n) in zip(names, rungs, strict=True):
        layouts = "" if kind == "deal" else f", {n} layouts a side"
        print(f"{name}: {RUNGS[kind][0]}{layouts} ({cpu[name] / deals:.2f} s CPU a deal)")
        tallies[name].report(buckets=False)
    top = names[0]
    print(f"  {top}'s worst ten (par and result for N–S):")
    for imp, i, text, score, a in sorted(tallies[top].rows, key=lambda r: -r[0])[:10]:
        print(f"    seed {i} board {i + 1}: {text} {score:+d}, par {par_name(a)} {a.par:+d}: {imp} IMPs")
    print("paired differences, IMPs a deal from par (the row minus the other, the same deals):")
    pairs = list(zip(names[1:], names[:-1], strict=True))
    pairs += [(x, y) for x in ("robots", "reference") for y in names]
    for x, y in pairs:
        gap = [u - v for u, v in zip(tallies[x].off, tallies[y].off, strict=True)]
        better, worse = sum(g < 0 for g in gap), sum(g > 0 for g in gap)
        print(f"  {x} − {y}: {mean_ci(gap)} (closer to par on {better} deals, farther on {worse})")
    for name in ("robots", "reference"):
        t = tallies[name]
        print(f"{name}: IMPs a deal from par {mean_ci(t.off)}; slams {share(t.slams_bid, t.slam_deals)}")
    print("where the IMPs went, IMPs a deal (deals):  " + "  ".join(f"{name:>12}" for name in tallies))
    for group, members in GROUPS.items():
        sums = ([sum(t.buckets.get(b, [0, 0])[k] for b in members) for k in (0, 1)] for t in tallies.values())
        print(f"  {group:17s}" + "  ".join(f"{imps / deals:6.2f} ({n:3d})" for n, imps in sums))
    return tallies


# -- the play against double-dummy ---------------------------------------------------------------------------


def dd_card(state: BridgeState, legal: list[str], best_for_mover: bool = True) -> str:
    trick = state.trick
    assert trick is not None and state.contract is not None
    future = solver.tricks_per_card(state.hands, state.contract.strain, trick.leader, trick.cards())
    return "play:" + max((a[5:] for a in legal), key=lambda c: future[c])


def play_out(state: BridgeState, robot_side: int, bot: BridgeBot, rng: random.Random,
             think: list[float], after_lead: list[int] | None = None, regret: list[Decision] | None = None,
             others: tuple[BridgeBot, random.Random] | None = None) -> int:  # fmt: skip
    """Play the board to its end: `robot_side`'s seats by the robot, the others double-dummy (or by the
    robot of `others`, with its own generator); the declarer's tricks. `after_lead` gets the declarer's
    double-dummy tricks after the opening lead; `regret` each robot decision's kind and the tricks it gave
    away double-dummy (against the opponents' double-dummy play they add up to the robots' whole loss)."""
    c = state.contract
    assert c is not None
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = [a for a in GAME.legal_actions(state, seat) if a.startswith("play:")]
        if auction.side(seat) == robot_side:
            start = time.thread_time()
            action = bot.choose(GAME.view(state, seat), legal, rng)
            if len(legal) > 1:
                think.append(time.thread_time() - start)
                if regret is not None and state.dummy_shown:
                    regret.append((*decision_regret(state, seat, legal, action[5:]), state, seat))
        elif others is not None:
            action = others[0].choose(GAME.view(state, seat), legal, others[1])
        else:
            action = dd_card(state, legal)
        first = not state.dummy_shown
        state, _ = GAME.apply(state, seat, action)
        if first and after_lead is not None:
            trick = state.trick
            assert trick is not None
            future = solver.tricks_per_card(state.hands, c.strain, trick.leader, trick.cards())
            after_lead.append(max(future.values()))  # dummy is to play: the declarer's side's best
    tricks = state.results[0].tricks
    assert tricks is not None
    return tricks


Decision = tuple[str, int, BridgeState, int]  # a robot's decision: its kind, tricks lost, the position, seat


def decision_regret(state: BridgeState, seat: int, legal: list[str], card: str) -> tuple[str, int]:
    """A card's kind of decision (leading, following second, third or fourth hand, ruffing or discarding)
    and the tricks it gives away against the best card double-dummy."""
    trick, c = state.trick, state.contract
    assert trick is not None and c is not None
    future = solver.tricks_per_card(state.hands, c.strain, trick.leader, trick.cards())
    lost = max(future.values()) - future[card]
    if not trick.plays:
        ours = {
            p.card[1] for t in state.tricks for p in t.plays[:1] if auction.side(p.seat) == auction.side(seat)
        }
        mine = {p.card[1] for t in state.tricks for p in t.plays[:1] if p.seat == seat}
        kind = ("lead: trump" if card[1] == c.strain else "lead: my suit again" if card[1] in mine
                else "lead: partner's suit" if card[1] in ours else "lead: a new suit")  # fmt: skip
    elif any(x[6] == trick.plays[0].card[1] for x in legal):
        kind = ("second", "third", "fourth")[len(trick.plays) - 1] + " hand"
        best = {x[5:] for x in legal if future[x[5:]] == max(future.values())}
        if all(winning(trick, x, c.strain) != winning(trick, card, c.strain) for x in best):
            kind += ": win or duck"
    else:
        kind = "ruff or discard" if any(x[6] == c.strain for x in legal) else "discard"
    return kind, lost


def winning(trick, card: str, trump: str) -> bool:
    """Whether `card` would win the trick so far."""
    led = trick.plays[0].card[1]

    def power(x: str) -> int:
        rank = "23456789TJQKA".index(x[0])
        return 200 + rank if x[1] == trump else 100 + rank if x[1] == led else -1

    return power(card) > max(power(p.card) for p in trick.plays)


def bench_play(finished: Finished, deals: int, bot: BridgeBot, against: str = "") -> None:
    """The robots' play against double-dummy opponents: declarer, the opening lead, the defence after it;
    with `against` (robots' options, `;` between robots) the same for each on the same deals, paired."""
    robots = {"the robots": bot, **variants(against, bot)}
    think: dict[str, list[float]] = {k: [] for k in robots}
    decl_lost: dict[str, list[float]] = {k: [] for k in robots}
    lead_lost: dict[str, list[float]] = {k: [] for k in robots}
    def_lost: dict[str, list[float]] = {k: [] for k in robots}
    for played, (i, state, c) in enumerate(contracted(finished, deals), 1):
        dd = solver.dd_table(state.dealt)[c.strain][c.declarer]
        for name, robot in robots.items():
            rng = random.Random(i)
            taken = play_out(state, auction.side(c.declarer), robot, rng, think[name])
            assert taken <= dd, (i, c, dd, taken)  # double-dummy defence: the declarer cannot gain
            decl_lost[name].append(float(dd - taken))
            after: list[int] = []
            taken = play_out(state, 1 - auction.side(c.declarer), robot, rng, think[name], after)
            assert taken >= after[0] >= dd, (i, c, dd, after, taken)
            lead_lost[name].append(float(after[0] - dd))
            def_lost[name].append(float(taken - after[0]))
        if played % 20 == 0:
            for name in robots:
                print(f"  {played} deals, {name}: declarer {statistics.mean(decl_lost[name]):.3f}, lead "
                      f"{statistics.mean(lead_lost[name]):.3f}, defence after it "
                      f"{statistics.mean(def_lost[name]):.3f}", flush=True)  # fmt: skip
    for name in robots:
        both = [x + y for x, y in zip(lead_lost[name], def_lost[name], strict=True)]
        label = "" if len(robots) == 1 else f" ({name})"
        print(f"play, {len(both)} deals (the robots' contracts), double-dummy opponents, tricks lost a "
              f"deal{label}:")  # fmt: skip
        clean = sum(x == 0 for x in decl_lost[name])
        print(f"  declarer: {mean_ci(decl_lost[name])} (goal ≤ 0.25); no trick lost on {clean}")
        print(f"  defence: {mean_ci(both)} (goal ≤ 0.2) = opening lead {mean_ci(lead_lost[name])} + the rest "
              f"{mean_ci(def_lost[name])}")  # fmt: skip
        cpu = sorted(think[name])
        print(f"  CPU per card (a choice of two or more): mean {statistics.mean(cpu) * 1000:.0f} ms, p90 "
              f"{cpu[int(0.9 * (len(cpu) - 1))] * 1000:.0f} ms, max {cpu[-1] * 1000:.0f} ms over "
              f"{len(cpu)} cards")  # fmt: skip
    if len(robots) > 1:
        print("paired on the same deals (the first robot − each other):")
        parts = {"declarer": decl_lost, "opening lead": lead_lost, "defence after it": def_lost}
        for part, lost in parts.items():
            print(f" {part}:")
            print_paired(lost, "tricks a deal")
        print(" defence in all:")
        print_paired({k: [x + y for x, y in zip(lead_lost[k], def_lost[k], strict=True)] for k in robots},
                     "tricks a deal")  # fmt: skip


def variants(against: str, bot: BridgeBot) -> dict[str, BridgeBot]:
    """Robots like `bot` with other options: `equals=False;samples=128,budget=2.0` (a robot each)."""
    out = {}
    for other in filter(None, against.split(";")):
        options = {k: ast.literal_eval(v) for k, v in (kv.split("=") for kv in other.split(","))}
        out[other] = BridgeBot(**{"budget": bot.budget, "samples": bot.samples, **options})
    return out


Finished = list[tuple[int, BridgeState]]  # (seed number, the board after its auction)


def contracted(finished: Finished, deals: int) -> list[tuple[int, BridgeState, Contract]]:
    """The first `deals` boards that were not passed out, with their contracts."""
    return [(i, s, s.contract) for i, s in finished if s.contract is not None][:deals]


def bench_lead(finished: list[tuple[int, BridgeState]], deals: int, budget: float) -> None:
    """The opening lead alone, side by side on the same deals: the robot's against one with a 0.5 s
    budget's worth of imagined deals (10) and no club player's preferences (the lead before them)."""
    robots = {
        "the robot's lead": BridgeBot(budget=budget),
        "10 deals, values alone": BridgeBot(budget=budget, lead_samples=10, lead_preference=0),
    }
    lost: dict[str, list[float]] = {k: [] for k in robots}
    cpu: dict[str, list[float]] = {k: [] for k in robots}
    for i, state, c in contracted(finished, deals):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        future = solver.tricks_per_card(state.hands, c.strain, seat, [])  # the defenders' tricks a lead
        for name, bot in robots.items():
            start = time.thread_time()
            card = bot.choose(GAME.view(state, seat), legal, random.Random(i))[5:]
            cpu[name].append(time.thread_time() - start)
            lost[name].append(float(max(future.values()) - future[card]))
    n = len(lost[next(iter(robots))])
    print(f"opening leads, {n} deals (the robots' contracts), tricks a lead gives away "
          "against the best lead double-dummy:")  # fmt: skip
    for name in robots:
        print(f"  {name}: {mean_ci(lost[name])}, {statistics.mean(cpu[name]):.2f} s CPU a lead")
    print_paired(lost, "tricks a lead")


def imagined_leads(state: BridgeState, seat: int, layouts: int, rng: random.Random
                   ) -> tuple[Knowledge, list[list[list[str]]], list[dict[str, int]]]:  # fmt: skip
    """`seat`, to lead, imagines `layouts` deals with the robot's own sampler: its knowledge, the deals, and
    the tricks each lead takes on each deal double-dummy."""
    assert state.contract is not None
    knowledge = Knowledge(GAME.view(state, seat))
    hands = [knowledge.deals(rng) for _ in range(layouts)]
    return knowledge, hands, [solver.tricks_per_card(h, state.contract.strain, seat, []) for h in hands]


def floor(solved: list[dict[str, int]]) -> float:
    """E[the tricks of each layout's best lead] − the most tricks one lead takes on average."""
    mean = max(statistics.mean(t[x] for t in solved) for x in solved[0])
    return statistics.mean(max(t.values()) for t in solved) - mean


LEADER_RUNGS = {  # what the opening leader knows beyond its hand, besides the robot's own sampler
    "hand": "its hand alone (the auction unread)",
    "told": "declarer's and dummy's exact suit lengths and points",
    "partner": "those and partner's 13 cards (perfect signalling)",
    "replay": "the robot's sampler reading the calls by replaying the system (`sampling.Replay`)",
}


def told_leads(state: BridgeState, seat: int, rung: str, layouts: int, rng: random.Random
               ) -> list[dict[str, int]]:  # fmt: skip
    """The tricks each lead takes double-dummy on `layouts` deals consistent with what `rung` tells the
    leader (`LEADER_RUNGS`); its own hand is always known."""
    assert state.contract is not None
    if rung == "replay":
        knowledge = Knowledge(GAME.view(state, seat), replay=True)
        return [solver.tricks_per_card(knowledge.deals(rng), state.contract.strain, seat, [])
                for _ in range(layouts)]  # fmt: skip
    declarer = state.contract.declarer
    known = [seat, auction.partner(seat)] if rung == "partner" else [seat]
    others = [s for s in range(4) if s not in known]
    shapes = told(state.hands, [] if rung == "hand" else [declarer, auction.partner(declarer)])
    solved = []
    for _ in range(layouts):
        if rung == "hand":  # no shapes: the 39 unseen cards dealt at random
            pool = [c for s in others for c in state.hands[s]]
            rng.shuffle(pool)
            hands = [list(state.hands[s]) if s == seat else [] for s in range(4)]
            for k, s in enumerate(others):
                hands[s] = pool[13 * k : 13 * k + 13]
        else:
            hands = told_deal(state.hands, known, shapes, rng)
        solved.append(solver.tricks_per_card(hands, state.contract.strain, seat, []))
    return solved


def split_floor(solved: list[dict[str, int]]) -> float:
    """The lead chosen on one half of the layouts, its loss counted on the other (not flattered by picking
    on the same layouts), both ways round."""
    halves = (solved[::2], solved[1::2])
    out = []
    for one, other in (halves, halves[::-1]):
        pick = max(one[0], key=lambda x: sum(t[x] for t in one))
        out.append(statistics.mean(max(t.values()) - t[pick] for t in other))
    return statistics.mean(out)


def bench_lead_floor(finished: Finished, deals: int, layouts: int, budget: float, rungs: Sequence[str] = ()
                     ) -> None:  # fmt: skip
    """The information floor of the opening lead: on `layouts` deals imagined by the robot's own sampler
    (`ai.Knowledge`: the leader's hand and the auction), E[tricks of the best lead for each layout] − the
    most tricks any one lead gives on average. No leader knowing only that does better in expectation
    (given the sampler's posterior). Beside it: what the robot's lead loses, the posterior's best lead on the
    true deals, and how well the posterior covers the true deals (the hidden hands' points and lengths)."""
    bot = BridgeBot(budget=budget)
    rows: dict[str, list[float]] = {k: [] for k in ("floor", "split", "robot_post", "robot_true", "best_true",
                                                    "score_post", "bias")}  # fmt: skip
    inside = outside90 = features = admitted = hidden_hands = fitting = imagined = 0
    expected90 = 0.0  # the share of the imagined values themselves outside that range (ties make it < 10%)
    pit: list[float] = []
    cpu: list[float] = []
    strains: list[bool] = []  # against no trump
    ladder = {rung: {k: [] for k in ("floor", "split", "robot", "best_true")} for rung in rungs}
    replaying = BridgeBot(budget=budget, replay="lead")  # the robot leading on the replay's deals
    replayed: list[float] = []
    lead_cpu: tuple[list[float], list[float]] = ([], [])  # CPU a lead: the robot's, the replaying robot's
    cpu_rung: dict[str, list[float]] = {rung: [] for rung in rungs}
    for i, state, c in contracted(finished, deals):
        seat = GAME.to_act(state)[0]
        view = GAME.view(state, seat)
        legal = [a[5:] for a in GAME.legal_actions(state, seat) if a.startswith("play:")]
        truth = solver.tricks_per_card(state.hands, c.strain, seat, [])
        start = time.process_time()
        knowledge, hands, solved = imagined_leads(state, seat, layouts, random.Random(i))
        cpu.append(time.process_time() - start)
        best = [max(t[x] for x in legal) for t in solved]
        mean = {x: statistics.mean(t[x] for t in solved) for x in legal}
        rows["floor"].append(floor(solved))
        strains.append(c.strain == "N")
        rows["split"].append(split_floor(solved))
        start = time.thread_time()
        robot = bot.choose(view, [f"play:{x}" for x in legal], random.Random(i))[5:]
        lead_cpu[0].append(time.thread_time() - start)
        if "replay" in rungs:
            start = time.thread_time()
            card = replaying.choose(view, [f"play:{x}" for x in legal], random.Random(i))[5:]
            lead_cpu[1].append(time.thread_time() - start)
            replayed.append(max(truth.values()) - truth[card])
        for rung in rungs:  # the same deal, the leader told more
            start = time.process_time()
            more = told_leads(state, seat, rung, layouts, random.Random(f"{rung}:{i}"))
            cpu_rung[rung].append(time.process_time() - start)
            pick = max(legal, key=lambda x: statistics.mean(t[x] for t in more))
            ladder[rung]["floor"].append(floor(more))
            ladder[rung]["split"].append(split_floor(more))
            ladder[rung]["robot"].append(statistics.mean(max(t.values()) - t[robot] for t in more))
            ladder[rung]["best_true"].append(max(truth.values()) - truth[pick])
        rows["robot_post"].append(statistics.mean(best) - mean[robot])
        rows["robot_true"].append(max(truth.values()) - truth[robot])
        top = max(legal, key=lambda x: mean[x])
        rows["best_true"].append(max(truth.values()) - truth[top])
        rows["bias"].append(truth[top] - mean[top])
        value = {x: statistics.mean(score_for_defence(c, state.vul, t[x]) for t in solved) for x in legal}
        by_score = max(legal, key=lambda x: value[x])
        rows["score_post"].append(statistics.mean(best) - mean[by_score])
        for s in knowledge.hidden:  # the true hand against the imagined ones: points and suit lengths
            true = system.Hand.of(state.hands[s])
            seen = [system.Hand.of(h[s]) for h in hands]
            admitted += knowledge.hulls[s].admits(true)
            fitting += sum(knowledge.hulls[s].admits(h) for h in seen)
            hidden_hands += 1
            imagined += len(seen)
            for feature in ("hcp", *"SHDC"):
                get = (lambda h: h.hcp) if feature == "hcp" else (lambda h, f=feature: h.length[f])
                xs = sorted(get(h) for h in seen)
                t = get(true)
                below, equal = sum(x < t for x in xs), sum(x == t for x in xs)
                pit.append((below + equal / 2) / len(xs))
                features += 1
                inside += xs[0] <= t <= xs[-1]
                lo, hi = xs[len(xs) // 20], xs[-1 - len(xs) // 20]
                outside90 += t < lo or t > hi
                expected90 += sum(x < lo or x > hi for x in xs) / len(xs)
        if len(rows["floor"]) % 20 == 0:
            print(f"  {len(rows['floor'])} deals: floor {statistics.mean(rows['floor']):.3f}", flush=True)
    n = len(rows["floor"])
    print(f"opening-lead floor, {n} deals (the robots' contracts), {layouts} imagined layouts a deal "
          "(the robot's sampler), tricks a lead gives away against the best lead double-dummy:")  # fmt: skip
    print(
        f"  information floor, E[best lead's tricks] − max over leads E[tricks]: {mean_ci(rows['floor'])} "
        f"(the lead chosen on half the layouts, counted on the other half: {mean_ci(rows['split'])})"
    )
    print(
        f"  the robot's lead, expected under the same layouts: {mean_ci(rows['robot_post'])}; over the floor "
        f"{mean_ci([a - b for a, b in zip(rows['robot_post'], rows['floor'], strict=True)])}"
    )
    print(f"  the best lead by expected score (the robot's aim), expected: {mean_ci(rows['score_post'])}")
    print(
        f"  on the true deals: the robot's lead {mean_ci(rows['robot_true'])}, the layouts' best lead "
        f"{mean_ci(rows['best_true'])}; its true tricks − expected {mean_ci(rows['bias'])}"
    )
    print(
        f"  the posterior against the true deals ({hidden_hands} hidden hands, {features} features: points "
        f"and suit lengths): true hand within the auction's hulls {share(admitted, hidden_hands)}; "
        f"imagined hands within them {fitting / imagined:.1%}; true feature within the imagined range "
        f"{share(inside, features)}, outside the central 90% {share(outside90, features)} (an imagined "
        f"value: {expected90 / features:.1%}); mean rank {statistics.mean(pit):.3f} (0.5 if calibrated)"
    )
    nt = [x for x, n in zip(rows["floor"], strains, strict=True) if n]
    suit = [x for x, n in zip(rows["floor"], strains, strict=True) if not n]
    print(f"  floor against NT ({len(nt)} deals) {mean_ci(nt)}, a suit ({len(suit)}): {mean_ci(suit)}")
    print(f"  CPU: {statistics.mean(cpu):.2f} s a deal to imagine and solve {layouts} layouts")
    if rungs:
        print(f"the leader told more, on the same {n} deals, {layouts} layouts a deal each (tricks a lead):")
    above = ("the robot's sampler", rows["floor"])
    for rung in rungs:
        got = ladder[rung]
        print(f"  {rung}: {LEADER_RUNGS[rung]}: floor {mean_ci(got['floor'])} (split-half "
              f"{mean_ci(got['split'])}); the robot's lead expected {mean_ci(got['robot'])}; the layouts' "
              f"best lead on the true deals {mean_ci(got['best_true'])}; "
              f"{statistics.mean(cpu_rung[rung]):.2f} s CPU a deal")  # fmt: skip
        for name, other in dict([("the robot's sampler", rows["floor"]), above]).items():
            gap = [x - y for x, y in zip(got["floor"], other, strict=True)]
            print(f"    floor − {name}'s: {mean_ci(gap)}; lower on {sum(g < 0 for g in gap)} deals")
        gap = [x - y for x, y in zip(got["best_true"], rows["best_true"], strict=True)]
        print(f"    its layouts' best lead on the true deals − the robot's sampler's: {mean_ci(gap)}; better "
              f"on {sum(g < 0 for g in gap)} deals, worse on {sum(g > 0 for g in gap)}")  # fmt: skip
        nt = [x for x, n in zip(got["floor"], strains, strict=True) if n]
        suit = [x for x, n in zip(got["floor"], strains, strict=True) if not n]
        print(f"    floor against NT ({len(nt)} deals) {mean_ci(nt)}, a suit ({len(suit)}) {mean_ci(suit)}")
        above = (rung, got["floor"])
    if replayed:
        paired = [x - y for x, y in zip(replayed, rows["robot_true"], strict=True)]
        print(f"  the robot leading on the replay's deals (`replay='lead'`), on the true deals: "
              f"{mean_ci(replayed)}; − the robot's lead {mean_ci(paired)} (better on "
              f"{sum(x < 0 for x in paired)}, worse on {sum(x > 0 for x in paired)}); CPU a lead "
              f"{statistics.mean(lead_cpu[1]):.2f} s against {statistics.mean(lead_cpu[0]):.2f} s"
              )  # fmt: skip


def score_for_defence(c: Contract, vul: Sequence[bool], tricks: int) -> float:
    """The defenders' score when they take `tricks` (a trick more breaks ties, as in the robot's values)."""
    score = scoring.duplicate_score(c.level, c.strain, c.doubled, vul[auction.side(c.declarer)], 13 - tricks)
    return tricks * 0.5 - score


def bench_defence(finished: Finished, deals: int, budget: float, samples: int, against: str, layouts: int,
                  declarer: str = "dd") -> None:  # fmt: skip
    """The defence after the opening lead, side by side on the same contracts and leads: the robot defenders
    against the same robots with other options (`against`: `equals=False;samples=128,budget=2.0`, a robot
    each), each against a double-dummy declarer (`declarer="robot"`: the default robot); the tricks lost
    after the lead, and where they go (`decision_regret`)."""
    bot = BridgeBot(budget=budget, samples=samples)
    robots = {"the robots": bot, **variants(against, bot)}
    lost: dict[str, list[float]] = {k: [] for k in robots}
    think: dict[str, list[float]] = {k: [] for k in robots}
    regret: dict[str, list[Decision]] = {k: [] for k in robots}
    given: dict[str, list[float]] = {k: [] for k in robots}  # the defenders' decisions' loss a deal
    declaring = BridgeBot(budget=budget, samples=samples) if declarer == "robot" else None
    for played, (i, state, c) in enumerate(contracted(finished, deals), 1):
        seat = GAME.to_act(state)[0]
        lead = bot.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), random.Random(i + 1))
        state, _ = GAME.apply(state, seat, lead)
        trick = state.trick
        assert trick is not None
        after = max(solver.tricks_per_card(state.hands, c.strain, trick.leader, trick.cards()).values())
        for name, robot in robots.items():
            rng = random.Random((i + 1) * 7)
            others = (declaring, random.Random((i + 1) * 11)) if declaring is not None else None
            before = len(regret[name])
            side = 1 - auction.side(c.declarer)
            taken = play_out(state, side, robot, rng, think[name], regret=regret[name], others=others)
            lost[name].append(float(taken - after))
            given[name].append(float(sum(d[1] for d in regret[name][before:])))
        if played % 20 == 0:
            print(f"  {played} deals: " + ", ".join(f"{k} {statistics.mean(v):.3f}" for k, v in lost.items()))
    first = next(iter(robots))
    n = len(lost[first])
    against_whom = "the robot declarer" if declaring is not None else "a double-dummy declarer"
    print(f"defence after the opening lead, {n} deals (the robots' contracts, the same lead), "
          f"tricks lost a deal against {against_whom}:")  # fmt: skip
    for name in robots:
        print(f"  {name}: {mean_ci(lost[name])}, CPU a card {statistics.mean(think[name]) * 1000:.0f} ms")
    print_paired(lost, "a deal")
    if declaring is not None:  # the declarer errs too: the defenders' own decisions' loss double dummy
        print("  the defenders' decisions' loss double dummy (their tricks given away), a deal:")
        for name in robots:
            print(f"  {name}: {mean_ci(given[name])}")
        print_paired(given, "a deal")
    for name in robots:
        print(f"  where {name} lose tricks (decisions of two cards or more: kind, decisions, with a loss, "
              "tricks a deal):")  # fmt: skip
        kinds = sorted(
            {d[0] for d in regret[name]}, key=lambda k: -sum(d[1] for d in regret[name] if d[0] == k)
        )
        for kind in kinds:
            xs = [d[1] for d in regret[name] if d[0] == kind]
            print(f"    {kind:24s} {len(xs):5d} {sum(x > 0 for x in xs):4d}  {sum(xs) / n:.3f}")
    if layouts:  # the information floor of the defenders' leads after the first trick, on the robots' path
        leads = [d for d in regret[first] if d[0].startswith("lead")]
        floors = [floor(imagined_leads(st, seat, layouts, random.Random(k))[2]) for k, (_, _, st, seat) in
                  enumerate(leads)]  # fmt: skip
        print(f"  the robots' {len(leads)} leads after the first trick, {layouts} imagined layouts each: "
              f"information floor {sum(floors) / n:.3f} tricks a deal, the robots lose "
              f"{sum(d[1] for d in leads) / n:.3f} there")  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--play-deals", type=int, default=100)
    ap.add_argument("--first", type=int, default=0, help="the first deal's seed number")
    ap.add_argument("--budget", type=float, default=0.5, help="CPU seconds per decision")
    ap.add_argument("--samples", type=int, default=48, help="sampled deals per decision at most")
    ap.add_argument("--layouts", type=int, default=200, help="imagined layouts a deal for --part lead-floor")
    ap.add_argument("--leader-rungs", default="", help="--part lead-floor: hand,told,partner,replay")
    ap.add_argument("--lead-layouts", type=int, default=0, help="--part defence: the later leads' floor")
    ap.add_argument("--against", help="--part defence (default equals=False), play: other robots")
    ap.add_argument("--declarer", choices=("dd", "robot"), default="dd", help="--part defence: who declares")
    parts = ("auction", "match", "oracle", "play", "lead", "lead-floor", "defence", "all")
    ap.add_argument("--part", choices=parts, default="all")
    ap.add_argument(
        "--oracle-samples", type=int, default=8, help="layouts of the other 26 cards a side imagines"
    )
    ap.add_argument("--oracle-rungs", default="cards", help="--part oracle: cards,told,deal; cards:32 …")
    ap.add_argument("--judgement", action="store_true", help="calls weighed on imagined deals (judge.py)")
    args = ap.parse_args()
    bot = BridgeBot(budget=args.budget, samples=args.samples, judgement=args.judgement)
    began = time.time()
    finished = []
    if args.part not in ("match", "oracle"):
        deals = args.deals if args.part in ("auction", "all") else args.play_deals
        finished = bench_auction(deals, args.first, bot)
    if args.part in ("match", "all"):
        bench_match(args.deals, args.first, bot)
    if args.part == "oracle":
        bench_oracle(args.deals, args.first, rungs_of(args.oracle_rungs, args.oracle_samples), bot)
    if args.part in ("play", "all"):
        bench_play(finished, args.play_deals, bot, args.against or "")
    if args.part == "lead":
        bench_lead(finished, args.play_deals, args.budget)
    if args.part == "lead-floor":
        rungs = [r for r in args.leader_rungs.split(",") if r]
        bench_lead_floor(finished, args.play_deals, args.layouts, args.budget, rungs)
    if args.part == "defence":
        against = "equals=False" if args.against is None else args.against
        bench_defence(finished, args.play_deals, args.budget, args.samples, against, args.lead_layouts,
                      args.declarer)  # fmt: skip
    print(f"wall {time.time() - began:.0f} s")


if __name__ == "__main__":
    main()
