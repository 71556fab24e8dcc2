"""The typed answers of post-game analysis (service/analysis.py): what `GET /games/{id}/analysis` and
`GET /tournaments/{id}/analysis` send, exactly as /schema documents them. Rows are stored in these shapes
too (JSON), so what the workers write is what a reader gets. A move is the game's own (a free JSON object,
as everywhere else on the platform); everything around it is typed here."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from service.schemas import PlayerRow

Class = Literal["best", "good", "inaccuracy", "mistake", "blunder"]
By = Literal["person", "ai", "ai-for-person", "timeout"]
# who chose the move: the seat's person, an AI seat (its own AI), the AI playing for a person who was away (taken
# over, or after resigning), the clock (the rulebook's default when the seat's time ran out). Only the first two
# are the seat's own choices: the others are told, never counted in its accuracy, classes or costliest moments


class Engine(msgspec.Struct, frozen=True):
    """Everything that reproduces an analysis, with the game's head hash (`AnalysisReport.head`)."""

    seed: int  # each decision's search is seeded with "<seed>:<version>"
    budget: float | None  # seconds of search per decision (null: bounded by `iterations` only)
    iterations: int | None  # a cap on search iterations per decision
    engine: str = "ismcts"
    outlook_samples: int = 12  # hidden states drawn for a move's expected rank (and its play to the end)
    code: str | None = None  # a digest of the engine's source (ai.analysis.engine_code; null: not recorded then)


class DecisionRow(msgspec.Struct, tag_field="kind", tag="decision", kw_only=True):
    """A seat's decision, judged from its information set at that moment. A forced move (one legal move)
    has class `forced` and no search: its best, values and loss are null."""

    version: int  # the event that recorded it
    seat: int
    by: By
    move: dict[str, Any]  # the move played (the game's own)
    text: str  # ... in words
    by_text: str | None = None  # who made it, in words, when it was not the seat's own choice: "made by the AI
    # for ann", "the clock's default for ann" (null: the seat chose it)
    cls: Literal["best", "good", "inaccuracy", "mistake", "blunder", "forced"] = msgspec.field(name="class")
    best: dict[str, Any] | None = None  # the engine's pick, or the move played where valued at least as high
    best_text: str | None = None
    win_played: float | None = None  # the search's mean value of the move played, 0..1 (the win chance); where
    # it or the engine's pick ends the game, both are played to the end and valued by the win share there
    win_best: float | None = None
    rank_played: float | None = None  # the expected final place (1 = first) after the move played: first with
    # its win chance, else as the game's evaluation orders the others (two seats: 2 - win_played; ai/analysis.py)
    rank_best: float | None = None
    loss: float | None = None  # win_best - win_played (as given, 4 digits), never below 0: the class is read from it
    stakes: float | None = None  # what the decision put at stake: the mean loss of a move drawn at random from the
    # moves the search looked at (one it never tried valued as the worst tried), at least `loss`; what accuracy weighs
    matches: bool | None = None  # the move played is the best shown (valued at least as the engine's pick)
    iterations: int = 0  # search iterations spent
    engine_agrees: bool | None = None  # a person's decision: a second search (another seed) picked a move valued
    # at least as the first search's pick (the rule `matches` holds the move played to)


class ChanceRow(msgspec.Struct, tag_field="kind", tag="chance", kw_only=True):
    """A chance step: what was drawn and its odds (null for a shuffle, where every order is as likely)."""

    version: int
    label: str  # the rulebook's name for the step
    move: dict[str, Any]  # the outcome (the game's own)
    text: str
    odds: float | None
    outcomes: int | None  # how many outcomes there were


Row = DecisionRow | ChanceRow


class Thresholds(msgspec.Struct, frozen=True):
    """The loss (win chance, 0..1) at or below which a move that is not the best is good, an inaccuracy, a
    mistake; above `mistake`, a blunder."""

    good: float
    inaccuracy: float
    mistake: float


class ClassCounts(msgspec.Struct):
    best: int = 0
    good: int = 0
    inaccuracy: int = 0
    mistake: int = 0
    blunder: int = 0


class Moment(msgspec.Struct):
    """One of a seat's costliest decisions."""

    version: int
    text: str  # the move played, in words
    best_text: str | None
    loss: float
    cls: Class = msgspec.field(name="class")


class Point(msgspec.Struct):
    """A point of a seat's value graph: its win chance (and expected place) after its decision at `version`."""

    version: int
    win: float
    rank: float | None


class SeatSummary(msgspec.Struct, kw_only=True):
    seat: int
    name: str
    decisions: int  # decisions that count: it had a choice and made it (not forced, not the AI or the clock for it)
    loss: float  # summed
    at_stake: float = 0.0  # the decisions' stakes, summed (rows made before stakes were kept count none)
    accuracy: float | None  # 100 × (1 − loss / at_stake): the share of what was at stake its moves kept, 0..100
    # (ai/analysis.py accuracy; 0: no better than a move drawn at random); null with nothing at stake
    expected_rank: float | None  # the mean expected place after its moves played
    expected_rank_best: float | None  # ... had it played the engine's best each time
    classes: ClassCounts
    matches: int  # decisions where it played the engine's best
    engine_checked: int  # a person's decisions searched twice (the fair-play baseline)
    engine_matches: int  # ... where the two searches agreed
    costliest: list[Moment]
    graph: list[Point]  # after each decision of its own (as counted in `decisions`, forced moves aside)
    by_ai: int = 0  # its moves the AI made for it while its person was away (not counted)
    by_clock: int = 0  # its moves the clock made (the rulebook's default: not counted)


class AnalysisReport(msgspec.Struct, kw_only=True):
    """A game's analysis: progress while the workers judge it, then every step's verdict and each seat's
    accuracy. Derived data, stored beside the game (never in its chain)."""

    game: str
    type: str
    scope: str  # "all" (a finished game), or "seat-N" (seat N's own private fork)
    id: str  # this analysis (a new POST with other settings makes a new one)
    status: Literal["running", "done"]
    done: int  # rows written
    total: int
    head: str  # the hash of the game's last event it covers
    version: int
    stale: bool  # the game has moved on since (a fork played on)
    created: str
    engine: Engine
    jobs: int  # the worker jobs it was split into
    thresholds: Thresholds
    players: list[PlayerRow]
    seats: list[SeatSummary]
    rows: list[Row]


class AnalysisSection(msgspec.Struct, kw_only=True):
    """The last line of `GET /games/{id}/export?analysis=true`: derived data, outside the hash chain (no
    envelope fields); `caravan verify` checks the events above it and skips this line."""

    section: Literal["analysis"] = "analysis"
    note: str = "derived data: not part of the game's hash chain; reproduce it from `head` and `engine`"
    analysis: AnalysisReport | None
    detail: str | None = None  # why there is none


class FairPlay(msgspec.Struct, kw_only=True):
    """How often an entrant's choices match the engine's best, against how often the engine agrees with
    itself at the same budget: a signal for a director to look closer, never a verdict."""

    decisions: int
    match_rate: float | None
    engine_rate: float | None  # the engine's self-agreement over the same decisions
    engine_spread: float | None  # its standard error over them
    z: float | None  # (matches - expected) / sd; high means closer to the engine than the engine itself
    signal: str
    note: str


class EntrantAccuracy(msgspec.Struct, kw_only=True):
    entrant: str
    ai: str | None  # an AI entrant's level
    games: int  # its analysed games
    decisions: int
    accuracy: float | None
    expected_rank: float | None  # the mean expected place after its moves
    classes: ClassCounts
    matches: int  # decisions where it played the engine's best
    match_rate: float | None  # matches / decisions (an AI entrant's: a baseline to read people's against)
    fair_play: FairPlay | None  # people only


class TableAnalysis(msgspec.Struct):
    game: str
    round: int
    status: str  # done | running | none (not analysed yet) | hidden (not finished, or not yet public)


class TournamentAnalysis(msgspec.Struct, kw_only=True):
    """A tournament's analysed games: an accuracy table per entrant, and the fair-play signal."""

    tournament: str
    tables: list[TableAnalysis]
    analysed: int  # tables with a finished analysis
    entrants: list[EntrantAccuracy]
    note: str
