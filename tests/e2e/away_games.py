"""Finished games whose person never moved, analysed (shared by the tests of moves made for a seat): a Kashgar
table where the AI took ann's seat over (`fischer:1+0`, `absent: ai-greedy`) and a Yangtze table where the
clock made each of her moves (`per-decision:1`, `absent: default`). One of each per stack."""

from __future__ import annotations

from tests.e2e.helpers import wait_for_status, wait_until_finished

QUICK = {"budget": None, "iterations": 4, "seed": 2}
TABLES = {"kashgar": {"clock": "fischer:1+0", "absent": "ai-greedy"},
          "yangtze": {"clock": "per-decision:1", "absent": "default"}}
_MADE: dict[tuple[str, str], tuple[str, dict]] = {}


def away_game(stack, game_type: str) -> tuple[str, dict]:
    """(game id, its finished analysis) of a `game_type` table where ann never moved and bob is an AI."""
    key = (stack.url, game_type)
    if key not in _MADE:
        c = stack.client()
        created = c.post("/games", json={"type": game_type, "players": ["ann", "bob:ai-random"],
                                         "options": TABLES[game_type]})
        assert created.status_code == 201, created.text
        game_id = created.json()["id"]
        wait_until_finished(c, game_id, timeout=300)
        assert c.post(f"/games/{game_id}/analysis", json=QUICK).status_code in (200, 202)
        _MADE[key] = game_id, wait_for_status(c, f"/games/{game_id}/analysis", "done", timeout=300)
    return _MADE[key]


def ann_rows(report: dict) -> list[dict]:
    return [r for r in report["rows"] if r["kind"] == "decision" and r["seat"] == 0]
