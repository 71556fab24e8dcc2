"""A game's steps as its log makes them: every seat decision and chance outcome that still stands
after the undos, each with the state it was taken in. What post-game analysis walks (service/analysis.py)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from events.envelope import Envelope
from events.kinds import Chance, Move, Undo
from games.protocol import CHANCE
from projections.fold import Folded, event_of, fold, move_of, step


class Step(msgspec.Struct, frozen=True):
    version: int  # the event that recorded it
    actor: int  # a seat, or CHANCE
    state: Any  # the state it was taken in
    move: Any  # the decoded move (a chance outcome for CHANCE)
    label: str = ""  # a chance step's label, in the rulebook's words
    timeout: bool = False  # the platform played it for a seat whose clock ran out
    ai: str | None = None  # the AI level that played the seat then (its own, or one that took it over)
    visible_to: tuple[int, ...] | None = None  # who could read it before the game ended (None: everyone)


def steps(game_id: str, events: Iterable[Envelope]) -> tuple[Folded, list[Step]]:
    """The game after `events` and its standing steps in order (an undone range is dropped)."""
    it = iter(events)
    f = fold(game_id, [next(it)])
    history = {f.version: f}
    out: list[Step] = []
    game = f.game
    for e in it:
        ev = event_of(e)
        if isinstance(ev, Undo):
            out = [s for s in out if s.version <= ev.to]
        elif isinstance(ev, (Move, Chance)):
            actor, move = move_of(game, e)
            out.append(Step(version=e.version, actor=actor, state=f.state, move=move,
                            label=ev.label if isinstance(ev, Chance) else "",
                            timeout=isinstance(ev, Move) and ev.timeout,
                            ai=f.ai_of(actor) if actor != CHANCE else None,
                            visible_to=tuple(e.visible_to) if e.visible_to is not None else None))
        f = step(f, e, history)
        history[f.version] = f
    return f, out
