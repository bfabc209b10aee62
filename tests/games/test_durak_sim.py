"""The play-out policy plays by the rules: its moves, replayed through `Durak.apply`, are legal and lead
to the same states, from random positions (mid-bout, "done" seats, sampled worlds) of random setups."""

from __future__ import annotations

import random

from games.durak import GAME, DurakState
from games.durak.ai import Sim, unseen_world
from games.durak.fast import CARD_STR, Table
from tests.games.test_durak_fast import random_setup, same_state

Log = list[tuple[int, str | Table]]  # (seat, rules action), or (-1, the Sim's state) when it closed a bout


class Recording(Sim):
    """A Sim that writes down its moves as rules actions, with the "done"s the rules need to close a bout."""

    __slots__ = ("log",)

    def open_bout(self, cards: list[int]) -> None:
        self.log.append((self.attacker, "attack:" + "".join(CARD_STR[c] for c in sorted(cards, key=suit_of))))
        super().open_bout(cards)

    def throw(self, seat: int, c: int) -> None:
        self.log.append((seat, f"throw:{CARD_STR[c]}"))
        super().throw(seat, c)

    def beat(self, a: int, c: int) -> None:
        self.log.append((self.defender, f"beat:{CARD_STR[a]}:{CARD_STR[c]}"))
        super().beat(a, c)

    def take(self) -> None:
        self.log.append((self.defender, "take"))
        super().take()

    def pass_on(self, c: int) -> None:
        self.log.append((self.defender, f"transfer:{CARD_STR[c]}"))
        super().pass_on(c)

    def close(self, took: bool) -> None:
        for s in self.throwers():
            if not self.done >> s & 1 and self.throws(s):
                self.log.append((s, "done"))
        super().close(took)
        self.log.append((-1, self.copy()))


def suit_of(c: int) -> int:
    return c // 13


def position(rng: random.Random) -> DurakState:
    """A random point of a random game (not over), sometimes a world sampled from a seat's view."""
    while True:
        players, options = random_setup(rng)
        state = GAME.new(players, options, seed=rng.randrange(2**32))
        for _ in range(rng.randrange(150)):
            seat = rng.choice(GAME.to_act(state))
            nxt, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            if GAME.is_over(nxt):
                break
            state = nxt
        if GAME.is_over(state):
            continue
        if rng.random() < 0.5:
            seat = rng.choice(GAME.to_act(state))
            return unseen_world(GAME.view(state, seat), seat, rng)
        return state


def replay(state: DurakState, log: Log) -> DurakState:
    """The logged moves through the rules, each legal, the states equal after every bout; the end state."""
    for seat, action in log:
        if isinstance(action, Table):  # the bout closed in the rules too, to the same state
            assert not state.table
            same_state(action, state)
            continue
        assert seat in GAME.to_act(state) and action in GAME.legal_actions(state, seat), (seat, action)
        state, _ = GAME.apply(state, seat, action)
    return state


def run_logged(state: DurakState) -> tuple[Recording, Log]:
    sim = Recording(state)
    sim.log = []
    sim.run()
    return sim, sim.log


def test_play_outs_replay_as_legal_rules_moves() -> None:
    rng = random.Random(13)
    bouts = 0
    for _ in range(150):
        state = position(rng)
        sim, log = run_logged(state)
        end = replay(state, log)
        assert GAME.is_over(end) and sim.over, log[-5:]
        assert (sim.losers, sim.durak) == (end.losers, end.durak)
        bouts += sum(1 for s, _ in log if s < 0)
    assert bouts > 1000, bouts
