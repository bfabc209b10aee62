"""A reminder on Telegram (issue 18): with the clock moved to an hour before the turn runs out, the player
whose move it is gets their hand as a new private message (Telegram notifies) with the ⏰ line; once."""

from __future__ import annotations

import games
from bot.core.table import REMIND_BEFORE
from tests.telegram.harness import ANN, BOB, Harness


async def test_the_player_to_move_is_reminded_privately_once() -> None:
    h = await Harness(polling=False, settings={"turn_timeout": 6 * 3600}).start()
    try:
        for p in (ANN, BOB):
            await h.say(p, "/start", chat_id=p.id)
        await h.say(ANN, "/new durak")
        await h.press_label(BOB, h.table(), "Join")
        await h.press_label(ANN, h.table(), "Start")
        table_id = h.table().text.split("table ")[1].split("<")[0].split()[0]
        table = await h.host.load(table_id)
        game = games.get(table.game)
        seat = game.to_act(game.load(table.state))[0]
        mover = ANN if table.seats[seat].user.id == str(ANN.id) else BOB
        other = BOB if mover is ANN else ANN

        def new_dms(who) -> list[str]:
            sent = h.api.api_calls("sendMessage")
            return [c.params["text"] for c in sent if int(c.params["chat_id"]) == who.id]

        before = len(new_dms(mover)), len(new_dms(other))
        h.clock.now += 6 * 3600 - REMIND_BEFORE + 1
        await h.host.run_due()
        await h.settle()
        await h.host.run_due()
        await h.settle()
        reminded = new_dms(mover)[before[0]:]
        assert len(reminded) == 1 and "⏰" in reminded[0]
        assert len(new_dms(other)) == before[1]  # not their move: not reminded
    finally:
        await h.stop()
