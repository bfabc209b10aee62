"""A 4-person rozpysnyi table played through the host to mid-game, its messages sent through the real
outbox (Redis message ids): what the memory test and `bench/host.py` measure."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import games
from bot.core.api import ChatRef, Join, NewTable, Press, Start, UserRef
from bot.core.config import Settings
from bot.core.host import Host
from bot.core.outbox import Outbox, Target
from bot.core.outcome import Delivery, Screen
from storage import RedisMessageIds, Store
from tests.core.hosting import Recorder


class Transport:
    """A platform that always works: message ids 1, 2, …"""

    def __init__(self) -> None:
        self.ids = 0

    async def post(self, target: Target, screen: Screen) -> str | None:
        self.ids += 1
        return str(self.ids)

    async def edit(self, target: Target, message_id: str, screen: Screen) -> None:
        return None

    async def delete(self, target: Target, message_id: str) -> None:
        return None


class Both(Recorder):
    """Keeps the deliveries (for the buttons to press) and sends them through the outbox."""

    platform = "telegram"

    def __init__(self, outbox: Outbox) -> None:
        super().__init__()
        self.outbox = outbox

    async def deliver(self, deliveries: Sequence[Delivery]) -> None:
        await super().deliver(deliveries)
        self.outbox.submit(deliveries)


def people(base: int = 900) -> list[UserRef]:
    return [UserRef(platform="telegram", id=str(base + i), name=f"Player {i + 1}") for i in range(4)]


async def play_to_mid_game(store: Store, base: int = 900, deal: int = 0) -> tuple[str, Any, Host, Both]:
    """Four people open a full-schedule table and press their first button until the middle deal (or deal
    `deal`) is half played; (table id, game state, host, front end). The outbox is drained; close
    `front.outbox`."""
    host = Host(store, Settings(ai_delay=0))
    front = Both(Outbox(Transport(), RedisMessageIds(store.redis, prefix=store.prefix)))
    host.attach(front)  # type: ignore[arg-type]
    chat = ChatRef(platform="telegram", id=f"-{base}", title="Mid")
    seated = people(base)
    opening = NewTable(user=seated[0], chat=chat, game="rozpysnyi", options={"schedule": "full"})
    out = await host.handle(opening)
    for p in seated[1:]:
        await host.handle(Join(user=p, chat=chat))
    await host.handle(Start(user=seated[0], chat=chat))
    assert out.table is not None
    game = games.get("rozpysnyi")
    while True:
        found = await store.load(out.table)
        assert found is not None
        state: Any = game.load(json.loads(found[0])["state"])
        middle = deal or len(state.rounds) // 2  # deal numbers count from 1: this is the middle deal
        cards = int(state.rounds[state.round_no]) if state.rounds[state.round_no].isdigit() else 9
        if state.deal_no == middle and sum(len(h) for h in state.hands) <= cards * 2:
            break
        mover = next(p for p in seated if front.tokens(p))
        await host.handle(Press(user=mover, token=front.tokens(mover)[0]))
    await front.outbox.drain()
    return out.table, state, host, front
