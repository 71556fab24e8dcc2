"""Invitations (issue 57): an `@NAME` seat someone else made is an invitation to that account, listed by
`GET /me/invitations` until it is answered: `POST /games/{id}/accept`, playing a move in the game (which
accepts it), or `POST /games/{id}/decline`. A decline does what the game's creator chose (`on_decline` in
POST /games): "cancel" (the default) calls the game off (a game in play is abandoned, before the account
has played in it), "open" turns the seat into an open one; a game made with "open" waits for every
invited account's answer before it starts (service/open_tables.py), since a seat's player cannot change
once the game runs. The pending invitations are a sorted set per account (service/account_games.py)."""

from __future__ import annotations

import msgspec
from litestar import Request, get, post

from events.accounts import Account
from service import account_games, open_tables
from service.credentials import Principal
from service.departures import abandon
from service.errors import Conflict, NotFound
from service.openapi import errors
from service.runtime import Runtime, rt
from service.schemas import NoBody
from service.seats import seat_of_account


class Invitation(msgspec.Struct):
    id: str
    type: str
    seat: int
    players: list[str]
    status: str  # open (the game waits: for open seats, or for the answers) | active (in play)
    on_decline: str  # cancel | open: what declining does


class Answered(msgspec.Struct):
    id: str
    seat: int
    status: str  # the game's after the answer: open | started | active | cancelled | abandoned


async def pending(r: Runtime, game_id: str, acct: Account) -> Invitation | None:
    """The account's invitation to the game while it waits for an answer; None once answered by playing,
    or when the game is over or gone (the stale entry is dropped)."""
    t = await open_tables.read(r, game_id)
    if t is not None and t.state == "open" and (seat := t.seat_of(acct.id)) is not None:
        return Invitation(id=game_id, type=t.table.type, seat=seat, players=t.names(), status="open",
                          on_decline=t.table.on_decline)
    seat = await seat_of_account(r, game_id, acct.id) if t is None or t.state == "started" else None
    f = None
    if seat is not None:
        try:
            f = await r.commands.load(game_id)
        except NotFound:
            f = None
    if f is None or seat is None or f.status != "active" or f.last_moves[seat] > 0:
        await account_games.answered(r.redis, acct.id, game_id)  # (played, over, cancelled or gone)
        return None
    on_decline = t.table.on_decline if t is not None else "cancel"
    return Invitation(id=game_id, type=f.type, seat=seat, players=[p.name for p in f.players], status=f.status,
                      on_decline=on_decline)


async def invitation(r: Runtime, game_id: str, acct: Account) -> Invitation:
    """The account's pending invitation to the game; 404 for no game, 409 for none pending."""
    got = await pending(r, game_id, acct) if await r.redis.zscore(account_games.invited_key(acct.id), game_id) else None
    if got is not None:
        return got
    if await open_tables.read(r, game_id) is None:
        await r.commands.load(game_id)  # (404 for no game)
    raise Conflict(f"{acct.name} has no invitation to answer in game {game_id!r} (answered already, played, "
                   "or never invited)")


async def answering(request: Request, game_id: str) -> tuple[Runtime, Principal, Invitation]:
    """An answer's caller (signed in, scope `play`) and its invitation, taken off its list (the one answer that does)."""
    r = rt(request)
    who = await r.credentials.of_request(request)
    who.require("play")
    inv = await invitation(r, game_id, who.account)
    if not await account_games.answered(r.redis, who.account.id, game_id):
        raise Conflict(f"the invitation to game {game_id!r} was answered meanwhile")
    return r, who, inv


@get("/me/invitations", responses=errors(401, 503))
async def my_invitations(request: Request) -> list[Invitation]:
    """The signed-in account's invitations not yet answered, newest first: the `@NAME` seats others made for it."""
    r = rt(request)
    who = await r.credentials.of_request(request)
    return await invitations_of(r, who.account)


async def invitations_of(r: Runtime, acct: Account) -> list[Invitation]:
    """The account's invitations not yet answered, newest first (the **My games** page shows them too)."""
    rows = [await pending(r, i, acct) for i in await account_games.invitations(r.redis, acct.id)]
    return [i for i in rows if i is not None]


@post("/games/{game_id:str}/accept", status_code=200, responses=errors(400, 401, 403, 404, 409, 413, 503))
async def accept(request: Request, game_id: str, data: NoBody | None = None) -> Answered:
    """Accept an invitation (playing in the game accepts it too). A game that waited for the answers starts
    once the last is given."""
    r, _, inv = await answering(request, game_id)
    status = await open_tables.accept_seat(r, game_id, inv.seat) if inv.status == "open" else inv.status
    return Answered(id=game_id, seat=inv.seat, status=status)


@post("/games/{game_id:str}/decline", status_code=200, responses=errors(400, 401, 403, 404, 409, 413, 503))
async def decline(request: Request, game_id: str, data: NoBody | None = None) -> Answered:
    """Decline an invitation, before playing in the game: its seat opens, or the game is called off, as its
    creator chose (`on_decline`). 409 once answered, or played."""
    r, who, inv = await answering(request, game_id)
    t = await open_tables.read(r, game_id)
    if t is not None and t.state == "open":
        status = await open_tables.decline_seat(r, t, inv.seat, who.account)
    else:
        reason = f"{who.account.name} declined the invitation to seat {inv.seat}"[:200]
        status = (await abandon(r.commands, game_id, reason)).status
    return Answered(id=game_id, seat=inv.seat, status=status)


ROUTES = [my_invitations, accept, decline]
