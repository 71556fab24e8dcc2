"""Calling a tournament off: only the organiser or the arbiter may; no round is seated after it; the
tables still in play are abandoned (no result); the record still verifies; the CLI does it too."""

from __future__ import annotations

import time

import pytest

from projections.audit import verify_lines
from tests.cli.conftest import Cli
from tests.e2e.helpers import wait_for_status

pytestmark = pytest.mark.e2e


def humans_tournament(stack) -> dict:
    body = {"type": "yangtze", "format": "swiss", "rounds": 3, "players": ["ann", "bob", "cy:ai-random", "di:ai-random"]}
    r = stack.client().post("/tournaments", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def test_only_the_organiser_or_the_arbiter_cancels_and_the_tables_in_play_are_abandoned(stack):
    t = humans_tournament(stack)
    tid = t["id"]
    entrant = next(e["token"] for e in t["entrants"] if "token" in e)
    summary = stack.client().get(f"/tournaments/{tid}").json()
    assert summary["round"] == 1 and summary["status"] == "active"
    running = [g["id"] for g in summary["games"] if g["status"] == "active" and {"ann", "bob"} & set(g["players"])]
    assert running  # a people's table waits for them (an AI table may end any moment)

    assert stack.client().post(f"/tournaments/{tid}/cancel").status_code == 401
    assert stack.client(entrant).post(f"/tournaments/{tid}/cancel").status_code == 403
    assert stack.client("not-a-token").post(f"/tournaments/{tid}/cancel").status_code == 401  # nobody's token
    long = stack.client(t["organiser_token"]).post(f"/tournaments/{tid}/cancel", json={"reason": "x" * 201})
    assert long.status_code == 422 and long.json()["error"] and long.json()["detail"]
    unknown = stack.client(t["organiser_token"]).post(f"/tournaments/{tid}/cancel", json={"why": "rain"})
    assert unknown.status_code in (400, 422)
    after = stack.client().get(f"/tournaments/{tid}").json()
    kinds = [e["kind"] for e in stack.client().get(f"/tournaments/{tid}/events").json()]
    assert after["status"] == "active" and "cancelled" not in kinds  # refusals change nothing (the AI table may end)

    r = stack.client(t["organiser_token"]).post(f"/tournaments/{tid}/cancel", json={"reason": "the hall closes"})
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["status"] == "cancelled" and out["by"] == "organiser" and out["after_round"] == 1
    assert set(running) <= set(out["abandoned"])
    for game_id in running:
        wait_for_status(stack.client(), f"/games/{game_id}", "abandoned")

    again = stack.client(stack.arbiter).post(f"/tournaments/{tid}/cancel")
    assert again.status_code == 409 and again.json()["error"]
    assert stack.client(t["organiser_token"]).post(f"/tournaments/{tid}/withdraw", json={"entrant": "ann"}).status_code == 409
    adv = stack.client(t["organiser_token"]).post(f"/tournaments/{tid}/advance")
    assert adv.status_code == 200 and adv.json()["status"] == "cancelled" and adv.json()["round"] == 1

    deadline = time.monotonic() + 240  # the workers record each table's end (a queue busy under a full suite)
    while time.monotonic() < deadline:  # the abandoned tables are recorded, and no round follows
        s = stack.client().get(f"/tournaments/{tid}").json()
        if all(g["status"] != "active" for g in s["games"]):
            break
        time.sleep(0.1)
    assert s["status"] == "cancelled" and s["round"] == 1
    assert s["cancelled"] == {"by": "organiser", "reason": "the hall closes", "after_round": 1}
    assert {g["status"] for g in s["games"] if g["id"] in running} == {"abandoned"}, s["games"]
    report = verify_lines(stack.client(stack.arbiter).get(f"/tournaments/{tid}/export").text.splitlines())
    assert report.ok, report


def test_the_cli_cancels_with_the_organiser_token_it_saved(stack, tmp_path):
    cli = Cli(stack, tmp_path, CARAVAN_ARBITER_TOKEN="")
    made = cli.json("tournament", "new", "toy", "--player", "ann", "--player", "bob:ai-random")
    tid = made["id"]
    refused = cli("tournament", "cancel", tid, "--token", "not-the-organiser", "--json", code=None)
    assert refused.exit_code != 0 and '"error"' in refused.stdout
    out = cli.json("tournament", "cancel", tid, "--reason", "test")
    assert out["status"] == "cancelled" and out["by"] == "organiser"
    shown = cli.json("tournament", "show", tid)
    assert shown["status"] == "cancelled" and shown["cancelled"]["reason"] == "test"
