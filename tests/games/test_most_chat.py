"""Most in a chat: the hand's toggles and buttons (long hands by suit), and every message in en/ru/uk."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from bot.core.i18n import LANGUAGES, catalogs, t
from games.base import GameError
from games.cards import make_deck
from games.most import GAME, rules
from games.most.chat import CLEAR, GROUP
from tests.games.test_most import REAL, position

Use = tuple[str, dict[str, Any]]


def host_pick(state, seat: int, picked: list[str], item: str) -> list[str]:
    """What the host does on a pick press: the item must be offered; toggle; drop picks no longer offered."""
    assert item in GAME.offer(state, seat, picked).picks, item
    picked = [p for p in picked if p != item] if item in picked else [*picked, item]
    offer = GAME.offer(state, seat, picked)
    kept = [p for p in picked if p in offer.picks]
    return kept


def test_picked_cards_make_the_buttons() -> None:
    state = position([["7H", "8H", "X1", "KC", "2D", "9S"], ["3C"]], [(1, ["8S", "X2=9S", "TS"])])
    assert GAME.offer(state, 0).picks == state.hands[0]
    assert set(GAME.offer(state, 0).actions) == {"meld:X1=6H,7H,8H", "meld:7H,8H,X1=9H"}
    assert GAME.offer(state, 1) == GAME.offer(state, 1).__class__()  # not B's turn: nothing
    assert GAME.offer(state, 0, ["9S"]).actions == ["swap:9S"]  # never discarded while the joker stands
    assert GAME.offer(state, 0, ["KC"]).actions == ["discard:KC"]  # no meld of its own: no lay-off
    assert set(GAME.offer(state, 0, ["X1", "7H", "8H"]).actions) == {"meld:X1=6H,7H,8H", "meld:7H,8H,X1=9H"}
    (bad,) = GAME.offer(state, 0, ["7H", "KC", "2D"]).actions  # no meld: offered to say why
    assert GAME.why_illegal(state, 0, GAME.normalize(bad)).code == "not_a_meld"
    (bad,) = GAME.offer(state, 0, ["7H", "8H", "9S"]).actions
    assert GAME.why_illegal(state, 0, GAME.normalize(bad)).code == "not_a_meld"
    state, _ = GAME.apply(state, 0, "meld:7H,8H,X1=9H")
    assert "lay:KC:1" not in GAME.offer(state, 0, ["KC"]).actions
    assert GAME.offer(state, 0, ["2D"]).actions == ["discard:2D"]


def test_a_taken_card_is_melded_before_anything_else_is_offered() -> None:
    state = position([["7H", "8H", "KC"], ["2D"]], bridge=["5C", "9H", "QS"], phase="draw")
    assert GAME.offer(state, 0).actions == ["draw", "take:2"] and not GAME.offer(state, 0).picks
    state, _ = GAME.apply(state, 0, "take:2")
    assert GAME.offer(state, 0, ["KC"]).actions == []  # no discard yet
    assert GAME.offer(state, 0).actions == ["meld:7H,8H,9H"]  # the meld it needs, suggested
    assert GAME.offer(state, 0, ["7H", "8H", "9H"]).actions == ["meld:7H,8H,9H"]
    (bad,) = GAME.offer(state, 0, ["KC", "QS", "7H"]).actions
    assert GAME.why_illegal(state, 0, bad).code == "not_a_meld"


def test_a_long_hand_shows_one_suit_at_a_time_and_keeps_what_was_picked() -> None:
    deck = [c for c in make_deck(52) if c != "5C"]
    hand = [*random.Random(4).sample(deck, 22), "X1"]
    state = position([hand, ["5C"]], bridge=[])
    offer = GAME.offer(state, 0)
    toggles = [p for p in offer.picks if p.startswith(GROUP)]
    assert len(toggles) == 4 and len(offer.picks) + len(offer.actions) <= 25
    shown = [p for p in offer.picks if not p.startswith(GROUP)]
    suit = shown[0][1]
    assert "X1" in shown and all(c == "X1" or c[1] == suit for c in shown)
    picked = host_pick(state, 0, [], shown[0])
    other = next(s for s in "SHDC" if s != suit and GROUP + s in offer.picks)
    picked = host_pick(state, 0, picked, GROUP + other)
    offer = GAME.offer(state, 0, picked)
    assert shown[0] in offer.picks and all(
        c[1] == other for c in offer.picks if c not in (shown[0], "X1") and c[0] != GROUP
    )
    assert offer.actions and all(shown[0] in a for a in offer.actions)
    back = next(s for s in "SHDC" if s not in (suit, other) and GROUP + s in offer.picks)
    picked = host_pick(state, 0, picked, GROUP + back)
    assert picked == [shown[0], GROUP + back]  # the earlier suit toggle is dropped, the card kept
    two = host_pick(
        state,
        0,
        picked,
        next(c for c in GAME.offer(state, 0, picked).picks if c[0] != GROUP and c[1] == back),
    )
    assert CLEAR in GAME.offer(state, 0, two).picks and CLEAR not in GAME.offer(state, 0, picked).picks
    assert host_pick(state, 0, two, CLEAR) == []  # one press unpicks everything
    for _ in range(40):  # any sequence of presses stays within a Discord message
        offer = GAME.offer(state, 0, picked)
        assert len(offer.picks) + len(offer.actions) <= 25 or len([p for p in picked if p[0] != GROUP]) > 3
        picked = host_pick(state, 0, picked, random.Random(len(picked)).choice(offer.picks))


# -- every message ---------------------------------------------------------------------------------


def uses_in_random_games() -> list[Use]:
    uses: list[Use] = [("most.name", {}), ("most.summary", {}), ("most.pick.suit", {"suit": "S"})]
    for name in GAME.Options.model_fields:
        uses += [(f"most.option.{name}", {}), (f"most.option.{name}.help", {})]
    rng = random.Random(3)
    for seed in range(12):
        players = 2 + seed % 5
        state = GAME.new(players, {"target": 0}, seed=seed)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            for viewer in (None, seat):
                view = GAME.view(state, viewer)
                uses += GAME.status_lines(view) + GAME.hand_context(view)
                uses += [n for s in range(players) if (n := GAME.seat_status(view, s))]
            picked = rng.sample(state.hands[seat], min(len(state.hands[seat]), rng.choice([1, 3])))
            offer = GAME.offer(state, seat, picked)
            legal = GAME.legal_actions(state, seat)
            uses += [GAME.describe_action(a) for a in legal + offer.actions]
            uses += [GAME.describe_pick(p) for p in offer.picks]
            for wrong in (
                f"meld:{','.join(rng.sample(REAL, 3))}",
                f"lay:{rng.choice(REAL)}:3",
                "take:40",
                "zz",
            ):
                try:
                    GAME.apply(state, seat, wrong)
                except GameError as e:
                    uses.append((f"most.error.{e.code}", e.params))
            state, events = GAME.apply(state, seat, rng.choice(legal))
            uses += [(f"most.event.{e.kind}", dict(e.data)) for e in events]
    return uses


def test_every_message_exists_in_every_language_and_formats() -> None:
    uses = uses_in_random_games()
    codes = set(re.findall(r'GameError\("(\w+)"', Path(rules.__file__).read_text()))
    generic = {"game_over", "not_your_turn", "card_not_in_hand", "illegal_action"}  # the host's own wording
    uses = [
        (f"error.{k[11:]}" if k[11:] in generic and k.startswith("most.error.") else k, p) for k, p in uses
    ]
    keys = {k for k, _ in uses} | {f"most.error.{c}" for c in codes - generic}
    for lang in LANGUAGES:
        missing = sorted(k for k in keys if k not in catalogs()[lang])
        assert not missing, (lang, missing)
        for key, params in uses:
            full = {"name": "Ann", "owner": "Bob", "dealer": "Cy", "player": "Di", **params}
            assert t(lang, key, **full)
    ours = {k for k in catalogs()["en"] if k.startswith("most.")}
    for lang in ("ru", "uk"):
        assert {k for k in catalogs()[lang] if k.startswith("most.")} == ours


def test_offered_buttons_are_legal_but_for_a_picked_meld_that_says_why() -> None:
    rng = random.Random(11)
    for seed in range(6):
        state = GAME.new(2 + seed % 3, {"target": 0}, seed=seed)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            picked: list[str] = []
            for _ in range(rng.randint(0, 5)):
                offer = GAME.offer(state, seat, picked)
                if not offer.picks:
                    break
                picked = host_pick(state, seat, picked, rng.choice(offer.picks))
            offer = GAME.offer(state, seat, picked)
            chosen = [c for c in state.hands[seat] if c in picked]
            illegal = [a for a in offer.actions if not GAME.is_legal(state, seat, GAME.normalize(a))]
            if illegal:  # only the meld of exactly the picked cards, alone, and refused with a reason
                assert len(chosen) >= 3 and offer.actions == illegal == ["meld:" + ",".join(chosen)]
                assert GAME.why_illegal(state, seat, GAME.normalize(illegal[0])).code != "illegal_action"
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def test_the_draw_screen_mentions_a_take_only_when_one_is_offered() -> None:
    state = position([["7H", "8H", "KC"], ["2D"]], bridge=["5C", "9H", "QS"], phase="draw")
    assert "take:2" in GAME.legal_actions(state, 0)
    assert GAME.hand_context(GAME.view(state, 0))[0] == ("most.hand.draw", {})
    state = position([["7H", "2S", "KC"], ["2D"]], bridge=["5C", "9D", "QS"], phase="draw")
    assert GAME.legal_actions(state, 0) == ["draw"]
    assert GAME.hand_context(GAME.view(state, 0))[0] == ("most.hand.draw_only", {})
    rng = random.Random(5)
    state = GAME.new(3, {"target": 0}, seed=5)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        if state.phase == "draw":
            said = GAME.hand_context(GAME.view(state, seat))[0][0]
            assert (said == "most.hand.draw") == any(a.startswith("take:") for a in legal)
        state, _ = GAME.apply(state, seat, rng.choice(legal))


def test_a_single_game_shows_what_each_seat_laid_and_no_running_total() -> None:
    state = position([["7H", "8H", "KC"], ["2D"]], melds=[(1, ["9S", "TS", "JS"])], target=0)
    view = GAME.view(state, None)
    assert GAME.seat_status(view, 1) == ("most.seat.laid", {"points": 25})
    assert GAME.seat_points(view, 1) is None
    match = GAME.view(position([["7H"], ["2D"]], target=500), None)
    assert GAME.seat_points(match, 0) == 0
