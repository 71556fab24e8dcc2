"""`caravan`: the command line. Each command is one REST call or a short sequence of them; it holds no
rules (only `verify` and `bench ai` run the engines in-process, by design: they need no server)."""

from __future__ import annotations

import json
import os
from typing import Any, Optional

import typer

from cli import audit, board, clock
from cli import tournament
from cli.client import ctx, emit_json, fail, request, save_tokens, token_for

app = typer.Typer(help="caravan: host, play, audit and replay trading board games.", no_args_is_help=True,
                  pretty_exceptions_enable=False)
game_app = typer.Typer(help="Games: create, list, show.", no_args_is_help=True)
app.add_typer(game_app, name="game")
app.add_typer(tournament.app, name="tournament")

JSON = typer.Option(False, "--json", help="print exactly one JSON document")
AS = typer.Option(None, "--as", help="the seat to act or look as (its token comes from the profile), or 'arbiter'")


@app.callback()
def main_options(
    url: str = typer.Option(None, "--url", envvar="CARAVAN_URL", help="the server (default http://127.0.0.1:8000)"),
    token: Optional[str] = typer.Option(None, "--token", help="a bearer token (a seat's, or the arbiter's)"),
):
    ctx.url = url or "http://127.0.0.1:8000"
    ctx.token = token


@app.command()
def up(host: str = typer.Option("127.0.0.1", "--host"), port: int = typer.Option(8000, "--port", envvar="PORT"),
       workers: int = typer.Option(1, "--workers", help="worker processes")):
    """Run the whole stack in the foreground: store (embedded unless REDIS_URL), API, worker(s), projector."""
    from service.stack import run_stack

    raise typer.Exit(run_stack(host, port, workers, say=typer.echo))


def parse_option(text: str) -> tuple[str, Any]:
    key, sep, value = text.partition("=")
    if not sep:
        fail(f"--option {text!r}: expected NAME=VALUE")
    try:
        return key, json.loads(value)
    except ValueError:
        return key, value


@game_app.command("new")
def game_new(
    type_: str = typer.Argument(..., metavar="TYPE", help="kashgar | yangtze | bangkok-klongs | himalaya"),
    player: list[str] = typer.Option(..., "--player", help="NAME or NAME:ai-LEVEL[@SECONDS], LEVEL random|greedy|mcts"),
    seed: Optional[str] = typer.Option(None, "--seed", help="the secret seed (default: a fresh random one)"),
    option: list[str] = typer.Option([], "--option", help="a game option NAME=VALUE (VALUE as JSON when it parses)"),
    as_json: bool = JSON,
):
    """Create a game; human seats' tokens go to your profile."""
    body: dict[str, Any] = {"type": type_, "players": player}
    if seed is not None:
        body["seed"] = seed
    if option:
        body["options"] = dict(parse_option(o) for o in option)
    created = request("POST", "/games", json_body=body)
    save_tokens(created["id"], created["seats"])
    if as_json:
        return emit_json(created)
    typer.echo(f"game {created['id']}")
    for s in created["seats"]:
        typer.echo(f"  seat {s['seat']}: {s['name']}" + (f" (ai-{s['ai']})" if s.get("ai") else " (token saved)"))


@game_app.command("list")
def game_list(status: Optional[str] = typer.Option(None, "--status"), as_json: bool = JSON):
    """The lobby."""
    rows = request("GET", "/games", params={"status": status} if status else None)
    if as_json:
        return emit_json(rows)
    if not rows:
        typer.echo("no games")
    for r in rows:
        typer.echo(f"{r['id']}  {r['type']:<15} {r['status']:<9} v{r['version']:<5} {', '.join(r['players'])}")


@game_app.command("show")
def game_show(game_id: str, seat: Optional[str] = AS, at: Optional[int] = typer.Option(None, "--at"),
              as_json: bool = JSON):
    """One game: the board drawn in the terminal (as SEAT sees it), or the API's answer with --json."""
    token = token_for(game_id, seat)
    g = request("GET", f"/games/{game_id}/state" if at is not None else f"/games/{game_id}",
                token=token, params={"at": at} if at is not None else None)
    if as_json:
        return emit_json(g)
    board.show(g)


@game_app.command("play")
def game_play(game_id: str, seat: str = typer.Option(..., "--as", help="your seat"),
              poll: float = typer.Option(0.5, "--poll", help="seconds between looks while others act")):
    """Play a whole game interactively: the board, your moves numbered, your pick; it waits while the
    others (and the AI seats) act. Reads one number a line when input is not a terminal; q quits."""
    import sys
    import time

    token = token_for(game_id, seat)
    shown = -1
    while True:
        g = request("GET", f"/games/{game_id}", token=token)
        if g["status"] == "finished":
            board.show(g)
            return
        if int(seat) not in g["actors"]:
            if shown != g["version"]:
                typer.echo(f"(version {g['version']}: waiting for {g['actors'] or g.get('chance') or 'the others'})")
                shown = g["version"]
            time.sleep(poll)
            continue
        board.show(g)
        listed = request("GET", f"/games/{game_id}/moves", token=token)
        describe = board.describer(g["type"])
        for i, m in enumerate(listed):
            typer.echo(f"{i:>3}  {describe(m)}")
        typer.echo("your move (number, or q): ", nl=False)
        line = sys.stdin.readline()
        if not line or line.strip() in ("q", "quit"):
            raise typer.Exit(0)
        if not line.strip().isdigit() or not 0 <= int(line) < len(listed):
            typer.echo(f"pick a number from 0 to {len(listed) - 1}")
            continue
        acc = request("POST", f"/games/{game_id}/moves", token=token,
                      json_body={"move": listed[int(line)], "expected_version": g["version"]})
        typer.echo(f"played: version {acc['version']}")


@app.command()
def moves(game_id: str, seat: Optional[str] = AS, as_json: bool = JSON):
    """Your legal moves, numbered (play one with `caravan play ID --as SEAT N`)."""
    listed = request("GET", f"/games/{game_id}/moves", token=token_for(game_id, seat))
    if as_json:
        return emit_json(listed)
    if not listed:
        typer.echo("no legal moves now (not your turn?)")
    for i, m in enumerate(listed):
        typer.echo(f"{i:>3}  {json.dumps(m)}")


@app.command()
def play(game_id: str, move: str = typer.Argument(..., help="a number from `caravan moves`, or a move as JSON"),
         seat: Optional[str] = AS, expected_version: Optional[int] = typer.Option(None, "--expected-version"),
         idempotency_key: Optional[str] = typer.Option(None, "--idempotency-key"), as_json: bool = JSON):
    """Make a move."""
    token = token_for(game_id, seat)
    if move.strip().lstrip("-").isdigit():
        listed = request("GET", f"/games/{game_id}/moves", token=token)
        n = int(move)
        if not 0 <= n < len(listed):
            fail(f"move number {n} is not among the {len(listed)} legal moves")
        obj = listed[n]
    else:
        try:
            obj = json.loads(move)
        except ValueError:
            fail("MOVE must be a number from `caravan moves` or a JSON object")
    body: dict[str, Any] = {"move": obj}
    if expected_version is not None:
        body["expected_version"] = expected_version
    headers = {"Idempotency-Key": idempotency_key} if idempotency_key else None
    acc = request("POST", f"/games/{game_id}/moves", token=token, json_body=body, headers=headers)
    if as_json:
        return emit_json(acc)
    typer.echo(f"played: version {acc['version']} ({acc['status']})")


def event_line(e: dict[str, Any]) -> str:
    payload = "(hidden)" if e.get("redacted") else json.dumps(e.get("payload"), separators=(",", ":"))
    return f"{e['version']:>5}  {e['at'][:19]}  {str(e['actor']):<8} {e['kind']:<14} {payload}"


@app.command()
def log(game_id: str, seat: Optional[str] = AS, from_: int = typer.Option(1, "--from"), as_json: bool = JSON):
    """The audit log (payloads you may not see yet are withheld)."""
    token = token_for(game_id, seat)
    events: list[dict[str, Any]] = []
    start = from_
    while True:
        page = request("GET", f"/games/{game_id}/events", token=token, params={"from": start, "limit": 1000})
        events += page
        if len(page) < 1000:
            break
        start = page[-1]["version"] + 1
    if as_json:
        return emit_json(events)
    for e in events:
        typer.echo(event_line(e))


@app.command()
def watch(game_id: str, seat: Optional[str] = AS, from_: int = typer.Option(1, "--from"), as_json: bool = JSON):
    """Follow the log live (server-sent events) until the game ends; --json prints one event per line."""
    import httpx

    token = token_for(game_id, seat)
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    url = ctx.url.rstrip("/") + f"/games/{game_id}/events/stream"
    try:
        with httpx.stream("GET", url, params={"from": from_}, headers=headers, timeout=None) as r:
            if r.status_code >= 400:
                r.read()
                body = r.json()
                fail(f"{body.get('error')}: {body.get('detail')}")
            for line in r.iter_lines():
                if not line.startswith("data:"):
                    continue
                e = json.loads(line[5:].strip())
                typer.echo(json.dumps(e) if as_json else event_line(e))
                if e["kind"] == "seed-revealed":
                    return
    except httpx.HTTPError as e:
        fail(f"cannot reach the server at {ctx.url} ({e.__class__.__name__})")


audit.register(app)
clock.register(app, game_app)
bench_app = typer.Typer(help="Benchmarks that run in-process (no server needed).", no_args_is_help=True)
app.add_typer(bench_app, name="bench")


@bench_app.command("ai")
def bench_ai(game: str = typer.Option(..., "--game", help="the game type"),
             games: int = typer.Option(200, "--games", help="games per pairing"),
             budget: float = typer.Option(0.1, "--budget", help="seconds per mcts move"),
             as_json: bool = JSON):
    """AI strength: the win share of mcts (one seat) against random and greedy (the other seats), and of
    greedy against random, seats rotated, at the game's smallest player count."""
    from ai.arena import run_bench
    from games import registry

    try:
        registry.get(game)
    except KeyError:
        fail(f"unknown game type {game!r} (one of {', '.join(registry.all_games())})")
    progress = None if as_json else (lambda msg: typer.echo(msg, err=True))
    report = run_bench(game, games, budget, progress=progress)
    if as_json:
        return emit_json(report)
    for key in ("mcts_vs_random", "mcts_vs_greedy", "greedy_vs_random"):
        typer.echo(f"{key:<18} {report[key]:.3f}")
    typer.echo(f"games per pairing: {report['games']}")


def main() -> None:
    os.environ.setdefault("COLUMNS", os.environ.get("COLUMNS", "120"))
    app()


if __name__ == "__main__":
    main()
