"""A tournament's analysis on the real stack (valkey, RQ workers, the app over HTTP, the CLI through
CliRunner): every finished table analysed, an accuracy table per entrant, the fair-play signal for people
(labelled a signal), and a table still in play never analysed for anyone."""

from __future__ import annotations

import json
import random
import time

import msgspec
import pytest

from service.analysis_schemas import TournamentAnalysis
from tests.cli.conftest import Cli
from tests.e2e.helpers import play_my_tables, wait_for_status

pytestmark = pytest.mark.e2e

SMALL = ("--budget", "0", "--iterations", "8", "--seed", "9")


@pytest.fixture
def cli(stack, tmp_path) -> Cli:
    return Cli(stack, tmp_path)


def test_every_finished_table_is_analysed_and_each_entrant_gets_an_accuracy(cli):
    c = cli.stack.client()
    t = c.post("/tournaments", json={"type": "toy", "players": ["ann", "b1:ai-random", "b2:ai-greedy"]}).json()
    play_my_tables(cli.stack, t["id"], next(e["token"] for e in t["entrants"] if e["name"] == "ann"), random.Random(4))
    got = cli.json("tournament", "analyse", t["id"], *SMALL)
    typed = msgspec.convert(got, TournamentAnalysis)  # the documented shape
    assert typed.analysed == len(typed.tables) == 3 and {x.status for x in typed.tables} == {"done"}
    rows = {e.entrant: e for e in typed.entrants}
    assert set(rows) == {"ann", "b1", "b2"} and all(e.games == 2 and e.decisions > 0 for e in rows.values())
    assert all(0 <= e.accuracy <= 100 and 0 <= e.match_rate <= 1 for e in rows.values())
    ann = rows["ann"].fair_play
    assert ann is not None and rows["b1"].fair_play is None and rows["b2"].fair_play is None  # people only
    assert ann.decisions == rows["ann"].decisions and ann.engine_rate is not None and 0 <= ann.engine_rate <= 1
    assert "a signal, not a verdict" in ann.note
    for table in typed.tables:  # each table's own analysis is the one the tournament counted
        assert c.get(f"/games/{table.game}/analysis").json()["status"] == "done"
    out = cli("tournament", "analyse", t["id"], *SMALL).stdout
    assert f"tournament {t['id']}: 3 of 3 tables analysed" in out
    assert "fair-play signal" in out and "not a verdict" in out
    line = next(l for l in out.splitlines() if l.startswith("ann "))
    assert f"{rows['ann'].accuracy:.1f}" in line


def test_a_table_in_play_is_never_analysed(cli):
    c = cli.stack.client()
    t = c.post("/tournaments", json={"type": "toy", "players": ["ann", "b1:ai-random", "b2:ai-random",
                                                                   "b3:ai-random"]}).json()
    deadline = time.monotonic() + 120
    while True:  # round 1: ann's table waits for ann; the bots' table plays to its end
        games = c.get(f"/tournaments/{t['id']}").json()["games"]
        if any(g["status"] == "finished" for g in games):
            break
        assert time.monotonic() < deadline
        time.sleep(0.1)
    got = cli.json("tournament", "analyse", t["id"], *SMALL)
    status = {x["game"]: x["status"] for x in got["tables"]}
    running = [g["id"] for g in games if g["status"] != "finished"]
    assert running and all(status[g] == "hidden" for g in running)
    assert got["analysed"] == 1 and sorted(status.values()) == ["done", "hidden"]
    ann = next(e for e in got["entrants"] if e["entrant"] == "ann")
    assert ann["games"] == 0 and ann["decisions"] == 0 and ann["accuracy"] is None
    for g in running:
        r = c.get(f"/games/{g}/analysis")
        assert r.status_code == 409 and r.json()["error"] == "game-running"


def test_bad_settings_and_unknown_tournaments_are_refused(cli):
    c = cli.stack.client()
    t = c.post("/tournaments", json={"type": "toy", "players": ["b1:ai-random", "b2:ai-random"]}).json()
    wait_for_status(c, f"/tournaments/{t['id']}")
    bad = c.post(f"/tournaments/{t['id']}/analysis", json={"budget": 0})
    assert bad.status_code == 422 and bad.json()["error"] == "invalid"
    assert c.get(f"/tournaments/{t['id']}/analysis").json()["analysed"] == 0  # nothing was queued
    assert {x["status"] for x in c.get(f"/tournaments/{t['id']}/analysis").json()["tables"]} == {"none"}
    err = json.loads(cli("tournament", "analyse", "t-000000000000", "--json", code=1).stdout)
    assert err["error"] == "not-found" and err["detail"]
