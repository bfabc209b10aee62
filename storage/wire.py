"""Commands onto the wire: redis-py's asyncio connections pack them with hiredis's C packer, as its sync
connections do by default (`redis.connection.HiredisRespSerializer`). The asyncio ones still pack in
Python (redis/redis-py#4176, open): a person move sends ~14 commands of ~96 arguments, and packing them
in Python was 7 % of a move's instructions.

`install()` (done by `import storage`) makes every asyncio connection of the process — a single server's,
a Cluster's nodes', a Sentinel's master's — pack so. The bytes are the same (tested). A connection that
encodes otherwise than hiredis does (UTF-8, strict: redis-py's default, the only one this project uses),
an argument hiredis does not take (a memoryview; a type redis-py refuses too), and a process without
hiredis pack in Python as before.
"""

from __future__ import annotations

from typing import Any

from redis.asyncio.connection import AbstractConnection
from redis.utils import HIREDIS_AVAILABLE

if HIREDIS_AVAILABLE:
    import hiredis

python_pack = AbstractConnection.pack_command


def _pack(self: AbstractConnection, *args: Any) -> list[bytes]:
    """One command in the Redis protocol, as chunks (as redis-py's own `pack_command` returns it)."""
    encoder = self.encoder
    if encoder.encoding != "utf-8" or encoder.encoding_errors != "strict":
        return python_pack(self, *args)
    name, words = args[0], args
    if (" " if isinstance(name, str) else b" ") in name:  # "SCRIPT LOAD" goes as two words, as redis-py's
        words = (*name.split(), *args[1:])
    try:
        return [hiredis.pack_command(words)]
    except TypeError:  # (redis-py's converts a memoryview, and raises its DataError for the rest)
        return python_pack(self, *args)


def install() -> None:
    """Pack with hiredis from now on, when it is installed (once; a second call changes nothing)."""
    if HIREDIS_AVAILABLE:
        AbstractConnection.pack_command = _pack  # type: ignore[method-assign]
