"""Fold a game's events into its state through the game's own rules.

Event kinds and what they do to the fold:
  created        the game begins: setup(players, options)
  forked-state   a game forked from another starts from this state (kept secret until the end)
  move           a seat's move: apply(state, seat, move)
  chance         a chance outcome (drawn by a worker, or entered by the arbiter): apply(state, CHANCE, move)
  undo           return to the state after version `to`: the range after it is skipped, never deleted
  finished       the result is final (no state change)
  seed-revealed  the secret seed, published at the end (no state change)
  undo-requested, undo-consented, undo-declined, undo-withdrawn: the conversation about an undo (no
                 state change; a decline or a withdrawal settles the request)
  entropy        a seat's contribution to the luck, before the first chance draw (mixed into every draw)
"""

from __future__ import annotations

from typing import Any, Iterable

import msgspec

from events.envelope import GENESIS, Envelope, digest, payload_digest
from games import registry
from games.fairness import HashRng
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
    last_effective: int = 0  # version of the last move/chance event not undone
    barrier: int = 1  # the last chance outcome or revealed secret not undone: undo never reaches before it
    last_moves: tuple[int, ...] = ()  # per seat: the version of its last move not undone (0: none)
    undo_request: dict[str, Any] | None = None  # {"by", "to", "consents", "version"} while an undo awaits consent
    entropy: tuple[tuple[int, str], ...] = ()  # (seat, string) each seat added before the first draw
    revealed: bool = False  # the seed is out (seed-revealed): at a duplicate table, the round is over

    @property
    def game(self) -> Game:
        return registry.get(self.type)


def chance_rng(seed: str, created: dict[str, Any], version: int, seats: Iterable[tuple[int, str]] = ()) -> HashRng:
    """The randomness of the chance step recorded at `version`: the seed, the game's id (or, at a
    duplicate tournament table, the round's deal, so every table of the round draws the same luck), the
    version, the entropy given at creation, if any, and each seat's `entropy` event (`seats`, in log order)."""
    key = (created.get("tournament") or {}).get("deal") or created["id"]
    mixed = [*(created.get("entropy") or ()), *(f"{s}:{x}" for s, x in seats)]
    return HashRng(seed, key, version, "|".join(mixed))


class CorruptLog(Exception):
    pass


def start(game_id: str, created: Envelope) -> Folded:
    p = created.payload
    game = registry.get(p["type"])
    players = tuple(msgspec.convert(x, Player) for x in p["players"])
    state = game.setup(len(players), p["options"])
    return Folded(id=game_id, type=p["type"], players=players, options=p["options"], created=p,
                  version=created.version, head=created.hash, state=state, last_moves=(0,) * len(players))


def move_of(game: Game, e: Envelope) -> tuple[int, Any]:
    actor = CHANCE if e.kind == "chance" else int(e.actor)
    return actor, game.decode_move(e.payload["move"])


def step(f: Folded, e: Envelope, history: dict[int, Folded] | None = None, after: Any = None) -> Folded:
    """One event folded in. `history` (version -> Folded) is needed only to fold an undo. `after`: the
    state a move leads to, when the command that just sealed `e` has computed it already."""
    if e.version != f.version + 1:
        raise CorruptLog(f"event {e.version} follows version {f.version}")
    if after is None:  # read from the store: check the link, and a public payload against its hash
        if e.prev != f.head or digest(e) != e.hash:
            raise CorruptLog(f"the hash chain breaks at version {e.version}")
        if e.visible_to is None and payload_digest(e.payload, "") != e.payload_hash:
            raise CorruptLog(f"the payload of version {e.version} does not match its hash")
    game = f.game
    changes: dict[str, Any] = {}
    if e.kind in MOVE_KINDS:
        if after is None:
            actor, move = move_of(game, e)
            after = game.apply(f.state, actor, move)
        changes = {"state": after, "last_effective": e.version, "undo_request": None}
        if e.kind == "chance" or e.payload.get("reveals"):
            changes["barrier"] = e.version
        if e.kind == "move":
            changes["last_moves"] = tuple(e.version if s == e.actor else v for s, v in enumerate(f.last_moves))
    elif e.kind == "undo":
        to = int(e.payload["to"])
        if history is None or to not in history:
            raise CorruptLog(f"undo to {to} needs the fold's history")
        back = history[to]
        changes = {"state": back.state, "last_effective": back.last_effective, "barrier": back.barrier,
                   "last_moves": back.last_moves, "undo_request": None}
    elif e.kind == "undo-requested":
        changes = {"undo_request": {"by": e.payload["by"], "to": e.payload["to"], "consents": [], "version": e.version}}
    elif e.kind == "undo-consented" and f.undo_request is not None:
        req = f.undo_request
        changes = {"undo_request": {**req, "consents": [*req["consents"], e.payload["by"]]}}
    elif e.kind == "entropy":
        changes = {"entropy": (*f.entropy, (int(e.actor), str(e.payload["entropy"])))}
    elif e.kind in ("undo-declined", "undo-withdrawn"):
        changes = {"undo_request": None}
    elif e.kind == "forked-state":
        changes = {"state": msgspec.convert(e.payload["state"], game.State), "barrier": e.version}
    elif e.kind == "finished":
        changes = {"status": "finished"}
    elif e.kind == "seed-revealed":
        changes = {"revealed": True}
    return msgspec.structs.replace(f, version=e.version, head=e.hash, **changes)


def fold(game_id: str, events: Iterable[Envelope], base: Folded | None = None, upto: int | None = None) -> Folded:
    """Fold events (from the created event, or on top of `base`), stopping after version `upto`."""
    it = iter(events)
    f = base
    history: dict[int, Folded] = {}
    if f is None:
        first = next(it)
        if first.kind != "created" or first.version != 1 or first.prev != GENESIS:
            raise CorruptLog("the first event must be the created event at version 1")
        if digest(first) != first.hash or payload_digest(first.payload, "") != first.payload_hash:
            raise CorruptLog("the created event does not match its hash")
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
