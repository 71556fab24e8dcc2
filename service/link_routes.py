"""One-time links to a game page as a seat (`caravan game new` prints one per person seat): a seat asks
for a code, the page's URL carries it in its fragment (`#claim=CODE`: a browser never sends a fragment,
so it is in no request line and no access log), and the page's script (static/claim.js) trades it once
for the seat's token, which it keeps as "Take the seat" does. The token never appears in a URL; the
code is kept in the store under the game's hash tag for CARAVAN_LINK_TTL seconds, and a claim deletes it."""

from __future__ import annotations

import hashlib
import secrets
import time
from typing import Annotated

import msgspec
from litestar import Request, post

from events import keys
from service.errors import DomainError, Unauthorized
from service.openapi import errors
from service.runtime import bearer, rt
from service.schemas import NoBody
from service.seats import is_account_token


class SeatLink(msgspec.Struct):
    seat: int
    url: str  # the game page; open it once, in the browser that is to hold the seat
    expires: float  # unix time after which the link no longer gives the seat


class Claim(msgspec.Struct, forbid_unknown_fields=True):
    code: Annotated[str, msgspec.Meta(min_length=1, max_length=128)]


class SeatClaimed(msgspec.Struct):
    seat: int
    token: str  # the seat's bearer token: keep it as a pasted token is kept


class NoLink(DomainError):
    status, code = 404, "no-such-link"


def claim_key(game_id: str, code: str) -> str:
    """Where a code waits to be claimed (only its hash: the store's contents do not give the link away)."""
    return f"{keys.PREFIX}:{{{game_id}}}:claim:{hashlib.sha256(code.encode()).hexdigest()}"


@post("/games/{game_id:str}/links", status_code=201, responses=errors(400, 401, 403, 404, 413, 503))
async def make_link(request: Request, game_id: str, data: NoBody | None = None) -> SeatLink:
    """A one-time link to the game page as your seat (send the seat's token): its `url` holds a code in
    its fragment that the page trades once for the token (`POST /games/{id}/claim`), within
    CARAVAN_LINK_TTL seconds (default 600). Each call makes a new link; the token is never in a URL."""
    r = rt(request)
    caller = await r.caller(request, game_id)
    if not isinstance(caller, int):
        raise Unauthorized("a seat's token is needed for a link to its seat")
    if bearer(request) is None or is_account_token(bearer(request) or ""):  # (an account's seat, by its token or
        # its cookie: the link would hand the account's own credential on)
        raise Unauthorized("an account's seat needs no link: sign in on the browser and open the game page")
    code = secrets.token_urlsafe(24)
    ttl = r.cfg.link_ttl
    await r.redis.set(claim_key(game_id, code), msgspec.json.encode([caller, bearer(request)]), ex=ttl)
    base = str(request.base_url).rstrip("/")
    return SeatLink(seat=caller, url=f"{base}/games/{game_id}/view#claim={code}", expires=round(time.time() + ttl, 3))


@post("/games/{game_id:str}/claim", status_code=200, responses=errors(400, 404, 413, 503))
async def claim_link(request: Request, game_id: str, data: Claim) -> SeatClaimed:
    """Trade a link's code for its seat's token, once: the code is deleted as it is read. 404
    `no-such-link` when it was used already, has expired, or was never made for this game."""
    raw = await rt(request).redis.getdel(claim_key(game_id, data.code))
    if raw is None:
        raise NoLink("this link was used already, has expired, or is not a link to this game: "
                     "ask for a new one (`caravan game link`, or POST /games/{id}/links with the seat's token)")
    seat, token = msgspec.json.decode(raw)
    return SeatClaimed(seat=seat, token=token)


ROUTES = [make_link, claim_link]
