"""Small helpers shared by the end-to-end tests."""

from __future__ import annotations

import time
from typing import Any

import msgspec

from events.envelope import Envelope, check_chain


def wait_for_status(client, path: str, status: str = "finished", timeout: float = 120.0) -> dict[str, Any]:
    """GET `path` until its "status" is `status` (a game's, a tournament's); the last answer."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = client.get(path).json()
        if got["status"] == status:
            return got
        time.sleep(0.1)
    raise AssertionError(f"{path} is not {status} after {timeout} s: {str(got)[:300]}")


def wait_until_finished(client, game_id: str, timeout: float = 120.0) -> dict[str, Any]:
    return wait_for_status(client, f"/games/{game_id}", timeout=timeout)


def race_for_one_version(stack, game_id: str, token: str, move: dict[str, Any], version: int, clients: int = 8) -> list[int]:
    """`clients` connections post the same move for the same expected version at once; their status codes."""
    import threading

    barrier, codes = threading.Barrier(clients), []

    def race():
        with stack.client(token) as c:
            barrier.wait()
            codes.append(c.post(f"/games/{game_id}/moves", json={"move": move, "expected_version": version}).status_code)

    threads = [threading.Thread(target=race) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return codes


def wait_for_human(client, game_id: str, seat: int, timeout: float = 30.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        g = client.get(f"/games/{game_id}").json()
        if seat in g["actors"] or g["status"] == "finished":
            return g
        time.sleep(0.05)
    raise AssertionError(f"seat {seat} never got to act in game {game_id}")


def all_events(client, game_id: str) -> list[Envelope]:
    rows = client.get(f"/games/{game_id}/events", params={"limit": 10000}).json()
    return [msgspec.convert({k: v for k, v in r.items() if k != "redacted"}, Envelope) for r in rows]


def salts(events: list[Envelope], game_id: str):
    """The salt function for secret payloads, once the seed is revealed (None before)."""
    from events.envelope import secret_salt

    seed = next((e.payload["seed"] for e in events if e.kind == "seed-revealed" and e.payload), None)
    return (lambda v: secret_salt(seed, game_id, v)) if seed else None


def assert_chain_holds(client, game_id: str) -> list[Envelope]:
    events = all_events(client, game_id)
    assert check_chain(events, salt_of=salts(events, game_id)) is None
    assert [e.version for e in events] == list(range(1, len(events) + 1))
    return events


def people_game(stack, game_type: str, steps: int, rng):
    """A game between people only (the game's fewest seats), walked by random moves: yields
    (folded game, its full log, {seat or None: client}) before each move until the game ends (never while
    a chance outcome is due: a worker may draw it at any moment, so nothing read then would be steady)."""
    from games.registry import all_games
    from projections.fold import fold

    n = all_games()[game_type].min_players
    created = stack.client().post("/games", json={"type": game_type, "players": [f"p{i}" for i in range(n)]}).json()
    game_id = created["id"]
    clients = {s["seat"]: stack.client(s["token"]) for s in created["seats"]}
    clients[None] = stack.client()
    arbiter = stack.client(stack.arbiter)
    done, deadline = 0, time.monotonic() + 120
    while done < steps:  # waiting for a worker's draw counts for no step (a loaded machine draws late)
        log = all_events(arbiter, game_id)
        f = fold(game_id, log)
        if f.status == "finished":
            return
        actors = [s for s in f.game.actors(f.state) if s >= 0]
        if not actors:
            assert time.monotonic() < deadline, f"{game_id}: no chance outcome drawn at version {f.version}"
            time.sleep(0.05)  # chance: a worker resolves it
            continue
        deadline = time.monotonic() + 120
        done += 1
        yield f, log, clients
        seat = rng.choice(actors)
        moves = clients[seat].get(f"/games/{game_id}/moves").json()
        clients[seat].post(f"/games/{game_id}/moves", json={"move": rng.choice(moves), "expected_version": f.version})


def play_my_tables(stack, tournament_id: str, token: str, rng: "random.Random", timeout: float = 300,
                   until=None) -> dict[str, Any]:
    """An entrant plays random moves at each of its tables (its entrant token plays them) to the end, or
    until `until(summary)` holds; the tournament's summary then."""
    me = stack.client(token)
    deadline = time.monotonic() + timeout
    until = until or (lambda t: t["status"] == "finished")
    while not until(t := me.get(f"/tournaments/{tournament_id}").json()):
        assert time.monotonic() < deadline, "the tournament did not finish"
        moved = False
        for table in me.get(f"/tournaments/{tournament_id}/tables").json():
            g = me.get(f"/games/{table['game']}").json()
            if g["status"] == "active" and g["you"] in g["actors"]:
                moves = me.get(f"/games/{table['game']}/moves").json()
                if moves:
                    me.post(f"/games/{table['game']}/moves", json={"move": rng.choice(moves),
                                                                    "expected_version": g["version"]})
                    moved = True
        if not moved:
            time.sleep(0.05)
    return t


def assert_sealed(game_id: str, reader) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """`reader` holds no seat at `game_id`, a duplicate table whose round runs: it sees none of the deal.
    Returns the game as the reader got it and its whole event list."""
    g = reader.get(f"/games/{game_id}").json()
    assert g.get("sealed") and "seat_views" not in g and g["result"] is None
    setup = reader.get(f"/games/{game_id}/state", params={"at": 1}).json()["view"]
    assert g["view"] == setup
    for at in range(1, g["version"] + 1):
        then = reader.get(f"/games/{game_id}/state", params={"at": at}).json()
        assert then["view"] == setup and "seat_views" not in then
    everything = []
    for params in ({}, {"from": 2}, {"from": max(2, g["version"] - 3)}):
        rows = reader.get(f"/games/{game_id}/events", params=params).json()
        assert all(r["payload"] is None for r in rows if r["version"] > 1), rows
        assert params or rows[0]["kind"] == "created", rows
        everything = everything or rows
    exported = [msgspec.json.decode(x) for x in reader.get(f"/games/{game_id}/export").text.splitlines()]
    assert all(r["payload"] is None for r in exported[1:])
    assert reader.post(f"/games/{game_id}/fork").status_code in (401, 403)
    assert reader.get(f"/games/{game_id}/verify").json()["ok"]
    return g, everything
