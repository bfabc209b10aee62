"""The JSON-lines protocol: one protocol for every game (`docs/protocol.md`).

Each message is one JSON object on one line. The server sends `start` (who the program is), `event`
(every public event as it happens), `act` (when the program must act: exactly `view(state, seat)`
and the legal actions), `violation` (to the offender only) and `end`. The program answers each `act`
with `{"action": "<action text>"}`: any action the game's `is_legal` accepts, which may be more than
the `legal` list shows (a rummy meld is any subset of the hand).
"""

from __future__ import annotations

import json
from typing import Any

from games.base import Event
from games.protocol.speaker import BadAnswer, Message, Speaker, shown

VERSION = 1


def dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


class JsonLines(Speaker):
    name = "json"

    def hello(self, seat: int, once: bool = False) -> dict[str, Any]:
        return {
            "type": "start",
            "protocol": VERSION,
            "game": self.game.key,
            "seat": seat,
            "names": self.names,
            "options": self.options,
            "time_limit": self.time_limit,
            "once": once,
        }

    def start(self, state: Any) -> list[Message]:
        return [(seat, dumps(self.hello(seat))) for seat in range(len(self.names))]

    def after(self, state: Any, events: list[Event]) -> list[Message]:
        return [(None, dumps({"type": "event", **e.model_dump(mode="json")})) for e in events]

    def act(self, state: Any, seat: int) -> dict[str, Any]:
        return {
            "type": "act",
            "view": self.game.view(state, seat).model_dump(mode="json"),
            "legal": self.game.legal_actions(state, seat),
        }

    def query(self, state: Any, seat: int) -> list[Message]:
        return [(seat, dumps(self.act(state, seat)))]

    def answer(self, line: str, state: Any, seat: int) -> str:
        try:
            data = json.loads(line)
        except ValueError:
            raise BadAnswer(shown(line, 64)) from None
        if not isinstance(data, dict) or not isinstance(data.get("action"), str):
            raise BadAnswer(shown(line, 64))
        return data["action"]

    def violation(self, seat: int, reason: str, fallback: str) -> list[Message]:
        return [(seat, dumps({"type": "violation", "reason": reason, "fallback": fallback}))]

    def end(
        self, state: Any, scores: list[float], winners: list[int], notes: list[dict[str, Any]]
    ) -> list[Message]:
        return [(None, dumps({"type": "end", "scores": scores, "winners": winners, "seats": notes}))]
