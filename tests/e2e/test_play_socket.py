"""Moves over a WebSocket on the real stack (granian serves WebSockets): one connection, many moves,
the same answers and log as the POST route."""

from __future__ import annotations

import json
import socket

import pytest

from tests.e2e.helpers import all_events, wait_for_human

pytestmark = pytest.mark.e2e
MASK = b"\x01\x02\x03\x04"


class Socket:
    """A minimal WebSocket client (text frames under 126 bytes), enough to play."""

    def __init__(self, port: int, path: str, token: str):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.s.sendall((f"GET {path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        f"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
                        f"Authorization: Bearer {token}\r\n\r\n").encode())
        head = b""
        while not head.endswith(b"\r\n\r\n"):
            head += self.s.recv(1)
        assert b" 101 " in head.split(b"\r\n")[0], head

    def ask(self, request: dict) -> dict:
        body = json.dumps(request).encode()
        self.s.sendall(bytes([0x81, 0x80 | len(body)]) + MASK + bytes(b ^ MASK[i % 4] for i, b in enumerate(body)))
        head = self._read(2)
        n = head[1] & 0x7F
        if n == 126:
            n = int.from_bytes(self._read(2), "big")
        return json.loads(self._read(n))

    def _read(self, n: int) -> bytes:
        out = b""
        while len(out) < n:
            out += self.s.recv(n - len(out))
        return out


def test_a_seat_plays_its_moves_over_one_websocket(stack):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    game_id, (ann, bob) = created["id"], (s["token"] for s in created["seats"])
    wait_for_human(stack.client(ann), game_id, 0)
    card = stack.client(ann).get(f"/games/{game_id}/moves").json()[0]
    port = int(stack.url.rsplit(":", 1)[1])
    ws = Socket(port, f"/games/{game_id}/play", ann)
    assert ws.ask({"move": {"type": "bid", "card": 99}})["error"] == "illegal-move"
    answer = ws.ask({"move": card})
    assert answer["status"] == "active" and answer["version"] == 3
    assert ws.ask({"move": card})["error"] in ("not-your-turn", "illegal-move")  # ann has bid this round
    ws.s.close()
    last = [e for e in all_events(stack.client(ann), game_id) if e.kind == "move"]
    assert [(e.version, e.actor) for e in last] == [(3, 0)]
