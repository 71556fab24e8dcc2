"""Configuration from the environment (12-factor): one place, read once."""

from __future__ import annotations

import os
from dataclasses import dataclass, field


def env(kind, name: str, default):
    """A field read from the environment variable `name` each time a Settings is made, parsed by `kind`."""
    return field(default_factory=lambda: kind(os.environ.get(name, default)))


@dataclass(frozen=True)
class Settings:
    redis_url: str = field(default_factory=lambda: os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"))
    # REDIS_URL names a Redis Cluster node: the store spreads games over the shards by their hash tags
    cluster: bool = field(default_factory=lambda: os.environ.get("CARAVAN_CLUSTER", "") in ("1", "true", "yes"))
    # the RQ queue's server (RQ needs one server, not a cluster); default: REDIS_URL
    queue_url: str = field(default_factory=lambda: os.environ.get("CARAVAN_QUEUE_URL") or os.environ.get(
        "REDIS_URL", "redis://127.0.0.1:6379/0"))
    arbiter_token: str | None = field(default_factory=lambda: os.environ.get("CARAVAN_ARBITER_TOKEN") or None)
    queue: str = field(default_factory=lambda: os.environ.get("CARAVAN_QUEUE", "caravan"))
    max_body: int = int(os.environ.get("CARAVAN_MAX_BODY", 64 * 1024))
    job_timeout: int = int(os.environ.get("CARAVAN_JOB_TIMEOUT", 600))
    sweep_after: float = float(os.environ.get("CARAVAN_SWEEP_AFTER", 5.0))  # seconds a waiting game may sit idle
    # the Redis client's read timeout (seconds); every blocking read the service makes blocks for less
    redis_timeout: float = env(float, "CARAVAN_REDIS_TIMEOUT", 5.0)
    redis_connections: int = env(int, "CARAVAN_REDIS_CONNECTIONS", 256)
    # live event streams: a comment every `stream_keepalive` seconds without an event; at most
    # `max_streams` open per API process and `max_streams_per_client` per client address
    stream_keepalive: float = env(float, "CARAVAN_STREAM_KEEPALIVE", 15.0)
    max_streams: int = env(int, "CARAVAN_MAX_STREAMS", 1000)
    max_streams_per_client: int = env(int, "CARAVAN_MAX_STREAMS_PER_CLIENT", 32)
    # web pages' frame streams (each also an event stream above): at most `max_page_streams` per API process
    # (503 past it) and `max_page_streams_per_client` per client address (429); the frames of the last
    # `page_frames` (game, version, reader) built are shared by every page that asks for them; a page
    # stream sends at most one frame every `page_frame_every` seconds (a fast AI game's events meanwhile in one)
    max_page_streams: int = env(int, "CARAVAN_MAX_PAGE_STREAMS", 500)
    max_page_streams_per_client: int = env(int, "CARAVAN_MAX_PAGE_STREAMS_PER_CLIENT", 32)
    page_frames: int = env(int, "CARAVAN_PAGE_FRAMES", 256)
    page_frame_every: float = env(float, "CARAVAN_PAGE_FRAME_EVERY", 0.2)
    # seconds without any API process saying it is up that count as an outage, given back to the clocks
    # (service/outage.py; a timeout waits while it lasts)
    outage_after: float = env(float, "CARAVAN_OUTAGE_AFTER", 5.0)
    # an AI that took a late seat over makes each of its decisions this many seconds after it came due (within
    # the seat's own time for it), so that its owner can come back (service/stand_in_pace.py; 0: at once)
    stand_in_delay: float = env(float, "CARAVAN_STAND_IN_DELAY", 3.0)
    # a seat's move is still taken this many seconds past its deadline (clock skew, transit); later it is a 409
    # until the timeout job plays the table's rule (service/commands.py in_time)
    clock_grace: float = env(float, "CARAVAN_CLOCK_GRACE", 0.5)
    # a one-time link to a game page as a seat (POST /games/{id}/links) gives the seat for this many seconds
    link_ttl: int = env(int, "CARAVAN_LINK_TTL", 600)
    # one JSON line per request on stderr (on under `caravan up`; off by default, so off in tests)
    access_log: bool = field(default_factory=lambda: os.environ.get("CARAVAN_ACCESS_LOG", "") in ("1", "true", "yes"))
    # AI thinking: each seat's seconds per move at most `ai_max_budget` (a game asking for more is a 422 at
    # creation; one made under a higher cap is clamped), and at most `ai_max_thinking` searches at once on
    # the whole server (the workers share the slots through the queue's server)
    ai_max_budget: float = env(float, "CARAVAN_AI_MAX_BUDGET", 30.0)
    ai_max_thinking: int = env(int, "CARAVAN_AI_MAX_THINKING", 4)
    # a worker keeps the search trees of at most this many (game id, seat)s between their moves (ai.player.Players)
    ai_trees_kept: int = env(int, "CARAVAN_AI_TREES_KEPT", 64)
    # per client address (service/backlog.py; the arbiter exempt; 0: no bound): games of AIs only with a searching
    # seat in play at most `ai_games_per_client`, and seconds of search its analyses still have queued at most
    # `analysis_queued_per_client` (a new one while past it: 429 rate-limited with Retry-After)
    ai_games_per_client: int = env(int, "CARAVAN_AI_GAMES_PER_CLIENT", 4)
    analysis_queued_per_client: float = env(float, "CARAVAN_ANALYSIS_QUEUED_PER_CLIENT", 600.0)
    # replays (state?at=N, forks) and verifications run in a pool of `read_workers` processes, with at most
    # `read_waiting` more waiting; past that, 503 with Retry-After
    read_workers: int = env(int, "CARAVAN_READ_WORKERS", 2)
    read_waiting: int = env(int, "CARAVAN_READ_WAITING", 32)
    retry_after: int = env(int, "CARAVAN_RETRY_AFTER", 5)  # seconds, on 503
    # round-robin schedule searches (tournaments at tables of 3+) run in that pool too, at most this many at once
    # per API process; past it, 503 with Retry-After
    schedule_searches: int = env(int, "CARAVAN_SCHEDULE_SEARCHES", 1)
    # `GET /games` sends at most `lobby_page` games a page (the default page too; a Link header leads on);
    # an export reads and sends the log `export_page` events at a time
    lobby_page: int = env(int, "CARAVAN_LOBBY_PAGE", 500)
    export_page: int = env(int, "CARAVAN_EXPORT_PAGE", 500)
    # the API's edge (service/admission.py): a body arrives within `body_timeout` seconds (else 408); at most
    # `max_bodies_per_client` requests of one address (else 429) and `max_bodies` in all (else 503) are slow to send
    # their body (service/bodies.py), per API process; at most `max_sockets_per_client` WebSockets per address and
    # process (0: no bound)
    body_timeout: float = env(float, "CARAVAN_BODY_TIMEOUT", 10.0)
    max_bodies_per_client: int = env(int, "CARAVAN_MAX_BODIES_PER_CLIENT", 16)
    max_bodies: int = env(int, "CARAVAN_MAX_BODIES", 256)
    max_sockets_per_client: int = env(int, "CARAVAN_MAX_SOCKETS_PER_CLIENT", 8)
    # creations per client address in `quota_window` seconds, shared by the API processes (the arbiter is exempt;
    # 0: no quota); past one, 429 rate-limited with Retry-After
    quota_window: float = env(float, "CARAVAN_QUOTA_WINDOW", 60.0)
    quota_games: int = env(int, "CARAVAN_QUOTA_GAMES", 60)
    quota_tournaments: int = env(int, "CARAVAN_QUOTA_TOURNAMENTS", 10)
    quota_analyses: int = env(int, "CARAVAN_QUOTA_ANALYSES", 30)
    quota_accounts: int = env(int, "CARAVAN_QUOTA_ACCOUNTS", 10)  # (each a password hashed: 70 ms of a core)
    # accounts (service/session_routes.py): failed sign-ins per account and per client address in `signin_window`
    # seconds (past either, 429 rate-limited with Retry-After; 0: no bound); a session lasts `session_ttl` seconds
    signin_failures: int = env(int, "CARAVAN_SIGNIN_FAILURES", 10)
    signin_window: float = env(float, "CARAVAN_SIGNIN_WINDOW", 300.0)
    session_ttl: float = env(float, "CARAVAN_SESSION_TTL", 30 * 24 * 3600.0)
    # a game with `open` seats (service/open_tables.py) still unfilled this many seconds after it was made is cancelled
    open_seat_ttl: float = env(float, "CARAVAN_OPEN_SEAT_TTL", 24 * 3600.0)

    @property
    def fast_queue(self) -> str:
        """The queue every worker serves first: chance draws, clock timeouts, tournament bookkeeping."""
        return f"{self.queue}-fast"

    @property
    def analysis_queue(self) -> str:
        """The queue every worker serves last: post-game analysis (AI moves never wait behind it)."""
        return f"{self.queue}-analysis"

    @property
    def live_queue(self) -> str:
        """AI moves in games with a person in them: served before the slow queue (all-AI games' moves)."""
        return f"{self.queue}-live"

    @property
    def block_ms(self) -> int:
        """How long a blocking read waits: well under the client's read timeout."""
        return max(100, min(1000, int(self.redis_timeout * 1000 / 2)))


def settings() -> Settings:
    return Settings()
