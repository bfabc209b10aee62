"""The score sheet: its data against the rounds as they were announced, and the picture it draws."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops

import games
from bot.core import sheet as sheet_module
from bot.core.api import UserRef
from bot.core.records import results
from bot.core.sheet import GRID, ROBOT, _has_glyph, _runs, draw, font, sheet_data
from bot.core.table import Seat, Table
from tests.core.hosting import CHAT

NAMES = ("Ann", "Борис", "Cat", "Dan")


def finished(game_key: str, options: dict, players: int = 4, seed: int = 11) -> tuple[Table, list]:
    """A game played to the end by random legal moves; the table and every event in order."""
    game = games.get(game_key)
    state = game.new(players, options, seed=seed)
    rng = random.Random(seed)
    events = []
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        state, evs = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        events += evs
    seats = [Seat(user=UserRef(platform="console", id=f"u{i}", name=NAMES[i])) for i in range(players)]
    table = Table(
        id="t1", game=game_key, chat=CHAT, creator=seats[0].user, seats=seats, status="over",
        state=state.model_dump(mode="json"),
    )  # fmt: skip
    return table, events


def test_the_rozpysnyi_sheet_shows_each_round_as_it_was_scored() -> None:
    table, events = finished("rozpysnyi", {"schedule": "1 2 D N 3"})
    scored = [e.data for e in events if e.kind == "round_scored"]
    sheet = sheet_data(table, "en")
    assert sheet.players == list(NAMES)
    rounds, total = sheet.rows[:-1], sheet.rows[-1]
    assert len(rounds) == len(scored) == 5
    for row, data in zip(rounds, scored, strict=True):
        for cell, bid, took, points, running in zip(
            row.cells, data["bids"], data["tricks"], data["points"], data["totals"], strict=True
        ):
            assert cell.split() == [f"{bid}/{took}", f"{points:+d}", str(running)]
    assert [r.kind for r in rounds][2] == "dark" and rounds[2].label.endswith(" D")
    assert rounds[3].kind == "no_trump" and rounds[3].label.endswith(" N")
    assert total.bold and total.cells == [str(x) for x in scored[-1]["totals"]]
    assert sheet.winners == games.get("rozpysnyi").winners(games.get("rozpysnyi").load(table.state))


def test_other_games_get_scores_places_and_durak_counts() -> None:
    table, _events = finished("durak", {}, players=3)
    sheet = sheet_data(table, "ru")
    state = games.get("durak").load(table.state)
    labels = [r.label for r in sheet.rows]
    assert labels == ["Счёт", "Место", "Дурак"]
    assert sheet.rows[2].cells == [str(n) for n in state.durak_counts]
    assert "1" in sheet.rows[1].cells


def test_bridge_shows_one_row_per_board_with_its_contract_result_and_each_sides_score() -> None:
    table, events = finished("bridge", {"boards": 3, "compare": "points", "claims": False})
    scored = [e.data for e in events if e.kind == "board_scored"]
    sheet = sheet_data(table, "ru")
    assert sheet.corner == "Сдача" and sheet.players[:2] == ["Контракт", "Разыгрывающий"]
    assert [r.label for r in sheet.rows] == [str(d["board"]) for d in scored] == ["1", "2", "3"]
    for row, data in zip(sheet.rows, scored, strict=True):
        ns, ew = row.cells[4:6]
        if data["contract"] is None:
            assert row.cells[0] == "все пас" and ns == ew == "0"
        else:
            assert row.cells[2] == str(data["tricks"]) and row.cells[1] in ("Север", "Восток", "Юг", "Запад")
            assert int(ns.replace("−", "-")) == data["score"] == -int(ew.replace("−", "-"))
    assert Image.open(io.BytesIO(draw(sheet))).format == "PNG"


def test_the_picture_is_a_png_of_a_sane_size() -> None:
    table, _events = finished("rozpysnyi", {"schedule": "short"})
    png = draw(sheet_data(table, "uk"))
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    rounds = len(games.get("rozpysnyi").load(table.state).rounds)
    assert 400 <= image.width <= 2000 and 30 * (rounds + 2) <= image.height <= 2000
    assert len(png) < 200_000


def test_dvorovoy_shows_its_penalty_totals_positive_on_the_seats_the_standings_and_the_sheet() -> None:
    game = games.get("dvorovoy")
    table, events = finished("dvorovoy", {"cards": 3}, players=3, seed=5)
    state = game.load(table.state)
    totals = next(e.data["totals"] for e in reversed(events) if e.kind == "round_scored")
    assert state.losers and max(totals) > 125
    assert sheet_data(table, "en").rows[0].cells == [str(t) for t in totals]
    assert [row["score"] for row in results(table, list(NAMES[:3]))] == totals  # /stats and /history
    view = game.view(state, None)
    assert [game.seat_points(view, s) for s in range(3)] == totals
    ranking = game.ranking(state)
    assert [s for s, _key, _params in ranking] == sorted(range(3), key=lambda s: totals[s])
    for seat, key, params in ranking:
        if seat in state.losers:
            assert key == "dvorovoy.seat.bust" and params == {"total": totals[seat]}
        else:
            assert key == "host.rank.points" and params["n"] == totals[seat] >= 0


def test_the_robot_is_drawn_and_the_grid_keeps_a_margin_on_every_side(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    body = font(18)
    assert _runs("🤖 AI 2", body) == [ROBOT, " AI 2"] and _runs("Борис", body) == ["Борис"]
    if not _has_glyph(body, "🔥"):  # a symbol the font lacks is left out, not drawn as a box
        assert _runs("Ann 🔥!", body) == ["Ann !"]
    table, _events = finished("rozpysnyi", {"schedule": "1 2 D N 3"})
    table.seats[1].user = None  # an AI: "🤖 AI 2"
    sheet = sheet_data(table, "en")
    assert sheet.players[1].startswith(ROBOT)
    image = Image.open(io.BytesIO(draw(sheet))).convert("RGB")
    grid = [(x, y) for x in range(image.width) for y in range(image.height) if image.getpixel((x, y)) == GRID]
    right, bottom = max(x for x, _ in grid), max(y for _, y in grid)
    assert min(x for x, _ in grid) >= 5 and right <= image.width - 6 and bottom <= image.height - 6
    assert sum(1 for x, y in grid if x == right) > 0.8 * (bottom - min(y for _, y in grid))  # a whole border
    monkeypatch.setattr(sheet_module, "_robot", lambda *args: None)
    without = Image.open(io.BytesIO(draw(sheet))).convert("RGB")
    drawn = ImageChops.difference(image, without).getbbox()  # the robot: an em square before "AI 2"
    assert drawn is not None and drawn[2] - drawn[0] <= 18 and drawn[3] - drawn[1] <= 18 and drawn[1] < 80
