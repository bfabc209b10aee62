"""Double-dummy solving with endplay (Bo Haglund's DDS): tricks per card, the par score of a deal.

Cards and seats in the project's notation (`QS`; 0…3 = N E S W). DDS keeps per-thread state, so every
call goes through one lock: the host may think for several tables in threads at once.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass

import endplay._dds as _dds
from endplay.dds import calc_dd_table, solve_all_boards, solve_board
from endplay.dds import par as dds_par
from endplay.dds.solve import SolveMode
from endplay.types import Deal, Denom, Penalty, Player, Vul

_lock = threading.Lock()
_DENOM = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs, "N": Denom.nt}
_SUITS = "SHDC"  # endplay's suit order (Denom 0…3)
_configured = False


def _setup() -> None:
    global _configured
    if not _configured:
        _dds.SetMaxThreads(1)  # one core: DDS must not spread a decision over the machine
        _configured = True


def _pbn(hands: Sequence[Sequence[str]]) -> str:
    parts = []
    for hand in hands:
        suits = []
        for s in _SUITS:
            held = sorted((c for c in hand if c[1] == s), key=lambda c: -"23456789TJQKA".index(c[0]))
            suits.append("".join(c[0] for c in held))
        parts.append(".".join(suits))
    return "N:" + " ".join(parts)


def make_deal(hands: Sequence[Sequence[str]], strain: str, leader: int, played: Sequence[str] = ()) -> Deal:
    """A DDS position: the hands still held (with the cards of the trick in progress put back) and the
    trick so far (`played`, from `leader` on)."""
    full = [list(h) for h in hands]
    for k, card in enumerate(played):
        full[(leader + k) % 4].append(card)
    deal = Deal.from_pbn(_pbn(full))
    deal.trump = _DENOM[strain]
    deal.first = Player(leader)
    for card in played:
        deal.play(_card_text(card))
    return deal


def _card_text(card: str) -> str:
    return card[1] + card[0]  # endplay reads suit then rank: `SQ`


def _our_card(card) -> str:  # an endplay Card
    return "23456789TJQKA"[card.rank.bit_length() - 3] + _SUITS[int(card.suit)]


def tricks_per_card(
    hands: Sequence[Sequence[str]], strain: str, leader: int, played: Sequence[str] = ()
) -> dict[str, int]:
    """For each legal card of the seat to play: the tricks its side takes from here on, best play after."""
    deal = make_deal(hands, strain, leader, played)
    with _lock:
        _setup()
        solved = solve_board(deal)
    return {_our_card(card): n for card, n in solved}


def dd_table(hands: Sequence[Sequence[str]]) -> dict[str, list[int]]:
    """Double-dummy tricks for each strain (C D H S N) and declarer (N E S W)."""
    deal = Deal.from_pbn(_pbn(hands))
    with _lock:
        _setup()
        table = calc_dd_table(deal)
    return {s: [table[_DENOM[s], Player(p)] for p in range(4)] for s in "CDHSN"}


def _vul(vul: Sequence[bool]) -> Vul:
    return {(False, False): Vul.none, (True, False): Vul.ns, (False, True): Vul.ew, (True, True): Vul.both}[
        (bool(vul[0]), bool(vul[1]))
    ]


def par(hands: Sequence[Sequence[str]], dealer: int, vul: Sequence[bool]) -> tuple[int, list[str]]:
    """The double-dummy par score for N–S (E–W's is the opposite) and the par contracts (`4SN`, `5DXE`)."""
    deal = Deal.from_pbn(_pbn(hands))
    with _lock:
        _setup()
        table = calc_dd_table(deal)
        result = dds_par(table, _vul(vul), Player(dealer))
        contracts = [str(c) for c in result]
    return result.score, contracts


@dataclass(frozen=True)
class ParContract:
    level: int
    strain: str
    declarer: int
    doubled: int  # 0, 1 (doubled: a sacrifice) or 2


@dataclass(frozen=True)
class Analysis:
    """A deal solved double-dummy: tricks per strain and declarer, the par score (N–S's) and contracts."""

    tricks: dict[str, list[int]]
    par: int
    contracts: list[ParContract]


_DOUBLED = {Penalty.passed: 0, Penalty.doubled: 1, Penalty.redoubled: 2}


def analyse(hands: Sequence[Sequence[str]], dealer: int, vul: Sequence[bool]) -> Analysis:
    """The double-dummy table and the par of a deal, from one DDS table."""
    deal = Deal.from_pbn(_pbn(hands))
    with _lock:
        _setup()
        table = calc_dd_table(deal)
        result = dds_par(table, _vul(vul), Player(dealer))
        contracts = [
            ParContract(c.level, "SHDCN"[int(c.denom)], int(c.declarer), _DOUBLED[c.penalty]) for c in result
        ]
    tricks = {s: [table[_DENOM[s], Player(p)] for p in range(4)] for s in "CDHSN"}
    return Analysis(tricks, result.score, contracts)


def declarer_tricks(deals: Sequence[Sequence[Sequence[str]]], strain: str, declarer: int) -> list[int]:
    """Double-dummy tricks of `declarer` in `strain` on each of these deals (13 cards each)."""
    boards = []
    for hands in deals:
        deal = Deal.from_pbn(_pbn(hands))
        deal.trump = _DENOM[strain]
        deal.first = Player((declarer + 1) % 4)
        boards.append(deal)
    out: list[int] = []
    with _lock:
        _setup()
        if len(boards) == 1:  # one board: SolveBoard, without SolveAllBoards's set-up
            return [13 - max(n for _, n in solve_board(boards[0], SolveMode.OptimalOne))]
        for start in range(0, len(boards), 200):  # DDS solves at most 200 boards a call
            solved = solve_all_boards(boards[start : start + 200], SolveMode.OptimalOne)
            out += [13 - max(n for _, n in board) for board in solved]
    return out
