"""A tournament's entrant is found by how its name reads, as a game's seat is (`--as Ann` is ann): names in a
tournament never read alike (service/players.py), so `tables --as Ann` and `withdraw --player Ann` mean ann,
on the command line and, for withdraw's entrant, on the server. Against the real stack."""

from __future__ import annotations

import json

import pytest

from cli.client import REFUSED
from tests.cli.conftest import Cli

pytestmark = pytest.mark.e2e


def made_by_cli(cli) -> str:
    """ann and bob (people: their entrant tokens in the profile) with two AIs, so everyone has a table."""
    return cli.json("tournament", "new", "toy", "--player", "ann", "--player", "bob", "--player", "cy:ai-random",
                    "--player", "di:ai-random")["id"]


def test_tables_as_a_name_as_it_reads_finds_the_entrant(stack, tmp_path):
    """`caravan tournament tables T --as Ann` said "no entrant token for Ann"."""
    cli = Cli(stack, tmp_path)
    tid = made_by_cli(cli)
    mine = cli("tournament", "tables", tid, "--as", "ann").stdout
    for spelled in ("Ann", "ANN", "Ａｎｎ", "аnn"):  # (the last with a Cyrillic а)
        assert cli("tournament", "tables", tid, "--as", spelled).stdout == mine, spelled
    assert mine.startswith(f"ann's tables in {tid}:"), mine
    missing = cli("tournament", "tables", tid, "--as", "zed", code=REFUSED)
    assert "zed" in missing.stderr


def test_tables_with_a_token_and_the_name_as_it_reads_is_not_another_entrant(stack, tmp_path):
    cli = Cli(stack, tmp_path / "organiser")
    tid = made_by_cli(cli)
    ann = cli.json("tournament", "show", tid)  # (the token comes from the organiser's profile)
    assert ann["id"] == tid
    token = json.loads((tmp_path / "organiser" / "profile.json").read_text())
    token = next(iter(token.values()))[tid]["ann"]
    other = Cli(stack, tmp_path)
    out = other("tournament", "tables", tid, "--as", "Ann", "--token", token).stdout
    assert out.startswith(f"ann's tables in {tid}:"), out


def test_withdraw_a_name_as_it_reads_withdraws_that_entrant(stack, tmp_path):
    """`caravan tournament withdraw T --player Ann` said "no entrant 'Ann'": the CLI found no token for Ann and
    the server no entrant."""
    cli = Cli(stack, tmp_path)
    tid = made_by_cli(cli)
    out = cli.json("tournament", "withdraw", tid, "--player", "Ann")
    assert out["entrant"] == "ann" and out["by"] == "entrant" and out["withdrawn"] == ["ann"], out
    again = cli("tournament", "withdraw", tid, "--player", "ANN", code=REFUSED)
    assert "ann has already withdrawn" in again.stderr, again.stderr


def test_the_server_takes_the_entrant_to_withdraw_as_its_name_reads(stack):
    """POST /tournaments/{id}/withdraw {"entrant": "Bob"} with the organiser's token withdraws bob; with
    ann's own token it is still not hers to withdraw (403)."""
    r = stack.client().post("/tournaments", json={"type": "toy", "players": ["ann", "bob", "cy:ai-random", "di:ai-random"]})
    assert r.status_code == 201, r.text
    t = r.json()
    ann = next(e["token"] for e in t["entrants"] if e["name"] == "ann")
    assert stack.client(ann).post(f"/tournaments/{t['id']}/withdraw", json={"entrant": "Bob"}).status_code == 403
    mine = stack.client(ann).post(f"/tournaments/{t['id']}/withdraw", json={"entrant": "ＡＮＮ"})
    assert mine.status_code == 200 and mine.json()["entrant"] == "ann", mine.text
    got = stack.client(t["organiser_token"]).post(f"/tournaments/{t['id']}/withdraw", json={"entrant": "Bob"})
    assert got.status_code == 200 and got.json()["entrant"] == "bob", got.text
    nobody = stack.client(t["organiser_token"]).post(f"/tournaments/{t['id']}/withdraw", json={"entrant": "zed"})
    assert nobody.status_code == 422 and "zed" in nobody.json()["detail"], nobody.text
