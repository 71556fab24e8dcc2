"""Open seats' routes (issue 57): making a game with `open` seats (from `POST /games`), `POST /games/{id}/join`
and its creator's `POST /games/{id}/cancel` while it waits. The table itself is service/open_tables.py's."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Request, post

from service import open_tables
from service.errors import Forbidden
from service.openapi import errors
from service.runtime import bearer, rt
from service.schemas import GameCreated, NoBody, SeatInfo


class JoinRequest(msgspec.Struct, forbid_unknown_fields=True):
    seat: int | None = None  # an open seat (no open seat N: 422); none: the first free


class Joined(msgspec.Struct):
    id: str
    seat: int
    status: str  # open (seats still wait) | started (this join filled the last: the game is made)


class TableCancelled(msgspec.Struct):
    id: str
    status: str  # cancelled


async def create_open(request: Request, players: list[str], accounts: dict[int, str], **kw: Any) -> GameCreated:
    """POST /games with an `open` seat: its creator is signed in (scope `create`), so that it may cancel it."""
    r = rt(request)
    who = await r.credentials.of_request(request)
    who.require("create")
    made = await open_tables.make(r, who.account, players, accounts, **kw)
    await open_tables.filled(r, made["id"])  # (nothing to wait for: only the creator's own seat was invited)
    return GameCreated(id=made["id"], seats=[msgspec.convert(s, SeatInfo) for s in made["seats"]])


@post("/games/{game_id:str}/join", status_code=200, responses=errors(400, 401, 403, 404, 409, 413, 422, 503))
async def join(request: Request, game_id: str, data: JoinRequest | None = None) -> Joined:
    """Take an open seat of a game (`{"seat": N}`, else the first free) as the signed-in account (a session,
    or a personal token with `play`). The last open seat taken makes the game: its first draw and its
    clock wait until then. 409 for a game full, started, cancelled or finished, and for a second seat of
    one account; 422 for no open seat N; 404 for no game."""
    r = rt(request)
    who = await r.credentials.of_request(request)
    who.require("play")
    seat, status = await open_tables.join(r, game_id, who.account, data.seat if data else None)
    return Joined(id=game_id, seat=seat, status=status)


@post("/games/{game_id:str}/cancel", status_code=200, responses=errors(400, 401, 403, 404, 409, 413, 503))
async def cancel(request: Request, game_id: str, data: NoBody | None = None) -> TableCancelled:
    """Its creator (or the arbiter) calls off a game whose open seats still wait: nobody may join it after.
    A game that started is the arbiter's to abandon (409 here)."""
    r = rt(request)
    token = bearer(request)
    if token is None or not r.is_arbiter(token):
        who = await r.credentials.of_request(request)
        t = await open_tables.seen(r, game_id)
        if t.table.creator != who.account.id:
            raise Forbidden(f"only the account that made game {game_id!r} (or the arbiter) may cancel it")
    t = await open_tables.cancel(r, game_id)
    return TableCancelled(id=game_id, status=t.state)


ROUTES = [join, cancel]
