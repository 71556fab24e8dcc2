"""RQ jobs. They take ids, never objects, and a job for a version the game has moved past does
nothing, so a duplicate or late job is harmless (a finished or abandoned game's jobs do nothing at all).

Queues, so nothing quick ever waits behind AI thinking, and no person waits behind games nobody plays in
(a worker serves them in this order; `python -m service.worker --fast` serves the fast one only, `--live`
the fast and the live ones only, so that AI moves in games with people never wait behind an all-AI game's
search or an analysis):
  fast      `advance`  chance draws (consecutive ones, for a bounded time), clock timeouts, tournament
                       bookkeeping; when the game then waits on an AI, it queues a `think` job
  live      `think`    an AI move in a game with a person in it (a seat created for a person, not resigned),
                       then the game's next chance draws and AI moves, for a bounded time and only while
                       nothing waits on the fast queue (then a fresh `think` job at the back goes on)
  slow      `think`    the same for a game of AIs only; it also steps aside while a live job waits
  analysis  post-game analysis (service/analysis.py), in jobs of bounded time
AI thinking is bounded server-wide: a search holds one of `Settings.ai_max_thinking` slots (a lease in
the queue's server; all-AI games leave one to games with people); a `think` job that finds none free within
a moment leaves the game to the sweeper, which queues it again after a second or so. Each seat's thinking
time per move is capped by `Settings.ai_max_budget` (games asking for more are refused at creation; older
ones are clamped)."""

from __future__ import annotations

import random
import secrets
import time
from typing import TYPE_CHECKING

from redis import Redis as SyncRedis
from rq import Queue

from events import keys
from events.connect import connect_sync
from events.kinds import TableRef
from events.store import VersionConflict
from service.commands import Commands
from service.settings import Settings
from service.stand_in_pace import not_yet

if TYPE_CHECKING:  # a worker imports the search only once it plays
    from ai.player import Players

SLICE_SECONDS = 5.0  # an advance job draws chance for at most this long, then hands the rest to a fresh job
SLOT_WAIT = 0.25  # seconds a think job waits for a free thinking slot before leaving the game to the sweeper
SLOT_ALLOWANCE = 30.0  # seconds a thinking slot is held beyond its budget before it counts as lost


def thinking_keys(cfg: Settings) -> tuple[str, str]:
    """The thinking slots of the workers serving `cfg.queue` (sorted set: holder -> when its lease ends), and
    the most ever held at once (for tests and benches)."""
    return f"{keys.PREFIX}:thinking:{cfg.queue}", f"{keys.PREFIX}:thinking:{cfg.queue}:peak"

KEEP = {"result_ttl": 60, "failure_ttl": 3600}

_ACQUIRE = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local n = redis.call('ZCARD', KEYS[1])
if n >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
if n + 1 > tonumber(redis.call('GET', KEYS[2]) or '0') then redis.call('SET', KEYS[2], n + 1) end
return 1
"""


def queue_for(cfg: Settings) -> Queue:
    """The slow queue: AI thinking."""
    return Queue(cfg.queue, connection=connect_sync(cfg.queue_url), default_timeout=cfg.job_timeout)


def analysis_queue_for(cfg: Settings, connection=None) -> Queue:
    """The analysis queue: served after the slow one, so a game's AI moves never wait behind an analysis."""
    return Queue(cfg.analysis_queue, connection=connection or connect_sync(cfg.queue_url),
                 default_timeout=cfg.job_timeout)


def live_queue_for(cfg: Settings, connection=None) -> Queue:
    """The live queue: AI moves in games with a person in them, served before the slow one."""
    return Queue(cfg.live_queue, connection=connection or connect_sync(cfg.queue_url),
                 default_timeout=cfg.job_timeout)


def people_in(f) -> bool:
    """Whether someone may be waiting on the game: a seat made for a person who has not resigned (one an AI
    plays while its person is away counts: they may come back). Not known (None): assume so."""
    return f is None or any(p.ai is None and i not in f.resigned for i, p in enumerate(f.players))


def think_queue(runtime, game_id: str) -> Queue:
    """Where the game's `think` jobs go: the live queue when a person is in it, else the slow one."""
    if people_in(runtime.loader.cached(game_id)):
        return live_queue_for(runtime.cfg, runtime.queue.connection)
    return runtime.queue


def fast_queue_for(cfg: Settings, connection=None) -> Queue:
    """The fast queue: chance draws, clock timeouts, tournament bookkeeping. Every worker serves it first."""
    return Queue(cfg.fast_queue, connection=connection or connect_sync(cfg.queue_url),
                 default_timeout=cfg.job_timeout)


def enqueue_advance(queue: Queue, game_id: str, version: int) -> None:
    """Draw the game's chance from `version` on (or, when it waits on an AI, queue its `think` job)."""
    queue.enqueue("service.jobs.advance", game_id, version, job_id=f"advance-{game_id}-{version}", **KEEP)


def enqueue_think(queue: Queue, game_id: str, version: int, at_front: bool = False) -> None:
    queue.enqueue("service.jobs.think", game_id, version, job_id=f"think-{game_id}-{version}", at_front=at_front, **KEEP)


def enqueue_waiting(fast: Queue, slow: Queue, game_id: str, version: int, waits: str | None,
                    at_front: bool = False) -> None:
    """Hand a game that waits on a worker to the right queue: chance to `fast`, an AI's turn to `slow` (the
    game's `think_queue`); `at_front`: an AI game that only stepped aside keeps its place there."""
    if waits == "ai":
        enqueue_think(slow, game_id, version, at_front)
    else:
        enqueue_advance(fast, game_id, version)


def enqueue_finished(queue: Queue, game_id: str, tournament: TableRef) -> None:
    """A tournament table ended: let the tournament score it and seat what follows (on the fast queue)."""
    queue.enqueue("service.tournaments.game_finished", tournament.id, game_id, job_id=f"finished-{game_id}", **KEEP)


def enqueue_timeout(queue: Queue, game_id: str) -> None:
    """A late clock (on the fast queue)."""
    queue.enqueue("service.jobs.timeout", game_id, job_id=f"timeout-{game_id}", **KEEP)


# --- thinking --------------------------------------------------------------------------------------

class NoSlot(Exception):
    """Every thinking slot of the server is taken."""


def budget_of(level: str, cap: float) -> float | None:
    """The seconds per move `level` asks for (`@SECONDS`), clamped to `cap`; None: the AI's own default."""
    from ai import parse_level

    _, asked = parse_level(level)
    return None if asked is None else min(cap, asked)


class Thinking:
    """The server-wide bound on AI searches running at once: a slot is a lease in the queue's server."""

    def __init__(self, conn: SyncRedis, cfg: Settings):
        self.conn, self.cfg = conn, cfg
        self.keys = thinking_keys(cfg)
        self._acquire = conn.register_script(_ACQUIRE)
        self.players: Players | None = None  # the search trees this worker keeps per (game id, seat)

    def hold(self, seconds: float, wait: float = SLOT_WAIT, people: bool = True) -> str:
        """A slot for a search of `seconds`; NoSlot when none frees up within `wait` (a game without people
        leaves one slot free for games with people, when there are two or more)."""
        me, deadline = secrets.token_hex(8), time.monotonic() + wait
        cap = self.cfg.ai_max_thinking if people else max(1, self.cfg.ai_max_thinking - 1)
        while True:
            now = time.time()
            if self._acquire(keys=list(self.keys), args=[now, now + seconds + SLOT_ALLOWANCE, cap, me]):
                return me
            if time.monotonic() > deadline:
                raise NoSlot()
            time.sleep(0.05)

    def release(self, me: str) -> None:
        self.conn.zrem(self.keys[0], me)

    def chooser(self, people: bool = True, game_id: str | None = None):
        """`choose(game, state, seat, level, seed)` for decide_ai: the capped search, inside a slot (`people`:
        of a game with people in it), going on from the seat's tree in `game_id` (tree reuse)."""
        from ai import DEFAULT_BUDGET, choose_move, parse_level
        from ai.player import Players

        if self.players is None:
            self.players = Players(self.cfg.ai_trees_kept)

        def choose(game, state, seat, level, seed):
            name, _ = parse_level(level)
            if name in ("random", "greedy"):  # no search: nothing to bound
                return choose_move(game, state, seat, name, random.Random(seed))
            budget = budget_of(level, self.cfg.ai_max_budget)
            slot = self.hold(budget or DEFAULT_BUDGET, people=people)
            try:
                return choose_move(game, state, seat, name, random.Random(seed), budget=budget,
                                   player=self.players.of(game_id, seat) if game_id else None)
            finally:
                self.release(slot)

        return choose


# --- the jobs --------------------------------------------------------------------------------------

async def _advance(games: Commands, game_id: str, version: int) -> tuple[int, str] | None:
    """Draw chance from `version` on; (the version to continue from, what the game waits on), or None."""
    f = await games.load(game_id)
    if f.version != version:
        return None  # stale: someone else moved the game on
    deadline = time.monotonic() + SLICE_SECONDS
    while True:
        waiting = games.waiting_on(f)
        if waiting is None:
            await games.redis.zrem(keys.WAITING, game_id)  # a mark set ahead of an append that lost its race
            return None
        if waiting == "ai" or time.monotonic() > deadline:
            return f.version, waiting
        try:
            await games.resolve_chance(f)
        except VersionConflict:
            return None  # a human (or another job) moved first; whoever did enqueues what follows
        f = await games.load(game_id)


async def _think(games: Commands, thinking: Thinking, game_id: str, version: int,
                 others_wait=lambda: False) -> tuple[int, str, bool] | None:
    """The AI's move at `version`, then the game's next steps while a worker can play them (chance draws,
    AI moves), until a person is to move, the slice is over or `others_wait()` (a job is due on the fast
    queue); (the version to continue from, what the game waits on then, whether it only stepped aside for
    the fast queue), or None."""
    f = await games.load(game_id)
    if f.version != version:
        return None
    deadline = time.monotonic() + SLICE_SECONDS
    while True:
        waiting = games.waiting_on(f)
        if waiting is None:  # finished, abandoned, or a person's turn
            await games.redis.zrem(keys.WAITING, game_id)
            return None
        if f.version != version:
            if time.monotonic() > deadline:
                return f.version, waiting, False  # its slice is over: to the back of the queue
            if others_wait():
                return f.version, waiting, True
        try:
            if waiting == "chance":
                await games.resolve_chance(f)
            elif await not_yet(games, f):  # a stand-in at a person's pace: the timer's job plays it when due
                await games.redis.zrem(keys.WAITING, game_id)
                return None
            else:
                await games.play_ai(f, thinking.chooser(people_in(f), game_id))
        except VersionConflict:
            return None
        f = await games.load(game_id)


def _hand_on(runtime, game_id: str, rest: tuple | None) -> str:
    if rest is None:
        return "done"
    version, waits, *front = rest
    enqueue_waiting(runtime.fast_queue, think_queue(runtime, game_id), game_id, version, waits,
                    at_front=bool(front and front[0]))
    return f"continues at {version} ({waits})"


def advance(game_id: str, version: int) -> str:
    from service.runtime import in_worker

    loop, runtime = in_worker()
    return _hand_on(runtime, game_id, loop.run_until_complete(_advance(runtime.commands, game_id, version)))


def think(game_id: str, version: int) -> str:
    from service.runtime import in_worker

    loop, runtime = in_worker()
    try:
        fast, live = runtime.fast_queue, live_queue_for(runtime.cfg, runtime.queue.connection)

        def others_wait() -> bool:  # a game of AIs only steps aside for a person's game too
            return fast.count > 0 or (not people_in(runtime.loader.cached(game_id)) and live.count > 0)

        rest = loop.run_until_complete(_think(runtime.commands, runtime.thinking, game_id, version, others_wait))
    except NoSlot:
        # every slot is busy: the game stays marked waiting, due for the sweeper's next round
        due = time.time() - runtime.cfg.sweep_after
        loop.run_until_complete(runtime.commands.redis.zadd(keys.WAITING, {game_id: due}))
        return "deferred: every thinking slot is taken"
    return _hand_on(runtime, game_id, rest)


async def _timeout(games: Commands, game_id: str, choose=None) -> tuple[int, str] | None:
    from service.clocks import play_late, stand_in

    await play_late(games, game_id)
    return await stand_in(games, game_id, choose) if choose is not None else None


def timeout(game_id: str) -> str:
    """A seat's clock ran out (found by the sweeper): play the rulebook's default for the late seats, and
    the moves of the AIs that took late seats over (here, on the fast queue)."""
    from service.runtime import in_worker

    loop, runtime = in_worker()
    return _hand_on(runtime, game_id, loop.run_until_complete(_timeout(runtime.commands, game_id,
                                                                        runtime.thinking.chooser(game_id=game_id))))
