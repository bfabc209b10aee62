"""Redis persistence: tables committed by compare-and-set, indexes, deadlines, preferences."""

from storage import wire
from storage.connect import connect, ping
from storage.messages import Keyed, RedisMessageIds
from storage.pacing import RedisPacer
from storage.tables import Conflict, Duplicate, Store, TableExists, Unavailable

__all__ = [
    "Conflict",
    "Duplicate",
    "Keyed",
    "RedisMessageIds",
    "RedisPacer",
    "Store",
    "TableExists",
    "Unavailable",
    "connect",
    "ping",
]

wire.install()
