"""The tricks line protocol of seed 002, message for message (`shared/rules/tricks.md`).

Every message is `|TYPE|KEY|DATA…|END|` on its own line. The course of a game:

    |INFO|start game|A|B|C|D|END|            players in seat order
    |INFO|start hand|0|END|
    |INFO|cards|2S 6S TS …|END|              to each player: its 13 cards
    |INFO|start trick|0|A|B|C|D|END|         trick number, the players in play order
    |QUERY|card|END|                          to the player to play  →  |RESPONSE|card|6S|END|
    |INFO|played|A|6S|END|
    …
    |INFO|end trick|0|B|1|END|                trick number, winner, the winner's total score
    |INFO|start trick|1|B|C|D|A|END|
    …
    |INFO|end hand|0|END|
    |INFO|start hand|1|END|                   the hand's first player is the next seat
    …
    |INFO|end game|A 1000|B 312|C 987|D 405|END|

Numbering starts at 0 for hands and for the tricks of a hand, as the source's server counts. A bad
card (anything but a legal card of the hand, or no answer within the time limit) is announced as
`|INFO|bad card|NAME|TEXT|END|` (TEXT empty when nothing came), the player loses 100 points and the
same hand is dealt again: new `cards` lines and `|INFO|start trick|0|…|END|`, no new `start hand`.
When a player reaches the target in the middle of a hand, its `end trick` is followed by `end hand`
and `end game`. Nothing else is ever sent: the source's client exits on any line it does not know.
"""

from __future__ import annotations

from typing import Any

from games.base import Event
from games.protocol.speaker import BadAnswer, Message, Speaker, shown


def line(kind: str, key: str, *fields: object) -> str:
    return "|".join(["", kind, key, *(str(f) for f in fields), "END", ""])


class TricksLine(Speaker):
    name = "line"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.game.key != "tricks":
            raise ValueError("the line protocol is the tricks game's")
        self.trick_no = 0

    def start(self, state: Any) -> list[Message]:
        return [(None, line("INFO", "start game", *self.names)), *self._hand(state)]

    def _hand(self, state: Any) -> list[Message]:
        return [(None, line("INFO", "start hand", state.hand_no)), *self._deal(state)]

    def _deal(self, state: Any) -> list[Message]:
        self.trick_no = 0
        cards = [(s, line("INFO", "cards", " ".join(h))) for s, h in enumerate(state.hands)]
        return [*cards, self._start_trick(state)]

    def _start_trick(self, state: Any) -> Message:
        n = state.players
        order = [self.names[(state.trick.leader + i) % n] for i in range(n)]
        return (None, line("INFO", "start trick", self.trick_no, *order))

    def after(self, state: Any, events: list[Event]) -> list[Message]:
        out: list[Message] = []
        kinds = {e.kind for e in events}
        for e in events:
            if e.kind == "played":
                out.append((None, line("INFO", "played", self.names[e.seat], e.data["card"])))
            elif e.kind == "trick_won":
                score = state.points[e.seat]
                out.append((None, line("INFO", "end trick", self.trick_no, self.names[e.seat], score)))
                self.trick_no += 1
            elif e.kind == "bad_card":
                out.append((None, line("INFO", "bad card", self.names[e.seat], shown(e.data["card"]))))
        if "game_over" in kinds:
            out.append((None, line("INFO", "end hand", state.hand_no)))
        elif "new_hand" in kinds:
            out.append((None, line("INFO", "end hand", state.hand_no - 1)))
            out.extend(self._hand(state))
        elif "redeal" in kinds:
            out.extend(self._deal(state))
        elif "trick_won" in kinds:
            out.append(self._start_trick(state))
        return out

    def query(self, state: Any, seat: int) -> list[Message]:
        return [(seat, line("QUERY", "card"))]

    def answer(self, text: str, state: Any, seat: int) -> str:
        parts = text.strip().split("|")
        if len(parts) == 6 and parts[:3] == ["", "RESPONSE", "card"] and parts[4:] == ["END", ""]:
            action = f"play:{parts[3]}"
            if action in self.game.legal_actions(state, seat):
                return action
            raise BadAnswer(shown(parts[3]))
        raise BadAnswer(shown(text))

    def end(
        self, state: Any, scores: list[float], winners: list[int], notes: list[dict[str, Any]]
    ) -> list[Message]:
        fields = [f"{name} {round(score)}" for name, score in zip(self.names, scores, strict=True)]
        return [(None, line("INFO", "end game", *fields))]
