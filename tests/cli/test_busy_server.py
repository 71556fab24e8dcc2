"""A server that is busy answers 503 with Retry-After (service/reads.py: every replay process taken);
the CLI asks a read again as the answer says, a few times, and never sends a write twice. Against a small
real HTTP server that answers from a script."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from cli import client


class Scripted(BaseHTTPRequestHandler):
    script: list[int] = []  # the status of each answer in turn (then 200)
    seen: list[str] = []

    def answer(self) -> None:
        Scripted.seen.append(self.command)
        status = Scripted.script.pop(0) if Scripted.script else 200
        body = json.dumps({"error": "busy", "detail": "retry later"} if status == 503 else {"ok": True}).encode()
        self.send_response(status)
        if status == 503:
            self.send_header("Retry-After", "0")
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = answer

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def server(monkeypatch):
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Scripted)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    monkeypatch.setattr(client.ctx, "url", f"http://127.0.0.1:{httpd.server_address[1]}")
    Scripted.seen = []
    yield Scripted
    httpd.shutdown()


def test_a_read_a_busy_server_refuses_is_asked_again(server):
    server.script = [503, 503]
    assert client.request("GET", "/games/x/events") == {"ok": True}
    assert server.seen == ["GET", "GET", "GET"]


def test_a_read_stays_refused_when_the_server_stays_busy(server):
    server.script = [503] * 10
    with pytest.raises(client.Refused) as refused:
        client.raw("GET", "/games/x/events")
    assert refused.value.status == 503 and len(server.seen) == 1 + client.BUSY_RETRIES


def test_a_write_is_never_sent_twice(server):
    server.script = [503]
    with pytest.raises(client.Refused):
        client.raw("POST", "/games/x/moves", json_body={"move": {}})
    assert server.seen == ["POST"]
