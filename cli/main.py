"""`caravan`: the command line. Each command is one REST call or a short sequence of them; it holds no
rules (only `verify` and `bench ai` run the engines in-process, by design: they need no server)."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import typer

from cli import account, analysis, audit, board, clock, follow, join, new_game, rules, tournament, words
from cli.client import (
    GAME_OVER,
    REFUSED,
    STALE,
    Guarded,
    Refused,
    ctx,
    default_url,
    emit_json,
    fail,
    moves_at,
    raw,
    refusal_code,
    request,
    save_tokens,
    server_url,
    token_for,
    use_token,
    with_seat,
)
from cli.listed import recall_listing, remember_listing, spend_listing, spent_listing
from cli.options import AS, JSON, TOKEN, complete_game_id, complete_game_type

EXIT_CODES = ("Exit codes: 0 done; 1 refused (a 4xx, or bad input, or a file it cannot read or write); 2 usage; "
              "3 the game or tournament is over (wait; a move, resignation, undo or back asked of a finished game; "
              "withdraw or cancel asked of a finished or cancelled tournament, run of a cancelled one); 4 stale (the "
              "game moved on); 5 the server cannot be reached; 6 an incomplete export (verify).")
app = typer.Typer(cls=Guarded, help="caravan: host, play, audit and replay trading board games.", epilog=EXIT_CODES,
                  no_args_is_help=True, pretty_exceptions_enable=False, rich_markup_mode=None)
game_app = typer.Typer(help="Games: create, list, show, play; the game types and their options.",
                       no_args_is_help=True, rich_markup_mode=None)
app.add_typer(game_app, name="game")
app.add_typer(tournament.app, name="tournament")
account.register(app)  # signup, login, logout, me (cli/account.py)
join.register(app)  # join, games (cli/join.py)

STATUSES = ("active", "finished", "abandoned")


@app.callback()
def main_options(
    url: str = typer.Option(None, "--url", envvar="CARAVAN_URL", callback=lambda u: u and server_url(u),
                            help="the server, http://HOST[:PORT] (default: the one `caravan up` runs on this machine, "
                                 "else http://127.0.0.1:8000)"),
    token: str | None = typer.Option(None, "--token", help="a bearer token (a seat's, or the arbiter's)"),
):
    """The options every command shares (the exit codes: EXIT_CODES)."""
    ctx.url = url or default_url()
    ctx.token = token
    ctx.as_json = False


@app.command()
def up(host: str = typer.Option("127.0.0.1", "--host", help="the address the API listens on"),
       port: int = typer.Option(8000, "--port", envvar="PORT", help="the API's port"),
       workers: int = typer.Option(1, "--workers", help="worker processes"),
       access_log: bool = typer.Option(True, "--access-log/--no-access-log", envvar="CARAVAN_ACCESS_LOG",
                                       help="one JSON line per request on stderr")):
    """Run the whole stack in the foreground, supervised: store (embedded unless REDIS_URL), API, worker(s),
    sweeper, projector. A process that dies is restarted; Ctrl-C stops all; a taken port is refused."""
    from service.stack import run_stack

    raise typer.Exit(run_stack(host, port, workers, access_log=access_log, say=typer.echo))


# --- games -----------------------------------------------------------------------------------------

new_game.register(game_app)


@game_app.command("types")
def game_types(token: str | None = TOKEN, as_json: bool = JSON):
    """The game types this server hosts, their player counts and options (for --option NAME=VALUE)."""
    use_token(token)
    rows = request("GET", "/game-types", token=ctx.token)
    if as_json:
        return emit_json(rows)
    for t in rows:
        typer.echo(f"{t['id']}: {t['name']}, {t['min_players']}–{t['max_players']} players")
        for o in t["options"]:
            choices = f"; one of {', '.join(json.dumps(c) for c in o['choices'])}" if o.get("choices") else ""
            typer.echo(f"  --option {o['name']}=…  {o['description']} (default {json.dumps(o['default'])}{choices})")


@game_app.command("list")
def game_list(status: str | None = typer.Option(None, "--status", help="only games that are active | finished | abandoned"),
              game_type: str | None = typer.Option(None, "--type", help="only games of this type (kashgar, ...)"),
              limit: int = typer.Option(20, "--limit", min=0, help="the newest N games (0: all)"),
              open_seats: bool = typer.Option(False, "--open", help="only games whose open seats wait (`caravan join`)"),
              token: str | None = TOKEN, as_json: bool = JSON):
    """The lobby, newest first (as the web lobby and `caravan tournament list`)."""
    use_token(token)
    if status is not None and status not in STATUSES:
        fail(f"--status {status!r}: one of {', '.join(STATUSES)}", REFUSED, "bad-request")
    params = {k: v for k, v in (("status", status), ("type", game_type), ("open", "true" if open_seats else "")) if v}
    rows, total = lobby_pages(params, limit)
    shown = rows[:limit] if limit else rows
    if as_json:
        return emit_json(shown)
    if not rows:
        typer.echo("no games" + "".join(f" ({k} {v})" for k, v in params.items()))
    for r in shown:
        typer.echo(f"{r['id']}  {r['type']:<15} {r['status']:<9} v{r['version']:<5} {', '.join(r['players'])}")
    if len(shown) < total:
        typer.echo(f"({total - len(shown)} older: --limit 0 lists all)")


def lobby_pages(params: dict[str, str], want: int) -> tuple[list[dict], int]:
    """The lobby's games, newest first, page after page (`GET /games` and its `Link: rel="next"`) until
    `want` of them (0: all); and how many games the filters match in all (its `X-Total-Count`)."""
    rows: list[dict] = []
    path: str | None = "/games"
    while path:
        try:
            r = raw("GET", path, params=params if path == "/games" and params else None, token=ctx.token)
        except Refused as e:
            fail(f"{e.error}: {e.detail}", refusal_code(e), e.error)
        rows += r.json()
        path = r.links.get("next", {}).get("url")
        if want and len(rows) >= want:
            break
    return rows, int(r.headers.get("x-total-count", len(rows)))


@game_app.command("show")
def game_show(game_id: str = typer.Argument(..., help="the game", autocompletion=complete_game_id),
              seat: str | None = AS, at: int | None = typer.Option(None, "--at", help="as it was after event N"),
              token: str | None = TOKEN, as_json: bool = JSON):
    """One game: the board drawn in the terminal (as SEAT sees it), or the API's answer with --json."""
    use_token(token)
    tok = token_for(game_id, seat)
    g = request("GET", f"/games/{game_id}/state" if at is not None else f"/games/{game_id}",
                token=tok, params={"at": at} if at is not None else None)
    if as_json:
        return emit_json(g)
    board.show(g)


@game_app.command("play")
def game_play(game_id: str = typer.Argument(..., help="the game", autocompletion=complete_game_id),
              seat: str = typer.Option(..., "--as", help="your seat (number or player name), or 'arbiter' to enter "
                                       "the chance outcomes of an arbiter_chance table; with --token, any word"),
              poll: float = typer.Option(0.5, "--poll", help="seconds between looks while others act"),
              token: str | None = TOKEN):
    """Play a whole game interactively: the board, what happened since your last move, your moves in
    words (grouped, numbered; type a word to filter), your pick; it waits while the others act.
    Reads one line at a time when input is not a terminal; q quits."""
    from cli.play import play as run

    use_token(token)
    run(game_id, seat, poll)


@app.command()
def fork(game_id: str = typer.Argument(..., help="the game", autocompletion=complete_game_id),
         at: int | None = typer.Option(None, "--at", help="the position after event N (default: now)"),
         seat: str | None = AS, token: str | None = TOKEN, as_json: bool = JSON):
    """A new game from a position of this one (hidden parts re-drawn unless it is finished or you are the
    arbiter); your new seats' tokens go to the profile."""
    use_token(token)
    created = request("POST", f"/games/{game_id}/fork", token=token_for(game_id, seat),
                      params={"at": at} if at is not None else None)
    save_tokens(created["id"], created["seats"])
    if as_json:
        return emit_json(created)
    o = created["origin"]
    typer.echo(f"game {created['id']}: forked from {o['game']} after event {o['at']} ({o['hidden']})")
    people = [s for s in created["seats"] if s.get("token")]
    if people:
        typer.echo(f"next: caravan game play {created['id']} --as {people[0]['seat']}")


# --- moves -----------------------------------------------------------------------------------------

def listing(game_id: str, tok: str | None) -> tuple[words.Menu, int | None, dict[str, Any]]:
    """The seat's moves in the numbering every verb uses, with their words, the version they were listed at,
    and the game as read with them."""
    listed, version = moves_at(game_id, tok)
    g = request("GET", f"/games/{game_id}", token=tok)
    return words.menu(words.for_type(g["type"]), board.named_view(g), listed, g.get("you")), version, g


@app.command()
def moves(game_id: str = typer.Argument(..., help="the game", autocompletion=complete_game_id),
          seat: str | None = AS, filt: str | None = typer.Option(None, "--filter", help="only moves whose words contain this"),
          token: str | None = TOKEN, as_json: bool = JSON):
    """Your legal moves in words, grouped and numbered, with the version they hold for (`caravan play ID
    N` plays number N of this list, and is refused if the game has moved on since)."""
    use_token(token)
    tok = token_for(game_id, seat)
    m, version, g = listing(game_id, tok)
    remember_listing(game_id, tok, version, m.moves, m.texts)
    if as_json:
        return emit_json({"version": version, "moves": [{"n": i, "group": m.groups[i], "text": m.texts[i], "move": mv}
                                                        for i, mv in enumerate(m.moves)]})
    if not m.moves:
        if g["status"] != "active":
            typer.echo(f"version {version}: no legal moves: the game is {'over' if g['status'] == 'finished' else g['status']}")
        else:
            typer.echo(f"version {version}: no legal moves now: {board.waiting_words(g)}")
        return
    typer.echo(f"version {version}: {len(m.moves)} moves (play one: {with_seat(f'caravan play {game_id} N', game_id, seat)})")
    for line in words.menu_lines(m, filt or "", height=10_000):
        typer.echo(line)


def not_now(game_id: str, tok: str | None, seat: str | None) -> dict[str, Any]:
    """End the command when the game is over (exit 3) or it is not the caller's turn (exit 1, whom it waits
    for); the game as read when the caller may act."""
    now = request("GET", f"/games/{game_id}", token=tok)
    if now["status"] != "active":  # as a move given as JSON is answered: the game is over
        fail(f"game-over: the game is {'over' if now['status'] == 'finished' else now['status']}", GAME_OVER, "game-over")
    if seat == "arbiter" and now.get("you") is None:
        if now.get("waiting_for") != "chance":
            fail(f"not the arbiter's turn: {board.waiting_words(now)}", REFUSED, "not-your-turn")
    elif now.get("you") not in now["actors"]:
        fail(f"not your turn: {board.waiting_words(now)}", REFUSED, "not-your-turn")
    return now


@app.command()
def play(game_id: str = typer.Argument(..., help="the game", autocompletion=complete_game_id),
         move: str = typer.Argument(..., help="a number from `caravan moves`, or a move as JSON"),
         seat: str | None = AS,
         expected_version: int | None = typer.Option(None, "--expected-version",
                                                        help="refuse unless the game is at this version (default: "
                                                        "the version `caravan moves` listed the number at)"),
         idempotency_key: str | None = typer.Option(None, "--idempotency-key", help="makes a retried post safe"),
         token: str | None = TOKEN, as_json: bool = JSON):
    """Make a move: number N of the list `caravan moves` printed last (pinned to its version: if the game
    moved on since, it is refused, exit 4; once a move of yours has landed, that list is spent: list
    again), or a move as JSON. A number with no list ever saved reads the list as it is now."""
    use_token(token)
    tok = token_for(game_id, seat)
    again = f"list the moves again: {with_seat(f'caravan moves {game_id}', game_id, seat)}"
    said = None  # the move in words, when the list it was numbered in says them
    if move.strip().lstrip("-").isdigit():
        n = int(move)
        remembered = recall_listing(game_id, tok)
        spent = spent_listing(game_id, tok) if remembered is None else None
        if spent is not None and expected_version in (None, spent[0]):
            # the list shown was used up by a move of yours: a number now would be read against a list nobody saw
            not_now(game_id, tok, seat)
            fail(f"stale: the list `caravan moves` showed (version {spent[0]}) was spent by your move (now version "
                 f"{spent[1]} or later); {again}", STALE, "version-conflict")
        version: int | None
        if remembered is not None and (expected_version is None or expected_version == remembered[0]):
            version, numbered, texts = remembered
        else:  # no list saved (a script that knows the game): the list as it is now, in the same numbering
            m, version, _ = listing(game_id, tok)
            numbered, texts = m.moves, m.texts
            if expected_version is not None and version != expected_version:
                fail(f"the game is at version {version}, not {expected_version}; {again}", STALE, "version-conflict")
        if not 0 <= n < len(numbered):
            now = not_now(game_id, tok, seat)
            if remembered is not None and now["version"] != version:
                fail(f"stale: the list was made at version {version} and the game has moved on (now version "
                     f"{now['version']}); {again}", STALE, "version-conflict")
            fail(f"move number {n} is not among the {len(numbered)} legal moves (version {version})")
        obj, said = numbered[n], texts[n]
        expected_version = version
    else:
        try:
            obj = json.loads(move)
        except ValueError:
            fail("MOVE must be a number from `caravan moves` or a JSON object")
    body: dict[str, Any] = {"move": obj}
    if expected_version is not None:
        body["expected_version"] = expected_version
    headers = {"Idempotency-Key": idempotency_key} if idempotency_key else None
    try:
        acc = raw("POST", f"/games/{game_id}/moves", token=tok, json_body=body, headers=headers).json()
    except Refused as e:
        if e.status == 409 and e.error == "version-conflict":  # the saved list stays: refused again until listed afresh
            late = ran_out(game_id, tok, expected_version, seat)
            if late:
                fail(f"your time ran out: {late}; the game moved on ({e.detail}); {again}", STALE, e.error)
            fail(f"stale: the move was numbered at version {expected_version} and the game has moved on ({e.detail}); "
                 f"{again}", STALE, e.error)
        fail(f"{e.error}: {e.detail}", refusal_code(e), e.error)
    spend_listing(game_id, tok, acc["version"])
    if as_json:
        return emit_json(acc)
    typer.echo(f"played: {said} (version {acc['version']}, {acc['status']})" if said
               else f"played: version {acc['version']} ({acc['status']})")


def ran_out(game_id: str, tok: str | None, since: int | None, seat: str | None = None) -> str | None:
    """Why the caller's seat moved on without it after version `since`, when its time ran out: the timer
    played the rulebook's default for it, or an AI took the seat over (the log says both); None otherwise."""
    if since is None:
        return None
    try:
        you = raw("GET", f"/games/{game_id}", token=tok).json().get("you")
        events = raw("GET", f"/games/{game_id}/events", token=tok, params={"from": since + 1}).json()
    except Refused:
        return None  # the refusal stands as it was
    if not isinstance(you, int):
        return None
    for e in events:
        p = e.get("payload") or {}
        if e["kind"] == "taken-over" and p.get("seat") == you and p.get("timeout"):
            level = str(p.get("level", "an AI"))
            level = level if level.startswith("ai-") or level == "an AI" else f"ai-{level}"
            return f"{level} plays your seat now ({with_seat(f'caravan back {game_id}', game_id, seat)} takes it back)"
        if e["kind"] == "move" and e["actor"] == you and p.get("timeout"):
            return "the default move was played for you"
    return None


# --- the log ---------------------------------------------------------------------------------------

def all_events(game_id: str, token: str | None, start: int = 1, said: bool = False) -> list[dict[str, Any]]:
    """The log from `start`; `said`: each move with the server's words for it, told from where it was played."""
    events: list[dict[str, Any]] = []
    while True:
        params = {"from": start, "limit": 1000, **({"words": "true"} if said else {})}
        page = request("GET", f"/games/{game_id}/events", token=token, params=params)
        events += page
        if len(page) < 1000:
            return events
        start = page[-1]["version"] + 1


@app.command()
def log(game_id: str = typer.Argument(..., help="the game", autocompletion=complete_game_id),
        seat: str | None = AS, from_: int = typer.Option(1, "--from", min=1, help="the first event to show"),
        token: str | None = TOKEN, as_json: bool = JSON):
    """The audit log, one event a line in words with the players' names (payloads you may not see yet
    are withheld); --json: the raw events."""
    use_token(token)
    tok = token_for(game_id, seat)
    events = all_events(game_id, tok, from_, said=not as_json)
    if as_json:
        return emit_json(events)
    g = request("GET", f"/games/{game_id}", token=tok)
    w, names = words.for_type(g["type"]), {p["seat"]: p["name"] for p in g["players"]}
    for e in events:
        typer.echo(f"{e['version']:>5}  {e['at'][11:19]}  {words.event_line(w, e, names, g.get('you'))}")


follow.register(app)
audit.register(app)
analysis.register(app, tournament.app)
clock.register(app, game_app)
rules.register(app)
bench_app = typer.Typer(help="Benchmarks that run in-process (no server needed).", no_args_is_help=True,
                        rich_markup_mode=None)
app.add_typer(bench_app, name="bench")


@bench_app.command("ai")
def bench_ai(game: str = typer.Option(..., "--game", help="the game type", autocompletion=complete_game_type),
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
    progress = None if as_json else (lambda done, total: typer.echo(f"\r{done}/{total} games", err=True, nl=False))
    report = run_bench(game, games, budget, progress=progress)
    if progress is not None:
        typer.echo("", err=True)
    if as_json:
        return emit_json(report)
    for key in ("mcts_vs_random", "mcts_vs_greedy", "greedy_vs_random"):
        typer.echo(f"{key:<18} {report[key]:.3f}")
    typer.echo(f"games per pairing: {report['games']}")


def main() -> None:
    if not sys.stdout.isatty():  # piped or captured: lines as wide as a script wants; a terminal: its own width
        os.environ.setdefault("COLUMNS", "120")
    app()


if __name__ == "__main__":
    main()
