"""`caravan game play` waiting at a terminal reads the game once a poll: its wait asked for the game in
its change check and then again in its loop, two GETs a poll where one says the same. Counted by a
proxy between the CLI and the real stack (every request the CLI sends passes through it)."""

from __future__ import annotations

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pexpect
import pytest

from tests.e2e.helpers import wait_for_human
from tests.e2e.test_cli_play import PROMPT, spawn

pytestmark = pytest.mark.e2e


class CountingProxy:
    """An HTTP proxy in front of the stack that keeps (time, method, path) of every request."""

    def __init__(self, upstream: str):
        self.seen: list[tuple[float, str, str]] = []
        proxy, client = self, httpx.Client(base_url=upstream, timeout=60)

        class Handler(BaseHTTPRequestHandler):
            def forward(self) -> None:
                proxy.seen.append((time.monotonic(), self.command, self.path))
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0)) or None
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "content-length", "connection")}
                r = client.request(self.command, self.path, content=body, headers=headers)
                self.send_response(r.status_code)
                for k, v in r.headers.items():
                    if k.lower() not in ("content-length", "transfer-encoding", "connection", "content-encoding"):
                        self.send_header(k, v)
                self.send_header("Content-Length", str(len(r.content)))
                self.end_headers()
                self.wfile.write(r.content)

            do_GET = do_POST = forward

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def gets(self, path: str, since: float, until: float) -> int:
        return sum(1 for t, m, p in self.seen if m == "GET" and p == path and since <= t < until)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def proxy(stack):
    p = CountingProxy(stack.url)
    yield p
    p.close()


POLL = 1.0


def test_game_play_waiting_at_a_terminal_reads_the_game_once_a_poll(stack, tmp_path, proxy):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob", "cy"]}).json()
    game_id, path = created["id"], f"/games/{created['id']}"
    ann, bob, cy = (stack.client(s["token"]) for s in created["seats"])
    wait_for_human(ann, game_id, 0)
    ann.post(f"{path}/moves", json={"move": ann.get(f"{path}/moves").json()[0]})  # ann has bid: she waits for bob and cy
    child = spawn(stack, tmp_path, "--url", proxy.url, "--token", created["seats"][0]["token"],
                  "game", "play", game_id, "--as", "ann", "--poll", str(POLL))
    child.expect("waiting for bob, cy", timeout=60)
    start = time.monotonic()
    time.sleep(3.5)  # the others idle: a read a poll
    idle = proxy.gets(path, start, time.monotonic())
    assert 2 <= idle <= 4, f"{idle} reads of the game in 3.5 s of polls every {POLL} s"
    bob.post(f"{path}/moves", json={"move": bob.get(f"{path}/moves").json()[0]})  # still waiting, for cy now
    child.expect("waiting for cy", timeout=60)
    time.sleep(1.5)
    cy.post(f"{path}/moves", json={"move": cy.get(f"{path}/moves").json()[0]})  # then ann's turn comes
    child.expect(PROMPT, timeout=60)
    reads = [t for t, m, p in proxy.seen if m == "GET" and p == path and t >= start]
    gaps = [round(b - a, 3) for a, b in zip(reads, reads[1:])]
    assert min(gaps) > POLL / 2, f"reads of the game {POLL} s polls apart came this close together: {gaps}"
    child.sendline("q")
    child.expect(pexpect.EOF, timeout=30)
