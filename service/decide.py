"""The decider: a command and a game's folded record in, the events it causes out. Pure — no Redis, no
clock, no randomness but what the seed derives — so every rule of command handling is unit-tested
without a store (tests/unit/test_decide.py). service/commands.py loads, calls these, and appends.

Each `decide_*` returns a `Decision`: the sealed events (chained to the record's head) and the record
they lead to, or raises a DomainError (a 4xx) that changes nothing.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable
from typing import Any

import msgspec

from events.envelope import Envelope, seal, secret_salt
from events.kinds import (
    ARBITER,
    Chance,
    Created,
    Finished,
    ForkedState,
    GameEvent,
    Move,
    Origin,
    SeatEntropy,
    SeedRevealed,
    TableRef,
    Undo,
)
from games import fairness, registry
from games.protocol import CHANCE, IllegalMove, sample_chance
from projections import clock
from projections.fold import Folded, chance_rng, start, step
from service import options as game_options
from service.errors import Conflict, GameOver, Illegal, Invalid, NotYourTurn, StaleVersion
from service.players import parse_players

SEED_MAX = 128  # characters of a seed the arbiter fixes
ENTROPY_MAX = 64  # characters of a seat's entropy
CREATION_ENTROPY_MAX = 256  # characters of each string of entropy given at creation


class Decision(msgspec.Struct):
    """What a command decided: the events to append and the record they lead to."""

    events: list[Envelope]
    folded: Folded | None  # None: an undo, whose record only a fold with history can tell (load it)

    @property
    def status(self) -> str:
        """The status the append records ("finished" when these events end the game, else "")."""
        return "finished" if self.folded is not None and self.folded.status == "finished" else ""

    @property
    def after(self) -> Folded:
        """The record the events lead to, for a decision that is not an undo's."""
        if self.folded is None:
            raise TypeError("an undo's record is loaded after the append, not decided")
        return self.folded


# --- creating ---------------------------------------------------------------------------------------

class CreateGame(msgspec.Struct, frozen=True):
    """Everything a new game is made from. `players`: specs (`NAME` or `NAME:ai-LEVEL`); `seed`: a seed
    the arbiter fixes (else drawn); `entropy`: strings the seats contribute at creation; `start_state`
    and `origin`: a fork's position and where it comes from; `tournament`: the table this game is;
    `seat_token_hashes`: seats that answer to a token their player already holds (by its hash)."""

    type: str
    players: tuple[str, ...]
    seed: str | None = None
    options: dict[str, Any] = {}
    entropy: tuple[str, ...] = ()
    start_state: Any = None
    origin: Origin | None = None
    tournament: TableRef | None = None
    seat_token_hashes: dict[int, str] = {}
    accounts: dict[int, str] = {}  # seats bound to accounts (seat -> account id): no token (service/seats.py)
    game_id: str | None = None  # the id drawn before (a game that waited for its open seats: service/open_tables.py)
    seed_fixed_by: str | None = None  # "arbiter" when `seed` was chosen, not drawn


class NewGame(msgspec.Struct):
    """A decided creation: its events and record, the seed to keep secret, and the seats — each with
    its token (shown once, to its player) or its AI level — and the token hashes the seats answer to."""

    decision: Decision
    seed: str
    seats: list[dict[str, Any]]
    token_seats: dict[str, int]  # sha256 of a token -> seat


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def printable(value: str, most: int, spaces: bool = False) -> bool:
    """1 to `most` printable ASCII characters (spaces only if `spaces`): a seed, a seat's entropy."""
    return 0 < len(value) <= most and value.isascii() and value.isprintable() and (spaces or " " not in value)


def decide_create(cmd: CreateGame, game_id: str | None = None, seed: str | None = None) -> NewGame:
    """Validate a creation (nothing is decided for bad input) and seal its events. `game_id` and `seed`
    are drawn when not given (tests give them); a seed in the command wins over both."""
    try:
        game = registry.get(cmd.type)
    except KeyError:
        raise Invalid(f"unknown game type {cmd.type!r} (one of {', '.join(registry.all_games())})") from None
    players = parse_players(list(cmd.players))
    if not game.min_players <= len(players) <= game.max_players:
        raise Invalid(f"{game.name} takes {game.min_players} to {game.max_players} players, not {len(players)}")
    options, platform = game_options.check(game, cmd.options)
    arbiter_chance, await_entropy = platform["arbiter_chance"], platform["await_entropy"]
    if await_entropy and cmd.tournament is not None and cmd.tournament.deal:
        raise Invalid("a duplicate table draws the round's deal: its seats add no entropy")
    if cmd.seed is not None and not printable(cmd.seed, SEED_MAX):
        raise Invalid(f"a seed is 1 to {SEED_MAX} printable ASCII characters without spaces")
    if len(cmd.entropy) > len(players) or any(not 0 < len(x) <= CREATION_ENTROPY_MAX for x in cmd.entropy):
        raise Invalid(f"entropy: at most one string of 1 to {CREATION_ENTROPY_MAX} characters per player")
    seed = cmd.seed if cmd.seed is not None else seed if seed is not None else fairness.new_seed()
    game_id = game_id or cmd.game_id or secrets.token_hex(6)
    created = seal(1, "system", Created(id=game_id, type=cmd.type, players=players, options=options,
                                        arbiter_chance=arbiter_chance, seed_sha256=fairness.commitment(seed),
                                        origin=cmd.origin, tournament=cmd.tournament, entropy=cmd.entropy,
                                        seed_fixed_by=cmd.seed_fixed_by, await_entropy=await_entropy,
                                        clock=platform["clock"], absent=platform["absent"],
                                        no_show=platform["no_show"]), prev="")
    events = [created]
    try:
        f = start(game_id, created)
    except ValueError as e:  # the game's own setup refuses what the declared options let through
        raise Invalid(str(e)) from None
    if cmd.start_state is not None:  # a fork: its position stays secret until the end, like any hidden state
        events.append(seal(2, "system", ForkedState(state=msgspec.to_builtins(cmd.start_state)), prev=created.hash,
                           visible_to=(), salt=secret_salt(seed, game_id, 2)))
        f = step(f, events[-1])
    seats, token_seats = [], {}
    for i, p in enumerate(players):
        row: dict[str, Any] = {"seat": i, "name": p.name}
        if p.ai is None and i in cmd.accounts:
            row["account"] = True  # the account plays it with its own sign-in
        elif p.ai is None and i in cmd.seat_token_hashes:
            token_seats[cmd.seat_token_hashes[i]] = i  # the seat answers to a token its player holds
        elif p.ai is None:
            row["token"] = tok = secrets.token_urlsafe(24)
            token_seats[token_hash(tok)] = i
        else:
            row["ai"] = p.ai
        seats.append(row)
    return NewGame(decision=Decision(events, f), seed=seed, seats=seats, token_seats=token_seats)


# --- moving -----------------------------------------------------------------------------------------

def decide_move(f: Folded, seat: int | str, move_obj: Any, expected_version: int | None, seed: str) -> Decision:
    """A seat's move, or (for the arbiter, in arbiter mode) a chance outcome, as the caller sent it."""
    if expected_version is not None and expected_version != f.version:
        raise StaleVersion(f"expected version {expected_version}, the game is at version {f.version}")
    if f.status != "active":
        raise GameOver(f"the game is {'over' if f.status == 'finished' else f.status}")
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
        return decide_play(f, CHANCE, move, seed, by=ARBITER)
    actor = int(seat)
    if actor not in game.actors(f.state) and not game.legal_moves(f.state, actor):
        waiting = [f.players[s].name for s in sorted(game.actors(f.state)) if s != CHANCE] or ["a draw"]
        raise NotYourTurn(f"it is not the turn of {f.called(actor)}: waiting for {', '.join(waiting)}")
    return decide_play(f, actor, move, seed)


def ran_out(f: Folded, seat: int, now: float, grace: float) -> Conflict | None:
    """The refusal of a move by `seat` at `now` when its time for this decision ran out more than `grace`
    seconds ago (the timeout job, on the fast queue, has not played the table's rule yet), else None."""
    if f.status != "active" or f.clock is None or seat in dict(f.absent):
        return None
    due = clock.due_dates(f.clock, f.control, f.game, f.state).get(seat)
    if due is None or now <= due[0] + grace:
        return None
    at = time.strftime("%H:%M:%S", time.gmtime(due[0]))
    no_show = f.control.no_show_action == "forfeit" if due[1] == "no-show" else False
    level = clock.parse_absent(f.created.absent)
    rule = ("you forfeit the game (the table's no-show rule)" if no_show else
            "the AI plays it" if level is not None or due[1] == "no-show" else
            "the rulebook's default is played for you")
    what = "your first move was due" if due[1] == "no-show" else "your time for this decision ran out"
    return Conflict(f"{what} at {at} UTC: {rule}")


def decide_play(f: Folded, actor: int, move: Any, seed: str, by: int | str | None = None,
                timeout: bool = False, stand_in: str = "") -> Decision:
    """`actor` (a seat, or CHANCE) plays `move`, entered by `by` (default: the actor itself; "chance"
    for a drawn outcome; `stand_in`: the AI playing for the seat's absent person); when it ends the game,
    the result follows, and the seed unless the table shares it (a duplicate round's)."""
    game = f.game
    try:
        after = (game.apply_timeout if timeout else game.apply)(f.state, actor, move)
    except IllegalMove as x:
        raise Illegal(x.reason) from None
    if actor == CHANCE:
        event: GameEvent = Chance(move=msgspec.to_builtins(move), label=game.chance(f.state).label, reveals=True)
        by = "chance" if by is None else by
    else:
        event = Move(move=msgspec.to_builtins(move), reveals=game.reveals(f.state, actor, move), timeout=timeout,
                     stand_in=stand_in)
        by = actor if by is None else by
    visible_to = game.visible_to(f.state, actor, move)
    salt = secret_salt(seed, f.id, f.version + 1) if visible_to is not None else ""
    e = seal(f.version + 1, by, event, prev=f.head, visible_to=visible_to, salt=salt)
    events, new = [e], step(f, e, after=after)
    result = clock.with_resignations(game.result(after), f.resigned)  # resigned seats ranked last
    if result is not None:
        events.append(seal(new.version + 1, "system", Finished(result=msgspec.to_builtins(result)), prev=new.head))
        new = step(new, events[-1])
        if not shares_its_seed(f):
            events.append(seal(new.version + 1, "system", SeedRevealed(seed=seed), prev=new.head))
            new = step(new, events[-1])
    return Decision(events, new)


def decide_chance(f: Folded, seed: str) -> Decision:
    """The chance step due, drawn from the seed (and the seats' entropy)."""
    outcome = sample_chance(f.game.chance(f.state), chance_rng(seed, f.created, f.version + 1, f.entropy))
    return decide_play(f, CHANCE, outcome, seed)


def decide_ai(f: Folded, seed: str, choose: Callable[..., Any]) -> Decision:
    """The lowest acting AI seat's move, as `choose(game, state, seat, level, rng_seed)` picks it."""
    game = f.game
    seat, level = min((s, lv) for s in game.actors(f.state) if s != CHANCE and (lv := f.ai_of(s)))
    move = choose(game, f.state, seat, level, ai_rng_seed(seed, f.id, f.version))
    stand_in = "" if f.players[seat].ai else level if level.startswith("ai-") else f"ai-{level}"  # (for a person)
    return decide_play(f, seat, move, seed, stand_in=stand_in)


def decide_timeout(f: Folded, seat: int, seed: str) -> Decision:
    """`seat` ran out of time: the rulebook's default for its decision (a game without one there: its
    first legal move, so the table never stalls), as a move event marked `timeout`."""
    game = f.game
    move = game.timeout_move(f.state, seat)
    if move is None:
        move = game.legal_moves(f.state, seat)[0]
    return decide_play(f, seat, move, seed, timeout=True)


def decide_note(f: Folded, event: GameEvent, actor: int | str = "system",
                visible_to: tuple[int, ...] | None = None) -> Decision:
    """An event that is not a move (undo talk, a seat's entropy, a late seed): sealed and folded."""
    e = seal(f.version + 1, actor, event, prev=f.head, visible_to=visible_to)
    return Decision([e], None if isinstance(event, Undo) else step(f, e))


def decide_entropy(f: Folded, seat: int, value: str, drawn: bool) -> Decision:
    """A seat's contribution to the luck, once, before the first chance draw (`drawn`: it happened)."""
    if not printable(value, ENTROPY_MAX, spaces=True):
        raise Invalid(f"entropy is 1 to {ENTROPY_MAX} printable ASCII characters")
    if f.status != "active":
        raise GameOver("the game is over")
    if shares_its_seed(f):
        raise Conflict("a duplicate table draws the round's deal, the same at every table: no entropy")
    if any(s == seat for s, _ in f.entropy):
        raise Conflict(f"{f.called(seat)} has added its entropy already")
    if drawn or f.created.origin is not None:
        raise Conflict("the first chance draw is done: entropy now would come too late")
    return decide_note(f, SeatEntropy(entropy=value), actor=seat)


def check_ai_budgets(specs: list[str], cap: float) -> None:
    """Invalid when an AI player asks for more thinking per move than the server allows
    (CARAVAN_AI_MAX_BUDGET); a level without `@SECONDS` thinks its default, clamped to the cap."""
    for p in parse_players(specs):
        budget = p.ai.partition("@")[2] if p.ai else ""
        if budget and float(budget) > cap:
            raise Invalid(f"player {p.name!r}: {budget} s per move is above this server's cap of {cap:g} s "
                          f"(CARAVAN_AI_MAX_BUDGET)")


# --- what a record waits for ------------------------------------------------------------------------

def waiting_on(f: Folded) -> str | None:
    """What the game waits for that a worker can do: "chance", "ai", or None."""
    if f.status != "active":
        return None
    actors = f.game.actors(f.state)
    if CHANCE in actors:
        return None if f.created.arbiter_chance or entropy_missing(f) else "chance"
    if any(f.ai_of(s) for s in actors):  # an AI seat, or one an AI plays for (taken over, resigned)
        return "ai"
    return None


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
