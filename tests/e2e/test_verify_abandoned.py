"""An abandoned game has ended: its log closes with `abandoned` and then `seed-revealed`, so its export is
complete and verifies like a finished game's (the chain, every payload against its hash, every chance outcome
from the revealed seed, every move up to the abandonment; no result to recompute). A cancelled tournament's
export, whose tables in play were abandoned, verifies too. Before, the offline judgment of completeness looked
for a `finished` event only, and `caravan verify` called both exports incomplete (exit 6)."""

from __future__ import annotations

import time

import pytest

from projections.audit import not_checked, verify_lines
from tests.e2e.helpers import wait_for_human, wait_for_status

pytestmark = pytest.mark.e2e


def abandoned_game(stack) -> tuple[str, list[str]]:
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    game_id = created["id"]
    wait_for_human(stack.client(created["seats"][0]["token"]), game_id, 0)  # a chance outcome drawn already
    r = stack.client(stack.arbiter).post(f"/games/{game_id}/abandon", json={"reason": "the hall closes"})
    assert r.status_code == 200, r.text
    wait_for_status(stack.client(), f"/games/{game_id}", "abandoned")
    return game_id, stack.client().get(f"/games/{game_id}/export").text.splitlines()


def test_an_abandoned_games_export_is_complete_and_verifies(stack):
    game_id, lines = abandoned_game(stack)
    assert [line for line in lines if '"kind":"abandoned"' in line or '"kind":"seed-revealed"' in line]
    report = verify_lines(lines)
    assert report.ok and report.finished, report.line()
    assert any("chance outcomes recomputed from the seed" in c for c in report.checked), report.checked
    assert not_checked(lines) == []


def test_the_live_verify_of_an_abandoned_game_holds(stack):
    game_id, _ = abandoned_game(stack)
    report = stack.client().get(f"/games/{game_id}/verify").json()
    assert report["ok"] is True and report["finished"] is True, report


def test_an_abandoned_export_cut_short_is_still_incomplete(stack):
    _, lines = abandoned_game(stack)
    without_seed = [line for line in lines if '"kind":"seed-revealed"' not in line]
    assert any("seed-revealed" in why for why in not_checked(without_seed))
    before_the_end = [line for line in without_seed if '"kind":"abandoned"' not in line]
    assert any("does not finish" in why for why in not_checked(before_the_end))


def test_a_cancelled_tournaments_export_is_complete_and_verifies(stack):
    t = stack.client().post("/tournaments", json={"type": "toy", "format": "swiss", "rounds": 2,
                                                  "players": ["ann", "bob"]}).json()
    tid = t["id"]
    table = stack.client().get(f"/tournaments/{tid}").json()["games"][0]["id"]
    wait_for_human(stack.client(), table, 0)
    r = stack.client(t["organiser_token"]).post(f"/tournaments/{tid}/cancel", json={"reason": "rain"})
    assert r.status_code == 200, r.text
    wait_for_status(stack.client(), f"/games/{table}", "abandoned")
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:  # the workers record the table's end in the tournament
        if all(g["status"] != "active" for g in stack.client().get(f"/tournaments/{tid}").json()["games"]):
            break
        time.sleep(0.1)
    lines = stack.client().get(f"/tournaments/{tid}/export").text.splitlines()
    report = verify_lines(lines)
    assert report.ok, report.line()
    assert not_checked(lines) == []


def test_caravan_verify_of_an_abandoned_games_export_exits_0(stack, tmp_path):
    from tests.cli.conftest import Cli

    game_id, lines = abandoned_game(stack)
    path = tmp_path / "abandoned.jsonl"
    path.write_text("\n".join(lines) + "\n")
    out = Cli(stack, tmp_path)("verify", str(path), code=None)
    assert out.exit_code == 0, out.stdout + out.stderr
