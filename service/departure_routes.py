"""Routes for leaving a game: resign (a seat), abandon and adjudicate (the arbiter)."""

from __future__ import annotations

import msgspec
from litestar import Request, post

from service.commands import ARBITER
from service.departures import abandon, adjudicate, come_back, resign
from service.errors import Forbidden, Unauthorized
from service.openapi import errors
from service.runtime import rt
from service.schemas import GameEnded, NoBody


class Ending(msgspec.Struct, forbid_unknown_fields=True):
    reason: str = ""  # said in the event, for the record


class Ranking(msgspec.Struct, forbid_unknown_fields=True):
    ranks: list[int]  # per seat its place, 1 = first (ties share a place)
    reason: str = ""


async def _arbiter(request: Request, game_id: str) -> None:
    caller = await rt(request).caller(request, game_id)
    if caller != ARBITER:
        raise Forbidden("only the arbiter ends a game this way")


def _answer(f) -> GameEnded:
    return GameEnded(id=f.id, version=f.version, status=f.status)


@post("/games/{game_id:str}/resign", status_code=200, responses=errors(400, 401, 403, 404, 409, 413, 503))
async def resign_route(request: Request, game_id: str, data: NoBody | None = None) -> GameEnded:
    """Your seat resigns: ranked last among those still in; an AI plays its remaining decisions."""
    r = rt(request)
    caller = await r.caller(request, game_id)
    if not isinstance(caller, int):
        raise Unauthorized("a seat's token is needed to resign")
    return _answer(await resign(r.commands, game_id, caller))


@post("/games/{game_id:str}/return", status_code=200, responses=errors(400, 401, 403, 404, 409, 413, 503))
async def return_route(request: Request, game_id: str, data: NoBody | None = None) -> GameEnded:
    """Your seat, which an AI plays since your time ran out (or you did not show up), is yours again at
    once: a `returned` event (a move of yours does the same, but the AI answers within milliseconds).
    409 `conflict` when no AI plays the seat, it resigned, or no time is left on its clock (its Fischer
    main time spent: every decision of its would be late at once), so the return could not hold. A return
    keeps the start of the decision the AI holds: when that decision's time ran out (per-decision), the AI
    makes it and the seat is yours again from your next decision (409 until then)."""
    r = rt(request)
    caller = await r.caller(request, game_id)
    if not isinstance(caller, int):
        raise Unauthorized("a seat's token is needed to come back")
    return _answer(await come_back(r.commands, game_id, caller))


@post("/games/{game_id:str}/abandon", status_code=200, responses=errors(400, 401, 403, 404, 409, 413, 422, 503))
async def abandon_route(request: Request, game_id: str, data: Ending | None = None) -> GameEnded:
    """The arbiter abandons the game: no result; it counts for nobody."""
    await _arbiter(request, game_id)
    return _answer(await abandon(rt(request).commands, game_id, data.reason if data else ""))


@post("/games/{game_id:str}/adjudicate", status_code=200, responses=errors(400, 401, 403, 404, 409, 413, 422, 503))
async def adjudicate_route(request: Request, game_id: str, data: Ranking) -> GameEnded:
    """The arbiter ends the game with the ranking it states."""
    await _arbiter(request, game_id)
    return _answer(await adjudicate(rt(request).commands, game_id, data.ranks, data.reason))


ROUTES = [resign_route, return_route, abandon_route, adjudicate_route]
