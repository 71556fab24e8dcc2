"""Calling a tournament off: `POST /tournaments/{id}/cancel`.

Bearer: the organiser's token (returned when the tournament was created) or the arbiter's. No round is
seated after it; the tables still in play are abandoned (no result); the standings so far are its last
(projections/standings.py). A tournament that is over (finished or cancelled) answers 409."""

from __future__ import annotations

import msgspec
from litestar import Request, post

from service.errors import Invalid
from service.openapi import errors
from service.tournament_routes import organiser
from service.tournaments import Tournaments

REASON_MAX = 200


class CancelRequest(msgspec.Struct, forbid_unknown_fields=True):
    reason: str = msgspec.field(default="")  # why, for the record (at most 200 characters)


class Cancelled(msgspec.Struct):
    id: str  # the tournament
    status: str  # cancelled
    by: str  # organiser | arbiter
    reason: str
    after_round: int  # the rounds seated when it was cancelled
    abandoned: list[str]  # the games of tables that were still in play


@post("/tournaments/{tournament_id:str}/cancel", status_code=200,
      responses=errors(400, 401, 403, 404, 409, 413, 422, 503))
async def cancel(request: Request, tournament_id: str, data: CancelRequest | None = None) -> Cancelled:
    """The organiser or the arbiter calls the tournament off: no further round; tables in play abandoned."""
    ts: Tournaments = request.app.state.runtime.tournaments
    before = await ts.load(tournament_id)
    by = await organiser(request, ts, tournament_id)
    reason = data.reason if data is not None else ""
    if len(reason) > REASON_MAX or not reason.isprintable():
        raise Invalid(f"the reason is at most {REASON_MAX} printable characters (no control or bidirectional-override "
                      "character: it is shown on the page and in `caravan tournament show`)")
    running = {x.game for r in before.rounds for x in r.tables if before.result_of(x) is None}
    t = await ts.cancel(tournament_id, by, reason)
    return Cancelled(id=t.id, status=t.status, by=by, reason=reason, abandoned=sorted(running),
                     after_round=t.cancelled.round if t.cancelled else len(before.rounds))


ROUTES = [cancel]
