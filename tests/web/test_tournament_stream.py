"""A tournament, live over HTTP: `GET /tournaments/{id}/stream` sends the summary now and after each of the
tournament's events, ends when it has finished, and is bounded per client like a game's stream."""

from __future__ import annotations

import json
import random

import httpx
import pytest

from tests.stack import Stack
from tests.e2e.helpers import play_my_tables

pytestmark = pytest.mark.e2e


def summaries(lines) -> list[dict]:
    """The `tournament` events of an SSE body (with their ids), read to its end."""
    out, event, ident = [], None, None
    for line in lines:
        if line.startswith("event:"):
            event = line[6:].strip()
        elif line.startswith("id:"):
            ident = line[3:].strip()
        elif line.startswith("data:") and event == "tournament":
            out.append({**json.loads(line[5:]), "_id": ident})
    return out


def test_the_tournament_stream_follows_it_to_its_end(stack):
    c = stack.client()
    t = c.post("/tournaments", json={"type": "toy", "players": ["ann", "b1:ai-random", "b2:ai-random"]}).json()
    ann = next(e["token"] for e in t["entrants"] if e["name"] == "ann")
    with httpx.Client(base_url=stack.url, timeout=httpx.Timeout(10, read=120)) as h:
        with h.stream("GET", f"/tournaments/{t['id']}/stream") as s:
            assert s.status_code == 200 and s.headers["content-type"].startswith("text/event-stream")
            lines = s.iter_lines()
            first = summaries(list(_until_blank(lines)))[0]
            assert first["id"] == t["id"] and first["status"] != "finished"
            play_my_tables(stack, t["id"], ann, random.Random(5))
            rest = summaries(lines)  # the stream ends by itself once the tournament has finished
    got = [first, *rest]
    final = c.get(f"/tournaments/{t['id']}").json()
    versions = [x["version"] for x in got]
    assert versions == sorted(set(versions)) and [x["_id"] for x in got] == [str(v) for v in versions]
    assert got[-1]["status"] == "finished" and got[-1]["version"] == final["version"]
    assert got[-1]["standings"] == final["standings"]
    assert len(got) >= 3  # tables finished one by one while it ran, not only the end


def _until_blank(lines):
    for line in lines:
        if not line:
            return
        yield line


def test_a_finished_tournaments_stream_says_so_and_ends(stack):
    c = stack.client()
    t = c.post("/tournaments", json={"type": "toy", "players": ["x:ai-random", "y:ai-random"]}).json()
    with httpx.Client(base_url=stack.url, timeout=httpx.Timeout(10, read=120)) as h:
        with h.stream("GET", f"/tournaments/{t['id']}/stream") as s:
            got = summaries(s.iter_lines())
    assert got and got[-1]["status"] == "finished"


def test_a_stream_for_no_tournament_is_a_404(stack):
    r = stack.client().get("/tournaments/t-nothing/stream")
    assert r.status_code == 404 and r.json()["error"] == "not-found"


def test_tournament_streams_are_bounded_per_client(redis_url, tmp_path_factory):
    s = Stack(redis_url, tmp_path_factory.mktemp("tbound"), CARAVAN_MAX_STREAMS_PER_CLIENT="2",
              CARAVAN_RETRY_AFTER="7").start(workers=1)
    try:
        t = s.client().post("/tournaments", json={"type": "toy", "players": ["ann", "bob"]}).json()
        with httpx.Client(base_url=s.url, timeout=httpx.Timeout(10, read=60)) as h:
            with h.stream("GET", f"/tournaments/{t['id']}/stream") as a, h.stream("GET", f"/tournaments/{t['id']}/stream") as b:
                assert a.status_code == b.status_code == 200
                third = h.get(f"/tournaments/{t['id']}/stream")
                assert third.status_code == 503 and third.headers["retry-after"] == "7"
                assert third.json()["error"] == "unavailable"
    finally:
        s.stop()


def test_a_cancelled_tournaments_stream_ends_once_its_tables_are_abandoned(stack):
    c = stack.client()
    t = c.post("/tournaments", json={"type": "toy", "players": ["ann", "bob"]}).json()
    with httpx.Client(base_url=stack.url, timeout=httpx.Timeout(10, read=120)) as h:
        with h.stream("GET", f"/tournaments/{t['id']}/stream") as s:
            lines = s.iter_lines()
            assert summaries(list(_until_blank(lines)))[0]["status"] == "active"
            r = stack.client(t["organiser_token"]).post(f"/tournaments/{t['id']}/cancel", json={"reason": "rain"})
            assert r.status_code == 200
            rest = summaries(lines)  # ends by itself: nothing more can happen
    assert rest[-1]["status"] == "cancelled" and rest[-1]["cancelled"]["reason"] == "rain"
    assert all(g["status"] != "active" for g in rest[-1]["games"])
