"""The clocks reach clients without polling: the SSE stream's `clock` events (no id: they are no events of
the log), `caravan watch` showing them, and `caravan game play` counting the seat's time down at its prompt."""

from __future__ import annotations

import random
import re
import threading
import time

import httpx
import pytest

from tests.e2e.test_cli_play import new_game, spawn

pytestmark = pytest.mark.e2e


def read_sse(url: str, out: list, stop: threading.Event, token: str | None = None) -> None:
    """(event type, id or None, data) per message, until `stop`."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    with httpx.stream("GET", url, headers=headers, timeout=httpx.Timeout(10.0, read=30)) as r:
        kind, ident, data = "message", None, None
        for line in r.iter_lines():
            if stop.is_set():
                return
            if line.startswith("event:"):
                kind = line[6:].strip()
            elif line.startswith("id:"):
                ident = line[3:].strip()
            elif line.startswith("data:") and line[5:].strip():
                data = line[5:].strip()
            elif not line and data is not None:
                import json

                out.append((kind, ident, json.loads(data)))
                kind, ident, data = "message", None, None


def stretches_timed_out(out: list) -> int:
    """How many of seat 0's stretches ran out of time. A move the platform plays for a late seat starts
    no new decision: the seat stays late until another seat or chance moves, so timeouts in a row are one."""
    count, late = 0, False
    for kind, _, d in out:
        if kind in ("move", "chance"):
            timed_out = d["actor"] == 0 and bool((d["payload"] or {}).get("timeout"))
            count, late = count + (timed_out and not late), timed_out
    return count


def test_the_stream_carries_clock_events_with_each_new_deadline(stack):
    # bob is a human seat this test moves at once: an AI seat's turn waits on the slow queue, behind whatever
    # AI games and analyses earlier tests of the session left running there (CI once saw a single deadline)
    created = new_game(stack, "yangtze", ["ann", "bob"], clock="per-decision:2")
    game_id = created["id"]
    bob = stack.client(created["seats"][1]["token"])
    rng = random.Random(5)
    out: list = []
    stop = threading.Event()
    reader = threading.Thread(target=read_sse, args=(f"{stack.url}/games/{game_id}/events/stream", out, stop),
                              daemon=True)
    reader.start()
    # a frame follows only an event that reaches the log's head: a stream reading behind the log (a loaded
    # machine) skips some, so wait for two deadlines over as many as six of seat 0's stretches run out
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and stretches_timed_out(out) < 6:
        if len({d["deadline"] for k, _, d in out if k == "clock" and d["seats"][0]["running"]}) >= 2:
            break
        g = bob.get(f"/games/{game_id}").json()
        assert g["status"] == "active", g["status"]
        if 1 in g["actors"]:  # bob answers at once; ann lets every one of her decisions run out
            moves = bob.get(f"/games/{game_id}/moves").json()
            bob.post(f"/games/{game_id}/moves", json={"move": rng.choice(moves), "expected_version": g["version"]})
        time.sleep(0.1)
    stop.set()
    frames = [(i, d) for i, (k, ident, d) in enumerate(out) if k == "clock"]
    assert frames, [k for k, _, _ in out]
    assert all(out[i][1] is None for i, _ in frames), "a clock event has no id: it is no event of the log"
    ids = [int(ident) for k, ident, _ in out if k != "clock"]
    assert ids == list(range(1, len(ids) + 1)), "the log's events keep their order and ids"
    running = [d for _, d in frames if d["seats"][0]["running"]]
    assert running, frames
    for d in running:  # a running seat's deadline: its decision became due at the last event, plus 2 s
        assert d["deadline"] == d["seats"][0]["deadline"] and d["seats"][1]["deadline"] is None
        assert d["server_time"] <= d["deadline"] <= d["server_time"] + 2.0 + 1e-6
        assert d["control"] == "per-decision:2"
    assert len({d["deadline"] for d in running}) >= 2, ("each new decision sends its new deadline",
                                                         [(k, d.get("actor"), d.get("version")) for k, _, d in out])
    for i, d in frames:  # each frame follows the event that brought the log to its version
        assert out[i - 1][2]["version"] == d["version"] if i else True


def test_a_stream_opened_caught_up_starts_with_the_clocks(stack):
    created = new_game(stack, "yangtze", ["ann", "bot:ai-random"], clock="fischer:60+1")
    game_id = created["id"]
    c = stack.client()
    deadline = time.monotonic() + 30
    while not c.get(f"/games/{game_id}").json()["clock"]["seats"][0]["running"] and time.monotonic() < deadline:
        time.sleep(0.05)
    version = c.get(f"/games/{game_id}").json()["version"]
    out: list = []
    stop = threading.Event()
    threading.Thread(target=read_sse, args=(f"{stack.url}/games/{game_id}/events/stream?from={version + 1}", out, stop),
                     daemon=True).start()
    deadline = time.monotonic() + 10
    while not out and time.monotonic() < deadline:
        time.sleep(0.05)
    stop.set()
    kind, ident, data = out[0]
    assert kind == "clock" and ident is None and data["version"] == version
    assert data["seats"][0]["running"] and 0 < data["seats"][0]["remaining"] <= 60


def test_game_play_counts_the_seats_time_down_at_its_prompt(stack, tmp_path):
    created = new_game(stack, "yangtze", ["ann", "bot:ai-greedy"], clock="per-decision:30")
    child = spawn(stack, tmp_path, "game", "play", created["id"], "--as", "ann", "--poll", "0.2")
    child.expect(r"clock \(per-decision:30\): ▶ ann (\d+) s")
    child.expect(r"\[(\d+) s left\]\s*your move \(number", timeout=60)
    first = int(child.match.group(1))
    child.expect(r"\x1b7\r\[(\d+) s left\]", timeout=10)
    later = time.monotonic() + 2.5
    while time.monotonic() < later:
        child.expect(r"\x1b7\r\[(\d+) s left\]", timeout=10)
    now = int(child.match.group(1))
    assert 0 < now < first <= 30, (first, now)
    child.sendline("q")
    child.expect(r"\$|$", timeout=10)
    child.close()
    assert re.search(r"\[\d+ s left\]", open(tmp_path / "pty.log").read())


def test_watch_shows_the_clocks_after_each_event(stack):
    created = new_game(stack, "yangtze", ["ann", "bot:ai-random"], clock="per-decision:1")
    out = stack.cli("watch", created["id"], timeout=180).stdout
    assert re.search(r"clock \(per-decision:1\): ▶ ann \d s", out), out[-2000:]
    assert "seed" in out.splitlines()[-1] or "finished" in out, out[-500:]
