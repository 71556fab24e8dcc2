"""Fold a game's events into its state through the game's own rules.

Event kinds and what they do to the fold:
  created        the game begins: setup(players, options), or a forked start state
  move           a seat's move: apply(state, seat, move)
  chance         a chance outcome (drawn by a worker, or entered by the arbiter): apply(state, CHANCE, move)
  undo           return to the state after version `to`: the range after it is skipped, never deleted
  finished       the result is final (no state change)
  seed-revealed  the secret seed, published at the end (no state change)
  undo-requested, undo-consented, undo-refused: the conversation about an undo (no state change)
"""

from __future__ import annotations

from typing import Any, Iterable

import msgspec

from events.envelope import GENESIS, Envelope
from games import registry
from games.protocol import CHANCE, Game

MOVE_KINDS = ("move", "chance")


class Player(msgspec.Struct, frozen=True):
    name: str
    ai: str | None = None  # "random" | "greedy" | "mcts" | "mcts@0.5"


class Folded(msgspec.Struct, frozen=True):
    """A game as its events make it: the record every read and every command starts from."""

    id: str
    type: str
    players: tuple[Player, ...]
    options: dict[str, Any]
    created: dict[str, Any]  # the created event's payload
    version: int
    head: str  # hash of the last event
    state: Any
    status: str = "active"  # active | finished
    last_effective: int = 0  # version of the last move/chance event not undone (for undo limits)

    @property
    def game(self) -> Game:
        return registry.get(self.type)


class CorruptLog(Exception):
    pass


def start(game_id: str, created: Envelope) -> Folded:
    p = created.payload
    game = registry.get(p["type"])
    players = tuple(msgspec.convert(x, Player) for x in p["players"])
    if p.get("start_state") is not None:
        state = msgspec.convert(p["start_state"], game.State)
    else:
        state = game.setup(len(players), p["options"])
    return Folded(id=game_id, type=p["type"], players=players, options=p["options"], created=p,
                  version=created.version, head=created.hash, state=state)


def move_of(game: Game, e: Envelope) -> tuple[int, Any]:
    actor = CHANCE if e.kind == "chance" else int(e.actor)
    return actor, game.decode_move(e.payload["move"])


def step(f: Folded, e: Envelope, history: dict[int, Folded] | None = None) -> Folded:
    """One event folded in. `history` (version -> Folded) is needed only to fold an undo."""
    if e.version != f.version + 1:
        raise CorruptLog(f"event {e.version} follows version {f.version}")
    game = f.game
    state, status, last = f.state, f.status, f.last_effective
    if e.kind in MOVE_KINDS:
        actor, move = move_of(game, e)
        state = game.apply(state, actor, move)
        last = e.version
    elif e.kind == "undo":
        to = int(e.payload["to"])
        if history is None or to not in history:
            raise CorruptLog(f"undo to {to} needs the fold's history")
        back = history[to]
        state, last = back.state, back.last_effective
    elif e.kind == "finished":
        status = "finished"
    return msgspec.structs.replace(f, version=e.version, head=e.hash, state=state, status=status, last_effective=last)


def fold(game_id: str, events: Iterable[Envelope], base: Folded | None = None, upto: int | None = None) -> Folded:
    """Fold events (from the created event, or on top of `base`), stopping after version `upto`."""
    it = iter(events)
    f = base
    history: dict[int, Folded] = {}
    if f is None:
        first = next(it)
        if first.kind != "created" or first.version != 1 or first.prev != GENESIS:
            raise CorruptLog("the first event must be the created event at version 1")
        f = start(game_id, first)
    history[f.version] = f
    for e in it:
        if upto is not None and e.version > upto:
            break
        if e.kind == "undo" and int(e.payload["to"]) not in history:
            raise NeedsFullFold(int(e.payload["to"]))
        f = step(f, e, history)
        history[f.version] = f
    return f


class NeedsFullFold(Exception):
    """An undo reaches back before the base the fold started from."""
