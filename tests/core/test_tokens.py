"""Button tokens: fit Telegram's 64 bytes, round-trip, and refuse anything we did not sign."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.core.tokens import MAX_BYTES, decode, encode
from games.base import GameError

SECRET = b"test-secret"


def test_round_trip() -> None:
    token = encode(SECRET, "k3x9", 1234, "lead:7S:dump:H")
    decoded = decode(SECRET, token)
    assert (decoded.table, decoded.version, decoded.action) == ("k3x9", 1234, "lead:7S:dump:H")
    assert len(token.encode()) <= MAX_BYTES


@given(
    table=st.text("0123456789abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=10),
    version=st.integers(0, 10**9),
    action=st.text("abcdefghijklmnopqrstuvwxyz0123456789:@TJQKASHDC", min_size=1, max_size=24),
)
def test_any_short_action_fits_and_round_trips(table: str, version: int, action: str) -> None:
    token = encode(SECRET, table, version, action)
    assert len(token.encode()) <= MAX_BYTES
    assert decode(SECRET, token).action == action


@pytest.mark.parametrize(
    "mutate",
    [
        lambda tok: tok.replace("play:QH", "play:AS"),  # a modified action
        lambda tok: "zzzz" + tok[tok.index("|") :],  # another table's id
        lambda tok: tok[:-1] + ("A" if tok[-1] != "A" else "B"),  # a broken signature
        lambda tok: "garbage",
        lambda tok: "",
        lambda tok: tok + "|extra",
        lambda tok: "x" * 200,
    ],
)
def test_forged_tokens_are_refused(mutate) -> None:
    token = encode(SECRET, "t1", 7, "play:QH")
    with pytest.raises(GameError) as err:
        decode(SECRET, mutate(token))
    assert err.value.code == "bad_token"


def test_another_secret_is_refused() -> None:
    with pytest.raises(GameError):
        decode(b"other", encode(SECRET, "t1", 7, "play:QH"))


def test_overlong_action_is_refused_at_encoding() -> None:
    with pytest.raises(ValueError):
        encode(SECRET, "t1", 7, "x" * 60)


def test_a_remembered_token_vouches_for_no_other() -> None:
    """Signatures and decoded tokens are remembered: a good token read twice, then its edits, another
    secret and a forged signature for another action are still refused."""
    token = encode(SECRET, "t1", 7, "play:QH")
    assert decode(SECRET, token) == decode(SECRET, token)
    signature = token.rsplit("|", 1)[1]
    for forged in (f"t1|7|play:AS|{signature}", f"t2|7|play:QH|{signature}", f"t1|8|play:QH|{signature}"):
        with pytest.raises(GameError):
            decode(SECRET, forged)
    with pytest.raises(GameError):
        decode(b"other", token)
