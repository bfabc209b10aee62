"""The robots' bidding system: every rule of the table is reachable and makes its call; textbook examples;
what calls are read to mean."""

from __future__ import annotations

import itertools
import random

import pytest

from games.bridge import auction as auc
from games.bridge import system
from games.bridge.system import SYSTEM, Hand, Rule
from games.cards import make_deck


def hand(text: str) -> list[str]:
    """`AKQ2.K32.A54.Q32` (spades, hearts, diamonds, clubs) → cards."""
    suits = text.split(".")
    assert len(suits) == 4 and sum(map(len, suits)) == 13, text
    return [r + s for s, ranks in zip("SHDC", suits, strict=True) for r in ranks]


def call(diagram: str, cards: str, dealer: int = 0) -> str:
    """The system's call after `diagram` (`1N P`) with this hand, in diagram notation."""
    calls = [auc.long(t) for t in diagram.split()]
    return auc.short(system.bid(hand(cards), dealer, calls))


# -- textbook examples ------------------------------------------------------------------------------

EXAMPLES = [
    ("", "AK2.KQ3.J542.Q32", "1N", "15 balanced: 1NT"),
    ("", "AKJ32.K32.54.Q32", "1S", "five spades, 13: 1♠"),
    ("", "AKJ32.KQ432.5.32", "1S", "five-five in the majors: the higher"),
    ("", "A432.K3.KQ32.Q32", "1D", "no five-card major, four-four… diamonds longer than clubs"),
    ("", "AK32.KQ3.Q32.432", "1C", "three-three in the minors: 1♣"),
    ("", "K432.Q32.J32.Q32", "P", "9 points: pass"),
    ("", "KQ32.Q32.J32.Q32", "P", "10 points, no rule of 20: pass"),
    ("", "AJ432.KQ432.2.32", "1S", "10 points but the rule of 20: open"),
    ("", "AKJ32.5.2.KJ9432", "1C", "six clubs and five spades: the longer suit first"),
    ("", "32.KQJ932.432.32", "2H", "a weak two"),
    ("", "3.32.432.KQJ9432", "3C", "a seven-card preempt"),
    ("", "AKQ2.AKQ.AK2.432", "2C", "25: the strong 2♣"),
    ("", "AK2.AQ32.KQ2.Q32", "2N", "20 balanced: 2NT"),
    ("1S P", "Q32.K432.J32.Q32", "2S", "three trumps, 8: a single raise"),
    ("1S P", "K432.AK3.Q32.J32", "2N", "four trumps, 13: Jacoby 2NT, a game-forcing raise"),
    ("1S P 2N P", "AKJ32.KQ32.5.432", "3D", "over Jacoby 2NT: a singleton shown"),
    ("1S P 2N P", "AKJ32.K32.Q54.32", "4S", "over Jacoby 2NT: a minimum without shortness"),
    ("1S P 2N P", "AKJ32.AK2.KQ4.32", "3S", "over Jacoby 2NT: 18+, slam interest"),
    ("1C P 1D P", "K.AQJ.K754.AQ832", "4D", "19 and four diamonds: the raise to game, forcing"),
    ("1D P 1H P", "AQ4.Q.AQJ64.KQ72", "3C", "20 and a second suit: a jump shift, game forcing"),
    ("1C P 1D P 4D P", "JT4.875.AJT3.KJT", "4N", "10 opposite the game-forcing raise: ask for key cards"),
    ("1C P 3N P", "QJ4.AK85.JT9.AK3", "4N", "18 opposite 13–15: a quantitative 4NT"),
    ("1C P 3N P 4N P", "K72.T6.AK7.QJ974", "6N", "a five-card suit accepts it"),
    ("1H P 1S P 2N P", "KQ752.Q8.K3.QJ86", "4N", "13 and five spades opposite 18–19: quantitative"),
    ("1D P 1H P 2C P", "K8.AT96.AKT87.97", "2S", "four diamonds and game values: fourth suit forcing"),
    ("1D P 1H P 2C P 2S P", "KJ3.82.AQ54.K432", "2N", "over the fourth suit: a stopper in it"),
    ("1D P 1H P 2C P 2S P 2N P", "Q8.AT96.KQT87.97", "3D", "…then the diamond raise, forcing"),
    ("1C P 1S P 2C P", "KQT952.AT.J964.8", "3S", "six spades and 10 over a minimum rebid: invite"),
    ("1D P 1S P 2C P", "KJ9852.Q3.84.J52", "2S", "six spades and 7: rebid them"),
    ("1S P 2H P 3H P 4H P 4N P", "KT8.AT863.KQT98.", "6C", "RKCB: one key card and a club void"),
    ("1S P 2H P 3H P 4H P 4N P", "KT8.AKT86.KQT98.", "5N", "RKCB: two key cards and a void"),
    ("1S P 2H P 3H P 4H P 4N P 6C P", "AQ632.KQJ5..J642", "6H", "…the asker places the slam"),
    ("1S P", "K432.A32.Q32.J32", "3S", "four trumps, 10: a limit raise"),
    ("1S P 3S P", "Q9754.A.AQ63.765", "4S", "12 points but six losers: the limit raise accepted"),
    ("1H P 1S P 1N P", "KQJ932.A63.974.J", "3S", "six spades and 11 over a minimum 1NT rebid: invite"),
    ("1H P 1S P 1N P 3S P", "T5.AKJ93.K82.Q87", "4S", "a maximum and two trumps: accept"),
    ("1S P 3S P", "Q9754.A2.Q63.K65", "P", "11 points and seven losers: declined"),
    ("1H P", "KJ32.32.Q432.K32", "1S", "four spades and no heart fit: 1♠"),
    ("1H P", "K32.32.Q432.J432", "1N", "nothing else to say with 6–10: 1NT"),
    ("1S P", "32.AKJ32.KQ2.J32", "2H", "a two-over-one with five hearts"),
    ("1C P", "KJ32.Q432.32.K32", "1H", "four-four majors: up the line"),
    ("1D P", "32.432.KJ32.Q432", "2D", "a diamond raise without a major"),
    ("1N P", "K32.AJ32.Q32.432", "2C", "Stayman with four hearts"),
    ("1N P", "32.KJ432.432.432", "2D", "a transfer to hearts, however weak"),
    ("1N P", "KJ432.32.432.432", "2H", "a transfer to spades"),
    ("1N P", "K32.Q32.AJ32.Q32", "3N", "12 balanced: 3NT"),
    ("1N P", "K32.Q32.K432.432", "2N", "8: invite"),
    ("1N P", "K32.Q32.J432.432", "P", "6: pass"),
    ("1N P", "AK2.KQ2.KJ32.Q32", "6N", "19 opposite 15–17: slam"),
    ("1N P 2C P", "AK32.K32.A54.Q32", "2S", "Stayman answered: four spades"),
    ("1N P 2C P", "AK3.K32.A542.Q32", "2D", "Stayman answered: no major"),
    ("1N P 2D P", "AK3.K32.A542.Q32", "2H", "the transfer completed"),
    ("1N P 2C P 2H P", "K32.AJ32.Q32.432", "4H", "the heart fit found, 10: game"),
    ("1N P 2C P 2H P", "K32.QJ32.Q32.432", "3H", "the heart fit found, 8: invite"),
    ("1N P 2D P 2H P", "32.KJ432.A32.432", "2N", "five hearts, 8: invite"),
    ("1H", "KQJ32.32.K32.432", "1S", "a one-level overcall"),
    ("1H", "AK32.3.KQ32.Q432", "X", "a takeout double"),
    ("1S", "KQ2.AJ3.KQ32.J32", "1N", "a 1NT overcall: 16 with a spade stopper"),
    ("1N", "AK32.KQ3.A32.432", "X", "a penalty double of 1NT"),
    ("1H X P", "Q432.432.K32.432", "1S", "answering a takeout double: the cheapest major"),
    ("1H 2C", "K32.32.A432.KQ32", "2N", "over an overcall, no four spades: 2NT with a club stopper"),
    ("1C 1H", "KQ32.32.K432.432", "X", "a negative double shows four spades"),
    ("1D 1S", "32.Q432.K32.KJ32", "X", "a negative double shows four hearts"),
    ("1C 1H X P", "AJ32.32.KQ4.A432", "1S", "the opener answers the negative double: the spades"),
    ("1S 2C P P", "AKJ32.KQ32.K32.2", "X", "the opener reopens with a double, short in their suit"),
    ("1S 2C P P X P", "32.A32.432.KQJ92", "P", "…and partner passes it for penalties"),
    ("1S P 4S P 4N P", "K432.A32.KQ32.32", "5H", "RKCB: two key cards without the trump queen"),
    ("1S P 4S P 4N P", "K432.A32.AQ32.32", "5D", "RKCB: three key cards"),
    ("1S P 4S P 4N P 5D P", "AKQ32.K32.AQ2.A2", "6S", "four key cards and partner's three: one missing"),
    ("1S P 4S P 4N P 5H P", "J8432.KQ2.AK2.A2", "5S", "a key card and the trump queen missing: stop"),
    ("1S P 3S P", "AKQ32.KQ2.A32.A2", "4C", "slam interest: a control bid, the cheapest ace"),
    ("1S P 3S P 4C P", "K432.32.KQ32.Q32", "4S", "no control to show: back to the trump suit"),
    ("1S X", "K32.A32.QJ32.432", "XX", "a redouble shows 10+"),
    ("1S P 1N P 2S P", "32.QJ32.A432.K32", "3S", "a fit and 24 together: invite"),
    ("1S P 1N P 2S P", "32.KQ32.A432.K32", "4S", "a fit and 26 together: game"),
    ("1H 1S 2H 2S P P", "32.K432.Q432.K32", "3H", "nine trumps: compete to the three level"),
    ("1N 2S", "KQ32.K32.432.432", "X", "a penalty double when we have the balance"),
    ("1S P 2S P", "AKJ32.AK2.K32.32", "4S", "19 opposite a raise: game"),
    ("1D P 1H P", "KJ52.AT.9872.A72", "1S", "four spades shown before 1NT"),
    ("1D P 1H P 1N P 2N P", "KQ5.AT2.Q872.A72", "3N", "the top of 12–14 accepts the invitation"),
    ("1D P 1H P 1N P 2N P", "K95.T82.Q872.AJ2", "P", "the bottom of 12–14 declines it"),
    ("1S P 2H P 3N P", "AK5.AKQT65.5.843", "6S", "slam values and a fit over partner's game"),
    ("1D 3C P P", "AQJ8.AQJ.J642.A4", "X", "19 points reopen over a preempt"),
    ("1C X 1N", "T963.KJ873.Q86.T", "2H", "partner doubled, they bid 1NT: a free bid in five hearts"),
    ("1N P", "AQ2.KQ2.K432.Q32", "4N", "16 opposite 15–17: a quantitative 4NT"),
    ("1N P", "6.Q54.AQ982.AQJ6", "4N", "15 and a five-card minor: quantitative too"),
    ("1N P 4N P", "AK2.KQ3.J542.Q32", "P", "a minimum 1NT declines the quantitative 4NT"),
    ("1N P 4N P", "AK2.KQ3.KJ42.Q32", "6N", "a maximum accepts it"),
    ("1D P 2C P 2D P", "3.Q96.AK75.QJ854", "3D", "the diamond fit after a two-over-one: raise, forcing"),
    ("1C P 1S P 2H P", "AQJ8.K54.65.Q654", "3C", "four clubs over a reverse: raise, forcing"),
    ("1H P 1S P 4S P 4N P 5C P", "A9654.2.KQ.KQT74", "6S", "5♣ is four key cards, not one, after 4♠"),
    ("1N P 2C P 2D P", "A72.AK94.K82.QT9", "4N", "no major fit, 16: quantitative"),
    ("1D P 1S P 2N P", "KQ432.T9.8.KQT98", "3C", "five-five over the 2NT rebid: the second suit, forcing"),
    ("1D P 1S P 2N P 3C P", "A7.AJ2.AKQ3.J653", "4C", "four clubs: raise the second suit"),
    ("1N P 2H P 2S P", "AK8765.AT.AQJ3.7", "3D", "after the transfer, a second suit with slam interest"),
    ("1N P 2H P 2S P 3D P", "93.QJ3.K852.AKQT", "4D", "four diamonds: raise it"),
    ("1N P 2H P 2S P 3D P 4D P 4N P 5H P", "AK8765.AT.AQJ3.7", "6D", "every key card, but eight trumps: six"),
]


@pytest.mark.parametrize(("after", "cards", "expected", "why"), EXAMPLES, ids=[e[3] for e in EXAMPLES])
def test_textbook_examples(after: str, cards: str, expected: str, why: str) -> None:
    assert call(after, cards) == expected, why


def test_a_sacrifice_only_at_favourable_vulnerability() -> None:
    """They bid game over partner's overcall; nine spades between us and nothing in defence: 4♠ when
    we are not vulnerable and they are, else pass."""
    calls = [auc.long(t) for t in ["1H", "1S", "4H"]]  # East deals; North to call
    weak = hand("Q862.32.98632.32")
    assert system.bid(weak, 1, calls, vul=(False, True)) == "bid:4S"
    assert system.bid(weak, 1, calls, vul=(True, False)) == auc.PASS
    assert system.bid(weak, 1, calls, vul=(False, False)) == auc.PASS


# -- every rule ------------------------------------------------------------------------------------


def contexts(after: str) -> list[list[str]]:
    """Legal auctions (dealer North) that fit a rule's pattern, its variables given every value."""
    pat = after.split()
    names = sorted({p[1] for p in pat if len(p) == 2 and p[1] in system.VARS})
    out = []
    for combo in itertools.product(*[system.VARS[v] for v in names]):
        if len(set(combo)) < len(combo):
            continue
        env = dict(zip(names, combo, strict=True))
        tokens = ["P" if p == "*" else p[0] + env[p[1]] if len(p) == 2 and p[1] in env else p for p in pat]
        calls = [auc.long(t) for t in tokens]
        if all(calls[i] in auc.legal_calls(0, calls[:i]) for i in range(len(calls))):
            out.append(calls)
    return out


def hand_pool() -> list[Hand]:
    rng = random.Random(1)
    deck = make_deck(52)
    pool = []
    for _ in range(4000):
        rng.shuffle(deck)
        pool.append(Hand.of(deck[:13]))
    for _ in range(4000):  # shapely hands: one long suit
        s, n = rng.choice("SHDC"), rng.choice([6, 7, 8])
        suit, rest = [c for c in deck if c[1] == s], [c for c in deck if c[1] != s]
        pool.append(Hand.of(rng.sample(suit, n) + rng.sample(rest, 13 - n)))
    return pool


POOL = hand_pool()
SPECIFIC = [r for r in SYSTEM if not r.after.startswith("...")]


def witness(rule: Rule) -> tuple[list[str], Hand] | None:
    """An auction and a hand for which the system makes this rule's call by this very rule."""
    for calls in [[]] if rule.after == "" else contexts(rule.after):
        sit = system.read(0, calls)
        env = system.match(rule.after, sit.tokens()) if rule.after else {}
        assert env is not None
        for h in POOL:
            fits = any(
                system._legal(sit, c) and all(test(system.Ctx(h, bound, sit, c)) for test, _ in rule.checks)
                for c, bound in system._candidates(rule, env, sit, h)
            )
            if fits and system.choose(h.cards, sit)[1] is rule:
                return calls, h
    return None


@pytest.mark.parametrize("rule", SPECIFIC, ids=[r.name for r in SPECIFIC])
def test_every_rule_is_reachable_and_its_call_is_legal_and_fits_its_hand(rule: Rule) -> None:
    found = witness(rule)
    assert found is not None, f"{rule.name}: shadowed by an earlier rule, or its call is never legal"
    calls, h = found
    made = system.bid(h.cards, 0, calls)
    assert made in auc.legal_calls(0, calls)
    # a call's meaning admits the hands that make it (a catch-all is read as the likelier rule's call)
    shown = system.meaning(system.read(0, calls), made)
    assert shown is None or shown.admits(h) or not rule.info or not rule.when


def test_rule_names_are_unique_and_every_constraint_parses() -> None:
    names = [r.name for r in SYSTEM]
    assert len(names) == len(set(names))
    for r in SYSTEM:
        assert r.checks is not None


def test_a_call_is_always_legal_in_random_auctions() -> None:
    rng = random.Random(2)
    deck = make_deck(52)
    for board in range(40):
        rng.shuffle(deck)
        hands = [deck[k::4] for k in range(4)]
        calls: list[str] = []
        while not auc.is_over(calls):
            made = system.bid(hands[auc.caller(board % 4, len(calls))], board % 4, calls)
            assert made in auc.legal_calls(board % 4, calls)
            calls.append(made)


# -- meanings -------------------------------------------------------------------------------------


def shown(diagram: str) -> list[system.Hull]:
    return system.read(0, [auc.long(t) for t in diagram.split(" ")]).shown


def test_meanings_of_calls() -> None:
    sit = system.read(0, [auc.long("1N"), auc.PASS])
    assert sit.shown[0].hcp == (15, 17) and all(
        lo >= 2 and hi <= 5 for lo, hi in sit.shown[0].length.values()
    )
    sit = system.read(0, [auc.PASS, auc.long("1S"), auc.DOUBLE])
    assert sit.shown[0].hcp == (0, 11)  # North passed as dealer
    assert sit.shown[1].length["S"][0] == 5 and sit.shown[1].hcp[0] >= 10
    assert sit.shown[2].length["S"] == (0, 2) or sit.shown[2].hcp[0] >= 12  # takeout (or strong)
    assert shown("1N P 2D P 2H P")[2].length["H"][0] >= 5  # the transfer showed hearts, not diamonds
    raise_ = shown("1S P 2S P")[2]
    assert raise_.length["S"][0] >= 3 and raise_.hcp[1] <= 9
