"""The opening lead a club player prefers, to break the near-ties of the sampled double-dummy values.

Sampled double dummy alone leads badly: every imagined deal is solved as if the declarer saw all four
hands, and the leads that are close on average differ by chance. A club player's preferences settle
them: partner's suit, never the opponents' (unless partner bid it too); against no trump the longest
suit, a sequence of honours; against a suit a sequence, a singleton, not a trump, neither an ace
without its king nor a king or queen without its neighbour led away from; and in the suit chosen, the
top of a sequence or of a doubleton, the fourth best of a long suit, the lowest of three to an honour.

Measured on the opening leads of the bench's auctions (the first 126 and 115 contracts from seeds 0
and 300, the tricks a lead gives away against the best lead double dummy, the same imagined deals for
every way of choosing): 10 deals alone (about what a 0.5 s budget buys at the lead) 0.35 and 0.33 a
lead; 24 deals 0.30 and 0.28; 24 deals with these preferences 0.26 and 0.24 (−0.09 ± 0.07 and
−0.09 ± 0.09 against 10 deals alone).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.bridge import auction as auc

RANKS = "AKQJT98765432"  # high to low


def _suits_bid(dealer: int, calls: Sequence[str], seats: set[int]) -> set[str]:
    return {
        c[5] for i, c in enumerate(calls) if auc.is_bid(c) and c[5] != "N" and auc.caller(dealer, i) in seats
    }


def _touching(ranks: str) -> bool:
    """The suit is headed by two touching honours (AK … T9)."""
    return len(ranks) >= 2 and ranks[0] in "AKQJT" and RANKS.index(ranks[1]) == RANKS.index(ranks[0]) + 1


def _nt_sequence(ranks: str) -> bool:
    """A sequence worth leading against no trump: AK or KQ, or three touching cards from the top."""
    return _touching(ranks) and (
        ranks[:2] in ("AK", "KQ") or (len(ranks) >= 3 and RANKS.index(ranks[2]) == RANKS.index(ranks[1]) + 1)
    )


def preference(
    hand: Sequence[str], strain: str, dealer: int, calls: Sequence[str], me: int
) -> dict[str, float]:
    """For each card of the leader's `hand`, how much a club player likes leading it (higher is better)."""
    partner = _suits_bid(dealer, calls, {auc.partner(me)})
    theirs = _suits_bid(dealer, calls, {(me + 1) % 4, (me + 3) % 4}) - partner
    out = {}
    for suit in "SHDC":
        ranks = "".join(sorted((c[0] for c in hand if c[1] == suit), key=RANKS.index))
        n, seq = len(ranks), _touching(ranks)
        like = 2.0 if suit in partner else -1.0 if suit in theirs else 0.0
        if strain == "N":
            like += (1 + 0.1 * n if n >= 4 else 0) + (1 if _nt_sequence(ranks) else 0)
        else:
            like += (-0.5 if suit == strain else 0.5 if n == 1 else 0) + (1 if seq else 0)
            if ranks[:1] == "A" and ranks[1:2] != "K":
                like -= 1  # an ace without its king: kept for later
            elif ranks[:1] in ("K", "Q") and not seq and n >= 2 and suit not in (strain, *partner):
                like -= 0.7  # led away from, a king or queen gives a trick away
        card = 0 if seq or n <= 2 else 3 if n >= 4 else n - 1 if ranks[:1] in ("A", "K", "Q", "J") else 0
        for i, r in enumerate(ranks):
            out[r + suit] = like + (0.3 if i == card else 0)
    return out
