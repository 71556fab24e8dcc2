"""Undo as events, never deletion. A seat asks to take back its last move; every other human seat
consents (AI seats always do), or the arbiter grants it at once. Undo never reaches back across a chance
outcome or a revealed secret: a player must not take back a move after learning something from it."""

from __future__ import annotations

from typing import Any

from events.kinds import Undo, UndoConsented, UndoRequested
from projections.fold import Folded
from service.errors import GameOver, Illegal, StaleVersion
from service.commands import ARBITER, Commands


def humans(f: Folded) -> list[int]:
    return [s for s, p in enumerate(f.players) if p.ai is None]


def status_for(f: Folded, seat: int | str | None) -> dict[str, Any]:
    """What `GET /games/{id}` tells a caller about undo: possible now, to which version, or why not."""
    out: dict[str, Any] = {"pending": f.undo_request}
    if f.status == "finished":
        return {**out, "possible": False, "why_not": "the game is over"}
    if seat == ARBITER:
        to = f.last_effective - 1
        if f.last_effective <= f.barrier:
            return {**out, "possible": False, "why_not": "nothing to take back since the last chance outcome or revealed secret"}
        return {**out, "possible": True, "to": max(to, f.barrier)}
    if not isinstance(seat, int):
        return {**out, "possible": False, "why_not": "spectators cannot undo"}
    req = f.undo_request
    if req is not None and req.by != seat and seat not in req.consents:
        return {**out, "possible": True, "to": req.to, "consent": True}
    last = f.last_moves[seat]
    if last == 0:
        return {**out, "possible": False, "why_not": "you have no move to take back"}
    if last <= f.barrier:
        return {**out, "possible": False,
                "why_not": "a chance outcome or a revealed secret came after your last move (or with it)"}
    return {**out, "possible": True, "to": last - 1}


async def undo(games: Commands, game_id: str, caller: int | str, to: int | None = None) -> dict[str, Any]:
    """Request, consent to, or (arbiter) grant an undo. Returns {"granted", "version", "to", "waiting_for"}."""
    f = await games.load(game_id)
    if f.status == "finished":
        raise GameOver("the game is over: nothing can be taken back")
    if caller == ARBITER:
        target = to if to is not None else max(f.last_effective - 1, f.barrier)
        if not f.barrier <= target < f.version or f.last_effective <= f.barrier:
            raise Illegal(f"the arbiter can return to versions {f.barrier}..{f.version - 1} with a move after the last "
                          "chance outcome or revealed secret; nothing else")
        return await grant(games, f, target, requested_by=ARBITER, consents=[])
    seat = int(caller)
    others = [s for s in humans(f) if s != seat]
    req = f.undo_request
    if req is not None and req.by != seat:
        if seat in req.consents:
            raise StaleVersion("you have consented already; waiting for the others")
        f = await games.append_note(f, UndoConsented(by=seat, to=req.to), actor=seat)
        req = f.undo_request
        waiting = [s for s in humans(f) if s != req.by and s not in req.consents]
        if waiting:
            return {"granted": False, "version": f.version, "to": req.to, "waiting_for": waiting}
        return await grant(games, f, req.to, requested_by=req.by, consents=req.consents)
    if req is not None:
        waiting = [s for s in others if s not in req.consents]
        raise StaleVersion(f"your undo request waits for the consent of seat(s) {waiting}")
    status = status_for(f, seat)
    if not status["possible"]:
        raise Illegal(f"undo refused: {status['why_not']}")
    target = status["to"]
    if not others:  # AI seats consent: grant at once
        f = await games.append_note(f, UndoRequested(by=seat, to=target), actor=seat)
        return await grant(games, f, target, requested_by=seat, consents=[])
    f = await games.append_note(f, UndoRequested(by=seat, to=target, needs=tuple(others)), actor=seat)
    return {"granted": False, "version": f.version, "to": target, "waiting_for": others}


async def grant(games: Commands, f: Folded, to: int, requested_by: int | str, consents: tuple[int, ...] | list[int]) -> dict[str, Any]:
    f = await games.append_note(f, Undo(to=to, requested_by=requested_by, consents=tuple(consents)),
                                  actor=requested_by if requested_by == ARBITER else "system")
    return {"granted": True, "version": f.version, "to": to, "waiting_for": []}
