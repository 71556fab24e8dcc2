"""Games with `open` seats (issue 57, "Seats bound to people"): any signed-in account may take one.

Such a game is a table that waits: nothing of it is in a game's stream until every open seat is taken, so it
draws no chance and starts no clock meanwhile. What it will be made from is kept in its own hash,
hash-tagged by the game id it will have (`caravan:{<id>}:table`, one slot under CARAVAN_CLUSTER=1):
  spec            the creation as asked (Table), guest seats' tokens by their hash only
  seat:<n>        the account that took open seat n (JSON: id and name)
  acct:<id>       the seat that account took
  state           "started" once the game is made, "cancelled" once its creator (or the arbiter) called it off
  pending:<n>     an invited account's seat whose answer the game waits for (made with on_decline "open")
  declined:<n>    that account declined: seat n is open from then on
A table unfilled `open_seat_ttl` seconds after it was made is cancelled (read so from then on). The tables
still waiting are in the sorted set `caravan:tables` (id -> when their seats close), for `GET /games?open=true`.
Taking the last open seat makes the game, with the id the table had: the game's `@NAME` seats and the
accounts that joined are its account seats (service/seats.py)."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import msgspec

from events import keys, replies
from games.naming import looks
from projections.lobby import LobbyRow
from service import account_games, decide
from service.errors import Conflict, Invalid, NotFound

if TYPE_CHECKING:
    from events.accounts import Account
    from service.runtime import Runtime

OPEN = "open"
TABLES = f"{keys.PREFIX}:tables"
KEEP = 24 * 3600  # seconds a cancelled or started table's record is kept (a late join is told why)


class Table(msgspec.Struct, frozen=True):
    id: str
    type: str
    players: list[str]  # the specs as they will be made, `open` where a seat waits for an account
    options: dict[str, Any]
    entropy: list[str]
    creator: str  # the account id of who made it (it may cancel it)
    created: float
    closes: float  # unix time: unfilled then, it is cancelled
    seed: str | None = None
    seed_fixed_by: str | None = None
    token_hashes: dict[int, str] = {}  # guest seats: the hash of the token handed out at creation
    accounts: dict[int, str] = {}  # `@NAME` seats: seat -> account id
    on_decline: str = "cancel"  # an invited account declines: "open" (its seat opens) | "cancel" (the game is off)

    @property
    def open_seats(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if is_open(p)]


class Taker(msgspec.Struct, frozen=True):
    id: str
    name: str


def key(game_id: str) -> str:
    return f"{keys.PREFIX}:{{{game_id}}}:table"


def is_open(spec: str) -> bool:
    return looks(spec.strip()) == OPEN


def iso(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).isoformat(timespec="microseconds")


class Seen(msgspec.Struct, frozen=True):
    """A table as read: its spec, the seats taken, its state now."""

    table: Table
    taken: dict[int, Taker]
    state: str  # open | started | cancelled
    pending: frozenset[int] = frozenset()  # invited seats whose answer the game waits for (on_decline "open")

    def names(self) -> list[str]:
        return [self.taken[i].name if i in self.taken else ("open" if is_open(p) else p.partition(":")[0])
                for i, p in enumerate(self.table.players)]

    def waiting(self) -> list[int]:
        return [i for i in self.table.open_seats if i not in self.taken]

    def seat_of(self, account_id: str) -> int | None:
        seat = next((s for s, a in self.table.accounts.items() if a == account_id), None)
        return next((s for s, x in self.taken.items() if x.id == account_id), seat)


async def make(r: Runtime, creator: Account, players: list[str], accounts: dict[int, str], on_decline: str = "cancel",
               **kw: Any) -> dict[str, Any]:
    """A table with open seats (or with invited seats that, declined, open): checked as the game it will be
    (placeholders in the open seats), kept, listed. The answer is POST /games's, each guest seat with its
    token, each open seat marked. With `on_decline` "open", the game waits for each invited account's answer too."""
    stand_ins = [f"open seat {i}" if is_open(p) else p for i, p in enumerate(players)]
    new = decide.decide_create(decide.CreateGame(players=tuple(stand_ins), accounts=accounts, **kw))
    game_id, now = new.decision.after.id, time.time()
    hashes = {s: h for h, s in new.token_seats.items() if not is_open(players[s])}  # (no token for an open seat)
    table = Table(id=game_id, type=kw["type"], players=players, options=kw.get("options", {}),
                  entropy=list(kw.get("entropy", ())), creator=creator.id, created=now,
                  closes=now + r.cfg.open_seat_ttl, seed=kw.get("seed"), seed_fixed_by=kw.get("seed_fixed_by"),
                  token_hashes=hashes, accounts=accounts, on_decline=on_decline)
    invited = {s: a for s, a in accounts.items() if a != creator.id}  # (the creator's own seat is no invitation)
    held: dict[str, bytes | int] = {"spec": msgspec.json.encode(table), **{"acct:" + a: s for s, a in accounts.items()}}
    if on_decline == OPEN:
        held.update({f"pending:{s}": 1 for s in invited})
    await r.redis.hset(key(game_id), mapping=held)  # type: ignore[arg-type]
    await r.redis.expireat(key(game_id), int(table.closes + KEEP))
    await r.redis.zadd(TABLES, {game_id: table.closes})
    await account_games.remember(r.redis, accounts.values(), game_id)
    await account_games.invite(r.redis, invited.values(), game_id)
    seats = []
    for row in new.seats:
        if is_open(players[row["seat"]]):
            row = {"seat": row["seat"], "name": OPEN, "open": True}
        seats.append(row)
    return {"id": game_id, "seats": seats, "status": "open"}


async def read(r: Runtime, game_id: str) -> Seen | None:
    held = await r.redis.hgetall(key(game_id))
    if not held:
        return None
    fields = {(k.decode() if isinstance(k, bytes) else k): v for k, v in held.items()}
    if "spec" not in fields:
        return None
    table = msgspec.json.decode(fields["spec"], type=Table)
    declined = {int(k[9:]) for k in fields if k.startswith("declined:")}  # invited seats turned open
    if declined:
        table = msgspec.structs.replace(table, players=[OPEN if i in declined else p for i, p in enumerate(table.players)],
                                        accounts={s: a for s, a in table.accounts.items() if s not in declined})
    taken = {int(k[5:]): msgspec.json.decode(v, type=Taker) for k, v in fields.items() if k.startswith("seat:")}
    state = fields.get("state")
    state = state.decode() if isinstance(state, bytes) else state
    if state is None:
        state = "cancelled" if time.time() >= table.closes else "open"
    pending = frozenset(int(k[8:]) for k in fields if k.startswith("pending:"))
    return Seen(table=table, taken=taken, state=state, pending=pending)


async def seen(r: Runtime, game_id: str) -> Seen:
    """The table, or 404 (409 for a game that is made and had no open seat left: it is full)."""
    got = await read(r, game_id)
    if got is not None:
        return got
    if await r.store.head(game_id) != (0, ""):
        status = (await r.commands.load(game_id)).status
        raise Conflict(f"game {game_id!r} has no open seat: it is {'full' if status == 'active' else status}")
    raise NotFound(f"no game {game_id!r}")


async def not_made(r: Runtime, game_id: str) -> None:
    """404 that says why, for a game whose open seats (or invited accounts' answers) it still waits for."""
    t = await read(r, game_id)
    if t is not None and t.state in ("open", "cancelled"):
        why = (f"its open seats {', '.join(map(str, t.waiting()))} wait for accounts to join (POST /games/{{id}}/join)"
               if t.waiting() else "it waits for its invited accounts' answers")
        raise NotFound(f"game {game_id!r} is not made yet: {why}" if t.state == "open"
                       else f"game {game_id!r} was cancelled before its open seats were taken")


async def join(r: Runtime, game_id: str, who: Account, seat: int | None) -> tuple[int, str]:
    """Take an open seat (the one asked, else the first free) for `who`: the seat and the table's state
    after it. 409 for a table full, started, cancelled, or one `who` holds a seat of; 422 for no open seat
    `seat`. Taking the last open seat makes the game."""
    t = await seen(r, game_id)
    if t.state != "open":
        raise Conflict(f"game {game_id!r} is {'full' if t.state == 'started' else t.state}: no seat to take")
    if who.id in t.table.accounts.values() or any(x.id == who.id for x in t.taken.values()):
        raise Conflict(f"{who.name} holds a seat of game {game_id!r} already")
    if seat is not None and seat not in t.table.open_seats:
        raise Invalid(f"game {game_id!r} has no open seat {seat} (its open seats: "
                      f"{', '.join(map(str, t.table.open_seats))})")
    names = t.names()
    if any(looks(n) == looks(who.name) for i, n in enumerate(names) if i not in t.waiting()):
        raise Conflict(f"a seat of game {game_id!r} is named as {who.name!r} reads: the table would not tell you apart")
    for choice in [seat] if seat is not None else t.waiting():
        if choice is not None and await claim(r, game_id, choice, who):
            await account_games.remember(r.redis, [who.id], game_id)
            return choice, await filled(r, game_id)
    raise Conflict(f"game {game_id!r}: {'seat ' + str(seat) + ' is' if seat is not None else 'every open seat is'} "
                   f"taken already")


async def claim(r: Runtime, game_id: str, seat: int, who: Account) -> bool:
    """Seat `who` at open seat `seat`: the account first (a second join of it loses), then the seat."""
    if not await r.redis.hsetnx(key(game_id), "acct:" + who.id, seat):
        raise Conflict(f"{who.name} holds a seat of game {game_id!r} already")
    if await r.redis.hsetnx(key(game_id), f"seat:{seat}", msgspec.json.encode(Taker(id=who.id, name=who.name))):
        if await r.redis.hget(key(game_id), "state") == b"cancelled":  # (called off meanwhile)
            raise Conflict(f"game {game_id!r} is cancelled: no seat to take")
        return True
    await r.redis.hdel(key(game_id), "acct:" + who.id)
    return False


async def filled(r: Runtime, game_id: str) -> str:
    """Make the game once every open seat is taken (by the one join that marks the table started)."""
    t = await seen(r, game_id)
    if t.waiting() or t.pending:
        return t.state
    if not await r.redis.hsetnx(key(game_id), "state", "started"):
        return (await seen(r, game_id)).state  # (another join, at the same time, made it)
    spec = t.table
    players = [t.taken[i].name if i in t.taken else p for i, p in enumerate(spec.players)]
    await r.commands.create(decide.CreateGame(
        type=spec.type, players=tuple(players), seed=spec.seed, options=spec.options, entropy=tuple(spec.entropy),
        seed_fixed_by=spec.seed_fixed_by, seat_token_hashes=spec.token_hashes, game_id=game_id,
        accounts={**spec.accounts, **{i: x.id for i, x in t.taken.items()}}))
    await r.redis.zrem(TABLES, game_id)
    return "started"


async def accept_seat(r: Runtime, game_id: str, seat: int) -> str:
    """An invited account's yes: its seat waits no more (the game is made if nothing else waits)."""
    await r.redis.hdel(key(game_id), f"pending:{seat}")
    return await filled(r, game_id)


async def decline_seat(r: Runtime, t: Seen, seat: int, who: Account) -> str:
    """An invited account's no, while the table waits: its seat opens (on_decline "open") or the table is
    cancelled ("cancel")."""
    spec = t.table
    if spec.on_decline != OPEN:
        return (await cancel(r, spec.id)).state
    await r.redis.hset(key(spec.id), f"declined:{seat}", who.id)  # (read as an open seat from now on)
    await r.redis.hdel(key(spec.id), "acct:" + who.id, f"pending:{seat}")
    return "open"


async def cancel(r: Runtime, game_id: str) -> Seen:
    """Call a table off (its creator or the arbiter, as the route checks). 409 once started or cancelled."""
    t = await seen(r, game_id)
    if t.state != "open":
        raise Conflict(f"game {game_id!r} is {t.state}: it cannot be cancelled (the arbiter abandons a game in play)")
    if not await r.redis.hsetnx(key(game_id), "state", "cancelled"):
        raise Conflict(f"game {game_id!r} has just {(await seen(r, game_id)).state}")
    await r.redis.zrem(TABLES, game_id)
    return await seen(r, game_id)


def row(t: Seen) -> LobbyRow:
    """A waiting table as a lobby row: status `open`, `open` for each seat still to take."""
    return LobbyRow(id=t.table.id, type=t.table.type, status=t.state, players=t.names(), version=0,
                    created=iso(t.table.created))


async def waiting_tables(r: Runtime) -> list[Seen]:
    """The tables whose open seats are still to take, newest first (the closed are dropped from the list)."""
    now = time.time()
    await r.redis.zremrangebyscore(TABLES, "-inf", now)
    ids = [i.decode() if isinstance(i, bytes) else i for i in replies.members(await r.redis.zrange(TABLES, 0, -1))]
    tables = [t for t in [await read(r, i) for i in ids] if t is not None and t.state == "open" and t.waiting()]
    return sorted(tables, key=lambda t: (t.table.created, t.table.id), reverse=True)
