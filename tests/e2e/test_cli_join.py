"""`caravan game new --player open`, `caravan join ID [--seat N]` against the real stack (issue 57): the
creator's account makes the game, another account takes the open seat with the token `caravan login`
kept, and a bad join says why and exits 1."""

from __future__ import annotations

import json
import secrets

import pytest

from tests.e2e.test_cli_accounts import PASSWORD, caravan

pytestmark = pytest.mark.e2e


def signed_up(stack, profile, prefix: str) -> str:
    name = prefix + secrets.token_hex(4)
    made = caravan(stack, profile, "signup", name, "--password-stdin", password=PASSWORD)
    assert made.returncode == 0, made.stderr
    return name


def test_an_open_seat_is_made_and_joined_from_the_cli(stack, tmp_path):
    ann_profile, bob_profile = tmp_path / "ann.json", tmp_path / "bob.json"
    ann, bob = signed_up(stack, ann_profile, "ann"), signed_up(stack, bob_profile, "bob")
    made = caravan(stack, ann_profile, "game", "new", "yangtze", "--player", f"@{ann}", "--player", "open")
    assert made.returncode == 0 and "caravan join" in made.stdout, made.stdout + made.stderr
    gid = made.stdout.split()[1]
    unsigned = caravan(stack, tmp_path / "nobody.json", "join", gid)
    assert unsigned.returncode == 1 and "not signed in" in unsigned.stderr, unsigned.stderr
    wrong = caravan(stack, bob_profile, "join", gid, "--seat", "0")  # ann's seat, not an open one
    assert wrong.returncode == 1 and "no open seat 0" in wrong.stderr, wrong.stderr
    joined = caravan(stack, bob_profile, "join", gid, "--seat", "1", "--json")
    assert joined.returncode == 0, joined.stderr
    assert json.loads(joined.stdout) == {"id": gid, "seat": 1, "status": "started"}
    again = caravan(stack, bob_profile, "join", gid)
    assert again.returncode == 1 and "full" in again.stderr, again.stderr
    shown = caravan(stack, bob_profile, "game", "show", gid, "--as", bob, "--json")
    assert shown.returncode == 0 and json.loads(shown.stdout)["you"] == 1, shown.stderr
    assert [p["name"] for p in json.loads(shown.stdout)["players"]] == [ann, bob]



def test_games_lists_mine_waiting_first_and_game_list_open_lists_open_seats(stack, tmp_path):
    ann_profile, bob_profile = tmp_path / "ann.json", tmp_path / "bob.json"
    ann, bob = signed_up(stack, ann_profile, "ann"), signed_up(stack, bob_profile, "bob")
    assert "no games yet" in caravan(stack, bob_profile, "games").stdout
    made = caravan(stack, ann_profile, "game", "new", "yangtze", "--player", f"@{ann}", "--player", "open", "--json")
    gid = json.loads(made.stdout)["id"]
    listed = caravan(stack, bob_profile, "game", "list", "--open", "--json")
    assert listed.returncode == 0 and gid in [g["id"] for g in json.loads(listed.stdout)], listed.stderr
    assert caravan(stack, bob_profile, "join", gid).returncode == 0
    mine = caravan(stack, bob_profile, "games", "--json")
    assert mine.returncode == 0, mine.stderr
    (row,) = json.loads(mine.stdout)
    assert row["id"] == gid and row["seat"] == 1 and row["players"] == [ann, bob]
    words = caravan(stack, ann_profile, "games")
    assert words.returncode == 0 and gid in words.stdout and "seat 0" in words.stdout, words.stdout


def test_invitations_are_listed_and_answered_from_the_cli(stack, tmp_path):
    ann_profile, bob_profile = tmp_path / "ann.json", tmp_path / "bob.json"
    ann, bob = signed_up(stack, ann_profile, "ann"), signed_up(stack, bob_profile, "bob")
    made = caravan(stack, ann_profile, "game", "new", "yangtze", "--player", f"@{ann}", "--player", f"@{bob}",
                   "--on-decline", "open", "--json")
    assert made.returncode == 0, made.stderr
    gid = json.loads(made.stdout)["id"]
    assert "no invitations" in caravan(stack, ann_profile, "invitations").stdout  # her own seat
    (inv,) = json.loads(caravan(stack, bob_profile, "invitations", "--json").stdout)
    assert inv["id"] == gid and inv["seat"] == 1 and inv["on_decline"] == "open"
    assert "the seat opens" in caravan(stack, bob_profile, "invitations").stdout
    declined = caravan(stack, bob_profile, "invitations", "--decline", gid)
    assert declined.returncode == 0 and "declined: seat 1" in declined.stdout, declined.stdout + declined.stderr
    again = caravan(stack, bob_profile, "invitations", "--accept", gid)
    assert again.returncode == 1 and "no invitation" in again.stderr, again.stderr
    listed = json.loads(caravan(stack, bob_profile, "game", "list", "--open", "--json").stdout)
    assert [g["players"] for g in listed if g["id"] == gid] == [[ann, "open"]]
