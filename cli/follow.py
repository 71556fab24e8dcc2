"""Following a game live: `caravan watch` (every event until the end) and `caravan wait` (until a seat
must act, or the game is over). Both read the server-sent event stream and reconnect from the last
event they saw when it drops or stays quiet, however long the game is idle."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import typer

from cli import board, words
from cli.client import GAME_OVER, OK, ctx, fail, request, token_for, unreachable, use_token
from cli.options import AS, JSON, TOKEN, complete_game_id

CLOCK = "clock"  # the SSE event type of the clocks' state (service/app.py event_stream)
QUIET_SECONDS = 25.0  # no byte for this long: reconnect (a proxy or the server may have dropped the stream)
RETRY_SECONDS = (0.2, 0.5, 1, 2, 5)


def stream(game_id: str, token: str | None, start: int, give_up: float | None = None,
           on_clock: Callable[[dict[str, Any]], None] | None = None, said: bool = False,
           until: float | None = None) -> Iterator[dict[str, Any] | None]:
    """Events from version `start` on, for ever; yields None each time it (re)connects (a moment to look
    at the game again). Ends when the stream delivered `seed-revealed` (the end of a game's log), or at
    `until` (a `time.monotonic()` instant) however quiet the stream is, keep-alives and all. The
    stream's `clock` events (not events of the log) go to `on_clock`. `said`: each move with the server's
    words for it, told from the position it was played in."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    url = ctx.url.rstrip("/") + f"/games/{game_id}/events/stream"
    failures, since_ok = 0, time.monotonic()

    def over() -> bool:
        return until is not None and time.monotonic() >= until

    while not over():
        quiet = QUIET_SECONDS if until is None else max(0.05, min(QUIET_SECONDS, until - time.monotonic()))
        timeout = httpx.Timeout(10.0, read=quiet)
        try:
            params: dict[str, str | int] = {"from": start, **({"words": "true"} if said else {})}
            with httpx.stream("GET", url, params=params, headers=headers, timeout=timeout) as r:
                if r.status_code >= 400:
                    r.read()
                    try:
                        body = r.json()
                    except ValueError:
                        body = {"error": f"http-{r.status_code}", "detail": r.text[:200]}
                    fail(f"{body.get('error')}: {body.get('detail')}", 1, str(body.get("error")))
                failures, since_ok = 0, time.monotonic()
                yield None
                kind = ""
                for line in r.iter_lines():
                    if over():
                        return
                    if line.startswith("event:"):
                        kind = line[6:].strip()
                    if not line.startswith("data:") or not line[5:].strip():  # a keep-alive comment has empty data
                        kind = kind if line else ""
                        continue
                    if kind == CLOCK:  # the clocks as they stand: not an event of the log
                        if on_clock is not None:
                            on_clock(json.loads(line[5:].strip()))
                        continue
                    e = json.loads(line[5:].strip())
                    start = e["version"] + 1
                    yield e
                    if e["kind"] == "seed-revealed":
                        return
        except (httpx.ReadTimeout, httpx.RemoteProtocolError, httpx.ReadError):
            continue  # quiet or dropped: connect again from the next event
        except httpx.HTTPError as e:
            failures += 1
            if give_up is not None and time.monotonic() - since_ok > give_up:
                unreachable(e)
            time.sleep(RETRY_SECONDS[min(failures, len(RETRY_SECONDS)) - 1])


def watch(game_id: str = typer.Argument(..., help="the game", autocompletion=complete_game_id),
          seat: str | None = AS, from_: int = typer.Option(1, "--from", min=1, help="the first event to show"),
          token: str | None = TOKEN, as_json: bool = JSON):
    """Follow the log live until the game ends, one event a line in words (and the clocks after each, at a
    table with a time control); --json prints one raw event a line (JSON lines). Reconnects when the stream drops, however long the game is quiet."""
    use_token(token)
    tok = token_for(game_id, seat)
    g = request("GET", f"/games/{game_id}", token=tok)
    w, names = words.for_type(g["type"]), {p["seat"]: p["name"] for p in g["players"]}

    def clocks(frame: dict[str, Any]) -> None:  # the clocks after each new event, in words (not with --json)
        line = board.clock_line({"players": g["players"], "clock": frame}, frame.get("server_time"))
        if line and not as_json:
            typer.echo(f"{'':>5}  {line}")

    for e in stream(game_id, tok, from_, give_up=120.0, on_clock=clocks, said=not as_json):
        if e is None:
            continue
        typer.echo(json.dumps(e) if as_json else f"{e['version']:>5}  {words.event_line(w, e, names, g.get('you'))}")


def entropy_awaited(g: dict[str, Any]) -> bool:
    """Whether the game holds its first draw for the caller's seat's entropy (`await_entropy`)."""
    return g.get("waiting_for") == "entropy" and g.get("you") in ((g.get("entropy") or {}).get("missing") or [])


def must_act(g: dict[str, Any], arbiter: bool) -> bool:
    if arbiter:
        return g.get("waiting_for") == "chance"
    return g.get("you") in g["actors"] or entropy_awaited(g)


def wait(game_id: str = typer.Argument(..., help="the game", autocompletion=complete_game_id),
         seat: str | None = AS, token: str | None = TOKEN,
         timeout: float | None = typer.Option(None, "--timeout", help="give up after this many seconds (exit 1)"),
         as_json: bool = JSON):
    """Block until SEAT must act (exit 0) or the game is over (exit 3). Follows the live stream and
    reconnects; a script's loop: `while caravan wait ID --as 1; do caravan play ID --as 1 0; done`.
    Before the first draw of an await_entropy game, the seat's entropy is what it must give: exit 0,
    saying `caravan entropy ID --as SEAT` (--json: "waiting_for": "entropy", "your_turn": false)."""
    use_token(token)
    tok = token_for(game_id, seat)
    if tok is None:
        fail("wait needs --as SEAT (or --token), or `caravan login` for an account's seat")
    arbiter = seat == "arbiter"
    started = time.monotonic()
    g = request("GET", f"/games/{game_id}", token=tok)
    if not arbiter and g.get("you") is None:
        fail(f"that token holds no seat in game {game_id}")
    seen = g["version"]

    def answer(g: dict[str, Any]) -> None:
        over = g["status"] != "active"
        entropy = not over and not arbiter and entropy_awaited(g)
        now = time.time()
        deadline = None if over else board.my_deadline(g)
        left = None if deadline is None else board.my_time_left(g, now)
        if as_json:
            typer.echo(json.dumps({"game": game_id, "version": g["version"], "status": g["status"],
                                   "your_turn": not over and not entropy, "waiting_for": g.get("waiting_for"),
                                   "result": g.get("result"), "deadline": deadline,
                                   "time_left": None if deadline is None else round(max(0.0, deadline - now), 1),
                                   "due": None if deadline is None else (board.my_clock(g) or {}).get("due", "phase")}))
        elif entropy:
            typer.echo(f"your entropy is awaited: game {g['id']} holds its first draw for it; "
                       f"give it: {board.again(g, 'entropy')}")
        else:
            typer.echo(f"game over: {g['id']}" if over else f"your turn: game {g['id']} at version {g['version']}"
                       + (f" — {left}" if left else ""))
        raise typer.Exit(GAME_OVER if over else OK)

    if g["status"] != "active" or must_act(g, arbiter):
        answer(g)
    standing = None if arbiter or as_json else board.my_clock_standing(g)
    if standing:  # a note while it blocks (standard error: standard output is the answer)
        names = board.names_of(g)
        acting = [names.get(s, f"seat {s}") for s in g.get("actors") or []] or ["chance" if g.get("chance") else "the others"]
        typer.echo(f"waiting for {', '.join(acting)}; {standing}", err=True)
    elif g.get("waiting_for") == "entropy" and not as_json:  # (the others' entropy: it may be a while)
        typer.echo(board.waiting_words(g), err=True)
    until = None if timeout is None else started + timeout
    for e in stream(game_id, tok, seen + 1, give_up=timeout, until=until):
        if e is not None and e["version"] <= seen:
            continue
        g = request("GET", f"/games/{game_id}", token=tok)
        seen = max(seen, g["version"])
        if g["status"] != "active" or must_act(g, arbiter):
            answer(g)
    g = request("GET", f"/games/{game_id}", token=tok)
    if g["status"] == "active" and not must_act(g, arbiter):  # the timeout came first
        fail(f"{'the arbiter' if arbiter else 'seat ' + str(seat if seat is not None else g.get('you'))} did not have "
             f"to act within {timeout:g} s ({board.waiting_words(g)})", 1, "timeout")
    answer(g)


def register(app: typer.Typer) -> None:
    app.command()(watch)
    app.command()(wait)
