"""Redis persistence: tables committed by compare-and-set, indexes, deadlines, preferences."""

from storage.connect import connect, ping
from storage.messages import Keyed, RedisMessageIds
from storage.tables import Conflict, Store, TableExists, Unavailable

__all__ = [
    "Conflict",
    "Keyed",
    "RedisMessageIds",
    "Store",
    "TableExists",
    "Unavailable",
    "connect",
    "ping",
]
