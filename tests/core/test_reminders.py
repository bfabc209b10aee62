"""Reminders (issue 18): an hour before a long turn runs out its player gets their hand anew (a private
alert) with a ⏰ line, once per turn; then the timeout plays as before; the table option turns them off."""

from __future__ import annotations

from bot.core.api import SetOption
from bot.core.outcome import HandTarget
from bot.core.table import REMIND_BEFORE
from tests.core.hosting import CHAT, Clock, make_host
from tests.core.test_host import A, open_table

HOURS = 6 * 3600


def reminders_to_a(rec, since: int) -> list:
    return [
        d
        for d in rec.deliveries[since:]
        if isinstance(d.target, HandTarget) and d.target.user.key == A.key and "⏰" in d.screen.text()
    ]


async def test_a_reminder_an_hour_before_the_turn_runs_out_once(store) -> None:
    clock = Clock()
    host, rec = make_host(store, clock, turn_timeout=HOURS)
    await open_table(host, rec, bots=3)
    await host.settle()
    assert rec.tokens(A)
    seen = len(rec.deliveries)

    clock.now += HOURS - REMIND_BEFORE - 1
    assert await host.run_due() == 0 and not reminders_to_a(rec, seen)  # not yet
    clock.now += 2
    await host.run_due()
    sent = reminders_to_a(rec, seen)
    assert len(sent) == 1 and sent[0].notify and "1 hour" in sent[0].screen.text()
    assert sent[0].screen.buttons  # still their move: the buttons are there
    await host.run_due()
    assert len(reminders_to_a(rec, seen)) == 1  # once a turn

    clock.now += REMIND_BEFORE
    assert await host.run_due() >= 1  # the turn ran out: the AI moved for them
    screen = rec.table()
    assert screen is not None and "ran out of time" in screen.text()


async def test_reminders_off_by_the_table_option(store) -> None:
    clock = Clock()
    host, rec = make_host(store, clock, turn_timeout=HOURS)
    await open_table(host, rec, bots=3)
    await host.handle(SetOption(user=A, chat=CHAT, name="reminders", value="off"))
    await host.settle()
    seen = len(rec.deliveries)
    clock.now += HOURS - 1
    await host.run_due()
    assert not reminders_to_a(rec, seen)
