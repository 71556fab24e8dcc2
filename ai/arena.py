"""Matches between AI levels, and the strength benchmark behind `caravan bench ai`.

A pairing "A vs B" puts A in one seat and B in every other seat at the game's smallest player count,
with A's seat rotated from game to game. A's score in a game is its win share: 1 for a win, 1/k for
a first place shared by k seats, 0 otherwise. The report gives the mean share with a 95 % Wilson
interval and the MCTS search speed. At more than two seats it also gives how often A finished ahead
of each other seat (`ahead_of_others`: a tie counts 1/2): at two seats the same as the win share, at
three the head-to-head figure beside a win share whose even value is 1/3.

A side of a pairing is a spec (`parse_spec`): a level (`random`, `greedy`, `mcts`, `easy`, `medium`,
`hard`), for mcts optionally ``@SECONDS`` a move or ``#ITERATIONS`` a move (deterministic, the same
on any machine), and after ``/`` search settings as ``name=value`` pairs for `ai.ismcts.search`
(``mcts#300/mast=0`` is the search without MAST, ``mcts#300/widen=1`` with progressive widening), so two versions of the search
can meet over the same seeds.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.protocol import CHANCE, Game, Result, sample_chance

from . import NAMED, parse_level
from .player import SearchPlayer
from .simple import greedy_move, random_move, win_shares

PAIRINGS = (("mcts", "random"), ("mcts", "greedy"), ("greedy", "random"))
MAX_STEPS = 100_000


@dataclass
class SearchTally:
    """MCTS work over a match: iterations and seconds spent searching."""

    iterations: int = 0
    seconds: float = 0.0
    moves: int = 0

    @property
    def per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds > 0 else 0.0


@dataclass
class PairingResult:
    first: str
    second: str
    shares: list[float] = field(default_factory=list)
    tally: SearchTally = field(default_factory=SearchTally)
    ahead: list[float] = field(default_factory=list)  # per game: ahead_of_others of the first side

    @property
    def key(self) -> str:
        return f"{self.first}_vs_{self.second}"

    @property
    def share(self) -> float:
        return sum(self.shares) / len(self.shares) if self.shares else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.share, len(self.shares))

    @property
    def ahead_share(self) -> float:
        return sum(self.ahead) / len(self.ahead) if self.ahead else 0.0


@dataclass(frozen=True)
class Spec:
    """One side of a pairing: who plays and how long mcts thinks."""

    text: str
    level: str  # random | greedy | mcts (a named level is resolved to what plays it)
    seconds: float | None = None
    iterations: int | None = None
    knobs: tuple[tuple[str, float], ...] = ()  # keyword arguments for ai.ismcts.search


def parse_spec(text: str) -> Spec:
    """``mcts#300/exploration=0.4`` -> Spec(level="mcts", iterations=300, knobs=(("exploration", 0.4),)).
    ValueError with a reason for anything else."""
    head, _, tail = text.strip().partition("/")
    head, hash_, count = head.partition("#")
    level, seconds = parse_level(head)
    iterations = None
    if level in NAMED:
        level, iterations = NAMED[level]
    if hash_:
        if level != "mcts" or seconds is not None or not count.isdigit() or int(count) < 1:
            raise ValueError(f"{text!r}: #ITERATIONS (a positive whole number) follows mcts only, without @")
        iterations = int(count)
    knobs = []
    for pair in filter(None, tail.split(",")):
        name, eq, val = pair.partition("=")
        if level != "mcts" or not eq or not name.isidentifier():
            raise ValueError(f"{text!r}: search settings are NAME=NUMBER pairs after mcts/")
        knobs.append((name, float(val)))
    return Spec(text.strip(), level, seconds, iterations, tuple(knobs))


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share p observed over n games."""
    if n == 0:
        return (0.0, 1.0)
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def ahead_of_others(result: Result, seat: int) -> float:
    """The share of the other seats that `seat` finished ahead of (a tie with one counts 1/2):
    1.0 when it beat every other seat, 0.0 when every other seat beat it."""
    mine = result.ranks[seat]
    others = [r for s, r in enumerate(result.ranks) if s != seat]
    return sum(1.0 if mine < r else 0.5 if mine == r else 0.0 for r in others) / len(others)


def play_game(game: Game, levels: list[str], seed: int, budget: float | None = 0.1,
              iterations: int | None = None, tally: SearchTally | None = None,
              options: dict | None = None) -> Result:
    """Play one game with an AI of `levels[seat]` in each seat; chance from `seed`."""
    rng = random.Random(seed)
    ai_rngs = [random.Random(f"{seed}/{seat}") for seat in range(len(levels))]
    parsed = [parse_spec(level) for level in levels]
    players = [SearchPlayer(f"arena-{seed}", seat) for seat in range(len(levels))]  # this game's trees, per seat
    state = game.setup(len(levels), game.check_options(options))
    for _ in range(MAX_STEPS):
        actors = game.actors(state)
        if not actors:
            result = game.result(state)
            assert result is not None, "a game without actors has a result"
            return result
        if CHANCE in actors:
            state = game.apply(state, CHANCE, sample_chance(game.chance(state), rng))
            continue
        seat = min(actors)
        state = game.apply(state, seat, spec_move(game, state, seat, parsed[seat], ai_rngs[seat],
                                                  budget, iterations, tally, players[seat]))
    raise RuntimeError(f"no end after {MAX_STEPS} steps")


def spec_move(game: Game, state: Any, seat: int, spec: Spec, rng: random.Random, budget: float | None = 0.1,
              iterations: int | None = None, tally: SearchTally | None = None,
              player: SearchPlayer | None = None) -> Any:
    """The move the player `spec` makes for `seat` (an mcts spec without its own budget searches
    `budget` seconds / `iterations`); a search's work is added to `tally`. `player`: the seat's search
    player in this game, whose tree goes on between its moves (None: a fresh search)."""
    if spec.level == "random":
        return random_move(game, state, seat, rng)
    if spec.level == "greedy":
        return greedy_move(game, state, seat, rng)
    own: tuple[float | None, int | None]
    if spec.iterations is not None:  # a fixed amount of work: no clock
        own = (None, spec.iterations)
    else:
        own = (spec.seconds if spec.seconds is not None else budget, iterations)
    player = player or SearchPlayer("", seat)  # (one that is dropped at once: a fresh search)
    move, stats = player.search(game, state, rng, budget=own[0], iterations=own[1],
                                **dict(spec.knobs))  # as the AI plays (choose_move)
    if tally is not None and stats.iterations:
        tally.iterations += stats.iterations
        tally.seconds += stats.seconds
        tally.moves += 1
    return move


def _one_game(game: Game, first: str, second: str, players: int, i: int, seed: int,
              budget: float | None, iterations: int | None) -> tuple[float, float, SearchTally]:
    """Game number `i` of a pairing: `first`'s win share, its `ahead_of_others` and the search work
    of every mcts seat."""
    seat = i % players
    levels = [second] * players
    levels[seat] = first
    tally = SearchTally()
    result = play_game(game, levels, seed=seed + i, budget=budget, iterations=iterations, tally=tally)
    return win_shares(result)[seat], ahead_of_others(result, seat), tally


_FORKED: list[tuple[Game, Callable]] = []  # what a forked pool runs (inherited by its processes, never pickled)


def _forked_call(args: tuple) -> Any:
    game, fn = _FORKED[-1]
    return fn(game, *args)


def forked_map(game: Game, fn: Callable, args: list[tuple], jobs: int):
    """`fn(game, *a)` for each `a` of `args`, yielded in order, each as soon as it and those before it
    are done; `jobs` > 1 runs them in that many forked processes (`game` and `fn` are inherited, not
    pickled)."""
    if jobs <= 1:
        yield from (fn(game, *a) for a in args)
        return
    import multiprocessing

    _FORKED.append((game, fn))
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            yield from pool.imap(_forked_call, args)
    finally:
        _FORKED.pop()


def _games(game: Game, first: str, second: str, players: int, games: int, seed: int,
           budget: float | None, iterations: int | None, jobs: int):
    """(share, ahead, tally) of each game of a pairing in order, each as soon as it and those before it are done."""
    args = [(first, second, players, i, seed, budget, iterations) for i in range(games)]
    return forked_map(game, _one_game, args, jobs)


def play_pairing(game: Game, first: str, second: str, games: int, budget: float | None,
                 players: int | None = None, iterations: int | None = None, seed: int = 0,
                 progress: Callable[[int], None] | None = None, jobs: int = 1,
                 on_game: Callable[[int, float, float], None] | None = None) -> PairingResult:
    """`games` games of one `first` seat against `second` everywhere else, seats rotated; game i is
    seeded `seed + i`, so two pairings over the same seeds meet the same deals and dice. `jobs` > 1
    plays games in that many forked processes (the result is the same). `on_game(i, share, ahead)`
    is called after each game, in order (`ahead`: `ahead_of_others` of the first side)."""
    players = players or game.min_players
    parse_spec(first), parse_spec(second)  # refuse a bad spec before any game
    out = PairingResult(first, second)
    for share, ahead, tally in _games(game, first, second, players, games, seed, budget, iterations, jobs):
        out.shares.append(share)
        out.ahead.append(ahead)
        if on_game is not None:
            on_game(len(out.shares) - 1, share, ahead)
        out.tally.iterations += tally.iterations
        out.tally.seconds += tally.seconds
        out.tally.moves += tally.moves
        if progress is not None:
            progress(1)
    return out


def run_bench(game_id: str, games: int, budget: float, progress: Callable[[int, int], None] | None = None,
              pairings: tuple[tuple[str, str], ...] = PAIRINGS, seed: int = 0) -> dict[str, Any]:
    """The strength report for one game type (what `caravan bench ai --json` prints).

    Keys: "mcts_vs_random", "mcts_vs_greedy", "greedy_vs_random" (win shares of the first level),
    "games" (per pairing), and extras: "game", "players", "budget", "ci95" {pairing: [lo, hi]},
    "iterations_per_s" {pairing: MCTS iterations per second}, "mcts_iterations_per_s" (overall),
    "seconds". `progress(done, total)` is called after every game.
    """
    from games.registry import get

    for a, b in pairings:
        parse_spec(a), parse_spec(b)  # ValueError for an unknown level
    game = get(game_id)
    total = games * len(pairings)
    done = 0
    started = time.perf_counter()

    def tick(n: int) -> None:
        nonlocal done
        done += n
        if progress is not None:
            progress(done, total)

    report: dict[str, Any] = {"game": game_id, "players": game.min_players, "budget": budget,
                              "games": games, "ci95": {}, "iterations_per_s": {}}
    overall = SearchTally()
    for first, second in pairings:
        r = play_pairing(game, first, second, games, budget, seed=seed, progress=tick)
        report[r.key] = round(r.share, 4)
        report["ci95"][r.key] = [round(x, 4) for x in r.ci95]
        if r.tally.seconds:
            report["iterations_per_s"][r.key] = round(r.tally.per_second, 1)
            overall.iterations += r.tally.iterations
            overall.seconds += r.tally.seconds
    report["mcts_iterations_per_s"] = round(overall.per_second, 1)
    report["seconds"] = round(time.perf_counter() - started, 1)
    return report
