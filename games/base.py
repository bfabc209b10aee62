"""The interface every game implements, python-chess style: one rules object per game.

A game is a stateless rules object (`Game` subclass) working on a pydantic state:

- `new(players, options, seed=…)` or `new(players, options, deals=[[card, …], …])`;
- `to_act(state)` → the seats that may act now (several at once in Durak);
- `legal_actions(state, seat)` → canonical action texts (`bid:2`, `play:QH`, `lead:7S:top:H`);
- `apply(state, seat, action)` → `(new_state, events)`; an illegal action raises `GameError` with a
  machine-readable code and parameters and leaves `state` untouched (the new state is a copy);
- `view(state, seat | None)` → exactly what that seat (or a spectator) may know;
- `is_over(state)`, `scores(state)`, `winners(state)`.

**Whose turn is public.** A group sees `view(state, None).to_act` (the ▶ marks, "waiting for"), so a
view's `to_act` must be computable from public information alone: never list a seat *because* of a card
it holds. A game whose engine waits on seats depending on hidden cards (durak throw-ins) keeps that in
`to_act(state)` for the host's own use and puts the public notion in its views.

**Offering actions in a chat.** `offer(state, seat, picked)` says which buttons a person's hand shows:
items to *pick* (toggle: cards to build a meld, a bidding level) and actions. By default nothing is
picked and every legal action is a button. A game whose actions cannot all be listed (a rummy meld is
any subset of the hand) offers steps and builds compound actions from the picked items; it then
overrides `is_legal` so that such an action is accepted though `legal_actions` does not list it.

Actions are `verb` or `verb:arg:arg…` texts; cards inside them use `games.cards` notation.
Events are public: what everybody at the table sees happen (never a hidden card).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from games.cards import shuffled

M = TypeVar("M", bound=BaseModel)


def copied(model: M) -> M:
    """An independent copy of a model: a dump and a validation, several times cheaper than a deep copy."""
    return type(model).model_validate(model.model_dump())


class GameError(Exception):
    """An action that cannot be taken; `code` and `params` let any front end explain it."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params

    def __str__(self) -> str:
        args = ", ".join(f"{k}={v}" for k, v in self.params.items())
        return f"{self.code}({args})" if args else self.code


class Event(BaseModel):
    """Something that happened, as everybody at the table saw it (`trick_won`, `bid`, `round_scored`…)."""

    model_config = ConfigDict(frozen=True)

    kind: str
    seat: int | None = None
    data: dict[str, Any] = Field(default_factory=dict)


class Options(BaseModel):
    """Base of every game's options model: unknown keys are refused, values are validated."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class GameState(BaseModel):
    """Base of every game's state: plain JSON data; seats are numbered 0…players-1 clockwise."""

    players: int
    seed: int = 0
    deals: list[list[str]] = Field(default_factory=list)
    deal_no: int = 0

    def next_deck(self, deck: Sequence[str]) -> list[str]:
        """The deck order for the next deal: an explicit one if given, else a seeded shuffle."""
        i = self.deal_no
        self.deal_no += 1
        if i < len(self.deals):
            order = self.deals[i]
            if sorted(order) != sorted(deck):
                raise GameError("bad_deal", deal=i)
            return list(order)
        return shuffled(deck, f"{self.seed}:{i}")


class BaseView(BaseModel):
    """Fields every game's view has; games add their own."""

    game: str  # the game's key
    viewer: int | None  # the seat this view is for (None: a spectator's)
    players: int  # seats at the table, numbered from 0
    to_act: list[int]  # the seats that may act now
    over: bool  # the game has ended
    scores: list[float]  # by seat, as the game counts them (higher is better)
    hand: list[str] | None = None  # the viewer's cards (None for a spectator)
    hand_sizes: list[int] = Field(default_factory=list)  # cards in each seat's hand


class Offer(BaseModel):
    """What a person's hand offers: items to pick (toggles) and actions (buttons), in display order."""

    picks: list[str] = Field(default_factory=list)
    actions: list[str] = Field(default_factory=list)


class Editor(BaseModel):
    """How ⚙ Settings sets a text option by buttons."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["card", "list"]
    named: tuple[str, ...] = ()
    items: tuple[str, ...] = ()


class ContestRules(BaseModel):
    """How programs play this game in a contest (`games/protocol/`, `python -m games contest`).

    `fallback` says what happens when a program times out, crashes or answers an illegal action:
    `game` — the built-in AI plays its seat for the rest of the game; `board` — for the rest of the
    deal (`GameState.deal_no`), `penalty` points off per move it plays, shared by the seat's `sides`
    group (partners) if any; `rule` — the game's own rule (`Game.penalize`, e.g. the tricks bad card).
    A game never outlives `max_moves` moves or `max_seconds` seconds: it is then ended by the rules'
    adjudication (`Game.adjudicate`). In a tournament an entrant of a game with `sides` is a side.
    """

    model_config = ConfigDict(frozen=True)

    preset: str | None = None
    time_limit: float = Field(5.0, gt=0)
    fallback: Literal["game", "board", "rule"] = "game"
    penalty: float = 0
    sides: tuple[tuple[int, ...], ...] = ()
    max_moves: int = Field(20_000, gt=0)
    max_seconds: float = Field(3600.0, gt=0)


class Bot(Protocol):
    """An AI player: it sees only the view of its seat and the legal actions."""

    def choose(self, view: Any, legal: Sequence[str], rng: random.Random) -> str: ...


S = TypeVar("S", bound=GameState)
OptT = TypeVar("OptT", bound=Options)


class Game(Generic[S, OptT]):
    key: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    alias_presets: ClassVar[dict[str, str]] = {}  # an alias that names a variant → the preset that sets it
    State: ClassVar[type[GameState]]
    Options: ClassVar[type[Options]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    bot_levels: ClassVar[tuple[str, ...]] = ("random",)
    default_bot: ClassVar[str] = "random"
    # Each level's AI but `random`, as "module:Class", imported when a bot is first asked for: the rules never
    # import their AI (the game's package, which joins rules and AI, names it here).
    bots: ClassVar[dict[str, str]] = {}
    # Named option sets offered when a table is created (`/new poker short`).
    presets: ClassVar[dict[str, dict[str, Any]]] = {}
    # How programs play it in a contest: time per decision, what replaces a violator, the preset.
    contest: ClassVar[ContestRules] = ContestRules()
    # Text options set by buttons in ⚙ Settings: `card` (a card picker) or a list built word by word from
    # `items`, where `named` are whole values offered as they are (rozpysnyi's schedule).
    editors: ClassVar[dict[str, Editor]] = {}
    # People choose their seat in the lobby (bridge: N E S W, partners opposite); seat k is named by the
    # message `<key>.seat.<k>`, and seats nobody takes are the AI's.
    seat_choice: ClassVar[bool] = False

    # -- construction -------------------------------------------------------------------------
    def options(self, options: OptT | Mapping[str, Any] | None = None) -> OptT:
        if isinstance(options, self.Options):
            return options  # type: ignore[return-value]
        return self.Options.model_validate(dict(options or {}))  # type: ignore[return-value]

    def check_players(self, players: int, options: OptT) -> None:
        """Raise unless this number of players may play with these options."""
        if not self.min_players <= players <= self.max_players:
            high = self.max_players  # `n` picks the plural form: "3–4 игрока"
            raise GameError("bad_player_count", players=players, min=self.min_players, max=high, n=high)

    def new(
        self,
        players: int,
        options: OptT | Mapping[str, Any] | None = None,
        *,
        seed: int | None = None,
        deals: Sequence[Sequence[str]] | None = None,
    ) -> S:
        opts = self.options(options)
        self.check_players(players, opts)
        if seed is None:
            seed = random.SystemRandom().randrange(2**53)
        state = self._new(players, opts, seed, [list(d) for d in deals or ()])
        return state

    def _new(self, players: int, options: OptT, seed: int, deals: list[list[str]]) -> S:
        raise NotImplementedError

    def load(self, data: str | bytes | Mapping[str, Any]) -> S:
        """A state back from JSON (as produced by `state.model_dump_json()`)."""
        if isinstance(data, str | bytes):
            return self.State.model_validate_json(data)  # type: ignore[return-value]
        return self.State.model_validate(data)  # type: ignore[return-value]

    # -- play ---------------------------------------------------------------------------------
    def to_act(self, state: S) -> list[int]:
        raise NotImplementedError

    def legal_actions(self, state: S, seat: int) -> list[str]:
        raise NotImplementedError

    def normalize(self, action: str) -> str:
        """The canonical text of an action typed by a person (`play:10h` → `play:TH`)."""
        return action.strip()

    def apply(self, state: S, seat: int, action: str) -> tuple[S, list[Event]]:
        if self.is_over(state):
            raise GameError("game_over")
        if seat not in self.to_act(state):
            raise GameError("not_your_turn", seat=seat)
        action = self.normalize(action)
        if not self.is_legal(state, seat, action):
            raise self.why_illegal(state, seat, action)
        new = self.copy(state)
        events = self._apply(new, seat, action)
        return new, events

    def copy(self, state: S) -> S:
        """An independent copy of a state (`copied`)."""
        return copied(state)

    def is_legal(self, state: S, seat: int, action: str) -> bool:
        """Whether `seat` may take `action` (already normalized) now; by default: it is listed."""
        return action in self.legal_actions(state, seat)

    def offer(self, state: S, seat: int, picked: Sequence[str] = ()) -> Offer:
        """The buttons of a person's hand, given the items they have picked so far (see the module doc).

        Every action offered should be legal (`is_legal`); the one exception is a compound action built
        from the picks that is not (a rummy meld of cards that make no meld), offered so that pressing it
        explains why. `picked` holds only items of an earlier offer (the host drops the ones no longer
        offered).
        """
        return Offer(actions=self.legal_actions(state, seat))

    def why_illegal(self, state: S, seat: int, action: str) -> GameError:
        """The most helpful error for an action that is not legal now (games refine this)."""
        return GameError("illegal_action", action=action)

    def _apply(self, state: S, seat: int, action: str) -> list[Event]:
        """Apply a legal action to `state` in place and return the events."""
        raise NotImplementedError

    def penalize(self, state: S, seat: int, answer: str) -> tuple[S, list[Event]]:
        """The game's own rule for a program's bad answer (`ContestRules.fallback == "rule"`).

        Never reachable from a chat (people get only legal buttons); `answer` is what the program sent.
        """
        raise GameError("no_penalty_rule")

    # -- information --------------------------------------------------------------------------
    def view(self, state: S, seat: int | None) -> BaseView:
        raise NotImplementedError

    def is_over(self, state: S) -> bool:
        raise NotImplementedError

    def scores(self, state: S) -> list[float]:
        raise NotImplementedError

    def adjudicate(self, state: S) -> list[float]:
        """The scores of a game stopped by its contest's cap on moves or time: by default, as they stand."""
        return self.scores(state)

    def winners(self, state: S) -> list[int]:
        """Seats sharing the best result (only meaningful once the game is over)."""
        s = self.scores(state)
        best = max(s)
        return [i for i, v in enumerate(s) if v == best]

    # -- presentation hooks (data only: the host translates the message keys) ------------------
    def describe_action(self, action: str) -> tuple[str, dict[str, Any]]:
        """The message key and parameters that label an action's button.

        Default: `<game>.action.<verb>` with the arguments as `arg`, `arg2`…; the renderer shows
        any parameter that is a card or a suit letter in its pretty form.
        """
        verb, *args = action.split(":")
        params = {("arg" if i == 0 else f"arg{i + 1}"): a for i, a in enumerate(args)}
        return f"{self.key}.action.{verb}", params

    def describe_offered(self, view: BaseView, action: str) -> tuple[str, dict[str, Any]]:
        """The label of an action offered in `view`: `describe_action`, unless the game words a button by
        the moment (durak's "done" while the defender takes is "let them take", not "bito")."""
        return self.describe_action(action)

    def event_lines(self, event: Event) -> list[tuple[str, dict[str, Any], int | None]]:
        """The table log's lines for an event: (message key, parameters, seat); one line by default."""
        return [(f"{self.key}.event.{event.kind}", dict(event.data), event.seat)]

    def points(self, state: S) -> list[float]:
        """Each seat's points as the players count them, for the standings and the score sheet (default:
        `scores`; a game of penalty points, where `scores` are negated so that higher is better, shows
        them positive)."""
        return self.scores(state)

    def seat_points(self, view: BaseView, seat: int) -> float | None:
        """The points shown beside a seat on the table, as `points` counts them (None: none now)."""
        return view.scores[seat]

    def ranking(self, state: S) -> list[tuple[int, str, dict[str, Any]]]:
        """The final standings, best first: (seat, message key, parameters) for each seat."""
        scores, shown = self.scores(state), self.points(state)
        order = sorted(range(len(scores)), key=lambda i: -scores[i])
        return [(i, "host.rank.points", {"n": shown[i], "points": _num(shown[i])}) for i in order]

    def rematch_seed(self, old: S, seed: int) -> int:
        """A seed for the next game of the same seats whose first dealer sits left of the last game's
        (for games that draw the dealer as `seed % players`)."""
        p = old.players
        return seed - seed % p + (old.seed % p + 1) % p

    def describe_pick(self, item: str) -> tuple[str, dict[str, Any]]:
        """The message key and parameters that label a pick toggle (default: the item, e.g. a card)."""
        return f"{self.key}.pick", {"item": item}

    def status_lines(self, view: BaseView) -> list[tuple[str, dict[str, Any]]]:
        """Game-specific lines of the table message (trump, bids, the trick…) as message keys."""
        return []

    def hand_context(self, view: BaseView) -> list[tuple[str, dict[str, Any]]]:
        """The short context a hand message shows above the cards (the trump, the led card…): a line,
        and for the hand that is to act whatever its choice needs (the trick it follows, the bids).

        A hand holds its owner's cards and buttons, not the table's status, so that a move changes
        only the hands it really changes.
        """
        return []

    def hand_key(self, state: S, seat: int) -> tuple[Any, ...] | None:
        """A cheap key of everything `view(state, seat)` gives a hand message (`hand_context`, `hand_cards`,
        the labels of offered actions, the cards, `over`), when the game can tell it from the state: equal
        keys, equal hands, so a move that leaves a seat's key as it was builds no view of that seat. None (the
        default, and for any seat the game does not key): the host builds the view."""
        return None

    records_file: ClassVar[bool] = False  # True: `record_file` writes a finished game as a file

    def record_file(self, state: S, names: Sequence[str], event: str) -> tuple[str, bytes]:
        """A finished game as a file the world's programs open, (file name, content) — bridge: PBN."""
        raise GameError("no_game_record", id=event)

    def read_boards(self, text: str) -> tuple[list[list[str]], dict[str, Any]]:
        """A file of deals to play (bridge: PBN) as `new(…, deals=…)` takes them, with the options they set
        (how many boards); GameError with a clear reason when the file cannot be read."""
        raise GameError("no_boards_file")

    def hand_cards(self, view: BaseView) -> tuple[str, dict[str, Any]] | None:
        """The line that shows a hand's cards, as a message key (None: the host's "Your cards: 7♠ 9♠ …")."""
        return None

    def final_lines(self, view: BaseView) -> list[tuple[str, dict[str, Any]]] | None:
        """The lines of the message that ends a game, from the spectator view (None: each seat's place and
        score, best first, from `ranking`). A game of sides ranks the sides; a game of boards lists them."""
        return None

    def sheet_rows(self, view: BaseView) -> tuple[list[tuple[str, dict[str, Any]]], list[list[Any]]] | None:
        """The score sheet as columns (message keys) and rows of cells, a cell a text or a (key, params) to
        translate (None: one row of scores and one of places, a column per seat)."""
        return None

    def seat_status(self, view: BaseView, seat: int) -> tuple[str, dict[str, Any]] | None:
        """A short note shown beside a seat (its bid and tricks, "defends"…), as a message key."""
        return None

    # -- AI -----------------------------------------------------------------------------------
    def bot(self, level: str = "random", **kwargs: Any) -> Bot:
        """A player of this level, made with these options (a search's budget, samples…)."""
        if level == "random":
            return RandomBot()
        if level not in self.bots:
            raise GameError("unknown_bot", level=level)
        module, name = self.bots[level].split(":")
        made = getattr(importlib.import_module(module), name)
        return made(**kwargs)


class RandomBot:
    """Picks a legal action uniformly: the baseline every AI must beat."""

    def choose(self, view: Any, legal: Sequence[str], rng: random.Random) -> str:
        return rng.choice(list(legal))


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def next_seat(seat: int, players: int, step: int = 1) -> int:
    return (seat + step) % players
