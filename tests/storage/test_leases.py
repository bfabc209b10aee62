"""Claims of update ids, leases, and per-user and per-chat preferences."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
import redis.asyncio as aioredis

from storage import Store
from storage.tables import CLAIM_TTL
from tests.storage.helpers import lose_first_reply

# -- claims (idempotency of platform updates) ----------------------------------------------------


async def test_claim_is_granted_once(store_factory: Callable[[], Awaitable[Store]]) -> None:
    """The second claim of an update id is refused, by the same worker or another one."""
    a, b = await store_factory(), await store_factory()
    assert await a.claim("upd:1") is True
    assert await a.claim("upd:1") is False
    assert await b.claim("upd:1") is False
    assert await b.claim("upd:2") is True


async def test_released_claim_can_be_claimed_again(store: Store) -> None:
    assert await store.claim("upd:1")
    await store.release("upd:1")
    assert await store.claim("upd:1") is True
    assert await store.claim("upd:1") is False


async def test_claim_expires_after_its_ttl(store: Store, redis: aioredis.Redis) -> None:
    await store.claim("upd:1", ttl=60)
    assert 0 < await redis.pttl(store.keys.seen("upd:1")) <= 60_000


async def test_an_update_claim_lives_minutes_not_days(store: Store, redis: aioredis.Redis) -> None:
    """Platforms redeliver an update within minutes; a claim kept for a day would only take memory."""
    await store.claim("upd:1")
    assert 0 < await redis.pttl(store.keys.seen("upd:1")) <= CLAIM_TTL * 1000 <= 15 * 60_000


@pytest.mark.backends("real", "fake")  # a cluster client retries a lost reply on another node
async def test_replayed_claim_is_still_granted(redis: aioredis.Redis, prefix: str) -> None:
    """A claim whose reply was lost is sent again by the client and answers "yes" again."""
    store = Store(redis, prefix=prefix)
    replies = lose_first_reply(redis)
    assert await store.claim("upd:1") is True
    assert len(replies) == 2
    assert await store.claim("upd:1") is False


# -- leases --------------------------------------------------------------------------------------


async def test_lock_refuses_a_second_owner(store_factory: Callable[[], Awaitable[Store]]) -> None:
    a, b = await store_factory(), await store_factory()
    assert await a.lock("sweep", ttl=30) is True
    assert await b.lock("sweep", ttl=30) is False
    assert await a.lock("sweep", ttl=30) is False
    assert await b.lock("other", ttl=30) is True


async def test_unlock_by_owner_frees_the_lease(store_factory: Callable[[], Awaitable[Store]]) -> None:
    a, b = await store_factory(), await store_factory()
    await a.lock("sweep", ttl=30)
    await a.unlock("sweep")
    assert await b.lock("sweep", ttl=30) is True


async def test_unlock_by_non_owner_changes_nothing(store_factory: Callable[[], Awaitable[Store]]) -> None:
    a, b = await store_factory(), await store_factory()
    await a.lock("sweep", ttl=30)
    await b.unlock("sweep")
    assert await b.lock("sweep", ttl=30) is False


async def test_lock_carries_its_ttl(store: Store, redis: aioredis.Redis) -> None:
    await store.lock("sweep", ttl=2.5)
    assert 0 < await redis.pttl(store.keys.lock("sweep")) <= 2500


async def test_expired_lease_taken_by_another_stays_theirs(
    store_factory: Callable[[], Awaitable[Store]], redis: aioredis.Redis
) -> None:
    """A's lease expires (the key vanishes), B takes it; A's late unlock must not free B's lease."""
    a, b, c = await store_factory(), await store_factory(), await store_factory()
    await a.lock("sweep", ttl=30)
    await redis.delete(a.keys.lock("sweep"))  # what expiry does
    assert await b.lock("sweep", ttl=30) is True
    await a.unlock("sweep")
    assert await c.lock("sweep", ttl=30) is False
    await b.unlock("sweep")
    assert await c.lock("sweep", ttl=30) is True


# -- preferences ---------------------------------------------------------------------------------


async def test_languages_default_to_none_and_are_kept(store: Store) -> None:
    assert await store.get_user_lang("u1") is None
    assert await store.get_chat_lang("c1") is None
    await store.set_user_lang("u1", "uk")
    await store.set_chat_lang("c1", "en")
    assert await store.get_user_lang("u1") == "uk"
    assert await store.get_chat_lang("c1") == "en"
    assert await store.get_user_lang("c1") is None
    assert await store.get_chat_lang("u1") is None
    await store.set_user_lang("u1", "ru")
    assert await store.get_user_lang("u1") == "ru"


async def test_reachable_is_unknown_then_follows_the_last_mark(store: Store) -> None:
    assert await store.is_reachable("u1") is None
    await store.mark_reachable("u1", False)
    assert await store.is_reachable("u1") is False
    await store.mark_reachable("u1", True)
    assert await store.is_reachable("u1") is True
    assert await store.is_reachable("u2") is None


async def test_reachable_and_lang_share_prefs_without_clobbering(store: Store) -> None:
    await store.set_user_lang("u1", "uk")
    await store.mark_reachable("u1", True)
    assert await store.get_user_lang("u1") == "uk"
    assert await store.is_reachable("u1") is True
