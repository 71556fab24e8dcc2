"""Reads stay bounded (issue 55, item 16): `/static/x%00` answered 500; `GET /games` sent the whole lobby
(1.27 MB at about 9,000 games) and now sends a page, newest first, with a `Link: <…>; rel="next"` to the
rest; an export was built whole in memory (about 485 B an event) and is now streamed, the log read a page
at a time, and still verifies offline with `caravan verify`."""

from __future__ import annotations

import re
import time

import pytest

from tests.e2e.helpers import wait_until_finished
from tests.stack import Stack

pytestmark = pytest.mark.e2e

PAGE = 5


@pytest.fixture(scope="module")
def small_pages(redis_url, tmp_path_factory):
    """A stack whose lobby pages hold 5 games and whose exports read 4 events at a time."""
    s = Stack(redis_url, tmp_path_factory.mktemp("pages"), CARAVAN_LOBBY_PAGE=str(PAGE),
              CARAVAN_EXPORT_PAGE="4").start(workers=1)
    yield s
    s.stop()


@pytest.mark.parametrize("path", ["/static/x%00", "/static/%00", "/static/a%00b.js", "/schema/assets/x%00"])
def test_a_nul_in_a_file_path_is_not_a_server_error(stack, path):
    r = stack.client().get(path)
    assert r.status_code in (400, 404), (path, r.status_code, r.text[:200])


def next_link(r) -> str | None:
    m = re.search(r'<([^>]+)>;\s*rel="next"', r.headers.get("link", ""))
    return m.group(1) if m else None


def toy_games(c) -> int:
    return int(c.get("/games", params={"type": "toy", "limit": 1}).headers["x-total-count"])


def make(c, n: int, who: str) -> list[str]:
    """`n` new toy games, once the lobby (which follows a projector) lists them all."""
    before = toy_games(c)
    made = [c.post("/games", json={"type": "toy", "players": [f"{who}{i}", f"q{i}"]}).json()["id"] for i in range(n)]
    deadline = time.monotonic() + 30
    while toy_games(c) < before + n:
        assert time.monotonic() < deadline, "the lobby never listed the games made"
        time.sleep(0.2)
    return made


def test_the_lobby_is_sent_a_page_at_a_time_and_the_next_link_reaches_the_rest(small_pages):
    c = small_pages.client()
    made = make(c, 2 * PAGE + 2, "p")
    first = c.get("/games", params={"type": "toy"})
    assert int(first.headers["x-total-count"]) >= len(made)
    assert first.status_code == 200, first.text
    assert isinstance(first.json(), list) and len(first.json()) == PAGE, len(first.json())
    assert [g["id"] for g in first.json()] == made[::-1][:PAGE]  # newest first
    seen, url, pages = [g["id"] for g in first.json()], next_link(first), 1
    while url:
        pages += 1
        assert pages < 1000, "the pages never end"
        r = c.get(url)
        assert r.status_code == 200 and len(r.json()) <= PAGE, (r.status_code, len(r.json()))
        assert all(g["type"] == "toy" for g in r.json()), "the filter was lost on the next page"
        seen += [g["id"] for g in r.json()]
        url = next_link(r)
    assert len(seen) == len(set(seen)), "a game listed twice"
    assert set(made) <= set(seen), f"{len(set(made) - set(seen))} games never reached"
    assert len(c.get("/games", params={"limit": 2}).json()) == 2


@pytest.mark.parametrize("params, status", [({"limit": 0}, 400), ({"limit": PAGE + 1}, 400), ({"limit": "x"}, 400),
                                            ({"after": "nope"}, 404)])
def test_a_page_outside_the_bounds_is_refused(small_pages, params, status):
    r = small_pages.client().get("/games", params=params)
    assert r.status_code == status, (params, r.status_code, r.text[:200])
    assert set(r.json()) >= {"error", "detail"}
    limit = small_pages.client().get("/schema/openapi.json").json()["paths"]["/games"]["get"]["parameters"]
    assert next(p for p in limit if p["name"] == "limit")["schema"]["maximum"] == PAGE  # as documented


def test_the_cli_lists_past_one_page(small_pages):
    c = small_pages.client()
    made = make(c, PAGE + 2, "r")
    out = small_pages.cli("game", "list", "--type", "toy", "--limit", str(PAGE + 2)).stdout
    assert [line.split()[0] for line in out.splitlines()[:PAGE + 2]] == made[::-1], out  # newest first, two pages


def test_an_export_is_streamed_a_page_at_a_time_and_verifies_offline(small_pages, tmp_path):
    c = small_pages.client()
    game_id = c.post("/games", json={"type": "toy", "players": ["ann:ai-random", "bob:ai-random"]}).json()["id"]
    wait_until_finished(c, game_id)
    events = c.get(f"/games/{game_id}/events", params={"limit": 10000}).json()
    assert len(events) > 3 * 4, len(events)  # more than three of the export's pages
    with c.stream("GET", f"/games/{game_id}/export") as r:
        assert r.status_code == 200
        assert "content-length" not in r.headers and r.headers.get("transfer-encoding") == "chunked", dict(r.headers)
        body = b"".join(r.iter_bytes())
    lines = body.decode().splitlines()
    assert len(lines) == len(events)
    path = tmp_path / "game.jsonl"
    path.write_bytes(body)
    assert "ok" in small_pages.cli("verify", str(path)).stdout.lower()
    with_analysis = c.get(f"/games/{game_id}/export", params={"analysis": "true"})
    assert with_analysis.status_code == 200 and with_analysis.text.splitlines()[:-1] == lines
