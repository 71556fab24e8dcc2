"""A seat's page whose live stream is refused (503: this address holds as many streams as it may, 32, e.g.
many tabs or many players behind one NAT) was silently dead: "Playing as ann" with no moves, no notice,
retrying forever. It says so, fetches the game's frame every few seconds meanwhile (the seat plays and
sees the other seat's moves), and goes live again once a stream is accepted."""

from __future__ import annotations

import socket
from contextlib import ExitStack
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import wait_for_human
from tests.web.browse import hold_seat

pytestmark = pytest.mark.e2e

BOUND = 32  # CARAVAN_MAX_STREAMS_PER_CLIENT's default: the test and the browser share 127.0.0.1


def hold_stream(url: str, game_id: str) -> socket.socket:
    """A frame stream held open from this address (its answer's head read: the place is taken)."""
    u = urlparse(url)
    s = socket.create_connection((u.hostname, u.port), timeout=30)
    s.sendall(f"GET /games/{game_id}/view/stream HTTP/1.1\r\nHost: {u.hostname}\r\nAccept: text/event-stream\r\n\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(4096)
    assert head.startswith(b"HTTP/1.1 200"), head[:200]
    return s


def test_a_refused_stream_is_said_and_the_page_plays_on_without_it(stack, page):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    game_id = created["id"]
    bob = stack.client(created["seats"][1]["token"])
    g = wait_for_human(bob, game_id, 1)
    with ExitStack() as held:
        for _ in range(BOUND):
            held.callback(hold_stream(stack.url, game_id).close)
        hold_seat(page, game_id, 0, created["seats"][0]["token"])
        page.goto(f"/games/{game_id}/view")
        expect(page.locator("#notice")).to_contain_text("Live updates are refused", timeout=15_000)
        expect(page.locator("#moves button.move").first).to_be_visible(timeout=15_000)  # from the frame, fetched
        page.locator("#moves button.move").first.click()
        expect(page.locator("#notice")).to_contain_text("played")
        moved = bob.post(f"/games/{game_id}/moves", json={"move": bob.get(f"/games/{game_id}/moves").json()[0],
                                                          "expected_version": g["version"] + 1})
        assert moved.status_code == 201, moved.text
        expect(page.locator("#account li[data-kind=move]")).to_have_count(2, timeout=15_000)  # bob's, polled
        assert page.locator("body").get_attribute("data-live") != "yes"
    expect(page.locator("body[data-live=yes]")).to_have_count(1, timeout=30_000)  # the streams let go: live again
    expect(page.locator("#notice")).not_to_contain_text("refused")
