"""Routes for the audit trail: undo, verify, export and fork."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from typing import Any

import msgspec
from litestar import Request, get, post
from litestar.params import Parameter
from litestar.response import Stream

from events.kinds import BadEvent, Created, Origin
from projections.audit import Report
from service import analysis, backlog
from service.commands import ARBITER
from service.decide import CreateGame, entropy_missing
from service.errors import Invalid, NotFound, Unauthorized
from service.openapi import errors
from service.runtime import bearer, rt
from service.schemas import UNDO, VERSION_MAX, EntropyAdded, Forked, ForkOrigin, NoBody, SeatInfo
from service.undo import undo as undo_command
from service.views import PRIVATE, log_rows, private, public


class UndoRequest(msgspec.Struct, forbid_unknown_fields=True):
    action: str = "request"  # request | consent | decline | withdraw
    request: int | None = None  # consent, decline, withdraw: the pending request's version
    to: int | None = None  # the arbiter may name the version to return to


@post("/games/{game_id:str}/undo", status_code=200, responses=errors(400, 401, 403, 404, 409, 413, 422, 503, ok=UNDO))
async def undo(request: Request, game_id: str, data: UndoRequest | None = None) -> dict[str, Any]:
    """`{"action": "request"}` (the default) asks to take back your last move; `consent`, `decline` and
    `withdraw` answer the pending request, named by its version (`"request": V`, shown under `undo.pending`
    in `GET /games/{id}`); an answer to a request no longer pending is a 409. The arbiter grants at once."""
    r = rt(request)
    caller = await r.caller(request, game_id)
    if caller is None:
        raise Unauthorized("a seat's token (or the arbiter's) is needed to undo")
    if data is not None and data.to is not None and caller != ARBITER:
        raise Invalid("only the arbiter names the version to return to; a seat takes back its last move")
    data = data or UndoRequest()
    return await undo_command(r.commands, game_id, caller, data.action, data.request, data.to)


class EntropyRequest(msgspec.Struct, forbid_unknown_fields=True):
    entropy: str  # 1 to 64 printable ASCII characters


@post("/games/{game_id:str}/entropy", status_code=201, responses=errors(400, 401, 403, 404, 409, 413, 422, 503))
async def add_entropy(request: Request, game_id: str, data: EntropyRequest) -> EntropyAdded:
    """A seat adds its own entropy to the luck, once, before the first chance draw: every draw mixes it
    with the seed the server committed in the created event. 409 after the first draw or a second time."""
    r = rt(request)
    caller = await r.caller(request, game_id)
    if not isinstance(caller, int):
        raise Unauthorized("a seat's token is needed: each seat adds its own entropy")
    f = await r.commands.add_entropy(game_id, caller, data.entropy)
    return EntropyAdded(version=f.version, given=[s for s, _ in f.entropy], missing=entropy_missing(f))


@get("/games/{game_id:str}/verify", responses=errors(401, 404, 503))
async def verify_game(request: Request, game_id: str) -> Report:
    """The hash chain, the seed commitment, every chance outcome and every move, checked on the live log.
    Tells where the chain breaks; shows nothing secret. A private fork answers only its own seats and the
    arbiter (401 for anyone else), as on every route."""
    r = rt(request)
    await may_read_log(request, game_id)
    report = await r.reads.verify(game_id, await r.commands.seed(game_id))  # in a process of its own, bounded
    if report is None:
        raise NotFound(f"no game {game_id!r}")
    return report


async def may_read_log(request: Request, game_id: str) -> None:
    """Who calls may read the game (`Runtime.caller`'s 401s: a token that is nobody's here; no token at a
    private fork), judged from its created event alone: a verification reads a log that may be broken, which
    the fold behind `caller` refuses."""
    r = rt(request)
    if bearer(request) is not None:
        await r.caller(request, game_id)  # a token loads nothing: the arbiter's, or a seat's of this game
        return
    first = await r.store.read(game_id, 1, 1)
    if not first:
        raise NotFound(f"no game {game_id!r}")
    try:
        created = first[0].event()
    except BadEvent:
        return  # (the verification says what is wrong with it)
    if isinstance(created, Created) and created.origin is not None and created.origin.secret:
        raise Unauthorized(PRIVATE)


@get("/games/{game_id:str}/export", media_type="application/x-ndjson", responses=errors(400, 401, 404, 503))
async def export(request: Request, game_id: str, with_analysis: bool = Parameter(
        default=False, query="analysis", description="append the game's analysis (as the caller may read it) as "
        "one trailing line {\"section\": \"analysis\", ...}, outside the hash chain; `caravan verify` skips it")) -> Stream:
    """The whole game as JSON lines, one event a line: verifiable offline (`caravan verify`) once
    finished; while it runs, payloads the caller may not see are withheld. Streamed: the log is read and
    sent `Settings.export_page` events at a time, up to the version the game had when asked (built whole, it
    took about 485 B of memory an event)."""
    r = rt(request)
    caller = await r.caller(request, game_id)
    f = await r.commands.load(game_id)
    page = max(1, r.cfg.export_page)
    tail = msgspec.json.encode(await analysis.section(r, f, caller)) + b"\n" if with_analysis else b""  # refused early

    async def lines() -> AsyncIterator[bytes]:
        for start in range(1, f.version + 1, page):
            events = await r.store.read(game_id, start, min(start + page - 1, f.version))
            yield b"".join(msgspec.json.encode(row) + b"\n" for row in log_rows(f, events, caller))
        if tail:
            yield tail

    return Stream(lines(), media_type="application/x-ndjson",
                  headers={"content-disposition": f'attachment; filename="{game_id}.jsonl"'})


@post("/games/{game_id:str}/fork", status_code=201, responses=errors(400, 401, 403, 404, 413, 422, 503))
async def fork(request: Request, game_id: str, at: int | None = Parameter(default=None, ge=1, le=VERSION_MAX),
               data: NoBody | None = None) -> Forked:
    """A new game from the position after event `at` (default: now). Who may fork what:
    - the arbiter: a full copy, the exact position, a fresh token for every human seat (all in the answer);
    - a seat: a private analysis copy: the hidden parts it could not see re-drawn from what it could know
      (exact once the game is public), its own seat the only one with a token, every other seat played
      by the AI (its own level, or greedy for a person);
    - anyone else: a public game only (finished, and at a duplicate table its round too): the exact
      position, a fresh token for every human seat. The original game's tokens never carry over."""
    r = rt(request)
    caller = await r.caller(request, game_id)
    f = await r.commands.load(game_id)
    at = f.version if at is None or at > f.version else at
    then = await r.reads.replay(game_id, at)
    game = then.game
    if public(f) or caller == ARBITER:
        state, how = then.state, "exact"
    elif isinstance(caller, int):
        state, how = game.determinize(then.state, caller, random.Random()), f"re-drawn for seat {caller}"
    else:
        raise Unauthorized("until a game is over (at a duplicate table: until its round is), only its seats or "
                           "the arbiter may fork it")
    if not game.actors(state):
        raise Invalid(f"the position after event {at} is the end of the game: nothing to play from it")
    specs = [fork_spec(p.name, p.ai, private=isinstance(caller, int) and i != caller) for i, p in enumerate(f.players)]
    options = {**f.options, "arbiter_chance": f.created.arbiter_chance}
    if not isinstance(caller, int):  # a seat's copy goes at its player's pace: no clock, nobody taken over
        options |= {"clock": f.created.clock, "absent": f.created.absent, "no_show": f.created.no_show}
    origin = Origin(game=game_id, at=at, by=caller, hidden=how, private=not public(f) or private(f))
    count = await backlog.ai_game_count(r, request, specs)  # 429: this address's all-AI games, bounded
    new_id, seats = await r.commands.create(CreateGame(type=f.type, players=tuple(specs), options=options,
                                                       start_state=state, origin=origin))
    if count is not None:
        await count(new_id)
    return Forked(id=new_id, seats=[msgspec.convert(s, SeatInfo) for s in seats],
                  origin=msgspec.convert(msgspec.to_builtins(origin), ForkOrigin))


def fork_spec(name: str, ai: str | None, private: bool) -> str:
    """A player of a forked game: the same, except that in a seat's private copy every other seat is an AI."""
    if ai:
        return f"{name}:ai-{ai}"
    return f"{name}:ai-greedy" if private else name


ROUTES = [undo, add_entropy, verify_game, export, fork]
