"""Any bytes in, a clear answer out: every decoder of client data, fuzzed with random text and Unicode.

Client data reaches the bot as callback data (Telegram), custom ids (Discord), deep-link payloads
(`/start …`) and typed actions. Whatever it holds — non-ASCII, lone surrogates, separators, huge or
empty strings — each decoder answers "not ours" (None / `GameError`), never another exception, and a
table it names is left as it was.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from bot.core.api import Act, AddBot, NewTable, Press, Start
from bot.core.i18n import t
from bot.core.tokens import decode, encode
from bot.discord.paging import parse_nav
from bot.discord.refs import peek
from bot.telegram.refs import join_payload, parse_join, peek_action
from games.base import GameError
from tests.core.hosting import CHAT, make_host, user

SECRET = b"test-secret"
BOT_TOKEN = "123:secret"

# text of every kind: any code point (lone surrogates included), and valid tokens with junk spliced in
ANY_TEXT = st.text(st.characters(codec=None), max_size=120)
NON_ASCII = st.text(st.characters(min_codepoint=128), min_size=1, max_size=8)


def spliced(valid: str) -> st.SearchStrategy[str]:
    """`valid` with some Unicode inserted, replacing or appended at a random place."""
    return st.tuples(st.integers(0, len(valid)), st.integers(0, 3), NON_ASCII).map(
        lambda p: valid[: p[0]] + p[2] + valid[p[0] + p[1] :]
    )


VALID_TOKEN = encode(SECRET, "k3x9", 12, "play:QH")


@given(st.one_of(ANY_TEXT, spliced(VALID_TOKEN), st.binary(max_size=80).map(lambda b: b.decode("latin-1"))))
def test_tokens_decode_or_refuse_as_not_valid(data: str) -> None:
    try:
        token = decode(SECRET, data)
    except GameError as e:
        assert e.code == "bad_token"
    else:  # only our own token decodes
        assert data == VALID_TOKEN and token.action == "play:QH"


@pytest.mark.parametrize("junk", ["k3x9|c|play:QH|ё", "ё|c|play:QH|AAAAAAAA", "\udc80|1|x|y", "jab12_ё", "²"])
def test_known_non_ascii_tokens_are_not_valid(junk: str) -> None:
    with pytest.raises(GameError) as err:
        decode(SECRET, junk)
    assert err.value.code == "bad_token"


VALID_JOIN = join_payload(BOT_TOKEN, "ab12")


@given(st.one_of(ANY_TEXT, spliced(VALID_JOIN), st.just("jab12_ё"), st.just("j_"), st.just("jё_x")))
def test_join_payloads_parse_or_refuse(payload: str) -> None:
    table = parse_join(BOT_TOKEN, payload)
    assert table is None or (payload == VALID_JOIN and table == "ab12")


@given(st.one_of(ANY_TEXT, spliced(VALID_TOKEN)))
def test_peeks_never_raise(data: str) -> None:
    for hint in (peek_action(data), peek(data)):
        assert hint is None or (isinstance(hint[0], str) and isinstance(hint[1], str))


@given(st.one_of(ANY_TEXT, spliced("kz:pg:12"), st.just("kz:pg:²"), st.just("kz:pg:١٢")))
def test_page_buttons_parse_or_refuse(custom_id: str) -> None:
    page = parse_nav(custom_id)
    assert page is None or (0 <= page < 1000 and custom_id.endswith(str(page)))


# -- through the host: the answer a person sees ----------------------------------------------------

FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@FUZZ
@given(data=st.one_of(ANY_TEXT, spliced(VALID_TOKEN)))
async def test_a_junk_press_is_answered_not_valid(store, data: str) -> None:
    host, rec = make_host(store)
    out = await host.handle(Press(user=user(1), token=data, chat=CHAT))
    assert out.reply is not None and out.reply.alert
    assert out.reply.text == t("en", "error.bad_token")
    assert out.deliveries == [] and rec.deliveries == []


@pytest.mark.parametrize("game", sorted(g.key for g in games.all_games()))
async def test_junk_typed_actions_change_nothing(store, game: str) -> None:
    """Random strings typed as actions at a running table of every game, by the person whose turn it
    is: an error in their language, the table unchanged."""
    host, _rec = make_host(store)
    out = await host.handle(NewTable(user=user(1), chat=CHAT, game=game))
    table = out.table
    assert table is not None
    for _ in range(games.get(game).min_players - 1):
        await host.handle(AddBot(user=user(1), chat=CHAT))
    started = await host.handle(Start(user=user(1), chat=CHAT))
    assert started.reply is None or not started.reply.alert, started.reply
    await host.settle()  # the AIs move until it is the person's turn
    before = await store.load(table)
    rng = random.Random(game)
    alphabet = "abcdeilnpstwxy:@_-0123456789TJQKAHSDCX²ё♠\udc80|"
    samples = ["", ":", "attack:X1", "bid:²", "play:", "play:QH:top:", "@h:zzzzzzzz", "bid:-1", "play:ZZ"]
    samples += ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 14))) for _ in range(60)]
    g = games.get(game)
    state = g.load((await host.load(table)).state)
    legal = {a for seat in g.to_act(state) for a in g.legal_actions(state, seat)}
    for text in samples:
        try:
            if g.normalize(text) in legal:
                continue  # random letters that happen to spell a legal move (`Ks` in dvorovoy)
        except GameError:
            pass
        out = await host.handle(Act(user=user(1), chat=CHAT, action=text))
        assert out.reply is not None and out.reply.alert, (text, out.reply)
        assert out.reply.text, text
    assert await store.load(table) == before
