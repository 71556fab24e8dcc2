"""The redaction as a property, through HTTP: what a seat reads is unchanged when every hidden part it
may not see is re-drawn.

The re-draw is the game's own `determinize`, done by the server: a seat's fork of a running game is a
new game started from `determinize(state, seat)`. For every game, at several versions and for every
seat, the view that seat reads of the original (`GET /state?at=N`) must equal the view it reads of its
fork at the fork's start — while the forks' full states (read by the arbiter) do differ from the
original, so the property is not vacuous. The fork's position itself is withheld from the seat."""

from __future__ import annotations

import random
import time

import msgspec
import pytest

from games.registry import all_games
from tests.test_leaks import full_log

pytestmark = pytest.mark.e2e
STEPS = 30
SAMPLES = 3  # versions checked per game


def state_payload(stack, game_id, version):
    """The full state after `version` of a forked game, as the arbiter reads its forked-state event."""
    rows = stack.client(stack.arbiter).get(f"/games/{game_id}/events").json()
    return next(r["payload"]["state"] for r in rows if r["kind"] == "forked-state")


@pytest.mark.parametrize("game_type", sorted(all_games()))
def test_a_seat_reads_the_same_when_what_it_cannot_see_is_redrawn(stack, game_type):
    from projections.fold import fold

    game = all_games()[game_type]
    n = game.min_players
    created = stack.client().post("/games", json={"type": game_type, "players": [f"p{i}" for i in range(n)]}).json()
    game_id = created["id"]
    clients = {s["seat"]: stack.client(s["token"]) for s in created["seats"]}
    rng = random.Random(7)
    redrawn = checked = 0
    versions: list[int] = []
    step, deadline = 0, time.monotonic() + 180  # (steps are moves: a loaded machine's draws come later)
    while step < STEPS and time.monotonic() < deadline:
        log = full_log(stack, game_id)
        f = fold(game_id, log)
        if f.status == "finished":
            break
        actors = [s for s in game.actors(f.state) if s >= 0]
        if f.barrier > 1 and actors and len(versions) < SAMPLES and step % 3 == 0:
            versions.append(f.version)  # a position after the first draw, the game still running: fork it
            r, c = check_forks(stack, game_id, clients, f.version, fold(game_id, log).state)
            redrawn, checked = redrawn + r, checked + c
        if not actors:
            time.sleep(0.05)
            continue
        step += 1
        seat = rng.choice(actors)
        moves = clients[seat].get(f"/games/{game_id}/moves").json()
        if moves:
            clients[seat].post(f"/games/{game_id}/moves", json={"move": rng.choice(moves), "expected_version": f.version})
    assert checked >= n, f"{game_type}: forked at versions {versions} only"
    if game_type == "toy":  # its deck order is hidden from every seat at every such position
        assert redrawn > 0, "no fork re-drew anything: the property would hold vacuously"


def check_forks(stack, game_id, clients, v, state):
    """Every seat forks the game at `v`: it reads the same view of its copy; how many copies differ."""
    exact = msgspec.json.decode(msgspec.json.encode(state))
    redrawn = checked = 0
    for seat, c in clients.items():
        mine = c.get(f"/games/{game_id}/state", params={"at": v}).json()["view"]
        forked = c.post(f"/games/{game_id}/fork", params={"at": v})
        assert forked.status_code == 201, forked.text
        body = forked.json()
        if body["origin"]["hidden"] == "exact":
            continue  # the game ended meanwhile: everything is public, nothing to re-draw
        assert body["origin"]["hidden"] == f"re-drawn for seat {seat}"
        token = next(s["token"] for s in body["seats"] if "token" in s)
        copy = stack.client(token)
        theirs = copy.get(f"/games/{body['id']}/state", params={"at": 2}).json()
        assert theirs["view"] == mine, (v, seat)
        rows = copy.get(f"/games/{body['id']}/events", params={"from": 2}).json()
        over = copy.get(f"/games/{body['id']}").json()["status"] == "finished"  # the AI may end it at once
        assert rows[0]["kind"] == "forked-state" and (rows[0]["payload"] is None or over)  # the position is hidden
        redrawn += state_payload(stack, body["id"], 2) != exact
        checked += 1
    return redrawn, checked
