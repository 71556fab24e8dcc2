"""A tournament as a newcomer meets it (issue 58, confused 7): `tournament new` says how to run it and see its
tables; `tournament show` says what its rating column is; the page shows Buchholz only for Swiss (in a round
robin everyone meets everyone, and the column only mirrored points)."""

from __future__ import annotations

import pytest

from tests.cli.conftest import Cli

pytestmark = pytest.mark.e2e

BUCHHOLZ = '<th scope="col">buchholz</th>'
FIELD = ("--player", "ann:ai-random", "--player", "bob:ai-random", "--player", "cy:ai-random", "--player", "dee:ai-random")


def played(cli: Cli, *fmt: str) -> tuple[str, str]:
    """(id, what `tournament new` printed) of a finished toy tournament of four random AIs."""
    out = cli("tournament", "new", "toy", *fmt, *FIELD).stdout
    tid = out.split()[1].rstrip(":")
    cli("tournament", "run", tid, "--poll", "0.2")
    return tid, out


def test_round_robin_new_says_run_show_names_the_rating_and_page_has_no_buchholz(stack, tmp_path):
    cli = Cli(stack, tmp_path)
    tid, out = played(cli)
    assert f"next: caravan tournament run {tid}" in out, out
    assert f"caravan tournament show {tid}" in out and f"/tournaments/{tid}/view" in out, out
    t = cli.json("tournament", "show", tid)
    assert t["status"] == "finished" and any(s["buchholz"] for s in t["standings"])  # (the column had something)
    shown = cli("tournament", "show", tid, COLUMNS="120").stdout
    assert "rating: OpenSkill (Plackett–Luce) ordinal from this tournament's games only, mu − 3 × sigma" in shown, shown
    assert "buchholz" not in shown
    page = stack.client().get(f"/tournaments/{tid}/view").text
    assert BUCHHOLZ not in page and '<th scope="col">rating</th>' in page


def test_swiss_page_keeps_its_buchholz_column(stack, tmp_path):
    cli = Cli(stack, tmp_path)
    tid, _ = played(cli, "--format", "swiss", "--rounds", "2")
    assert BUCHHOLZ in stack.client().get(f"/tournaments/{tid}/view").text
    assert "buchholz" in cli("tournament", "show", tid, COLUMNS="120").stdout
