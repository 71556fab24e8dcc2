"""Every error status the OpenAPI document names for a route is one the route really answers: each
(route, status) pair the document lists is provoked here, in process against the real store (and against
a store that has gone away, for 503). schemathesis' status_code_conformance (tests/e2e/
test_schema_contract.py) shows the other half: no status the document lacks is ever sent. A pair with no
way here to provoke it fails: drop it from the route's `errors(...)`, or add the way."""

from __future__ import annotations

import secrets
from typing import Callable

import pytest
from litestar.testing import TestClient

from service.admission import CREATES
from service.app import create_app
from service.embedded import EmbeddedRedis
from service.settings import Settings
from tests.unit import account_errors, seat_errors

ARBITER = "arb-" + secrets.token_hex(8)
SHUFFLE = {"type": "shuffle", "order": list(range(12))}
TOY = {"type": "toy", "players": ["ann", "bob"], "options": {"arbiter_chance": True}}
BODY = {  # a well-formed body for each route that reads one
    "/games": TOY, "/tournaments": {"type": "toy", "players": ["ann", "bob"]},
    "/games/{game_id}/moves": {"move": {"type": "bid", "card": 1}}, "/games/{game_id}/undo": {},
    "/games/{game_id}/entropy": {"entropy": "coin"}, "/games/{game_id}/abandon": {},
    "/games/{game_id}/adjudicate": {"ranks": [1, 2]}, "/games/{game_id}/analysis": {},
    "/tournaments/{tournament_id}/analysis": {},
    "/tournaments/{tournament_id}/withdraw": {"entrant": "ann"}, "/tournaments/{tournament_id}/cancel": {},
    # the POSTs that take no fields read a body all the same (none or {}): a body they cannot read is a 400
    "/games/{game_id}/resign": {}, "/games/{game_id}/return": {}, "/games/{game_id}/fork": {},
    "/tournaments/{tournament_id}/advance": {}, "/games/{game_id}/links": {},
    "/games/{game_id}/claim": {"code": "no-such-code"},
    **account_errors.BODY, **seat_errors.BODY,
}
WITHDRAW = "/tournaments/{tournament_id}/withdraw"
CANCEL = "/tournaments/{tournament_id}/cancel"
BAD_QUERY = {  # a parameter that cannot parse or is out of range (routes without a body)
    "/games/{game_id}/events": {"from": 0}, "/games/{game_id}/events/stream": {"from": 0},
    "/games/{game_id}/state": {"at": "soon"}, "/games/{game_id}/fork": {"at": 0},
    "/games/{game_id}/view/frame": {"at": 0}, "/games/{game_id}/export": {"analysis": "maybe"}, "/tournaments/{tournament_id}": {"rebuild": "maybe"},
    "/games": {"status": "bogus"},
}


def settings(url: str, **kw) -> Settings:
    return Settings(redis_url=url, queue_url=url, arbiter_token=ARBITER, queue=f"errs-{secrets.token_hex(4)}", **kw)


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture(scope="module")
def client(redis_url):
    with TestClient(app=create_app(settings(redis_url))) as c:
        yield c


@pytest.fixture(scope="module")
def down(tmp_path_factory):
    """The app of a store that went away after the app started."""
    server = EmbeddedRedis(tmp_path_factory.mktemp("gone") / "redis", durable=False).start()
    with TestClient(app=create_app(settings(server.url, redis_timeout=1.0))) as c:
        server.stop()
        yield c


@pytest.fixture(scope="module")
def crowded(redis_url):
    """An app whose clients may hold no page stream at all (CARAVAN_MAX_PAGE_STREAMS_PER_CLIENT=0) and create
    one game, tournament and analysis a window (the quotas at 1): the per-client bounds' 429 without holding
    streams open or creating by the dozen."""
    with TestClient(app=create_app(settings(redis_url, max_page_streams_per_client=0, quota_games=1,
                                            quota_tournaments=1, quota_analyses=1, signin_failures=1,
                                            quota_accounts=1))) as c:
        yield c


class World:
    """Real games and a tournament to provoke refusals on."""

    def __init__(self, c: TestClient, crowded: TestClient | None = None):
        self.c, self.crowded = c, crowded

    def game(self, shuffled: bool = True) -> tuple[str, list[dict[str, str]]]:
        created = self.c.post("/games", json=TOY).json()
        seats = [auth(s["token"]) for s in created["seats"]]
        if shuffled:
            assert self.c.post(f"/games/{created['id']}/moves", json={"move": SHUFFLE}, headers=auth(ARBITER)).status_code == 201
        return created["id"], seats

    def played_out(self) -> str:
        """A game played to its natural end (the arbiter rolls sixes)."""
        gid, seats = self.game()
        for _ in range(100):
            g = self.c.get(f"/games/{gid}").json()
            if g["status"] != "active":
                return gid
            who = auth(ARBITER) if g["waiting_for"] == "chance" else seats[g["actors"][0]]
            mv = {"type": "roll", "face": 6} if g["waiting_for"] == "chance" else \
                self.c.get(f"/games/{gid}/moves", headers=who).json()[0]
            assert self.c.post(f"/games/{gid}/moves", json={"move": mv}, headers=who).status_code == 201
        raise AssertionError("the toy game did not end")

    def adjudicated(self) -> str:
        gid, _ = self.game()
        assert self.c.post(f"/games/{gid}/adjudicate", json={"ranks": [1, 2]}, headers=auth(ARBITER)).status_code == 200
        return gid

    def tournament(self) -> dict:
        return self.c.post("/tournaments", json=BODY["/tournaments"]).json()


def path_of(template: str, game: str = "g-none", tournament: str = "t-none") -> str:
    return template.replace("{game_id}", game).replace("{tournament_id}", tournament)


def send(c: TestClient, method: str, template: str, game: str = "g-none", tournament: str = "t-none",
         headers: dict | None = None, **kw):
    if "json" not in kw and "content" not in kw and template in BODY:
        kw["json"] = BODY[template]
    return c.request(method.upper(), path_of(template, game, tournament), headers=headers or {}, **kw)


def raw(c: TestClient, method: str, template: str, game: str, content: bytes):
    """A body as bytes, as the arbiter (who passes every token check)."""
    return c.request(method.upper(), path_of(template, game), content=content,
                     headers={**auth(ARBITER), "content-type": "application/json"})


def specific(w: World) -> dict[tuple[str, str, int], Callable[[], object]]:
    """The refusals that depend on a route's own rules."""
    return {**game_refusals(w), **tournament_refusals(w)}


def game_refusals(w: World) -> dict[tuple[str, str, int], Callable[[], object]]:
    """The refusals of the game routes' own rules."""
    c, arb = w.c, auth(ARBITER)
    g = "/games/{game_id}"

    def twice(method, template, first_status, **kw):
        gid, seats = w.game(shuffled=False)
        assert send(c, method, template, gid, headers=seats[0], **kw).status_code == first_status
        return send(c, method, template, gid, headers=seats[0], **kw)

    def reanalysed(gid):  # a reader without a token asks other settings of an analysed game
        assert send(c, "post", f"{g}/analysis", gid, json={"iterations": 5}).status_code == 202
        return send(c, "post", f"{g}/analysis", gid, json={"iterations": 6})

    def as_seat(method, template, shuffled=True, **kw):
        gid, seats = w.game(shuffled)
        return send(c, method, template, gid, headers=seats[0], **kw)

    def as_arbiter(method, template, gid, **kw):
        return send(c, method, template, gid, headers=arb, **kw)

    return {
        ("post", "/games", 401): lambda: c.post("/games", json={**TOY, "seed": "s"}),
        ("post", "/games", 403): lambda: c.post("/games", json={**TOY, "seed": "s"}, headers=auth("someone")),
        ("post", "/games", 422): lambda: c.post("/games", json={**TOY, "type": "no-such-game"}),
        ("post", f"{g}/moves", 403): lambda: as_seat("post", f"{g}/moves", shuffled=False),  # chance comes first
        ("post", f"{g}/moves", 409): lambda: as_seat("post", f"{g}/moves", json={**BODY[f"{g}/moves"],
                                                                             "expected_version": 99}),
        ("post", f"{g}/moves", 422): lambda: as_seat("post", f"{g}/moves", json={"move": {"type": "bid", "card": 9}}),
        ("post", f"{g}/undo", 409): lambda: as_seat("post", f"{g}/undo", json={"action": "consent", "request": 9}),
        ("post", f"{g}/undo", 422): lambda: as_seat("post", f"{g}/undo", json={"action": "take-back"}),
        ("post", f"{g}/entropy", 409): lambda: twice("post", f"{g}/entropy", 201),
        ("post", f"{g}/entropy", 422): lambda: as_seat("post", f"{g}/entropy", shuffled=False,
                                                       json={"entropy": "x" * 65}),
        ("post", f"{g}/fork", 422): lambda: as_arbiter("post", f"{g}/fork", w.played_out()),
        ("post", f"{g}/resign", 409): lambda: twice("post", f"{g}/resign", 200),
        ("post", f"{g}/return", 409): lambda: as_seat("post", f"{g}/return"),  # nobody plays for the seat
        # a seat's own verbs: only a seat of a game passes the token check, so a missing game is one whose
        # id is a tournament's (no game's)
        ("post", f"{g}/resign", 404): lambda: send(c, "post", f"{g}/resign", w.tournament()["id"]),
        ("post", f"{g}/entropy", 404): lambda: send(c, "post", f"{g}/entropy", w.tournament()["id"]),
        ("post", f"{g}/return", 404): lambda: send(c, "post", f"{g}/return", w.tournament()["id"]),
        ("post", f"{g}/links", 404): lambda: send(c, "post", f"{g}/links", w.tournament()["id"]),
        ("get", "/games", 404): lambda: c.get("/games", params={"after": "g-none"}),  # no such page
        ("post", f"{g}/abandon", 403): lambda: as_seat("post", f"{g}/abandon"),
        ("post", f"{g}/abandon", 409): lambda: as_arbiter("post", f"{g}/abandon", w.adjudicated()),
        ("post", f"{g}/abandon", 422): lambda: as_arbiter("post", f"{g}/abandon", w.game()[0],
                                                          json={"reason": "x" * 500}),
        ("post", f"{g}/adjudicate", 403): lambda: as_seat("post", f"{g}/adjudicate"),
        ("post", f"{g}/adjudicate", 409): lambda: as_arbiter("post", f"{g}/adjudicate", w.adjudicated()),
        ("post", f"{g}/adjudicate", 422): lambda: as_arbiter("post", f"{g}/adjudicate", w.game()[0],
                                                             json={"ranks": [1]}),
        ("post", f"{g}/analysis", 409): lambda: as_seat("post", f"{g}/analysis"),  # the game is running
        ("post", f"{g}/analysis", 422): lambda: as_seat("post", f"{g}/analysis", json={"budget": 1000}),
        ("get", f"{g}/analysis", 409): lambda: as_seat("get", f"{g}/analysis"),
        ("post", f"{g}/analysis", 403): lambda: reanalysed(w.played_out()),
        ("get", f"{g}/view/stream", 429): lambda: send(w.crowded, "get", f"{g}/view/stream", w.game()[0]),
    }


def tournament_refusals(w: World) -> dict[tuple[str, str, int], Callable[[], object]]:
    """The refusals of the tournament routes' own rules."""
    c = w.c

    def withdraw_twice(t):
        kw = dict(tournament=t["id"], headers=auth(t["organiser_token"]), json={"entrant": "ann"})
        assert send(c, "post", WITHDRAW, **kw).status_code == 200
        return send(c, "post", WITHDRAW, **kw)

    def cancel_twice(t):
        kw = dict(tournament=t["id"], headers=auth(t["organiser_token"]))
        assert send(c, "post", CANCEL, **kw).status_code == 200
        return send(c, "post", CANCEL, **kw)

    return {
        ("get", "/tournaments/{tournament_id}/events", 401):
            lambda: send(c, "get", "/tournaments/{tournament_id}/events", tournament=w.tournament()["id"],
                         headers={"Authorization": "Basic x"}),
        ("get", "/tournaments/{tournament_id}/export", 401):
            lambda: send(c, "get", "/tournaments/{tournament_id}/export", tournament=w.tournament()["id"],
                         headers={"Authorization": "Basic x"}),
        ("post", "/tournaments/{tournament_id}/analysis", 401):
            lambda: send(c, "post", "/tournaments/{tournament_id}/analysis", tournament=w.tournament()["id"],
                         headers={"Authorization": "Basic x"}),
        ("post", "/tournaments/{tournament_id}/analysis", 422):
            lambda: send(c, "post", "/tournaments/{tournament_id}/analysis", tournament=w.tournament()["id"],
                         json={"budget": 1000}),
        ("post", "/tournaments", 422): lambda: c.post("/tournaments", json={"type": "toy", "players": ["solo"]}),
        ("post", "/tournaments/{tournament_id}/advance", 401):
            lambda: send(c, "post", "/tournaments/{tournament_id}/advance", tournament=w.tournament()["id"]),
        ("post", "/tournaments/{tournament_id}/advance", 403):
            lambda: send(c, "post", "/tournaments/{tournament_id}/advance", tournament=(t := w.tournament())["id"],
                         headers=auth(t["entrants"][0]["token"])),
        ("post", WITHDRAW, 401): lambda: send(c, "post", WITHDRAW, tournament=w.tournament()["id"]),
        ("post", WITHDRAW, 403): lambda: send(c, "post", WITHDRAW, tournament=(t := w.tournament())["id"],
                                              headers=auth(t["entrants"][1]["token"]), json={"entrant": "ann"}),
        ("post", WITHDRAW, 409): lambda: withdraw_twice(w.tournament()),
        ("post", WITHDRAW, 422): lambda: send(c, "post", WITHDRAW, tournament=(t := w.tournament())["id"],
                                              headers=auth(t["organiser_token"]), json={"entrant": "nobody"}),
        ("post", CANCEL, 401): lambda: send(c, "post", CANCEL, tournament=w.tournament()["id"]),
        ("post", CANCEL, 403): lambda: send(c, "post", CANCEL, tournament=(t := w.tournament())["id"],
                                            headers=auth(t["entrants"][0]["token"])),
        ("post", CANCEL, 409): lambda: cancel_twice(w.tournament()),
        ("post", CANCEL, 422): lambda: send(c, "post", CANCEL, tournament=(t := w.tournament())["id"],
                                            headers=auth(t["organiser_token"]), json={"reason": "x" * 201}),
        ("get", "/tournaments/{tournament_id}/tables", 401):
            lambda: send(c, "get", "/tournaments/{tournament_id}/tables", tournament=w.tournament()["id"]),
    }


def provoke(w: World, down: TestClient, method: str, template: str, code: int):
    """A request that should get `code` from the route, or None when no way is known."""
    c = w.c
    own = {**specific(w), **account_errors.provocations(c, w.crowded, down, ARBITER),
           **seat_errors.provocations(c, down)}.get((method, template, code))
    if own is not None:
        return own()
    if code == 503:  # the store is gone: any request that reaches it
        return send(down, method, template, "g-gone", "t-gone", headers=auth("a-seat-token"))
    if code == 404:
        return send(c, method, template, headers=auth(ARBITER))
    if code == 401 and "{game_id}" in template:  # a token that is no seat of this game
        return send(c, method, template, w.game()[0], headers=auth("not-a-seat"))
    if code == 415:  # a JSON route given another content type (a page's text/plain post)
        return c.request(method.upper(), path_of(template, w.game()[0]), content=b'{}',
                         headers={**auth(ARBITER), "content-type": "text/plain"})
    if code == 429 and (method.upper(), template) in CREATES:  # past the quota: every request counts
        send(w.crowded, method, template)
        return send(w.crowded, method, template)
    if code == 413 and template in BODY:
        return raw(c, method, template, w.game()[0], b'{"x": "' + b"a" * (70 * 1024) + b'"}')
    if code == 400 and template in BAD_QUERY and (method.upper() == "GET" or template not in BODY):
        return send(c, method, template, w.game()[0], w.tournament()["id"], headers=auth(ARBITER),
                    params=BAD_QUERY[template])
    if code == 400 and template in BODY:
        return raw(c, method, template, w.game()[0], b'{"move": [')
    return None


def documented(c: TestClient) -> list[tuple[str, str, int]]:
    doc = c.get("/schema/openapi.json").json()
    return [(method, path, int(code)) for path, ops in doc["paths"].items() for method, op in ops.items()
            for code in op["responses"] if int(code) >= 400]


def test_every_documented_error_is_reached(client, down, crowded):
    w = World(client, crowded)
    unknown, wrong = [], []
    for method, template, code in documented(client):
        r = provoke(w, down, method, template, code)
        if r is None:
            unknown.append(f"{method.upper()} {template} {code}")
        elif r.status_code != code or not {"error", "detail"} <= set(r.json()):
            wrong.append(f"{method.upper()} {template}: {code} expected, got {r.status_code} {r.text[:160]}")
    assert not wrong, wrong
    assert not unknown, f"documented, and no way known here to reach them: {unknown}"
