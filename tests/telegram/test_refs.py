"""Pure pieces of the adapter: HTML that Telegram accepts, keyboards, deep-link payloads, /new arguments."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.core.outcome import Button, Screen
from bot.telegram.refs import join_payload, keyboard, parse_join, peek_action, screen_html
from bot.telegram.tables import parse_new
from tests.telegram.fakeapi import ApiError, _checked_markup, _checked_text

SECRET = "123:secret"


@given(st.text(max_size=200), st.lists(st.text(max_size=300), max_size=40))
def test_any_screen_is_html_telegram_accepts(title: str, lines: list[str]) -> None:
    text = screen_html(Screen(title=title, lines=lines))
    assert len(text) <= 4096
    _checked_text(text, "HTML")  # raises ApiError like Telegram would


def test_a_long_screen_is_cut_by_whole_lines() -> None:
    text = screen_html(Screen(title="T", lines=[f"line {i} " + "x" * 90 for i in range(100)]))
    assert len(text) <= 4096 and text.endswith("…") and text.startswith("<b>T</b>\nline 0 ")
    assert all(re.fullmatch(r"line \d+ x{90}", line) for line in text.split("\n")[1:-1])


def test_keyboards_keep_rows_tokens_links_and_styles() -> None:
    screen = Screen(
        buttons=[
            [
                Button(label="Join", token="t|1|@join|sig", style="primary"),
                Button(label="Go", url="https://t.me/x"),
            ],
            [Button(label="Too long", token="x" * 65)],
        ]
    )
    markup = keyboard(screen)
    assert markup is not None
    rows = [[b.model_dump(exclude_none=True) for b in row] for row in markup.inline_keyboard]
    assert rows == [
        [
            {"text": "Join", "callback_data": "t|1|@join|sig", "style": "primary"},
            {"text": "Go", "url": "https://t.me/x"},
        ]
    ]
    _checked_markup({"inline_keyboard": rows})
    assert keyboard(Screen(lines=["no buttons"])) is None


def test_the_fake_refuses_what_telegram_refuses() -> None:
    with pytest.raises(ApiError):
        _checked_text("<b>a & b</b>", "HTML")
    with pytest.raises(ApiError):
        _checked_markup({"inline_keyboard": [[{"text": "x", "callback_data": "y" * 65}]]})


@given(st.from_regex(r"[g-z][0-9a-f]{1,12}", fullmatch=True))
def test_join_payloads_round_trip_and_fit_a_start_parameter(table: str) -> None:
    payload = join_payload(SECRET, table)
    assert re.fullmatch(r"[A-Za-z0-9_-]{1,64}", payload)
    assert parse_join(SECRET, payload) == table
    assert parse_join("other:secret", payload) is None
    forged = "j" + ("g" if table[0] != "g" else "h") + table[1:] + payload[len(table) + 1 :]
    assert parse_join(SECRET, forged) is None


def test_peek_reads_only_well_formed_tokens() -> None:
    assert peek_action("k1|a|@join|abcdefgh") == ("k1", "@join")
    assert peek_action("lang:ru") is None
    assert peek_action("|1|@join|x") is None


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (None, ("rozpysnyi", None, {})),
        ("durak", ("durak", None, {})),
        ("poker short", ("rozpysnyi", "short", {})),
        ("short", ("rozpysnyi", "short", {})),
        ("rozpysnyi schedule=1,D,N", ("rozpysnyi", None, {"schedule": "1,D,N"})),
        ("poker schedule=1 5 D N", ("rozpysnyi", None, {"schedule": "1 5 D N"})),
        (
            "poker quick schedule=1 5 D N poker_card_id=8H",
            ("rozpysnyi", "quick", {"schedule": "1 5 D N", "poker_card_id": "8H"}),
        ),
        ("chess", ("chess", None, {})),
        ("perevodnoy", ("durak", "perevodnoy", {})),  # an alias that names a variant sets it
        ("переводной deck=24", ("durak", "perevodnoy", {"deck": "24"})),
        ("perevodnoy short", ("durak", "short", {"variant": "perevodnoy"})),
    ],
)
def test_new_arguments(args: str | None, expected: tuple[str, str | None, dict[str, str]]) -> None:
    assert parse_new(args) == expected


def test_adapter_strings_exist_in_every_language_with_the_same_fields() -> None:
    import string

    from bot.core.i18n import LANGUAGES, catalogs

    cats = catalogs()
    keys = {k for k in cats["en"] if k.startswith("telegram.")}
    assert len(keys) >= 19
    for lang in LANGUAGES:
        assert keys <= set(cats[lang]), lang
        for key in keys:
            fields = {f for _, f, _, _ in string.Formatter().parse(str(cats[lang][key])) if f}
            assert fields == {f for _, f, _, _ in string.Formatter().parse(str(cats["en"][key])) if f}
