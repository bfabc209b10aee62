"""Fixtures: a running harness (fake Discord REST server, discord.py client, adapter, host on fakeredis)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.discord.harness import Harness


@pytest.fixture
async def h() -> AsyncIterator[Harness]:
    harness = await Harness().start()
    yield harness
    await harness.stop()
