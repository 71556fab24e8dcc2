"""Command handling for games: load, decide (service/decide.py, pure), append. The only code that
writes a game's stream.

Every command loads the game (hot in process when it can be), decides with the game's rules, and
appends the resulting events with the loaded version as the expected version: two clients racing
for one version cannot both win, and a stale cache shows up as a conflict and is reloaded once.
What follows an append — a worker's turn (chance, an AI seat), a tournament's bookkeeping — is handed
to the `Handoff` the wiring gives (service/runtime.py).
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from typing import Any, Protocol

import msgspec

from events import keys, replies
from events.envelope import Envelope
from events.kinds import ARBITER, Chance, GameEvent, Returned, SeatEntropy, SeedRevealed, TableRef
from events.store import EventStore, VersionConflict
from projections import clock
from projections.fold import Folded
from projections.loader import GameNotFound, Loader
from service import account_games, decide
from service.decide import CreateGame, Decision, token_hash, waiting_on
from service.errors import DomainError, IdempotencyKeyReused, NotFound, StaleVersion

__all__ = ["ARBITER", "Accepted", "Commands", "CreateGame", "Handoff", "token_hash"]

CACHE_LIMIT = 100_000  # immutable facts kept in process (tokens, seeds); beyond it, start afresh


class Accepted(msgspec.Struct):
    version: int
    status: str = "active"
    replayed: bool = False  # the stored answer to an earlier request under the same Idempotency-Key


class Answer(msgspec.Struct):
    """What an Idempotency-Key keeps: the fingerprint of the request it was first used for (seat,
    method, path, body) and the answer that request got."""

    fp: str
    version: int
    status: str


def fingerprint(seat: int | str, method: str, path: str, body: Any) -> str:
    """One request, as an Idempotency-Key is bound to it: who, which route, and the body (canonical JSON)."""
    blob = msgspec.json.encode([str(seat), method.upper(), path, body], order="sorted")
    return hashlib.sha256(blob).hexdigest()


def replay(record: bytes, fp: str) -> Accepted:
    """The stored answer for a retried request, or IdempotencyKeyReused when the key was first used for
    another request."""
    try:
        answer = msgspec.json.decode(record, type=Answer)
    except (msgspec.DecodeError, msgspec.ValidationError):
        answer = Answer(fp="", version=0, status="")
    if answer.fp != fp:
        raise IdempotencyKeyReused("this Idempotency-Key was used for a different request (another seat, "
                                   "route or body); use a fresh key for a new request")
    return Accepted(version=answer.version, status=answer.status, replayed=True)


class Handoff(Protocol):
    """Where a game goes after an append: to the workers when it waits on them, to its tournament when
    a table ended."""

    async def waiting(self, game_id: str, version: int, waits: str = "chance") -> None: ...

    async def finished(self, game_id: str, table: TableRef) -> None: ...


class Commands:
    def __init__(self, store: EventStore, loader: Loader, handoff: Handoff | None = None, grace: float = 0.5):
        """`grace`: seconds past a seat's deadline in which its move is still taken (clock skew, transit)."""
        self.store, self.loader, self.redis, self.grace = store, loader, store.redis, grace
        self.handoff = handoff
        self._seats: dict[tuple[str, str], int] = {}
        self._seeds: dict[str, str] = {}

    # --- reading --------------------------------------------------------------------------------

    async def load(self, game_id: str) -> Folded:
        try:
            return await self.loader.load(game_id)
        except GameNotFound:
            raise NotFound(f"no game {game_id!r}") from None

    async def seed(self, game_id: str) -> str:
        """The game's secret seed (immutable, so kept in process once read)."""
        seed = self._seeds.get(game_id)
        if seed is None:
            raw = replies.blob(await self.redis.hget(keys.secret(game_id), "seed"))
            if raw is None:
                raise NotFound(f"no game {game_id!r}")
            if len(self._seeds) > CACHE_LIMIT:
                self._seeds.clear()
            seed = self._seeds[game_id] = raw.decode()
        return seed

    async def seat_of(self, game_id: str, token: str) -> int | None:
        key = (game_id, token_hash(token))
        seat = self._seats.get(key)
        if seat is None:
            raw = await self.redis.hget(keys.secret(game_id), "tok:" + key[1])
            if raw is None:
                return None
            if len(self._seats) > CACHE_LIMIT:
                self._seats.clear()
            seat = self._seats[key] = int(raw)  # tokens never change: cache them
        return seat

    waiting_on = staticmethod(waiting_on)

    # --- creating -------------------------------------------------------------------------------

    async def create(self, cmd: CreateGame) -> tuple[str, list[dict[str, Any]]]:
        """A new game; returns its id and seats (human seats with their new tokens)."""
        new = decide.decide_create(cmd)
        f = new.decision.after
        await self.redis.hset(keys.secret(f.id), mapping={"seed": new.seed, **{"tok:" + h: s for h, s in new.token_seats.items()},
                                                         **{"acct:" + a: s for s, a in cmd.accounts.items()}})
        await self.store.append(f.id, 0, new.decision.events, waits=waiting_on(f) or "")
        await self.redis.zadd(keys.GAMES, {f.id: time.time()})
        await account_games.remember(self.redis, cmd.accounts.values(), f.id)  # (GET /me/games)
        await self.schedule(f)
        self.loader.remember(f)
        await self._after(f, waiting_on(f))
        return f.id, new.seats

    # --- moving ---------------------------------------------------------------------------------

    async def submit(self, game_id: str, seat: int | str, move_obj: Any, expected_version: int | None = None,
                     idempotency_key: str | None = None, fp: str = "") -> Accepted:
        """A seat's move (or, for the arbiter, a chance outcome). Raises a DomainError when refused.
        With an `idempotency_key` (bound to the request's fingerprint `fp`): the first request under
        the key is decided; every later one with the same fingerprint gets its stored answer (even one
        that raced it and lost the version to it), one with another fingerprint IdempotencyKeyReused."""
        if not idempotency_key:
            return await self._submit(game_id, seat, move_obj, expected_version, None, "")
        seen = await self.store.idempotent(game_id, idempotency_key)
        if seen is not None:
            return replay(seen, fp)
        try:
            return await self._submit(game_id, seat, move_obj, expected_version, idempotency_key, fp)
        except (DomainError, VersionConflict):
            # a racer under the same key may have won meanwhile: the key is set with its events, atomically
            seen = await self.store.idempotent(game_id, idempotency_key)
            if seen is not None:
                return replay(seen, fp)
            raise

    async def _submit(self, game_id: str, seat: int | str, move_obj: Any, expected_version: int | None,
                      idempotency_key: str | None, fp: str) -> Accepted:
        f = self.loader.cached(game_id) or await self.load(game_id)
        # a stale hot state is retried once; with no expected version, a few more times, since in a
        # simultaneous phase the other seats' moves land in between (each retry re-decides from scratch)
        attempts = 2 if expected_version is not None else 5
        for attempt in range(attempts):
            try:
                if isinstance(seat, int):
                    f = await self.in_time(f, seat)
                if isinstance(seat, int) and f.status == "active" and seat in dict(f.absent) and seat not in f.resigned:
                    decision = await self.returning(f, seat, move_obj, expected_version)
                else:
                    decision = decide.decide_move(f, seat, move_obj, expected_version, await self.seed(game_id))
                return await self._commit(f, decision, idempotency_key, fp)
            except (StaleVersion, VersionConflict):
                if attempt == attempts - 1:
                    raise
                fresh = await self.load(game_id)
                if fresh.version == f.version:
                    raise
                f = fresh
        raise AssertionError("unreachable")

    async def in_time(self, f: Folded, seat: int) -> Folded:
        """`f` when `seat` may still move (its time has not run out, give or take `grace`); refused (409) when
        it ran out and the timeout job has yet to play the table's rule, unless the service was away meanwhile
        (an outage's time, owed to the game, is given first: service/outage.py)."""
        if decide.ran_out(f, seat, time.time(), self.grace) is None:
            return f
        f = await self.load(f.id)  # (the hot state may be stale: the game as it stands)
        if decide.ran_out(f, seat, time.time(), self.grace) is None:
            return f
        from service import outage

        if await outage.away(self.redis):
            return f  # nobody could move: the time is given back when the outage ends
        if await outage.settle(self, self.redis, f.id):
            f = await self.load(f.id)
        refusal = decide.ran_out(f, seat, time.time(), self.grace)
        if refusal is not None:
            raise refusal
        return f

    async def returning(self, f: Folded, seat: int, move_obj: Any, expected_version: int | None) -> Decision:
        """The owner of a seat an AI plays is back: its `returned` event and its move, appended together or
        (the move refused) not at all."""
        if expected_version is not None and expected_version != f.version:
            raise StaleVersion(f"expected version {expected_version}, the game is at version {f.version}")
        back = decide.decide_note(f, Returned(seat=seat), actor=seat)
        move = decide.decide_move(back.after, seat, move_obj, None, await self.seed(f.id))
        return Decision([*back.events, *move.events], move.folded)

    async def _commit(self, f: Folded, decision: Decision, idempotency_key: str | None = None, fp: str = "",
                      hand_off: bool = True) -> Accepted:
        new = decision.after
        waits = waiting_on(new)
        record = msgspec.json.encode(Answer(fp=fp, version=new.version, status=new.status)) if idempotency_key else b""
        appended = await self.store.append(f.id, f.version, decision.events, idempotency_key, decision.status,
                                           waits or "", record)
        if appended.duplicate:
            return replay(appended.record, fp)
        if new.clock is not None:
            await self.schedule(new)
        self.loader.remember(new)
        await self.loader.maybe_snapshot(f.version, new)
        await self._after(new, waits if hand_off else None)
        return Accepted(version=new.version, status=new.status)

    async def reveal_seed(self, game_id: str) -> bool:
        """Publish an ended game's seed, if it is not out yet (a duplicate table's waits for its round)."""
        f = await self.load(game_id)
        if f.status not in ("finished", "abandoned") or any(isinstance(e.event(), SeedRevealed)
                                            for e in await self.store.read(game_id, f.version - 1)):
            return False
        try:
            await self.append_note(f, SeedRevealed(seed=await self.seed(game_id)))
        except VersionConflict:
            return False  # revealed meanwhile by another worker
        return True

    async def append_note(self, f: Folded, event: GameEvent, actor: int | str = "system",
                          visible_to: tuple[int, ...] | None = None, status: str = "") -> Folded:
        """Append one event that does not move the game (undo talk, entropy, a late seed); the new record."""
        return await self.append_notes(f, [(event, actor)], visible_to, status)

    async def append_notes(self, f: Folded, notes: list[tuple[GameEvent, int | str]],
                           visible_to: tuple[int, ...] | None = None, status: str = "") -> Folded:
        """Append events that do not move the game together or not at all (an undo request and its grant:
        a move landing between them would cancel the request); an `Undo` only last."""
        events: list[Envelope] = []
        folded: Folded | None = f
        for event, actor in notes:
            if folded is None:
                raise TypeError("an undo comes last among the notes appended together")
            decision = decide.decide_note(folded, event, actor, visible_to)
            events += decision.events
            folded = decision.folded
        await self.store.append(f.id, f.version, events, waits=waiting_on(f) or "", status=status)
        if folded is None:
            self.loader.forget(f.id)
            f = await self.load(f.id)
        else:
            f = folded
            self.loader.remember(f)
        if waiting_on(f):  # now it waits on chance or an AI (an undo, entropy, a takeover, a resignation)
            await self.redis.zadd(keys.WAITING, {f.id: time.time()})
        await self.schedule(f)
        await self._after(f, waiting_on(f))  # a job that lost its version to this event hands the game back
        return f

    async def add_entropy(self, game_id: str, seat: int, value: str) -> Folded:
        """A seat's contribution to the luck: a public `entropy` event, once per seat, accepted only
        before the game's first chance draw. Every later draw mixes it in (projections.fold.chance_rng);
        the server's seed was committed in the created event before, so neither can choose the outcome."""
        for attempt in range(5):
            f = await self.load(game_id)
            drawn = any(isinstance(e.event(), Chance) for e in await self.store.read(game_id, 2, f.version))
            decide.decide_entropy(f, seat, value, drawn)  # raises when the entropy may not be added
            try:
                return await self.append_note(f, SeatEntropy(entropy=value), actor=seat)
            except VersionConflict:
                if attempt == 4:
                    raise
        raise AssertionError("unreachable")

    # --- clocks -------------------------------------------------------------------------------

    async def schedule(self, f: Folded) -> None:
        """Set the game's timer to its earliest deadline (derived from the log: projections/clock.py), or clear it."""
        deadline = await self.deadline(f)
        if deadline is not None:
            await self.redis.zadd(keys.TIMERS, {f.id: deadline})
        else:
            await self.redis.zrem(keys.TIMERS, f.id)

    async def deadline(self, f: Folded) -> float | None:
        """When the first acting seat's time runs out (unix seconds), or None."""
        due = clock.deadlines(f.clock, f.control, f.game, f.state) if f.status == "active" else {}
        return min(due.values()) if due else None

    async def timeout_move(self, f: Folded, seat: int) -> Accepted:
        """Play the rulebook's default for a late seat (a `move` event with `timeout`)."""
        return await self._commit(f, decide.decide_timeout(f, seat, await self.seed(f.id)))

    # --- chance and AI, for the workers' advance job, which carries the game on itself ---------

    async def resolve_chance(self, f: Folded) -> Accepted:
        return await self._commit(f, decide.decide_chance(f, await self.seed(f.id)), hand_off=False)

    async def play_ai(self, f: Folded, choose: Callable[..., Any]) -> Accepted:
        return await self._commit(f, decide.decide_ai(f, await self.seed(f.id), choose), hand_off=False)

    async def _after(self, f: Folded, waits: str | None) -> None:
        """Hand the game on: to the workers when it `waits` on them, to its tournament when it ended."""
        if self.handoff is None:
            return
        if waits:
            await self.handoff.waiting(f.id, f.version, waits)
        if f.status in ("finished", "abandoned") and f.created.tournament is not None:
            await self.handoff.finished(f.id, f.created.tournament)
