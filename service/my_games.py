"""`GET /me/games`: the signed-in account's games, those waiting for it first (its seat acts now), then
the newest; each with its seat, and the time left on its clock (a table with a time control). Games whose
open seats still wait (service/open_tables.py) are listed too, status `open`."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Request, get

from service import account_games, open_tables
from service.clocks import clock_view
from service.errors import NotFound
from service.openapi import errors
from service.runtime import Runtime, rt
from service.seats import seat_of_account


class MyClock(msgspec.Struct):
    remaining: float | None  # seconds left on my clock
    deadline: float | None  # unix seconds when it runs out, while it runs
    running: bool


class MyGame(msgspec.Struct):
    id: str
    type: str
    status: str  # active | finished | abandoned | open (its open seats wait) | cancelled
    seat: int
    players: list[str]
    waiting: bool  # my seat acts now
    version: int
    clock: MyClock | None = None


async def mine(r: Runtime, game_id: str, account_id: str) -> MyGame | None:
    """One game as its account seat sees it in the list; None when it is gone (or the seat is not mine)."""
    table = await open_tables.read(r, game_id)
    if table is not None and table.state != "started":
        seat = table.seat_of(account_id)
        return None if seat is None else MyGame(id=game_id, type=table.table.type, status=table.state, seat=seat,
                                                players=table.names(), waiting=False, version=0)
    seat = await seat_of_account(r, game_id, account_id)
    if seat is None:
        return None
    try:
        f = await r.commands.load(game_id)
    except NotFound:
        return None
    clocks: dict[str, Any] | None = clock_view(f)
    mine_now = clocks["seats"][seat] if clocks else None
    return MyGame(id=game_id, type=f.type, status=f.status, seat=seat, players=[p.name for p in f.players],
                  waiting=f.status == "active" and seat in f.game.actors(f.state), version=f.version,
                  clock=None if mine_now is None else MyClock(remaining=mine_now["remaining"],
                                                               deadline=mine_now["deadline"], running=mine_now["running"]))


@get("/me/games", responses=errors(401, 503))
async def my_games(request: Request) -> list[MyGame]:
    """The signed-in account's games (its newest 500): those waiting for it first, then the newest; each
    with its seat and, at a table with a time control, the time left on its clock."""
    r = rt(request)
    who = await r.credentials.of_request(request)
    return await games_of(r, who.account.id)


async def games_of(r: Runtime, account_id: str) -> list[MyGame]:
    """The account's games as `GET /me/games` lists them (and the **My games** page shows them)."""
    rows = [g for g in [await mine(r, i, account_id) for i in await account_games.newest(r.redis, account_id)]
            if g is not None]
    return sorted(rows, key=lambda g: not g.waiting)  # (stable: the newest first within each part)


ROUTES = [my_games]
