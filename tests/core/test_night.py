"""Game night through the host (issue 18): presets by buttons, option pickers, the 📜 Log, 🔁 Rematch,
labelled standings and score rows."""

from __future__ import annotations

import random

import pytest

import games
from bot.core import panel, play, render
from bot.core.api import AddBot, NewTable, Press, SetPings, Start
from bot.core.lobby import split_assignments
from bot.core.outcome import ChatTarget, Screen, TableTarget
from bot.core.screens import final_screen
from bot.core.table import Seat, Table
from games.rozpysnyi.schedule import build
from tests.core.hosting import CHAT, make_host, press_first_until_over, user

A, B = user(1), user(2)


def button(screen: Screen, label_start: str) -> str:
    for row in screen.buttons:
        for b in row:
            if b.label.startswith(label_start) and b.token:
                return b.token
    raise AssertionError(f"no button {label_start!r} in {[b.label for r in screen.buttons for b in r]}")


def labels(screen: Screen) -> list[str]:
    return [b.label for r in screen.buttons for b in r]


async def load(store, table_id: str) -> Table:
    found = await store.load(table_id)
    assert found is not None
    table = Table.model_validate_json(found[0])
    table.version = found[1]
    return table


async def open_rozpysnyi(host, rec, bots: int = 3) -> str:
    out = await host.handle(NewTable(user=A, chat=CHAT, game="rozpysnyi"))
    assert out.table
    for _ in range(bots):
        await host.handle(AddBot(user=A, chat=CHAT))
    return out.table


async def test_a_preset_is_one_press_in_the_lobby_and_a_quick_game_runs_to_the_end(store) -> None:
    host, rec = make_host(store)
    table_id = await open_rozpysnyi(host, rec)
    lobby = rec.table()
    assert {"quick (~8 rounds)", "short", "✓ classic"} <= set(labels(lobby))
    refused = await host.handle(Press(user=B, token=button(lobby, "quick"), chat=CHAT))
    assert refused.reply is not None and refused.reply.alert  # only the creator or an admin
    await host.handle(Press(user=A, token=button(lobby, "quick"), chat=CHAT))
    assert (await load(store, table_id)).options == {"schedule": "quick"}
    assert "✓ quick (~8 rounds)" in labels(rec.table())
    await host.handle(Start(user=A, chat=CHAT))
    state = games.get("rozpysnyi").load((await load(store, table_id)).state or {})
    assert state.rounds == build("quick", 4, True, True) == ["1", "3", "D", "N", "6", "8", "D", "N"]

    await press_first_until_over(host, rec, A)

    table = await load(store, table_id)
    assert table.status == "over"
    final = [d.screen for d in rec.deliveries if isinstance(d.target, ChatTarget)][-1]
    assert "🔁 Rematch" in labels(final)
    assert len(final.lines) == 5 and final.lines[0].startswith("1. ")  # four ranked seats and the winners
    rows = [e for e in table.log if e.key == "rozpysnyi.event.round_row"]
    assert rows, "the round's score is a named table"
    text = render.line(table, rows[-1], "en")
    assert text.startswith(("User1: bid", "🤖 AI")) and "→" in text


async def test_text_options_are_set_by_buttons_a_schedule_builder_and_a_card_picker(store) -> None:
    host, rec = make_host(store)
    table_id = await open_rozpysnyi(host, rec, bots=0)
    await host.handle(Press(user=A, token=rec.table_button("⚙"), chat=CHAT))
    await host.handle(Press(user=A, token=rec.table_button("Schedule"), chat=CHAT))
    for label in ("1", "D", "5", "⌫", "N"):
        await host.handle(Press(user=A, token=button(rec.table(), label), chat=CHAT))
    assert (await load(store, table_id)).options == {"schedule": "1 D N"}
    await host.handle(Press(user=A, token=button(rec.table(), "quick"), chat=CHAT))
    assert (await load(store, table_id)).options == {"schedule": "quick"}
    await host.handle(Press(user=A, token=button(rec.table(), "↩"), chat=CHAT))  # back to the panel

    await host.handle(Press(user=A, token=rec.table_button("Which card"), chat=CHAT))
    await host.handle(Press(user=A, token=button(rec.table(), "♥"), chat=CHAT))
    await host.handle(Press(user=A, token=button(rec.table(), "8"), chat=CHAT))
    assert (await load(store, table_id)).options == {"schedule": "quick", "poker_card_id": "8H"}
    assert "✓ 8♥" in labels(rec.table())
    # a number option with bounds cycles through round values
    choices = panel.option_choices(int, games.get("durak").Options.model_fields["match_games"])
    assert choices is not None and choices[:3] == [1, 2, 3] and choices[-1] == 20


async def test_the_log_shows_the_deal_and_the_last_trick_names_who_played(store) -> None:
    host, rec = make_host(store)
    table_id = await open_rozpysnyi(host, rec)
    await host.handle(Start(user=A, chat=CHAT))
    for _ in range(12):  # a few moves: the bids and some cards
        await host.settle()
        tokens = rec.tokens(A)
        await host.handle(Press(user=A, token=tokens[0], chat=CHAT))
    await host.settle()
    table = await load(store, table_id)
    before = rec.table()
    assert before is not None and not any(ln.startswith("📜") for ln in before.lines)
    await host.handle(Press(user=B, token=rec.table_button("📜 Log"), chat=CHAT))  # anyone: it is public
    shown = rec.table()
    assert shown is not None and "📜 Hide log" in labels(shown)
    deal = (await load(store, table_id)).deal_log()
    assert len(deal) > 4 and any(ln.startswith("📜 This deal so far") for ln in shown.lines)
    assert sum(ln.startswith("· ") for ln in shown.lines) == len(deal)  # every line of the deal
    state = games.get("rozpysnyi").load(table.state or {})
    if state.last_trick is not None:
        last = next(ln for ln in shown.lines if ln.startswith("Last trick"))
        first = state.last_trick.plays[0]
        assert render.seat_name(table, first.seat, "en") in last


async def test_rematch_same_seats_and_options_the_deal_rotated_people_leave_with_one_press(store) -> None:
    host, rec = make_host(store)
    await host.handle(SetPings(user=A, mode="off"))  # each seat takes its person's choice of turn alerts
    await host.handle(SetPings(user=B, mode="group"))
    out = await host.handle(NewTable(user=A, chat=CHAT, game="rozpysnyi", options={"schedule": "1 N"}))
    old_id = out.table
    assert old_id
    await host.handle(AddBot(user=A, chat=CHAT))
    from bot.core.api import Join

    await host.handle(Join(user=B, chat=CHAT))
    await host.handle(AddBot(user=A, chat=CHAT))
    await host.handle(Start(user=A, chat=CHAT))
    for _ in range(200):  # two people pressing their first button in turn, the AIs in between
        await host.settle()
        ready = [who for who in (A, B) if rec.tokens(who)]
        if not ready:
            break
        await host.handle(Press(user=ready[0], token=rec.tokens(ready[0])[0], chat=CHAT))
    old = await load(store, old_id)
    assert old.status == "over"
    assert [s.pings for s in old.seats if s.user] == ["off", "group"]  # the creator's choice too
    await host.handle(SetPings(user=A, mode="group"))  # changed between the games
    final = [d.screen for d in rec.deliveries if isinstance(d.target, ChatTarget)][-1]
    rec.deliveries.clear()

    done = await host.handle(Press(user=B, token=button(final, "🔁"), chat=CHAT))
    assert done.reply is not None and not done.reply.alert and done.table and done.table != old_id
    new = await load(store, done.table)
    assert new.status == "playing" and new.options == old.options and new.creator.key == B.key
    assert [(s.user, s.bot) for s in new.seats] == [(s.user, s.bot) for s in old.seats]
    assert [s.pings for s in new.seats if s.user] == ["group", "group"]  # as each chose them now
    game = games.get("rozpysnyi")
    before, after = game.load(old.state or {}), game.load(new.state or {})
    assert after.seed % 4 == (before.seed % 4 + 1) % 4  # the first dealer is the next seat
    assert before.rounds == after.rounds
    tables = [d for d in rec.deliveries if isinstance(d.target, TableTarget)]
    assert {d.target.table for d in tables} == {old_id, new.id}
    assert next(d for d in tables if d.target.table == new.id).notify  # a new message in the group
    assert not any(lb.startswith("🔁") for d in tables if d.target.table == old_id for lb in labels(d.screen))
    assert rec.hand(A) is not None and rec.hand(B) is not None

    again = await host.handle(Press(user=A, token=button(final, "🔁"), chat=CHAT))
    assert again.reply is not None and again.reply.alert and new.id in again.reply.text
    shown = next(d.screen for d in tables if d.target.table == new.id)
    await host.handle(Press(user=A, token=button(shown, "Leave"), chat=CHAT))  # not again: the AI plays
    left = await load(store, new.id)
    assert left.seats[0].user is None and left.seats[0].bot and left.status == "playing"
    stranger = await host.handle(Press(user=user(9), token=button(final, "🔁"), chat=CHAT))
    assert stranger.reply is not None and stranger.reply.alert


def durak_table(players: int) -> Table:
    people = [user(i) for i in range(players)]
    return Table(
        id="t1",
        game="durak",
        chat=CHAT,
        creator=people[0],
        status="playing",
        seats=[Seat(user=u) for u in people],
    )


def test_durak_ranks_in_leaving_order_with_labels_and_seats_show_no_points() -> None:
    game = games.get("durak")
    rng = random.Random(5)
    table = durak_table(4)
    state = game.new(4, {}, seed=3)
    play.record(table, game, state, [], 0.0, 1.0)
    assert "point" not in " ".join(render.seat_lines(table, game.view(state, None), "en", game))
    while not game.is_over(state):
        seat = rng.choice(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    ranking = game.ranking(state)
    out = [s for s, key, _ in ranking if key == "durak.rank.out"]
    assert out == state.out[: len(out)] and out  # the first out is first, the second second…
    if state.durak is not None:
        assert ranking[-1] == (state.durak, "durak.rank.durak", {})
    screen = final_screen(game, table, state, "en")
    assert screen.lines[0] == f"1. {render.seat_name(table, state.out[0], 'en')} — out 1"


def test_durak_done_is_not_bito_while_the_defender_takes() -> None:
    game = games.get("durak")
    rng = random.Random(1)
    for seed in range(40):
        state = game.new(3, {}, seed=seed)
        for _ in range(200):
            if game.is_over(state):
                break
            view = game.view(state, None)
            takers = [s for s in game.to_act(state) if "done" in game.legal_actions(state, s)]
            if view.taking and takers:
                seat = takers[0]
                hand = game.view(state, seat)
                assert render.action_label(game, "done", "en", hand) == "Done: let them take"
                assert "бито" not in render.action_label(game, "done", "ru", hand).lower()
                return
            seat = rng.choice(game.to_act(state))
            state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    pytest.fail("no position where the defender takes and someone may say done")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("poker schedule=1 5 D N", (["poker"], {"schedule": "1 5 D N"})),
        ("durak match_games=3 deck=24", (["durak"], {"match_games": "3", "deck": "24"})),
        ("", ([], {})),
    ],
)
def test_values_with_spaces(text: str, expected: tuple[list[str], dict[str, str]]) -> None:
    assert split_assignments(text) == expected
