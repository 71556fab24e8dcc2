"""Time control on the real stack: tables whose human never moves finish on timeouts alone, every timeout
after its deadline and the chain verifying offline; a worker killed mid-clock still fires; resignations
and arbiter endings reach the standings."""

from __future__ import annotations

import threading
import time

import msgspec
import pytest

from events.envelope import Envelope
from events.kinds import Move, TakenOver
from games.protocol import CHANCE
from projections.audit import verify_lines
from projections.clock import epoch
from projections.fold import start, step
from tests.e2e.helpers import all_events, wait_for_status, wait_until_finished

pytestmark = pytest.mark.e2e

LIMIT = 2
BOUNDED = {"kashgar": 6}  # a passing Kashgar seat faces ~200 decisions (~8 min): adjudicated after 6 timeouts


def table(stack, type_: str, players: int, clock: str = f"per-decision:{LIMIT}", absent: str = "default"):
    others = [f"bot{i}:ai-random" for i in range(1, players)]
    body = {"type": type_, "players": ["ann", *others], "options": {"clock": clock, "absent": absent}}
    r = stack.client().post("/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def export(stack, game_id: str) -> list[Envelope]:
    lines = stack.client(stack.arbiter).get(f"/games/{game_id}/export").text.splitlines()
    return [msgspec.json.decode(x, type=Envelope) for x in lines if x.strip()]


def due_since(events: list[Envelope], seat: int) -> dict[int, float]:
    """For each timeout event of `seat`: when its decision became due (the last event that made the seat
    an actor), computed by folding the log here, independently of the service's clocks."""
    f = start(events[0].event().id, events[0])
    since = None
    out = {}
    for e in events[1:]:
        before = seat in f.game.actors(f.state)
        ev = e.event()
        if isinstance(ev, Move) and ev.timeout and int(e.actor) == seat:
            out[e.version] = since
        f = step(f, e)
        after = seat in f.game.actors(f.state) and CHANCE not in f.game.actors(f.state) and f.status == "active"
        if after and (not before or (isinstance(ev, Move) and not ev.timeout and e.actor == seat)):
            since = epoch(e.at)
    return out


def run_on_timeouts(stack, type_: str, players: int, found: dict):
    created = table(stack, type_, players)
    game_id = created["id"]
    c = stack.client()
    if type_ in BOUNDED:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            rows = c.get(f"/games/{game_id}/events").json()
            if sum(1 for r in rows if r["kind"] == "move" and (r["payload"] or {}).get("timeout")) >= BOUNDED[type_]:
                break
            time.sleep(0.2)
        ranks = list(range(1, players + 1))
        r = stack.client(stack.arbiter).post(f"/games/{game_id}/adjudicate", json={"ranks": ranks, "reason": "time"})
        assert r.status_code == 200, r.text
    g = wait_until_finished(c, game_id, timeout=300)
    found[type_] = (game_id, g)


def test_a_table_whose_human_never_moves_finishes_on_timeouts_alone(stack):
    specs = {"yangtze": 2, "bangkok-klongs": 2, "himalaya": 3, "kashgar": 2}
    found: dict = {}
    threads = [threading.Thread(target=run_on_timeouts, args=(stack, t, n, found)) for t, n in specs.items()]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert set(found) == set(specs)
    for type_, (game_id, g) in found.items():
        events = export(stack, game_id)
        lines = [msgspec.json.encode(e) for e in events]
        report = verify_lines(lines)
        assert report.ok, (type_, report)
        assert any("after its seat's deadline" in x for x in report.checked), report.checked
        own = [e for e in events if isinstance(e.event(), Move) and e.actor == 0]
        assert own and all(e.event().timeout for e in own), f"{type_}: the human seat never moves itself"
        for version, since in due_since(events, 0).items():  # every timeout after its deadline
            at = epoch(next(e.at for e in events if e.version == version))
            assert since is not None and at >= since + LIMIT, (type_, version, at - since)
        if type_ not in BOUNDED:
            assert g["result"] is not None and g["status"] == "finished"


def test_the_view_shows_each_seats_clock_and_a_bad_clock_is_refused(stack):
    created = table(stack, "yangtze", 2, clock="fischer:30+1")
    g = stack.client().get(f"/games/{created['id']}").json()
    seats = {c["seat"]: c for c in g["clock"]["seats"]}
    assert g["clock"]["control"] == "fischer:30+1"
    assert 0 < seats[0]["remaining"] <= 30 and seats[1]["remaining"] == 30  # the AI seat never uses time
    for bad in ("per-decision:0", "fischer:1+99999", "sometimes", 3):
        r = stack.client().post("/games", json={"type": "yangtze", "players": ["a", "b"], "options": {"clock": bad}})
        assert r.status_code == 422 and "clock" in r.json()["detail"], r.text
    r = stack.client().post("/games", json={"type": "yangtze", "players": ["a", "b"], "options": {"absent": "ai-god"}})
    assert r.status_code == 422


def test_a_late_seat_is_taken_over_by_a_named_ai_until_its_owner_returns(stack):
    created = table(stack, "yangtze", 2, clock="per-decision:1", absent="ai-greedy")
    game_id = created["id"]
    ann = stack.client(created["seats"][0]["token"])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        g = ann.get(f"/games/{game_id}").json()
        if g.get("absent"):
            break
        time.sleep(0.1)
    assert g["absent"] == [{"seat": 0, "ai": "greedy", "resigned": False}]
    taken = [e for e in all_events(stack.client(stack.arbiter), game_id) if isinstance(e.event(), TakenOver)]
    assert taken and taken[0].event().timeout and taken[0].event().level == "greedy"


@pytest.mark.parametrize("type_,players", [("yangtze", 2), ("bangkok-klongs", 2), ("kashgar", 2), ("himalaya", 3)])
def test_a_worker_killed_mid_clock_still_fires_after_restart(stack, type_, players):
    created = table(stack, type_, players)
    game_id = created["id"]
    c = stack.client()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # until ann's clock runs
        g = c.get(f"/games/{game_id}").json()
        if g["clock"]["seats"][0]["running"]:
            break
        time.sleep(0.05)
    assert g["clock"]["seats"][0]["running"]
    stack.kill_workers()
    try:
        time.sleep(LIMIT + 1.5)  # the deadline passes with no worker
        version = c.get(f"/games/{game_id}").json()["version"]
        assert version == g["version"]  # nothing fired without a worker
    finally:
        stack.start_worker()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        rows = c.get(f"/games/{game_id}/events").json()
        if any(r["kind"] == "move" and (r["payload"] or {}).get("timeout") for r in rows):
            break
        time.sleep(0.2)
    assert any(r["kind"] == "move" and (r["payload"] or {}).get("timeout") for r in rows)


@pytest.mark.parametrize("type_,k", [("yangtze", 2), ("bangkok-klongs", 2), ("kashgar", 2), ("himalaya", 3)])
def test_a_resigned_seat_and_an_abandoned_game_in_the_standings(stack, type_, k):
    c = stack.client()
    bots = [f"{n}:ai-random" for n in ("bob", "dan", "eve", "fay")]
    players = ["ann", *bots[:k - 1], "cat", *bots[k - 1:2 * k - 2]]  # seeded apart: one human per table
    ann_table = {"ann", *(b.split(":")[0] for b in bots[:k - 1])}
    cat_table = {"cat", *(b.split(":")[0] for b in bots[k - 1:2 * k - 2])}
    body = {"type": type_, "format": "swiss", "rounds": 1, "table_size": k, "players": players}
    r = c.post("/tournaments", json=body)
    assert r.status_code == 201, r.text
    t = r.json()
    tokens = {e["name"]: e["token"] for e in t["entrants"] if "token" in e}
    tables = {}
    deadline = time.monotonic() + 30
    while len(tables) < 2 and time.monotonic() < deadline:
        for name, tok in tokens.items():
            rows = stack.client(tok).get(f"/tournaments/{t['id']}/tables").json()
            if rows:
                tables[name] = rows[0]["game"]
        time.sleep(0.1)
    assert tables["ann"] != tables["cat"], "seeded apart: one human per table"
    r = stack.client(tokens["ann"]).post(f"/games/{tables['ann']}/resign")
    assert r.status_code == 200, r.text
    r = stack.client(tokens["cat"]).post(f"/games/{tables['cat']}/abandon")
    assert r.status_code == 403  # only the arbiter abandons
    r = stack.client(stack.arbiter).post(f"/games/{tables['cat']}/abandon", json={"reason": "fire alarm"})
    assert r.status_code == 200 and r.json()["status"] == "abandoned", r.text
    done = wait_for_status(c, f"/tournaments/{t['id']}", timeout=300)
    rows = {row["name"]: row for row in done["standings"]}
    assert rows["ann"]["resigned"] == 1 and rows["ann"]["points"] == 0 and rows["ann"]["played"] == 1
    assert sum(rows[n]["points"] for n in ann_table) == k * (k - 1) / 2  # every point of the table went to the others
    for name in cat_table:
        assert rows[name]["abandoned"] == 1 and rows[name]["played"] == 0 and rows[name]["points"] == 0
    games = {g["id"]: g for g in done["games"]}
    assert games[tables["cat"]]["status"] == "abandoned" and games[tables["cat"]]["ranks"] is None
    ann_seat = games[tables["ann"]]["players"].index("ann")
    assert games[tables["ann"]]["resigned"] == [ann_seat]
    ann_game = c.get(f"/games/{tables['ann']}").json()
    assert ann_game["result"]["ranks"][ann_seat] == k  # ann ranked last
    after = stack.client(tokens["ann"]).post(f"/games/{tables['cat']}/resign")
    assert after.status_code in (401, 403, 409), after.text  # ann holds no seat there; the game is over anyway


def test_the_cli_resigns_abandons_and_adjudicates(stack):
    import json

    created = table(stack, "yangtze", 2, clock="none")
    out = json.loads(stack.cli("--token", created["seats"][0]["token"], "resign", created["id"], "--json").stdout)
    assert out["status"] in ("active", "finished")
    g = stack.client().get(f"/games/{created['id']}").json()
    assert g["absent"][0]["resigned"] and g["absent"][0]["seat"] == 0
    other = table(stack, "yangtze", 2, clock="none")
    out = json.loads(stack.cli("game", "abandon", other["id"], "--reason", "storm", "--json").stdout)
    assert out["status"] == "abandoned"
    third = table(stack, "yangtze", 2, clock="none")
    out = json.loads(stack.cli("game", "adjudicate", third["id"], "2", "1", "--json").stdout)
    assert out["status"] == "finished"
    assert stack.client().get(f"/games/{third['id']}").json()["result"]["ranks"] == [2, 1]
    fourth = table(stack, "yangtze", 2, clock="none")  # the contract's verb (interfaces.md): `caravan abandon ID`
    out = json.loads(stack.cli("abandon", fourth["id"], "--reason", "flood", "--json").stdout)
    assert out["status"] == "abandoned"
    assert stack.client().get(f"/games/{fourth['id']}").json()["status"] == "abandoned"
