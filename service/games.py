"""Command handling for games: decide, then append. The only code that writes a game's stream.

Every command loads the game (hot in process when it can be), decides with the game's rules, and
appends the resulting events with the loaded version as the expected version: two clients racing
for one version cannot both win, and a stale cache shows up as a conflict and is reloaded once.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from typing import Any, Callable

import msgspec

from events import keys
from events.envelope import Envelope, seal, secret_salt
from events.kinds import (Chance, Created, Finished, ForkedState, GameEvent, Move, Origin, Returned, SeatEntropy,
                          SeedRevealed, TableRef, Undo)
from events.store import EventStore, VersionConflict
from games import fairness, registry
from games.protocol import CHANCE, Game, IllegalMove, sample_chance
from projections import clock
from projections.fold import Folded, chance_rng, start, step
from projections.loader import GameNotFound, Loader
from service.errors import DomainError, GameOver, IdempotencyKeyReused, Illegal, Invalid, NotFound, NotYourTurn, StaleVersion
from service.players import parse_players

ARBITER = "arbiter"
CACHE_LIMIT = 100_000  # immutable facts kept in process (tokens, seeds); beyond it, start afresh
SEED_MAX = 128  # characters of a seed the arbiter fixes
ENTROPY_MAX = 64  # characters of a seat's entropy


def printable(value: str, most: int, spaces: bool = False) -> bool:
    """1 to `most` printable ASCII characters (spaces only if `spaces`): a seed, a seat's entropy."""
    return 0 < len(value) <= most and value.isascii() and value.isprintable() and (spaces or " " not in value)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


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


class Decision(msgspec.Struct):
    """What a command decided: the events to append and the state they lead to."""

    events: list[Envelope]
    state: Any


class Games:
    def __init__(self, store: EventStore, loader: Loader, on_waiting: Callable[[str, int], Any] | None = None,
                 on_finished: Callable[[str, TableRef], Any] | None = None):
        """`on_waiting(game_id, version)` is awaited when a game waits on chance or an AI seat;
        `on_finished(game_id, tournament)` when a game that belongs to a tournament ends."""
        self.store, self.loader, self.redis = store, loader, store.redis
        self.on_waiting, self.on_finished = on_waiting, on_finished
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
            raw = await self.redis.hget(keys.secret(game_id), "seed")
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

    # --- creating -------------------------------------------------------------------------------

    async def create(self, type_: str, player_specs: list[str], seed: str | None = None,
                     options: dict[str, Any] | None = None, start_state: Any = None,
                     origin: Origin | None = None,
                     tournament: TableRef | None = None,
                     entropy: list[str] | None = None,
                     seat_token_hashes: dict[int, str] | None = None,
                     seed_fixed_by: str | None = None) -> tuple[str, list[dict[str, Any]]]:
        """A new game; returns its id and seats (human seats with their new tokens). `tournament`, when
        the game is a tournament table, is kept in the created event ({"id", "round", "table"});
        `seat_token_hashes` gives human seats a token they already hold (a tournament entrant's), by its
        hash, so that no token is ever kept in the clear. `seed_fixed_by` ("arbiter") is recorded when a
        seed was chosen rather than drawn by the server (the route allows it to the arbiter only)."""
        try:
            game = registry.get(type_)
        except KeyError:
            raise Invalid(f"unknown game type {type_!r} (one of {', '.join(registry.all_games())})") from None
        players = parse_players(player_specs)
        if not game.min_players <= len(players) <= game.max_players:
            raise Invalid(f"{game.name} takes {game.min_players} to {game.max_players} players, not {len(players)}")
        options = dict(options or {})
        arbiter_chance = bool(options.pop("arbiter_chance", False))
        await_entropy = options.pop("await_entropy", False)
        if not isinstance(await_entropy, bool):
            raise Invalid("await_entropy is true or false")
        if await_entropy and tournament is not None and tournament.deal:
            raise Invalid("a duplicate table draws the round's deal: its seats add no entropy")
        if seed is not None and not printable(seed, SEED_MAX):
            raise Invalid(f"a seed is 1 to {SEED_MAX} printable ASCII characters without spaces")
        try:
            clock_option, absent = clock.check(options)
            options = game.check_options(options)
        except ValueError as e:
            raise Invalid(str(e)) from None
        seed = seed if seed is not None else fairness.new_seed()
        game_id = secrets.token_hex(6)
        if entropy and (len(entropy) > len(players) or any(not 0 < len(x) <= 256 for x in entropy)):
            raise Invalid("entropy: at most one string of 1 to 256 characters per player")
        created = seal(1, "system", Created(id=game_id, type=type_, players=players, options=options,
                                            arbiter_chance=arbiter_chance, seed_sha256=fairness.commitment(seed),
                                            origin=origin, tournament=tournament, entropy=tuple(entropy or ()),
                                            seed_fixed_by=seed_fixed_by, await_entropy=await_entropy,
                                            clock=clock_option, absent=absent),
                       prev="")
        batch = [created]
        if start_state is not None:  # a fork: its position stays secret until the end, like any hidden state
            batch.append(seal(2, "system", ForkedState(state=msgspec.to_builtins(start_state)),
                              prev=created.hash, visible_to=(), salt=secret_salt(seed, game_id, 2)))
        seats, tokens = [], {}
        for i, p in enumerate(players):
            row: dict[str, Any] = {"seat": i, "name": p.name}
            if p.ai is None and seat_token_hashes and i in seat_token_hashes:
                tokens["tok:" + seat_token_hashes[i]] = i  # the seat answers to a token its player holds
            elif p.ai is None:
                row["token"] = tok = secrets.token_urlsafe(24)
                tokens["tok:" + token_hash(tok)] = i
            else:
                row["ai"] = p.ai
            seats.append(row)
        await self.redis.hset(keys.secret(game_id), mapping={"seed": seed, **tokens})
        f = start(game_id, created)
        for e in batch[1:]:
            f = step(f, e)
        await self.store.append(game_id, 0, batch, waits=self.waiting_on(f) or "")
        await self.redis.zadd(keys.GAMES, {game_id: time.time()})
        await self.schedule(f)
        self.loader.remember(f)
        await self._after(f, self.waiting_on(f))
        return game_id, seats

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
                if isinstance(seat, int) and f.status == "active" and seat in dict(f.absent) and seat not in f.resigned:
                    f = await self.append_system(f, Returned(seat=seat), actor=seat)  # the owner is back
                decision = self.decide_move(f, seat, move_obj, expected_version, await self.seed(game_id))
                return await self._commit(f, decision, idempotency_key, fp)
            except (StaleVersion, VersionConflict):
                if attempt == attempts - 1:
                    raise
                fresh = await self.load(game_id)
                if fresh.version == f.version:
                    raise
                f = fresh
        raise AssertionError("unreachable")

    def decide_move(self, f: Folded, seat: int | str, move_obj: Any, expected_version: int | None, seed: str) -> Decision:
        if expected_version is not None and expected_version != f.version:
            raise StaleVersion(f"expected version {expected_version}, the game is at version {f.version}")
        if f.status != "active":
            raise GameOver("the game is over")
        game = f.game
        try:
            move = game.decode_move(move_obj)
        except ValueError as e:
            raise Illegal(str(e)) from None
        if seat == ARBITER:
            if not f.created.arbiter_chance:
                raise Illegal("this game draws its chance outcomes itself; the arbiter enters them only in arbiter mode")
            if CHANCE not in game.actors(f.state):
                raise NotYourTurn("no chance step is due")
            actor, by = CHANCE, ARBITER
        else:
            actor = by = int(seat)
            if actor not in game.actors(f.state) and not game.legal_moves(f.state, actor):
                raise NotYourTurn(f"it is not seat {actor}'s turn")
        return self._decide(f, actor, by, move, seed)

    def _decide(self, f: Folded, actor: int, by: int | str, move: Any, seed: str, timeout: bool = False) -> Decision:
        game = f.game
        try:
            after = (game.apply_timeout if timeout else game.apply)(f.state, actor, move)
        except IllegalMove as e:
            raise Illegal(e.reason) from None
        if actor == CHANCE:
            event: GameEvent = Chance(move=msgspec.to_builtins(move), label=game.chance(f.state).label, reveals=True)
        else:
            event = Move(move=msgspec.to_builtins(move), reveals=game.reveals(f.state, actor, move), timeout=timeout)
        visible_to = game.visible_to(f.state, actor, move)
        salt = secret_salt(seed, f.id, f.version + 1) if visible_to is not None else ""
        e = seal(f.version + 1, by, event, prev=f.head, visible_to=visible_to, salt=salt)
        return Decision([e], after)

    async def _commit(self, f: Folded, decision: Decision, idempotency_key: str | None = None, fp: str = "") -> Accepted:
        batch, state = list(decision.events), decision.state
        game = f.game
        status = ""
        result = clock.with_resignations(game.result(state), f.resigned)
        if result is not None:
            v = batch[-1].version
            batch.append(seal(v + 1, "system", Finished(result=msgspec.to_builtins(result)), prev=batch[-1].hash))
            if not shares_its_seed(f):
                batch.append(seal(v + 2, "system", SeedRevealed(seed=await self.seed(f.id)), prev=batch[-1].hash))
            status = "finished"
        new = f
        for i, e in enumerate(batch):
            new = step(new, e, after=state if i == 0 else None)
        waits = self.waiting_on(new)
        record = msgspec.json.encode(Answer(fp=fp, version=new.version, status=new.status)) if idempotency_key else b""
        appended = await self.store.append(f.id, f.version, batch, idempotency_key, status, waits or "", record)
        if appended.duplicate:
            return replay(appended.record, fp)
        if new.clock is not None:
            await self.schedule(new)
        self.loader.remember(new)
        await self.loader.maybe_snapshot(f.version, new)
        await self._after(new, waits)
        return Accepted(version=new.version, status=new.status)

    async def reveal_seed(self, game_id: str) -> bool:
        """Publish a finished game's seed, if it is not out yet (a duplicate table's waits for its round)."""
        f = await self.load(game_id)
        if f.status != "finished" or any(isinstance(e.event(), SeedRevealed)
                                            for e in await self.store.read(game_id, f.version - 1)):
            return False
        try:
            await self.append_system(f, SeedRevealed(seed=await self.seed(game_id)))
        except VersionConflict:
            return False  # revealed meanwhile by another worker
        return True

    async def append_system(self, f: Folded, event: GameEvent, actor: int | str = "system",
                            visible_to: tuple[int, ...] | None = None, status: str = "") -> Folded:
        """Append one event that does not move the game (undo talk, notes); returns the new record."""
        e = seal(f.version + 1, actor, event, prev=f.head, visible_to=visible_to)
        await self.store.append(f.id, f.version, [e], waits=self.waiting_on(f) or "", status=status)
        self.loader.forget(f.id)
        f = await self.load(f.id)
        if self.waiting_on(f):  # now it waits on chance or an AI (an undo, entropy, a takeover, a resignation)
            await self.redis.zadd(keys.WAITING, {f.id: time.time()})
        await self.schedule(f)
        await self._after(f, self.waiting_on(f))  # a job that lost its version to this event hands the game back
        return f

    async def add_entropy(self, game_id: str, seat: int, value: str) -> Folded:
        """A seat's contribution to the luck: a public `entropy` event, once per seat, accepted only
        before the game's first chance draw. Every later draw mixes it in (projections.fold.chance_rng);
        the server's seed was committed in the created event before, so neither can choose the outcome."""
        if not printable(value, ENTROPY_MAX, spaces=True):
            raise Invalid(f"entropy is 1 to {ENTROPY_MAX} printable ASCII characters")
        for attempt in range(5):
            f = await self.load(game_id)
            if f.status != "active":
                raise GameOver("the game is over")
            if shares_its_seed(f):
                raise StaleVersion("a duplicate table draws the round's deal, the same at every table: no entropy")
            if any(s == seat for s, _ in f.entropy):
                raise StaleVersion(f"seat {seat} has added its entropy already")
            if (any(isinstance(e.event(), Chance) for e in await self.store.read(game_id, 2, f.version))
                    or f.created.origin is not None):
                raise StaleVersion("the first chance draw is done: entropy now would come too late")
            try:
                return await self.append_system(f, SeatEntropy(entropy=value), actor=seat)
            except VersionConflict:
                if attempt == 4:
                    raise
        raise AssertionError("unreachable")

    # --- clocks -------------------------------------------------------------------------------

    async def schedule(self, f: Folded) -> None:
        """Set the game's timer to its earliest deadline (derived from the log), or clear it."""
        due = clock.deadlines(f.clock, f.control, f.game, f.state) if f.status == "active" else {}
        if due:
            await self.redis.zadd(keys.TIMERS, {f.id: min(due.values())})
        else:
            await self.redis.zrem(keys.TIMERS, f.id)

    async def deadline(self, f: Folded) -> float | None:
        """When the first acting seat's time runs out (unix seconds), or None."""
        due = clock.deadlines(f.clock, f.control, f.game, f.state) if f.status == "active" else {}
        return min(due.values()) if due else None

    async def timeout_move(self, f: Folded, seat: int) -> Accepted:
        """Play the rulebook's default for a late seat (a `move` event with `timeout`)."""
        game = f.game
        move = game.timeout_move(f.state, seat)
        if move is None:  # a game without a default here: its first legal move, so the table never stalls
            move = game.legal_moves(f.state, seat)[0]
        return await self._commit(f, self._decide(f, seat, seat, move, await self.seed(f.id), timeout=True))

    # --- chance and AI, for the workers ---------------------------------------------------------

    def waiting_on(self, f: Folded) -> str | None:
        """What the game waits for that a worker can do: "chance", "ai", or None."""
        if f.status != "active":
            return None
        actors = f.game.actors(f.state)
        if CHANCE in actors:
            return None if f.created.arbiter_chance or entropy_missing(f) else "chance"
        if any(f.ai_of(s) for s in actors):
            return "ai"
        return None

    async def resolve_chance(self, f: Folded) -> Accepted:
        game = f.game
        seed = await self.seed(f.id)
        outcome = sample_chance(game.chance(f.state), chance_rng(seed, f.created, f.version + 1, f.entropy))
        return await self._commit(f, self._decide(f, CHANCE, "chance", outcome, seed))

    async def play_ai(self, f: Folded, choose: Callable[..., Any]) -> Accepted:
        game = f.game
        seat = min(s for s in game.actors(f.state) if s != CHANCE and f.ai_of(s))
        seed = await self.seed(f.id)
        move = choose(game, f.state, seat, f.ai_of(seat), ai_rng_seed(seed, f.id, f.version))
        return await self._commit(f, self._decide(f, seat, seat, move, seed))

    async def _after(self, f: Folded, waits: str | None) -> None:
        """Hand the game on: to the workers when it `waits` on them, to its tournament when it ended."""
        if self.on_waiting is not None and waits:
            await self.on_waiting(f.id, f.version)
        if f.status in ("finished", "abandoned") and self.on_finished is not None and f.created.tournament is not None:
            await self.on_finished(f.id, f.created.tournament)


def entropy_missing(f: Folded) -> list[int]:
    """The human seats whose entropy the first draw still waits for (a game created with await_entropy)."""
    if not f.created.await_entropy:
        return []
    given = {s for s, _ in f.entropy}
    return [s for s, p in enumerate(f.players) if p.ai is None and s not in given]


def shares_its_seed(f: Folded) -> bool:
    """A duplicate tournament table: its seed is every table's of the round, so it is revealed only when
    the whole round has finished (a finished table must not show the luck of the tables still playing)."""
    return f.created.tournament is not None and bool(f.created.tournament.deal)


def ai_rng_seed(seed: str, game_id: str, version: int) -> int:
    """The AI's own randomness: derived from the seed but not invertible to it (replays identically)."""
    return int.from_bytes(hashlib.sha256(f"ai|{seed}|{game_id}|{version}".encode()).digest()[:8], "big")

