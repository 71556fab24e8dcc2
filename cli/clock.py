"""Leaving a game from the shell: `caravan resign`, `caravan back` (coming back to a seat an AI took over),
`caravan abandon` (also `caravan game abandon`), `caravan game adjudicate`."""

from __future__ import annotations

import typer

from cli import board
from cli.client import emit_json, request, token_for, use_token, with_seat
from cli.options import JSON, TOKEN


def _show(answer: dict, as_json: bool, what: str) -> None:
    if as_json:
        return emit_json(answer)
    typer.echo(f"{what}: game {answer['id']} is {answer['status']} (version {answer['version']})")


def resign(game_id: str, seat: str | None = typer.Option(None, "--as", help="your seat"), token: str | None = TOKEN,
           as_json: bool = JSON):
    """Resign your seat: you end ranked last among those still in; an AI plays your remaining decisions."""
    use_token(token)
    _show(request("POST", f"/games/{game_id}/resign", token=token_for(game_id, seat)), as_json, "resigned")


def back(game_id: str, seat: str | None = typer.Option(None, "--as", help="your seat"), token: str | None = TOKEN,
         as_json: bool = JSON):
    """Take back your seat, which an AI plays since your time ran out (or you did not show up): it is
    yours again at once, your clock running (the AI answers within moments, so moving first rarely works).
    Refused (exit 1) when no time is left on your clock: the AI would take the seat straight back; exit 3
    when the game is over."""
    use_token(token)
    tok = token_for(game_id, seat)
    answer = request("POST", f"/games/{game_id}/return", token=tok)
    if as_json:
        return emit_json(answer)
    if seat is None:  # (--token only) `game play` needs --as: the seat's name, as the game says it
        g = request("GET", f"/games/{game_id}", token=tok)
        seat = board.names_of(g).get(g.get("you"), seat)
    play_on = with_seat(f"caravan game play {answer['id']}", game_id, seat)
    typer.echo(f"your seat is yours again: game {answer['id']} at version {answer['version']}; to play on: {play_on}")


def abandon(game_id: str, reason: str = typer.Option("", "--reason"), token: str | None = TOKEN, as_json: bool = JSON):
    """The arbiter abandons a game: no result, it counts for nobody (CARAVAN_ARBITER_TOKEN, or --token)."""
    use_token(token)
    answer = request("POST", f"/games/{game_id}/abandon", token=token_for(game_id, "arbiter"),
                     json_body={"reason": reason})
    _show(answer, as_json, "abandoned")


def adjudicate(game_id: str, ranks: list[int] = typer.Argument(..., help="each seat's place, seat 0 first"),
               reason: str = typer.Option("", "--reason"), token: str | None = TOKEN, as_json: bool = JSON):
    """The arbiter ends a game with the ranking it states (CARAVAN_ARBITER_TOKEN, or --token)."""
    use_token(token)
    answer = request("POST", f"/games/{game_id}/adjudicate", token=token_for(game_id, "arbiter"),
                     json_body={"ranks": ranks, "reason": reason})
    _show(answer, as_json, "adjudicated")


def register(app: typer.Typer, game_app: typer.Typer) -> None:
    app.command()(resign)
    app.command()(back)
    app.command("abandon")(abandon)  # the contract's verb (interfaces.md)
    game_app.command("abandon")(abandon)  # beside `game adjudicate`, the arbiter's other verb
    game_app.command("adjudicate")(adjudicate)
