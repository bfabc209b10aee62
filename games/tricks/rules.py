"""Tricks: four players, 52 cards, no trumps, one point per trick, first to the target wins.

Spec: `shared/rules/tricks.md`. The order of play rotates after every hand (the hand's first player
becomes its last). Ambiguity decided here: when several players reach the target in the same trick
(impossible: one point per trick) — so the first to the target ends the game at once.

**Bad card** (a program's, `penalize`; chat players only ever get legal buttons): the player loses
100 points, and the same hand is reshuffled and dealt again — same hand number, same first player,
the tricks already won in it stay won. The contest preset plays to 1000 with 2 s per card (seed 002).

Actions: `play:QS`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from games.base import BaseView, ContestRules, Event, Game, GameError, GameState, Options, copied, next_seat
from games.cards import make_deck, sort_hand
from games.tricktaking import Play, Trick, TrickRules

RULES = TrickRules()
BAD_CARD_PENALTY = 100


class TricksOptions(Options):
    target: int = Field(50, ge=1, le=10000, description="points that end the game")


class TricksState(GameState):
    options: TricksOptions
    hand_no: int = 0
    first: int = 0
    hands: list[list[str]] = Field(default_factory=list)
    trick: Trick | None = None
    last_trick: Trick | None = None
    points: list[int] = Field(default_factory=list)


class TricksView(BaseView):
    hand_no: int
    trick: Trick | None
    last_trick: Trick | None
    target: int


class Tricks(Game[TricksState, TricksOptions]):
    key = "tricks"
    aliases = ("plain", "взятки")
    State = TricksState
    Options = TricksOptions
    min_players = 4
    max_players = 4
    presets: ClassVar[dict[str, dict[str, Any]]] = {"contest": {"target": 1000}}
    contest = ContestRules(preset="contest", time_limit=2.0, fallback="rule")

    def _new(self, players: int, options: TricksOptions, seed: int, deals: list[list[str]]) -> TricksState:
        state = TricksState(players=players, seed=seed, deals=deals, options=options, points=[0] * players)
        self._deal(state)
        return state

    def _deal(self, state: TricksState) -> None:
        deck = state.next_deck(make_deck(52))
        state.hands = [[] for _ in range(state.players)]
        for i, card in enumerate(deck):
            state.hands[next_seat(state.first, state.players, i)].append(card)
        state.hands = [sort_hand(h) for h in state.hands]
        state.trick = Trick(leader=state.first)

    def to_act(self, state: TricksState) -> list[int]:
        if self.is_over(state) or state.trick is None:
            return []
        return [next_seat(state.trick.leader, state.players, len(state.trick.plays))]

    def legal_actions(self, state: TricksState, seat: int) -> list[str]:
        if seat not in self.to_act(state):
            return []
        assert state.trick is not None
        return [f"play:{c}" for c in RULES.legal_cards(state.hands[seat], state.trick, None)]

    def why_illegal(self, state: TricksState, seat: int, action: str) -> GameError:
        card = action.removeprefix("play:")
        if card not in state.hands[seat]:
            return GameError("card_not_in_hand", card=card)
        if state.trick and state.trick.plays:
            return GameError("must_follow_suit", suit=RULES.led_suit(state.trick))
        return GameError("illegal_action", action=action)

    def _apply(self, state: TricksState, seat: int, action: str) -> list[Event]:
        assert state.trick is not None
        card = action.removeprefix("play:")
        state.hands[seat].remove(card)
        state.trick.plays.append(Play(seat=seat, card=card))
        events = [Event(kind="played", seat=seat, data={"card": card})]
        if not state.trick.complete(state.players):
            return events
        winner = RULES.winner(state.trick, None)
        state.trick.winner = winner
        state.points[winner] += 1
        state.last_trick = state.trick
        events.append(Event(kind="trick_won", seat=winner, data={"cards": state.trick.cards()}))
        if state.points[winner] >= state.options.target:
            state.trick = None
            events.append(Event(kind="game_over", data={"scores": list(state.points)}))
        elif state.hands[winner]:
            state.trick = Trick(leader=winner)
        else:
            state.hand_no += 1
            state.first = next_seat(state.first, state.players)
            self._deal(state)
            events.append(Event(kind="new_hand", seat=state.first, data={"hand_no": state.hand_no}))
        return events

    def penalize(self, state: TricksState, seat: int, answer: str) -> tuple[TricksState, list[Event]]:
        """A program's bad card: −100, the hand reshuffled and dealt again by the same first player."""
        if self.is_over(state):
            raise GameError("game_over")
        if seat not in self.to_act(state):
            raise GameError("not_your_turn", seat=seat)
        new = self.copy(state)
        new.points[seat] -= BAD_CARD_PENALTY
        self._deal(new)
        return new, [
            Event(kind="bad_card", seat=seat, data={"card": answer, "penalty": BAD_CARD_PENALTY}),
            Event(kind="redeal", seat=new.first, data={"hand_no": new.hand_no}),
        ]

    def view(self, state: TricksState, seat: int | None) -> TricksView:
        return TricksView(
            game=self.key,
            viewer=seat,
            players=state.players,
            to_act=self.to_act(state),
            over=self.is_over(state),
            scores=self.scores(state),
            hand=list(state.hands[seat]) if seat is not None else None,
            hand_sizes=[len(h) for h in state.hands],
            hand_no=state.hand_no,
            trick=copied(state.trick) if state.trick else None,
            last_trick=copied(state.last_trick) if state.last_trick else None,
            target=state.options.target,
        )

    def status_lines(self, view: BaseView) -> list[tuple[str, dict[str, Any]]]:
        assert isinstance(view, TricksView)
        lines: list[tuple[str, dict[str, Any]]] = [
            ("tricks.status.hand", {"n": view.hand_no + 1, "target": view.target})
        ]
        if view.trick and view.trick.plays:
            lines.append(("tricks.status.trick", {"cards": view.trick.by_seat()}))
        if view.last_trick and view.last_trick.winner is not None:
            lines.append(
                ("tricks.status.last", {"cards": view.last_trick.by_seat(), "winner": view.last_trick.winner})
            )
        return lines

    def hand_context(self, view: BaseView) -> list[tuple[str, dict[str, Any]]]:
        """The hand number; for the hand that is to play, also the trick it follows."""
        assert isinstance(view, TricksView)
        lines: list[tuple[str, dict[str, Any]]] = [
            ("tricks.status.hand", {"n": view.hand_no + 1, "target": view.target})
        ]
        if view.viewer in view.to_act and view.trick and view.trick.plays:
            lines.append(("tricks.status.trick", {"cards": view.trick.cards()}))
        return lines

    def describe_action(self, action: str) -> tuple[str, dict[str, Any]]:
        return "tricks.action.play", {"card": action.removeprefix("play:")}

    def is_over(self, state: TricksState) -> bool:
        return max(state.points) >= state.options.target

    def scores(self, state: TricksState) -> list[float]:
        return [float(p) for p in state.points]


GAME = Tricks()
