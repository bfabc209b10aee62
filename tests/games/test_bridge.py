"""Bridge rules: deals, the auction's legality, dummy, play, claims, privacy, whole boards in every preset."""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import GameError
from games.bridge import GAME, auction, new_from_pbn, solver
from games.bridge.auction import BIDS, DOUBLE, PASS, REDOUBLE, side
from games.bridge.rules import (
    BridgeState,
    board_dealer,
    board_vul,
    deck_for,
    hands_from_pbn,
    pbn,
    random_deal,
)
from games.bridge.scoring import duplicate_score, imps
from games.cards import make_deck
from tests.games.test_bridge_scoring import contest_points

ALL_CALLS = [PASS, DOUBLE, REDOUBLE, *BIDS]
JUNK = ["", "bid", "bid:8S", "bid:1X", "play", "play:ZZ", "claim:x", "claim:-1", "accept", "hello", "bid:0N"]
DEAL = "N:AKQ2.K32.A54.Q32 T98.QJT9.KJ2.J54 J76.A8.Q987.AK76 543.7654.T63.T98"


def calls(state: BridgeState, *seq: str) -> BridgeState:
    for c in seq:
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, GAME.normalize(c))
    return state


def unchanged_after(state: BridgeState, seat: int, action: str) -> None:
    before = state.model_dump_json()
    with pytest.raises(GameError):
        GAME.apply(state, seat, action)
    assert state.model_dump_json() == before


def play_board(state: BridgeState, rng: random.Random) -> BridgeState:
    """Random legal moves until the board (or match) moves on; claims now and then."""
    board = state.boards_done
    while not GAME.is_over(state) and state.boards_done == board:
        seat = rng.choice(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        action = rng.choice(legal)
        if state.phase == "auction" and rng.random() < 0.7 and PASS in legal:
            action = PASS
        if action.startswith("claim:") and rng.random() < 0.9:
            action = next(a for a in legal if a.startswith("play:"))
        state, _ = GAME.apply(state, seat, action)
    return state


# -- deals -------------------------------------------------------------------------------------------


def test_board_numbers_give_dealer_and_vulnerability() -> None:
    assert [board_dealer(b) for b in range(1, 9)] == [0, 1, 2, 3, 0, 1, 2, 3]
    cycle = ["-", "NS", "EW", "B", "NS", "EW", "B", "-", "EW", "B", "-", "NS", "B", "-", "NS", "EW"]
    for b, v in enumerate(cycle, 1):
        assert board_vul(b) == [v in ("NS", "B"), v in ("EW", "B")]
        assert board_vul(b + 16) == board_vul(b)


def test_cards_are_dealt_one_at_a_time_from_the_dealers_left() -> None:
    deck = make_deck(52)
    state = GAME.new(4, {"first_board": 2}, deals=[deck])  # board 2: East deals, South gets the first card
    assert state.dealer == 1 and state.vul == [True, False]
    assert set(state.hands[2]) == set(deck[0::4]) and set(state.hands[3]) == set(deck[1::4])
    assert set(state.hands[1]) == set(deck[3::4])
    again = GAME.new(4, {"first_board": 2}, deals=[deck_for(state.hands, 1)])
    assert again.hands == state.hands


def test_a_seed_deals_the_same_cards_every_time() -> None:
    a, b = GAME.new(4, seed=5), GAME.new(4, seed=5)
    assert a.hands == b.hands and a.hands != GAME.new(4, seed=6).hands
    assert sorted(c for h in a.hands for c in h) == sorted(make_deck(52))


def test_pbn_deals_read_and_write() -> None:
    hands = hands_from_pbn(DEAL)
    assert "AS" in hands[0] and "TS" in hands[1] and "AH" in hands[2] and "7H" in hands[3]
    assert hands_from_pbn(pbn(hands, 2)) == hands
    assert pbn(hands) == DEAL
    state = new_from_pbn([DEAL, pbn(random_deal(1))], {"boards": 2})
    assert [set(h) for h in state.hands] == [set(h) for h in hands]
    for bad in (
        "N:AKQ2.K32.A54.Q32",
        "X:" + DEAL[2:],
        DEAL.replace("AKQ2", "AKQ3"),
        "N:" + " ".join(["..."] * 4),
    ):
        with pytest.raises(GameError):
            new_from_pbn([bad])


# -- the auction -------------------------------------------------------------------------------------


def test_opening_calls_and_who_may_double_or_redouble() -> None:
    s = new_from_pbn([DEAL])  # board 1: North deals
    assert GAME.to_act(s) == [0]
    assert GAME.legal_actions(s, 0) == [PASS, *BIDS]
    assert GAME.legal_actions(s, 1) == []
    s = calls(s, "1S")
    assert DOUBLE in GAME.legal_actions(s, 1) and REDOUBLE not in GAME.legal_actions(s, 1)
    s = calls(s, "pass")  # East passes: South may not double partner's bid
    assert DOUBLE not in GAME.legal_actions(s, 2)
    s = calls(s, "pass", "x")  # West doubles 1♠ in the pass-out seat
    assert REDOUBLE in GAME.legal_actions(s, 0) and DOUBLE not in GAME.legal_actions(s, 0)
    unchanged_after(s, 0, "bid:1H")
    unchanged_after(s, 0, DOUBLE)
    s = calls(s, "pass", "pass")  # North passes, East passes: South (partner of the doubled bidder) redoubles
    assert REDOUBLE in GAME.legal_actions(s, 2)
    s = calls(s, "xx", "pass", "pass", "pass")
    assert (
        s.phase == "play"
        and s.contract is not None
        and s.contract.text == "1SXX"
        and s.contract.declarer == 0
    )


def test_the_declarer_is_the_first_of_the_side_to_name_the_strain() -> None:
    s = calls(new_from_pbn([DEAL]), "1H", "1S", "2H", "pass", "4H", "pass", "pass", "pass")
    assert s.contract and s.contract.declarer == 0 and s.contract.text == "4H"
    assert s.trick is not None and s.trick.leader == 1  # the declarer's left leads
    s = calls(new_from_pbn([DEAL]), "pass", "1D", "pass", "1H", "pass", "3D", "pass", "pass", "pass")
    assert s.contract and s.contract.declarer == 1  # East named diamonds first


def test_four_passes_pass_the_board_out_or_make_1nt_in_the_contest() -> None:
    s = calls(new_from_pbn([DEAL], {"boards": 2}), "p", "p", "p", "p")
    assert s.results[0].contract is None and s.results[0].score == 0 and s.board == 2 and s.phase == "auction"
    c = calls(new_from_pbn([DEAL], GAME.presets["contest"]), "p", "p", "p", "p")
    assert c.phase == "play" and c.contract and c.contract.text == "1N" and c.contract.declarer == 0


def test_the_contest_has_no_doubles_and_nobody_is_vulnerable() -> None:
    s = GAME.new(4, GAME.presets["contest"], seed=1)
    assert s.vul == [False, False]
    s = calls(s, "1C")
    seat = GAME.to_act(s)[0]
    assert DOUBLE not in GAME.legal_actions(s, seat)
    unchanged_after(s, seat, DOUBLE)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 10**6), min_size=1, max_size=40), st.integers(0, 3))
def test_random_auctions_offer_only_legal_calls_and_refuse_the_rest(picks: list[int], dealer: int) -> None:
    state = GAME.new(4, {"first_board": dealer + 1, "boards": 1, "compare": "points"}, seed=dealer)
    history: list[str] = []
    for pick in picks:
        if state.phase != "auction":
            break
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        assert legal == auction.legal_calls(state.dealer, history)
        for other in range(4):
            if other != seat:
                assert GAME.legal_actions(state, other) == []
                unchanged_after(state, other, legal[0])
        for call in [*ALL_CALLS, *JUNK]:
            if call not in legal:
                unchanged_after(state, seat, call)
        call = legal[pick % len(legal)] if pick % 3 else PASS
        state, events = GAME.apply(state, seat, call)
        history.append(call)
        assert events[0].kind == "call" and events[0].data == {"call": call}
    # the calls made obey the laws: bids rise; a double follows an opponent's bid, a redouble their double
    last = None
    for i, call in enumerate(history):
        who = auction.caller(dealer, i)
        if auction.is_bid(call):
            assert last is None or auction.bid_rank(call) > auction.bid_rank(last)
            last = call
        elif call in (DOUBLE, REDOUBLE):
            prior = [c for c in history[:i] if c != PASS][-1]
            j = max(k for k in range(i) if history[k] != PASS)
            assert side(auction.caller(dealer, j)) != side(who)
            assert (prior == DOUBLE) if call == REDOUBLE else auction.is_bid(prior)


# -- play --------------------------------------------------------------------------------------------


def test_dummy_is_hidden_before_the_opening_lead_and_shown_to_everyone_after() -> None:
    s = calls(new_from_pbn([DEAL]), "1N", "p", "3N", "p", "p", "p")  # North declares, South is dummy
    for seat in (None, 0, 1, 2, 3):
        v = GAME.view(s, seat)
        assert v.dummy_hand is None and v.declarer_hand is None
        assert v.hand == (None if seat is None else s.hands[seat])
    assert GAME.to_act(s) == [1]
    s, events = GAME.apply(s, 1, "play:QH")
    assert [e.kind for e in events] == ["played", "dummy"] and events[1].seat == 2
    for seat in (None, 0, 1, 2, 3):
        assert GAME.view(s, seat).dummy_hand == s.hands[2]
    # dummy's turn: the declarer acts with dummy's cards; dummy's owner has nothing to do
    assert GAME.to_act(s) == [0] and GAME.view(s, None).turn == 2
    assert [a for a in GAME.legal_actions(s, 0) if a.startswith("play:")] == ["play:AH", "play:8H"]
    assert GAME.legal_actions(s, 2) == []
    unchanged_after(s, 0, "play:AS")  # the declarer's own card is not dummy's
    unchanged_after(s, 2, "play:AH")  # dummy's owner may not play
    s, events = GAME.apply(s, 0, "play:8H")
    assert events[0].seat == 2  # the card came from dummy's hand
    assert GAME.to_act(s) == [3]
    unchanged_after(s, 3, "play:3D")  # West holds hearts: must follow
    s, _ = GAME.apply(s, 3, "play:7H")
    s, _ = GAME.apply(s, 0, "play:KH")
    assert s.trick is not None and s.trick.leader == 0 and s.won == [1, 0]


def test_trumps_win_and_the_last_trick_stays_public() -> None:
    s = calls(new_from_pbn([DEAL]), "1S", "p", "2S", "p", "p", "p")  # ♠ trumps, North declares
    s = calls(s, "play:JD", "play:7D", "play:3D", "play:AD")  # East leads ♦J … North wins with the ace
    assert s.won == [1, 0] and s.last_trick and s.last_trick.winner == 0
    v = GAME.view(s, None)
    assert v.last_trick is not None and v.last_trick.cards() == ["JD", "7D", "3D", "AD"]
    s = calls(s, "play:2H", "play:QH", "play:8H", "play:4H")  # East's queen wins
    s = calls(s, "play:2D", "play:8D", "play:6D", "play:4D")  # dummy's eight wins
    s = calls(s, "play:9D", "play:TD", "play:5D", "play:KD")  # East's king
    s = calls(s, "play:JH", "play:AH", "play:5H", "play:3H")  # dummy's ace
    s = calls(s, "play:QD", "play:8C", "play:2S", "play:4C")  # North, out of diamonds, ruffs with the ♠2
    assert s.last_trick is not None and s.last_trick.winner == 0 and s.won == [4, 2]
    assert len(v.tricks) == 1


def test_claims_accepted_end_the_board_rejected_ones_show_the_declarer_and_go_on() -> None:
    s = calls(new_from_pbn([DEAL], {"boards": 2, "compare": "points"}), "1N", "p", "3N", "p", "p", "p")
    s = calls(s, "play:QH")
    assert "claim:13" in GAME.legal_actions(s, 0) and "claim:14" not in GAME.legal_actions(s, 0)
    unchanged_after(s, 0, "claim:14")
    s, events = GAME.apply(s, 0, "claim:12")
    assert s.phase == "claim" and events[0].data == {"n": 12, "of": 13}
    assert GAME.to_act(s) == [1, 3]
    assert GAME.view(s, 1).declarer_hand == s.hands[0]  # the defenders see the claimer's cards
    assert GAME.view(s, 2).declarer_hand is None and GAME.view(s, None).declarer_hand is None
    unchanged_after(s, 0, "play:AS")
    unchanged_after(s, 1, "play:QJ")
    rejected, _ = GAME.apply(s, 3, "reject")
    assert rejected.phase == "play" and rejected.claim is None and GAME.to_act(rejected) == [0]
    assert GAME.view(rejected, 3).declarer_hand == rejected.hands[0]  # once seen, stays seen
    s, _ = GAME.apply(s, 1, "accept")
    assert GAME.to_act(s) == [3]
    s, events = GAME.apply(s, 3, "accept")
    r = s.results[0]
    assert r.claimed and r.tricks == 12 and r.score == duplicate_score(3, "N", 0, False, 12) == 490
    assert s.board == 2 and s.phase == "auction" and s.totals == [490, 0]


def test_claims_can_be_switched_off() -> None:
    s = calls(new_from_pbn([DEAL], {"claims": False}), "1N", "p", "p", "p", "play:QH")
    assert not any(a.startswith("claim") for a in GAME.legal_actions(s, 0))
    unchanged_after(s, 0, "claim:5")


def test_junk_is_refused_in_every_phase() -> None:
    s = new_from_pbn([DEAL])
    for state in (s, calls(s, "1N", "p", "p", "p"), calls(s, "1N", "p", "p", "p", "play:QH", "claim:5")):
        for seat in range(4):
            for junk in [
                *JUNK,
                "play:AS",
                "bid:7N",
                "pass",
                "reject" if state.phase != "claim" else "play:2C",
            ]:
                if not GAME.is_legal(state, seat, GAME.normalize(junk)):
                    unchanged_after(state, seat, junk)


def test_typed_actions_are_normalized() -> None:
    assert [GAME.normalize(a) for a in ("p", "Pass", "пас", "X", "контра", "xx", "РЕКОНТРА")] == [
        PASS, PASS, PASS, DOUBLE, DOUBLE, REDOUBLE, REDOUBLE
    ]  # fmt: skip
    assert [GAME.normalize(a) for a in ("1nt", "3♠", "bid:2h", "7N", "4бк", "play:10s", "claim:05")] == [
        "bid:1N", "bid:3S", "bid:2H", "bid:7N", "bid:4N", "play:TS", "claim:5"
    ]  # fmt: skip


# -- privacy -----------------------------------------------------------------------------------------


def visible_cards(view_json: str) -> set[str]:
    data = json.loads(view_json)
    found: set[str] = set()

    def walk(x: object) -> None:
        if isinstance(x, str) and x in CARDS:
            found.add(x)
        elif isinstance(x, dict):
            for k, v in x.items():
                if k != "results":  # board results hold contracts such as `6D`, not cards
                    walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(data)
    return found


CARDS = set(make_deck(52))


def allowed_cards(state: BridgeState, seat: int | None) -> set[str]:
    """Cards a seat may see: its own, dummy's after the lead, the declarer's (defenders, after a claim),
    every card played this board, and nothing of earlier boards' hands."""
    out = {c for t in state.tricks for c in t.cards()} | set(state.trick.cards() if state.trick else [])
    if state.last_trick is not None:
        out |= set(state.last_trick.cards())
    if seat is not None:
        out |= set(state.hands[seat])
    c = state.contract
    if c is not None and state.dummy_shown:
        out |= set(state.hands[(c.declarer + 2) % 4])
    if c is not None and seat is not None and side(seat) != side(c.declarer) and state.claim_shown:
        out |= set(state.hands[c.declarer])
    return out


def swap_hidden(state: BridgeState, seat: int | None, rng: random.Random) -> BridgeState | None:
    """The same public view with two unseen cards of two hidden hands swapped (None: nothing to swap)."""
    c = state.contract
    public = {seat} if seat is not None else set()
    if c is not None and state.dummy_shown:
        public.add((c.declarer + 2) % 4)
    hidden = [s for s in range(4) if s not in public and state.hands[s]]
    pairs = [(a, b) for a in hidden for b in hidden if a < b]
    rng.shuffle(pairs)
    for a, b in pairs:
        for ca in state.hands[a]:
            for cb in state.hands[b]:
                if ca[1] == cb[1] or not (voided(state, a, cb[1]) or voided(state, b, ca[1])):
                    new = state.model_copy(deep=True)
                    new.hands[a] = [cb if x == ca else x for x in new.hands[a]]
                    new.hands[b] = [ca if x == cb else x for x in new.hands[b]]
                    return new
    return None


def voided(state: BridgeState, seat: int, suit: str) -> bool:
    for t in [*state.tricks, *([state.trick] if state.trick else [])]:
        led = t.plays[0].card[1] if t.plays else None
        if any(p.seat == seat and p.card[1] != led for p in t.plays) and led == suit:
            return True
    return False


@pytest.mark.parametrize("preset", list(GAME.presets))
def test_whole_random_boards_keep_every_rule_and_show_no_hidden_card(preset: str) -> None:
    rng = random.Random(preset)
    opts = dict(GAME.presets[preset])
    if preset == "rubber":
        opts["boards"] = 6
    state = GAME.new(4, opts, seed=7)
    steps = 0
    while not GAME.is_over(state):
        before = state.boards_done
        seat = rng.choice(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        action = (
            PASS if state.phase == "auction" and rng.random() < 0.7 and PASS in legal else rng.choice(legal)
        )
        if action.startswith("claim:") and rng.random() < 0.8:
            action = legal[0]
        state, _ = GAME.apply(state, seat, action)
        steps += 1
        assert GAME.load(state.model_dump_json()) == state
        if state.boards_done > before:
            check_result(state, preset)
        elif state.phase != "over":
            held = sorted(c for h in state.hands for c in h)
            played = [c for t in state.tricks for c in t.cards()] + (
                state.trick.cards() if state.trick else []
            )
            assert sorted(held + played) == sorted(make_deck(52))
            for s in (None, 0, 1, 2, 3):
                assert visible_cards(GAME.view(state, s).model_dump_json()) <= allowed_cards(state, s)
            if steps % 5 == 0:
                spectator = GAME.view(state, None)
                swapped = swap_hidden(state, None, rng)
                if swapped is not None:
                    assert GAME.view(swapped, None) == spectator
                    assert GAME.status_lines(GAME.view(swapped, None)) == GAME.status_lines(spectator)
                    assert GAME.to_act(swapped) == GAME.to_act(state)
        assert steps < 2000
    assert len(state.results) == (opts.get("boards", 4) if preset != "rubber" else len(state.results))
    assert GAME.scores(state)[0] == GAME.scores(state)[2] and GAME.scores(state)[1] == GAME.scores(state)[3]


def check_result(state: BridgeState, preset: str) -> None:
    r = state.results[-1]
    if r.contract is None:
        assert r.score == 0 and preset != "contest"
        return
    level, strain, doubled = int(r.contract[0]), r.contract[1], r.contract.count("X")
    vul = state.results[-1].vul[side(r.declarer or 0)]
    assert r.tricks is not None
    score = duplicate_score(level, strain, doubled, vul, r.tricks)
    assert r.score == (score if side(r.declarer or 0) == 0 else -score)
    if preset == "contest":
        assert doubled == 0 and r.vul == [False, False]
        decl, defs = contest_points(r.contract, r.tricks)
        ns = decl if side(r.declarer or 0) == 0 else defs
        assert state.totals == [ns, (decl + defs) - ns]
    if preset == "duplicate":  # IMPs against the double-dummy par, N–S's gain is E–W's loss
        assert r.par is not None and r.imps == imps(r.score - r.par)
        assert state.totals == [
            sum(x.imps or 0 for x in state.results),
            -sum(x.imps or 0 for x in state.results),
        ]


def test_rubber_redeals_a_passed_out_hand_and_vulnerability_follows_games() -> None:
    s = GAME.new(4, GAME.presets["rubber"], seed=3)
    dealer = s.dealer
    s = calls(s, "p", "p", "p", "p")
    assert s.dealer == (dealer + 1) % 4 and s.vul == [False, False] and s.phase == "auction"
    s = calls(s, "7N", "p", "p", "p")  # the dealer bids a grand slam and we claim it
    s = calls(s, f"play:{s.hands[(s.dealer + 1) % 4][0]}", "claim:13", "accept", "accept")
    assert s.rubber is not None and s.rubber.games[side(s.results[-1].declarer or 0)] == 1
    assert s.vul[side(s.results[-1].declarer or 0)] is True


def test_a_state_survives_json() -> None:
    s = calls(new_from_pbn([DEAL]), "1N", "p", "p", "p", "play:QH")
    assert GAME.load(s.model_dump_json()) == s


# -- chat ----------------------------------------------------------------------------------------------


def test_bidding_buttons_pick_a_level_then_a_strain_and_never_exceed_25() -> None:
    s = new_from_pbn([DEAL])
    first = GAME.offer(s, 0)
    assert first.picks == [f"lvl{n}" for n in range(1, 8)] and first.actions == [PASS]
    three = GAME.offer(s, 0, ["lvl3"])
    assert three.picks == ["lvl3"] and three.actions == [
        "bid:3C",
        "bid:3D",
        "bid:3H",
        "bid:3S",
        "bid:3N",
        PASS,
    ]
    s = calls(s, "3H")
    east = GAME.offer(s, 1, ["lvl3"])
    assert east.actions == ["bid:3S", "bid:3N", PASS, DOUBLE]  # only bids above 3♥
    assert GAME.offer(s, 1, ["lvl9"]).picks == [f"lvl{n}" for n in range(3, 8)]  # a stale pick is ignored
    for offer in (first, three, east):
        assert len(offer.picks) + len(offer.actions) <= 25
        assert all(GAME.is_legal(s if offer is east else new_from_pbn([DEAL]), 1 if offer is east else 0, a)
                   for a in offer.actions)  # fmt: skip


def test_the_declarers_claim_is_a_pick_that_turns_the_cards_into_claims() -> None:
    s = calls(new_from_pbn([DEAL]), "1N", "p", "3N", "p", "p", "p", "play:QH")
    cards = GAME.offer(s, 0)
    assert cards.picks == ["claim"] and cards.actions == ["play:AH", "play:8H"]
    claims = GAME.offer(s, 0, ["claim"])
    assert claims.actions == [f"claim:{n}" for n in range(14)] and len(claims.actions) + 1 <= 25
    assert GAME.offer(s, 1).actions == []  # a defender waits
    s, _ = GAME.apply(s, 0, "claim:9")
    assert GAME.offer(s, 1).actions == ["accept", "reject"]


def test_hand_lines_tell_dummy_to_watch_and_the_declarer_to_play_from_dummy() -> None:
    s = calls(new_from_pbn([DEAL]), "1N", "p", "3N", "p", "p", "p", "play:QH")
    assert GAME.hand_context(GAME.view(s, 2))[0][0] == "bridge.hand.dummy"
    assert GAME.hand_context(GAME.view(s, 0))[0][0] == "bridge.hand.from_dummy"
    assert GAME.hand_context(GAME.view(s, 1))[0][0] == "bridge.hand.contract"
    assert GAME.seat_status(GAME.view(s, None), 2) == ("bridge.seat.2.dummy", {})
    assert GAME.seat_status(GAME.view(s, None), 0) == ("bridge.seat.0.declarer", {})


def test_the_table_lines_show_the_auction_grid_contract_dummy_and_tricks() -> None:
    s = calls(
        new_from_pbn([DEAL], {"first_board": 2}), "1H", "p", "1S", "p", "2H", "p", "p", "p"
    )  # East deals
    lines = dict(GAME.status_lines(GAME.view(s, None)))
    rows = [p for k, p in GAME.status_lines(GAME.view(s, None)) if k == "bridge.status.row"]
    pass_ = {"key": "bridge.call.pass"}  # a word, in the reader's language
    assert rows == [  # a bidding diagram: W N E S columns, East dealt
        {"w": "", "n": "", "e": "1♥", "s": pass_},
        {"w": "1♠", "n": pass_, "e": "2♥", "s": pass_},
        {"w": pass_, "n": pass_, "e": "", "s": ""},
    ]
    assert lines["bridge.status.contract"]["contract"] == "2♥" and "bridge.status.dummy" not in lines
    s = calls(s, "play:6C")  # South leads
    lines = dict(GAME.status_lines(GAME.view(s, None)))
    assert lines["bridge.status.dummy"]["dummy_seat"] == 3
    assert lines["bridge.status.trick"]["cards"] == [[2, "♣6"]]  # who played which card: South, suit first


@settings(max_examples=150, deadline=None)
@given(
    st.text(max_size=12),
    st.sampled_from(["", "bid:", "play:", "claim:"]),
    st.integers(0, 3),
    st.integers(0, 2),
)
def test_any_text_whatsoever_is_a_game_error_or_a_legal_move(
    text: str, prefix: str, seat: int, phase: int
) -> None:
    s = new_from_pbn([DEAL])
    s = [s, calls(s, "1N", "p", "p", "p", "play:QH"), calls(s, "1N", "p", "p", "p", "play:QH", "claim:5")][
        phase
    ]
    before = s.model_dump_json()
    with contextlib.suppress(GameError):  # anything else escaping would fail the test
        GAME.apply(s, seat, prefix + text)
    assert s.model_dump_json() == before


def test_a_board_is_compared_with_its_double_dummy_par() -> None:
    s = calls(new_from_pbn([DEAL], {"boards": 1}), "1N", "p", "3N", "p", "p", "p", "play:QH")
    s = calls(s, "claim:9", "accept", "accept")
    r = s.results[0]
    par, contracts = solver.par(hands_from_pbn(DEAL), 0, [False, False])
    assert r.par == par == 990 and contracts  # 6NT makes double-dummy (the table: 12 tricks)
    assert r.score == 400 and r.imps == imps(400 - 990) == -11  # 590 points: 11 IMPs
    assert GAME.scores(s) == [-11, 11, -11, 11]
