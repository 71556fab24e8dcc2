"""A secret move or draw told in words says it was secret: a Yangtze seat's starting goods are drawn
secretly, and its log read "drawn from the bag: Fish (everyday, sky)" exactly like the river's public
draws, so a player could not tell what the others know of its goods. The seat reads "only you see it";
once the game is over every reader reads whose secret it was: in the API's words, on the web page's
account ("What happened") and in `caravan log`."""

from __future__ import annotations

import pytest

from tests.cli.conftest import Cli
from tests.e2e.helpers import wait_for_human, wait_until_finished

pytestmark = pytest.mark.e2e


def told(client, game_id):
    return [r for r in client.get(f"/games/{game_id}/events", params={"words": "true"}).json()
            if r["kind"] in ("move", "chance")]


def told_elsewhere(stack, tmp_path, game_id, token=None):
    """The page's account and `caravan log`, version -> text, for the seat of `token` (None: a spectator)."""
    frame = stack.client(token).get(f"/games/{game_id}/view/frame").json()
    page = {e["version"]: e["text"] for e in frame["events"]}
    lines = Cli(stack, tmp_path)("log", game_id, *(("--token", token) if token else ())).stdout.splitlines()
    return page, {int(line.split()[0]): line for line in lines if line.strip()}


def test_a_secret_draw_says_whose_secret_it_is(stack, tmp_path):
    created = stack.client().post("/games", json={"type": "yangtze", "players": ["ann", "bob:ai-greedy"]}).json()
    ann = stack.client(created["seats"][0]["token"])
    wait_for_human(ann, created["id"], 0)
    rows = told(ann, created["id"])
    mine = [r for r in rows if r["visible_to"] == [0]]
    public = [r for r in rows if r["visible_to"] is None]
    assert len(mine) == 2 and public, rows
    assert all(r["words"].endswith("(secret: only you see it)") for r in mine), [r["words"] for r in mine]
    assert not any("secret" in r["words"] for r in public), [r["words"] for r in public]
    assert all(r.get("words") is None for r in rows if r["visible_to"] == [1])
    page, log = told_elsewhere(stack, tmp_path, created["id"], created["seats"][0]["token"])
    for r in mine:
        assert page[r["version"]].endswith("(secret: only you see it)"), page[r["version"]]
        assert log[r["version"]].endswith("(secret: only you see it)"), log[r["version"]]
    assert not any("secret" in page[r["version"]] or "secret" in log[r["version"]] for r in public)
    assert ann.post(f"/games/{created['id']}/resign").status_code == 200
    wait_until_finished(ann, created["id"])
    after = told(stack.client(), created["id"])
    assert [r["words"].endswith("(secret at the time: ann only)") for r in after if r["visible_to"] == [0]] == [True, True]
    assert all(r["words"].endswith("(secret at the time: bob only)") for r in after if r["visible_to"] == [1])
    page, log = told_elsewhere(stack, tmp_path, created["id"])
    for r in after:
        if r["visible_to"] == [0]:  # (the page's account of a long game shows its last events: the replay's step)
            then = stack.client().get(f"/games/{created['id']}/view/frame", params={"at": r["version"]}).json()
            assert then["events"][-1]["text"].endswith("(secret at the time: ann only)"), then["events"][-1]
            assert log[r["version"]].endswith("(secret at the time: ann only)"), log[r["version"]]
