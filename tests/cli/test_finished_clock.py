"""`caravan game show` of a finished game runs no clock: it printed 'clock (fischer:600+0): ann 9:58,
bob 9:59' (and 'clock (per-decision:30): ann 30 s, bob 30 s') under the result, as if the clocks still
counted. A Fischer table shows each seat's time at the end as final; a per-decision one shows none."""

from __future__ import annotations

import re

import pytest

from tests.e2e.helpers import wait_until_finished

pytestmark = pytest.mark.e2e


def played_to_the_end(cli, clock: str) -> str:
    created = cli.json("game", "new", "toy", "--player", "ann", "--player", "bob", "--option", f"clock={clock}")
    game_id, client = created["id"], cli.stack.client()
    seats = [cli.stack.client(s["token"]) for s in created["seats"]]
    while (g := client.get(f"/games/{game_id}").json())["status"] == "active":
        for s in g["actors"]:
            moves = seats[s].get(f"/games/{game_id}/moves").json()
            if moves:
                seats[s].post(f"/games/{game_id}/moves", json={"move": moves[0]})
    wait_until_finished(client, game_id)
    return game_id


def test_a_finished_fischer_game_shows_final_times_not_a_clock(cli):
    game_id = played_to_the_end(cli, "fischer:600+0")
    out = cli("game", "show", game_id, "--as", "ann").stdout
    assert "clock (" not in out and "▶" not in out, out
    assert re.search(r"final times \(fischer:600\+0\): ann (10:00|9:5\d), bob (10:00|9:5\d)$", out, re.M), out


def test_a_finished_per_decision_game_shows_no_clock(cli):
    game_id = played_to_the_end(cli, "per-decision:30")
    out = cli("game", "show", game_id, "--as", "ann").stdout
    assert "clock" not in out and "30 s" not in out, out
