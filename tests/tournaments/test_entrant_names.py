"""An entrant's name never reads as something else to the CLI's `--as` (a seat number, an entrant's name, or
`arbiter`): `arbiter` and all-digit names are refused when the tournament is made, with a clear 4xx, and
nothing is written. Against the real stack."""

from __future__ import annotations

import pytest

from tests.cli.conftest import Cli

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("name", ["arbiter", "arbiter:ai-random", "0", "3", "12:ai-random", "٣", "007"])
def test_a_name_the_cli_reads_as_a_seat_or_the_arbiter_is_refused(stack, name):
    c = stack.client()
    before = len(c.get("/tournaments").json())
    r = c.post("/tournaments", json={"type": "toy", "players": [name, "bob", "cy:ai-random"]})
    assert r.status_code == 422, r.text
    body = r.json()
    assert set(body) >= {"error", "detail"}
    assert name.partition(":")[0] in body["detail"] and "--as" in body["detail"], body["detail"]
    assert len(c.get("/tournaments").json()) == before


@pytest.mark.parametrize("name", ["arbiter2", "r2d2", "ann 2", "0x", "Seat"])
def test_names_that_only_look_alike_are_taken(stack, name):
    r = stack.client().post("/tournaments", json={"type": "toy", "players": [name, "bob:ai-random"]})
    assert r.status_code == 201, r.text
    assert r.json()["entrants"][0]["name"] == name


def test_the_cli_says_why_and_exits_1(stack, tmp_path):
    out = Cli(stack, tmp_path)("tournament", "new", "toy", "--player", "0", "--player", "bob", code=1)
    assert "--as" in out.stdout + out.stderr, out.stdout + out.stderr
