"""The bridge robot: deals it imagines fit what it saw and heard; claims answered double-dummy; legal play."""

from __future__ import annotations

import random

from games.bridge import GAME, BridgeState, judge, leads, new_from_pbn, sampling, solver, system
from games.bridge import auction as auc
from games.bridge.ai import BridgeBot, Knowledge
from games.bridge.auction import side

GAME_DECK = [r + s for s in "SHDC" for r in "23456789TJQKA"]
DEAL = "N:AKQ2.K32.A54.Q32 T98.QJT9.KJ2.J54 J76.A8.Q987.AK76 543.7654.T63.T98"
BOT = BridgeBot(budget=0.05, samples=4, judgement=False, lead_samples=4)  # the judgement has its own tests


def calls(state: BridgeState, *seq: str) -> BridgeState:
    for c in seq:
        state, _ = GAME.apply(state, GAME.to_act(state)[0], GAME.normalize(c))
    return state


def test_imagined_deals_keep_known_cards_counts_voids_and_the_auctions_meaning() -> None:
    s = calls(new_from_pbn([DEAL]), "1N", "p", "3N", "p", "p", "p")
    s = calls(s, "play:QH", "play:8H", "play:4H", "play:KH")  # North wins
    s = calls(s, "play:AD", "play:2D", "play:7D", "play:3D")
    s = calls(s, "play:4D", "play:JD", "play:8D", "play:6D")  # East wins
    s = calls(s, "play:JH", "play:AH", "play:5H", "play:2H")  # dummy wins
    s = calls(s, "play:QD", "play:TD", "play:5D", "play:KD")  # East's king
    view = GAME.view(s, 1)  # East, a defender: sees its hand and dummy
    k = Knowledge(view)
    assert k.hidden == [0, 3]
    rng = random.Random(1)
    for _ in range(30):
        hands = k.deals(rng)
        assert hands[1] == s.hands[1] and hands[2] == s.hands[2]
        assert sorted(c for h in hands for c in h) == sorted(c for h in s.hands for c in h)
        assert [len(h) for h in hands] == [len(h) for h in s.hands]
        north = system.Hand.of(hands[0] + k.played[0])
        assert 15 <= north.hcp <= 17 and all(
            2 <= n <= 5 for n in north.length.values()
        )  # 1NT: 15–17 balanced
    assert Knowledge(GAME.view(s, 0)).hidden == [1, 3]  # the declarer sees dummy, not the defenders


def test_a_seat_that_showed_out_gets_none_of_that_suit() -> None:
    s = calls(new_from_pbn([DEAL]), "1S", "p", "2S", "p", "p", "p")  # North declares ♠, East leads
    s = calls(s, "play:JD", "play:7D", "play:3D", "play:AD")
    s = calls(s, "play:5D", "play:KD", "play:8D", "play:6D")
    s = calls(s, "play:2D", "play:9D", "play:TD", "play:4D")  # all follow three rounds
    s = calls(s, "play:8C", "play:2C", "play:4C", "play:AC")  # West leads a club
    s = calls(s, "play:QD", "play:TC", "play:2S", "play:5C")  # dummy's ♦Q: West shows out, North ruffs
    k = Knowledge(GAME.view(s, 2 if GAME.to_act(s) == [2] else 0))
    assert "D" in k.voids[3]
    rng = random.Random(2)
    for _ in range(30):
        hands = k.deals(rng)
        assert not any(c[1] == "D" for c in hands[3])


def test_a_claim_is_accepted_exactly_when_it_is_right_double_dummy() -> None:
    s = calls(new_from_pbn([DEAL]), "1N", "p", "3N", "p", "p", "p", "play:QH")
    # dummy is to play: its side's best from here is what the declarer makes double-dummy
    makes = max(solver.tricks_per_card(s.hands, "N", 1, ["QH"]).values())
    for n in range(makes - 1, 14):
        claimed, _ = GAME.apply(s, 0, f"claim:{n}")
        for defender in (1, 3):
            answer = BOT.choose(GAME.view(claimed, defender), ["accept", "reject"], random.Random(0))
            assert answer == ("accept" if n <= makes else "reject"), (n, makes)


def test_robots_play_whole_boards_with_legal_calls_and_cards_in_every_preset() -> None:
    rng = random.Random(3)
    for preset in ("contest", "quick"):
        state = GAME.new(4, GAME.presets[preset], seed=11)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            action = BOT.choose(GAME.view(state, seat), legal, rng)
            assert action in legal
            state, _ = GAME.apply(state, seat, action)
        r = state.results[0]
        assert r.contract is not None and r.tricks is not None
        if preset == "contest":
            assert "X" not in r.contract


def test_the_declarer_robot_takes_at_least_the_double_dummy_tricks_against_a_weak_defence() -> None:
    deal = "N:AKQ2.AKQ.AKQ.432 JT98.JT9.JT9.JT9 7654.8765.8765.A 3.432.432.KQ8765"
    s = calls(new_from_pbn([deal], {"boards": 1, "compare": "points"}), "7N", "p", "p", "p")
    rng = random.Random(4)
    while not GAME.is_over(s):
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        if side(seat) == 0:
            action = BOT.choose(GAME.view(s, seat), legal, rng)
        else:
            action = next(a for a in legal if a.startswith("play:"))
        s, _ = GAME.apply(s, seat, action)
    taken = s.results[0].tricks
    assert taken is not None and taken >= solver.dd_table(s.dealt)["N"][0]


def test_the_deals_imagined_in_the_auction_fit_every_seats_calls() -> None:
    calls = [auc.long(t) for t in ("1N", "P", "2C", "P", "2H", "P")]  # 1NT, Stayman, four hearts
    sit = system.read(0, calls)
    mine = ["AS", "KS", "QS", "2S", "3H", "4H", "5H", "2D", "3D", "4D", "2C", "3C", "4C"]  # West's
    rng = random.Random(6)
    for _ in range(20):
        hands = sampling.imagine(mine, system.advance(sit, auc.PASS), rng)  # as West, after West's pass
        assert hands is not None and hands[3] == mine
        assert sorted(c for h in hands for c in h) == sorted(GAME_DECK)
        north = system.Hand.of(hands[0])
        assert 15 <= north.hcp <= 17 and north.length["H"] >= 4
        assert all(2 <= n <= 5 for n in north.length.values())  # balanced


def test_the_judgement_keeps_the_systems_call_where_there_is_nothing_to_judge() -> None:
    hand = ["AS", "KS", "QS", "2S", "3S", "4H", "5H", "2D", "3D", "4D", "2C", "3C", "AC"]
    sit = system.read(0, [])
    legal = auc.legal_calls(0, [])
    assert judge.judge(hand, sit, [False, False], legal, random.Random(1)) == system.choose(hand, sit)[0]
    calls = [auc.long(t) for t in ("1S", "P", "2S", "P")]  # partner raised: a decision of judgement
    sit = system.read(0, calls)
    offered = judge.candidates(hand, sit, system.choose(hand, sit)[0], auc.legal_calls(0, calls))
    assert offered[0] == system.choose(hand, sit)[0]
    assert "bid:4S" in offered and "bid:3S" not in offered and "bid:6S" not in offered  # 14 points at most


def test_slam_is_weighed_only_where_the_system_reaches_game_with_the_values_for_it() -> None:
    sit = system.read(0, [auc.long(t) for t in ("1N", "P", "2H", "P", "2S", "P")])  # a transfer, completed
    legal = auc.legal_calls(0, sit.calls)
    strong = [r + "S" for r in "AKQJ72"] + ["KH", "2H", "AD", "3D", "2D", "3C", "2C"]  # 17 opposite 15–17
    weak = [r + "S" for r in "KQ9872"] + ["QH", "2H", "JD", "3D", "2D", "KC", "8C"]  # 11: game at most
    for cards in (strong, weak):
        assert system.choose(cards, sit)[0] == "bid:4S"  # the system's game
    assert judge.slam_candidates(weak, sit, "bid:4S", legal) == []
    assert judge.slam(weak, sit, (False, False), "bid:4S", legal, random.Random(1)) == "bid:4S"
    assert {"bid:6S", "bid:6N", "bid:7S"} <= set(judge.slam_candidates(strong, sit, "bid:4S", legal))
    assert judge.slam(strong, sit, (False, False), "bid:4S", legal, random.Random(1)) in ("bid:6S", "bid:6N")
    part = system.read(0, [auc.long(t) for t in ("1S", "P")])  # no game reached, partner has not bid
    assert judge.slam_candidates(strong, part, "bid:2S", auc.legal_calls(0, part.calls)) == []


def test_a_sacrifice_is_weighed_only_when_outbid_at_a_vulnerability_that_allows_it() -> None:
    sit = system.read(0, [auc.long(t) for t in ("1H", "1S", "4H")])  # partner overcalled, they bid game
    legal = auc.legal_calls(0, sit.calls)
    west = ["QS", "JS", "9S", "4S", "9D", "7D", "5D", "4D", "3D", "8C", "7C", "6C", "5C"]  # 3 points
    equal = (False, False)
    assert system.choose(west, sit, equal)[0] == auc.PASS
    assert judge.sacrifice_candidates(west, sit, equal, auc.PASS, legal) == ["bid:4S"]
    assert judge.sacrifice_candidates(west, sit, (False, True), auc.PASS, legal) == []  # we alone vulnerable
    short = ["QS", "2S", "9H", "8H", "4H", "3H", "2H", "9D", "7D", "5D", "4D", "7C", "6C"]
    assert judge.sacrifice_candidates(short, sit, equal, auc.PASS, legal) == []  # no fit to play in
    ours = system.read(0, [auc.long(t) for t in ("1H", "1S", "2H", "4S", "5H")])  # their 5♥ over our game
    assert judge.sacrifice_candidates(west, ours, equal, auc.PASS, auc.legal_calls(0, ours.calls)) == []
    # 4♠ doubled, a few down, costs less than their game on the imagined deals (six seeds out of six)
    assert judge.sacrifice(west, sit, equal, auc.PASS, legal, random.Random(2)) == "bid:4S"


def test_a_club_players_lead_partners_suit_the_top_of_a_sequence_no_ace_led_away_from() -> None:
    hand = ["KS", "QS", "JS", "5S", "AH", "7H", "4H", "9D", "8D", "3D", "6C", "4C", "2C"]
    calls = [auc.long(t) for t in ("1N", "P", "3N", "P", "P", "P")]  # North declares 3NT, East leads
    like = leads.preference(hand, "N", 0, calls, 1)
    assert max(like, key=like.get) == "KS"  # the top of a sequence in the longest suit
    calls = [auc.long(t) for t in ("1H", "P", "2H", "2D", "4H", "P", "P", "P")]  # West bid diamonds
    like = leads.preference(hand, "H", 0, calls, 1)
    assert max(like, key=like.get) == "9D"  # partner's suit, the top of three small
    assert like["KS"] > like["5S"] > like["6C"] > like["4H"]  # a sequence's top; not their trumps


def test_a_deal_is_found_whenever_the_suits_shown_out_of_allow_one() -> None:
    # two unseen hands, one out of hearts and one out of spades: the first drawn must take every spade
    # left; drawn at random it missed one about seven times in a hundred and the robot had no deal
    spades, hearts = ["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]
    others = [r + s for s in "DC" for r in "23456"]
    pool, need = spades + hearts + others, {1: 9, 3: 9}
    out_of = {1: "H", 3: "S"}

    def eligible(seat: int, card: str) -> bool:
        return card[1] != out_of[seat]

    for seed in range(200):
        found = sampling.deal(pool, need, lambda s, h: True, random.Random(seed), eligible)
        assert found is not None, seed
        assert sorted(found[1] + found[3]) == sorted(pool)
        assert not any(c[1] == "H" for c in found[1]) and not any(c[1] == "S" for c in found[3])


def test_the_replay_never_imagines_a_hand_the_system_would_have_bid_otherwise() -> None:
    calls = [auc.long(t) for t in ("1H", "P", "P")]  # North opened 1♥, East and South passed; West to call
    mine = ["AS", "KS", "2S", "3S", "4H", "5H", "2D", "3D", "4D", "5D", "2C", "3C", "4C"]  # West's
    sit = system.read(0, calls)
    prefixes = [system.read(0, calls[:i]) for i in range(3)]

    def bids_so(hands: list[list[str]]) -> bool:  # every seat would have made its calls with its hand
        return all(system.choose(hands[i], prefixes[i])[0] == calls[i] for i in range(3))

    rng = random.Random(7)
    replayed = [sampling.imagine(mine, sit, rng, replay=(False, False)) for _ in range(12)]
    assert all(h is not None and h[3] == mine and bids_so(h) for h in replayed)
    hulls = [sampling.imagine(mine, sit, rng) for _ in range(12)]  # the boxes alone let such hands in:
    assert not all(h is not None and bids_so(h) for h in hulls)  # 1NT hands, five spades, a pass with 12


def test_a_call_the_system_never_makes_is_read_by_its_hull_and_deals_are_still_imagined() -> None:
    calls = [auc.long(t) for t in ("5S", "P")]  # North opens 5♠: no rule of the system opens at five
    mine = ["AS", "2S", "3S", "4H", "5H", "6H", "2D", "3D", "4D", "5D", "2C", "3C", "4C"]
    sit = system.read(0, calls)
    rng = random.Random(8)
    for _ in range(4):
        hands = sampling.imagine(mine, sit, rng, replay=(False, False))
        assert hands is not None and hands[2] == mine
    replay = sampling.replay_of(0, tuple(calls), (False, False), frozenset(mine))
    assert replay.reached[0] >= sampling.GIVE_UP and not replay.reads(0)  # North's 5♠ is no longer replayed
    assert replay.reads(1)  # East's pass still is


def test_the_players_imagined_deals_replay_the_calls_when_asked() -> None:
    s = calls(new_from_pbn([DEAL]), "1N", "p", "3N", "p", "p", "p")  # East leads
    k = Knowledge(GAME.view(s, 1), replay=True)
    replay = k.replay
    assert replay is not None
    rng = random.Random(9)
    for _ in range(8):
        hands = k.deals(rng)
        assert all(replay.admits(seat, hands[seat]) for seat in k.hidden)
        assert system.choose(hands[0], system.read(0, []))[0] == "bid:1N"
    assert Knowledge(GAME.view(s, 1)).replay is None  # by the hulls alone unless asked
