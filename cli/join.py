"""Open seats and my games from the CLI (issue 57): `caravan join ID [--seat N]` takes an open seat as the
account `caravan login` signed this machine in as (or `--token`, an account's token); `caravan games` lists
that account's games, those waiting for it first."""

from __future__ import annotations

from typing import Any

import typer

from cli.account import account_token
from cli.client import ctx, emit_json, fail, request, use_token
from cli.options import JSON, TOKEN, complete_game_id


def signed_in() -> str:
    token = account_token()
    if token is None:
        fail(f"not signed in to {ctx.url}: `caravan login NAME` (or `caravan signup NAME`), or pass an account's --token")
    return token


def join(game_id: str = typer.Argument(..., help="the game (see `caravan game list --open`)",
                                       autocompletion=complete_game_id),
         seat: int | None = typer.Option(None, "--seat", min=0, help="the open seat to take (default: the first free)"),
         token: str | None = TOKEN, as_json: bool = JSON) -> None:
    """Take an open seat of a game as your account; the game starts once its last open seat is taken."""
    use_token(token)
    body: dict[str, Any] = {} if seat is None else {"seat": seat}
    joined = request("POST", f"/games/{game_id}/join", json_body=body, token=signed_in())
    if as_json:
        return emit_json(joined)
    started = "the game has started" if joined["status"] == "started" else "the game starts once its open seats are taken"
    typer.echo(f"seat {joined['seat']} of {game_id} is yours: {started}")
    typer.echo(f"next: caravan wait {game_id} --as {joined['seat']}")


def left(clock: dict[str, Any] | None) -> str:
    if not clock or clock.get("remaining") is None:
        return ""
    seconds = int(clock["remaining"])
    return f", {seconds // 60}:{seconds % 60:02d} left" + (" (running)" if clock.get("running") else "")


def games(token: str | None = TOKEN, as_json: bool = JSON) -> None:
    """Your account's games (GET /me/games): those waiting for you first, with the time left on your clock."""
    use_token(token)
    rows = request("GET", "/me/games", token=signed_in())
    if as_json:
        return emit_json(rows)
    if not rows:
        typer.echo("no games yet: `caravan game list --open` lists games with open seats to `caravan join`")
    for g in rows:
        turn = "YOUR TURN" if g["waiting"] else g["status"]
        typer.echo(f"{g['id']}  {turn:<9}  {g['type']:<14} seat {g['seat']} of {', '.join(g['players'])}{left(g['clock'])}")


def register(app: typer.Typer) -> None:
    app.command()(join)
    app.command()(games)
