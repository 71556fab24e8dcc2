"""Tournaments under time control on the real stack: the no-show rule (forfeit or takeover), withdrawals,
and a tournament of people that finishes on time whatever they do, every timeout verifiable from its export."""

from __future__ import annotations

import json
import random
import threading
import time

import msgspec
import pytest

from events.envelope import Envelope
from events.kinds import Move, Resigned, TakenOver
from projections.audit import verify_lines
from projections.clock import epoch
from tests.e2e.helpers import all_events, wait_for_status

pytestmark = pytest.mark.e2e


def tournament(stack, players: list[str], rounds: int = 1, **options) -> dict:
    body = {"type": "yangtze", "format": "swiss", "rounds": rounds, "table_size": 2, "players": players,
            "options": options}
    r = stack.client().post("/tournaments", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def tokens_of(t: dict) -> dict[str, str]:
    return {e["name"]: e["token"] for e in t["entrants"] if "token" in e}


def tables_of(stack, t: dict, name: str, count: int = 1, timeout: float = 30) -> list[dict]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        rows = stack.client(tokens_of(t)[name]).get(f"/tournaments/{t['id']}/tables").json()
        if len(rows) >= count:
            return rows
        time.sleep(0.1)
    raise AssertionError(f"{name} was not seated at {count} table(s)")


def first_due(events: list[Envelope], seat: int) -> float:
    """When `seat` first became an actor (folded here from the log, independently of the service)."""
    from projections.fold import start, step

    f = start(events[0].event().id, events[0])
    for e in events[1:]:
        f = step(f, e)
        if seat in f.game.actors(f.state):
            return epoch(e.at)
    raise AssertionError(f"seat {seat} never came due")


@pytest.mark.parametrize("rule", ["forfeit", "takeover"])
def test_a_seat_that_never_shows_up_is_forfeited_or_taken_over_as_the_tournament_chose(stack, rule):
    t = tournament(stack, ["ann", "bob:ai-random", "cat", "dan:ai-random"], no_show=f"{rule}:2")
    done = wait_for_status(stack.client(), f"/tournaments/{t['id']}", timeout=120)
    rows = {r["name"]: r for r in done["standings"]}
    arbiter = stack.client(stack.arbiter)
    for name in ("ann", "cat"):
        game = tables_of(stack, t, name)[0]
        events = all_events(arbiter, game["game"])
        seat = game["seat"]
        kind = Resigned if rule == "forfeit" else TakenOver
        hit = [e for e in events if isinstance(e.event(), kind) and e.event().seat == seat]
        assert len(hit) == 1 and e_late(hit[0], events, seat, 2.0), hit
        before = [e for e in events if e.version < hit[0].version]
        assert not any(isinstance(e.event(), Move) and e.actor == seat and not e.event().timeout for e in before)
        if rule == "forfeit":
            assert hit[0].event().forfeit and hit[0].actor == "system"
            assert rows[name]["forfeits"] == 1 and rows[name]["points"] == 0, rows[name]
        else:
            assert hit[0].event().no_show and hit[0].event().level == "greedy"
            assert rows[name]["timeouts"] >= 1 and rows[name]["forfeits"] == 0, rows[name]
    lines = arbiter.get(f"/tournaments/{t['id']}/export").text.splitlines()
    report = verify_lines(lines)
    assert report.ok, report


def e_late(e: Envelope, events: list[Envelope], seat: int, seconds: float) -> bool:
    return epoch(e.at) >= first_due(events, seat) + seconds


@pytest.mark.parametrize("bad", ["forfeit:0", "forfeit:99999999", "zombie:5", "forfeit", 5])
def test_a_bad_no_show_rule_is_refused(stack, bad):
    body = {"type": "yangtze", "format": "swiss", "players": ["ann", "bob"], "options": {"no_show": bad}}
    r = stack.client().post("/tournaments", json=body)
    assert r.status_code == 422 and "no_show" in r.json()["detail"], r.text


def test_a_withdrawn_entrant_is_not_paired_again(stack):
    # 3 s a decision: ann's table is still in play when she withdraws (timeouts have a queue of their own)
    t = tournament(stack, ["ann", "bob", "cat", "dan"], rounds=2, clock="per-decision:3")
    tid = t["id"]
    mine = tables_of(stack, t, "ann")[0]
    r = stack.client().post(f"/tournaments/{tid}/withdraw", json={"entrant": "ann"})
    assert r.status_code == 401
    r = stack.client(tokens_of(t)["bob"]).post(f"/tournaments/{tid}/withdraw", json={"entrant": "ann"})
    assert r.status_code == 403, r.text  # an entrant withdraws itself only
    r = stack.client(t["organiser_token"]).post(f"/tournaments/{tid}/withdraw", json={"entrant": "nobody"})
    assert r.status_code == 422, r.text
    out = json.loads(stack.cli("--token", tokens_of(t)["ann"], "tournament", "withdraw", tid, "--player", "ann",
                               "--json").stdout)
    assert out["entrant"] == "ann" and out["by"] == "entrant" and out["after_round"] == 1 and out["withdrawn"] == ["ann"]
    again = stack.client(tokens_of(t)["ann"]).post(f"/tournaments/{tid}/withdraw")
    assert again.status_code == 409, again.text
    g = stack.client().get(f"/games/{mine['game']}").json()
    assert any(a["seat"] == mine["seat"] and a["resigned"] for a in g.get("absent", [])), g.get("absent")
    done = wait_for_status(stack.client(), f"/tournaments/{tid}", timeout=180)
    second = [g for g in done["games"] if g["round"] == 2]
    assert len(second) == 1 and "ann" not in second[0]["players"], second
    assert [b["players"] for b in done["byes"] if b["round"] == 2][0] != ["ann"]
    rows = {r["name"]: r for r in done["standings"]}
    assert rows["ann"]["withdrawn"] == {"after_round": 1} and rows["ann"]["played"] == 1
    assert rows["ann"]["resigned"] == 1 and rows["bob"]["withdrawn"] is None
    assert done["withdrawn"] == [{"name": "ann", "after_round": 1}]
    assert len(tables_of(stack, t, "ann")) == 1


def play_randomly(stack, token: str, game_id: str, stop: threading.Event) -> None:
    """A person who answers at once with a random legal move whenever it is their turn."""
    rng = random.Random(game_id)
    with stack.client(token) as c:
        while not stop.is_set():
            g = c.get(f"/games/{game_id}").json()
            if g["status"] != "active":
                return
            if g["you"] in g["actors"]:
                moves = c.get(f"/games/{game_id}/moves").json()
                if moves:
                    c.post(f"/games/{game_id}/moves", json={"move": rng.choice(moves)})
            time.sleep(0.05)


def test_a_tournament_of_people_with_a_clock_finishes_on_time_whatever_they_do(stack):
    """Four people at tables of 2 for 2 rounds, one second per decision: ann plays at once, the others
    never move. Every table ends on time; every timeout is verified from the export alone."""
    limit = 1
    started = time.monotonic()
    t = tournament(stack, ["ann", "bob", "cat", "dan"], rounds=2, clock=f"per-decision:{limit}")
    stop = threading.Event()
    players: list[threading.Thread] = []

    def ann():
        seen = set()
        while not stop.is_set():
            for row in stack.client(tokens_of(t)["ann"]).get(f"/tournaments/{t['id']}/tables").json():
                if row["game"] not in seen:
                    seen.add(row["game"])
                    p = threading.Thread(target=play_randomly, args=(stack, tokens_of(t)["ann"], row["game"], stop))
                    p.start()
                    players.append(p)
            time.sleep(0.2)

    watcher = threading.Thread(target=ann)
    watcher.start()
    try:
        done = wait_for_status(stack.client(), f"/tournaments/{t['id']}", timeout=300)
    finally:
        stop.set()
        watcher.join()
        for p in players:
            p.join()
    took = time.monotonic() - started
    assert done["progress"] == {"games_done": 4, "games_total": 4}
    export = stack.client().get(f"/tournaments/{t['id']}/export").text.splitlines()
    report = verify_lines(export)
    assert report.ok, report
    rows = [msgspec.json.decode(x) for x in export]
    timeouts = [r for r in rows if r["kind"] == "game" and r["event"]["kind"] == "move"
                and (r["event"]["payload"] or {}).get("timeout")]
    assert timeouts, "the people who never move are played by the clock"
    own = [r for r in rows if r["kind"] == "game" and r["event"]["kind"] == "move"
           and not (r["event"]["payload"] or {}).get("timeout")]
    people = {"ann", "bob", "cat", "dan"}
    assert people - {"ann"} <= {x["name"] for x in done["standings"] if x["timeouts"] > 0}
    # the bound: each round lasts at most (its longest table's timed-out decisions) x the limit, plus slack
    per_round: dict[int, int] = {}
    for g in done["games"]:
        n = sum(1 for r in timeouts if r["stream"] == g["id"])
        per_round[g["round"]] = max(per_round.get(g["round"], 0), n)
    bound = sum(n * limit for n in per_round.values())
    late = lateness([r for r in rows if r["kind"] == "game"])
    assert late and min(late) >= 0, "every timeout at or after its deadline"
    print(f"\ntimeouts fired {sum(late) / len(late):.2f} s after their deadline on average (max {max(late):.2f} s)")
    print(f"\npeople's tournament: {took:.1f} s wall, {len(timeouts)} timeouts, {len(own)} own moves, "
          f"timed-out decisions per round {per_round}, clock bound {bound} s")


def lateness(rows: list[dict]) -> list[float]:
    """For every timeout move in a tournament export's table rows: seconds between its seat's deadline
    (folded here from the log) and the event's time."""
    from projections.clock import deadlines
    from projections.fold import start, step

    by_game: dict[str, list[Envelope]] = {}
    for r in rows:
        ev = {k: v for k, v in r["event"].items() if k != "redacted"}
        by_game.setdefault(r["stream"], []).append(msgspec.convert(ev, Envelope))
    out = []
    for events in by_game.values():
        f = start(events[0].event().id, events[0])
        for e in events[1:]:
            ev = e.event()
            if isinstance(ev, Move) and ev.timeout:
                out.append(epoch(e.at) - deadlines(f.clock, f.control, f.game, f.state)[int(e.actor)])
            f = step(f, e)
    return out


def test_a_withdrawn_ai_entrants_table_in_play_is_resigned_too(stack):
    """The README says a withdrawn entrant's tables in play are resigned; an AI entrant's played on, and its
    win counted."""
    t = tournament(stack, ["r1:ai-mcts@1", "r2:ai-mcts@1"], rounds=1)  # (a second a move: still in play)
    tid = t["id"]
    r = stack.client(t["organiser_token"]).post(f"/tournaments/{tid}/withdraw", json={"entrant": "r1"})
    assert r.status_code == 200, r.text
    game = stack.client().get(f"/tournaments/{tid}").json()["games"][0]
    seat = game["players"].index("r1")
    g = stack.client(stack.arbiter).get(f"/games/{game['id']}").json()
    assert g["status"] == "finished" or any(a["seat"] == seat and a["resigned"] for a in g.get("absent", [])), g
    done = wait_for_status(stack.client(), f"/tournaments/{tid}", timeout=300)
    ranks = done["games"][0]["ranks"]
    assert ranks[seat] == max(ranks) and ranks[1 - seat] == 1, done["games"][0]  # r1 last, however it played
