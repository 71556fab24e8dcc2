"""Verifying a game's history, with nothing but the log: the hash chain, the seed against its
commitment, every chance outcome recomputed, every move re-checked by the rules, the result recomputed.

Pure (no Redis, no server): `caravan verify FILE` runs it offline on an export, and the API's
`GET /games/{id}/verify` runs it on the live log.
"""

from __future__ import annotations

from typing import Any, Iterable

import msgspec

from events.envelope import Envelope, check_chain, secret_salt
from events.kinds import (ARBITER, TOURNAMENT, Abandoned, BadEvent, Chance, Created, Finished, Move, Resigned,
                          RoundSeated, SeatEntropy, SeedRevealed, TableFinished, TakenOver, TournamentCancelled,
                          TournamentFinished, Undo)
from games import fairness, registry
from games.protocol import CHANCE, IllegalMove, sample_chance
from projections.clock import deadlines, epoch, no_shows, with_resignations
from projections.fold import CorruptLog, chance_rng, start, step


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


def parse_lines(lines: Iterable[str | bytes]) -> list[Envelope]:
    """JSON lines of an export: one envelope a line (blank lines skipped)."""
    out = []
    for i, line in enumerate(lines, 1):
        try:
            if isinstance(line, bytes):
                line = line.decode()
            if not line.strip():
                continue
            obj = msgspec.json.decode(line)
            if not isinstance(obj, dict):
                raise msgspec.ValidationError(f"expected an object, got {type(obj).__name__}")
            obj.pop("redacted", None)
            out.append(msgspec.convert(obj, Envelope))
        except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError, RecursionError) as e:
            raise ValueError(f"line {i} is not an event envelope: {e}") from None
    return out


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
    if isinstance(revealed, SeedRevealed):
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
    return replay(events, seed, checked)


def replay(events: list[Envelope], seed: str | None, checked: list[str]) -> Report:
    """Fold the log through the rules, recomputing each chance outcome from the seed."""
    n = len(events)
    created = events[0].event()
    f = start(created.id, events[0])
    game = f.game
    history = {f.version: f}
    chances = 0
    timeouts = 0
    finished: Envelope | None = None
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
            finished = e
        if isinstance(ev, (Move, TakenOver)) and ev.timeout or isinstance(ev, Resigned) and ev.forfeit:
            why = timeout_fault(f, e)
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
    checked.append(f"every move re-checked by the {game.name} rules")
    checked.append("the seed fixed by the arbiter" if f.created.seed_fixed_by else "the seed drawn by the server")
    if f.entropy:
        checked.append(f"seat entropy of seat(s) {', '.join(str(s) for s, _ in f.entropy)} added after the seed's "
                       "commitment and before the first draw, mixed into every draw")
    if seed is not None:
        checked.append(f"{chances} chance outcomes recomputed from the seed")
    if timeouts:
        checked.append(f"{timeouts} timeout(s), each after its seat's deadline (from the event times)")
    if f.status == "abandoned":
        checked.append("abandoned: no result")
        return Report(ok=True, events=n, finished=True, checked=checked)
    result = with_resignations(game.result(f.state), f.resigned)
    if f.adjudicated:
        if finished is None or finished.event().result.get("ranks") != list(f.adjudicated):
            return bad(f.version, "the arbiter's ranking is not the recorded result", n)
        checked.append("the result stated by the arbiter")
        return Report(ok=True, events=n, finished=True, checked=checked)
    if finished is not None:
        if result is None:
            return bad(finished.version, "the game is declared finished but the rules say it is not over", n)
        if as_json(finished.event().result) != as_json(result):
            return bad(finished.version, "the recorded result differs from the result the rules compute", n)
        checked.append("the result recomputed")
    elif result is not None:
        return bad(f.version, "the rules say the game is over but no finished event follows", n)
    return Report(ok=True, events=n, finished=finished is not None, checked=checked)


ENTROPY_MAX = 64


def timeout_fault(f, e: Envelope) -> str:
    """Why a timeout event (a default move, a takeover) was not late, or "" when it was."""
    ev = e.event()
    seat = e.actor if isinstance(ev, Move) else ev.seat
    if isinstance(ev, Resigned) or isinstance(ev, TakenOver) and ev.no_show:  # the no-show rule
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


def entropy_fault(f, seat: int | str, e: SeatEntropy, drawn: bool) -> str:
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


SEALED = ("a sealed duplicate table: its round is still in play, so its events past the creation are withheld, "
          "hashes too; export it again once the round is over")


def verify_lines(lines: Iterable[str | bytes]) -> Report:
    """A game's export (one envelope a line) or a tournament's ({"stream", "kind", "event"} a line). Trailing
    `{"section": ...}` lines (an export's analysis: derived data, outside the chain) are skipped."""
    lines = list(lines)  # blank lines stay, so that a refusal names the file's own line number
    while lines and not lines[-1].strip():
        lines.pop()
    filled = [line for line in lines if line.strip()]
    if any(sealed_row(line) for line in filled):
        return bad(None, SEALED, len(filled))
    lines, skipped = without_sections(lines)
    if skipped:
        report = verify_lines(lines)
        report.checked = [*report.checked, f"skipped (not part of the chain): {', '.join(skipped)} section"]
        return report
    filled = [line for line in lines if line.strip()]
    try:
        first = msgspec.json.decode(filled[0]) if filled else {}
    except (msgspec.DecodeError, RecursionError, UnicodeDecodeError):
        first = {}
    if isinstance(first, dict) and "stream" in first and "event" in first:
        try:
            return verify_tournament([msgspec.json.decode(line) for line in filled])
        except (msgspec.DecodeError, msgspec.ValidationError, KeyError, TypeError, RecursionError) as e:
            return bad(None, f"not a tournament export: {e}", len(filled))
    try:
        events = parse_lines(lines)
    except ValueError as e:
        return bad(None, str(e), 0)
    return verify(events)


def sealed_row(line: str | bytes) -> bool:
    """An event of a sealed duplicate table (a game's export line, or a tournament's)."""
    try:
        row = msgspec.json.decode(line)
    except (msgspec.DecodeError, RecursionError, UnicodeDecodeError):
        return False
    if isinstance(row, dict) and isinstance(row.get("event"), dict):
        row = row["event"]
    return isinstance(row, dict) and row.get("sealed") is True


def without_sections(lines: list[str | bytes]) -> tuple[list[str | bytes], list[str]]:
    """The lines before any trailing sections, and the sections' names."""
    names: list[str] = []
    while lines:
        try:
            row = msgspec.json.decode(lines[-1])
        except (msgspec.DecodeError, RecursionError, UnicodeDecodeError):
            break
        if not (isinstance(row, dict) and isinstance(row.get("section"), str) and "version" not in row):
            break
        names.insert(0, row["section"])
        lines = lines[:-1]
    return lines, names


ENDS = {Finished.kind(), Abandoned.kind()}  # the events that end a game's log (then its seed is revealed)


def not_checked(lines: list) -> list[str]:
    """What an export that holds does not show, in words: an empty list for a complete game, one that ends
    in the file (finished, or abandoned by the arbiter or a tournament's cancel: no result) with its seed revealed. `caravan verify`
    calls an export with anything here incomplete (exit 6) unless --partial. A tournament's export: per table."""
    kinds_by_stream: dict[str, set[str]] = {}
    tournament: set[str] | None = None  # the kinds of the tournament's own events, in a tournament's export
    seated: list[str] = []  # the tables its rounds seated
    for line in lines:
        try:
            row = msgspec.json.decode(line)
        except (msgspec.DecodeError, RecursionError, UnicodeDecodeError):
            continue
        if not isinstance(row, dict) or "section" in row:
            continue
        event = row.get("event")
        if "stream" in row and isinstance(event, dict):
            if row.get("kind") == "game":
                kinds_by_stream.setdefault(str(row["stream"]), set()).add(event.get("kind"))
            elif row.get("kind") == "tournament":
                tournament = (tournament or set()) | {event.get("kind")}
                payload = event.get("payload")
                if event.get("kind") == RoundSeated.kind() and isinstance(payload, dict):
                    seated += [t.get("game") for t in payload.get("tables") or () if isinstance(t, dict)]
        else:
            kinds_by_stream.setdefault("", set()).add(row.get("kind"))
    out = []
    if tournament is not None:
        if not tournament & {TournamentFinished.kind(), TournamentCancelled.kind()}:
            out.append("the tournament does not end in this file (its final standings were not checked)")
        out += [f"table {game}: seated, but not in this file (not verified)" for game in seated
                if game not in kinds_by_stream]
    for stream, kinds in kinds_by_stream.items():
        where = f"table {stream}: " if stream else ""
        if not kinds & ENDS:
            out.append(f"{where}the game does not finish in this file (the result was not checked)")
        if "seed-revealed" not in kinds:
            out.append(f"{where}no seed-revealed event (the seed and the chance outcomes were not checked)")
    return out


__all__ = ["Report", "SEALED", "verify", "verify_lines", "parse_lines", "not_checked"]


def same_standings(recorded: Any, recomputed: list[dict[str, Any]]) -> bool:
    """Whether the standings a tournament recorded are the ones its results give: every row names its
    entrant, place and points, and agrees in every field it holds (an older export holds fewer columns)."""
    if not isinstance(recorded, list) or len(recorded) != len(recomputed):
        return False
    return all(isinstance(a, dict) and {"name", "place", "points"} <= a.keys() and all(k in b and a[k] == b[k] for k in a)
               for a, b in zip(recorded, recomputed))


def verify_tournament(rows: list[dict[str, Any]]) -> Report:
    """A tournament export ({"stream", "kind", "event"} a line): the tournament's own chain, every table
    verified as a game, and every result the tournament recorded equal to the one its table's rules give."""
    streams: dict[str, list[Envelope]] = {}
    kinds: dict[str, str] = {}
    for row in rows:
        ev = dict(row["event"])
        ev.pop("redacted", None)
        streams.setdefault(row["stream"], []).append(msgspec.convert(ev, Envelope))
        kinds[row["stream"]] = row["kind"]
    tournament = next((s for s, k in kinds.items() if k == "tournament"), None)
    if tournament is None:
        return bad(None, "no tournament stream in the file", len(rows))
    broken = check_chain(streams[tournament])
    if broken is not None:
        return bad(broken.version, f"tournament {tournament}: {broken.reason}", len(rows))
    results: dict[str, Any] = {}
    tables = 0
    for stream, events in streams.items():
        if kinds[stream] != "game":
            continue
        tables += 1
        report = verify(events)
        if not report.ok:
            return bad(report.version, f"table {stream}: {report.reason}", len(rows))
        meta = events[0].event().tournament
        if meta is None or meta.id != tournament:
            return bad(1, f"table {stream} does not belong to tournament {tournament}", len(rows))
        finished = next((x for e in events if isinstance(x := e.event(), Finished)), None)
        if finished is not None:
            results[stream] = finished.result
        elif any(isinstance(e.event(), Abandoned) for e in events):
            results[stream] = {"scores": [], "ranks": []}  # no result
    from projections import standings

    folded = None
    for e in streams[tournament]:
        try:
            ev = e.event(TOURNAMENT)
        except BadEvent as err:
            return bad(e.version, f"tournament {tournament}: {err}", len(rows))
        if isinstance(ev, TournamentFinished) and folded is not None \
                and not same_standings(as_json(ev.standings), as_json(standings.rows(folded))):
            return bad(e.version, "the final standings differ from those its recorded results give", len(rows))
        try:
            folded = standings.start(tournament, e) if folded is None else standings.step(folded, e)
        except (ValueError, KeyError, StopIteration) as err:
            return bad(e.version, f"tournament {tournament}: {err}", len(rows))
        if isinstance(ev, TableFinished):
            game = ev.game
            if game not in results:
                return bad(e.version, f"a result is recorded for table {game}, which the file does not show finished", len(rows))
            r = results[game]
            if tuple(float(x) for x in r["scores"]) != ev.scores or tuple(r["ranks"]) != ev.ranks:
                return bad(e.version, f"the result recorded for table {game} differs from the table's own", len(rows))
    ended = any(e.kind in (TournamentFinished.kind(), TournamentCancelled.kind()) for e in streams[tournament])
    return Report(ok=True, events=len(rows), finished=ended,
                  checked=["the tournament's hash chain", f"{tables} tables verified as games",
                           "every recorded table result against its table",
                           *(["the final standings against the results"] if ended else [])])
