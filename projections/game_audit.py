"""Verifying a game's history, with nothing but the log: the hash chain, the seed against its
commitment, every chance outcome recomputed, every move re-checked by the rules, the result recomputed.

Pure (no Redis, no server): `caravan verify FILE` runs it offline on an export, and the API's
`GET /games/{id}/verify` runs it on the live log.
"""

from __future__ import annotations

from typing import Any

import msgspec

from events.envelope import Envelope, check_chain, secret_salt
from events.kinds import (
    ARBITER,
    BadEvent,
    Chance,
    Created,
    Finished,
    Move,
    Resigned,
    SeatEntropy,
    SeedRevealed,
    TakenOver,
    Undo,
)
from games import fairness, registry
from games.protocol import CHANCE, IllegalMove, sample_chance
from projections.clock import deadlines, epoch, no_shows, with_resignations
from projections.fold import CorruptLog, Folded, chance_rng, start, step


class Report(msgspec.Struct):
    ok: bool
    version: int | None = None  # the first bad version
    reason: str = ""
    events: int = 0
    finished: bool = False
    checked: list[str] = []  # what was checked, in words

    def line(self) -> str:
        if self.ok:
            return f"ok: {self.events} events; " + "; ".join(self.checked)
        return f"bad at version {self.version}: {self.reason}" if self.version is not None else f"bad: {self.reason}"


def as_json(value: Any) -> Any:
    """A value as it reads back from the log's JSON (tuples become lists)."""
    return msgspec.json.decode(msgspec.json.encode(value))


def bad(version: int | None, reason: str, events: int) -> Report:
    return Report(ok=False, version=version, reason=reason, events=events)


def verify(events: list[Envelope], seed: str | None = None) -> Report:
    """Everything that can be checked with what the log (and, when given, the seed) shows."""
    n = len(events)
    if not events:
        return bad(None, "the log is empty", 0)
    first = events[0]
    try:
        created = first.event()
        revealed_at = next((e for e in events if e.kind == SeedRevealed.kind()), None)
        revealed = revealed_at.event() if revealed_at is not None else None
    except BadEvent as e:
        return bad(None, str(e), n)
    if not isinstance(created, Created):
        return bad(1, "the first event must be the created event", n)
    game_id = created.id
    if isinstance(revealed, SeedRevealed) and revealed_at is not None:
        seed = revealed.seed
        if fairness.commitment(seed) != created.seed_sha256:
            return bad(revealed_at.version, "the revealed seed does not match the commitment in the created event", n)
    salt_of = (lambda v: secret_salt(seed, game_id, v)) if seed else None
    broken = check_chain(events, salt_of=salt_of)
    if broken is not None:
        return bad(broken.version, broken.reason, n)
    checked = [f"hash chain over {n} events"]
    if salt_of:
        checked.append("every payload against its hash")
    try:
        registry.get(created.type)
    except KeyError:
        return bad(1, f"unknown game type {created.type!r}", n)
    if any(e.payload is None for e in events):
        return Report(ok=True, events=n, finished=False, checked=checked + ["moves not re-checked: some payloads are withheld (the game is running)"])
    return replay(events, created, seed, checked)


def replay(events: list[Envelope], created: Created, seed: str | None, checked: list[str]) -> Report:
    """Fold the log (whose first event is `created`) through the rules, recomputing each chance outcome
    from the seed."""
    n = len(events)
    f = start(created.id, events[0])
    game = f.game
    history = {f.version: f}
    chances = 0
    timeouts = 0
    finished: tuple[int, Finished] | None = None  # the first finished event: its version and itself
    drawn = False
    for e in events[1:]:
        try:
            ev = e.event()
        except BadEvent as err:
            return bad(e.version, f"the event cannot be folded: {err}", n)
        if isinstance(ev, SeatEntropy):
            why = entropy_fault(f, e.actor, ev, drawn)
            if why:
                return bad(e.version, why, n)
        if isinstance(ev, Chance) and not drawn:
            drawn = True
            missing = [s for s, p in enumerate(f.players) if p.ai is None and s not in {x for x, _ in f.entropy}]
            if f.created.await_entropy and missing:
                return bad(e.version, f"the first chance draw came before the entropy of seat(s) {missing}", n)
        if isinstance(ev, Chance):
            if e.actor == ARBITER and not created.arbiter_chance:
                return bad(e.version, "the arbiter entered a chance outcome in a game that draws its own", n)
            if e.actor == "chance":
                if CHANCE not in game.actors(f.state):
                    return bad(e.version, "a chance outcome where no chance step was due", n)
                if seed is not None:
                    expected = sample_chance(game.chance(f.state), chance_rng(seed, f.created, e.version, f.entropy))
                    if as_json(expected) != as_json(ev.move):
                        return bad(e.version, "the chance outcome is not the one the seed draws", n)
                    chances += 1
        elif isinstance(ev, Move) and (not isinstance(e.actor, int) or not 0 <= e.actor < len(f.players)):
            return bad(e.version, f"a move by {e.actor!r}, who holds no seat", n)
        elif isinstance(ev, Undo) and (ev.to not in history or ev.to < f.barrier):
            return bad(e.version, "an undo that reaches back across a chance outcome or a revealed secret", n)
        elif isinstance(ev, Finished) and finished is None:
            finished = (e.version, ev)
        if (isinstance(ev, (Move, TakenOver)) and ev.timeout) or (isinstance(ev, Resigned) and ev.forfeit):
            why = timeout_fault(f, e, ev)
            if why:
                return bad(e.version, why, n)
            timeouts += 1
        try:
            f = step(f, e, history)
        except IllegalMove as err:
            return bad(e.version, f"an illegal move: {err.reason}", n)
        except (CorruptLog, ValueError, KeyError, TypeError) as err:
            return bad(e.version, f"the event cannot be folded: {err}", n)
        history[f.version] = f
    checked += checked_along(f, seed, chances, timeouts)
    return result_checked(f, finished, checked, n)


def checked_along(f: Folded, seed: str | None, chances: int, timeouts: int) -> list[str]:
    """What the replay of a whole log checked, in words: the moves, the seed, the seats' entropy, the chance
    outcomes and the timeouts."""
    checked = [f"every move re-checked by the {f.game.name} rules",
               "the seed fixed by the arbiter" if f.created.seed_fixed_by else "the seed drawn by the server"]
    if f.entropy:
        checked.append(f"seat entropy of seat(s) {', '.join(str(s) for s, _ in f.entropy)} added after the seed's "
                       "commitment and before the first draw, mixed into every draw")
    if seed is not None:
        checked.append(f"{chances} chance outcomes recomputed from the seed")
    if timeouts:
        checked.append(f"{timeouts} timeout(s), each after its seat's deadline (from the event times)")
    return checked


def result_checked(f: Folded, finished: tuple[int, Finished] | None, checked: list[str], n: int) -> Report:
    """The verdict on a log folded to its end: its result (none when abandoned; the arbiter's ranking when
    adjudicated) is the one recorded, and recorded exactly when the rules say the game is over. `finished`:
    the version and event of the log's first finished event."""
    game = f.game
    if f.status == "abandoned":
        checked.append("abandoned: no result")
        return Report(ok=True, events=n, finished=True, checked=checked)
    result = with_resignations(game.result(f.state), f.resigned)
    if f.adjudicated:
        if finished is None or finished[1].result.get("ranks") != list(f.adjudicated):
            return bad(f.version, "the arbiter's ranking is not the recorded result", n)
        checked.append("the result stated by the arbiter")
        return Report(ok=True, events=n, finished=True, checked=checked)
    if finished is not None:
        at, recorded = finished
        if result is None:
            return bad(at, "the game is declared finished but the rules say it is not over", n)
        if as_json(recorded.result) != as_json(result):
            return bad(at, "the recorded result differs from the result the rules compute", n)
        checked.append("the result recomputed")
    elif result is not None:
        return bad(f.version, "the rules say the game is over but no finished event follows", n)
    return Report(ok=True, events=n, finished=finished is not None, checked=checked)

ENTROPY_MAX = 64


def timeout_fault(f: Folded, e: Envelope, ev: Move | TakenOver | Resigned) -> str:
    """Why a timeout event `ev` (a default move, a takeover, a forfeit; `e` is its envelope) was not late,
    or "" when it was."""
    seat = e.actor if isinstance(ev, Move) else ev.seat
    if isinstance(ev, Resigned) or (isinstance(ev, TakenOver) and ev.no_show):  # the no-show rule
        due = no_shows(f.clock, f.control)
        if seat not in due:
            return f"a no-show for seat {seat!r}, which had moved already or was not due to"
        if epoch(e.at) < due[seat]:
            return f"a no-show for seat {seat} at {e.at}, before its deadline ({due[seat] - epoch(e.at):.3f} s early)"
        return ""
    due = deadlines(f.clock, f.control, f.game, f.state)
    if not isinstance(seat, int) or seat not in due:
        return f"a timeout for seat {seat!r}, whose clock was not running"
    if epoch(e.at) < due[seat]:
        return f"a timeout for seat {seat} at {e.at}, before its deadline ({due[seat] - epoch(e.at):.3f} s early)"
    return ""


def entropy_fault(f: Folded, seat: int | str, e: SeatEntropy, drawn: bool) -> str:
    """Why an entropy event breaks the scheme ("" when it holds): from a human seat, once, before the
    first chance draw, 1 to 64 printable characters."""
    if not isinstance(seat, int) or not 0 <= seat < len(f.players) or f.players[seat].ai is not None:
        return f"entropy from {seat!r}, who is not a human seat"
    if any(s == seat for s, _ in f.entropy):
        return f"seat {seat} added entropy twice"
    if drawn:
        return "entropy after the first chance draw (it could be chosen knowing an outcome)"
    if not 0 < len(e.entropy) <= ENTROPY_MAX:
        return "entropy must be a string of 1 to 64 characters"
    return ""
