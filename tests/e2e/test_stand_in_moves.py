"""A move the AI makes for a person who is away (taken over for a no-show or out of time, or after a
resignation) says so in the log: its event carries `stand_in` (the AI level that made it), and the log in
words — the page's account and `caravan log` — says "made by the AI for ann while away: ai-random" ("for
you" to ann in `caravan log`). Before, it read exactly like
the person's own move ("you: …"), and since undo refuses such moves a player could not tell which of
"their" moves they could take back."""

from __future__ import annotations

import time

import pytest

from tests.cli.conftest import Cli

pytestmark = pytest.mark.e2e


def test_a_move_the_ai_made_for_an_absent_person_says_so(stack, tmp_path):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob:ai-random"],
                                                   "options": {"no_show": "takeover:1", "absent": "ai-random"}}).json()
    game_id, token = created["id"], created["seats"][0]["token"]
    ann = stack.client(token)
    deadline = time.monotonic() + 60
    while not (made := [r for r in ann.get(f"/games/{game_id}/events").json()
                        if r["kind"] == "move" and r["actor"] == 0]):
        assert time.monotonic() < deadline, "the AI never moved for ann"
        time.sleep(0.1)
    assert made[0]["payload"]["stand_in"] == "ai-random", made[0]
    bobs = [r for r in stack.client(stack.arbiter).get(f"/games/{game_id}/events").json()  # (bob's secret ones too)
            if r["kind"] == "move" and r["actor"] == 1]
    assert all("stand_in" not in r["payload"] for r in bobs), bobs  # an AI seat's own moves are its own
    at = made[0]["version"]  # (the replay's frame at that step: a live frame shows only the last events)
    page = {e["version"]: e["text"] for e in ann.get(f"/games/{game_id}/view/frame", params={"at": at}).json()["events"]}
    assert "made by the AI for ann while away: ai-random" in page[at], page[at]
    spectator = {e["version"]: e["text"]
                 for e in stack.client().get(f"/games/{game_id}/view/frame", params={"at": at}).json()["events"]}
    assert "made by the AI for ann while away" in spectator[at], spectator[at]
    log = Cli(stack, tmp_path)("log", game_id, "--token", token).stdout
    line = next(x for x in log.splitlines() if x.split()[:1] == [str(made[0]["version"])])
    assert "made by the AI for you while away" in line, line
