"""The service in process: Litestar's test client on the real app against a real store (the embedded
server of the test session), no HTTP server and no workers — so the routes, commands, undo, entropy,
idempotency and audit run in milliseconds. Chance is entered by the arbiter (arbiter mode), so no
worker is needed; the end-to-end tests cover the wiring to the workers."""

from __future__ import annotations

import secrets

import pytest
from litestar.testing import TestClient

from events.envelope import Envelope, check_chain
from service.app import create_app
from service.settings import Settings

ARBITER = "arb-" + secrets.token_hex(8)
SHUFFLE = {"type": "shuffle", "order": list(range(12))}  # deck 1..6, 1..6: ann holds 1 2, bob 3 4


@pytest.fixture(scope="module")
def client(redis_url):
    cfg = Settings(redis_url=redis_url, queue_url=redis_url, arbiter_token=ARBITER, queue=f"unit-{secrets.token_hex(4)}")
    with TestClient(app=create_app(cfg)) as c:
        yield c


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def toy(client, **extra) -> tuple[str, dict[int, dict[str, str]]]:
    body = {"type": "toy", "players": ["ann", "bob"], "options": {"arbiter_chance": True}, **extra}
    r = client.post("/games", json=body)
    assert r.status_code == 201, r.text
    created = r.json()
    return created["id"], {s["seat"]: auth(s["token"]) for s in created["seats"]}


def move(client, game_id, who, mv, **extra):
    return client.post(f"/games/{game_id}/moves", json={"move": mv, **extra}, headers=who)


def test_a_game_is_played_to_its_end_and_its_log_verifies(client):
    game_id, seat = toy(client)
    arb = auth(ARBITER)
    assert move(client, game_id, arb, SHUFFLE).status_code == 201
    rounds = 0
    while (g := client.get(f"/games/{game_id}").json())["status"] == "active":
        if g["waiting_for"] == "chance":
            r = move(client, game_id, arb, {"type": "roll", "face": 6})
            rounds += 1
        else:
            s = g["actors"][0]
            card = client.get(f"/games/{game_id}/moves", headers=seat[s]).json()[0]
            r = move(client, game_id, seat[s], card)
        assert r.status_code == 201, r.text
    assert rounds == 3 and sum(g["view"]["points"]) == 3 * 6  # three rounds, each roller scored the 6 entered
    report = client.get(f"/games/{game_id}/verify").json()
    assert report["ok"] is True, report
    rows = client.get(f"/games/{game_id}/events").json()
    assert [r["kind"] for r in rows[-2:]] == ["finished", "seed-revealed"]
    events = [Envelope(**{k: v for k, v in r.items() if k != "redacted"}) for r in rows]
    assert check_chain(events) is None


def test_a_seat_reads_its_own_secret_bid_and_nobody_else_does(client):
    game_id, seat = toy(client)
    move(client, game_id, auth(ARBITER), SHUFFLE)
    assert move(client, game_id, seat[0], {"type": "bid", "card": 2}).status_code == 201
    mine = client.get(f"/games/{game_id}/events", headers=seat[0]).json()[-1]
    theirs = client.get(f"/games/{game_id}/events", headers=seat[1]).json()[-1]
    public = client.get(f"/games/{game_id}/events").json()[-1]
    assert mine["payload"] == {"move": {"type": "bid", "card": 2}}
    assert theirs["payload"] is None and theirs["redacted"] is True and public["payload"] is None
    assert client.get(f"/games/{game_id}", headers=seat[1]).json()["view"]["bids"][0] is True


@pytest.mark.parametrize("who, mv, status, code", [
    (None, {"type": "bid", "card": 1}, 401, "unauthorized"),
    (1, {"type": "bid", "card": 1}, 422, "illegal-move"),  # bob holds 3 and 4
    (0, {"type": "bid", "card": 9}, 422, "illegal-move"),
    (0, {"type": "nonsense"}, 422, "illegal-move"),
    ("arbiter", {"type": "roll", "face": 3}, 403, "not-your-turn"),  # no chance step is due
])
def test_a_refused_move_is_a_clear_4xx_and_changes_nothing(client, who, mv, status, code):
    game_id, seat = toy(client)
    move(client, game_id, auth(ARBITER), SHUFFLE)
    before = client.get(f"/games/{game_id}").json()["version"]
    headers = {} if who is None else auth(ARBITER) if who == "arbiter" else seat[who]
    r = move(client, game_id, headers, mv)
    assert r.status_code == status and r.json()["error"] == code and r.json()["detail"], r.text
    assert client.get(f"/games/{game_id}").json()["version"] == before


@pytest.mark.parametrize("body, says", [
    ({"type": "chess", "players": ["a", "b"]}, "unknown game type"),
    ({"type": "toy", "players": ["a"]}, "players"),
    ({"type": "toy", "players": ["a", "b"], "colour": "red"}, "colour"),
    ({"type": "toy"}, "players"),
])
def test_a_bad_creation_is_refused(client, body, says):
    r = client.post("/games", json=body)
    assert r.status_code in (400, 422) and says in r.json()["detail"], r.text


def test_a_stale_expected_version_is_a_conflict(client):
    game_id, seat = toy(client)
    move(client, game_id, auth(ARBITER), SHUFFLE)
    r = move(client, game_id, seat[0], {"type": "bid", "card": 1}, expected_version=1)
    assert r.status_code == 409 and r.json()["error"] == "version-conflict"
    assert move(client, game_id, seat[0], {"type": "bid", "card": 1}, expected_version=2).status_code == 201


def test_a_retried_move_under_its_idempotency_key_is_answered_once(client):
    game_id, seat = toy(client)
    move(client, game_id, auth(ARBITER), SHUFFLE)
    headers = {**seat[0], "Idempotency-Key": "k1"}
    first = move(client, game_id, headers, {"type": "bid", "card": 1})
    again = move(client, game_id, headers, {"type": "bid", "card": 1})
    assert first.status_code == again.status_code == 201 and first.json() == again.json()
    assert again.headers["idempotent-replayed"] == "true"
    other = move(client, game_id, headers, {"type": "bid", "card": 2})
    assert other.status_code == 422 and other.json()["error"] == "idempotency-key-reused"
    assert client.get(f"/games/{game_id}").json()["version"] == 3


def test_undo_is_asked_consented_and_granted_as_events(client):
    game_id, seat = toy(client)
    move(client, game_id, auth(ARBITER), SHUFFLE)
    move(client, game_id, seat[0], {"type": "bid", "card": 1})
    asked = client.post(f"/games/{game_id}/undo", json={}, headers=seat[0]).json()
    assert asked == {"granted": False, "version": 4, "request": 4, "to": 2, "waiting_for": [1]}
    assert client.get(f"/games/{game_id}", headers=seat[1]).json()["undo"]["consent"] is True
    granted = client.post(f"/games/{game_id}/undo", json={"action": "consent", "request": 4}, headers=seat[1]).json()
    assert granted["granted"] is True and granted["to"] == 2
    g = client.get(f"/games/{game_id}", headers=seat[0]).json()
    assert g["view"]["bids"] == [None, False] and g["actors"] == [0, 1]
    kinds = [e["kind"] for e in client.get(f"/games/{game_id}/events").json()]
    assert kinds == ["created", "chance", "move", "undo-requested", "undo-consented", "undo"]


def test_each_seat_adds_its_entropy_once_before_the_first_draw(client):
    game_id, seat = toy(client)
    r = client.post(f"/games/{game_id}/entropy", json={"entropy": "ann's coin"}, headers=seat[0])
    assert r.status_code == 201 and r.json()["given"] == [0]
    again = client.post(f"/games/{game_id}/entropy", json={"entropy": "more"}, headers=seat[0])
    assert again.status_code == 409
    move(client, game_id, auth(ARBITER), SHUFFLE)
    late = client.post(f"/games/{game_id}/entropy", json={"entropy": "late"}, headers=seat[1])
    assert late.status_code == 409 and "too late" in late.json()["detail"]


def test_replay_and_fork_start_from_an_earlier_version(client):
    game_id, seat = toy(client)
    move(client, game_id, auth(ARBITER), SHUFFLE)
    move(client, game_id, seat[0], {"type": "bid", "card": 1})
    then = client.get(f"/games/{game_id}/state", params={"at": 2}, headers=seat[0]).json()
    assert then["version"] == 2 and then["view"]["bids"] == [None, False]
    forked = client.post(f"/games/{game_id}/fork", params={"at": 2}, headers=auth(ARBITER))
    assert forked.status_code == 201, forked.text
    new = forked.json()
    assert new["origin"] == {"game": game_id, "at": 2, "by": "arbiter", "hidden": "exact", "private": True}  # (forked while in play)
    assert client.get(f"/games/{new['id']}").status_code == 401  # private: its seats and the arbiter read it
    shown = client.get(f"/games/{new['id']}", headers=auth(ARBITER)).json()
    assert shown["origin"]["game"] == game_id and shown["version"] == 2


def test_the_fast_move_path_answers_as_the_route_does(client):
    """A plain move is answered by service/fastpath.py, one with an Idempotency-Key by the Litestar
    route: the two answers have the same shape; what the fast path does not take, the route refuses."""
    game_id, seat = toy(client)
    move(client, game_id, auth(ARBITER), SHUFFLE)
    fast = move(client, game_id, seat[0], {"type": "bid", "card": 1})
    routed = move(client, game_id, {**seat[1], "Idempotency-Key": "k"}, {"type": "bid", "card": 3})
    assert fast.status_code == routed.status_code == 201
    assert fast.json() == {"version": 3, "status": "active"} and routed.json() == {"version": 4, "status": "active"}
    assert fast.headers["x-request-id"] != routed.headers["x-request-id"]  # each answer names its own request
    fast_h, routed_h = dict(fast.headers), dict(routed.headers)
    fast_h.pop("x-request-id"), routed_h.pop("x-request-id")
    assert fast_h == {**routed_h, "content-length": str(len(fast.content))}
    url = f"/games/{game_id}/moves"
    for body, status in ((b"{not json", 400), (b'{"move": {}, "colour": 1}', 400), (b'{"move": 5}', 400),
                         (b'{"move": {"type": "bid", "card": 2}, "pad": "' + b"x" * 70_000 + b'"}', 413),
                         (b'{"move": {"type": "bid", "card": 2, "pad": "' + b"x" * 70_000 + b'"}}', 413)):
        r = client.post(url, content=body, headers={**seat[0], "Content-Type": "application/json"})
        assert r.status_code == status and r.json()["error"] and r.json()["detail"], (body[:30], r.text)
    assert client.post(url, json={"move": {"type": "roll", "face": 1}}, headers=auth("nobody")).status_code == 401
    assert client.get(f"/games/{game_id}").json()["version"] == 4


def test_moves_over_one_websocket_share_the_command_path(client):
    game_id, seat = toy(client)
    move(client, game_id, auth(ARBITER), SHUFFLE)
    with client.websocket_connect(f"/games/{game_id}/play", headers=seat[0]) as ws:
        ws.send_text('{"move": {"type": "bid", "card": 9}}')
        assert ws.receive_json()["error"] == "illegal-move"
        ws.send_text("{not json")
        assert ws.receive_json()["error"] == "bad-request"
        ws.send_text('{"move": {"type": "bid", "card": 1}, "expected_version": 2}')
        assert ws.receive_json() == {"version": 3, "status": "active"}
    assert client.get(f"/games/{game_id}", headers=seat[0]).json()["view"]["bids"][0] == 1
    with client.websocket_connect(f"/games/{game_id}/play") as ws:
        assert ws.receive_json()["error"] == "unauthorized"
