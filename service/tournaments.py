"""Command handling for tournaments: the only code that writes a tournament's stream.

A tournament is an aggregate with its own event stream (`caravan:{t-<hex>}:events`: the same
envelopes, hash chain and Lua append as a game; its notifications go to a stream of their own so the
game lobby never sees them). Its tables are ordinary games created through `Commands.create(CreateGame(...,
tournament=TableRef(...)))`; when one ends, the platform enqueues the job
`game_finished(tournament_id, game_id)` below, which records the result and, when the round is
complete, seats the next one (or finishes the tournament). Every step is idempotent and appends with
an expected version, so duplicate, late or racing jobs are harmless.

The live record (projections/standings.py) is kept at `caravan:{t-<hex>}:record`, caught up from the
stream whenever it is read; it is a cache of the fold, never the truth.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
import time
from typing import Any

import msgspec
from redis.asyncio import Redis
from redis.typing import EncodableT, FieldT

from events import keys, replies
from events.envelope import Envelope, seal
from events.kinds import (
    Move,
    Resigned,
    RoundSeated,
    Table,
    TableFinished,
    TableRef,
    TakenOver,
    TournamentCancelled,
    TournamentCreated,
    TournamentEvent,
    TournamentFinished,
    Withdrawn,
)
from events.store import EventStore, VersionConflict
from games import fairness, registry
from projections import clock, standings
from projections.standings import Tournament
from service import pairing
from service.commands import Commands, CreateGame, token_hash
from service.departures import REASON_MAX, abandon, resign
from service.errors import DomainError, GameOver, Invalid, NotFound, StaleVersion, Unauthorized
from service.players import check_name
from service.tournament_config import Search, in_process, validate

ID_PREFIX = "t-"  # every tournament id starts so; no game id does

TOURNAMENTS = f"{keys.PREFIX}:tournaments"  # sorted set: tournament id -> creation time
NOTIFY = f"{keys.PREFIX}:tournaments:notify"  # every tournament append, for followers
SEATING_LOCK_SECONDS = 120

_SET_IF_NEWER = """
local cur = redis.call('HGET', KEYS[1], 'version')
if cur and tonumber(cur) >= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'record', ARGV[2])
return 1
"""


def record_key(tournament_id: str) -> str:
    return f"{keys.PREFIX}:{{{tournament_id}}}:record"


def tables_key(tournament_id: str, entrant: int) -> str:
    return f"{keys.PREFIX}:{{{tournament_id}}}:tables:{entrant}"  # list of {game, seat, round, table}


def lock_key(tournament_id: str, round_no: int) -> str:
    return f"{keys.PREFIX}:{{{tournament_id}}}:seating:{round_no}"


def tournament_store(redis: Redis, cluster: bool = False) -> EventStore:
    """The game store's append, with the tournament notification stream in place of the games' one, so
    the lobby's projector never mistakes a tournament for a game."""
    return EventStore(redis, notify=lambda _: NOTIFY, cluster=cluster)


class Tournaments:
    def __init__(self, redis: Redis, games: Commands):
        self.redis, self.games = redis, games
        self.store = tournament_store(redis, games.store.cluster)
        self._set_if_newer = redis.register_script(_SET_IF_NEWER)

    # --- reading ------------------------------------------------------------------------------------

    async def load(self, tournament_id: str) -> Tournament:
        """The live record, caught up with the stream (and saved back when it moved on)."""
        if not tournament_id.startswith(ID_PREFIX):
            raise NotFound(f"no tournament {tournament_id!r}")
        raw = replies.blob(await self.redis.hget(record_key(tournament_id), "record"))
        t = msgspec.json.decode(raw, type=Tournament) if raw else None
        tail = await self.store.read(tournament_id, (t.version + 1) if t else 1)
        if tail:
            t = standings.fold(tournament_id, tail, t)
            await self._set_if_newer(keys=[record_key(tournament_id)], args=[t.version, msgspec.json.encode(t)])
        if t is None:
            raise NotFound(f"no tournament {tournament_id!r}")
        return t

    async def events(self, tournament_id: str) -> list[Envelope]:
        return await self.store.read(tournament_id)

    async def rebuild(self, tournament_id: str) -> Tournament:
        events = await self.events(tournament_id)
        if not events:
            raise NotFound(f"no tournament {tournament_id!r}")
        return standings.rebuild(tournament_id, events)

    async def ids(self, limit: int = 200) -> list[str]:
        return [x.decode() for x in replies.members(await self.redis.zrevrange(TOURNAMENTS, 0, limit - 1))]

    async def entrant_of(self, tournament_id: str, token: str) -> int:
        raw = await self.redis.hget(keys.secret(tournament_id), "tok:" + token_hash(token))
        if raw is None:
            raise Unauthorized("this token is not an entrant of this tournament")
        return int(raw)

    async def _seed(self, tournament_id: str) -> str:
        """The tournament's secret seed (a duplicate tournament's deals are drawn from it)."""
        held = replies.blob(await self.redis.hget(keys.secret(tournament_id), "seed"))
        if held is None:
            raise NotFound(f"no tournament {tournament_id!r}")
        return held.decode()

    async def is_organiser(self, tournament_id: str, token: str) -> bool:
        held = replies.blob(await self.redis.hget(keys.secret(tournament_id), "organiser"))
        return held is not None and hmac.compare_digest(held, token_hash(token).encode())

    async def tables_of(self, tournament_id: str, entrant: int) -> list[dict[str, Any]]:
        rows = await self.redis.lrange(tables_key(tournament_id, entrant), 0, -1)
        return [msgspec.json.decode(r) for r in rows]

    # --- creating -----------------------------------------------------------------------------------

    async def create(self, game_type: str, fmt: str, table_size: int, players: list[str], rounds: int | None = None,
                     duplicate: bool = False, options: dict[str, Any] | None = None,
                     name: str | None = None, search: Search = in_process) -> dict[str, Any]:
        """Validate everything first (nothing is written for bad input; a round robin's schedule searched by
        `search`), then append `created` and seat round 1. Returns {"id", "entrants": [{"name", "ai"?,
        "token"?}], "organiser_token"} (tokens for people; the organiser's token, kept only as its hash, is
        needed for every later write)."""
        config = await validate(game_type, fmt, table_size, players, rounds, duplicate, options, search)
        if name is not None:
            name = check_name(name, "a tournament's name")
        tournament_id = ID_PREFIX + secrets.token_hex(6)
        seed = fairness.new_seed()
        payload = {**config, "name": name or f"{registry.get(game_type).name} {fmt}",
                   "seed_sha256": fairness.commitment(seed)}
        entrants = []
        organiser = secrets.token_urlsafe(24)
        secret: dict[FieldT, EncodableT] = {"seed": seed, "organiser": token_hash(organiser)}
        for i, e in enumerate(config["entrants"]):
            row: dict[str, Any] = {"name": e["name"]}
            if e["ai"] is None:
                row["token"] = tok = secrets.token_urlsafe(24)
                secret["tok:" + token_hash(tok)] = i
            else:
                row["ai"] = e["ai"]
            entrants.append(row)
        await self.redis.hset(keys.secret(tournament_id), mapping=secret)
        created = seal(1, "system", msgspec.convert(payload, TournamentCreated), prev="")
        await self.store.append(tournament_id, 0, [created])
        await self.redis.zadd(TOURNAMENTS, {tournament_id: time.time()})
        await self.advance(tournament_id)
        return {"id": tournament_id, "entrants": entrants, "organiser_token": organiser}

    # --- withdrawing --------------------------------------------------------------------------------

    async def withdraw(self, tournament_id: str, entrant: int, by: str) -> Tournament:
        """`entrant` leaves: a `withdrawn` event (it is not paired again), then its seats at tables still
        in play are resigned (an AI plays them out, ranked last). 409 when it has withdrawn already or the
        tournament is over."""
        t = await self.load(tournament_id)
        if t.status != "active":
            raise GameOver(f"the tournament is {t.status}")
        if t.has_withdrawn(entrant):
            raise StaleVersion(f"{t.entrants[entrant].name} has withdrawn already")
        await self._append_unless(tournament_id, Withdrawn(entrant=entrant, by=by, round=len(t.rounds)),
                                  lambda t: t.has_withdrawn(entrant))
        await self.resign_withdrawn(tournament_id)
        await self.advance(tournament_id)  # a round waiting only on it may be complete now
        return await self.load(tournament_id)

    async def resign_withdrawn(self, tournament_id: str) -> None:
        """Resign every withdrawn entrant's seat at a table still in play (an AI plays it out, ranked last).
        After a withdrawal, and after a round is seated: a round planned before a withdrawal that landed while
        it was being seated seats the entrant all the same, and its table would wait on it for good."""
        t = await self.load(tournament_id)
        gone = {e for e, _ in t.withdrawn}
        for r in t.rounds:
            for x in r.tables:
                for entrant in gone & set(x.entrants):
                    if t.result_of(x) is None:
                        try:
                            await resign(self.games, x.game, x.entrants.index(entrant), withdrawn=True)
                        except DomainError:  # the table ended meanwhile, or the seat had resigned there already
                            pass

    # --- calling it off ----------------------------------------------------------------------------

    async def cancel(self, tournament_id: str, by: str, reason: str = "") -> Tournament:
        """The tournament ends here: a `cancelled` event (no round is seated after it), then every table
        still in play is abandoned (no result: it counts for nobody). 409 once it is over."""
        t = await self.load(tournament_id)
        if t.status != "active":
            raise GameOver(f"the tournament is {t.status} already")
        await self._append_unless(tournament_id, TournamentCancelled(by=by, reason=reason, round=len(t.rounds)),
                                  lambda t: t.status != "active")
        t = await self.load(tournament_id)
        if t.cancelled is None or t.cancelled.by != by:
            raise GameOver(f"the tournament is {t.status} already")  # it ended meanwhile
        note = f"the tournament was cancelled{': ' + reason if reason else ''}"
        note = note if len(note) <= REASON_MAX else note[:REASON_MAX - 1] + "…"  # (a table's note has the game's bound)
        for r in t.rounds:
            for x in r.tables:
                if t.result_of(x) is None:
                    try:
                        await abandon(self.games, x.game, note)
                    except GameOver:  # the table ended meanwhile (what ends after the cancel counts for nobody)
                        pass
        if t.duplicate and t.rounds:  # the round is over too: its shared deal is published (else sealed for good)
            for x in t.rounds[-1].tables:
                await self.games.reveal_seed(x.game)
        return await self.load(tournament_id)

    # --- the job's work -----------------------------------------------------------------------------

    async def game_finished(self, tournament_id: str, game_id: str) -> str:
        """Record a table's result (once), then move the tournament on."""
        f = await self.games.load(game_id)
        meta = f.created.tournament
        if meta is None or meta.id != tournament_id:
            raise Invalid(f"game {game_id} is not a table of tournament {tournament_id}")
        if f.status not in ("finished", "abandoned"):
            return "the game is not finished"
        outcome = await table_outcome(self.games, f)
        await self._append_unless(tournament_id, outcome, lambda t: t.recorded(game_id))
        return await self.advance(tournament_id)

    async def advance(self, tournament_id: str) -> str:
        """Seat the next round when the current one is complete, or finish after the last. Idempotent."""
        t = await self.load(tournament_id)
        if t.status != "active":
            return t.status
        if t.rounds and not t.round_complete(t.rounds[-1]):
            return f"round {len(t.rounds)} in play"
        if t.rounds and t.duplicate:  # the round's shared seed can be published now
            for table in t.rounds[-1].tables:
                await self.games.reveal_seed(table.game)
        if len(t.rounds) >= t.total_rounds:
            await self._append_unless(tournament_id, TournamentFinished(standings=standings.rows(t)),
                                      lambda t: t.status == "finished")
            return "finished"
        return await self.seat(tournament_id, len(t.rounds) + 1)

    async def seat(self, tournament_id: str, round_no: int) -> str:
        """Create round `round_no`'s games and record them. One process seats a round (a lock); a
        crash half-way leaves games no seated table names, which never count."""
        if not await self.redis.set(lock_key(tournament_id, round_no), "1", nx=True, ex=SEATING_LOCK_SECONDS):
            return f"round {round_no} is being seated"
        t = await self.load(tournament_id)
        if len(t.rounds) != round_no - 1:
            return f"round {round_no} already seated"
        plan = plan_round(t, round_no)
        seed = None
        if t.duplicate:
            seed = pairing.round_seed(await self._seed(tournament_id), round_no)
        entrants = t.entrants
        # a person plays every table with the entrant token they hold: each seat answers to its hash
        hashes = {int(v): k.decode()[4:] for k, v in replies.fields(await self.redis.hgetall(keys.secret(tournament_id))).items()
                  if k.startswith(b"tok:")}
        tables, handouts = [], []
        for i, group in enumerate(plan.tables):
            # at a duplicate tournament the tables of a round share one deal
            meta = TableRef(id=tournament_id, round=round_no, table=i,
                            deal=f"{tournament_id}/{round_no}" if t.duplicate else None)
            mine = {seat: hashes[e] for seat, e in enumerate(group) if e in hashes}
            game_id, _ = await self.games.create(CreateGame(
                type=t.game, players=tuple(entrants[e].spec for e in group), seed=seed, options=t.created.options,
                tournament=meta, seat_token_hashes=mine))
            tables.append(Table(round=round_no, table=i, game=game_id, entrants=tuple(group)))
            handouts += [(group[seat], {"round": round_no, "table": i, "game": game_id, "seat": seat}) for seat in mine]
        for entrant, row in handouts:
            await self.redis.rpush(tables_key(tournament_id, entrant), msgspec.json.encode(row))
        seated = RoundSeated(round=round_no, tables=tuple(tables), byes=tuple(plan.byes))
        if not await self._append_unless(tournament_id, seated, lambda t: len(t.rounds) >= round_no or t.status != "active"):
            if (await self.load(tournament_id)).status == "cancelled":  # called off while this round was seated
                for x in tables:
                    await abandon(self.games, x.game, "the tournament was cancelled")
        elif (await self.load(tournament_id)).withdrawn != t.withdrawn:  # someone left while it was planned
            await self.resign_withdrawn(tournament_id)
        return await self.advance(tournament_id)  # a round of instant games may be complete already

    async def _append_unless(self, tournament_id: str, event: TournamentEvent, done) -> bool:
        """Append one event unless `done(record)` says it is already there; retries on a conflict."""
        for _ in range(50):
            t = await self.load(tournament_id)
            if done(t):
                return False
            e = seal(t.version + 1, "system", event, prev=t.head)
            try:
                await self.store.append(tournament_id, t.version, [e])
            except VersionConflict:
                await asyncio.sleep(0.005)
                continue
            await self.load(tournament_id)  # keep the live record current
            return True
        raise RuntimeError(f"tournament {tournament_id}: could not append {event.kind()} (too much contention)")


# --- deciding ---------------------------------------------------------------------------------------

async def table_outcome(games: Commands, f) -> TableFinished:
    """What a tournament records of a table that ended: its result (the rules', after resignations, or
    the arbiter's), or no result when it was abandoned; and per seat its timeouts, resignations, forfeits."""
    meta = f.created.tournament
    timeouts = [0] * len(f.players)
    forfeits = []
    for e in await games.store.read(f.id):
        ev = e.event()
        if isinstance(ev, Move) and ev.timeout:
            timeouts[int(e.actor)] += 1
        elif isinstance(ev, TakenOver) and ev.timeout:
            timeouts[ev.seat] += 1
        elif isinstance(ev, Resigned) and ev.forfeit:
            forfeits.append(ev.seat)
    common = {"round": meta.round, "table": meta.table, "game": f.id, "timeouts": tuple(timeouts), "resigned": f.resigned,
                  "forfeits": tuple(forfeits)}
    if f.status == "abandoned":
        return TableFinished(scores=(), ranks=(), ending="abandoned", **common)
    result = clock.outcome(f.game, f.state, f.resigned, f.adjudicated)
    if result is None:
        raise ValueError(f"table {f.id} has not ended")
    return TableFinished(scores=tuple(float(s) for s in result.scores), ranks=tuple(result.ranks),
                         ending="adjudicated" if f.adjudicated else "", **common)


def plan_round(t: Tournament, round_no: int) -> pairing.Round:
    gone = {e for e, _ in t.withdrawn}
    if t.format == "round-robin":
        r = t.created.schedule[round_no - 1]
        return pairing.without(pairing.Round(tuple(tuple(x) for x in r["tables"]), tuple(r["byes"])), gone)
    history = [pairing.Round(tuple(x.entrants for x in r.tables), r.byes) for r in t.rounds]
    still = [e for e in standings.order(t) if e not in gone]
    if len(still) < t.table_size:  # too few left for a table: the round is all byes
        return pairing.Round((), tuple(sorted(still)))
    return pairing.swiss_round(still, t.table_size, history, entrants=len(t.entrants))


# --- the RQ job -------------------------------------------------------------------------------------

def game_finished(tournament_id: str, game_id: str) -> str:
    """RQ job: a table of the tournament ended. Safe to run twice, late, or in parallel."""
    from service.runtime import in_worker

    loop, runtime = in_worker()
    return loop.run_until_complete(runtime.tournaments.game_finished(tournament_id, game_id))
