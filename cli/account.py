"""Accounts from the CLI: `caravan signup`, `login`, `logout`, `me`.

`login` signs in (POST /sessions), makes a personal access token for this machine (POST /me/tokens,
every scope) and ends the session at once: the profile keeps the personal token, per server, under
its "accounts" key (`{"accounts": {SERVER: {"name", "id", "token"}}}`, beside the seats' tokens), and
`logout` revokes it. A password is read from the terminal without echo, or from standard input with
`--password-stdin` (for scripts); never from the command line, where `ps` and the shell's history
would show it."""

from __future__ import annotations

import socket
import sys
from typing import Any

import typer

from cli.client import (
    Refused,
    ctx,
    emit_json,
    fail,
    load_profile,
    profile_path,
    raw,
    request,
    server_key,
    updating,
    use_token,
)
from cli.options import JSON, TOKEN

SCOPES = ["play", "create", "organise", "analyse"]
PASSWORD_STDIN = typer.Option(False, "--password-stdin", help="read the password from standard input (one line)")


def read_password(from_stdin: bool, confirm: bool) -> str:
    if from_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    return typer.prompt("password", hide_input=True, confirmation_prompt=confirm)


def saved() -> dict[str, Any] | None:
    """This server's account in the profile ({"name", "id", "token"}), or None."""
    kept = load_profile().get("accounts")
    got = kept.get(server_key(ctx.url)) if isinstance(kept, dict) else None
    return got if isinstance(got, dict) and got.get("token") else None


def keep(entry: dict[str, Any] | None) -> None:
    """Save (or with None, forget) this server's account token in the profile."""
    try:
        with updating(profile_path()) as prof:
            accounts = prof.setdefault("accounts", {})
            if entry is None:
                accounts.pop(server_key(ctx.url), None)
            else:
                accounts[server_key(ctx.url)] = entry
    except OSError as e:
        shown = f"; keep the token ({entry['token']}) and pass it as --token" if entry else ""
        fail(f"cannot write the profile {profile_path()}: {e.strerror or e}{shown}")


def account_token() -> str | None:
    """--token wins, then the profile's account token for this server."""
    if ctx.token:
        return ctx.token
    entry = saved()
    return entry["token"] if entry else None


def sign_in(name: str, password: str) -> dict[str, Any]:
    """Sign in, make this machine's personal token, end the session; the profile keeps the token."""
    signed = request("POST", "/sessions", json_body={"name": name, "password": password})
    label = f"caravan CLI on {socket.gethostname()}"[:100]
    made = request("POST", "/me/tokens", token=signed["token"], json_body={"label": label, "scopes": SCOPES})
    request("DELETE", "/sessions/current", token=signed["token"])
    return replace({"name": signed["name"], "id": made["id"], "token": made["token"]})


def replace(entry: dict[str, Any]) -> dict[str, Any]:
    """Keep `entry` as this server's account token, and revoke the one kept before (one token a machine)."""
    before = saved()
    keep(entry)
    if before is not None and before.get("id") != entry["id"]:
        revoke(before)
    return entry


def revoke(entry: dict[str, Any]) -> None:
    """Revoke a token the profile held (401: revoked already, or its account is gone: nothing left to do)."""
    if not entry.get("id"):
        return
    try:
        raw("DELETE", f"/me/tokens/{entry['id']}", token=entry["token"])
    except Refused as e:
        if e.status != 401:
            fail(f"{e.error}: {e.detail}", error=e.error)


def signup(name: str = typer.Argument(..., help="your name: unique as it reads (case and look-alike letters aside)"),
           bot: bool = typer.Option(False, "--bot", help="a bot account: it plays with personal tokens only"),
           password_stdin: bool = PASSWORD_STDIN, as_json: bool = JSON) -> None:
    """Make an account on the server, and sign this machine in to it (the profile keeps its token)."""
    password = read_password(password_stdin, confirm=True)
    made = request("POST", "/accounts", json_body={"name": name, "password": password, "bot": bot})
    if bot:  # (its first token, made with the account: its id for `logout`)
        first = request("GET", "/me/tokens", token=made["token"])[0]
        entry = replace({"name": made["name"], "id": first["id"], "token": made["token"]})
    else:
        entry = sign_in(made["name"], password)
    if as_json:
        return emit_json({"name": entry["name"], "bot": bot, "created": made["created"]})
    typer.echo(f"signed up as {entry['name']}{' (a bot)' if bot else ''}; this machine is signed in "
               f"(its token is in {profile_path()})")


def login(name: str = typer.Argument(..., help="your account's name"), password_stdin: bool = PASSWORD_STDIN,
          as_json: bool = JSON) -> None:
    """Sign in: the profile keeps a personal token of this machine for the server (`caravan logout` revokes it)."""
    entry = sign_in(name, read_password(password_stdin, confirm=False))
    if as_json:
        return emit_json({"name": entry["name"], "token_id": entry["id"]})
    typer.echo(f"signed in as {entry['name']} (the token is in {profile_path()})")


def logout(as_json: bool = JSON) -> None:
    """Sign out: revoke this machine's token on the server and forget it."""
    entry = saved()
    if entry is None:
        fail(f"not signed in to {ctx.url} (no account token in {profile_path()})")
    revoke(entry)
    keep(None)
    if as_json:
        return emit_json({"signed_out": entry["name"]})
    typer.echo(f"signed out of {entry['name']}")


def me(token: str | None = TOKEN, as_json: bool = JSON) -> None:
    """Who this machine is signed in as (GET /me), or whose a personal --token is."""
    use_token(token)
    token = account_token()
    if token is None:
        fail(f"not signed in to {ctx.url}: `caravan login NAME` (or `caravan signup NAME`)")
    got = request("GET", "/me", token=token)
    if as_json:
        return emit_json(got)
    bot = " (a bot)" if got["bot"] else ""
    typer.echo(f"{got['name']}{bot}, since {got['created'][:10]}; this {got['credential']} may: "
               f"{', '.join(got['scopes'])}")


def register(app: typer.Typer) -> None:
    for command in (signup, login, logout, me):
        app.command()(command)
