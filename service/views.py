"""What the API answers about a game, as a given caller may see it. Secrets are hidden by the game's
own `view`; this module only chooses whose view to show."""

from __future__ import annotations

from typing import Any

import msgspec

from events.envelope import Envelope, redacted
from games.protocol import CHANCE
from projections.fold import Folded
from projections.clock import outcome
from service.clocks import clock_view
from service.decide import entropy_missing
from service.undo import status_for

Caller = int | str | None  # a seat, "arbiter", or None (a spectator)


def seat_of(caller: Caller) -> int | None:
    return caller if isinstance(caller, int) else None


def game_view(f: Folded, caller: Caller, finished: bool | None = None) -> dict[str, Any]:
    """`finished`: whether the game (not necessarily this state of it) is over: then all is public."""
    game, state = f.game, f.state
    finished = f.status == "finished" if finished is None else finished
    actors = game.actors(state)
    result = outcome(game, state, f.resigned, f.adjudicated)  # resigned seats last; the arbiter's ranking
    seat = seat_of(caller)
    out: dict[str, Any] = {
        "id": f.id,
        "type": f.type,
        "version": f.version,
        "status": f.status,
        "actors": sorted(a for a in actors if a != CHANCE),
        "waiting_for": waiting_for(f, actors),
        "players": [{"seat": i, "name": p.name, "ai": p.ai} for i, p in enumerate(f.players)],
        "you": seat,
        "view": msgspec.to_builtins(game.view(state, seat)),
        "result": None,
        "seed_sha256": f.created.seed_sha256,
        "options": f.options,
    }
    if CHANCE in actors:
        out["chance"] = game.chance(state).label
    if f.created.await_entropy or f.entropy:
        out["entropy"] = {"given": [s for s, _ in f.entropy], "missing": entropy_missing(f)}
    limit = game.time_limit(state) if result is None and f.status == "active" else None
    if limit is not None:
        out["time_limit"] = limit  # the seats acting now have this many seconds in all (see "deadline")
    clocks = clock_view(f)
    if clocks is not None:
        out["clock"] = clocks  # each seat's remaining time and deadline (service/clocks.py)
        due = [c["deadline"] for c in clocks["seats"] if c["deadline"] is not None]
        out["deadline"] = min(due) if due else None
    if f.absent:
        out["absent"] = [{"seat": s, "ai": level, "resigned": s in f.resigned} for s, level in f.absent]
    if result is not None:
        out["result"] = {**msgspec.to_builtins(result), "winners": list(result.winners)}
    if finished or caller == "arbiter":
        out["seat_views"] = [msgspec.to_builtins(game.view(state, s)) for s in range(len(f.players))]
    if caller is not None:
        out["undo"] = status_for(f, caller)
    if f.created.origin is not None:
        out["origin"] = msgspec.to_builtins(f.created.origin)
    return out


def waiting_for(f: Folded, actors) -> str | None:
    if CHANCE in actors:
        return "entropy" if entropy_missing(f) else "chance"
    return "seats" if actors else None


def event_rows(events: list[Envelope], caller: Caller, finished: bool) -> list[dict[str, Any]]:
    everything = finished or caller == "arbiter"
    return [redacted(e, seat_of(caller), everything) for e in events]
