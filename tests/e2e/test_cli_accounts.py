"""`caravan signup`, `login`, `logout`, `me` against the real stack: the profile keeps one personal token
per server, logout revokes it on the server, and a password never goes on the command line."""

from __future__ import annotations

import io
import json
import secrets
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from tests.stack import ROOT

pytestmark = pytest.mark.e2e

PASSWORD = "a long enough passphrase"


def caravan(stack, profile: Path, *args: str, password: str | None = None) -> subprocess.CompletedProcess:
    exe = Path(sys.executable).with_name("caravan")
    return subprocess.run([str(exe), *args], env={**stack.env, "CARAVAN_CONFIG": str(profile)}, cwd=ROOT,
                          input=None if password is None else password + "\n", capture_output=True, text=True,
                          timeout=120)


def kept(profile: Path) -> dict:
    return json.loads(profile.read_text()).get("accounts", {})


def test_signup_keeps_a_token_me_reads_it_and_logout_revokes_it(stack, tmp_path):
    profile, name = tmp_path / "profile.json", "ann" + secrets.token_hex(4)
    made = caravan(stack, profile, "signup", name, "--password-stdin", "--json", password=PASSWORD)
    assert made.returncode == 0, made.stderr
    assert json.loads(made.stdout)["name"] == name
    (entry,) = kept(profile).values()
    assert entry["name"] == name and entry["token"].startswith("cvp_") and PASSWORD not in profile.read_text()
    me = caravan(stack, profile, "me", "--json")
    assert me.returncode == 0 and json.loads(me.stdout)["name"] == name and json.loads(me.stdout)["credential"] == "token"
    out = caravan(stack, profile, "logout")
    assert out.returncode == 0, out.stderr
    assert kept(profile) == {}
    assert stack.client(entry["token"]).get("/me").status_code == 401  # revoked on the server, not only forgotten
    after = caravan(stack, profile, "me")
    assert after.returncode == 1 and "not signed in" in after.stderr


def test_login_keeps_a_token_for_this_machine_and_a_wrong_password_keeps_nothing(stack, tmp_path):
    profile, name = tmp_path / "profile.json", "bob" + secrets.token_hex(4)
    assert stack.client().post("/accounts", json={"name": name, "password": PASSWORD}).status_code == 201
    wrong = caravan(stack, profile, "login", name, "--password-stdin", password="not the passphrase")
    assert wrong.returncode == 1 and "wrong name or password" in wrong.stderr
    assert not profile.exists() or kept(profile) == {}
    ok = caravan(stack, profile, "login", name.upper(), "--password-stdin", password=PASSWORD)
    assert ok.returncode == 0, ok.stderr
    (entry,) = kept(profile).values()
    assert entry["name"] == name
    tokens = stack.client(entry["token"]).get("/me/tokens").json()
    assert [t["id"] for t in tokens] == [entry["id"]] and tokens[0]["scopes"] == ["play", "create", "organise", "analyse"]
    shown = caravan(stack, profile, "me")
    assert shown.returncode == 0 and name in shown.stdout
    again = caravan(stack, profile, "login", name, "--password-stdin", password=PASSWORD)
    assert again.returncode == 0, again.stderr
    (newer,) = kept(profile).values()
    assert [t["id"] for t in stack.client(newer["token"]).get("/me/tokens").json()] == [newer["id"]]  # one a machine
    assert stack.client(entry["token"]).get("/me").status_code == 401


def test_a_bot_signs_up_with_its_first_token_kept(stack, tmp_path):
    profile, name = tmp_path / "profile.json", "bot" + secrets.token_hex(4)
    made = caravan(stack, profile, "signup", name, "--bot", "--password-stdin", password=PASSWORD)
    assert made.returncode == 0, made.stderr
    me = json.loads(caravan(stack, profile, "me", "--json").stdout)
    assert (me["name"], me["bot"]) == (name, True)
    refused = caravan(stack, profile, "login", name, "--password-stdin", password=PASSWORD)
    assert refused.returncode == 1 and "token" in refused.stderr


def test_signup_on_a_terminal_asks_the_password_twice_without_echo(stack, tmp_path):
    profile, name = tmp_path / "profile.json", "eve" + secrets.token_hex(4)
    env = {**stack.env, "CARAVAN_CONFIG": str(profile), "TERM": "xterm"}
    child = pexpect.spawn(str(Path(sys.executable).with_name("caravan")), ["signup", name], env=env, cwd=str(ROOT),
                          encoding="utf-8", timeout=60)
    child.logfile_read = shown = io.StringIO()  # everything the terminal showed
    child.expect("password: ")
    child.sendline(PASSWORD)
    child.expect("(?i)repeat")
    child.sendline(PASSWORD)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    assert f"signed up as {name}" in shown.getvalue() and PASSWORD not in shown.getvalue()  # (no echo)
    assert kept(profile)[next(iter(kept(profile)))]["name"] == name
