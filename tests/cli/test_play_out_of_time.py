"""`caravan play N` refused because the seat's time ran out meanwhile says so: the timer played the
rulebook's default for it (or an AI took the seat over), which is why the game moved on. It said only
"stale: the move was numbered at version V and the game has moved on", as if someone else had moved."""

from __future__ import annotations

import time

import pytest

from tests.e2e.helpers import wait_for_human

pytestmark = pytest.mark.e2e


def _out_of_time(cli, game_id: str, kind: str, timeout: float = 60) -> None:
    """Wait until the log holds seat 0's time running out: a move by the timer, or a taken-over."""
    arbiter, deadline = cli.stack.client(cli.stack.arbiter), time.monotonic() + timeout
    while not [e for e in arbiter.get(f"/games/{game_id}/events").json()
               if e["kind"] == kind and (e["payload"] or {}).get("timeout") and
               (e["actor"] == 0 if kind == "move" else e["payload"]["seat"] == 0)]:
        assert time.monotonic() < deadline, f"seat 0's time never ran out ({kind})"
        time.sleep(0.1)


def test_a_move_refused_because_your_time_ran_out_says_so(cli):
    game_id = cli.new_game("kashgar", "ann", "bob", options={"clock": "per-decision:2"})
    wait_for_human(cli.stack.client(), game_id, 0)
    cli("moves", game_id, "--as", "ann")
    _out_of_time(cli, game_id, "move")
    out = cli("play", game_id, "0", "--as", "ann", code=4)
    assert "your time ran out: the default move was played for you; the game moved on" in out.stderr, out.stderr
    got = cli("play", game_id, "0", "--as", "ann", "--json", code=4)
    assert "your time ran out" in got.stdout and '"error": "version-conflict"' in got.stdout, got.stdout


def test_a_move_refused_because_an_ai_took_the_seat_over_says_so(cli):
    game_id = cli.new_game("kashgar", "ann", "bob", options={"clock": "per-decision:2", "absent": "ai-random"})
    wait_for_human(cli.stack.client(), game_id, 0)
    cli("moves", game_id, "--as", "ann")
    _out_of_time(cli, game_id, "taken-over")
    out = cli("play", game_id, "0", "--as", "ann", code=None)
    assert out.exit_code == 4, (out.exit_code, out.stderr)
    assert "your time ran out: ai-random plays your seat" in out.stderr and f"caravan back {game_id}" in out.stderr, out.stderr


def test_a_move_refused_because_the_other_seat_moved_says_only_stale(cli):
    created = cli.json("game", "new", "toy", "--player", "ann", "--player", "bob")
    game_id, bob = created["id"], cli.stack.client(created["seats"][1]["token"])
    wait_for_human(cli.stack.client(), game_id, 0)
    cli("moves", game_id, "--as", "ann")
    bob.post(f"/games/{game_id}/moves", json={"move": bob.get(f"/games/{game_id}/moves").json()[0]})
    out = cli("play", game_id, "0", "--as", "ann", code=4)
    assert "stale: the move was numbered at version" in out.stderr and "time ran out" not in out.stderr, out.stderr
