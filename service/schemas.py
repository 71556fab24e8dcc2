"""The documented shapes of the platform's answers that routes build as plain JSON (service/views.py):
declared here for the OpenAPI document, where schemathesis holds every real answer to them. What inside
is the game's own (its view, its moves, its result's extra fields) stays a free JSON object."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar.openapi import ResponseSpec


class PlayerRow(msgspec.Struct):
    seat: int
    name: str
    ai: str | None


class EntropyStatus(msgspec.Struct):
    given: list[int]
    missing: list[int]


class UndoStatus(msgspec.Struct, kw_only=True):
    pending: dict[str, Any] | None
    possible: bool
    why_not: str | None = None
    to: int | None = None
    consent: bool | None = None
    request: int | None = None


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
    seat_views: list[dict[str, Any]] | None = None  # every seat's view: when over, or for the arbiter
    undo: UndoStatus | None = None
    origin: dict[str, Any] | None = None  # the game it was forked from
    sealed: str | None = None  # a duplicate table read from outside before its round's deal is revealed


class EventRow(msgspec.Struct, kw_only=True):
    """One event of the hash-chained log, its payload withheld (null, `redacted`) from who may not see it yet."""

    version: int
    actor: int | str  # a seat, or "system", "chance", "arbiter"
    kind: str
    payload: dict[str, Any] | None
    visible_to: list[int] | None
    at: str
    prev: str
    payload_hash: str
    hash: str
    redacted: bool | None = None


class Health(msgspec.Struct):
    status: str


GAME = {200: ResponseSpec(GameView, description="the game as the caller may see it")}
EVENTS = {200: ResponseSpec(list[EventRow], description="events in version order, as the caller may read them")}
HEALTH = {200: ResponseSpec(Health, description="the store answers")}
