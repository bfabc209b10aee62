"""A table's move history, as the host hands it out: the previous deal and the current one.

Stored by `storage.Store` as short strings (`#<deal>` starts a deal, `<seat>:<action>` is a move in the
game's canonical action text); every action of every game is public once made, so the history is public.
A deal's cards follow from the game state: `deals[number - 1]` when the table was dealt explicitly, else
the seeded shuffle `shuffled(deck, f"{seed}:{number - 1}")` (`GameState.next_deck`). The seed is in the
table's state, which is private while the game runs: replay a deal's hands only once it is over.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field


class Move(BaseModel):
    seat: int
    action: str


class Deal(BaseModel):
    """One deal's moves in order; `complete` is False when its start fell out of the capped history."""

    number: int | None = None
    moves: list[Move] = Field(default_factory=list)
    complete: bool = True


def deals(entries: Sequence[str]) -> list[Deal]:
    """The stored entries (oldest first) as deals, oldest first: the last one is the current deal."""
    out: list[Deal] = []
    for entry in entries:
        if entry.startswith("#"):
            out.append(Deal(number=int(entry[1:]) if entry[1:].isdigit() else None))
            continue
        seat, _, action = entry.partition(":")
        if not out:
            out.append(Deal(complete=False))
        if seat.isdigit() and action:
            out[-1].moves.append(Move(seat=int(seat), action=action))
    return out
