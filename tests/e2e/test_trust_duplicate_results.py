"""A duplicate round's results stay out of sight until the round is over. A finished table's scores and
ranks are the luck of the deal the other tables still play (an AI table that scored 54 to 44 tells the
people at the other table how the deal runs for each seat): before, the tournament's summary, standings
(points, matchpoints), page, live stream, events and export showed them at once."""

from __future__ import annotations

import time

import msgspec
import pytest

from events.envelope import payload_digest
from tests.e2e.helpers import wait_until_finished
from tests.e2e.test_trust_duplicate import seated_round

pytestmark = pytest.mark.e2e


def test_a_finished_duplicate_tables_result_waits_for_its_round(stack):
    tid, tokens, tables, _ = seated_round(stack)
    spectator = stack.client()
    wait_until_finished(stack.client(stack.arbiter), tables["ai"])
    for _ in range(200):  # the tournament records the table's end on the workers
        finished = [e for e in spectator.get(f"/tournaments/{tid}/events").json() if e["kind"] == "table-finished"]
        if finished:
            break
        time.sleep(0.05)
    assert finished, "the AI table's end was never recorded"
    summary = spectator.get(f"/tournaments/{tid}").json()
    ai = next(g for g in summary["games"] if g["id"] == tables["ai"])
    assert ai["scores"] is None and ai["ranks"] is None, ai
    for row in summary["standings"]:
        assert row["points"] == 0 and row["played"] == 0 and row.get("matchpoints", 0) == 0, row
    true = {e["version"]: e for e in stack.client(stack.arbiter).get(f"/tournaments/{tid}/events").json()}
    exported = [msgspec.json.decode(x)["event"] for x in spectator.get(f"/tournaments/{tid}/export").text.splitlines()
                if msgspec.json.decode(x)["kind"] == "tournament"]
    for rows in (finished, [e for e in exported if e["kind"] == "table-finished"]):
        for e in rows:
            t = true[e["version"]]
            assert e["payload"] is None and e.get("sealed") is True, e
            assert not {payload_digest(t["payload"], ""), t["hash"]} & {e.get("payload_hash"), e.get("hash")}


def test_the_lobby_does_not_say_whose_turn_it_is_at_a_sealed_table(stack):
    """The lobby showed '▶ ann' for a table whose sealed view blanks who acts."""
    _, _, tables, _ = seated_round(stack)
    for _ in range(100):
        rows = stack.client().get("/", params={"fragment": "true", "show": "games"}).text.split("<tr ")
        row = next((r for r in rows if f'data-game="{tables["human"]}"' in r), None)
        if row is not None:
            break
        time.sleep(0.05)
    assert row is not None, "the human table is not in the lobby"
    assert "▶" not in row and "acting" not in row, row


def test_a_cancelled_duplicate_round_is_public_at_once(stack):
    """Cancelled mid-round, its tables stayed sealed for good: the round never ended, so its seed was never
    revealed, and neither table could ever be verified. Calling the tournament off ends the round."""
    tid, _, tables, created = seated_round(stack)
    wait_until_finished(stack.client(stack.arbiter), tables["ai"])
    organiser = stack.client(created["organiser_token"])
    assert organiser.post(f"/tournaments/{tid}/cancel", json={"reason": "rain"}).status_code == 200
    spectator = stack.client()
    for game_id in tables.values():
        for _ in range(100):
            rows = spectator.get(f"/games/{game_id}/events").json()
            if rows[-1]["kind"] == "seed-revealed":
                break
            time.sleep(0.05)
        assert rows[-1]["kind"] == "seed-revealed", [r["kind"] for r in rows[-3:]]
        assert all(r["payload"] is not None and not r.get("sealed") for r in rows)
    ai = next(g for g in spectator.get(f"/tournaments/{tid}").json()["games"] if g["id"] == tables["ai"])
    assert ai["scores"] is not None
