"""The defenders' signals: attitude to partner's lead, count to the declarer's, given and read alike."""

from __future__ import annotations

import random

from games.bridge import GAME, new_from_pbn, signals
from games.bridge.ai import MISPLAY, BridgeBot, Knowledge
from games.tricktaking import Play, Trick
from tests.games.test_bridge_ai import DEAL, calls


def test_a_high_spot_encourages_with_an_honour_and_shows_an_even_count() -> None:
    assert signals.choose(["7H", "2H", "4H"], ["KH", "7H", "4H", "2H"], "attitude") == "7H"
    assert signals.choose(["7H", "2H", "4H"], ["7H", "4H", "2H"], "attitude") == "2H"
    assert signals.choose(["8D", "3D"], ["8D", "3D"], "count") == "8D"  # two: high-low
    assert signals.choose(["8D", "3D", "5D"], ["8D", "5D", "3D"], "count") == "3D"  # three: the lowest
    assert signals.choose(["KH", "2H"], ["KH", "2H"], "attitude") is None  # one spot: nothing to say


def trick(leader: int, cards: str) -> Trick:
    plays = [Play(seat=(leader + k) % 4, card=c) for k, c in enumerate(cards.split())]
    return Trick(leader=leader, plays=plays)


def test_partners_first_card_in_a_suit_is_read_as_its_signal() -> None:
    # West (3) leads a heart, East (1) follows with the 8 (high: encourages); dummy North (0) then leads a
    # club and East follows with the 2 (low: an odd count); East's later heart is not a signal
    tricks = [trick(3, "AH 3H 8H 4H"), trick(0, "KC 2C 5C 6C"), trick(3, "KH 5H 7H 6H")]
    attitude, count = signals.given(tricks, 1)
    assert (attitude.card, attitude.kind, attitude.later) == ("8H", "attitude", ("8H", "7H"))
    assert (count.card, count.kind) == ("2C", "count")
    assert signals.fits(attitude, ["QH", "9S"])  # the queen: the 8 was encouraging
    assert not signals.fits(attitude, ["2H", "9S"])  # no honour, yet the 8 above the 2
    assert signals.fits(count, ["7C", "4C", "9S"])  # three clubs then: the 2 from an odd number
    assert not signals.fits(count, ["7C", "9S"])  # two clubs then: the 2 would have been high-low
    rng = random.Random(1)
    kept = sum(signals.accept([attitude], ["2H", "9S"], rng) for _ in range(1000))
    assert 100 < kept < 300  # a disagreeing holding is kept now and then (MISREAD of them)


def test_a_robot_defender_signals_among_the_cards_level_in_value() -> None:
    s = calls(new_from_pbn([DEAL]), "1N", "p", "3N", "p", "p", "p", "play:QH", "play:8H")
    view = GAME.view(s, 3)  # West follows to partner's queen with 7654 of hearts: no honour, discourage
    cards = ["7H", "6H", "5H", "4H"]
    assert BridgeBot.signal(view, cards, dict.fromkeys(cards, 10.0), 9.0) == "4H"
    worse = {"7H": 10.0, "6H": 10.0, "5H": 10.0, "4H": 0.0}  # the 4 would cost: the lowest of the others
    assert BridgeBot.signal(view, cards, worse, 9.0) == "5H"
    declarer = GAME.view(calls(s, "play:4H"), 0)  # the declarer's side never signals
    assert BridgeBot.signal(declarer, ["2H", "3H"], {"2H": 1.0, "3H": 1.0}, 0.0) is None


def test_a_defender_leads_the_top_of_equal_honours_and_follows_with_the_lowest() -> None:
    hand = ["KH", "QH", "JH", "5H", "AS"]
    assert signals.conventional("QH", hand, set(), leading=True) == "KH"
    assert signals.conventional("KH", hand, set(), leading=False) == "JH"
    assert signals.conventional("KH", ["KH", "JH"], {"QH"}, leading=False) == "JH"  # the queen is gone
    assert signals.conventional("KH", ["KH", "JH"], set(), leading=False) == "KH"  # not equal: the queen out
    assert signals.conventional("5H", hand, set(), leading=False) == "5H"  # spot cards are for signals


def test_partners_honours_are_read_for_their_equals() -> None:
    # West (3) leads the 4 of spades, East (1) plays the king third hand: by the convention no queen with it;
    # after the opening lead, East's queen of hearts led promises no king beside it
    tricks = [trick(3, "4S 2S KS AS"), trick(1, "QH 3H 5H 2H")]
    king, queen = (g for g in signals.given(tricks, 1) if g.kind in ("top", "lowest"))
    assert (king.card, king.kind, queen.card, queen.kind) == ("KS", "lowest", "QH", "top")
    assert signals.fits(king, ["JS", "9H"]) and not signals.fits(king, ["QS", "9H"])
    assert signals.fits(queen, ["JH", "9S"]) and not signals.fits(queen, ["KH", "9S"])
    assert not any(g.card == "4S" for g in signals.given(tricks, 3))  # the opening lead: no convention


def test_a_robot_defender_follows_with_the_lowest_of_its_equal_honours() -> None:
    s = calls(new_from_pbn([DEAL]), "1N", "p", "3N", "p", "p", "p")
    s = calls(s, "play:QH", "play:8H", "play:4H", "play:KH")
    view = GAME.view(calls(s, "play:2H"), 1)  # North leads a heart: East holds J T 9 of them
    assert BridgeBot.equal_honour(view, "JH") == "TH"
    assert BridgeBot.equal_honour(view, "9H") == "9H"
    view = GAME.view(calls(s, "play:AS"), 1)  # a spade: East follows with T 9 8, all equal
    assert BridgeBot.equal_honour(view, "TS") == "TS"  # the only honour among them


def test_an_imagined_deal_where_partners_last_card_was_not_its_best_weighs_less() -> None:
    s = calls(new_from_pbn([DEAL]), "1N", "p", "3N", "p", "p", "p")
    s = calls(s, "play:QH", "play:8H", "play:4H", "play:KH", "play:AD", "play:KD", "play:QD")
    for card, weight in (("3D", 1.0), ("TD", MISPLAY)):  # West's ten of diamonds gives a trick away
        t = calls(s, f"play:{card}")
        knowledge = Knowledge(GAME.view(t, 1), weigh="partner")
        assert knowledge.weight([list(h) for h in t.hands]) == weight


def test_an_imagined_deal_where_the_declarers_last_card_was_not_its_best_weighs_less() -> None:
    s = calls(new_from_pbn([DEAL]), "1N", "p", "3N", "p", "p", "p")
    s = calls(s, "play:QH", "play:8H", "play:4H", "play:KH", "play:4D", "play:2D")
    for card, weight in (("QD", 1.0), ("7D", MISPLAY)):  # dummy's seven of diamonds gives a trick away
        t = calls(s, f"play:{card}")
        hands = [list(h) for h in t.hands]
        assert Knowledge(GAME.view(t, 3), weigh="declarer").weight(hands) == weight
        assert Knowledge(GAME.view(t, 3), weigh="partner").weight(hands) == 1.0  # East's 2 was its best
        assert Knowledge(GAME.view(t, 3)).weight(hands) == 1.0  # nothing weighed


def test_a_card_whose_alternatives_were_all_equal_to_it_says_nothing() -> None:
    s = calls(new_from_pbn([DEAL]), "1N", "p", "3N", "p", "p", "p")
    s = calls(s, "play:QH", "play:8H", "play:4H", "play:KH", "play:4D", "play:2D", "play:QD", "play:3D")
    s = calls(s, "play:6C", "play:8C", "play:QC", "play:4C", "play:5D", "play:JD")
    s = calls(s, "play:8D", "play:6D")  # dummy's 8 from 9 8 7 of diamonds: all equal
    knowledge = Knowledge(GAME.view(s, 3), weigh="declarer", depth=3)
    assert knowledge.evidence == [(2, 0), (2, 2), (3, 0)]  # dummy's 6 of clubs led, the queen, the 5
    assert knowledge.forced(["9D", "8D", "7D"], 3, 2)
    assert not knowledge.forced(["QD", "8D", "7D"], 3, 2)


def test_the_deals_are_weighed_only_where_they_disagree_on_the_best_card() -> None:
    cards = ["AS", "2S", "3H"]
    level = [{"AS": 5.0, "2S": 5.0, "3H": 1.0}, {"AS": 3.0, "2S": 3.0, "3H": 3.0}]
    assert BridgeBot.agreed(cards, level)  # the ace is never worse: no weighing could change it
    split = [{"AS": 5.0, "2S": 1.0, "3H": 1.0}, {"AS": 1.0, "2S": 1.0, "3H": 3.0}]
    assert not BridgeBot.agreed(cards, split)
