"""Redis persistence: tables committed by compare-and-set, indexes, deadlines, preferences."""

from storage.connect import connect, ping
from storage.tables import Conflict, RedisMessageIds, Store, TableExists, Unavailable

__all__ = ["Conflict", "RedisMessageIds", "Store", "TableExists", "Unavailable", "connect", "ping"]
