"""The game protocol: the one small interface every rules engine implements.

Modelled on OpenSpiel's state API and the Decider pattern. The service, the AI, the verifier and
the tests only ever talk to a game through `Game`, so no caller special-cases a game.

A rules engine is pure: no I/O, no clock, no global RNG. State is a frozen msgspec Struct (nested
Structs, tuples, frozensets, ints, strs), so old states can be kept without copying and a state can
be snapshotted with `msgspec.msgpack.encode(state)` and decoded with `type=game.State`.

Actors
------
`actors(state)` is who may act now: one seat, several seats (simultaneous decisions: secret planning,
open bidding), `{CHANCE}` when something random is due, or the empty set once the game is over.
CHANCE never shares the actor set with a seat.
A seat outside `actors` may still have legal moves: cards a rulebook lets a player use "at any time"
(before an auction, before a compulsory payment). `legal_moves(state, seat)` lists them for that seat
and `apply` accepts them; the game does not wait for them. The platform accepts a move from any seat
whose `legal_moves` contains it, and answers "not your turn" to a seat that has none.

Chance is a player
------------------
When `actors(state) == {CHANCE}`, `chance(state)` describes what is random (a `ChanceSpec`). The rules
never roll anything: a worker (or the AI in a playout, or an arbiter at a physical table) picks an
outcome with `sample_chance(spec, rng)` and applies it as an ordinary move of the CHANCE actor, so the
event log records every outcome and replay is exact.

Secrets
-------
`view(state, seat)` is the only code that knows what a seat may see (`seat=None` is a spectator).
Once `result(state)` is not None, the view shows everything. `visible_to(state, actor, move)` says who
may read a move's payload in the event log before the game ends (None: everyone); for chance moves it
is `chance(state).visible_to`. After a move `opens` (Himalaya's last disc) every secret seat move is public.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any, ClassVar
from typing import Protocol as _Protocol

import msgspec

from games.options import Option, check_option

Seat = int
CHANCE: Seat = -1  # the chance actor; never a real seat number


class Move(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    """Base of every move. A game's moves are tagged subclasses: `class Buy(Move, tag="buy")`.
    A field a move does not have is refused, like an unknown field of any request."""


class IllegalMove(Exception):
    """Raised by `apply` for any move that is not legal now; `reason` is for a person to read."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class ChanceSpec(msgspec.Struct, frozen=True):
    """What is random now.

    Two forms:
      * finite: `outcomes` lists every outcome move, `weights` their relative weights (None: uniform).
        Drawing from a bag of 5 red and 3 blue: outcomes=(Draw("red"), Draw("blue")), weights=(5, 3).
      * permutation: `permute=n` with `make(order)` building the outcome move from a uniformly random
        ordering of range(n) (shuffling a deck of n cards in one step).
    `visible_to`: the seats that may see the outcome before the game ends (None: public, () : nobody,
    e.g. the order of a shuffled deck).
    `label`: what happens, in the rulebook's words ("roll the d20", "shuffle the order deck").
    """

    label: str
    outcomes: tuple[Any, ...] = ()
    weights: tuple[float, ...] | None = None
    permute: int = 0
    make: Callable[[tuple[int, ...]], Any] | None = None
    visible_to: tuple[Seat, ...] | None = None

    def probability(self, move: Any) -> float:
        """P(move) under this spec: its share of the weights (finite form), 1/n! for a permutation."""
        if self.permute:
            return 1.0 / math.factorial(self.permute)
        total = sum(self.weights) if self.weights is not None else len(self.outcomes)
        weights = self.weights if self.weights is not None else (1,) * len(self.outcomes)
        return sum(w for o, w in zip(self.outcomes, weights, strict=True) if o == move) / total


class RNG(_Protocol):
    """What `sample_chance` and `determinize` need: `random.Random` and `games.fairness.HashRng` fit."""

    def random(self) -> float: ...
    def randrange(self, n: int) -> int: ...


def shuffled(n: int, rng: RNG) -> tuple[int, ...]:
    """A uniformly random ordering of range(n) (Fisher-Yates on `rng.randrange`: reproducible)."""
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = rng.randrange(i + 1)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


def sample_chance(spec: ChanceSpec, rng: RNG) -> Any:
    """Pick an outcome of `spec` with the right probabilities, using only `rng.randrange`."""
    if spec.permute:
        assert spec.make is not None, "a permutation ChanceSpec needs make"
        return spec.make(shuffled(spec.permute, rng))
    if not spec.outcomes:
        raise ValueError(f"chance step {spec.label!r} has no outcomes")
    if spec.weights is None:
        return spec.outcomes[rng.randrange(len(spec.outcomes))]
    total = sum(spec.weights)
    if isinstance(total, int):  # counts (cards, cubes, faces), as in every game here: an integer ticket
        ticket: float = rng.randrange(total)
        for outcome, w in zip(spec.outcomes, spec.weights, strict=True):
            ticket -= w
            if ticket < 0:
                return outcome
    x = rng.random() * total
    for outcome, w in zip(spec.outcomes, spec.weights, strict=True):
        x -= w
        if x < 0:
            return outcome
    return spec.outcomes[-1]


def default_among(moves: list[Any], *prefer: str) -> Any:
    """A timeout default: the legal move whose type comes first in `prefer` (the rulebook's "does
    nothing" choices: pass, end the turn, decline), else the first legal move; None when none is legal."""
    rank = {t: i for i, t in enumerate(prefer)}
    return min(moves, key=lambda m: rank.get(type(m).__struct_config__.tag, len(prefer)), default=None)


class Result(msgspec.Struct, frozen=True):
    """The end of a game. `scores[seat]` as the rules count them; `ranks[seat]` is the 1-based place
    after every tie-break (seats still tied share a place); `detail` explains the tie-breaks used."""

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    detail: str = ""

    @property
    def winners(self) -> tuple[Seat, ...]:
        return tuple(s for s, r in enumerate(self.ranks) if r == 1)


def ranks_from_keys(keys: Iterable[Any]) -> tuple[int, ...]:
    """1-based places from sort keys where larger is better (e.g. (score, tie-break, ...)).
    Equal keys share a place: keys (5, 7, 7, 1) → ranks (3, 1, 1, 4)."""
    keys = list(keys)
    return tuple(1 + sum(1 for other in keys if other > k) for k in keys)


def sigmoid(z: float) -> float:
    """The logistic 1 / (1 + e^-z), its argument clamped to ±60 (beyond, the answer is 0 or 1 anyway)."""
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))


def win_chances_of(weights: tuple[float, ...], features: list[tuple[float, ...]], seats: list[int]) -> list[float]:
    """A fitted evaluation (`Game.evaluations`, `ai/fit.py`): each of `seats`' chance to win, the
    logistic of its lead in weighted `features` (one tuple per seat) over the best other seat's."""
    return lead_chances([sum(w * f for w, f in zip(weights, fs, strict=True)) for fs in features], seats)


def lead_chances(values: list[float], seats: list[int]) -> list[float]:
    """Each of `seats`' chance to win: the logistic of its value's lead over the best other seat's."""
    return [sigmoid(values[seat] - max(v for i, v in enumerate(values) if i != seat)) for seat in seats]


def shares_of(weights: tuple[float, ...], features: list[tuple[float, ...]]) -> list[float]:
    """A fitted evaluation of many seats (`ai/fit.py --players`): every seat's chance to win,
    exp(w . f_i) / sum_j exp(w . f_j) over the seats' `features` (with two seats, `win_chances_of`)."""
    values = [sum(w * f for w, f in zip(weights, fs, strict=True)) for fs in features]
    top = max(values)
    e = [math.exp(v - top) for v in values]
    total = sum(e)
    return [x / total for x in e]


class Game:
    """A game type. Subclass it once per game, fill in the class attributes and the methods.

    Methods marked "for the AI" have usable defaults only where said. Their arguments are passed by
    position (`/`), so a game may hand a method to a module function whose parameters are named otherwise
    (`actors = staticmethod(rules.actors)`, where it reads `actors(s)`).
    """

    id: ClassVar[str]  # "kashgar", "yangtze", "bangkok-klongs", "himalaya"
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    # for the search: seat moves its rollouts play greedily (one ply on `heuristic`) before the leaf is
    # judged, once a move's budget can afford them (ai.ismcts: from 1 s a move); 0: judge at once
    greedy_rollout_moves: ClassVar[int] = 0
    State: ClassVar[type]  # the frozen msgspec Struct type of a state (for snapshots)
    Move: ClassVar[Any]  # the tagged union of every move, chance outcomes included (for decoding JSON)

    # --- the game -------------------------------------------------------------------------------

    def setup(self, players: int, options: dict[str, Any], /) -> Any:
        """The state before anything random happened. Deterministic. `options` holds every option
        name (defaults filled in by `check_options`). Initial shuffles are the first chance steps."""
        raise NotImplementedError

    def actors(self, state: Any, /) -> frozenset[Seat]:
        raise NotImplementedError

    def legal_moves(self, state: Any, seat: Seat, /) -> list[Any]:
        """Every legal move of `seat` now and only those (empty when `seat` may not act; a non-actor
        seat may have optional "at any time" moves, see the module docstring).
        For CHANCE: the finite outcomes of `chance(state)` (empty for a permutation)."""
        raise NotImplementedError

    def chance(self, state: Any, /) -> ChanceSpec:
        """What is random now; only called when `actors(state) == {CHANCE}`."""
        raise NotImplementedError

    def apply(self, state: Any, seat: Seat, move: Any, /) -> Any:
        """The next state. Raises `IllegalMove(reason)` for anything not legal now; never mutates."""
        raise NotImplementedError

    def view(self, state: Any, seat: Seat | None, /) -> Any:
        """Everything `seat` may see (None: a spectator), as a msgspec-encodable value. After the game
        ends everything is visible. Must include "active" hints a renderer needs (whose turn, phase)."""
        raise NotImplementedError

    def result(self, state: Any, /) -> Result | None:
        raise NotImplementedError

    # --- the log --------------------------------------------------------------------------------

    def visible_to(self, state: Any, actor: Seat, move: Any, /) -> tuple[Seat, ...] | None:
        """Who may read this move's payload in the log before the game ends (None: everyone).
        `state` is the state before the move. Default: chance outcomes as their spec says, seat moves
        public. Override for secret moves (a hidden plan slot: `(seat,)`)."""
        if actor == CHANCE:
            return self.chance(state).visible_to
        return None

    def reveals(self, state: Any, actor: Seat, move: Any, /) -> bool:
        """True when this move shows another seat something it could not see before (a secret turned
        face up). Undo never reaches back across such a move. Chance moves always count as reveals."""
        return False

    def opens(self, state: Any, actor: Seat, move: Any, /) -> bool:
        """True when this move turns every earlier secret seat move face up in the log (see Secrets)."""
        return False

    def time_limit(self, state: Any, /) -> float | None:
        """Seconds the seats acting now have (a phase's clock: it starts when the limit first appears and
        stops when it goes away), or None for no limit. When it runs out the platform plays
        `timeout_move` for every human seat still acting, until the limit goes away."""
        return None

    def timeout_move(self, state: Any, seat: Seat, /) -> Any:
        """What a seat that ran out of time does (the rulebook's default), or None."""
        return None

    def apply_timeout(self, state: Any, seat: Seat, move: Any, /) -> Any:
        """`apply` for the `timeout_move` the platform plays for a late seat. Default: `apply`. A game
        overrides it where the rulebook accepts from the timer what it refuses from a player (a Himalaya
        program completed by the timer is never rejected, even if it ends on the snowstorm)."""
        return self.apply(state, seat, move)

    def describe(self, move: Any, /) -> str:
        """One line for a person: "buy 2 silk from the river", from the game's describe module
        (`describe_move(move, None)`: no seat's view), else the JSON of the move."""
        from .registry import describer

        say = getattr(describer(self), "describe_move", None)
        try:
            return say(move, None) if say is not None else msgspec.json.encode(move).decode()
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            return msgspec.json.encode(move).decode()

    # --- for the AI -----------------------------------------------------------------------------

    def determinize(self, state: Any, seat: Seat, rng: RNG, /) -> Any:
        """A full state consistent with everything `seat` has seen, hidden parts drawn at random
        (other hands, deck orders, bag contents). Default: the state itself (no hidden information)."""
        return state

    def heuristic(self, state: Any, seat: Seat, /) -> float:
        """How well `seat` stands, in [0, 1] (1: certainly winning). Used by greedy and to cut
        MCTS playouts short. Default: 1 for a winner, 0 for a loser, 0.5 while running."""
        r = self.result(state)
        return 0.5 if r is None else float(r.ranks[seat] == 1)

    def heuristics(self, state: Any, seats: list[Seat], /) -> list[float]:
        """`heuristic` of each of `seats` (the search asks for every seat on its path at once; a game
        whose heuristic ranks all seats together overrides this to do that work once)."""
        return [self.heuristic(state, seat) for seat in seats]

    def evaluations(self, state: Any, seats: list[Seat], /) -> list[float]:
        """The search's value of each of `seats` where its tree stops (a leaf): the seat's chance to
        win, in [0, 1]. Default: `heuristics`. A game overrides it with a model fitted to game
        outcomes (`ai/fit.py`; Kashgar, Yangtze, Himalaya with three seats); greedy keeps the
        heuristic, whose shaping a one-ply look needs."""
        return self.heuristics(state, seats)

    def features(self, state: Any, seat: Seat, /) -> tuple[float, ...] | None:
        """Optional, for `ai/fit.py`: the numbers about `seat` that a fitted `evaluations` weighs
        against the other seats' (`win_chances_of`, `shares_of`), or None where the game has no fitted
        evaluation."""
        return None

    def apply_all(self, state: Any, seat: Seat, moves: tuple[Any, ...], /) -> Any:
        """`apply` of each of `moves` in turn (a macro decision of `seat`, see `search_moves`); a game
        may override it to reach the same state with less work."""
        for move in moves:
            state = self.apply(state, seat, move)
        return state

    def search_moves(self, state: Any, seat: Seat, /) -> list[tuple[Any, ...]] | None:
        """Optional, for the search: macro decisions (each a tuple of moves `seat` plays in a row) to
        branch over instead of the legal moves, or None for the legal moves. For games where a single
        move shows its worth only with the ones after it (Himalaya's six-disc programs)."""
        return None

    def playout(self, state: Any, seat: Seat, rng: RNG, /) -> tuple[Any, ...] | None:
        """Optional, for the search: the moves `seat` plays next in a simulation (a playout policy),
        () to stop there and judge the state with `heuristic`, or None for the search's own rollout."""
        return None

    # --- for people -----------------------------------------------------------------------------

    def render(self, view: Any, seat: Seat | None, /) -> str:
        """The board as text for a terminal, from the JSON-decoded view (a dict, as the API sends it).
        May use rich markup ([bold], [red]...). Default: the view as indented JSON."""
        return msgspec.json.format(msgspec.json.encode(view)).decode()

    # --- helpers the platform uses (not to be overridden) ---------------------------------------

    def check_options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        """Fill in defaults and refuse unknown names or values (ValueError with a reason)."""
        given = dict(given or {})
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise ValueError(f"unknown option(s) for {self.id}: {', '.join(unknown)}")
        return {o.name: check_option(o, given[o.name]) if o.name in given else o.default for o in self.options}

    def decode_move(self, obj: Any) -> Any:
        """A move from its JSON-decoded form; ValueError with a reason when it is not a move."""
        try:
            return msgspec.convert(obj, self.Move)
        except msgspec.ValidationError as e:
            raise ValueError(f"not a {self.id} move: {e}") from None

    def play_chance(self, state: Any, rng: RNG) -> Any:
        """Resolve one pending chance step with `rng`."""
        return self.apply(state, CHANCE, sample_chance(self.chance(state), rng))
