"""Live event streams on the real stack: they outlive every timeout while a game sits idle, keep the
connection alive with comments, end by themselves when the game ends, and are bounded."""

from __future__ import annotations

import threading
import time

import httpx

from tests.e2e.helpers import wait_for_human

IDLE = 7.0  # seconds without an event: longer than the Redis client's read timeout (5 s), the hub's
# block (1 s) and the test stack's keep-alive interval (CARAVAN_STREAM_KEEPALIVE=2)


def play_to_the_end(stack, game_id, tokens, timeout=60.0):
    clients = {seat: stack.client(tok) for seat, tok in tokens.items()}
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        g = clients[0].get(f"/games/{game_id}").json()
        if g["status"] == "finished":
            return g
        for seat in g["actors"]:
            if seat in clients:
                moves = clients[seat].get(f"/games/{game_id}/moves").json()
                if moves:
                    clients[seat].post(f"/games/{game_id}/moves", json={"move": moves[0]})
        time.sleep(0.05)
    raise AssertionError(f"game {game_id} did not finish")


def read_stream(url, out: dict) -> None:
    lines = out["lines"]
    try:
        # the read timeout is longer than the keep-alive interval and shorter than the idle spell: only
        # keep-alive comments keep this client reading
        with httpx.stream("GET", url, timeout=httpx.Timeout(10, read=4)) as r:
            out["status"] = r.status_code
            for line in r.iter_lines():
                lines.append(line)
        out["ended"] = True
    except httpx.HTTPError as e:
        out["error"] = repr(e)


def test_a_stream_outlives_an_idle_human_game_and_ends_when_it_ends(stack):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    game_id, tokens = created["id"], {s["seat"]: s["token"] for s in created["seats"]}
    wait_for_human(stack.client(tokens[0]), game_id, 0)
    out: dict = {"lines": []}
    reader = threading.Thread(target=read_stream, args=(f"{stack.url}/games/{game_id}/events/stream", out))
    reader.start()
    time.sleep(IDLE)
    assert "error" not in out, out.get("error")
    g = play_to_the_end(stack, game_id, tokens)
    reader.join(30)
    assert not reader.is_alive(), "the stream did not end when the game ended"
    assert out.get("status") == 200 and out.get("ended"), out.get("error")
    assert any(line.startswith(":") for line in out["lines"]), "no keep-alive comment while idle"
    ids = [int(line.split(":", 1)[1]) for line in out["lines"] if line.startswith("id:")]
    assert ids == list(range(1, g["version"] + 1))
    kinds = [line.split(":", 1)[1].strip() for line in out["lines"] if line.startswith("event:")]
    assert kinds[-2:] == ["finished", "seed-revealed"]
