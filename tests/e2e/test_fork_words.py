"""A fork's log says where it comes from: its first event reads "the game begins: … (a fork of game G after
event N)", and the position it starts from, secret until the end, reads as such — before, `caravan log`
printed "forked-state (hidden)" and nothing said which game or position it was forked from."""

from __future__ import annotations

import pytest

from tests.cli.conftest import Cli
from tests.e2e.helpers import wait_for_human

pytestmark = pytest.mark.e2e


def test_a_forks_log_says_where_it_comes_from(stack, tmp_path):
    created = stack.client().post("/games", json={"type": "kashgar", "players": ["ann", "bob:ai-random"]}).json()
    ann = stack.client(created["seats"][0]["token"])
    g = wait_for_human(ann, created["id"], 0)
    fork = ann.post(f"/games/{created['id']}/fork").json()
    token = next(s["token"] for s in fork["seats"] if s.get("token"))
    frame = stack.client(token).get(f"/games/{fork['id']}/view/frame").json()
    first = next(e["text"] for e in frame["events"] if e["version"] == 1)
    assert f"(a fork of game {created['id']} after event {g['version']})" in first, first
    lines = Cli(stack, tmp_path)("log", fork["id"], "--token", token).stdout.splitlines()
    assert any(f"a fork of game {created['id']}" in line for line in lines), lines
    assert any("the position the fork starts from" in line for line in lines), lines
    assert not any("forked-state" in line for line in lines), lines
