"""WebSockets are bounded as bodies are (issue 55, item 10): 15 MiB frames were accepted and decoded
(20 at once took an API process from 122 MiB to 1,020 MiB), and 1,100 sockets from one address were
accepted. A message over CARAVAN_MAX_BODY now closes its socket with 1009 ("message too big") before the
app decodes it, and one address holds at most CARAVAN_MAX_SOCKETS_PER_CLIENT sockets (the next upgrade
is refused: 429 with Retry-After)."""

from __future__ import annotations

import random
import socket
import time

import pytest

from tests.e2e.helpers import wait_for_human
from tests.e2e.test_bad_input import new_toy

pytestmark = pytest.mark.e2e

PER_CLIENT = 8  # CARAVAN_MAX_SOCKETS_PER_CLIENT's default
MAX_BODY = 64 * 1024  # CARAVAN_MAX_BODY's default


def upgrade(port: int, path: str, token: str, source: str) -> tuple[socket.socket, bytes]:
    """A WebSocket upgrade from `source`: the socket and the answer's head."""
    s = socket.create_connection(("127.0.0.1", port), timeout=20, source_address=(source, 0))
    s.sendall((f"GET {path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
               f"Authorization: Bearer {token}\r\n\r\n").encode())
    head = b""
    while not head.endswith(b"\r\n\r\n"):
        got = s.recv(1)
        if not got:
            break
        head += got
    return s, head


def frame(payload: bytes) -> bytes:
    """A masked text frame (the mask of zeros leaves the payload as it is)."""
    n = len(payload)
    size = bytes([0x80 | n]) if n < 126 else (bytes([0x80 | 126]) + n.to_bytes(2, "big") if n < 65536
                                             else bytes([0x80 | 127]) + n.to_bytes(8, "big"))
    return b"\x81" + size + b"\x00\x00\x00\x00" + payload


def next_frame(s: socket.socket) -> tuple[int, bytes]:
    """The opcode and payload of the next frame the server sends."""
    def read(n: int) -> bytes:
        out = b""
        while len(out) < n:
            got = s.recv(n - len(out))
            if not got:
                raise ConnectionError("closed")
            out += got
        return out

    head = read(2)
    n = head[1] & 0x7F
    if n == 126:
        n = int.from_bytes(read(2), "big")
    elif n == 127:
        n = int.from_bytes(read(8), "big")
    return head[0] & 0x0F, read(n)


def seat_of_toy(stack) -> tuple[str, str]:
    game_id, tokens = new_toy(stack)
    wait_for_human(stack.client(tokens[0]), game_id, 0)
    return f"/games/{game_id}/play", tokens[0]


def loopback() -> str:
    return f"127.{random.randint(1, 254)}.{random.randint(1, 254)}.{random.randint(1, 254)}"


def test_a_message_over_the_body_limit_closes_the_socket_with_1009(stack):
    path, token = seat_of_toy(stack)
    s, head = upgrade(stack.port, path, token, loopback())
    try:
        assert b" 101 " in head.split(b"\r\n")[0], head
        s.sendall(frame(b'{"move": {"type": "bid", "card": "' + b"x" * (MAX_BODY + 1024) + b'"}}'))
        opcode, payload = next_frame(s)
        assert opcode == 0x8, (opcode, payload[:200])  # a close, not an answer to the move
        assert int.from_bytes(payload[:2], "big") == 1009
        s.sendall(frame(b'{"move": {"type": "bid", "card": 1}}'))  # nothing more is read from it
        with pytest.raises((ConnectionError, socket.timeout, OSError)):
            s.settimeout(5)
            while True:
                next_frame(s)
    finally:
        s.close()


def test_one_address_holds_a_bounded_number_of_sockets(stack):
    path, token = seat_of_toy(stack)
    source = loopback()
    held = []
    try:
        for _ in range(PER_CLIENT):
            s, head = upgrade(stack.port, path, token, source)
            held.append(s)
            assert b" 101 " in head.split(b"\r\n")[0], head
        s, head = upgrade(stack.port, path, token, source)
        held.append(s)
        assert head.split(b"\r\n")[0].split()[1] == b"429", head
        assert b"retry-after:" in head.lower()
        other, head = upgrade(stack.port, path, token, loopback())  # another address has places of its own
        held.append(other)
        assert b" 101 " in head.split(b"\r\n")[0], head
        held[0].close()  # a place given back is taken again
        held.pop(0)
        for _ in range(50):
            s, head = upgrade(stack.port, path, token, source)
            held.append(s)
            if b" 101 " in head.split(b"\r\n")[0]:
                break
            time.sleep(0.1)
        assert b" 101 " in head.split(b"\r\n")[0], head
    finally:
        for s in held:
            s.close()
