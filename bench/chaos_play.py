"""For bench/bench_chaos.py: what plays while the stack is killed, and what is checked afterwards.

A bot plays a person's seat through the API with its seat token (as examples/bot.py does through the CLI):
it lists its moves, picks one (seeded), and sends it with `expected_version` and an `Idempotency-Key` of
its own, the same key on every retry of that move. A connection error or a 5xx (503 while the store is
down) is retried with the same key until an answer comes; only a 201 is an acknowledged move. A tournament
runner keeps an all-AI tournament going (another once one ends)."""

from __future__ import annotations

import random
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx

from events.kinds import ClockPaused
from projections.audit import verify_lines

CREDIT_KINDS = {ClockPaused.__struct_config__.tag}  # events that give the clocks back a stretch of time
RETRY = 0.2  # seconds between two tries of a request the service could not answer


@dataclass
class Ack:
    game: str
    seat: int
    sent_at: int  # the expected_version the move was sent with
    version: int  # the version the 201 answered
    move: Any


@dataclass
class Tally:
    """What every player saw, shared by the threads."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    acks: list[Ack] = field(default_factory=list)
    answers: Counter = field(default_factory=Counter)  # (what, status code or "no answer") -> count
    games: dict[str, str] = field(default_factory=dict)  # game id -> who played it ("bot", "tournament")
    # who -> (the longest it waited for the game to move on, when that began: time.monotonic())
    waits: dict[str, tuple[float, float]] = field(default_factory=dict)
    slowest: tuple[float, str, int | str] = (0.0, "", 0)  # the slowest request: seconds, what, its answer
    replayed: int = 0  # 201s that were the stored answer to a retry (Idempotent-Replayed)
    server_errors: list[str] = field(default_factory=list)  # 5xx other than 503, with the request
    refused: list[str] = field(default_factory=list)  # moves answered neither 201 nor 409 (e.g. a 422)

    def waited(self, who: str, since: float) -> None:
        with self.lock:
            self.waits[who] = max(self.waits.get(who, (0.0, 0.0)), (time.monotonic() - since, since))

    def saw(self, what: str, code: int | str, detail: str = "", took: float = 0.0) -> None:
        with self.lock:
            self.answers[(what, code)] += 1
            self.slowest = max(self.slowest, (took, what, code))
            if isinstance(code, int) and code >= 500 and code != 503:
                self.server_errors.append(f"{what} {code}: {detail[:200]}")


def call(c: httpx.Client, tally: Tally, what: str, method: str, path: str, give_up: float, **kw) -> httpx.Response | None:
    """The first answer that is not a connection error, a 5xx or a 429 (rate-limited: retried after its
    Retry-After), retried every RETRY s; None past `give_up` (monotonic)."""
    while time.monotonic() < give_up:
        t0 = time.monotonic()
        try:
            r = c.request(method, path, **kw)
        except httpx.HTTPError:
            tally.saw(what, "no answer", took=time.monotonic() - t0)
            time.sleep(RETRY)
            continue
        tally.saw(what, r.status_code, r.text, time.monotonic() - t0)
        if r.status_code < 500 and r.status_code != 429:
            return r
        time.sleep(float(r.headers.get("retry-after", RETRY)) if r.status_code == 429 else RETRY)
    return None


@dataclass
class Bot:
    """A person's seat played by a program: one game after another until `until` (monotonic)."""

    url: str
    game: str
    clock: str
    rng: random.Random
    tally: Tally
    until: float
    think: float = 0.2
    keyed: bool = True  # False: moves without an Idempotency-Key (the API's fast path, service/fastpath.py)
    patience: float = 180.0  # seconds past `until` a move in flight is still retried

    def run(self) -> None:
        anon = httpx.Client(base_url=self.url, timeout=10)
        while time.monotonic() < self.until:
            r = call(anon, self.tally, "create game", "POST", "/games", self.until, json={
                "type": self.game, "players": ["ann", "bob:ai-greedy"], "options": {"clock": self.clock}})
            if r is None:
                return
            if r.status_code != 201:
                raise RuntimeError(f"creating a game: {r.status_code} {r.text}")
            game_id, token = r.json()["id"], r.json()["seats"][0]["token"]
            with self.tally.lock:
                self.tally.games[game_id] = "bot"
            with httpx.Client(base_url=self.url, timeout=10, headers={"Authorization": f"Bearer {token}"}) as c:
                self.play(c, game_id)

    def play(self, c: httpx.Client, game_id: str) -> None:
        since = time.monotonic()  # when the bot last moved (or the game began): it waits for its turn
        while time.monotonic() < self.until:
            r = call(c, self.tally, "read game", "GET", f"/games/{game_id}", self.until)
            if r is None:
                return
            g = r.json()
            if g["status"] != "active":
                return
            self.tally.waited("bots (for their turn)", since)  # (a game that stands still too)
            if 0 not in g["actors"]:
                time.sleep(0.05)
                continue
            r = call(c, self.tally, "list moves", "GET", f"/games/{game_id}/moves", self.until)
            if r is None:
                return
            moves, at = r.json(), int(r.headers.get("x-game-version", -1))
            if not moves:
                time.sleep(0.05)
                continue
            time.sleep(self.think)
            self.send(c, game_id, self.rng.choice(moves), at)
            since = time.monotonic()

    def send(self, c: httpx.Client, game_id: str, move: Any, at: int) -> None:
        """One move, retried under its key until the service answers; a 409 (the game moved on) drops it.
        Without a key, a retry after a lost answer is safe all the same (its expected_version: a 409 once
        the first landed), but that move is not counted as acknowledged."""
        key = uuid.UUID(int=self.rng.getrandbits(128)).hex
        r = call(c, self.tally, "move", "POST", f"/games/{game_id}/moves", self.until + self.patience,
                 json={"move": move, "expected_version": at}, headers={"Idempotency-Key": key} if self.keyed else {})
        if r is not None and r.status_code == 201:
            with self.tally.lock:
                self.tally.acks.append(Ack(game_id, 0, at, r.json()["version"], move))
                self.tally.replayed += r.headers.get("idempotent-replayed") == "true"
        elif r is not None and r.status_code not in (409,):
            with self.tally.lock:
                self.tally.refused.append(f"move refused: {r.status_code} {r.text[:200]}")


@dataclass
class TournamentRunner:
    """All-AI round robins of `entrants` at tables of 2, one after another until `until`."""

    url: str
    game: str
    clock: str
    tally: Tally
    until: float
    entrants: int = 8
    levels: tuple[str, ...] = ("ai-greedy", "ai-random")
    started: list[str] = field(default_factory=list)
    stale: list[tuple[str, int]] = field(default_factory=list)  # (tournament, tables its page said) behind its log

    def run(self) -> None:
        c = httpx.Client(base_url=self.url, timeout=10)
        while time.monotonic() < self.until:
            players = [f"t{i}:{self.levels[i % len(self.levels)]}" for i in range(self.entrants)]
            r = call(c, self.tally, "create tournament", "POST", "/tournaments", self.until, json={
                "type": self.game, "table_size": 2, "players": players, "options": {"clock": self.clock}})
            if r is None:
                return
            if r.status_code != 201:
                raise RuntimeError(f"creating a tournament: {r.status_code} {r.text}")
            self.started.append(r.json()["id"])
            done, since = -1, time.monotonic()
            while time.monotonic() < self.until:
                r = call(c, self.tally, "read tournament", "GET", f"/tournaments/{self.started[-1]}", self.until)
                if r is None or r.json()["status"] != "active":
                    break
                if r.json()["progress"]["games_done"] != done:
                    done, since = r.json()["progress"]["games_done"], time.monotonic()
                self.tally.waited("tournaments (for a table to finish)", since)
                if time.monotonic() - since > 20:
                    self.behind(c, self.started[-1], done)
                time.sleep(1.0)

    def behind(self, c: httpx.Client, tournament_id: str, done: int) -> None:
        """Whether the tournament's page says fewer tables finished than its log: said once per count."""
        r = call(c, self.tally, "read tournament", "GET", f"/tournaments/{tournament_id}/events", self.until)
        logged = sum(e["kind"] == "table-finished" for e in r.json()) if r is not None and r.status_code == 200 else 0
        if logged > done and (tournament_id, done) not in self.stale:
            self.stale.append((tournament_id, done))
            print(f"  tournament {tournament_id}: its page says {done} tables finished, its log {logged}", flush=True)


def tables(c: httpx.Client, tally: Tally, tournament_ids: list[str], give_up: float) -> dict[str, str]:
    """Every table of the tournaments: game id -> its status."""
    out = {}
    for tid in tournament_ids:
        r = call(c, tally, "read tournament", "GET", f"/tournaments/{tid}", give_up)
        for g in r.json()["games"] if r is not None else []:
            if g.get("id"):
                out[g["id"]] = g["status"]
    return out


@dataclass
class Afterwards:
    """What the logs say once the run is over."""

    missing: list[str] = field(default_factory=list)  # acknowledged moves not in their game's log
    finished: Counter = field(default_factory=Counter)  # who played it -> games finished
    played: Counter = field(default_factory=Counter)  # who played it -> games
    exports: int = 0  # exports of finished games read
    verified: int = 0  # of which `caravan verify`'s check said ok
    bad_exports: list[str] = field(default_factory=list)
    credits: list[tuple[str, float]] = field(default_factory=list)  # (game, seconds) of each clock credit


def move_in(log: dict[int, dict], a: Ack) -> bool:
    """Whether the log holds the acknowledged move: a `move` of its seat, with its move, between the
    version it was sent at and the version the 201 answered."""
    return any((e := log.get(v)) is not None and e["kind"] == "move" and e["actor"] == a.seat
               and e["payload"]["move"] == a.move for v in range(a.sent_at + 1, a.version + 1))


def read_log(c: httpx.Client, tally: Tally, game_id: str, give_up: float) -> dict[int, dict]:
    log: dict[int, dict] = {}
    while True:
        r = call(c, tally, "read log", "GET", f"/games/{game_id}/events", give_up,
                 params={"from": len(log) + 1, "limit": 10000})
        if r is None or r.status_code != 200 or not r.json():
            return log
        log.update({e["version"]: e for e in r.json()})


def check(url: str, arbiter: str, tally: Tally, tournaments: list[str], give_up: float = 600) -> Afterwards:
    """Every acknowledged move looked up in its game's log; every finished game's export verified offline;
    the clock credit summed from the logs."""
    out = Afterwards()
    give_up += time.monotonic()
    with httpx.Client(base_url=url, timeout=30, headers={"Authorization": f"Bearer {arbiter}"}) as c:
        games = dict(tally.games)
        for game_id in tables(c, tally, tournaments, give_up):
            games.setdefault(game_id, "tournament")
        acks: dict[str, list[Ack]] = {}
        for a in tally.acks:
            acks.setdefault(a.game, []).append(a)
        for game_id, who in games.items():
            log = read_log(c, tally, game_id, give_up)
            out.missing += [f"{a.game} v{a.sent_at + 1}..{a.version} {a.move}" for a in acks.get(game_id, [])
                            if not move_in(log, a)]
            out.credits += [(game_id, e["payload"]["seconds"]) for e in log.values() if e["kind"] in CREDIT_KINDS]
            out.played[who] += 1
            if not any(e["kind"] == "finished" for e in log.values()):
                continue
            out.finished[who] += 1
            r = call(c, tally, "export", "GET", f"/games/{game_id}/export", give_up)
            if r is None or r.status_code != 200:
                out.bad_exports.append(f"{game_id}: export answered {r.status_code if r else 'nothing'}")
                continue
            out.exports += 1
            report = verify_lines(r.content.splitlines())
            out.verified += report.ok
            if not report.ok:
                out.bad_exports.append(f"{game_id}: {report.line()}")
    return out
