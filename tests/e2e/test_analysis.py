"""Post-game analysis on the real stack: the API queues it on the RQ workers, reads its progress and
rows; a running game is refused; a seat's private fork shows only that seat's side."""

from __future__ import annotations

import re
import time

import msgspec
import pytest

from ai.analysis import engine_code
from games.registry import all_games
from service.analysis_schemas import AnalysisReport
from tests.e2e.helpers import all_events, wait_for_human, wait_until_finished

pytestmark = pytest.mark.e2e

CLASSES = {"best", "good", "inaccuracy", "mistake", "blunder", "forced"}
SMALL = {"budget": 0.05, "iterations": 6, "seed": 11}
FOUR = sorted(g for g in all_games() if g != "toy")


def finished_game(stack, game_type: str) -> str:
    game = all_games()[game_type]
    names = [f"p{i}:ai-random" for i in range(game.min_players)]
    created = stack.client().post("/games", json={"type": game_type, "players": names}).json()
    wait_until_finished(stack.client(), created["id"], timeout=300)
    return created["id"]


def analysed(client, game_id: str, timeout: float = 300) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = client.get(f"/games/{game_id}/analysis")
        assert got.status_code == 200, got.text
        body = got.json()
        assert 0 <= body["done"] <= body["total"]
        if body["status"] == "done":
            return body
        time.sleep(0.2)
    raise AssertionError(f"the analysis of {game_id} did not finish: {body['done']}/{body['total']}")


@pytest.mark.parametrize("game_type", FOUR)
def test_a_finished_game_is_analysed_on_the_workers(stack, game_type):
    game_id = finished_game(stack, game_type)
    c = stack.client()
    posted = c.post(f"/games/{game_id}/analysis", json=SMALL)
    assert posted.status_code == 202, posted.text
    body = analysed(c, game_id)
    msgspec.convert(body, AnalysisReport)  # the documented shape (/schema), to the last field
    events = all_events(c, game_id)
    steps = [e for e in events if e.kind in ("move", "chance")]
    assert body["total"] == len(steps) == len(body["rows"])
    assert body["head"] == events[-1].hash and body["engine"]["seed"] == 11
    assert body["engine"]["budget"] == 0.05 and body["engine"]["iterations"] == 6
    assert body["engine"]["code"] == engine_code(all_games()[game_type])  # which source made the verdicts
    decisions = [r for r in body["rows"] if r["kind"] == "decision"]
    assert decisions and all(r["class"] in CLASSES and r["text"] for r in decisions)
    judged = [r for r in decisions if r["class"] != "forced"]
    assert judged
    for r in judged:
        assert 0 <= r["win_played"] <= 1 and 0 <= r["win_best"] <= 1  # a rarely tried move's mean may beat the best's
        assert r["loss"] == pytest.approx(max(0.0, r["win_best"] - r["win_played"]), abs=2e-4)
        assert 1 <= r["rank_played"] <= len(body["players"]) and r["best_text"]
    for r in (r for r in body["rows"] if r["kind"] == "chance"):
        assert r["odds"] is None or 0 < r["odds"] <= 1
    # the words name the players ("seat order (clockwise): seat 2, seat 0, seat 1" before)
    said = [w for r in body["rows"] for w in (r["text"], r.get("best_text")) if w]
    assert said and not [w for w in said if re.search(r"\bseat \d", w)]
    for s in body["seats"]:
        assert s["accuracy"] is None or 0 <= s["accuracy"] <= 100
        assert all(c["loss"] > 0 for c in s["costliest"])
    again = c.post(f"/games/{game_id}/analysis", json=SMALL)
    assert again.status_code == 200 and again.json()["id"] == body["id"]  # the same analysis, not a new one


def test_a_running_game_is_refused(stack):
    created = stack.client().post("/games", json={"type": "yangtze", "players": ["ann", "bob:ai-random"]}).json()
    ann = stack.client(created["seats"][0]["token"])
    wait_for_human(ann, created["id"], 0)
    for client in (stack.client(), ann, stack.client(stack.arbiter)):
        for method in ("post", "get"):
            r = getattr(client, method)(f"/games/{created['id']}/analysis", **({"json": {}} if method == "post" else {}))
            assert r.status_code == 409, r.text
            assert r.json()["error"] == "game-running" and r.json()["detail"]


@pytest.mark.parametrize("body", [{"budget": 0}, {"budget": 11}, {"budget": "fast"}, {"iterations": 0},
                                  {"budget": None}, {"budget": True}, {"seed": -1}, {"depth": 3}])
def test_bad_settings_are_refused_and_change_nothing(stack, body):
    game_id = finished_game(stack, "bangkok-klongs")
    c = stack.client()
    r = c.post(f"/games/{game_id}/analysis", json=body)
    assert r.status_code == 422, r.text
    assert r.json()["error"] == "invalid" and r.json()["detail"]
    assert c.get(f"/games/{game_id}/analysis").status_code == 404
