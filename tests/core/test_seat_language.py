"""A press speaks the presser's language as their seat keeps it: read with the table (`Store.begin`), not
from their preferences (another slot of a Redis Cluster: a round trip more a move)."""

from __future__ import annotations

from bot.core.api import Press, SetLanguage
from tests.core.hosting import make_host, user
from tests.core.test_host import open_table

A, B = user(1), user(2)
CARDS = {"en": "Your cards", "ru": "Ваши карты", "uk": "Ваші карти"}


async def test_a_press_speaks_the_language_of_the_persons_seat(store) -> None:
    host, rec = make_host(store)
    table = await open_table(host, rec, bots=2, people=(A, B))
    updates = iter(range(1000))

    async def b_moves(old: bool = False) -> str:
        """B's next move (A and the AIs play until it is B's turn); the language B's hand is in then.
        `old`: the table as committed before seats' languages were kept (its `langs` field gone)."""
        while not rec.tokens(B):
            await host.settle()
            if rec.tokens(A):
                await host.handle(Press(user=A, token=rec.tokens(A)[0], update_id=f"u{next(updates)}"))
        if old:
            await store.redis.hdel(store.keys.table(table), "langs")
        out = await host.handle(Press(user=B, token=rec.tokens(B)[0], update_id=f"u{next(updates)}"))
        assert out.reply is None or not out.reply.alert, out.reply
        text = (rec.hand(B) or rec.table()).text()  # type: ignore[union-attr]
        return next(lang for lang, words in CARDS.items() if words in text)

    assert await b_moves() == "en"
    await store.redis.zadd(store.keys.user(B.key), {"gone1": 1})  # an index hint of a table long gone
    await host.handle(SetLanguage(user=B, lang="ru"))  # /lang: their seats follow (and their hand)
    assert CARDS["ru"] in rec.hand(B).text()  # type: ignore[union-attr]
    await store.set_user_lang(B.key, "uk")  # their preference alone changed: a press does not read it
    assert await b_moves() == "ru"
    # a table committed before seats' languages were kept: the press reads their preference, and its
    # commit keeps the seats' languages from then on
    assert await b_moves(old=True) == "uk"
    assert f"{B.key} uk" in (await store.redis.hget(store.keys.table(table), "langs")).split("\n")
