"""Who may have an analysis of what (service/analysis.py): a finished public game's, by anyone; a seat's
own private fork's while it runs, by that seat; never engine help for a game still being played."""

from __future__ import annotations

from events.kinds import ARBITER
from games.protocol import CHANCE
from projections.decisions import Step
from projections.fold import Folded
from service.errors import DomainError
from service.views import public


class Running(DomainError):
    status, code = 409, "game-running"


def scope_for(f: Folded, caller: int | str | None) -> tuple[str, int | None]:
    """The analysis `caller` may have of `f`: ("all", None) once it is finished and public; ("seat-N", N)
    for seat N on its own private fork while it runs. A running game is refused (409)."""
    if f.status == "finished" and public(f):
        return "all", None
    origin = f.created.origin
    if f.status == "active" and origin is not None and isinstance(origin.by, int) and caller == origin.by:
        return f"seat-{caller}", caller
    if f.status == "finished":
        raise Running("a duplicate table's deal is every table's of its round: it can be analysed when the "
                      "round is over")
    if f.status != "active":
        raise Running(f"the game is {f.status}: only a finished game can be analysed")
    raise Running("the game is still being played: it can be analysed once it is finished (or, by the seat "
                  "that forked it, on its private fork)")


async def allowed_scope(r, f: Folded, caller: int | str | None) -> tuple[str, int | None]:
    """`scope_for`, and no engine help for a game still being played: a fork of a game in play (a seat's
    copy, or one made from it) is not analysed, over or not, while that game has another person in it or is
    a tournament table (whose fair-play signal would never see it), nor while it is a duplicate table whose
    round is in play (the same deal, at the other tables); the arbiter's reading is not help."""
    found = scope_for(f, caller)
    origin, hops = f.created.origin, 0
    while caller != ARBITER and origin is not None and origin.secret and hops < MAX_FORK_DEPTH:
        then = await r.commands.load(origin.game)
        if then.status == "active" and (then.created.tournament is not None or others_in(then, origin.by)):
            raise Running(f"fair play: this is a fork of game {then.id}, which "
                          + ("is a tournament table" if then.created.tournament is not None else "another person")
                          + " still plays; its analysis waits until that game is over")
        if then.status != "active" and not public(then):  # a duplicate table over, its deal still played elsewhere
            raise Running(f"fair play: this is a fork of game {then.id}, a duplicate table whose deal the round's "
                          "other tables still play; its analysis waits until the round is over")
        origin, hops = then.created.origin, hops + 1
    return found


MAX_FORK_DEPTH = 64  # forks of forks followed back to the game in play


def others_in(f: Folded, forker: int | str | None) -> bool:
    """Whether a person other than `forker` still plays `f`."""
    return any(p.ai is None and i != forker and i not in f.resigned for i, p in enumerate(f.players))


def shown(step: Step, seat: int | None) -> bool:
    """Whether a step belongs in an analysis for `seat` (None: everything, the game being public)."""
    if seat is None:
        return True
    if step.actor == CHANCE:
        return step.visible_to is None or seat in step.visible_to
    return step.actor == seat
