"""Hostile requests on the real stack: Idempotency-Key bound to its request, and malformed tokens.

Each attack from issue 12 stays here as a regression test: a key reused for another move, by another
seat or by the arbiter must never be told "it worked"; sixteen concurrent retries of one request get
one answer and append one event; any malformed Authorization header is a 401, never a 500."""

from __future__ import annotations

import threading

import httpx
import pytest

from tests.e2e.helpers import all_events, wait_for_human

pytestmark = pytest.mark.e2e


def new_toy(stack, players=("ann", "bob")):
    created = stack.client().post("/games", json={"type": "toy", "players": list(players)}).json()
    return created["id"], {s["seat"]: s.get("token") for s in created["seats"]}


def version_of(stack, game_id):
    return stack.client().get(f"/games/{game_id}").json()["version"]


def test_a_retry_gets_the_first_answer_byte_for_byte_and_says_it_was_replayed(stack):
    game_id, tokens = new_toy(stack)
    ann = stack.client(tokens[0])
    wait_for_human(ann, game_id, 0)
    move = ann.get(f"/games/{game_id}/moves").json()[0]
    before = version_of(stack, game_id)
    first = ann.post(f"/games/{game_id}/moves", json={"move": move}, headers={"Idempotency-Key": "k-1"})
    again = ann.post(f"/games/{game_id}/moves", json={"move": move}, headers={"Idempotency-Key": "k-1"})
    assert first.status_code == again.status_code == 201
    assert again.content == first.content
    assert first.headers.get("idempotent-replayed") is None
    assert again.headers["idempotent-replayed"] == "true"
    assert len([e for e in all_events(ann, game_id) if e.kind == "move" and e.version > before]) == 1


@pytest.mark.parametrize("other", ["another-move", "another-seat", "arbiter-empty-move"])
def test_the_same_key_for_another_request_is_refused_and_changes_nothing(stack, other):
    game_id, tokens = new_toy(stack)
    ann = stack.client(tokens[0])
    wait_for_human(ann, game_id, 0)
    moves = ann.get(f"/games/{game_id}/moves").json()
    first = ann.post(f"/games/{game_id}/moves", json={"move": moves[0]}, headers={"Idempotency-Key": "K"})
    assert first.status_code == 201
    after = version_of(stack, game_id)
    if other == "another-move":
        other_move = moves[1] if len(moves) > 1 else {"type": "bid", "card": 99}  # two equal cards: one move
        r = ann.post(f"/games/{game_id}/moves", json={"move": other_move}, headers={"Idempotency-Key": "K"})
    elif other == "another-seat":
        bob = stack.client(tokens[1])
        r = bob.post(f"/games/{game_id}/moves", json={"move": moves[0]}, headers={"Idempotency-Key": "K"})
    else:
        r = stack.client(stack.arbiter).post(f"/games/{game_id}/moves", json={"move": {}}, headers={"Idempotency-Key": "K"})
    assert r.status_code == 422, r.text
    assert r.json()["error"] == "idempotency-key-reused"
    assert "duplicate" not in r.json()
    assert version_of(stack, game_id) == after
    movers = [e.actor for e in all_events(ann, game_id) if e.kind == "move"]
    assert movers == [0]


def test_sixteen_concurrent_retries_of_one_key_get_one_answer_and_one_event(stack):
    game_id, tokens = new_toy(stack)
    ann = stack.client(tokens[0])
    wait_for_human(ann, game_id, 0)
    move = ann.get(f"/games/{game_id}/moves").json()[0]
    barrier, answers = threading.Barrier(16), []

    def racer():
        with stack.client(tokens[0]) as c:
            barrier.wait()
            r = c.post(f"/games/{game_id}/moves", json={"move": move}, headers={"Idempotency-Key": "race"})
            answers.append((r.status_code, r.content))

    threads = [threading.Thread(target=racer) for _ in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(answers) == 16
    assert {code for code, _ in answers} == {201}, answers
    assert len({body for _, body in answers}) == 1
    assert len([e for e in all_events(ann, game_id) if e.kind == "move" and e.actor == 0]) == 1


BAD_HEADERS = [
    b"Bearer \xc3\xa9t\xc3\xa9",  # UTF-8 bytes: decoded as Latin-1, non-ASCII
    b"Bearer \xff\xfe",
    b"Bearer",
    b"Basic dXNlcjpwYXNz",
    b"bearer a b c",
    b"Bearer " + b"x" * 5000,
    b"\xe2\x82\xac",
]


@pytest.mark.parametrize("header", BAD_HEADERS, ids=range(len(BAD_HEADERS)))
def test_a_malformed_authorization_header_is_a_401_on_every_route(stack, header):
    game_id, _ = new_toy(stack)
    tournament = stack.client().post("/tournaments", json={"type": "toy", "players": ["a:ai-random", "b:ai-random"]}).json()
    routes = [("GET", f"/games/{game_id}"), ("GET", f"/games/{game_id}/moves"), ("POST", f"/games/{game_id}/moves"),
              ("GET", f"/games/{game_id}/events"), ("GET", f"/games/{game_id}/state?at=1"),
              ("GET", f"/games/{game_id}/export"), ("POST", f"/games/{game_id}/undo"),
              ("POST", f"/games/{game_id}/fork"), ("POST", f"/games/{game_id}/entropy"),
              ("GET", f"/games/{game_id}/view/frame"), ("POST", "/games"),
              ("GET", f"/tournaments/{tournament['id']}/tables"), ("POST", f"/tournaments/{tournament['id']}/advance")]
    with httpx.Client(base_url=stack.url, timeout=30) as c:
        for method, path in routes:
            body = {f"/games/{game_id}/moves": b'{"move": {"type": "bid", "card": 1}}',
                    f"/games/{game_id}/entropy": b'{"entropy": "x"}',
                    "/games": b'{"type": "toy", "players": ["a", "b"], "seed": "s"}'}.get(path, b"{}")
            r = c.request(method, path, content=body if method == "POST" else None,
                          headers=[(b"authorization", header), (b"content-type", b"application/json")])
            assert r.status_code == 401, (method, path, r.status_code, r.text)
            assert r.json()["error"] == "unauthorized"


@pytest.mark.parametrize("key", ["ключ".encode(), b"caf\xe9", b"a b\tc"])
def test_an_idempotency_key_that_is_no_printable_ascii_is_a_400_that_changes_nothing(stack, key):
    """A key outside printable ASCII (what the README allows) was taken as it came (latin-1): refused now,
    with the usual JSON error, and no move is made."""
    game_id, tokens = new_toy(stack)
    ann = stack.client(tokens[0])
    wait_for_human(ann, game_id, 0)
    move = ann.get(f"/games/{game_id}/moves").json()[0]
    before = version_of(stack, game_id)
    r = ann.post(f"/games/{game_id}/moves", json={"move": move}, headers={"Idempotency-Key": key})
    assert r.status_code == 400, (key, r.status_code, r.text)
    assert set(r.json()) >= {"error", "detail"} and "Idempotency-Key" in r.json()["detail"], r.text
    assert version_of(stack, game_id) == before
