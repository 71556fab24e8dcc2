"""Undo as events, never deletion. A seat asks to take back its last move (`request`, naming nothing);
every other human seat consents (AI seats always do), or one of them declines, or the asking seat
withdraws — a consent, a decline and a withdrawal each name the pending request by its version, so a
late or retried answer meets a 409 and never becomes a new request. The arbiter grants at once. Undo
never reaches back across a chance outcome or a revealed secret: a player must not take back a move
after learning something from it, nor across a move the timer or an AI made for a seat (a seat whose
time ran out would take the default back and have the time again)."""

from __future__ import annotations

from typing import Any

from events.kinds import GameEvent, Undo, UndoConsented, UndoDeclined, UndoRequested, UndoWithdrawn
from events.store import VersionConflict
from projections.fold import Folded
from service.commands import ARBITER, Commands
from service.errors import Conflict, GameOver, Illegal, Invalid

ACTIONS = ("request", "consent", "decline", "withdraw")
RETRIES = 5  # a verb decided again after losing its version to another seat's move


def humans(f: Folded) -> list[int]:
    return [s for s, p in enumerate(f.players) if p.ai is None]


def pending(f: Folded) -> dict[str, Any] | None:
    """The undo request awaiting answers, as every seat sees it: who asked, to which version, under which
    request version, who consented and whose answer is still awaited."""
    req = f.undo_request
    if req is None:
        return None
    waiting = [s for s in humans(f) if s != req.by and s not in req.consents]
    return {"request": req.version, "by": req.by, "to": req.to, "consents": list(req.consents), "waiting_for": waiting}


def status_for(f: Folded, seat: int | str | None) -> dict[str, Any]:
    """What `GET /games/{id}` tells a caller about undo: possible now, to which version, or why not."""
    out: dict[str, Any] = {"pending": pending(f)}
    if f.status != "active":
        return {**out, "possible": False, "why_not": f"the game is {'over' if f.status == 'finished' else f.status}"}
    if seat == ARBITER:
        to = f.last_effective - 1
        if f.last_effective <= f.barrier:
            return {**out, "possible": False, "why_not": "nothing to take back since the last chance outcome or revealed secret"}
        return {**out, "possible": True, "to": max(to, f.barrier)}
    if not isinstance(seat, int):
        return {**out, "possible": False, "why_not": "spectators cannot undo"}
    req = f.undo_request
    if req is not None and req.by != seat and seat not in req.consents:
        return {**out, "possible": True, "to": req.to, "consent": True, "request": req.version}
    if req is not None:
        return {**out, "possible": False, "why_not": "an undo request is pending"}
    last = f.last_moves[seat]
    if last == 0:
        return {**out, "possible": False, "why_not": "you have no move to take back"}
    if seat in f.made_for:
        return {**out, "possible": False, "why_not": "your last move was made for you (the rulebook's default when "
                "your time ran out, or an AI's while you were away): it is not taken back"}
    if last <= f.barrier:
        return {**out, "possible": False,
                "why_not": "a chance outcome or a revealed secret came after your last move (or with it)"}
    return {**out, "possible": True, "to": last - 1}


async def undo(games: Commands, game_id: str, caller: int | str, action: str = "request", request: int | None = None,
               to: int | None = None) -> dict[str, Any]:
    """One undo verb: `request` (a seat; the arbiter's is granted at once, to `to` if given), or
    `consent`/`decline`/`withdraw` naming the pending `request` by its version. Returns
    {"granted", "version", "to", "waiting_for"} (and "settled" for a decline or a withdrawal).
    Each verb is one append; one that loses its version to another seat's move (in a simultaneous phase
    the others plan while this seat asks) is decided again on the fresh record."""
    if action not in ACTIONS:
        raise Invalid(f"unknown undo action {action!r} (one of {', '.join(ACTIONS)})")
    for attempt in range(RETRIES):
        try:
            return await answer(games, await games.load(game_id), caller, action, request, to)
        except VersionConflict:
            if attempt == RETRIES - 1:
                raise
    raise AssertionError("unreachable")


async def answer(games: Commands, f: Folded, caller: int | str, action: str, request: int | None,
                 to: int | None) -> dict[str, Any]:
    if f.status != "active":  # finished, or abandoned
        raise GameOver(f"the game is {'over' if f.status == 'finished' else f.status}: nothing can be taken back")
    if caller == ARBITER:
        if action != "request":
            raise Invalid("the arbiter grants an undo at once: only 'request'")
        target = to if to is not None else max(f.last_effective - 1, f.barrier)
        if not f.barrier <= target < f.version or f.last_effective <= f.barrier:
            raise Illegal(f"the arbiter can return to versions {f.barrier}..{f.version - 1} with a move after the last "
                          "chance outcome or revealed secret; nothing else")
        return await grant(games, f, [], target, requested_by=ARBITER, consents=[])
    seat = int(caller)
    if action == "request":
        if request is not None:
            raise Invalid("a request names no version; consent, decline and withdraw name the pending request")
        return await ask(games, f, seat)
    req = f.undo_request
    if request is None:
        raise Invalid(f"{action} names the pending request: {{\"action\": \"{action}\", \"request\": VERSION}}")
    if req is None or req.version != request:
        raise Conflict(f"undo request {request} is not pending (settled, withdrawn or never made)")
    if action == "withdraw":
        if req.by != seat:
            raise Illegal(f"only seat {req.by}, who asked, may withdraw undo request {request}")
        f = await games.append_note(f, UndoWithdrawn(by=seat, request=request), actor=seat)
        return {"granted": False, "settled": "withdrawn", "version": f.version, "to": req.to, "waiting_for": []}
    if req.by == seat:
        raise Illegal("you asked for this undo: withdraw it, or wait for the others' answers")
    if seat in req.consents:
        raise Conflict(f"you have consented to undo request {request} already")
    if action == "decline":
        f = await games.append_note(f, UndoDeclined(by=seat, request=request), actor=seat)
        return {"granted": False, "settled": "declined", "version": f.version, "to": req.to, "waiting_for": []}
    consent = (UndoConsented(by=seat, to=req.to, request=request), seat)
    consents = (*req.consents, seat)
    waiting = [s for s in humans(f) if s != req.by and s not in consents]
    if waiting:
        f = await games.append_note(f, *consent)
        return {"granted": False, "version": f.version, "to": req.to, "waiting_for": waiting}
    return await grant(games, f, [consent], req.to, requested_by=req.by, consents=consents)


async def ask(games: Commands, f: Folded, seat: int) -> dict[str, Any]:
    req = f.undo_request
    if req is not None:
        whose = "your" if req.by == seat else f"seat {req.by}'s"
        raise Conflict(f"{whose} undo request {req.version} is pending: answer or withdraw it first")
    status = status_for(f, seat)
    if not status["possible"]:
        raise Illegal(f"undo refused: {status['why_not']}")
    target = status["to"]
    others = [s for s in humans(f) if s != seat]
    if not others:  # AI seats consent: granted at once, in the same append
        return await grant(games, f, [(UndoRequested(by=seat, to=target), seat)], target, requested_by=seat, consents=[])
    f = await games.append_note(f, UndoRequested(by=seat, to=target, needs=tuple(others)), actor=seat)
    return {"granted": False, "version": f.version, "request": f.version, "to": target, "waiting_for": others}


async def grant(games: Commands, f: Folded, before: list[tuple[GameEvent, int | str]], to: int,
                requested_by: int | str, consents: tuple[int, ...] | list[int]) -> dict[str, Any]:
    """The undo itself, appended with the answer that settles it (`before`)."""
    actor = requested_by if requested_by == ARBITER else "system"
    f = await games.append_notes(f, [*before, (Undo(to=to, requested_by=requested_by, consents=tuple(consents)), actor)])
    return {"granted": True, "version": f.version, "to": to, "waiting_for": []}
