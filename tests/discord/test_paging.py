"""Discord's 5 × 5 buttons: reflow, pages for larger hands, and page turns on any message."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.core.api import AnyCommand, ChatRef, Press, UserRef
from bot.core.outcome import Button, Delivery, HandTarget, Outcome, Reply, Screen, TableTarget
from bot.core.ports import Frontend
from bot.discord.paging import INDICATOR, fit, page_count, parse_nav
from tests.discord.harness import ANN, CHANNEL, Harness

HAND = "t1|1|@hand|sig"


def screen_of(rows: Sequence[int]) -> Screen:
    """A screen with rows of the given lengths; tokens t1|1|a<i>|s."""
    counter = iter(range(10_000))
    return Screen(
        title="hand",
        buttons=[
            [Button(label=f"b{i}", token=f"t1|1|a{i}|s") for i in (next(counter) for _ in range(n))]
            for n in rows
        ],
    )


@given(st.lists(st.integers(min_value=0, max_value=9), max_size=14))
def test_every_page_fits_and_every_button_appears_once(rows: list[int]) -> None:
    screen = screen_of(rows)
    seen: list[str] = []
    for page in range(page_count(screen)):
        shown = fit(screen, page)
        assert len(shown) <= 5 and all(1 <= len(r) <= 5 for r in shown)
        ids = [b.token for r in shown for b in r]
        assert len(ids) == len(set(ids))
        seen += [t for t in ids if t and not t.startswith("kz:")]
    assert seen == [b.token for r in screen.buttons for b in r]


def test_rows_that_fit_stay_as_laid_out() -> None:
    screen = screen_of([2, 3, 1])
    assert fit(screen) == screen.buttons


def test_up_to_25_buttons_are_reflowed_into_rows_of_five() -> None:
    screen = screen_of([3] * 8)  # 24 buttons in 8 rows
    assert [len(r) for r in fit(screen)] == [5, 5, 5, 5, 4]
    assert page_count(screen) == 1


def test_more_than_25_buttons_get_pages_and_a_navigation_row() -> None:
    screen = screen_of([5] * 9)  # 45 buttons
    assert page_count(screen) == 3
    first, middle, last = fit(screen, 0), fit(screen, 1), fit(screen, 2)
    assert [b.label for b in first[-1]] == ["1/3", "▶"] and first[-1][0].token == INDICATOR
    assert [b.label for b in middle[-1]] == ["◀", "2/3", "▶"]
    assert [b.label for b in last[-1]] == ["◀", "3/3"]
    assert [parse_nav(b.token or "") for b in middle[-1]] == [0, None, 2]
    assert fit(screen, 99) == last  # a page beyond the end shows the last one


@pytest.mark.parametrize("custom_id", ["kz:pg:", "kz:pg:x", "kz:pg:at", "kz:pg:12345", "t1|1|kz:pg:1|s"])
def test_only_well_formed_page_ids_turn_pages(custom_id: str) -> None:
    assert parse_nav(custom_id) is None


# -- through Discord -----------------------------------------------------------------------------------


class BigHandHost:
    """A host stub: one table whose hand offers `n` actions; records the actions pressed."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.pressed: list[str] = []
        self.frontend: Frontend | None = None

    def attach(self, frontend: Frontend) -> None:
        self.frontend = frontend

    async def reconcile(self, platform: str) -> int:
        return 0

    def hand(self) -> Screen:
        buttons = [Button(label=f"{i:02}", token=f"t1|1|a{i}|s") for i in range(self.n)]
        return Screen(title="🂠 big · table t1", lines=["Your cards: many"], buttons=[buttons])

    async def show_table(self) -> None:
        assert self.frontend is not None
        target = TableTarget(table="t1", chat=ChatRef(platform="discord", id=str(CHANNEL)))
        screen = Screen(title="table t1", buttons=[[Button(label="🂠 My hand", token=HAND)]])
        await self.frontend.deliver([Delivery(target=target, screen=screen)])

    async def handle(self, command: AnyCommand) -> Outcome:
        assert isinstance(command, Press) and self.frontend is not None
        if command.token != HAND:
            self.pressed.append(command.token)
            return Outcome()
        delivery = Delivery(target=HandTarget(table="t1", user=command.user), screen=self.hand(), notify=True)
        await self.frontend.deliver([delivery])
        return Outcome(reply=Reply(text="", screen=self.hand()), deliveries=[delivery])

    async def unreachable(self, user: UserRef, table: str) -> None:
        raise AssertionError("nobody is unreachable here")


@pytest.fixture
async def big() -> AsyncIterator[Harness]:
    harness = await Harness(host=lambda _store, _settings, _clock: BigHandHost(42)).start()
    await harness.host.show_table()
    await harness.settle()
    yield harness
    await harness.stop()


def labels(components: list[dict[str, Any]]) -> list[list[str]]:
    return [[b["label"] for b in row["components"]] for row in components]


async def test_a_large_ephemeral_hand_pages_through_all_its_actions(big: Harness) -> None:
    h = big
    await h.press_label(ANN, h.table(), "My hand")
    hand = h.ephemeral_hand(ANN)
    assert hand is not None
    assert labels(hand.components) == [[f"{i:02}" for i in range(r, r + 5)] for r in range(0, 20, 5)] + [
        ["1/3", "▶"]
    ]
    token = await h.press(ANN, hand, "kz:pg:1")
    assert h.callback_types(token) == [7]  # the message itself turns the page
    assert labels(hand.components)[0][0] == "20" and labels(hand.components)[-1] == ["◀", "2/3", "▶"]
    await h.press(ANN, hand, "kz:pg:2")
    assert labels(hand.components) == [["40", "41"], ["◀", "3/3"]]
    await h.press(ANN, hand, "t1|1|a41|s")
    assert h.host.pressed == ["t1|1|a41|s"]  # a button of the last page reaches the host
    h.assert_acknowledged_once()


async def test_the_dm_hand_pages_too_and_a_forgotten_page_says_so(big: Harness) -> None:
    h = big
    await h.press_label(ANN, h.table(), "My hand")
    dm = h.dm_hand(ANN)
    assert dm is not None and labels(dm.components)[-1] == ["1/3", "▶"]
    await h.press(ANN, dm, "kz:pg:1")
    assert labels(dm.components)[0][0] == "20"
    h.state.pages.clear()  # what the page store held has expired
    token = await h.press(ANN, dm, "kz:pg:2")
    assert h.replies(token) == ["This list has expired: press “My hand” again."]
    assert labels(dm.components)[0][0] == "20"  # unchanged
