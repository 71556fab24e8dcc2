"""Logs written before the events were typed still load: every fixture log (tests/fixtures/logs, real
exports in the stored format) verifies, folds, keeps its exact payloads through the typed events, and
loads cold from a real store, from the first event and from a snapshot."""

from __future__ import annotations

import asyncio
from pathlib import Path

import msgspec
import pytest
from redis.asyncio import Redis

from events.envelope import Envelope, seal_payload
from events.kinds import GAME, TOURNAMENT, Created, Unknown, payload_of
from events.store import EventStore
from projections import standings
from projections.audit import parse_lines, verify, verify_lines
from projections.fold import Folded, fold
from projections.loader import Loader, from_snapshot, to_snapshot

LOGS = Path(__file__).resolve().parent.parent / "fixtures" / "logs"
GAME_LOGS = sorted(p for p in LOGS.glob("*.jsonl") if not p.name.startswith("tournament"))
TOURNAMENT_LOGS = sorted(LOGS.glob("tournament*.jsonl"))


def sorted_json(x) -> bytes:
    return msgspec.json.encode(x, order="sorted")  # the bytes a payload's hash covers


def events_of(path: Path) -> list[Envelope]:
    return parse_lines(path.read_text().splitlines())


def test_there_is_a_log_of_every_feature():
    names = {p.stem for p in LOGS.glob("*.jsonl")}
    assert {"undo", "undo-answers", "seat-entropy", "fork", "arbiter-entropy", "timeouts", "tournament-duplicate"} <= names
    kinds = {e.kind for p in GAME_LOGS for e in events_of(p)}
    assert kinds >= {"created", "forked-state", "move", "chance", "undo-requested", "undo-consented", "undo",
                     "undo-declined", "undo-withdrawn", "entropy", "finished", "seed-revealed"}


@pytest.mark.parametrize("path", GAME_LOGS, ids=lambda p: p.stem)
def test_a_game_log_verifies_and_folds(path):
    events = events_of(path)
    report = verify(events)
    assert report.ok, report.line()
    f = fold(events[0].event().id, events)
    assert f.version == events[-1].version and f.head == events[-1].hash
    assert f.status == ("finished" if any(e.kind == "finished" for e in events) else "active")


@pytest.mark.parametrize("path", [*GAME_LOGS, *TOURNAMENT_LOGS], ids=lambda p: p.stem)
def test_every_typed_event_stores_exactly_the_payload_it_was_read_from(path):
    """Typing the events changed no byte of what is stored: each payload, decoded to its kind's struct
    and encoded back, is the payload as written."""
    for line in path.read_text().splitlines():
        row = msgspec.json.decode(line)
        family = TOURNAMENT if row.get("kind") == "tournament" else GAME
        e = msgspec.convert(row.get("event", row), Envelope)
        ev = e.event(family)
        assert not isinstance(ev, Unknown), e.kind
        assert sorted_json(payload_of(ev)) == sorted_json(e.payload), (path.stem, e.version, e.kind)


@pytest.mark.parametrize("path", TOURNAMENT_LOGS, ids=lambda p: p.stem)
def test_a_tournament_export_verifies_and_its_standings_fold(path):
    lines = path.read_text().splitlines()
    assert verify_lines(lines).ok
    rows = [msgspec.json.decode(x) for x in lines]
    tid = next(r["stream"] for r in rows if r["kind"] == "tournament")
    t = standings.fold(tid, [msgspec.convert(r["event"], Envelope) for r in rows if r["stream"] == tid])
    assert t.status == "finished" and t.duplicate and len(t.results) == t.games_total
    for r in rows:
        if r["kind"] == "game" and r["event"]["version"] == 1:
            table = msgspec.convert(r["event"], Envelope).event().tournament
            assert table.id == tid and table.deal == f"{tid}/{table.round}"


def test_an_older_created_event_is_upcast_on_read():
    """The first logs' created events had no "arbiter_chance": they read as drawing their own chance."""
    payload = {"id": "g", "type": "toy", "players": [{"name": "a"}, {"name": "b"}], "options": {}, "seed_sha256": "x"}
    e = seal_payload(1, "system", "created", payload, prev="")
    assert e.event() == Created(id="g", type="toy", players=e.event().players, options={}, arbiter_chance=False,
                                seed_sha256="x")
    assert fold("g", [e]).created.arbiter_chance is False


def test_a_kind_this_code_does_not_know_folds_as_no_change():
    events = events_of(LOGS / "game-toy.jsonl")[:3]
    f = fold("x", events)
    later = seal_payload(4, "system", "a-kind-from-the-future", {"anything": 1}, prev=events[-1].hash)
    g = fold("x", [later], base=f)
    assert g.version == 4 and g.state == f.state


def test_every_field_of_the_record_survives_a_snapshot():
    """The snapshot is derived from `Folded`: every field round-trips, whatever its value."""
    events = events_of(LOGS / "undo.jsonl")
    f = fold(events[0].event().id, events[:13])
    fields = [fi.name for fi in msgspec.structs.fields(Folded)]
    back = from_snapshot(to_snapshot(f))
    for name in fields:
        assert getattr(back, name) == getattr(f, name), name
    # and a record with a pending undo request and an undone move
    with_request = next(fold(f.id, events[:v]) for v in range(2, len(events)) if fold(f.id, events[:v]).undo_request)
    again = from_snapshot(to_snapshot(with_request))
    assert again == with_request and again.undo_request is not None


def test_snapshot_fields_are_the_records_fields():
    from projections.loader import Snapshot

    assert [fi.name for fi in msgspec.structs.fields(Snapshot)] == [fi.name for fi in msgspec.structs.fields(Folded)]


async def _load_cold(redis_url: str, events: list[Envelope], snapshot_at: int | None) -> tuple[Folded, Folded]:
    redis = Redis.from_url(redis_url)
    try:
        game_id = events[0].event().id
        store = EventStore(redis)
        await redis.delete(*(k.format(game_id) for k in ("caravan:{{{}}}:events", "caravan:{{{}}}:meta",
                                                           "caravan:{{{}}}:snapshot")))
        await store.append(game_id, 0, events)
        loader = Loader(store)
        if snapshot_at is not None:
            await loader.maybe_snapshot(0, fold(game_id, events, upto=snapshot_at))
        return await Loader(store).load(game_id), fold(game_id, events)
    finally:
        await redis.aclose()


@pytest.mark.parametrize("path", GAME_LOGS, ids=lambda p: p.stem)
def test_a_game_log_loads_cold_from_a_real_store(redis_url, path):
    events = events_of(path)
    at = 64 if len(events) > 70 and not any(e.kind == "undo" for e in events) else None
    loaded, folded = asyncio.run(_load_cold(redis_url, events, at))
    assert loaded == folded
