"""Discord: moves committed while a worker's queue was lost are shown once a new process logs in — the
channel's table message and each DM hand equal the committed state (reconcile from `setup_hook`)."""

from __future__ import annotations

from bot.core.api import Press, UserRef
from bot.discord.refs import content
from tests.discord.harness import ANN, BOB, Harness


async def test_a_restarted_worker_reconciles_the_channel_and_the_hands(h: Harness) -> None:
    await h.run(ANN, "new", game="tricks")
    await h.press_label(BOB, h.table(), "Join")
    for _ in range(2):
        await h.press_label(ANN, h.table(), "Add AI")
    await h.press_label(ANN, h.table(), "Start")
    table_id = h.table().content.split("table ")[1].split("*")[0].strip()

    h.host.frontends.clear()  # the worker dies with its queue; moves keep being committed
    for _ in range(6):
        table = await h.host.load(table_id)
        for seat, s in enumerate(table.seats):
            tokens = [
                b.token for row in h.host.views.hand_screen(table, seat).buttons for b in row if b.token
            ]
            if s.user is not None and tokens:
                await h.host.handle(Press(user=s.user, token=tokens[0]))
                break
        await h.host.settle()
    stale = h.table().content

    await h.restart()  # a new process logs in: its setup_hook reconciles
    assert h.client.reconciling is not None and await h.client.reconciling == 1
    await h.frontend.drain()
    table = await h.host.load(table_id)
    assert h.table().content != stale
    assert h.table().content == content(h.host.views.table_screen(table))
    for p in (ANN, BOB):
        seat = table.seat_of(UserRef(platform="discord", id=str(p.id)))
        assert seat is not None
        hand = h.dm_hand(p)
        assert hand is not None and hand.content == content(h.host.views.hand_screen(table, seat))
