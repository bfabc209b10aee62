"""The renderer's memo of texts (`render._MESSAGES`) never changes a screen: every screen drawn with the
memo warm from other tables (other names, platforms, languages, positions) is the screen drawn with it empty.

For every game: random positions, each drawn for tables that differ only in their seats' names (a person
named, nameless, an AI) and their platform, in every language — the table screen (log shut and open) and
every seat's hand with its offer. Any part of a text's key left out of the memo (a name, the platform, the
type of a parameter) shows up as one of these screens drawn with another table's text.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
from bot.core import play, render
from bot.core.api import ChatRef, UserRef
from bot.core.house import House, parse
from bot.core.i18n import LANGUAGES
from bot.core.outcome import Screen
from bot.core.screens import final_screen, hand_screen, table_screen
from bot.core.table import LogLine, Seat, Table, game_state
from bot.core.views import Views, version_key
from games.base import Game, Offer


def sign(action: str) -> str:
    return "tok:" + action


def renamed(game: Game, table: Table) -> list[Table]:
    """The table, and the same table with its seats named otherwise (named, nameless, an AI) elsewhere."""
    out = [table]
    players = len(table.seats)
    for platform, names in (
        ("discord", [f"Q{i}" for i in range(players)]),
        ("console", ["" for _ in range(players)]),
        ("telegram", [f"P{i}" if i % 2 else "" for i in range(players)]),
    ):
        people = [UserRef(platform=platform, id=f"u{i}", name=n) for i, n in enumerate(names)]
        seats = [Seat(user=u) for u in people]
        if players > 1:
            seats[-1] = Seat(bot=next(iter(game.bot_levels), None))  # an AI seat: "AI N"
        chat = ChatRef(platform=platform, id="g1", title="Friends")
        out.append(table.model_copy(update={"seats": seats, "chat": chat, "creator": people[0]}))
    return out


def screens(game: Game, table: Table, state: Any) -> list[dict[str, Any]]:
    out = []
    for lang in LANGUAGES:
        for shown in (table, table.model_copy(update={"show_log": True})):
            out.append(table_screen(game, shown, state, lang, sign).model_dump())
        for seat in range(len(table.seats)):
            offer = game.offer(state, seat, ()) if not game.is_over(state) else Offer()
            drawn = hand_screen(game, table, state, seat, lang, sign, offer, offer.picks[:1])
            out.append(drawn.model_dump())
        if game.is_over(state):
            out.append(final_screen(game, table, state, lang, sign).model_dump())
    return out


@pytest.mark.parametrize("key", sorted(g.key for g in games.all_games()))
def test_a_warm_memo_draws_the_screens_an_empty_one_does(key: str) -> None:
    game = games.get(key)
    rng = random.Random(key)
    positions = []
    for moves in (0, 3, 25, 120, 400):
        players = rng.randint(game.min_players, game.max_players)
        people = [UserRef(platform="telegram", id=f"u{i}", name=f"P{i}") for i in range(players)]
        chat = ChatRef(platform="telegram", id="g1", title="Friends")
        table = Table(
            id="t1",
            game=key,
            chat=chat,
            creator=people[0],
            status="playing",
            seats=[Seat(user=u) for u in people],
        )
        state = game.new(players, {}, seed=rng.randrange(2**32))
        play.record(table, game, state, [], 0.0, 1.0)
        for _ in range(moves):
            if game.is_over(state):
                break
            seat = rng.choice(game.to_act(state))
            play.move(table, game, seat, rng.choice(game.legal_actions(state, seat)), 0.0, 1.0)
            state = game.load(table.state)
        positions += [(t, state) for t in renamed(game, table)]
    cold = []
    for table, state in positions:
        render._MESSAGES.clear()
        cold.append(screens(game, table, state))
    render._MESSAGES.clear()
    warm = [screens(game, table, state) for table, state in reversed(positions)][::-1]
    assert render._MESSAGES  # the memo was used
    assert warm == cold


def test_a_parameter_keeps_its_type_in_the_memo() -> None:
    """`1`, `1.0` and `True` are equal keys of a dict but read differently."""
    user = UserRef(platform="console", id="u0", name="Ann")
    table = Table(
        id="t1", game="durak", chat=ChatRef(platform="console", id="g"), creator=user, seats=[Seat(user=user)]
    )
    values: list[Any] = [1, 1.0, True, [1], (1,), "1"]
    render._MESSAGES.clear()
    cold = []
    for v in values:
        render._MESSAGES.clear()
        cold.append(render.line(table, LogLine(key="no.such.key.{x}", params={"x": v}), "en"))
    render._MESSAGES.clear()
    warm = [render.line(table, LogLine(key="no.such.key.{x}", params={"x": v}), "en") for v in values]
    assert warm == cold
    assert [render.said("en", "host.points", {"n": v, "points": v}) for v in (1, 1.0)] == [
        "1 point",
        "1.0 point",
    ]


def test_a_value_that_is_not_plain_data_is_never_remembered() -> None:
    class Box:
        def __init__(self) -> None:
            self.text = "a"

        def __format__(self, spec: str) -> str:
            return self.text

    box = Box()
    before = render.said("en", "host.option_line", {"name": box, "value": "x"})
    box.text = "b"
    assert render.said("en", "host.option_line", {"name": box, "value": "x"}) != before


def test_the_memo_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(render, "MESSAGES_SIZE", 50)
    render._MESSAGES.clear()
    for n in range(200):
        render.said("en", "host.points", {"n": n, "points": str(n)})
    assert len(render._MESSAGES) == 50
    assert render.said("en", "host.points", {"n": 3, "points": "3"}) == "3 points"


def test_a_line_worded_per_platform_is_remembered_per_platform() -> None:
    user = UserRef(platform="telegram", id="u0", name="Ann")
    chats = [ChatRef(platform=p, id="g") for p in ("telegram", "discord", "console")]
    tables = [Table(id="t1", game="durak", chat=c, creator=user, seats=[Seat(user=user)]) for c in chats]
    entry = LogLine(key="host.log.no_dm", seat=0)
    cold = []
    for table in tables:
        render._MESSAGES.clear()
        cold.append(render.line(table, entry, "en"))
    assert len(set(cold)) > 1  # Discord words it its own way
    assert [render.line(table, entry, "en") for table in tables] == cold


def started(game: Game, names: list[str], rng: random.Random) -> Table:
    """A table of `game` just started, a person of each name on its seats."""
    people = [UserRef(platform="telegram", id=f"u{i}", name=n) for i, n in enumerate(names)]
    table = Table(
        id="t1",
        game=game.key,
        chat=ChatRef(platform="telegram", id="g1", title="Friends"),
        creator=people[0],
        status="playing",
        seats=[Seat(user=u) for u in people],
    )
    play.record(table, game, game.new(len(people), {}, seed=rng.randrange(2**32)), [], 0.0, 1.0)
    return table


@pytest.mark.parametrize("key", sorted(g.key for g in games.all_games()))
def test_a_moves_own_state_draws_what_its_stored_json_does(key: str) -> None:
    """The views draw a move's new state from the object the move made (`table.set_state`), not from its
    stored JSON parsed again: the two are equal, and so is every screen drawn from them."""
    game = games.get(key)
    rng = random.Random(f"own {key}")
    table = started(game, [f"P{i}" for i in range(game.min_players)], rng)
    for n in range(60):
        own = game_state(table)
        assert own is game_state(table)  # remembered, not parsed again
        parsed = game.load(table.state or {})
        assert own == parsed
        if n % 20 == 0 or game.is_over(own):
            assert screens(game, table, own) == screens(game, table, parsed)
        if game.is_over(own):
            break
        seat = rng.choice(game.to_act(own))
        play.move(table, game, seat, rng.choice(game.legal_actions(own, seat)), 0.0, 1.0)


class CountingViews(Views):
    """Views that count the hands they draw."""

    def __init__(self) -> None:
        super().__init__(b"secret")
        self.hands = 0

    def hand_screen(self, *args: Any, **kwargs: Any) -> Screen:
        self.hands += 1
        return super().hand_screen(*args, **kwargs)


@pytest.mark.parametrize("key", sorted(g.key for g in games.all_games()))
def test_a_hand_not_drawn_again_is_the_hand_it_would_draw(key: str) -> None:
    """`Views.changes` draws a hand again only when what it is drawn from changed (`Views.hand_inputs`):
    over a random game, every hand it remembers for a version is the hand drawn afresh from that version."""
    game = games.get(key)
    rng = random.Random(f"inputs {key}")
    table = started(game, [f"P{i}" if i else "" for i in range(game.max_players)], rng)  # a nameless one too
    table.version = 1
    views = CountingViews()
    kept = 0
    for _ in range(40):
        state = game_state(table)
        if game.is_over(state):
            break
        new = parse(House.dump(table), table.version)
        seat = rng.choice(game.to_act(state))
        play.move(new, game, seat, rng.choice(game.legal_actions(state, seat)), 0.0, 1.0)
        new.version = table.version + 1
        views.hands = 0
        views.changes(table, new)
        kept += len(new.seats) - views.hands
        drawn = views._drawn[version_key(new)]
        for i, s in enumerate(new.seats):
            assert s.user is not None
            assert drawn[f"hand:{i}:{s.user.key}"] == render.fingerprint(views.hand_screen(new, i))
        table = new
    assert kept > 0  # some hands were not drawn again


def test_equal_hand_keys_draw_equal_hands() -> None:
    """A game's `hand_key` stands for everything of a seat's view its hand is drawn from: over random games
    at one table, every hand drawn under one key is the same screen (rozpysnyi keys the seats not to act)."""
    keyed = [g for g in games.all_games() if type(g).hand_key is not Game.hand_key]
    assert keyed
    for game in keyed:
        key, views = game.key, Views(b"secret")
        rng = random.Random(f"keys {key}")
        hands: dict[tuple[Any, ...], set[str]] = {}
        for _ in range(2):
            table = started(game, [f"P{i}" for i in range(game.max_players)], rng)
            for _ in range(60):
                state = game_state(table)
                for seat in range(len(table.seats)):
                    if (hand := game.hand_key(state, seat)) is not None:
                        hands.setdefault(hand, set()).add(render.fingerprint(views.hand_screen(table, seat)))
                if game.is_over(state):
                    break
                seat = rng.choice(game.to_act(state))
                play.move(table, game, seat, rng.choice(game.legal_actions(state, seat)), 0.0, 1.0)
        assert all(len(drawn) == 1 for drawn in hands.values()), key
        assert key != "rozpysnyi" or len(hands) > 20  # keyed, and under many keys
