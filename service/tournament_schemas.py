"""The documented shapes of the tournament routes' answers (service/tournament_routes.py), which
projections/standings.py and service/tournaments.py build as plain JSON: declared here for the OpenAPI
document, where schemathesis and tests/e2e/test_schema_contract.py hold the real answers to them."""

from __future__ import annotations

from typing import Any

import msgspec

from service.schemas import EventRow, answer


class EntrantRow(msgspec.Struct):
    name: str
    ai: str | None


class EntrantTicket(msgspec.Struct, omit_defaults=True):
    """An entrant as its tournament's creation answers it: a person's token (only here), an AI's level."""

    name: str
    ai: str | None = None
    token: str | None = None


class Progress(msgspec.Struct):
    games_done: int
    games_total: int


class Withdrew(msgspec.Struct):
    after_round: int  # the rounds seated when the entrant withdrew: it plays in none after


class CancelledRow(msgspec.Struct):
    by: str  # organiser | arbiter
    reason: str
    after_round: int  # the rounds seated when it was cancelled


class WithdrawnRow(msgspec.Struct):
    name: str
    after_round: int


class StandingRow(msgspec.Struct, kw_only=True):
    place: int  # entrants still equal after every tie-break share a place
    entrant: int
    name: str
    ai: str | None
    points: float
    played: int
    wins: int
    byes: int
    score_difference: float
    buchholz: float
    rating: float  # mu - 3 sigma
    mu: float
    sigma: float
    timeouts: int
    resigned: int
    forfeits: int
    abandoned: int
    withdrawn: Withdrew | None = None  # None: still in (POST /tournaments/{id}/withdraw)
    matchpoints: float | None = None  # duplicate tournaments only


class Byes(msgspec.Struct):
    round: int
    players: list[str]


class TableRow(msgspec.Struct, kw_only=True):
    round: int
    table: int
    id: str  # the table's game
    players: list[str]  # in seat order
    status: str  # active | finished | abandoned | adjudicated
    scores: list[float] | None
    ranks: list[int] | None
    timeouts: list[int] | None = None  # per seat, when anyone timed out or resigned
    resigned: list[int] | None = None  # seats
    forfeits: list[int] | None = None  # seats resigned for a no-show


class _Record(msgspec.Struct, kw_only=True):
    id: str
    name: str  # the title given at creation (default: the game and the format)
    status: str  # active | finished | cancelled
    game: str
    format: str  # round-robin | swiss
    table_size: int
    rounds: int
    round: int  # rounds seated so far
    duplicate: bool
    version: int
    created: str
    progress: Progress
    standings: list[StandingRow]
    byes: list[Byes]
    options: dict[str, Any] = {}  # every table's options (the clock, absent and no-show rules among them)
    time_rules: str | None = None  # the clock and no-show rules in words; null: none
    withdrawn: list[WithdrawnRow] = []  # in the order they withdrew
    cancelled: CancelledRow | None = None  # POST /tournaments/{id}/cancel
    games: list[TableRow]
    rating_model: str


class TournamentSummary(_Record, kw_only=True):
    entrants: list[EntrantRow]


class TournamentCreated(_Record, kw_only=True):
    entrants: list[EntrantTicket]
    organiser_token: str  # needed (with the arbiter's) for every later write; shown only here


class TournamentAdvanced(TournamentSummary, kw_only=True):
    advance: str  # what the nudge did, in words


class TournamentLine(msgspec.Struct, kw_only=True):
    id: str
    name: str
    status: str
    game: str
    format: str
    table_size: int
    round: int
    rounds: int
    players: list[str]
    games_done: int
    games_total: int
    created: str


class EntrantTable(msgspec.Struct):
    """One of an entrant's tables: the game to play with the entrant's own token, and the seat it holds."""

    round: int
    table: int
    game: str
    seat: int


CREATED = {201: answer(TournamentCreated, "the tournament, round 1 seated, and its tokens")}
LIST = {200: answer(list[TournamentLine], "every tournament, newest first")}
SUMMARY = {200: answer(TournamentSummary, "status, standings and games")}
EVENTS = {200: answer(list[EventRow], "the tournament's own events, hash-chained")}
ADVANCED = {200: answer(TournamentAdvanced, "the tournament after the nudge")}
TABLES = {200: answer(list[EntrantTable], "the caller's tables, in the order seated")}
