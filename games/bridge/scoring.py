"""Bridge scoring: duplicate, IMPs, matchpoints, rubber (with honours), all from the spec.

Strains are `C D H S N` (N: no trump); `doubled` is 0 (undoubled), 1 (doubled) or 2 (redoubled);
`tricks` is the number of tricks the declaring side took (0…13). Scores are for the declaring side:
negative when the contract failed (the defenders' points).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from pydantic import BaseModel, Field

STRAINS = "CDHSN"
# The standard IMP scale: the upper bound of each step's point difference (20–40 → 1 IMP … 4000+ → 24).
IMP_BOUNDS = (10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290, 1490, 1740, 1990,
              2240, 2490, 2990, 3490, 3990)  # fmt: skip


def trick_points(level: int, strain: str, doubled: int = 0) -> int:
    """Points for the contracted tricks (below the line in rubber): C/D 20, H/S 30, NT 40 then 30."""
    per = 20 if strain in "CD" else 30
    points = per * level + (10 if strain == "N" else 0)
    return points * (1, 2, 4)[doubled]


def undertrick_penalty(down: int, doubled: int, vulnerable: bool) -> int:
    """What the defenders score for `down` undertricks."""
    if doubled == 0:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        points = 200 + 300 * (down - 1)
    else:  # 100, then 200 for the second and third, 300 each after
        points = 100 * min(down, 1) + 200 * min(max(down - 1, 0), 2) + 300 * max(down - 3, 0)
    return points * doubled  # redoubled: twice the doubled figures


def overtrick_points(over: int, strain: str, doubled: int, vulnerable: bool) -> int:
    if doubled == 0:
        return over * (20 if strain in "CD" else 30)
    return over * (200 if vulnerable else 100) * doubled


def slam_bonus(level: int, vulnerable: bool) -> int:
    if level == 6:
        return 750 if vulnerable else 500
    if level == 7:
        return 1500 if vulnerable else 1000
    return 0


def insult(doubled: int) -> int:
    """The bonus for making a doubled (50) or redoubled (100) contract."""
    return 50 * doubled


def duplicate_score(level: int, strain: str, doubled: int, vulnerable: bool, tricks: int) -> int:
    """The declaring side's duplicate score (negative: the defenders score that much)."""
    need = level + 6
    if tricks < need:
        return -undertrick_penalty(need - tricks, doubled, vulnerable)
    below = trick_points(level, strain, doubled)
    bonus = (500 if vulnerable else 300) if below >= 100 else 50  # game, else part-score
    return (
        below
        + bonus
        + slam_bonus(level, vulnerable)
        + insult(doubled)
        + overtrick_points(tricks - need, strain, doubled, vulnerable)
    )


def imps(difference: int) -> int:
    """IMPs for a point difference (sign kept): 20–40 → 1, 50–80 → 2, …, 4000 or more → 24."""
    n = bisect_left(IMP_BOUNDS, abs(difference))
    return n if difference >= 0 else -n


def matchpoints(scores: Sequence[int]) -> list[int]:
    """Matchpoints of the same board played at several tables: 2 for each score beaten, 1 for each tie."""
    return [sum(2 if s > o else 1 if s == o else 0 for j, o in enumerate(scores) if j != i)
            for i, s in enumerate(scores)]  # fmt: skip


def honours(hand: Sequence[str], strain: str) -> int:
    """Honours held in one hand (rubber option): 4 of the 5 top trumps 100, all 5 150; 4 aces at NT 150."""
    if strain == "N":
        return 150 if sum(c[0] == "A" for c in hand) == 4 else 0
    top = sum(c[1] == strain and c[0] in "AKQJT" for c in hand)
    return 150 if top == 5 else 100 if top == 4 else 0


# -- rubber ------------------------------------------------------------------------------------------


class Rubber(BaseModel):
    """A rubber's score sheet for the two sides (0: N–S, 1: E–W)."""

    below: list[int] = Field(default_factory=lambda: [0, 0])  # trick points in the current game
    below_total: list[int] = Field(default_factory=lambda: [0, 0])  # every trick point below the line
    above: list[int] = Field(default_factory=lambda: [0, 0])
    games: list[int] = Field(default_factory=lambda: [0, 0])
    bonus: list[int] = Field(default_factory=lambda: [0, 0])  # the rubber (or unfinished-rubber) bonus
    done: bool = False

    def vulnerable(self, side: int) -> bool:
        return self.games[side] > 0

    def totals(self) -> list[int]:
        return [self.below_total[s] + self.above[s] + self.bonus[s] for s in (0, 1)]

    def record(
        self, side: int, level: int, strain: str, doubled: int, tricks: int, honours_for: Sequence[int]
    ) -> None:
        """Enter one deal: `side` declared; `honours_for` is what each side scores for honours."""
        other = 1 - side
        vul = self.vulnerable(side)
        need = level + 6
        for s in (0, 1):
            self.above[s] += honours_for[s]
        if tricks < need:
            self.above[other] += undertrick_penalty(need - tricks, doubled, vul)
            return
        below = trick_points(level, strain, doubled)
        self.below[side] += below
        self.below_total[side] += below
        self.above[side] += (
            slam_bonus(level, vul) + insult(doubled) + overtrick_points(tricks - need, strain, doubled, vul)
        )
        if self.below[side] >= 100:  # a game: a new line is drawn, part-scores no longer count toward it
            self.games[side] += 1
            self.below = [0, 0]
            if self.games[side] == 2:
                self.bonus[side] += 700 if self.games[other] == 0 else 500
                self.done = True

    def finish_unfinished(self) -> None:
        """Close a rubber stopped before its end: 300 for a side with a game, 100 for a part-score."""
        if self.done:
            return
        for s in (0, 1):
            self.bonus[s] += (300 if self.games[s] else 0) + (100 if self.below[s] else 0)
        self.done = True
