"""Who may analyse what, on the real stack: a seat's private fork shows only that seat's side, and only
when analysing it cannot help anyone in a game still being played."""

from __future__ import annotations

import random
import time

import pytest

from tests.e2e.helpers import wait_for_human, wait_for_status, wait_until_finished
from tests.e2e.test_analysis import SMALL, analysed, finished_game

pytestmark = pytest.mark.e2e


def test_a_seat_analyses_its_private_fork_and_sees_only_its_side(stack):
    """Against the AI alone (nobody else is helped by it) a seat's copy is analysed while the game runs."""
    created = stack.client().post("/games", json={"type": "yangtze", "players": ["ann", "bob:ai-random"]}).json()
    ann = stack.client(created["seats"][0]["token"])
    # the setup's chance waits behind earlier tests' jobs; then either seat may be first (bob plays in the fork)
    deadline = time.monotonic() + 300
    while ann.get(f"/games/{created['id']}").json()["waiting_for"] != "seats":
        assert time.monotonic() < deadline, "the setup's chance was never drawn"
        time.sleep(0.1)
    fork = ann.post(f"/games/{created['id']}/fork").json()
    me = stack.client(next(s["token"] for s in fork["seats"] if s.get("token")))
    rng = random.Random(3)
    played = 0
    while played < 4:
        g = wait_for_human(me, fork["id"], 0, timeout=300)
        if g["status"] != "active":
            break
        moves = me.get(f"/games/{fork['id']}/moves").json()
        if me.post(f"/games/{fork['id']}/moves", json={"move": rng.choice(moves), "expected_version": g["version"]}).status_code == 201:
            played += 1
    assert stack.client().post(f"/games/{fork['id']}/analysis", json=SMALL).status_code == 401  # a private fork
    assert me.post(f"/games/{fork['id']}/analysis", json=SMALL).status_code == 202
    body = analysed(me, fork["id"])
    assert body["scope"] == "seat-0" and [s["seat"] for s in body["seats"]] == [0]
    decisions = [r for r in body["rows"] if r["kind"] == "decision"]
    assert len(decisions) >= played and {r["seat"] for r in decisions} == {0}
    assert stack.client().get(f"/games/{fork['id']}/analysis").status_code == 401  # nobody else reads it


def fork_of(stack, game_id, token):
    seat = stack.client(token)
    wait_for_human(seat, game_id, seat.get(f"/games/{game_id}").json()["you"], timeout=300)
    fork = seat.post(f"/games/{game_id}/fork")
    assert fork.status_code == 201, fork.text
    return seat, stack.client(next(s["token"] for s in fork.json()["seats"] if s.get("token"))), fork.json()["id"]


def assert_no_engine_help(me, fork_id):
    for method in ("post", "get"):
        r = getattr(me, method)(f"/games/{fork_id}/analysis", **({"json": SMALL} if method == "post" else {}))
        assert r.status_code == 409, r.text
        assert r.json()["error"] == "game-running" and "fair play" in r.json()["detail"], r.text


def test_no_engine_help_for_a_game_another_person_still_plays(stack):
    """A seat forked the running game, played on in the copy and asked the engine for its best move: the
    analysis refused the game itself and answered the copy. While the original has another person in it,
    the copy's analysis waits for the original's end, whether the copy is over or not."""
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    _, me, fork_id = fork_of(stack, created["id"], created["seats"][0]["token"])
    assert_no_engine_help(me, fork_id)
    assert me.post(f"/games/{fork_id}/resign").status_code == 200
    wait_until_finished(me, fork_id)
    assert_no_engine_help(me, fork_id)
    ended = stack.client(stack.arbiter).post(f"/games/{created['id']}/abandon", json={"reason": "test"})
    assert ended.status_code == 200, ended.text  # the original is over: now the copy may be analysed
    assert me.post(f"/games/{fork_id}/analysis", json=SMALL).status_code == 202


def test_no_engine_help_at_a_tournament_table_in_play(stack):
    """A tournament table, even against AI entrants: the fair-play signal never sees a fork's analysis."""
    c = stack.client()
    t = c.post("/tournaments", json={"type": "toy", "format": "swiss", "rounds": 1, "table_size": 2,
                                     "players": ["ann", "x:ai-random"]})
    assert t.status_code == 201, t.text
    token = next(e["token"] for e in t.json()["entrants"] if "token" in e)
    deadline = time.monotonic() + 60
    while not (games := c.get(f"/tournaments/{t.json()['id']}").json()["games"]):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    _, me, fork_id = fork_of(stack, games[0]["id"], token)
    assert_no_engine_help(me, fork_id)


def test_a_reader_without_a_seat_cannot_replace_the_analysis(stack):
    """Anyone could POST other settings over a game's analysis (and a tournament's), deleting the one made
    (the tournament's accuracy table and fair-play signal read it). A first analysis anyone may start; to
    replace it with other settings takes a player of the game or the arbiter."""
    game_id = finished_game(stack, "bangkok-klongs")
    spectator = stack.client()
    first = spectator.post(f"/games/{game_id}/analysis", json=SMALL)
    assert first.status_code == 202, first.text
    other = {"budget": 0.05, "iterations": 3, "seed": 12}
    refused = spectator.post(f"/games/{game_id}/analysis", json=other)
    assert refused.status_code == 403 and refused.json()["error"] == "forbidden", refused.text
    assert "arbiter" in refused.json()["detail"]
    assert spectator.get(f"/games/{game_id}/analysis").json()["id"] == first.json()["id"]
    replaced = stack.client(stack.arbiter).post(f"/games/{game_id}/analysis", json=other)
    assert replaced.status_code == 202 and replaced.json()["id"] != first.json()["id"]


def test_a_tournaments_analysis_is_replaced_only_by_the_arbiter(stack):
    c = stack.client()
    t = c.post("/tournaments", json={"type": "toy", "format": "swiss", "rounds": 1, "table_size": 2,
                                     "players": ["a:ai-random", "b:ai-random"]}).json()
    wait_for_status(c, f"/tournaments/{t['id']}", timeout=120)
    assert c.post(f"/tournaments/{t['id']}/analysis", json=SMALL).status_code == 202
    game = c.get(f"/tournaments/{t['id']}").json()["games"][0]["id"]
    made = c.get(f"/games/{game}/analysis").json()["id"]
    other = {"budget": 0.05, "iterations": 3, "seed": 12}
    kept = c.post(f"/tournaments/{t['id']}/analysis", json=other)
    assert kept.status_code == 200, kept.text  # nothing queued: the table's analysis stands
    assert c.get(f"/games/{game}/analysis").json()["id"] == made
    assert stack.client(stack.arbiter).post(f"/tournaments/{t['id']}/analysis", json=other).status_code == 202
    assert c.get(f"/games/{game}/analysis").json()["id"] != made


def test_ai_moves_do_not_wait_behind_an_analysis(stack):
    """Analysis jobs shared the one slow queue with AI moves, so a new AI game's think jobs queued behind
    every chunk of a long analysis (90 s and more, where one move took 0.5 s). Analysis has a queue of its
    own, served after the AI's: a game started meanwhile plays to its end while the analysis still runs."""
    game_id = finished_game(stack, "kashgar")
    c = stack.client()
    started = c.post(f"/games/{game_id}/analysis", json={"budget": 0.3, "seed": 5})
    assert started.status_code == 202, started.text
    assert started.json()["jobs"] >= 8
    created = c.post("/games", json={"type": "toy", "players": ["a:ai-random", "b:ai-random"]}).json()
    wait_until_finished(c, created["id"], timeout=300)
    report = c.get(f"/games/{game_id}/analysis").json()
    assert report["status"] == "running" and report["done"] < report["total"], (report["done"], report["total"])


def test_no_engine_help_on_a_duplicate_deal_still_in_play(stack):
    """A duplicate table that is over while the round's other table still plays the same deal: its seat
    forked it (a private copy) and asked the copy's analysis for the engine's best move in the very position
    the other table was at; the check looked only at whether the forked table was still being played."""
    from tests.e2e.test_trust_duplicate import seated_round

    tid, tokens, _, _ = seated_round(stack, players=("ann", "x:ai-random", "bob", "y:ai-random"))
    ann = stack.client(tokens["ann"])
    games = [g["id"] for g in stack.client().get(f"/tournaments/{tid}").json()["games"]]
    mine = next(g for g in games if ann.get(f"/games/{g}").status_code == 200)  # (bob's table plays on)
    wait_for_human(ann, mine, ann.get(f"/games/{mine}").json()["you"], timeout=120)
    assert ann.post(f"/games/{mine}/resign").status_code == 200
    wait_until_finished(ann, mine)
    fork = ann.post(f"/games/{mine}/fork", params={"at": 3})
    assert fork.status_code == 201, fork.text
    me = stack.client(next(s["token"] for s in fork.json()["seats"] if s.get("token")))
    assert me.post(f"/games/{fork.json()['id']}/resign").status_code == 200
    wait_until_finished(me, fork.json()["id"])
    assert_no_engine_help(me, fork.json()["id"])
