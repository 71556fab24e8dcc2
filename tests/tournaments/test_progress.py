"""A tournament's progress (games done / games in all) counts only the games that are or will be played:
a withdrawn entrant's scheduled tables not yet seated are not played (its opponents sit those rounds out),
and a cancelled tournament plays no round after the cancel. Against the real stack."""

from __future__ import annotations

import pytest

from tests.cli.conftest import Cli
from tests.e2e.helpers import wait_for_status

pytestmark = pytest.mark.e2e


def created_schedule(stack, tid: str) -> list[dict]:
    events = stack.client().get(f"/tournaments/{tid}/events").json()
    return events[0]["payload"]["schedule"]


def test_a_round_robin_counts_no_table_of_a_withdrawn_entrant_not_yet_seated(stack, tmp_path):
    # ann (entrant 1) plays in round 1 and her table waits for her; the others are AIs
    players = ["a0:ai-random", "ann", "a2:ai-random", "a3:ai-random", "a4:ai-random"]
    r = stack.client().post("/tournaments", json={"type": "toy", "format": "round-robin", "players": players})
    assert r.status_code == 201, r.text
    t = r.json()
    tid = t["id"]
    schedule = created_schedule(stack, tid)
    assert any(1 in table for table in schedule[0]["tables"])  # ann is seated in round 1
    scheduled = sum(len(x["tables"]) for x in schedule)
    assert t["progress"]["games_total"] == scheduled == 10
    ann = next(e["token"] for e in t["entrants"] if e["name"] == "ann")
    out = stack.client(ann).post(f"/tournaments/{tid}/withdraw")
    assert out.status_code == 200, out.text
    after = out.json()["after_round"]
    # the seated rounds are played as seated (her table resigned, played out); later tables of hers are not
    will_play = sum(len(x["tables"]) for x in schedule[:after]) + sum(
        1 for x in schedule[after:] for table in x["tables"] if 1 not in table)
    assert will_play == 7
    now = stack.client().get(f"/tournaments/{tid}").json()
    assert now["progress"]["games_total"] == will_play, now["progress"]
    listed = next(x for x in stack.client().get("/tournaments").json() if x["id"] == tid)
    assert listed["games_total"] == will_play
    shown = Cli(stack, tmp_path)("tournament", "show", tid).stdout
    assert f"/{will_play} games" in shown, shown
    done = wait_for_status(stack.client(), f"/tournaments/{tid}", timeout=180)
    assert done["progress"] == {"games_done": will_play, "games_total": will_play}
    assert len(done["games"]) == will_play


def test_a_cancelled_tournament_counts_only_the_tables_it_seated(stack):
    r = stack.client().post("/tournaments", json={"type": "toy", "format": "round-robin",
                                                  "players": ["ann", "bob", "cy", "di"]})
    assert r.status_code == 201, r.text
    t = r.json()
    assert t["progress"]["games_total"] == 6
    c = stack.client(t["organiser_token"]).post(f"/tournaments/{t['id']}/cancel", json={"reason": "rain"})
    assert c.status_code == 200, c.text
    now = stack.client().get(f"/tournaments/{t['id']}").json()
    seated = len(now["games"])
    assert seated == 2 and now["progress"]["games_total"] == seated, now["progress"]
