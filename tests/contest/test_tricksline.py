"""The tricks line protocol message for message, against the examples of the spec (seed 002)."""

from __future__ import annotations

import pytest

import games
from games.base import GameError
from games.cards import make_deck
from games.protocol.speaker import BadAnswer
from games.protocol.tricksline import TricksLine

G = games.get("tricks")
NAMES = ["Jerry", "Mitch", "Cory", "Jimbo"]
DECK = make_deck(52)  # seat i of the first player gets every 4th card


def start(target: int = 50):
    state = G.new(4, {"target": target}, deals=[DECK] * 4)
    speaker = TricksLine(G, NAMES, 2.0, {})
    return state, speaker, speaker.start(state)


def play(state, speaker, seat: int, card: str):
    action = speaker.answer(f"|RESPONSE|card|{card}|END|", state, seat)
    state, events = G.apply(state, seat, action)
    return state, speaker.after(state, events)


def test_the_start_of_a_game() -> None:
    state, speaker, msgs = start()
    assert msgs == [
        (None, "|INFO|start game|Jerry|Mitch|Cory|Jimbo|END|"),
        (None, "|INFO|start hand|0|END|"),
        (0, "|INFO|cards|2S 6S TS AS 5H 9H KH 4D 8D QD 3C 7C JC|END|"),
        (1, "|INFO|cards|3S 7S JS 2H 6H TH AH 5D 9D KD 4C 8C QC|END|"),
        (2, "|INFO|cards|4S 8S QS 3H 7H JH 2D 6D TD AD 5C 9C KC|END|"),
        (3, "|INFO|cards|5S 9S KS 4H 8H QH 3D 7D JD 2C 6C TC AC|END|"),
        (None, "|INFO|start trick|0|Jerry|Mitch|Cory|Jimbo|END|"),
    ]
    assert speaker.query(state, 0) == [(0, "|QUERY|card|END|")]


def test_a_trick_and_the_next() -> None:
    state, speaker, _ = start()
    lines = []
    for seat, card in [(0, "6S"), (1, "7S"), (2, "4S"), (3, "5S")]:
        state, msgs = play(state, speaker, seat, card)
        lines += [text for _, text in msgs]
    assert lines == [
        "|INFO|played|Jerry|6S|END|",
        "|INFO|played|Mitch|7S|END|",
        "|INFO|played|Cory|4S|END|",
        "|INFO|played|Jimbo|5S|END|",
        "|INFO|end trick|0|Mitch|1|END|",  # trick number, winner, the winner's total score
        "|INFO|start trick|1|Mitch|Cory|Jimbo|Jerry|END|",  # the winner leads
    ]


def play_first_legal(state, speaker, hands: int = 1):
    """Play first legal cards until `hands` hands are over; every message on the way, in order."""
    out = []
    while state.hand_no < hands and not G.is_over(state):
        (seat,) = G.to_act(state)
        state, msgs = play(state, speaker, seat, G.legal_actions(state, seat)[0].removeprefix("play:"))
        out += msgs
    return state, out


def test_a_hand_ends_and_the_next_starts_with_the_second_player() -> None:
    state, speaker, _ = start()
    state, msgs = play_first_legal(state, speaker)
    texts = [t for _, t in msgs]
    assert sum(t.startswith("|INFO|end trick|") for t in texts) == 13
    assert texts[texts.index("|INFO|end hand|0|END|") + 1] == "|INFO|start hand|1|END|"
    assert [t for s, t in msgs if s == 1] == [f"|INFO|cards|{' '.join(state.hands[1])}|END|"]
    assert texts[-1] == "|INFO|start trick|0|Mitch|Cory|Jimbo|Jerry|END|"
    ends = [t.split("|") for t in texts if t.startswith("|INFO|end trick|")]
    assert [int(f[3]) for f in ends] == list(range(13))
    assert sum(state.points) == 13


def test_a_bad_card_costs_100_and_the_hand_is_dealt_again() -> None:
    state, speaker, _ = start()
    state, _ = play(state, speaker, 0, "6S")
    with pytest.raises(BadAnswer) as e:
        speaker.answer("|RESPONSE|card|floober|END|", state, 1)
    state, events = G.penalize(state, 1, e.value.shown)
    msgs = speaker.after(state, events)
    assert msgs[0] == (None, "|INFO|bad card|Mitch|floober|END|")
    assert [s for s, _ in msgs[1:5]] == [0, 1, 2, 3] and all("|INFO|cards|" in t for _, t in msgs[1:5])
    assert msgs[5] == (None, "|INFO|start trick|0|Jerry|Mitch|Cory|Jimbo|END|")  # same hand, same first
    assert len(msgs) == 6
    assert state.points == [0, -100, 0, 0] and [len(h) for h in state.hands] == [13] * 4
    assert state.hand_no == 0 and G.to_act(state) == [0]


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        ("|RESPONSE|card|QS|END|", "QS"),  # not in Mitch's hand
        ("|RESPONSE|card|2C|END|", "2C"),  # in the hand, but spades were led
        ("|RESPONSE|card|7S", "RESPONSEcard7S"),
        ("7S", "7S"),
        ("", ""),
        ("|RESPONSE|card|7S|END|extra|", "RESPONSEcard7SENDextra"),
    ],
)
def test_bad_answers(line: str, shown: str) -> None:
    state, speaker, _ = start()
    state, _ = play(state, speaker, 0, "6S")
    with pytest.raises(BadAnswer) as e:
        speaker.answer(line, state, 1)
    assert e.value.shown == shown
    assert speaker.answer(" |RESPONSE|card|7S|END|\r", state, 1) == "play:7S"


def test_the_end_of_a_game() -> None:
    state, speaker, _ = start(target=2)
    state, msgs = play_first_legal(state, speaker)
    texts = [t for _, t in msgs]
    assert G.is_over(state) and texts[-2].startswith("|INFO|end trick|")
    assert texts[-1] == "|INFO|end hand|0|END|"  # the hand ends where the game does
    assert speaker.end(state, [100, 20, 83, 3], [0], []) == [
        (None, "|INFO|end game|Jerry 100|Mitch 20|Cory 83|Jimbo 3|END|")
    ]


def test_the_bad_card_rule_is_no_action_a_chat_player_can_take() -> None:
    state = G.new(4, seed=1)
    seat = G.to_act(state)[0]
    assert all(
        a.startswith("play:") and a.removeprefix("play:") in state.hands[seat]
        for a in G.offer(state, seat).actions
    )
    for junk in ("bad:x", "play:ZZ", "penalize", "bad_card"):
        with pytest.raises(GameError):
            G.apply(state, seat, junk)
    with pytest.raises(GameError):  # only the player to act can send a bad card
        G.penalize(state, (seat + 1) % 4, "x")
    over = G.new(4, {"target": 1}, seed=1)
    while not G.is_over(over):
        (s,) = G.to_act(over)
        over, _ = G.apply(over, s, G.legal_actions(over, s)[0])
    with pytest.raises(GameError):
        G.penalize(over, 0, "x")
