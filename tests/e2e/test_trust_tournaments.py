"""Tournament writes need the organiser's token (or the arbiter's); every size is bounded."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e


def create(stack, **extra):
    body = {"type": "toy", "players": ["a:ai-random", "b:ai-random", "ann"], **extra}
    return stack.client().post("/tournaments", json=body)


def test_advance_needs_the_organiser_or_the_arbiter(stack):
    """As on the game routes: no token, or a token that is nobody's here (made up, or another tournament's
    organiser's), is 401; a token of this tournament without the right (an entrant's) is 403."""
    r = create(stack)
    assert r.status_code == 201, r.text
    t = r.json()
    tid, organiser = t["id"], t["organiser_token"]
    entrant = next(e["token"] for e in t["entrants"] if "token" in e)
    other = create(stack).json()
    for token, code in ((None, 401), ("not-a-token", 401), (other["organiser_token"], 401), (entrant, 403)):
        refused = stack.client(token).post(f"/tournaments/{tid}/advance")
        assert refused.status_code == code, (token, refused.text)
        assert refused.json()["error"] == {401: "unauthorized", 403: "forbidden"}[code] and refused.json()["detail"]
        for verb in ("cancel", "withdraw"):  # the other organiser's writes alike (named: the organiser's way)
            refused = stack.client(token).post(f"/tournaments/{tid}/{verb}", json={"entrant": "a"} if verb == "withdraw" else {})
            assert refused.status_code == code, (verb, token, refused.text)
    assert stack.client().get(f"/tournaments/{tid}").json()["status"] == "active"
    assert stack.client(organiser).post(f"/tournaments/{tid}/advance").status_code == 200
    assert stack.client(stack.arbiter).post(f"/tournaments/{tid}/advance").status_code == 200
    import redis

    store = redis.Redis.from_url(stack.redis_url)
    for key in store.scan_iter(f"caravan:{{{tid}}}:*"):
        if store.type(key) == b"hash":
            assert organiser.encode() not in repr(store.hgetall(key)).encode()


@pytest.mark.parametrize("case", ["129-entrants", "513-entrants", "round-robin-rounds", "rounds", "long-player-name",
                                  "long-name", "huge-options"])
def test_every_size_is_bounded_with_a_clear_4xx(stack, case):
    many = [f"p{i}:ai-random" for i in range(129)]
    body = {
        "129-entrants": {"players": many},
        "513-entrants": {"players": [f"p{i}:ai-random" for i in range(513)]},
        "round-robin-rounds": {"players": many[:110], "format": "round-robin"},
        "rounds": {"rounds": 101, "format": "swiss"},
        "long-player-name": {"players": ["x" * 101, "b:ai-random"]},
        "long-name": {"name": "n" * 101},
        "huge-options": {"options": {"x": "y" * 5000}},
    }[case]
    before = len(stack.client().get("/tournaments").json())
    r = create(stack, **body)
    assert r.status_code in (400, 413, 422), (r.status_code, r.text[:200])
    assert set(r.json()) >= {"error", "detail"}
    assert len(stack.client().get("/tournaments").json()) == before
