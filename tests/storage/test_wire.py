"""Commands packed with hiredis (`storage.wire`): the bytes redis-py's Python packer makes, its errors; and
scripts and hash reads addressed to their node in a Cluster pipeline (`storage.batching.on_cluster`)."""

from __future__ import annotations

from typing import Any

import pytest
import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.connection import AbstractConnection, Connection
from redis.exceptions import DataError, SlotNotCoveredError

import storage
from storage import wire
from storage.batching import on_cluster

COMMANDS: list[tuple[Any, ...]] = [
    ("EVALSHA", "f" * 40, 2, "kozyr:table:{abc}", "kozyr:msg:{abc}", 7, -3, 2**70, "", "x:eJzLSM3JyVcozy"),
    ("HSET", "kozyr:msg:{abc}", "telegram:u1", "слон ♠ 10♥ — «ходи»"),
    ("ZADD", "kozyr:{due}", "LT", 1764201600.25, "abc"),
    ("SET", b"raw\xff\x00bytes", 0.1, 1e20, -0.0, 1e-7, float("inf"), float("-inf"), -(2**63), 2**64),
    ("SET", "k", memoryview(b"a view"), bytearray(b"an array")),  # hiredis refuses them: redis-py packs them
    ("SCRIPT LOAD", "return 1"),  # a command name of two words goes as two arguments
    (b"CLIENT SETNAME", "kozyr"),
]


def test_storage_packs_with_hiredis() -> None:
    assert storage.wire is wire
    assert AbstractConnection.pack_command is wire._pack


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: str(c[0]))
def test_the_same_bytes_as_redis_py_packs(command: tuple[Any, ...]) -> None:
    connection = Connection()
    packed = connection.pack_command(*command)
    assert b"".join(packed) == b"".join(wire.python_pack(connection, *command))
    assert len(packed) == 1 or isinstance(command[2], memoryview)  # hiredis's one chunk


@pytest.mark.parametrize("bad", [None, True, [1], {"a": 1}])
def test_what_redis_py_refuses_is_refused(bad: Any) -> None:
    connection = Connection()
    with pytest.raises(DataError):
        wire.python_pack(connection, "SET", "k", bad)
    with pytest.raises(DataError):
        connection.pack_command("SET", "k", bad)


def test_another_encoding_packs_in_python() -> None:
    connection = Connection(encoding="latin-1")
    packed = connection.pack_command("SET", "k", "café")
    assert b"".join(packed) == b"*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$4\r\ncaf\xe9\r\n"


def test_pipelines_pack_with_it_too() -> None:
    connection = Connection()
    commands = COMMANDS[:3]
    assert b"".join(connection.pack_commands(commands)) == b"".join(
        b"".join(wire.python_pack(connection, *c)) for c in commands
    )


class Pipe:
    """Records what is queued."""

    def __init__(self) -> None:
        self.queued: list[tuple[tuple[Any, ...], dict[str, Any]]] = []

    def execute_command(self, *args: Any, **kwargs: Any) -> None:
        self.queued.append((args, kwargs))


class Unmapped:
    """A Cluster client that knows no slot yet."""

    def get_node_from_key(self, key: str) -> Any:
        raise SlotNotCoveredError(key)


def test_a_command_whose_slot_is_unknown_goes_unaddressed() -> None:
    pipe = Pipe()
    assert on_cluster(pipe, Unmapped(), ("evalsha", ("f" * 40, 1, "k", "a"), {}))
    assert on_cluster(pipe, Unmapped(), ("eval", ("return 1", 0), {}))
    assert on_cluster(pipe, Unmapped(), ("hmget", ("k", ["a", "b"]), {}))
    assert on_cluster(pipe, Unmapped(), ("hmget", ("k", "a", "b"), {}))  # as redis-py's hmget takes them
    assert on_cluster(pipe, Unmapped(), ("hgetall", ("k",), {}))
    assert not on_cluster(pipe, Unmapped(), ("hset", ("k",), {"mapping": {"a": 1}}))  # left to redis-py
    assert pipe.queued == [
        (("EVALSHA", "f" * 40, 1, "k", "a"), {}),
        (("EVAL", "return 1", 0), {}),
        (("HMGET", "k", "a", "b"), {}),
        (("HMGET", "k", "a", "b"), {}),
        (("HGETALL", "k"), {}),
    ]


@pytest.mark.backends("cluster")
async def test_a_script_addressed_to_a_node_that_lost_its_slot_is_redirected(
    redis: aioredis.Redis, prefix: str
) -> None:
    """redis-py follows a MOVED for a script or a read sent to a node given by `on_cluster` (the slot
    moved since the client learnt it), and sends the others where they belong; each reply is read as
    redis-py's method would read it (HGETALL's as a dict)."""
    assert isinstance(redis, RedisCluster)
    await redis.initialize()
    sha = await redis.script_load("redis.call('SET', KEYS[1], ARGV[1]) return ARGV[1]")
    keys = [f"{prefix}:{{{n}}}" for n in range(6)]
    owners = [redis.get_node_from_key(k) for k in keys]
    stale = redis.get_node_from_key(keys[0])
    wrong = next(n for n in redis.get_primaries() if n.name != stale.name)
    slot = redis.keyslot(keys[0])
    redis.nodes_manager.slots_cache[slot] = [wrong]  # the client's map is out of date for this slot
    async with redis.pipeline(transaction=False) as pipe:
        for n, key in enumerate(keys):
            on_cluster(pipe, redis, ("evalsha", (sha, 1, key, f"v{n}"), {}))
        replies = await pipe.execute(raise_on_error=False)
    assert replies == [f"v{n}" for n in range(6)]
    assert redis.get_node_from_key(keys[0]).name == stale.name  # the MOVED taught redis-py the slot again
    hashes = [f"{prefix}:h{{{n}}}" for n in range(2)]
    for h in hashes:
        await redis.hset(h, mapping={"a": "1", "b": "2"})
    owner = redis.get_node_from_key(hashes[0])
    elsewhere = next(n for n in redis.get_primaries() if n.name != owner.name)
    redis.nodes_manager.slots_cache[redis.keyslot(hashes[0])] = [elsewhere]
    async with redis.pipeline(transaction=False) as pipe:
        for h in hashes:
            on_cluster(pipe, redis, ("hmget", (h, ["b", "a", "c"]), {}))
            on_cluster(pipe, redis, ("hgetall", (h,), {}))
        replies = await pipe.execute(raise_on_error=False)
    assert replies == [["2", "1", None], {"a": "1", "b": "2"}] * 2
    assert redis.get_node_from_key(hashes[0]).name == owner.name
    assert [await redis.get(k) for k in keys] == [f"v{n}" for n in range(6)]
    assert len({o.name for o in owners}) > 1  # the others went to their nodes, more than one
