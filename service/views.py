"""What the API answers about a game, as a given caller may see it. Secrets are hidden by the game's
own `view`; this module only chooses whose view to show."""

from __future__ import annotations

from typing import Any

import msgspec

from events.envelope import Envelope, redacted
from events.kinds import ARBITER
from games.naming import named
from games.protocol import CHANCE
from projections.clock import outcome
from projections.fold import Folded
from service.clocks import clock_view
from service.decide import entropy_missing, shares_its_seed
from service.undo import status_for

Caller = int | str | None  # a seat, "arbiter", or None (a spectator)


def seat_of(caller: Caller) -> int | None:
    return caller if isinstance(caller, int) else None


def public(f: Folded) -> bool:
    """Everything of the game may be shown to everyone: it is over and, at a duplicate table, so is the
    round (the seed is revealed): until then its deal is the luck of tables still in play."""
    return f.status in ("finished", "abandoned") and (f.revealed or not shares_its_seed(f))


def private(f: Folded) -> bool:
    """A fork made from a game still in play (or from such a fork): it holds that game's secrets (a seat's
    copy its own hand exactly, the arbiter's every hand), so only its own seats and the arbiter read it,
    ended or not."""
    return f.created.origin is not None and f.created.origin.secret


PRIVATE = "a private fork of a game that was still in play: only its own seats and the arbiter may read it"


def sealed(f: Folded, caller: Caller) -> bool:
    """A duplicate table before its round's deal is revealed, read by someone who holds none of its seats
    (a spectator may be a player of another table of the round): nothing after the created event shows."""
    return shares_its_seed(f) and not f.revealed and not isinstance(caller, int) and caller != ARBITER


SEALED = "a duplicate table: its deal is every table's of the round, shown when the round is over"


def game_view(f: Folded, caller: Caller, finished: bool | None = None, now: Folded | None = None) -> dict[str, Any]:
    """`finished`: whether everything of the game (not necessarily of this state of it) is public; `now`:
    the game as it is now, when `f` is an earlier state of it (replay)."""
    now = now or f
    if sealed(now, caller):
        return sealed_view(f)
    game, state = f.game, f.state
    finished = public(now) if finished is None else finished
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
        "view": None,
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
        # "said": the recorded detail with the players' names for its "seat N" (the detail itself stays as the
        # log's result records it, which `verify` recomputes)
        out["result"] = {**msgspec.to_builtins(result), "winners": list(result.winners),
                         "said": named(result.detail, [p.name for p in f.players])}
    seat_views = [msgspec.to_builtins(game.view(state, s)) for s in range(len(f.players))] \
        if finished or caller == ARBITER else None
    view = msgspec.to_builtins(game.view(state, seat))
    if finished and seat_views is not None and game.result(state) is None:  # the rules hide parts until the end: a past position, an abandoned game
        spectator = view if seat is None else msgspec.to_builtins(game.view(state, None))  # what is public then
        view = everything(view, spectator, seat_views)
    out["view"] = view
    if seat_views is not None:
        out["seat_views"] = seat_views
    if caller is not None:
        out["undo"] = status_for(f, caller)
    if f.created.origin is not None:
        out["origin"] = msgspec.to_builtins(f.created.origin)
    return out


_NONE = object()  # a part a view does not have


def everything(base: Any, spectator: Any, seat_views: list[Any]) -> Any:
    """A public game's position with every seat's hidden parts shown: `base` (the caller's view), where a
    seat's own view differs from the spectator's (what that seat alone saw: its hand, its screen), that
    seat's part (several seats that saw the same card agree on it). A part each seat sees of itself (`you`,
    a preview of one's own plan: the seats' views differ, or the spectator's has none) stays the caller's.
    It shows nothing that `seat_views` do not: only the game's `view` says what a seat sees."""
    if spectator is _NONE and len(seat_views) > 1 and all(v is not _NONE for v in seat_views):
        return base  # a part every seat has of itself and a spectator has not (a preview of one's own plan)
    present = [v for v in (base, spectator, *seat_views) if v is not _NONE]
    if all(isinstance(v, dict) for v in present):
        names = list(dict.fromkeys(k for v in present for k in v))
        merged = {k: everything(_part(base, k), _part(spectator, k), [_part(v, k) for v in seat_views]) for k in names}
        return {k: v for k, v in merged.items() if v is not _NONE}
    if all(isinstance(v, list) for v in present) and len({len(v) for v in present}) == 1:
        return [everything(_part(base, i), _part(spectator, i), [_part(v, i) for v in seat_views])
                for i in range(len(present[0]))]
    secrets = [v for v in seat_views if v is not _NONE and not same(v, spectator)]
    if secrets and all(same(v, secrets[0]) for v in secrets[1:]):
        return secrets[0]
    return base


def _part(value: Any, key: Any) -> Any:
    if isinstance(value, dict):
        return value.get(key, _NONE)
    if isinstance(value, list) and isinstance(key, int) and key < len(value):
        return value[key]
    return _NONE


def same(a: Any, b: Any) -> bool:
    """Equal as JSON, strictly (true is not 1)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


def sealed_view(f: Folded) -> dict[str, Any]:
    """What anyone outside a duplicate table sees of it before its round's deal is revealed: who plays,
    how far it is, and the board as set up before any draw."""
    game = f.game
    return {"id": f.id, "type": f.type, "version": f.version, "status": f.status, "actors": [], "waiting_for": None,
            "players": [{"seat": i, "name": p.name, "ai": p.ai} for i, p in enumerate(f.players)], "you": None,
            "view": msgspec.to_builtins(game.view(game.setup(len(f.players), f.options), None)), "result": None,
            "seed_sha256": f.created.seed_sha256, "options": f.options, "sealed": SEALED}


def waiting_for(f: Folded, actors) -> str | None:
    if CHANCE in actors:
        return "entropy" if entropy_missing(f) else "chance"
    return "seats" if actors else None


def event_rows(events: list[Envelope], caller: Caller, finished: bool, seal_all: bool = False,
               opened: int = 0) -> list[dict[str, Any]]:
    """Events as `caller` may read them: `finished`: everything is public (see `public`); `seal_all`: a
    sealed duplicate table (see `sealed`): no payload after the created event; `opened`: the seats' secret
    moves up to this version are public (`Folded.opened`)."""
    everything = finished or caller == ARBITER
    rows = [redacted(e, seat_of(caller), everything, opened) for e in events]
    if seal_all and not everything:
        for row in rows:
            if row["version"] > 1:
                seal_row(row)
    return rows


def seal_row(row: dict[str, Any]) -> None:
    """A sealed table's event: its payload withheld, and its hashes with it. Moves and draws come from small
    sets, and a public payload's hash has no salt: whoever held the hash (or the envelope's, which covers
    it) could try every candidate payload until one matched, and so read the deal."""
    if row["payload"] is not None:
        row["payload"], row["redacted"] = None, True
    row["payload_hash"] = row["hash"] = row["prev"] = None
    row["sealed"] = True


def log_rows(f: Folded, events: list[Envelope], caller: Caller) -> list[dict[str, Any]]:
    """`events` of the game `f` (as it is now) as `caller` may read them."""
    return event_rows(events, caller, public(f), sealed(f, caller), f.opened)
