"""A fork made from a game still in play holds that game's secrets (a seat's copy: its own hand exactly; the
arbiter's: every hand). It stays private to its own seats and the arbiter for good: before, a seat's copy
became public when it ended (and with the original's no-show rule it ended by itself in seconds), so a
spectator read the forker's hand (Bangkok Klongs), hidden program (Himalaya) or a duplicate table's deal
from its created position while the original was still being played."""

from __future__ import annotations

import re

import msgspec
import pytest

from tests.e2e.helpers import wait_for_human, wait_until_finished

pytestmark = pytest.mark.e2e


def forked(stack, players, by="seat"):
    created = stack.client().post("/games", json={"type": "toy", "players": players}).json()
    ann = stack.client(created["seats"][0]["token"])
    wait_for_human(ann, created["id"], 0)
    forker = ann if by == "seat" else stack.client(stack.arbiter)
    fork = forker.post(f"/games/{created['id']}/fork")
    assert fork.status_code == 201, fork.text
    return created["id"], fork.json()


def assert_private(stack, fork_id, holder):
    spectator = stack.client()
    for path in ("", "/events", "/events?words=true", "/export", "/state?at=2", "/view/frame", "/view/frame?at=2",
                 "/analysis", "/verify"):
        r = spectator.get(f"/games/{fork_id}{path}")
        assert r.status_code == 401, (path, r.status_code, r.text[:200])
        assert "private" in r.json()["detail"], r.text
    players = [p["name"] for p in holder.get(f"/games/{fork_id}").json()["players"]]
    for path in ("/view", "/replay", "/replay?at=2"):  # a page: the refusal said in a page, holding nothing of the game
        r = spectator.get(f"/games/{fork_id}{path}")
        assert r.status_code == 401 and r.headers["content-type"].startswith("text/html"), (path, r.status_code)
        assert "private" in r.text and "frame0" not in r.text and "<svg" not in r.text, r.text
        assert not any(re.search(rf"\b{re.escape(name)}\b", r.text) for name in players + ["toy"]), r.text
    assert fork_id not in {g["id"] for g in spectator.get("/games").json()}
    assert fork_id not in spectator.get("/").text
    assert holder.get(f"/games/{fork_id}").status_code == 200
    assert stack.client(stack.arbiter).get(f"/games/{fork_id}/events").status_code == 200


def test_a_seats_fork_of_a_running_game_stays_private_after_it_ends(stack):
    game_id, fork = forked(stack, ["ann", "bob"])
    assert fork["origin"]["private"] is True
    me = stack.client(next(s["token"] for s in fork["seats"] if s.get("token")))
    assert me.post(f"/games/{fork['id']}/resign").status_code == 200
    wait_until_finished(me, fork["id"])
    assert_private(stack, fork["id"], me)
    # nor does a fork of the fork escape: the position it starts from is the private one's
    again = me.post(f"/games/{fork['id']}/fork", params={"at": 2})
    assert again.status_code == 201 and again.json()["origin"]["private"] is True
    assert stack.client().get(f"/games/{again.json()['id']}").status_code == 401


def test_the_arbiters_fork_of_a_running_game_is_private_too(stack):
    game_id, fork = forked(stack, ["ann", "bob"], by="arbiter")
    holder = stack.client(fork["seats"][0]["token"])
    assert_private(stack, fork["id"], holder)


def test_a_fork_of_a_public_game_is_public(stack):
    created = stack.client().post("/games", json={"type": "toy", "players": ["a:ai-random", "b:ai-random"]}).json()
    wait_until_finished(stack.client(), created["id"])
    fork = stack.client().post(f"/games/{created['id']}/fork", params={"at": 3})
    assert fork.status_code == 201 and fork.json()["origin"]["private"] is False
    assert stack.client().get(f"/games/{fork.json()['id']}").status_code == 200


def test_a_seats_copy_does_not_play_itself_out(stack):
    """The copy inherited the original's no-show rule: an AI took the forker's seat after 4 s and ended it."""
    original = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"],
                                                   "options": {"no_show": "takeover:1"}}).json()
    ann = stack.client(original["seats"][0]["token"])
    wait_for_human(ann, original["id"], 0)
    fork = ann.post(f"/games/{original['id']}/fork").json()
    me = stack.client(next(s["token"] for s in fork["seats"] if s.get("token")))
    created = msgspec.json.decode(me.get(f"/games/{fork['id']}/export").text.splitlines()[0])["payload"]
    assert (created.get("no_show", "none"), created.get("clock", "none")) == ("none", "none")  # the copy goes at its player's pace
