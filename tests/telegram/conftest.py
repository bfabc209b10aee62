"""Fixtures: a running harness (fake Bot API server + aiogram + adapter + host on fakeredis)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.telegram.harness import Harness


@pytest.fixture
async def h() -> AsyncIterator[Harness]:
    harness = await Harness(polling=True).start()
    yield harness
    await harness.stop()


@pytest.fixture
async def hf() -> AsyncIterator[Harness]:
    """The same, with updates fed straight to the dispatcher (`dp.feed_update`) instead of polling."""
    harness = await Harness(polling=False).start()
    yield harness
    await harness.stop()
