"""`caravan game new` and `caravan game link`: a game made, each person seat's token saved to the profile,
and for each a one-time link to the game page (the token never in a URL: the link's code, in the URL's
fragment, is traded once by the page for the token; see service/link_routes.py)."""

from __future__ import annotations

import shlex
from typing import Any

import typer

from cli.account import account_token, saved
from cli.client import Refused, arbiter_token, ctx, emit_json, raw, request, save_tokens, token_for, use_token
from cli.options import AS, JSON, TOKEN, complete_game_id, complete_game_type, parse_option
from games.naming import looks

PLAYERS = typer.Option(..., "--player", help="NAME (a guest seat: its token saved), @NAME (an account's seat: "
                       "it plays signed in, `caravan login`), open (any account may `caravan join` it) or "
                       "NAME:ai-LEVEL, LEVEL easy|medium|hard|random|greedy|mcts[@SECONDS]")


def seat_words(game_id: str, seat: dict[str, Any]) -> str:
    if seat.get("ai"):
        return f" (ai-{seat['ai']})"
    if seat.get("open"):
        return f" (waits for an account: caravan join {game_id} --seat {seat['seat']})"
    return " (@account: plays signed in)" if seat.get("account") else " (token saved)"


def link_line(game_id: str, seat: dict[str, Any], token: str) -> str:
    """`open in a browser: URL` for one seat (a refusal said in its place: the game is made all the same)."""
    try:
        link = raw("POST", f"/games/{game_id}/links", token=token).json()
    except Refused as e:
        return f"  no browser link for seat {seat['seat']} ({e.error}: {e.detail})"
    return f"open in a browser: {link['url']}  ({seat['name']}, seat {seat['seat']}: works once, in one browser)"


def register(game_app: typer.Typer) -> None:
    @game_app.command("new")
    def game_new(
        type_: str = typer.Argument(..., metavar="TYPE", help="kashgar | yangtze | bangkok-klongs | himalaya",
                                    autocompletion=complete_game_type),
        player: list[str] = PLAYERS,
        seed: str | None = typer.Option(None, "--seed", help="the secret seed (arbiter only; default: a fresh random one)"),
        option: list[str] = typer.Option([], "--option", help="a game option NAME=VALUE (VALUE as JSON when it parses); "
                                         "see `caravan game types`"),
        on_decline: str = typer.Option("cancel", "--on-decline", help="an invited @NAME declines: cancel (the game is "
                                       "off) | open (its seat opens; the game waits for every answer)"),
        token: str | None = TOKEN,
        as_json: bool = JSON,
    ):
        """Create a game; human seats' tokens go to your profile. Prints the command to play it, and for each
        person seat a one-time link that opens the game page as that seat in a browser."""
        use_token(token)
        body: dict[str, Any] = {"type": type_, "players": player}
        if seed is not None:
            body["seed"] = seed
        if option:
            body["options"] = dict(parse_option(o) for o in option)
        if on_decline != "cancel":
            body["on_decline"] = on_decline
        waits = on_decline != "cancel" or any(looks(p.strip()) == "open" or p.strip().startswith("@") for p in player)
        signed = account_token() if waits else None  # (its creator may cancel a game that waits; its own seat is no invitation)
        created = request("POST", "/games", json_body=body,
                          token=ctx.token or (arbiter_token() if seed is not None else signed))
        save_tokens(created["id"], created["seats"])
        if as_json:
            return emit_json(created)
        typer.echo(f"game {created['id']}")
        for s in created["seats"]:
            typer.echo(f"  seat {s['seat']}: {s['name']}" + seat_words(created["id"], s))
        people = [s for s in created["seats"] if s.get("token")]
        me = saved()
        mine = [s for s in created["seats"] if s.get("account") and me and looks(s["name"]) == looks(me["name"])]
        if people or mine:  # (a guest seat's token is saved; an account's seat plays with `caravan login`'s)
            typer.echo(f"next: caravan game play {created['id']} --as {shlex.quote((mine or people)[0]['name'])}")
            for s in people:
                typer.echo(link_line(created["id"], s, s["token"]))
        else:
            typer.echo(f"next: caravan watch {created['id']}")

    @game_app.command("link")
    def game_link(game_id: str = typer.Argument(..., help="the game", autocompletion=complete_game_id),
                  seat: str | None = AS, token: str | None = TOKEN, as_json: bool = JSON):
        """A new one-time link that opens the game page as your seat in a browser (once, within
        CARAVAN_LINK_TTL seconds of the server: 10 minutes by default)."""
        use_token(token)
        link = request("POST", f"/games/{game_id}/links", token=token_for(game_id, seat))
        if as_json:
            return emit_json(link)
        typer.echo(f"open in a browser: {link['url']}  (seat {link['seat']}: works once, in one browser)")
