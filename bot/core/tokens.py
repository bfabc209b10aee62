"""Button tokens: `table|version|action|signature`, at most 64 bytes (Telegram's callback data limit).

The signature (an HMAC truncated to 8 base64url characters, 48 bits) makes a forged or edited token —
another table's id, a modified action — fail to decode, so the host never has to trust the client.
The version lets the host tell a fresh button from one left behind by an earlier move. The signatures
made and the tokens decoded last are remembered (`_sign`, `decode`: pure functions of the secret and
their text): a hand's buttons are signed again, identically, after every other person's move, and a
press's token is read twice (for the table to load with the first round trip, then by its handler).
Actions starting with `@` are table commands (join, start, settings…); the rest are game actions.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass
from functools import lru_cache

from games.base import GameError
from storage.keys import base36

MAX_BYTES = 64
_SEP = "|"
REMEMBERED = 4096  # signatures and decoded tokens kept (each under 200 bytes)


@dataclass(frozen=True)
class Token:
    table: str
    version: int
    action: str


@lru_cache(maxsize=REMEMBERED)
def _sign(secret: bytes, payload: str) -> str:
    digest = hmac.digest(secret, payload.encode(), "sha256")  # one call into OpenSSL: no HMAC object
    return base64.urlsafe_b64encode(digest[:6]).decode()


def digest(action: str) -> str:
    """A short stand-in (`@h:<8 chars>`) for an action too long for a token; the host finds the action
    again among those it offers that person now."""
    return "@h:" + base64.urlsafe_b64encode(hashlib.sha256(action.encode()).digest()[:6]).decode()


def encode(secret: bytes, table: str, version: int, action: str) -> str:
    if _SEP in table or _SEP in action:
        raise ValueError("separator inside a token field")
    payload = _SEP.join((table, base36(version), action))
    token = f"{payload}{_SEP}{_sign(secret, payload)}"
    if len(token.encode()) > MAX_BYTES:
        raise ValueError(f"token longer than {MAX_BYTES} bytes: {action!r}")
    return token


def as_bytes(text: str) -> bytes:
    """Any str as bytes, never raising: lone surrogates (possible in JSON from a client) pass through."""
    return text.encode("utf-8", "surrogatepass")


def same(a: str, b: str) -> bool:
    """Constant-time comparison of two strings of any content (`compare_digest` refuses non-ASCII str)."""
    return hmac.compare_digest(as_bytes(a), as_bytes(b))


def meaning(token: str) -> str:
    """What a token does, without its signature; a table command (`@join`, `@settings`…) also without
    the version it was drawn at, so a table message whose buttons differ only in that looks the same.
    A move or a pick keeps its version: it says from which of its person's moves the button dates."""
    parts = token.split(_SEP)
    if len(parts) != 4:
        return token
    table, version, action, _sig = parts
    if action.startswith("@") and not action.startswith(("@pick:", "@h:")):
        return f"{table}{_SEP}{action}"
    return f"{table}{_SEP}{version}{_SEP}{action}"


def decode(secret: bytes, token: str) -> Token:
    """The token's fields; GameError("bad_token") for anything not signed by us, whatever its bytes."""
    if not isinstance(token, str):
        raise GameError("bad_token")
    return _decode(secret, token)


@lru_cache(maxsize=REMEMBERED)  # a token that fails raises: only good ones are remembered
def _decode(secret: bytes, token: str) -> Token:
    if len(as_bytes(token)) > MAX_BYTES:
        raise GameError("bad_token")
    parts = token.split(_SEP)
    if len(parts) != 4 or not token.isascii():  # every token we sign is ASCII
        raise GameError("bad_token")
    table, version, action, sig = parts
    if not same(sig, _sign(secret, _SEP.join(parts[:3]))):
        raise GameError("bad_token")
    try:
        number = int(version, 36)
    except ValueError:
        raise GameError("bad_token") from None
    return Token(table, number, action)
