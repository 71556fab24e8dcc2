"""The documented shapes of the platform's answers that routes build as plain JSON (service/views.py):
declared here for the OpenAPI document, where schemathesis holds every real answer to them. What inside
is the game's own (its view, its moves, its result's extra fields) stays a free JSON object."""

from __future__ import annotations

from typing import Any, Literal

import msgspec
from litestar.openapi import ResponseSpec

VERSION_MAX = 2**53 - 1  # no log grows this long; a larger version in a request is refused (400)


OptionType = Literal["boolean", "integer", "number", "string"]


class ListedOption(msgspec.Struct):
    """One option of a game type as `GET /game-types` lists it: a value of another `type` than this, or out
    of its choices or bounds, is a 422 (`games.protocol.check_option`)."""

    name: str
    description: str
    type: OptionType | None  # the JSON type a value must have (None: any value)
    default: Any
    choices: list[Any] | None = None  # a value among them (or a list of them)
    minimum: float | None = None  # the bounds of a number
    maximum: float | None = None


class PlayerRow(msgspec.Struct):
    seat: int
    name: str
    ai: str | None


class EntropyStatus(msgspec.Struct):
    given: list[int]
    missing: list[int]


class UndoPending(msgspec.Struct):
    """The undo request awaiting answers: who asked, to which version, who consented, whose answer is awaited."""

    request: int  # its version: consent, decline and withdraw name it
    by: int
    to: int
    consents: list[int]
    waiting_for: list[int]


class UndoStatus(msgspec.Struct, kw_only=True):
    pending: UndoPending | None
    possible: bool
    why_not: str | None = None
    to: int | None = None
    consent: bool | None = None
    request: int | None = None


class ForkOrigin(msgspec.Struct):
    """Where a forked game comes from: the game, the version, who forked it, how its hidden parts were set."""

    game: str
    at: int
    by: int | str | None
    hidden: str
    private: bool = False  # forked from a game still in play: only its seats and the arbiter may read it, for good


class SeatClock(msgspec.Struct):
    seat: int
    running: bool
    deadline: float | None  # unix time its clock runs out, while it runs
    remaining: float | None  # seconds left (fischer: of its main time; per-decision: of this decision)
    ai: str | None  # the AI level playing for it, once it is absent
    due: str | None = None  # what sets the deadline while it runs: clock | phase (the game's limit) | no-show


class ClockView(msgspec.Struct):
    control: str  # none | per-decision:SECONDS | fischer:MAIN+INCREMENT
    absent: str  # what plays for a late seat: default | ai-LEVEL
    seats: list[SeatClock]


class AbsentSeat(msgspec.Struct):
    """A seat the platform plays for: it timed out under `absent: ai-LEVEL`, or it resigned."""

    seat: int
    ai: str
    resigned: bool


class GameView(msgspec.Struct, kw_only=True):
    """A game as the caller may see it (a spectator, a seat, the arbiter)."""

    id: str
    type: str
    version: int
    status: str
    actors: list[int]  # the seats that may act now
    waiting_for: str | None  # "seats", "chance", "entropy" or nothing (over)
    players: list[PlayerRow]
    you: int | None  # the caller's seat
    view: dict[str, Any]  # the game's own view for this caller
    result: dict[str, Any] | None
    seed_sha256: str
    options: dict[str, Any]
    chance: str | None = None  # the pending chance step
    entropy: EntropyStatus | None = None
    time_limit: float | None = None  # seconds the acting seats have in all
    deadline: float | None = None  # unix time their clock runs out
    clock: ClockView | None = None  # a table with a time control
    absent: list[AbsentSeat] | None = None
    seat_views: list[dict[str, Any]] | None = None  # every seat's view: when over, or for the arbiter
    undo: UndoStatus | None = None
    origin: ForkOrigin | None = None  # the game it was forked from
    sealed: str | None = None  # a duplicate table read from outside before its round's deal is revealed


class EventRow(msgspec.Struct, kw_only=True):
    """One event of the hash-chained log, its payload withheld (null, `redacted`) from who may not see it yet."""

    version: int
    actor: int | str  # a seat, or "system", "chance", "arbiter"
    kind: str
    payload: dict[str, Any] | None
    visible_to: list[int] | None
    at: str
    prev: str | None  # null with the hashes at a sealed table (`sealed`)
    payload_hash: str | None
    hash: str | None
    redacted: bool | None = None
    sealed: bool | None = None  # a duplicate table whose round is in play: payload and hashes withheld until it ends
    words: str | None = None  # with ?words=true: a move or draw in the game's words, from where it was played


class EventLine(msgspec.Struct):
    """An event in words, for the browser page."""

    version: int
    kind: str
    text: str


class MoveEntry(msgspec.Struct):
    """A legal move in words, with its group and the board target a click on it chooses."""

    move: dict[str, Any]  # the game's own move, as posted back to /moves
    text: str  # the whole move in the game's words (as the CLI says it)
    choice: str  # what differs under its group's heading
    group: str
    target: str | None
    why: str | None = None  # why a move of its type is offered (the game's guide.py WHY), where it says


class Frame(msgspec.Struct, kw_only=True):
    """What the browser page draws for its reader (`GET /games/{id}/view/frame`): the header fields of
    `GET /games/{id}`, the board as SVG, the events and the legal moves in words."""

    id: str
    type: str
    version: int
    status: str
    actors: list[int]
    waiting_for: str | None
    players: list[PlayerRow]
    you: int | None
    result: dict[str, Any] | None
    chance: str | None = None
    time_limit: float | None = None
    deadline: float | None = None
    clock: ClockView | None = None
    absent: list[AbsentSeat] | None = None
    sealed: str | None = None
    undo: UndoStatus | None = None  # a spectator's: only the pending request
    board: str  # SVG (or the view as text for a game without a drawing)
    events: list[EventLine]
    moves: list[MoveEntry]
    latest: int | None = None  # with `at`: the game's version now
    status_now: str | None = None  # with `at`: the game's status now (`status` is the step's)
    analysis: Literal["none", "running", "done"] | None = None  # with `at`: the game's analysis (none unless finished)
    server_time: float | None = None  # unix time the frame was made (the page counts clocks down against it)


class Health(msgspec.Struct):
    status: str


class SeatInfo(msgspec.Struct, omit_defaults=True):
    seat: int
    name: str
    token: str | None = None  # a person's seat: the token that plays it (only in this answer)
    ai: str | None = None
    account: bool = False  # an account's seat (`@NAME`): played with the account's own sign-in, no token
    open: bool = False  # an `open` seat: any signed-in account may take it (POST /games/{id}/join)


class GameCreated(msgspec.Struct):
    id: str
    seats: list[SeatInfo]


class Forked(msgspec.Struct):
    id: str
    seats: list[SeatInfo]
    origin: ForkOrigin


class NoBody(msgspec.Struct, forbid_unknown_fields=True):
    """The body of a POST that takes no fields: none, or `{}` (anything else is a 400 that changes nothing)."""


class GameEnded(msgspec.Struct):
    """A game after a resignation, an abandonment or an adjudication."""

    id: str
    version: int
    status: str


class EntropyAdded(msgspec.Struct):
    version: int
    given: list[int]  # the seats that have added theirs
    missing: list[int]  # the seats still awaited


class UndoAnswer(msgspec.Struct, kw_only=True):
    """What an undo verb did: granted (the log returned to `to`), or still waiting for seats' answers,
    or settled without an undo (`declined`, `withdrawn`)."""

    granted: bool
    version: int  # the game's version after this verb
    to: int
    waiting_for: list[int]
    request: int | None = None  # a new request: its version, which the others' answers name
    settled: str | None = None


def answer(shape: Any, description: str) -> ResponseSpec:
    """A success answer's documented shape (no made-up examples in the document)."""
    return ResponseSpec(shape, description=description, generate_examples=False)


GAME = {200: answer(GameView, "the game as the caller may see it")}
EVENTS = {200: answer(list[EventRow], "events in version order, as the caller may read them")}
HEALTH = {200: answer(Health, "the store answers")}
UNDO = {200: answer(UndoAnswer, "what the undo verb did")}
FRAME = {200: answer(Frame, "the game drawn for the reader, with its events and moves in words")}
