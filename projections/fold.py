"""Fold a game's events into its state through the game's own rules.

Each envelope is decoded once into its kind's struct (events/kinds.py); `step` matches on the class:
  Created        the game begins: setup(players, options)
  ForkedState    a game forked from another starts from this state (kept secret until the end)
  Move           a seat's move: apply(state, seat, move)
  Chance         a chance outcome (drawn by a worker, or entered by the arbiter): apply(state, CHANCE, move)
  Undo           return to the state after version `to`: the range after it is skipped, never deleted
  Finished       the result is final (no state change)
  SeedRevealed   the secret seed, published at the end (no state change)
  UndoRequested, UndoConsented, UndoDeclined, UndoWithdrawn: the conversation about an undo (a decline
                 or a withdrawal settles the request)
  SeatEntropy    a seat's contribution to the luck, before the first chance draw (mixed into every draw)
  SeedRevealed   also marks a duplicate table's round as over: from then on all of it is public
  TakenOver, Returned, Resigned: an AI plays for a seat (late, or resigned) / its owner is back
  Abandoned      the arbiter ended the game with no result (status "abandoned")
  Adjudicated    the arbiter ended the game with a ranking it states (a Finished follows)
Every event moves the seats' clocks (projections/clock.py) by its time, for a table with a time control.
Any other kind (one a newer service wrote) changes nothing but the version.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from events.envelope import GENESIS, Envelope, digest, payload_digest
from events.kinds import (
    Abandoned,
    Adjudicated,
    BadEvent,
    Chance,
    ClockPaused,
    Created,
    Event,
    Finished,
    ForkedState,
    Move,
    PlayerSpec,
    Resigned,
    Returned,
    SeatEntropy,
    SeedRevealed,
    TakenOver,
    Undo,
    UndoConsented,
    UndoDeclined,
    UndoRequested,
    UndoWithdrawn,
)
from games import registry
from games.fairness import HashRng
from games.protocol import CHANCE, Game
from projections import clock
from projections.clock import Control

Player = PlayerSpec  # a seat: a name, and the AI level when it is not a person


class UndoRequest(msgspec.Struct, frozen=True):
    """An undo that awaits the other seats' consent."""

    by: int
    to: int
    consents: tuple[int, ...] = ()
    version: int = 0  # the version of its undo-requested event: the answers name it


class Folded(msgspec.Struct, frozen=True):
    """A game as its events make it: the record every read and every command starts from."""

    id: str
    type: str
    players: tuple[Player, ...]
    options: dict[str, Any]
    created: Created
    version: int
    head: str  # hash of the last event
    state: Any
    status: str = "active"  # active | finished | abandoned
    last_effective: int = 0  # version of the last move/chance event not undone
    barrier: int = 1  # the last chance outcome or revealed secret not undone: undo never reaches before it
    last_moves: tuple[int, ...] = ()  # per seat: the version of its last move not undone (0: none)
    opened: int = 0  # the seats' secret moves up to this version are public (a move opened them: Game.opens)
    made_for: tuple[int, ...] = ()  # the seats whose last move the timer or an AI made for them (never undone)
    undo_request: UndoRequest | None = None  # while an undo awaits consent
    entropy: tuple[tuple[int, str], ...] = ()  # (seat, string) each seat added before the first draw
    revealed: bool = False  # the seed is out (seed-revealed): at a duplicate table, the round is over
    clock: clock.ClockState | None = None  # the seats' clocks, for a table with a time control
    absent: tuple[tuple[int, str], ...] = ()  # (seat, AI level) for seats an AI plays (taken over, resigned)
    resigned: tuple[int, ...] = ()  # seats that resigned, in order
    adjudicated: tuple[int, ...] = ()  # the ranking the arbiter stated, when it ended the game

    @property
    def control(self) -> Control:  # not clock.Control: in the class, `clock` is the field
        return clock.control_of(self.created.clock, self.created.no_show)

    def called(self, seat: int) -> str:
        """How a refusal names a seat: "ann (seat 0)"."""
        return f"{self.players[seat].name} (seat {seat})" if 0 <= seat < len(self.players) else f"seat {seat}"

    def ai_of(self, seat: int) -> str | None:
        """The AI level that plays `seat` now: an AI seat's own, or the one that took an absent seat over."""
        return self.players[seat].ai or dict(self.absent).get(seat)

    @property
    def game(self) -> Game:
        return registry.get(self.type)


def chance_rng(seed: str, created: Created, version: int, seats: Iterable[tuple[int, str]] = ()) -> HashRng:
    """The randomness of the chance step recorded at `version`: the seed, the game's id (or, at a
    duplicate tournament table, the round's deal, so every table of the round draws the same luck), the
    version, the entropy given at creation, if any, and each seat's `entropy` event (`seats`, in log order)."""
    key = (created.tournament.deal if created.tournament else None) or created.id
    mixed = [*created.entropy, *(f"{s}:{x}" for s, x in seats)]
    return HashRng(seed, key, version, "|".join(mixed))


class CorruptLog(Exception):
    pass


def event_of(e: Envelope) -> Event | None:
    """The envelope's typed event; a payload that does not fit its kind is a corrupt log."""
    try:
        return e.event()
    except BadEvent as x:
        raise CorruptLog(f"version {e.version}: {x}") from None


def start(game_id: str, created: Envelope) -> Folded:
    c = event_of(created)
    if not isinstance(c, Created):
        raise CorruptLog("the first event must be the created event")
    state = registry.get(c.type).setup(len(c.players), c.options)
    return Folded(id=game_id, type=c.type, players=c.players, options=c.options, created=c,
                  version=created.version, head=created.hash, state=state, last_moves=(0,) * len(c.players),
                  clock=clock.initial(registry.get(c.type), clock.control_of(c.clock, c.no_show), len(c.players)))


def move_of(game: Game, e: Envelope) -> tuple[int, Any]:
    ev = event_of(e)
    if not isinstance(ev, Move | Chance):
        raise CorruptLog(f"version {e.version} is a {e.kind} event, not a move")
    actor = CHANCE if isinstance(ev, Chance) else int(e.actor)
    return actor, game.decode_move(ev.move)


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
    match event_of(e):
        case Move() | Chance() as ev:
            if after is None:
                play = game.apply_timeout if isinstance(ev, Move) and ev.timeout else game.apply
                after = play(f.state, CHANCE if isinstance(ev, Chance) else int(e.actor), game.decode_move(ev.move))
            changes = {"state": after, "last_effective": e.version, "undo_request": None}
            made_for = isinstance(ev, Move) and (ev.timeout or int(e.actor) in dict(f.absent))
            if isinstance(ev, Chance) or ev.reveals or made_for:  # (a move made for a seat is not taken back)
                changes["barrier"] = e.version
            if isinstance(ev, Move):
                if game.opens(f.state, int(e.actor), game.decode_move(ev.move)):
                    changes["opened"] = e.version
                changes["last_moves"] = tuple(e.version if s == e.actor else v for s, v in enumerate(f.last_moves))
                changes["made_for"] = (*(s for s in f.made_for if s != e.actor), *((int(e.actor),) if made_for else ()))
        case Undo(to=to):
            if history is None or to not in history:
                raise CorruptLog(f"undo to {to} needs the fold's history")
            back = history[to]
            changes = {"state": back.state, "last_effective": back.last_effective, "barrier": back.barrier,
                       "last_moves": back.last_moves, "made_for": back.made_for, "undo_request": None}
            if f.clock is not None and back.clock is not None:  # no time back: the clocks as they stood then
                changes["clock"] = clock.restored(back.clock, f.clock)
        case UndoRequested(by=by, to=to):
            changes = {"undo_request": UndoRequest(by=by, to=to, version=e.version)}
        case UndoConsented(by=by) if f.undo_request is not None:
            req = f.undo_request
            changes = {"undo_request": msgspec.structs.replace(req, consents=(*req.consents, by))}
        case UndoDeclined() | UndoWithdrawn():
            changes = {"undo_request": None}
        case SeedRevealed():
            changes = {"revealed": True}
        case SeatEntropy(entropy=value):
            changes = {"entropy": (*f.entropy, (int(e.actor), value))}
        case ForkedState(state=state):
            changes = {"state": msgspec.convert(state, game.State), "barrier": e.version}
        case Finished():
            changes = {"status": "finished"}
        case TakenOver(seat=seat, level=level) | Resigned(seat=seat, level=level) as ev:
            changes = {"absent": (*((s, x) for s, x in f.absent if s != seat), (seat, level))}
            if isinstance(ev, Resigned):
                changes["resigned"] = (*f.resigned, seat)
        case Returned(seat=seat) if seat not in f.resigned:
            changes = {"absent": tuple((s, x) for s, x in f.absent if s != seat)}
        case Abandoned():
            changes = {"status": "abandoned"}
        case Adjudicated(ranks=ranks):
            changes = {"adjudicated": tuple(ranks)}
        case ClockPaused(seconds=seconds) if f.clock is not None:
            changes = {"clock": clock.paused(f.clock, seconds)}
        case None:
            raise CorruptLog(f"the payload of version {e.version} is withheld: the fold needs every payload")
    if f.clock is not None and "clock" not in changes:
        changes["clock"] = tick(f, f.clock, e, changes)
    return msgspec.structs.replace(f, version=e.version, head=e.hash, **changes)


def tick(f: Folded, cs: clock.ClockState, e: Envelope, changes: dict[str, Any]) -> clock.ClockState:
    """The seats' clocks `cs` after event `e` (its time stops the clocks that stop and starts those that start)."""
    absent = dict(changes.get("absent", f.absent))
    humans = [p.ai is None and s not in absent for s, p in enumerate(f.players)]
    status = changes.get("status", f.status)
    after = changes.get("state", f.state)
    ev = e.event()
    decided = int(e.actor) if isinstance(ev, Move) and not ev.timeout else None
    back = ev.seat if isinstance(ev, Returned) and ev.seat not in f.resigned else None  # it has shown up
    return clock.advance(cs, f.control, f.game, f.state, after, humans if status == "active" else [False] * len(humans),
                         clock.epoch(e.at), decided, back)


def fold(game_id: str, events: Iterable[Envelope], base: Folded | None = None, upto: int | None = None) -> Folded:
    """Fold events (from the created event, or on top of `base`), stopping after version `upto`."""
    it = iter(events)
    f = base
    history: dict[int, Folded] = {}
    if f is None:
        first = next(it)
        if first.kind != Created.kind() or first.version != 1 or first.prev != GENESIS:
            raise CorruptLog("the first event must be the created event at version 1")
        if digest(first) != first.hash or payload_digest(first.payload, "") != first.payload_hash:
            raise CorruptLog("the created event does not match its hash")
        f = start(game_id, first)
    history[f.version] = f
    for e in it:
        if upto is not None and e.version > upto:
            break
        ev = event_of(e)
        if isinstance(ev, Undo) and ev.to not in history:
            raise NeedsFullFold(ev.to)
        f = step(f, e, history)
        history[f.version] = f
    return f


class NeedsFullFold(Exception):
    """An undo reaches back before the base the fold started from."""
