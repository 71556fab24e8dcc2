"""Leaving a tournament: `POST /tournaments/{id}/withdraw`.

Bearer: an entrant's token (it withdraws itself; `entrant` may be left out or must name it) or the
organiser's or the arbiter's (then `entrant` names who leaves). The entrant is not paired again, its
seats at tables still in play are resigned, and its results so far stand (projections/standings.py)."""

from __future__ import annotations

import msgspec
from litestar import Request, post

from games.naming import looks
from service.errors import Forbidden, Invalid, Unauthorized
from service.openapi import errors
from service.runtime import bearer
from service.tournaments import Tournaments


class WithdrawRequest(msgspec.Struct, forbid_unknown_fields=True):
    entrant: str | None = None  # the entrant's name, as it reads; needed when the organiser or the arbiter asks


def entrant_named(names: list[str], named: str) -> int:
    """The entrant `named` means: its name as given, else the one whose name reads the same (`Ann` is ann:
    names in a tournament never read alike, service/players.py), as a game's seat is found by name."""
    if named in names:
        return names.index(named)
    alike = [i for i, name in enumerate(names) if looks(name) == looks(named)]
    if not alike:
        raise Invalid(f"no entrant {named!r} in this tournament")
    return alike[0]


class Withdrawal(msgspec.Struct):
    id: str  # the tournament
    entrant: str  # who withdrew
    by: str  # entrant | organiser | arbiter
    after_round: int  # the rounds seated when it withdrew: it plays in none after
    status: str  # the tournament's: active | finished
    withdrawn: list[str]  # every entrant withdrawn so far, in order


@post("/tournaments/{tournament_id:str}/withdraw", status_code=200,
      responses=errors(400, 401, 403, 404, 409, 413, 422, 503))
async def withdraw(request: Request, tournament_id: str, data: WithdrawRequest | None = None) -> Withdrawal:
    """An entrant leaves the tournament: not paired again; its unfinished tables are resigned."""
    ts: Tournaments = request.app.state.runtime.tournaments
    t = await ts.load(tournament_id)
    token = bearer(request)
    if token is None:
        raise Unauthorized("an entrant's token, or the organiser's or the arbiter's, is needed to withdraw")
    names = [e.name for e in t.entrants]
    named = data.entrant if data is not None else None
    # who asks first (a token that is nobody's here is a 401 whatever the body names), then whom it names
    if request.app.state.runtime.is_arbiter(token) or await ts.is_organiser(tournament_id, token):
        by = "arbiter" if request.app.state.runtime.is_arbiter(token) else "organiser"
        if named is None:
            raise Invalid("name the entrant who withdraws: {\"entrant\": NAME}")
        entrant = entrant_named(names, named)
    else:
        entrant, by = await ts.entrant_of(tournament_id, token), "entrant"
        if named is not None and entrant_named(names, named) != entrant:
            raise Forbidden("an entrant withdraws itself only")
    t = await ts.withdraw(tournament_id, entrant, by)
    return Withdrawal(id=t.id, entrant=names[entrant], by=by, after_round=dict(t.withdrawn)[entrant],
                      status=t.status, withdrawn=[names[e] for e, _ in t.withdrawn])


ROUTES = [withdraw]
