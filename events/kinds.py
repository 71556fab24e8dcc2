"""The event kinds: one frozen msgspec Struct per kind, tagged with the kind's name.

An envelope carries its kind as a string and its payload as the JSON object the hash chain covers
(events/envelope.py); `event_of` turns the two into one of these structs, once per envelope, and
everything downstream (the fold, views, audit, the lobby) matches on the class and reads attributes,
never payload keys. Writers build a struct and `seal` it; its payload is the struct's fields, defaults
left out, so a payload holds exactly what it held before the kinds were typed.

Two families share the envelope: a game's stream (GAME) and a tournament's (TOURNAMENT); both begin
with "created" and end with "finished", so a kind is looked up in its stream's family.

Adding a kind (a new verb for a game's stream):
  1. declare `class Resigned(GameEvent, frozen=True, tag="resigned"): seat: int` below; fields with defaults may
     be left out of old payloads, so add new fields with a default;
  2. add it to the family's union (`GameEvents`);
  3. seal it from a command (service/) and give it a `case` in projections/fold.py `step` (a kind the
     fold does not know changes nothing, so an older service can still fold a newer log);
  4. add a fixture log that holds it (tests/fixtures/make_logs.py).
Changing a kind's payload shape: write an upcast (`UPCASTS`), a function from the old payload to the
new one, applied on read, so the logs already written still load (their hashes cover the old bytes,
which are kept as they are; only the decoded struct is upcast).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

ARBITER = "arbiter"  # the actor of a chance outcome the arbiter entered (envelope actors: a seat, "system", "chance", ARBITER)


class Event(msgspec.Struct, frozen=True, omit_defaults=True, tag_field="kind"):
    """Base of every kind. `kind` (the tag) is the envelope's, never part of the payload."""

    @classmethod
    def kind(cls) -> str:
        tag = cls.__struct_config__.tag
        assert isinstance(tag, str), f"{cls.__name__} is not a tagged kind"
        return tag


# --- a game's stream --------------------------------------------------------------------------------

class GameEvent(Event, frozen=True):
    pass


class PlayerSpec(msgspec.Struct, frozen=True):
    name: str
    ai: str | None = None  # "random" | "greedy" | "mcts" | "mcts@0.5"; None: a person


class TableRef(msgspec.Struct, frozen=True, omit_defaults=True):
    """The tournament table a game is: its tournament, round and table, and at a duplicate
    tournament the round's deal (every table of the round draws the same luck)."""

    id: str
    round: int
    table: int
    deal: str | None = None


class Origin(msgspec.Struct, frozen=True, omit_defaults=True):
    """Where a forked game comes from: the game, the version, who forked it, how hidden parts were set."""

    game: str
    at: int
    by: int | str | None
    hidden: str
    private: bool = False  # forked from a game still in play: read by its own seats and the arbiter only, for good

    @property
    def secret(self) -> bool:
        """Private (a seat's copy is, even one made before the flag was recorded)."""
        return self.private or isinstance(self.by, int)


class Created(GameEvent, frozen=True, tag="created"):
    id: str
    type: str
    players: tuple[PlayerSpec, ...]
    options: dict[str, Any]
    arbiter_chance: bool  # chance outcomes are entered by the arbiter instead of drawn
    seed_sha256: str  # the commitment to the secret seed, revealed at the end
    origin: Origin | None = None
    tournament: TableRef | None = None
    entropy: tuple[str, ...] = ()  # strings the human seats contributed, mixed into every chance draw
    seed_fixed_by: str | None = None  # "arbiter" when the arbiter fixed the seed
    await_entropy: bool = False  # the first draw waits for every human seat's entropy event
    clock: str = "none"  # time control: none | per-decision:SECONDS | fischer:MAIN+INCREMENT (projections/clock.py)
    absent: str = "default"  # a late seat: default (the rulebook's default move) | ai-LEVEL (an AI takes over)
    no_show: str = "none"  # none | forfeit:SECONDS | takeover:SECONDS: a seat that never moves (projections/clock.py)


class ForkedState(GameEvent, frozen=True, tag="forked-state"):
    """A forked game starts from this state (secret until the end)."""

    state: Any


class Move(GameEvent, frozen=True, tag="move"):
    move: Any
    reveals: bool = False  # the move reveals a secret: undo never reaches before it
    timeout: bool = False  # played by the platform for a seat whose clock ran out
    stand_in: str = ""  # the AI (ai-LEVEL) that made it for a person who is away (taken over, resigned)


class Chance(GameEvent, frozen=True, tag="chance"):
    move: Any
    label: str  # what happens, in the rulebook's words
    reveals: bool  # always true: undo never reaches back across a chance outcome


class UndoRequested(GameEvent, frozen=True, tag="undo-requested"):
    by: int
    to: int
    needs: tuple[int, ...] = ()  # the seats whose consent it waits for


class UndoConsented(GameEvent, frozen=True, tag="undo-consented"):
    by: int
    to: int
    request: int = 0  # the version of the undo-requested event it answers (0 in the first logs)


class UndoDeclined(GameEvent, frozen=True, tag="undo-declined"):
    """A seat refuses the pending undo request (named by its version): the request is settled."""

    by: int
    request: int


class UndoWithdrawn(GameEvent, frozen=True, tag="undo-withdrawn"):
    """The asking seat takes its pending undo request (named by its version) back."""

    by: int
    request: int


class Undo(GameEvent, frozen=True, tag="undo"):
    """Back to the state after version `to`: the events after it are skipped, never deleted."""

    to: int
    requested_by: int | str  # the seat that asked, or the arbiter
    consents: tuple[int, ...]  # the seats that consented


class SeatEntropy(GameEvent, frozen=True, tag="entropy"):
    """A seat's contribution to the luck, once, before the first chance draw (mixed into every draw)."""

    entropy: str


class TakenOver(GameEvent, frozen=True, tag="taken-over"):
    """An AI of `level` plays for an absent seat from now on (its clock ran out, or it resigned), until
    its owner returns. `timeout`: the seat's clock had run out (the verifier re-checks it was late)."""

    seat: int
    level: str
    timeout: bool = False
    no_show: bool = False  # the seat had not made its first move in time (a tournament's no-show rule)


class Returned(GameEvent, frozen=True, tag="returned"):
    """The owner of a taken-over seat is back: the seat is theirs again."""

    seat: int


class Resigned(GameEvent, frozen=True, tag="resigned"):
    """A seat leaves the game: ranked last among those still in; an AI plays its remaining decisions."""

    seat: int
    level: str
    forfeit: bool = False  # the platform resigned the seat (a tournament's no-show rule)


class Abandoned(GameEvent, frozen=True, tag="abandoned"):
    """The game ends with no result (the arbiter's abandon, or its tournament cancelled): it counts for
    nobody and its jobs stop."""

    reason: str = ""


class Adjudicated(GameEvent, frozen=True, tag="adjudicated"):
    """The arbiter ends the game with a ranking it states (1-based places per seat); a `finished` follows."""

    ranks: tuple[int, ...]
    reason: str = ""


class ClockPaused(GameEvent, frozen=True, tag="clock-paused"):
    """The service was down (no API answered) for `seconds`: the clocks then running stood still that long,
    as nobody could move (appended by the system when the service is back)."""

    seconds: float


class Finished(GameEvent, frozen=True, tag="finished"):
    result: Any


class SeedRevealed(GameEvent, frozen=True, tag="seed-revealed"):
    seed: str


GameEvents = (Created | ForkedState | Move | Chance | UndoRequested | UndoConsented | UndoDeclined | UndoWithdrawn
              | Undo | SeatEntropy | Finished | SeedRevealed | TakenOver | Returned | Resigned | Abandoned | Adjudicated
              | ClockPaused)


# --- a tournament's stream --------------------------------------------------------------------------

class TournamentEvent(Event, frozen=True):
    pass


class Entrant(msgspec.Struct, frozen=True):
    name: str
    ai: str | None = None

    @property
    def spec(self) -> str:
        return self.name if self.ai is None else f"{self.name}:ai-{self.ai}"


class Table(msgspec.Struct, frozen=True):
    round: int
    table: int
    game: str
    entrants: tuple[int, ...]  # in seat order


class TournamentCreated(TournamentEvent, frozen=True, tag="created"):
    game: str
    format: str
    table_size: int
    entrants: tuple[Entrant, ...]
    rounds: int
    duplicate: bool
    options: dict[str, Any]
    name: str = ""
    seed_sha256: str = ""  # the commitment to the tournament's secret seed (a duplicate round's deals)
    schedule: tuple[dict[str, Any], ...] = ()  # round-robin: every round's tables and byes, fixed up front


class RoundSeated(TournamentEvent, frozen=True, tag="round-seated"):
    round: int
    tables: tuple[Table, ...]
    byes: tuple[int, ...]  # the entrants who sit the round out


class TableFinished(TournamentEvent, frozen=True, tag="table-finished"):
    round: int
    table: int
    game: str
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    ending: str = ""  # "" (the rules' result) | "abandoned" (no result: counts for nobody) | "adjudicated"
    timeouts: tuple[int, ...] = ()  # per seat: the moves the platform played for it, late
    resigned: tuple[int, ...] = ()  # seats that resigned
    forfeits: tuple[int, ...] = ()  # seats resigned for a no-show


class Withdrawn(TournamentEvent, frozen=True, tag="withdrawn"):
    """An entrant leaves the tournament: it is not paired again (round robin: its scheduled opponents sit
    the round out with a bye); its seats at tables still in play are resigned. Its results so far stand."""

    entrant: int
    by: str  # "entrant" (its own token) | "organiser" | "arbiter"
    round: int  # the rounds seated when it withdrew


class TournamentFinished(TournamentEvent, frozen=True, tag="finished"):
    standings: Any = None


class TournamentCancelled(TournamentEvent, frozen=True, tag="cancelled"):
    """The organiser (or the arbiter) called the tournament off: no round is seated after it, its tables
    still in play are abandoned (no result), and the standings so far are its last."""

    by: str  # "organiser" | "arbiter"
    reason: str = ""
    round: int = 0  # the rounds seated when it was cancelled


TournamentEvents = TournamentCreated | RoundSeated | TableFinished | Withdrawn | TournamentFinished | TournamentCancelled


# --- decoding ---------------------------------------------------------------------------------------

class Unknown(Event, frozen=True):
    """A kind this code does not know (written by a newer service): folds as no change."""

    name: str = ""


GAME, TOURNAMENT = "game", "tournament"
FAMILIES: dict[str, Any] = {GAME: GameEvents, TOURNAMENT: TournamentEvents}
KINDS: dict[str, dict[str, type[Event]]] = {fam: {t.kind(): t for t in union.__args__} for fam, union in FAMILIES.items()}

# (family, kind) -> upcasts from older payload shapes, applied in order on read
UPCASTS: dict[tuple[str, str], list[Callable[[dict[str, Any]], dict[str, Any]]]] = {
    # the first logs' created events had no "arbiter_chance": chance was always drawn
    (GAME, "created"): [lambda p: p if "arbiter_chance" in p else {**p, "arbiter_chance": False}],
    (GAME, "chance"): [lambda p: p if "label" in p and "reveals" in p else {"label": "", "reveals": True, **p}],
}


class BadEvent(ValueError):
    """A payload that does not fit its kind."""


def decode(kind: str, payload: dict[str, Any], family: str = GAME) -> Event:
    """The typed event of a kind and its payload (upcast from older shapes)."""
    cls = KINDS[family].get(kind)
    if cls is None:
        return Unknown(name=kind)
    for up in UPCASTS.get((family, kind), ()):
        payload = up(payload)
    try:
        return msgspec.convert(payload, cls)
    except msgspec.ValidationError as e:
        raise BadEvent(f"a {kind!r} event: {e}") from None


def payload_of(event: Event) -> dict[str, Any]:
    """The payload an event is stored with: its fields, defaults left out (the kind is the envelope's)."""
    d = msgspec.to_builtins(event)
    del d["kind"]
    return d
