"""The refusals of the routes of seats bound to accounts (POST /games/{id}/join, cancel, accept, decline;
GET /me/games, GET /me/invitations), each provoked (tests/unit/test_documented_errors.py asks here, as it
asks tests/unit/account_errors.py)."""

from __future__ import annotations

from collections.abc import Callable

from litestar.testing import TestClient

from tests.unit.account_errors import WELL_FORMED, account, auth

JOIN, CANCEL = "/games/{game_id}/join", "/games/{game_id}/cancel"
ACCEPT, DECLINE = "/games/{game_id}/accept", "/games/{game_id}/decline"
BODY = {JOIN: {}, CANCEL: {}, ACCEPT: {}, DECLINE: {}}


def provocations(c: TestClient, down: TestClient) -> dict[tuple[str, str, int], Callable]:
    def session() -> str:
        return account(c)[1]["token"]

    def table(token: str) -> str:
        made = c.post("/games", json={"type": "toy", "players": ["open", "open"]}, headers=auth(token))
        assert made.status_code == 201, made.text
        return made.json()["id"]

    def twice(path: str):
        token = session()
        gid = table(token)
        assert c.post(path.format(game_id=gid), json={}, headers=auth(token)).status_code == 200
        return c.post(path.format(game_id=gid), json={}, headers=auth(token))

    def no_play_scope(verb: str = "join"):
        token = session()
        weak = c.post("/me/tokens", json={"label": "x", "scopes": ["analyse"]}, headers=auth(token)).json()["token"]
        return c.post(f"/games/{table(token)}/{verb}", json={}, headers=auth(weak))

    def answers(verb: str) -> dict[tuple[str, str, int], Callable]:
        path = f"/games/{{game_id}}/{verb}"
        return {
            ("post", path, 403): lambda: no_play_scope(verb),
            ("post", path, 404): lambda: c.post(f"/games/g-none/{verb}", json={}, headers=auth(session())),
            ("post", path, 409): lambda: c.post(f"/games/{table(session())}/{verb}", json={}, headers=auth(session())),
            ("post", path, 503): lambda: down.post(f"/games/g-gone/{verb}", json={}, headers=auth(WELL_FORMED)),
        }

    return {
        ("post", JOIN, 403): no_play_scope,
        ("post", JOIN, 404): lambda: c.post("/games/g-none/join", json={}, headers=auth(session())),
        ("post", JOIN, 409): lambda: twice("/games/{game_id}/join"),
        ("post", JOIN, 422): lambda: c.post(f"/games/{table(session())}/join", json={"seat": 5},
                                            headers=auth(session())),
        ("post", JOIN, 503): lambda: down.post("/games/g-gone/join", json={}, headers=auth(WELL_FORMED)),
        ("post", CANCEL, 403): lambda: c.post(f"/games/{table(session())}/cancel", headers=auth(session())),
        ("post", CANCEL, 404): lambda: c.post("/games/g-none/cancel", headers=auth(session())),
        ("post", CANCEL, 409): lambda: twice("/games/{game_id}/cancel"),
        ("post", CANCEL, 503): lambda: down.post("/games/g-gone/cancel", headers=auth(WELL_FORMED)),
        ("get", "/me/games", 401): lambda: c.get("/me/games"),
        ("get", "/me/games", 503): lambda: down.get("/me/games", headers=auth(WELL_FORMED)),
        ("get", "/me/invitations", 401): lambda: c.get("/me/invitations"),
        ("get", "/me/invitations", 503): lambda: down.get("/me/invitations", headers=auth(WELL_FORMED)),
        **answers("accept"), **answers("decline"),
        **{("post", f"/games/{{game_id}}/{verb}", 403): by_cookie_without_csrf(c, session, verb, body)
           for verb, body in COOKIE_WRITES.items()},
    }


# a game's writes that a session cookie signs for the account's seat: without the session's CSRF value in
# X-CSRF-Token, 403 csrf-missing (service/seats.py cookie_caller; moves: tests/e2e/test_account_seats.py)
COOKIE_WRITES = {"resign": {}, "return": {}, "undo": {},
                 "entropy": {"entropy": "coin"}, "fork": {}, "links": {}}


def by_cookie_without_csrf(c: TestClient, session: Callable[[], str], verb: str, body: dict) -> Callable:
    def provoke():
        gid = c.post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()["id"]
        refused = c.post(f"/games/{gid}/{verb}", json=body, headers={"Cookie": f"caravan_session={session()}"})
        assert refused.json()["error"] == "csrf-missing", refused.text
        return refused
    return provoke
