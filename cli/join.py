"""Open seats and my games from the CLI (issue 57): `caravan join ID [--seat N]` takes an open seat as the
account `caravan login` signed this machine in as (or `--token`, an account's token); `caravan games` lists
that account's games, those waiting for it first; `caravan invitations` its invitations, and answers one."""

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


def listing(path: str, as_json: bool, empty: str) -> list[dict[str, Any]]:
    """The signed-in account's rows at `path` to print (with --json: printed here, and none left to print)."""
    rows = request("GET", path, token=signed_in())
    if as_json:
        emit_json(rows)
        return []
    if not rows:
        typer.echo(empty)
    return rows


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
    for g in listing("/me/games", as_json, "no games yet: `caravan game list --open` lists games with open seats to "
                                           "`caravan join`"):
        turn = "YOUR TURN" if g["waiting"] else g["status"]
        typer.echo(f"{g['id']}  {turn:<9}  {g['type']:<14} seat {g['seat']} of {', '.join(g['players'])}{left(g['clock'])}")


def invitations(accept: str | None = typer.Option(None, "--accept", metavar="ID", help="accept the invitation to game ID"),
                decline: str | None = typer.Option(None, "--decline", metavar="ID",
                                                   help="decline it: the game is called off or the seat opens, "
                                                        "as its creator chose"),
                token: str | None = TOKEN, as_json: bool = JSON) -> None:
    """Your account's invitations (the @NAME seats others made for you), or answer one."""
    use_token(token)
    if accept and decline:
        fail("--accept or --decline, not both")
    if accept or decline:
        verb, game_id = ("accept", accept) if accept else ("decline", decline)
        done = request("POST", f"/games/{game_id}/{verb}", json_body={}, token=signed_in())
        if as_json:
            return emit_json(done)
        return typer.echo(f"{verb}d: seat {done['seat']} of {game_id}; the game is {done['status']}")
    for i in listing("/me/invitations", as_json, "no invitations"):
        typer.echo(f"{i['id']}  {i['type']:<14} seat {i['seat']} of {', '.join(i['players'])} ({i['status']}; "
                   f"declined: {'the seat opens' if i['on_decline'] == 'open' else 'the game is off'})")


def register(app: typer.Typer) -> None:
    app.command()(join)
    app.command()(games)
    app.command()(invitations)
