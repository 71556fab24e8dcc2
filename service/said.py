"""Moves of the log in words, told from the position each was played in as the reader saw it: a Kashgar
caravan action names the card at the front of its caravan, not "the front card's caravan action".

The positions are folded forward from the one before the window (a replay, or one kept from an earlier
window: `Positions`), and the reader's view of each is the game's own `view` for the reader's seat —
what `GET /games/{id}/state?at=` answers the same reader. Only rows whose payload the reader may read
(service/views.py decides) get words; an undo that reaches back before the window stops the telling
(the rest is said without the position)."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import msgspec

from events.envelope import Envelope
from games import registry
from games.naming import secrecy, told
from projections.fold import CorruptLog, Folded, start, step
from service.views import Caller, seat_of

TOLD = ("move", "chance")


def positions_before(base: Folded | None, game_id: str, events: list[Envelope], rows: list[dict[str, Any]],
                     caller: Caller) -> tuple[dict[int, Any], Folded | None]:
    """The reader's view of the position before each of `events` whose row (`rows`, as the reader may read
    them) is a move or a draw it can read (version -> view), and the game after the last event (None when
    the fold broke off). `base`: the game after the event before the first (None when the first is the
    created event)."""
    readable = {r["version"] for r in rows if r["kind"] in TOLD and r.get("payload") is not None}
    seat = seat_of(caller)
    out: dict[int, Any] = {}
    f = base
    history: dict[int, Folded] = {base.version: base} if base is not None else {}
    for e in events:
        if f is None:
            f = start(game_id, e)
        else:
            if e.version in readable:
                out[e.version] = msgspec.to_builtins(f.game.view(f.state, seat))
            was = f
            try:
                f = step(f, e, history)
            except CorruptLog:  # an undo back before the window (or a log that does not follow on)
                return out, None
            if e.version in readable and e.kind == "move" and isinstance(out[e.version], dict):
                ran = aftermath(was, f, e)
                out[e.version] = {**out[e.version], "ran": ran} if ran else out[e.version]
        history[f.version] = f
    return out, f


def aftermath(was: Folded, now: Folded, e: Envelope) -> Any:
    """What a move set going that no event of its own records, for its words (the game's describe module's
    `aftermath(before, after, actor, move)`: Himalaya's programs running after the reveal or a trade)."""
    fn = getattr(registry.describer(was.game), "aftermath", None)
    if fn is None or not isinstance(e.payload, dict) or not isinstance(e.actor, int):
        return None
    try:
        return fn(was.state, now.state, e.actor, was.game.decode_move(e.payload.get("move")))
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return None


def words(game_type: str, row: dict[str, Any], view: Any, names: list[str], caller: Caller) -> str:
    """A readable move or draw row in the game's words, told from `view` (the reader's view before it, or
    None: without the position)."""
    reader = seat_of(caller)
    return registry.move_words(registry.get(game_type), row["payload"]["move"], told(view, names, row["actor"], reader),
                               row["kind"] == "chance", note=secrecy(row.get("visible_to"), reader, names))


def said(game_id: str, game_type: str, base: Folded | None, events: list[Envelope], rows: list[dict[str, Any]],
         caller: Caller, names: list[str]) -> dict[int, str]:
    """Version -> words for every move and draw of `rows` the reader may read."""
    before, _ = positions_before(base, game_id, events, rows, caller)
    return {r["version"]: words(game_type, r, before.get(r["version"]), names, caller)
            for r in rows if r["kind"] in TOLD and r.get("payload") is not None}


def other_words(game_type: str, row: dict[str, Any], names: list[str]) -> str:
    """An event that is not a move or a draw (an undo asked, a resignation, a takeover…) in the words every
    client shows (the web page's account tells it the same way)."""
    from service.web.frames import describe_event  # (here: service.web's routes import this module)

    return describe_event(registry.get(game_type), row, names)


class Positions:
    """Folded games by (id, version), the last few looked at: a live page's next frame starts where its
    last one ended, a replay's next step where its last one was. A game's log is append-only, so the
    game after version N never changes."""

    def __init__(self, size: int = 512):
        self._kept: OrderedDict[tuple[str, int], Folded] = OrderedDict()
        self.size = size

    def get(self, game_id: str, version: int) -> Folded | None:
        f = self._kept.get((game_id, version))
        if f is not None:
            self._kept.move_to_end((game_id, version))
        return f

    def keep(self, f: Folded | None) -> None:
        if f is None:
            return
        self._kept[(f.id, f.version)] = f
        self._kept.move_to_end((f.id, f.version))
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)


async def replayed(r: Any, game_id: str, version: int) -> Folded:
    """The game after `version`: kept from an earlier look, else replayed (service/reads.py; Busy past its bound)."""
    f = r.positions.get(game_id, version)
    if f is None:
        f = await r.reads.replay(game_id, version)
        r.positions.keep(f)
    return f


async def views_before(r: Any, game_id: str, events: list[Envelope], rows: list[dict[str, Any]],
                       caller: Caller) -> dict[int, Any]:
    """`positions_before` for a window of the live log (a page's "What happened"): the position before it
    kept or replayed; when the replays are all busy, nothing (the moves are then said without it)."""
    from service.reads import Busy

    if not any(row["kind"] in TOLD and row.get("payload") is not None for row in rows):
        return {}
    base = None
    if events[0].version > 1:
        try:
            base = await replayed(r, game_id, events[0].version - 1)
        except Busy:
            return {}
    before, after = positions_before(base, game_id, events, rows, caller)
    r.positions.keep(after)
    return before
