"""The bridge robot against double-dummy: its declarer play, and how close its auctions come to par.

    .venv/bin/python bench/bridge.py [--deals 200] [--first 0] [--budget 0.5] [--samples 48]
                                     [--part play|auction|both]

Declarer play: on each seeded deal N–S get the contract double-dummy says they play best (the strain and
declarer with the most tricks, at the level those tricks make, at least 1), the robot declares and plays
dummy, and the defenders play double-dummy (they see every card, so the declarer can never profit from a
defensive slip). Tricks lost = double-dummy tricks − tricks taken; the figure is the mean over the deals.
The robot gets what it gets in a chat: its seat's view, a time budget per decision (CPU time of its
thread, one core).

Auction: on each seeded deal (board i + 1: its dealer and vulnerability) four robots bid; the final
contract's level (0 if passed out) is compared with the level of the double-dummy par contract (endplay's
par, with sacrifices). The figure is the share within one level, with a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)  # this file's name would hide the `games` package

from games.bridge import GAME, auction, solver, system  # noqa: E402
from games.bridge.ai import BridgeBot  # noqa: E402
from games.bridge.rules import board_dealer, board_vul, deck_for, random_deal  # noqa: E402


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def best_contract(hands: list[list[str]]) -> tuple[str, int, int]:
    """(strain, declarer, double-dummy tricks) of N–S's best strain."""
    table = solver.dd_table(hands)
    return max(((s, d, table[s][d]) for s in "SHDCN" for d in (0, 2)), key=lambda x: x[2])


def play_deal(seed: int, bot: BridgeBot, think: list[float]) -> tuple[int, int, str]:
    """(double-dummy tricks, tricks the robot took, contract) for one deal."""
    hands = random_deal(f"bench:{seed}")
    strain, declarer, dd = best_contract(hands)
    level = min(7, max(1, dd - 6))
    first_board = declarer + 1  # the declarer deals and opens the contract; the rest pass
    state = GAME.new(4, {"boards": 1, "compare": "points", "first_board": first_board},
                     deals=[deck_for(hands, board_dealer(first_board))])  # fmt: skip
    for call in (f"bid:{level}{strain}", "pass", "pass", "pass"):
        state, _ = GAME.apply(state, GAME.to_act(state)[0], call)
    rng = random.Random(seed)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = [a for a in GAME.legal_actions(state, seat) if a.startswith("play:")]
        if auction.side(seat) == auction.side(declarer):
            start = time.thread_time()
            action = bot.choose(GAME.view(state, seat), legal, rng)
            if len(legal) > 1:
                think.append(time.thread_time() - start)
        else:  # a double-dummy defender
            trick = state.trick
            assert trick is not None
            future = solver.tricks_per_card(state.hands, strain, trick.leader, trick.cards())
            action = "play:" + max((a[5:] for a in legal), key=lambda c: future[c])
        state, _ = GAME.apply(state, seat, action)
    taken = state.results[0].tricks or 0
    return dd, taken, f"{level}{strain} by {'NESW'[declarer]}"


def bench_play(deals: int, first: int, bot: BridgeBot) -> None:
    think: list[float] = []
    lost = []
    began = time.time()
    for i in range(first, first + deals):
        dd, taken, contract = play_deal(i, bot, think)
        assert taken <= dd, (i, contract, dd, taken)  # double-dummy defence: the declarer cannot gain
        lost.append(dd - taken)
        if len(lost) % 20 == 0:
            print(f"  {len(lost)} deals: mean tricks lost {statistics.mean(lost):.3f}", flush=True)
    mean = statistics.mean(lost)
    half = 1.96 * statistics.stdev(lost) / math.sqrt(len(lost)) if len(lost) > 1 else 0.0
    think.sort()
    print(f"declarer play, {deals} deals (seeds {first}…{first + deals - 1}), double-dummy defenders:")
    print(f"  mean tricks lost to double-dummy: {mean:.3f} ± {half:.3f} (goal ≤ 0.5)")
    print(
        f"  deals with no trick lost: {sum(x == 0 for x in lost)}/{deals}; most lost on one deal: {max(lost)}"
    )
    p90 = think[int(0.9 * (len(think) - 1))]
    print(
        f"  time per decision (thread CPU): mean {statistics.mean(think):.3f}s, p90 {p90:.3f}s, "
        f"max {think[-1]:.3f}s over {len(think)} decisions; wall {time.time() - began:.0f}s"
    )


def bench_auction(deals: int, first: int) -> None:
    near = 0
    diffs = []
    for i in range(first, first + deals):
        hands = random_deal(f"bench:{i}")
        board = i + 1
        dealer, vul = board_dealer(board), board_vul(board)
        calls: list[str] = []
        while not auction.is_over(calls):
            calls.append(system.bid(hands[auction.caller(dealer, len(calls))], dealer, calls))
        contract = auction.contract(dealer, calls)
        level = contract.level if contract else 0
        _, pars = solver.par(hands, dealer, vul)
        par_level = int(pars[0][0]) if pars else 0
        diffs.append(level - par_level)
        near += abs(level - par_level) <= 1
    lo, hi = wilson(near, deals)
    print(f"auction, {deals} deals (seeds {first}…{first + deals - 1}), four robots:")
    print(f"  within one level of the double-dummy par: {near}/{deals} = {near / deals:.1%} "
          f"[{lo:.1%}, {hi:.1%}] (goal ≥ 60%)")  # fmt: skip
    low, high = sum(d <= -2 for d in diffs), sum(d >= 2 for d in diffs)
    print(f"  level − par level: mean {statistics.mean(diffs):+.2f}; 2+ too low: {low}, 2+ too high: {high}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--first", type=int, default=0, help="the first deal's seed number")
    ap.add_argument("--budget", type=float, default=0.5, help="CPU seconds per decision")
    ap.add_argument("--samples", type=int, default=48, help="sampled deals per decision at most")
    ap.add_argument("--part", choices=("play", "auction", "both"), default="both")
    args = ap.parse_args()
    if args.part in ("auction", "both"):
        bench_auction(args.deals, args.first)
    if args.part in ("play", "both"):
        bench_play(args.deals, args.first, BridgeBot(budget=args.budget, samples=args.samples))


if __name__ == "__main__":
    main()
