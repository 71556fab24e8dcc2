"""Post-game analysis as a service: plan a game's analysis, judge it on the workers, report it.

An analysis is derived data, stored beside the game and never in its chain:
  caravan:{<game>}:analysis:<scope>          the current analysis (JSON `Meta`): the game's head hash and
                                             version it covers, the engine settings (seed, budget,
                                             iterations) that reproduce it, and its jobs
  caravan:{<game>}:analysis:<scope>:<id>     its rows (hash: version -> JSON row), one per step
  caravan:{<game>}:analysis:<scope>:<id>:sum its per-seat summary, written when the last row lands
`scope` is `all` for a finished game (everything is public then, as every other read shows it), or
`seat-N` for seat N's private fork while it runs (only N's own decisions and the chance it could see).

Splitting: the decisions that need a search are cut into jobs of about `JOB_SECONDS` of work (at least
`MIN_JOBS` of them when the game has that many), so W workers take about 1/W of the time. Chance steps
and forced moves are written at once by the request. Each decision's search is seeded with
"<seed>:<version>", so with `iterations` (and no time budget) anyone re-running it gets the same rows.
"""

from __future__ import annotations

import math
import secrets
from collections import OrderedDict
from typing import Any

import msgspec

from ai.analysis import GOOD, INACCURACY, MISTAKE, OUTLOOK_SAMPLES, engine_code
from events.envelope import now
from events.keys import PREFIX
from games.protocol import CHANCE
from projections.decisions import Step, steps
from projections.fold import Folded
from service.analysis_rows import attributed, by_whom, decision_row, forced, instant_row, seat_summary
from service.analysis_schemas import AnalysisReport, AnalysisSection, Engine, Row, SeatSummary, Thresholds
from service.analysis_scope import Running, allowed_scope, scope_for, shown  # noqa: F401 (analysis.Running, .scope_for)
from service.errors import Forbidden, Invalid, NotFound
from service.schemas import PlayerRow

DEFAULT_BUDGET = 0.5  # seconds of search per decision
MAX_BUDGET = 10.0
MAX_ITERATIONS = 100_000
SEED_MAX = 2**63 - 1
JOB_SECONDS = 2.0  # about this much search per job
MIN_JOBS = 16
SECONDS_PER_ITERATION = 0.0005  # a rough cost, to size jobs bounded by iterations only
THRESHOLDS = Thresholds(good=GOOD, inaccuracy=INACCURACY, mistake=MISTAKE)


class AnalysisRequest(msgspec.Struct, forbid_unknown_fields=True):
    budget: float | None = DEFAULT_BUDGET  # seconds per decision; null: bounded by `iterations` only
    iterations: int | None = None  # a cap on search iterations per decision
    seed: int | None = None  # the search seed (default: a fresh one, kept in the answer)


class Meta(msgspec.Struct):
    id: str
    game: str
    scope: str
    head: str  # the hash of the game's last event it covers
    version: int
    engine: Engine
    total: int  # rows when done
    created: str
    chunks: list[list[int]]  # the decisions each job judges


def engine_of(body: Any) -> Engine:
    """The settings of a request body; Invalid (422) for anything not typed or not within bounds."""
    try:
        req = msgspec.convert(body if body is not None else {}, AnalysisRequest)
    except msgspec.ValidationError as e:
        raise Invalid(f"analysis settings: {e}") from None
    if req.budget is not None and not (math.isfinite(req.budget) and 0 < req.budget <= MAX_BUDGET):
        raise Invalid(f"budget: seconds per decision, more than 0 and at most {MAX_BUDGET:g}")
    if req.iterations is not None and not 1 <= req.iterations <= MAX_ITERATIONS:
        raise Invalid(f"iterations: from 1 to {MAX_ITERATIONS}")
    if req.budget is None and req.iterations is None:
        raise Invalid("give a budget (seconds per decision) or an iteration cap")
    if req.seed is not None and not 0 <= req.seed <= SEED_MAX:
        raise Invalid(f"seed: from 0 to {SEED_MAX}")
    seed = req.seed if req.seed is not None else secrets.randbelow(2**32)
    return Engine(seed=seed, budget=req.budget, iterations=req.iterations, outlook_samples=OUTLOOK_SAMPLES)


# --- the store ---------------------------------------------------------------------------------------

def meta_key(game_id: str, scope: str) -> str:
    return f"{PREFIX}:{{{game_id}}}:analysis:{scope}"


def rows_key(meta: Meta) -> str:
    return f"{meta_key(meta.game, meta.scope)}:{meta.id}"


def sum_key(meta: Meta) -> str:
    return rows_key(meta) + ":sum"


async def current(redis, game_id: str, scope: str) -> Meta | None:
    raw = await redis.get(meta_key(game_id, scope))
    return msgspec.json.decode(raw, type=Meta) if raw else None


ROW = msgspec.json.Decoder(Row)


async def read_rows(redis, meta: Meta) -> list[Row]:
    got = await redis.hgetall(rows_key(meta))
    return sorted((ROW.decode(v) for v in got.values()), key=lambda r: r.version)


def each_seconds(engine: Engine, per_iteration: float = SECONDS_PER_ITERATION) -> float:
    """About how long one search of `engine` takes: its budget, or its iterations at `per_iteration` seconds,
    whichever is less (an engine is bounded by one or both)."""
    bounds = [b for b in (engine.budget, None if engine.iterations is None else engine.iterations * per_iteration)
              if b is not None]
    if not bounds:
        raise ValueError("an engine bounds its search by a budget, by iterations or by both")
    return min(bounds)


def searches(decisions: list[Step]) -> list[int]:
    """The searches each decision takes: a person's two (a second opinion is searched too)."""
    return [2 if by_whom(s, None) == "person" else 1 for s in decisions]


def work_seconds(decisions: list[Step], engine: Engine) -> float:
    """About how many seconds of search judging `decisions` takes (service/backlog.py bounds it per client)."""
    return each_seconds(engine) * sum(searches(decisions))


def chunked(decisions: list[Step], engine: Engine) -> list[list[int]]:
    """Decisions cut into jobs of about JOB_SECONDS (a person's counts twice: a second opinion is searched);
    a decision whose search is longer than that is a job of its own, the most any job takes."""
    each, units = each_seconds(engine), searches(decisions)
    per_job = max(1.0, min(JOB_SECONDS / max(each, 1e-6), sum(units) / MIN_JOBS))
    chunks: list[list[int]] = [[]]
    load = 0.0
    for s, u in zip(decisions, units, strict=True):
        if load + u > per_job and chunks[-1]:
            chunks.append([])
            load = 0.0
        chunks[-1].append(s.version)
        load += u
    return [c for c in chunks if c]


def job_id(meta: Meta, i: int) -> str:
    return f"analysis-{meta.game}-{meta.scope}-{meta.id}-{i}"


def job_timeout(meta: Meta, chunk: list[int]) -> int:
    e = meta.engine
    each = e.budget if e.budget is not None else each_seconds(e, SECONDS_PER_ITERATION * 4)
    return int(60 + 3 * 2 * each * len(chunk))


def enqueue(queue, meta: Meta, which: list[int]) -> None:
    for i in which:
        chunk = meta.chunks[i]
        queue.enqueue("service.analysis.judge_chunk", meta.game, meta.scope, meta.id, i, job_id=job_id(meta, i),
                      job_timeout=job_timeout(meta, chunk), result_ttl=60, failure_ttl=3600)


def lost_chunks(queue, meta: Meta, done: set[int]) -> list[int]:
    """Chunks with rows missing and no job queued or running (lost with a worker, or failed)."""
    from rq.exceptions import NoSuchJobError
    from rq.job import Job, JobStatus

    lost = []
    for i, chunk in enumerate(meta.chunks):
        if all(v in done for v in chunk):
            continue
        try:
            status = Job.fetch(job_id(meta, i), connection=queue.connection).get_status()
        except NoSuchJobError:
            status = None
        if status not in (JobStatus.QUEUED, JobStatus.STARTED, JobStatus.DEFERRED, JobStatus.SCHEDULED):
            lost.append(i)
    return lost


# --- requests ----------------------------------------------------------------------------------------

async def start(r, game_id: str, caller: int | str | None, body: Any, charge=None) -> tuple[AnalysisReport, bool]:
    """POST: queue an analysis (or find the one already made with these settings); (report, started).
    `charge(meta, seconds)`: counts the search a new analysis queues against its client (service/backlog.py)."""
    import asyncio

    engine = engine_of(body)
    f = await r.commands.load(game_id)
    engine = msgspec.structs.replace(engine, code=engine_code(f.game))
    scope, seat = await allowed_scope(r, f, caller)
    old = await current(r.redis, game_id, scope)
    if old is not None and old.head == f.head and same_settings(old.engine, engine, body):
        done = {row.version for row in await read_rows(r.redis, old)}
        lost = await asyncio.to_thread(lost_chunks, r.analysis_queue, old, done)
        if lost:
            await asyncio.to_thread(enqueue, r.analysis_queue, old, lost)
        return await report(r, f, old, seat), bool(lost)
    refuse_replacing(old, f, engine, caller)
    events = await r.store.read(game_id, 1, f.version)
    final, walked = steps(game_id, events)
    game = final.game
    mine = [s for s in walked if shown(s, seat)]
    instant = [s for s in mine if s.actor == CHANCE or forced(game, s)]
    searched = [s for s in mine if not (s.actor == CHANCE or forced(game, s))]
    meta = Meta(id=secrets.token_hex(6), game=game_id, scope=scope, head=final.head, version=final.version,
                engine=engine, total=len(mine), created=now(), chunks=chunked(searched, engine))
    names = [p.name for p in final.players]
    rows = {str(s.version): msgspec.json.encode(instant_row(game, s, names, own_ai(final, s))) for s in instant}
    if rows:
        await r.redis.hset(rows_key(meta), mapping=rows)
    await r.redis.set(meta_key(game_id, scope), msgspec.json.encode(meta))
    if old is not None:
        await r.redis.delete(rows_key(old), sum_key(old))
    if not meta.chunks:
        await finish(r.redis, meta, final)
    await asyncio.to_thread(enqueue, r.analysis_queue, meta, list(range(len(meta.chunks))))
    if charge is not None and meta.chunks:
        await charge(meta, work_seconds(searched, engine))
    return await report(r, f, meta, seat), True


def own_ai(f: Folded, step: Step) -> str | None:
    """The AI level of the step's seat itself (None: a person's seat, or chance)."""
    return None if step.actor == CHANCE else f.players[step.actor].ai


def refuse_replacing(old: Meta | None, f: Folded, engine: Engine, caller: int | str | None) -> None:
    """Forbidden (403) when a reader without a token would replace `f`'s analysis (made by this code for
    this log) with one of other settings: a tournament's accuracy table and fair-play signal read it."""
    if old is not None and caller is None and old.head == f.head and old.engine.code == engine.code:
        raise Forbidden(f"game {f.id} has an analysis with other settings ({settings_words(old.engine)}): "
                        f"GET /games/{f.id}/analysis reads it; only a player of the game (its token) or the "
                        "arbiter may replace it")


def settings_words(e: Engine) -> str:
    return ", ".join([f"budget {e.budget} s" if e.budget is not None else "no time bound",
                      *([f"at most {e.iterations} iterations"] if e.iterations is not None else []), f"seed {e.seed}"])


def same_settings(old: Engine, new: Engine, body: Any) -> bool:
    """A request asks for the analysis already made when budget and iterations agree (and the seed, if it names one)
    and the engine's source is the same (an analysis made by older code is made afresh)."""
    named = isinstance(body, dict) and body.get("seed") is not None
    return (old.budget == new.budget and old.iterations == new.iterations and old.code == new.code
            and (not named or old.seed == new.seed))


async def finish(redis, meta: Meta, f: Folded) -> None:
    """The last row landed: keep the per-seat summary beside the rows (the tournament view reads it)."""
    rows = attributed(await read_rows(redis, meta), f.players)
    seats = summaries(rows, f, None if meta.scope == "all" else int(meta.scope.removeprefix("seat-")))
    await redis.set(sum_key(meta), msgspec.json.encode(Summary(id=meta.id, head=meta.head, engine=meta.engine,
                                                               seats=seats)))


class Summary(msgspec.Struct):
    """A finished analysis's per-seat figures, kept beside its rows (what the tournament view reads)."""

    id: str
    seats: list[SeatSummary]
    head: str = ""
    engine: Engine | None = None


def summaries(rows: list[Row], f: Folded, seat: int | None) -> list[SeatSummary]:
    seats = range(len(f.players)) if seat is None else [seat]
    return [seat_summary(rows, s, f.players[s].name) for s in seats]


async def stored_summary(redis, game_id: str) -> Summary | None:
    """The finished analysis's per-seat summary of a finished game, or None (none, or not done yet)."""
    meta = await current(redis, game_id, "all")
    if meta is None:
        return None
    raw = await redis.get(sum_key(meta))
    return msgspec.json.decode(raw, type=Summary) if raw else None


async def standing(redis, game_id: str) -> str:
    """What a finished game's replay page is told of its analysis, so it asks the API only for one there is:
    "none" (GET would answer 404), "running" or "done"."""
    meta = await current(redis, game_id, "all")
    if meta is None:
        return "none"
    return "done" if await redis.exists(sum_key(meta)) else "running"


async def read(r, game_id: str, caller: int | str | None) -> AnalysisReport:
    """GET: the analysis `caller` may read: progress, then the rows and the per-seat summary."""
    f = await r.commands.load(game_id)
    scope, seat = await allowed_scope(r, f, caller)
    meta = await current(r.redis, game_id, scope)
    if meta is None:
        raise NotFound(f"no analysis of game {game_id} yet: POST /games/{game_id}/analysis starts one")
    return await report(r, f, meta, seat)


async def section(r, f: Folded, caller: int | str | None) -> AnalysisSection:
    """The trailing line of an export with ?analysis=true: the analysis `caller` may read, or null and why."""
    try:
        scope, seat = await allowed_scope(r, f, caller)
    except Running as e:
        return AnalysisSection(analysis=None, detail=e.detail)
    meta = await current(r.redis, f.id, scope)
    if meta is None:
        return AnalysisSection(analysis=None, detail=f"no analysis of game {f.id} yet (caravan analyse {f.id})")
    return AnalysisSection(analysis=await report(r, f, meta, seat))


async def report(r, f: Folded, meta: Meta, seat: int | None) -> AnalysisReport:
    rows = attributed(await read_rows(r.redis, meta), f.players)
    done = len(rows)
    return AnalysisReport(
        game=f.id, type=f.type, scope=meta.scope, id=meta.id, status="done" if done >= meta.total else "running",
        done=done, total=meta.total, head=meta.head, version=meta.version, stale=meta.head != f.head,
        created=meta.created, engine=meta.engine, jobs=len(meta.chunks), thresholds=THRESHOLDS,
        players=[PlayerRow(seat=i, name=p.name, ai=p.ai) for i, p in enumerate(f.players)],
        seats=summaries(rows, f, seat), rows=rows)


# --- the job -----------------------------------------------------------------------------------------

_WALKS: OrderedDict[tuple[str, str], tuple[Folded, dict[int, Step]]] = OrderedDict()  # by (game, head hash): a value
WALKS_KEPT = 4


async def walked(r, meta: Meta) -> tuple[Folded, dict[int, Step]]:
    """The game's steps up to the analysed head, folded once per worker process and game head."""
    key = (meta.game, meta.head)
    if key not in _WALKS:
        final, found = steps(meta.game, await r.store.read(meta.game, 1, meta.version))
        _WALKS[key] = (final, {s.version: s for s in found})
        while len(_WALKS) > WALKS_KEPT:
            _WALKS.popitem(last=False)
    _WALKS.move_to_end(key)
    return _WALKS[key]


async def _judge_chunk(r, game_id: str, scope: str, analysis: str, chunk: int) -> str:
    meta = await current(r.redis, game_id, scope)
    if meta is None or meta.id != analysis:
        return "superseded"
    final, by_version = await walked(r, meta)
    game = final.game
    have = {int(k) for k in await r.redis.hkeys(rows_key(meta))}
    names = [p.name for p in final.players]
    for v in meta.chunks[chunk]:
        if v in have:
            continue
        row = decision_row(game, by_version[v], meta.engine, len(final.players), names, own_ai(final, by_version[v]))
        still = await current(r.redis, game_id, scope)
        if still is None or still.id != analysis:
            return "superseded"
        await r.redis.hset(rows_key(meta), str(v), msgspec.json.encode(row))
    if await r.redis.hlen(rows_key(meta)) >= meta.total:
        await finish(r.redis, meta, final)
    return "done"


def judge_chunk(game_id: str, scope: str, analysis: str, chunk: int) -> str:
    """RQ job: judge one chunk of an analysis's decisions (a superseded analysis's job does nothing)."""
    from service.runtime import in_worker

    loop, runtime = in_worker()
    return loop.run_until_complete(_judge_chunk(runtime, game_id, scope, analysis, chunk))
