import pytest

from games.cards import (
    CardError,
    in_language,
    make_deck,
    parse_card,
    parse_cards,
    pretty,
    shuffled,
    sort_hand,
)


@pytest.mark.parametrize(("size", "lowest"), [(24, "9"), (32, "7"), (36, "6"), (52, "2"), (54, "2")])
def test_decks_have_their_size_and_lowest_rank(size: int, lowest: str) -> None:
    deck = make_deck(size)
    assert len(deck) == len(set(deck)) == size
    assert min(c[0] for c in deck if c[0] != "X") == lowest or lowest == "2"
    assert f"{lowest}S" in deck
    assert ("X1" in deck) == (size == 54)


def test_unknown_deck_size_is_refused() -> None:
    with pytest.raises(ValueError):
        make_deck(40)


@pytest.mark.parametrize(
    ("text", "card"),
    [("7s", "7S"), ("10H", "TH"), ("th", "TH"), ("7♠", "7S"), ("10♦", "TD"), ("x1", "X1"), ("Д♥", "QH"),
     ("т♠", "AS"), ("Т♠", "AS"), ("В♦", "JD"), ("К♣", "KC")],
)  # fmt: skip
def test_parse_accepts_common_spellings(text: str, card: str) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["", "1S", "7Z", "10", "TT", "AS1"])
def test_parse_refuses_non_cards(text: str) -> None:
    with pytest.raises(CardError):
        parse_card(text)


def test_parse_cards_and_pretty() -> None:
    assert parse_cards("7S, 10d ac") == ["7S", "TD", "AC"]
    assert [pretty(c) for c in ["7S", "TD", "AC", "X2"]] == ["7♠", "10♦", "A♣", "🃏"]


def test_ru_and_uk_write_the_face_cards_with_their_own_letters() -> None:
    shown = " ".join(pretty(c) for c in ["JS", "QH", "KD", "AC", "TS", "X1"]) + " · play:QH · 4♠ · 10–К"
    assert in_language(shown, "ru") == "В♠ Д♥ К♦ Т♣ 10♠ 🃏 · play:QH · 4♠ · 10–К"
    assert in_language(shown, "uk") == in_language(shown, "ru") and in_language(shown, "en") == shown
    assert all(parse_card(in_language(pretty(c), "ru")) == c for c in make_deck(52))  # typed back as shown


def test_seeded_shuffle_is_deterministic_and_a_permutation() -> None:
    deck = make_deck(36)
    a, b, c = shuffled(deck, 1), shuffled(deck, 1), shuffled(deck, 2)
    assert a == b
    assert a != c
    assert sorted(a) == sorted(deck)


def test_sort_hand_puts_trumps_last() -> None:
    assert sort_hand(["AH", "6S", "7H", "KS"], trump="S") == ["7H", "AH", "6S", "KS"]
