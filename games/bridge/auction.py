"""The auction as data: calls, their order, legality and the contract they make. Pure functions.

Calls in canonical text: `pass`, `double`, `redouble`, `bid:1C` … `bid:7N` (strains C D H S N, N for no
trump). Seats are 0…3 = N, E, S, W; an auction is the list of calls from the dealer on.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from games.cards import SUIT_SYMBOLS

STRAINS = "CDHSN"
SEATS = "NESW"
PASS, DOUBLE, REDOUBLE = "pass", "double", "redouble"
BIDS = tuple(f"bid:{level}{strain}" for level in range(1, 8) for strain in STRAINS)


class Contract(BaseModel):
    level: int
    strain: str
    doubled: int = 0  # 0, 1 (doubled) or 2 (redoubled)
    declarer: int

    @property
    def text(self) -> str:
        """`4S`, `3NX`, `6HXX`."""
        return f"{self.level}{self.strain}{'X' * self.doubled}"


def side(seat: int) -> int:
    """0 for N–S, 1 for E–W."""
    return seat % 2


def partner(seat: int) -> int:
    return (seat + 2) % 4


def bid_rank(call: str) -> int:
    """0 for `bid:1C` … 34 for `bid:7N`."""
    return BIDS.index(call)


def is_bid(call: str) -> bool:
    return call in BIDS


def caller(dealer: int, index: int) -> int:
    return (dealer + index) % 4


def last_bid(calls: Sequence[str]) -> tuple[int, str] | None:
    """(index, call) of the last bid, or None."""
    for i in range(len(calls) - 1, -1, -1):
        if is_bid(calls[i]):
            return i, calls[i]
    return None


def is_over(calls: Sequence[str]) -> bool:
    """Three passes after any call, or four passes at the start."""
    if len(calls) == 4 and all(c == PASS for c in calls):
        return True
    return len(calls) >= 4 and all(c == PASS for c in calls[-3:])


def legal_calls(dealer: int, calls: Sequence[str], doubles: bool = True) -> list[str]:
    """Every call the next player may make (none once the auction is over)."""
    if is_over(calls):
        return []
    me = caller(dealer, len(calls))
    out = [PASS]
    found = last_bid(calls)
    start = bid_rank(found[1]) + 1 if found else 0
    out += BIDS[start:]
    if doubles and found:
        i = max(i for i, c in enumerate(calls) if c != PASS)  # the last call that was not a pass
        if side(caller(dealer, i)) != side(me):
            if calls[i] == DOUBLE:
                out.append(REDOUBLE)
            elif is_bid(calls[i]):
                out.append(DOUBLE)
    return out


def contract(dealer: int, calls: Sequence[str]) -> Contract | None:
    """The contract of a finished auction (None when passed out)."""
    found = last_bid(calls)
    if found is None:
        return None
    index, bid = found
    strain = bid[-1]
    winner = side(caller(dealer, index))
    declarer = next(
        caller(dealer, i)
        for i, c in enumerate(calls)
        if is_bid(c) and c[-1] == strain and side(caller(dealer, i)) == winner
    )
    doubled = 0
    for c in calls[index + 1 :]:
        if c == DOUBLE:
            doubled = 1
        elif c == REDOUBLE:
            doubled = 2
    return Contract(level=int(bid[4]), strain=strain, doubled=doubled, declarer=declarer)


def short(call: str) -> str:
    """`bid:3N` → `3N`, `pass` → `P`, `double` → `X`, `redouble` → `XX` (the notation of bidding diagrams)."""
    return {PASS: "P", DOUBLE: "X", REDOUBLE: "XX"}.get(call, call.removeprefix("bid:"))


def long(token: str) -> str:
    """The inverse of `short`."""
    return {"P": PASS, "X": DOUBLE, "XX": REDOUBLE}.get(token, f"bid:{token}")


def bid_text(call: str) -> str:
    """A call as bidding diagrams write it: `1♠`, `3NT`, `–` (pass), `X`, `XX`."""
    if call == PASS:
        return "–"
    if call == DOUBLE:
        return "X"
    if call == REDOUBLE:
        return "XX"
    level, strain = call[4], call[5]
    return level + ("NT" if strain == "N" else SUIT_SYMBOLS[strain])


def contract_text(c: Contract) -> str:
    """`4♠`, `3NT×`, `6♥××`."""
    return bid_text(f"bid:{c.level}{c.strain}") + "×" * c.doubled
