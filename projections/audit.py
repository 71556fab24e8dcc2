"""Verifying an export, with nothing but the file: a game's (one envelope a line, verified as
projections/game_audit.py verifies a log) or a tournament's (its own chain, each table as a game, each
recorded result and the final standings against the tables); and what an export that holds does not show.

Pure (no Redis, no server): `caravan verify FILE` runs it offline.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import msgspec

from events.envelope import Envelope, check_chain
from events.kinds import (
    TOURNAMENT,
    Abandoned,
    BadEvent,
    Created,
    Finished,
    RoundSeated,
    TableFinished,
    TournamentCancelled,
    TournamentFinished,
)
from projections.game_audit import Report, as_json, bad, verify


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


def text(row: dict[Any, Any], key: str) -> str:
    """A field of an export's line that names something (a kind, a table), or "" when it is not text."""
    value = row.get(key)
    return value if isinstance(value, str) else ""


def not_checked(lines: Sequence[str | bytes]) -> list[str]:
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
                kinds_by_stream.setdefault(str(row["stream"]), set()).add(text(event, "kind"))
            elif row.get("kind") == "tournament":
                tournament = (tournament or set()) | {text(event, "kind")}
                payload = event.get("payload")
                if event.get("kind") == RoundSeated.kind() and isinstance(payload, dict):
                    seated += [text(t, "game") for t in payload.get("tables") or () if isinstance(t, dict)]
        else:
            kinds_by_stream.setdefault("", set()).add(text(row, "kind"))
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


__all__ = ["SEALED", "Report", "not_checked", "parse_lines", "verify", "verify_lines"]


def same_standings(recorded: Any, recomputed: list[dict[str, Any]]) -> bool:
    """Whether the standings a tournament recorded are the ones its results give: every row names its
    entrant, place and points, and agrees in every field it holds (an older export holds fewer columns)."""
    if not isinstance(recorded, list) or len(recorded) != len(recomputed):
        return False
    return all(isinstance(a, dict) and {"name", "place", "points"} <= a.keys() and all(k in b and a[k] == b[k] for k in a)
               for a, b in zip(recorded, recomputed, strict=True))  # (the lengths are equal: checked above)


def verify_tournament(rows: list[dict[str, Any]]) -> Report:
    """A tournament export ({"stream", "kind", "event"} a line): the tournament's own chain, every table
    verified as a game, and every result the tournament recorded equal to the one its table's rules give."""
    streams: dict[str, list[Envelope]] = {}
    kinds: dict[str, str] = {}
    for row in rows:
        raw = dict(row["event"])
        raw.pop("redacted", None)
        streams.setdefault(row["stream"], []).append(msgspec.convert(raw, Envelope))
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
        created = events[0].event()  # a created event: verify() says so
        meta = created.tournament if isinstance(created, Created) else None
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
