"""The running game's moves as one short string (the table hash's `game` field), one character a move.

A move made by the only seat to act, whose action is among the first 62 of its sorted legal actions,
is that action's place in them, one character of `ALPHABET`: a 4-person rozpysnyi game of ~700 moves
takes ~700 bytes. Any other move is written out: `~<seat>:<action>` and a newline. Sorted, so that the
order never depends on how a game lists its actions (or on a process's hash seed).

Reading it back replays the game from a known state (`decode`): the moves follow from the state they
were made in, so the string is read where the game is rebuilt anyway, for the replay of a finished game.
"""

from __future__ import annotations

from typing import Any

from games.base import Game

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
ESCAPE = "~"
SEAT = "^"  # several seats may act: `^`, the seat's place among them, then the action's code
END = "\n"


def encode(game: Game, state: Any, seat: int, action: str) -> str:
    """The code of `seat` taking `action` in `state` (the state before the move)."""
    acting = game.to_act(state)
    if seat in acting and acting.index(seat) < len(ALPHABET):
        legal = sorted(game.legal_actions(state, seat))
        action = game.normalize(action)
        place = legal.index(action) if action in legal else len(ALPHABET)
        if place < len(ALPHABET):
            head = "" if len(acting) == 1 else SEAT + ALPHABET[acting.index(seat)]
            return head + ALPHABET[place]
    return written(seat, action)


def written(seat: int, action: str) -> str:
    """A move written out (no state to code it against). Legal actions never hold a newline."""
    return f"{ESCAPE}{seat}:{action}{END}"


def decode(game: Game, state: Any, codes: str) -> tuple[list[list[Any]], Any]:
    """The moves (`[seat, action]`) coded in `codes`, replayed from `state`, and the state after them.

    ValueError (or the game's GameError) when the codes do not fit the state.
    """
    moves: list[list[Any]] = []
    i = 0
    while i < len(codes):
        if codes[i] == ESCAPE:
            end = codes.index(END, i)
            head, _, action = codes[i + 1 : end].partition(":")
            seat = int(head)
            i = end + 1
        else:
            acting = game.to_act(state)
            if codes[i] == SEAT:
                seat = acting[_place(codes[i + 1], len(acting), len(moves))]
                i += 2
            elif len(acting) == 1:
                seat = acting[0]
            else:
                raise ValueError(f"move {len(moves)}: {len(acting)} seats may act, the code names none")
            legal = sorted(game.legal_actions(state, seat))
            action = legal[_place(codes[i], len(legal), len(moves))]
            i += 1
        state, _events = game.apply(state, seat, action)
        moves.append([seat, action])
    return moves, state


def _place(c: str, size: int, move: int) -> int:
    place = ALPHABET.find(c)
    if not 0 <= place < size:
        raise ValueError(f"move {move}: code {c!r} names none of {size}")
    return place
