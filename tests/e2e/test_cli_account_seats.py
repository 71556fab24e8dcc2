"""`caravan game new --player @NAME` and playing that seat from the CLI with the token `caravan login`
kept (issue 57, "Seats bound to people"): no seat token is saved for it, and `--as` finds the account's."""

from __future__ import annotations

import json
import secrets

import pytest

from tests.e2e.test_account_seats import ann_to_act
from tests.e2e.test_cli_accounts import PASSWORD, caravan

pytestmark = pytest.mark.e2e


def test_an_account_seat_is_made_and_played_from_the_cli(stack, tmp_path):
    profile, name = tmp_path / "profile.json", "ann" + secrets.token_hex(4)
    assert caravan(stack, profile, "signup", name, "--password-stdin", password=PASSWORD).returncode == 0
    made = caravan(stack, profile, "game", "new", "yangtze", "--player", f"@{name}", "--player", "carl", "--json")
    assert made.returncode == 0, made.stderr
    game = json.loads(made.stdout)
    gid, (mine, guest) = game["id"], game["seats"]
    assert mine == {"seat": 0, "name": name, "account": True}
    saved = [games[gid] for url, games in json.loads(profile.read_text()).items() if url != "accounts" and gid in games]
    assert saved == [{"1": guest["token"]}]  # the guest's token only: the account's seat has none
    words = caravan(stack, profile, "game", "new", "yangtze", "--player", f"@{name}", "--player", "dee")
    assert words.returncode == 0 and "plays signed in" in words.stdout, words.stdout
    with stack.client() as c:
        ann_to_act(c, gid, guest["token"])
    shown = caravan(stack, profile, "game", "show", gid, "--as", name, "--json")
    assert shown.returncode == 0 and json.loads(shown.stdout)["you"] == 0, shown.stderr
    played = caravan(stack, profile, "play", gid, "--as", "0", "1")
    assert played.returncode == 0, played.stdout + played.stderr
    assert stack.client().get(f"/games/{gid}").json()["version"] > json.loads(shown.stdout)["version"]
    nobody = caravan(stack, profile, "game", "new", "yangtze", "--player", "@nobody" + name, "--player", "carl")
    assert nobody.returncode == 1 and "no account" in nobody.stderr, nobody.stderr


def test_a_signed_in_account_plays_its_seat_without_naming_it(stack, tmp_path):
    """After `caravan signup`, the account's own game needs no --as: `game new` says how to play it (it
    once said `caravan watch`, as for a table of AIs), and `wait`, `moves` and `play` ask as the account
    (they once answered "wait needs --as SEAT" and "a seat's token is needed")."""
    profile, name = tmp_path / "profile.json", "bea" + secrets.token_hex(4)
    assert caravan(stack, profile, "signup", name, "--password-stdin", password=PASSWORD).returncode == 0
    made = caravan(stack, profile, "game", "new", "yangtze", "--player", f"@{name}", "--player", "bot:ai-greedy")
    assert made.returncode == 0, made.stderr
    gid = made.stdout.split()[1]
    assert f"next: caravan game play {gid} --as {name}" in made.stdout, made.stdout
    assert caravan(stack, profile, "wait", gid, "--timeout", "60").returncode == 0
    moves = caravan(stack, profile, "moves", gid)
    assert moves.returncode == 0 and moves.stdout.strip(), moves.stderr
    before = stack.client().get(f"/games/{gid}").json()["version"]
    played = caravan(stack, profile, "play", gid, "0")
    assert played.returncode == 0, played.stdout + played.stderr
    assert stack.client().get(f"/games/{gid}").json()["version"] > before
