"""A delivery queue that survives: moves committed while the queue was lost (a crash, `kill -9`, a deploy)
are shown after the restart — every table message and hand equals the committed state — and nothing
that already shows the right view is sent again."""

from __future__ import annotations

from bot.core.api import Press, UserRef
from bot.core.host import Host
from bot.telegram.refs import screen_html
from tests.telegram.harness import ANN, BOB, Harness, Person, button


def ref(p: Person) -> UserRef:
    return UserRef(platform="telegram", id=str(p.id), name=p.name)


async def test_after_a_crash_every_message_equals_the_committed_state(hf: Harness) -> None:
    h = hf
    for p in (ANN, BOB):
        await h.say(p, "/start", chat_id=p.id)
    await h.say(ANN, "/new tricks")
    await h.press_label(BOB, h.table(), "Join")
    for _ in range(2):
        await h.press_label(ANN, h.table(), "AI")
    await h.press_label(ANN, h.table(), "Start")
    table_id = h.table().text.split("table ")[1].split("<")[0].split()[0]

    # the worker dies with its queue: moves keep being committed, nothing reaches Telegram
    h.host.frontends.clear()
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
    stale_table = h.table().text

    # a new worker starts on the same Redis and reconciles
    host = Host(h.store, h.settings, clock=h.clock)
    frontend = h.make_frontend(host)
    calls = len(h.api.calls)
    assert await host.reconcile("telegram") == 1
    await frontend.drain()
    table = await host.load(table_id)
    assert h.table().text != stale_table
    assert h.table().text == screen_html(host.views.table_screen(table))
    for p in (ANN, BOB):
        seat = table.seat_of(ref(p))
        assert seat is not None
        hand = h.hand(p)
        assert hand is not None and hand.text == screen_html(host.views.hand_screen(table, seat))
    sent = len(h.api.calls) - calls

    # a second reconcile finds nothing to send
    assert await host.reconcile("telegram") == 1
    await frontend.drain()
    assert len(h.api.calls) - calls == sent
    await frontend.close()
    assert button(h.table(), "My hand")
