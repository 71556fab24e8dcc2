"""`caravan tournament …`: create, run, show, export tournaments. Each command is one REST call or a
short sequence of them; the CLI holds no rules."""

from __future__ import annotations

import shlex
import sys
import time
from typing import Any

import typer

from cli.client import (
    GAME_OVER,
    REFUSED,
    USAGE,
    Refused,
    ctx,
    emit_json,
    export_lines,
    fail,
    raw,
    refusal_code,
    request,
    save_tokens,
    tokens_here,
    use_token,
)
from cli.options import JSON, PLAYERS, TOKEN, complete_game_type, parse_option
from cli.standings import print_standings, table_result
from games.naming import looks

app = typer.Typer(help="Tournaments: round robin or Swiss, AI and human entrants, standings and ratings.",
                  no_args_is_help=True, rich_markup_mode=None)
STALL_NUDGE_SECONDS = 10.0  # `run` asks the server to seat what is due when nothing moved for this long


@app.command("new")
def new(
    type_: str = typer.Argument(..., metavar="TYPE", help="kashgar | yangtze | bangkok-klongs | himalaya",
                                autocompletion=complete_game_type),
    format_: str = typer.Option("round-robin", "--format", help="round-robin | swiss"),
    table_size: int = typer.Option(2, "--table-size", help="players per table"),
    rounds: int | None = typer.Option(None, "--rounds", help="Swiss: rounds to play (default log of the field); "
                                         "round robin: no fewer than the shortest schedule in which everyone "
                                         "meets everyone (default: one cycle at tables of 2; at bigger tables the "
                                         "length whose most-met pair meets least); more rounds at tables of 2 "
                                         "repeat the cycle, colours reversed, and at tables of 3 or more are "
                                         "searched whole, not a repeated cycle"),
    duplicate: bool = typer.Option(False, "--duplicate", help="every table of a round plays the same seed"),
    player: list[str] = PLAYERS,
    name: str | None = typer.Option(None, "--name", help="a title for the tournament"),
    option: list[str] = typer.Option([], "--option", help="a game option for every table, NAME=VALUE (VALUE as JSON "
                                     "when it parses); see `caravan game types`"),
    token: str | None = TOKEN,
    as_json: bool = JSON,
):
    """Create a tournament and seat its first round; people's entrant tokens go to your profile. Its seed is
    the server's own secret (committed in its first event): nobody picks a tournament's luck."""
    use_token(token)
    body: dict[str, Any] = {"type": type_, "format": format_, "table_size": table_size, "players": player,
                            "duplicate": duplicate}
    if option:
        body["options"] = dict(parse_option(o) for o in option)
    if rounds is not None:
        body["rounds"] = rounds
    if name:
        body["name"] = name
    created = request("POST", "/tournaments", json_body=body, token=ctx.token)
    save_tokens(created["id"], [{"seat": e["name"], "token": e["token"]} for e in created["entrants"] if e.get("token")]
                + [{"seat": ORGANISER, "token": created["organiser_token"]}])
    if as_json:
        return emit_json(created)
    typer.echo(f"tournament {created['id']}: {created['game']} {created['format']}, tables of "
               f"{created['table_size']}, {created['rounds']} rounds{', duplicate' if created['duplicate'] else ''}")
    for e in created["entrants"]:
        typer.echo(f"  {e['name']}" + (f" (ai-{e['ai']})" if e.get("ai") else " (entrant token saved)"))
    tid, people = created["id"], [e["name"] for e in created["entrants"] if e.get("token")]
    typer.echo(f"next: caravan tournament run {tid}   (plays it through, round after round)")
    typer.echo(f"standings and tables: caravan tournament show {tid}, or {ctx.url.rstrip('/')}/tournaments/{tid}/view")
    if people:
        typer.echo(f"{people[0]}'s tables: caravan tournament tables {tid} --as {shlex.quote(people[0])}")


ORGANISER = ":organiser"  # the profile's name for a tournament's organiser token (no entrant's name holds ':')


def saved_entrant(tournament_id: str, name: str) -> tuple[str, str] | None:
    """The entrant `name` means among those whose tokens the profile holds for this tournament, and its token:
    the name as given, else the one that reads the same (`--as Ann` is ann: names in a tournament never read
    alike, as at a table); None when the profile holds none."""
    saved = {k: v for k, v in tokens_here().get(tournament_id, {}).items() if k != ORGANISER}
    if name in saved:
        return name, saved[name]
    return next(((k, v) for k, v in saved.items() if looks(k) == looks(name)), None)


def organiser_token(tournament_id: str) -> str | None:
    """--token wins; then the organiser token `tournament new` saved; then CARAVAN_ARBITER_TOKEN."""
    import os

    return (ctx.token or tokens_here().get(tournament_id, {}).get(ORGANISER)
            or os.environ.get("CARAVAN_ARBITER_TOKEN"))


def _waiting_humans(t: dict[str, Any]) -> list[str]:
    humans = {e["name"] for e in t["entrants"] if not e.get("ai")}
    return [f"round {g['round']} table {g['table']} ({g['id']}): {', '.join(p for p in g['players'] if p in humans)}"
            for g in t["games"] if g["status"] == "active" and humans.intersection(g["players"])]


def _cancelled_line(t: dict[str, Any]) -> str | None:
    """Who called the tournament off, after which round and why; None while it is not cancelled."""
    if t.get("status") != "cancelled":
        return None
    c = t.get("cancelled")
    if not c:  # (a server older than `cancelled` in this answer)
        return f"{t['id']} was cancelled"
    why = f": {c['reason']}" if c.get("reason") else " (no reason given)"
    return f"{t['id']} cancelled by the {c['by']} after round {c['after_round']}{why}"


def _nudge(tournament_id: str, token: str | None) -> tuple[dict[str, Any], bool]:
    """Seat what is due (the organiser's or the arbiter's token) and the tournament as it stands; without such
    a token, or when the server refuses it (401/403), only read it. The second value: whether it advanced."""
    if token:
        try:
            return raw("POST", f"/tournaments/{tournament_id}/advance", token=token).json(), True
        except Refused as e:
            if e.status not in (401, 403):
                fail(f"{e.error}: {e.detail}", refusal_code(e), e.error)
    return request("GET", f"/tournaments/{tournament_id}"), False


@app.command("run")
def run(tournament_id: str = typer.Argument(..., help="the tournament"), poll: float = typer.Option(0.5, "--poll", help="seconds between polls"),
        timeout: float | None = typer.Option(None, "--timeout", help="give up after this many seconds"),
        token: str | None = TOKEN, as_json: bool = JSON):
    """Follow a tournament until it is over: AI tables are played by the workers, human tables wait
    for `caravan play`. A progress bar on a terminal, one line per change otherwise. With the organiser's
    token (saved by `tournament new`, or --token) or the arbiter's it also seats what is due when nothing
    moves; anyone else follows read-only (the workers still seat each round as the last one ends).

    Exits 0 once it is finished (the standings); exit 3 once it is cancelled, saying by whom, why and after
    which round (the standings so far are its last; --json: the tournament, status cancelled)."""
    use_token(token)
    started = time.monotonic()
    t, organiser = _nudge(tournament_id, organiser_token(tournament_id))
    if not organiser:
        typer.echo(f"{tournament_id}: following read-only (no organiser's or arbiter's token): this cannot advance "
                   "it; the workers seat each round as the last one ends", err=as_json)
    last_change, last_key = time.monotonic(), None
    fancy = sys.stdout.isatty() and not as_json
    progress = task = None
    if fancy:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                            TimeElapsedColumn(), TextColumn("{task.fields[note]}"))
        progress.start()
        task = progress.add_task(tournament_id, total=t["progress"]["games_total"], note="")
    try:
        while True:
            done, total = t["progress"]["games_done"], t["progress"]["games_total"]
            key = (done, t["round"], t["status"])
            waiting = _waiting_humans(t)
            note = f"round {t['round']}/{t['rounds']}" + (f", waiting for people at {len(waiting)} table(s)" if waiting else "")
            if key != last_key:
                last_key, last_change = key, time.monotonic()
                if progress is not None and task is not None:
                    progress.update(task, completed=done, note=note)
                elif not as_json:
                    typer.echo(f"{tournament_id}: {done}/{total} games, {note}")
                    for w in waiting:
                        typer.echo(f"  waiting: {w}")
            if t["status"] != "active":  # finished, or cancelled: no round follows
                break
            if timeout is not None and time.monotonic() - started > timeout:
                fail(f"tournament {tournament_id} not finished after {timeout:g} s ({done}/{total} games)", 2)
            time.sleep(poll)
            if organiser and time.monotonic() - last_change > STALL_NUDGE_SECONDS and not waiting:
                t, organiser = _nudge(tournament_id, organiser_token(tournament_id))
                last_change = time.monotonic()
            else:
                t = request("GET", f"/tournaments/{tournament_id}")
    finally:
        if progress is not None:
            progress.stop()
    cancelled = _cancelled_line(t)
    if as_json:
        emit_json(t)
    else:
        print_standings(t)
        if cancelled:
            typer.echo(cancelled)
    if cancelled:
        raise typer.Exit(GAME_OVER)


@app.command("show")
def show(tournament_id: str = typer.Argument(..., help="the tournament"), token: str | None = TOKEN,
         as_json: bool = JSON):
    """Standings (points by rank; tie-breaks: Buchholz for Swiss, matchpoints in duplicate mode, score
    difference, rating) and the tables; --json: the API's answer."""
    use_token(token)
    t = request("GET", f"/tournaments/{tournament_id}", token=ctx.token)
    if as_json:
        return emit_json(t)
    print_standings(t)
    p = t.get("progress") or {}
    if p:
        typer.echo(f"progress: {p['games_done']}/{p['games_total']} games")
    if t.get("time_rules"):
        typer.echo(f"time rules: {t['time_rules']}")
    cancelled = _cancelled_line(t)
    if cancelled:
        typer.echo(cancelled)
    for g in t["games"]:
        typer.echo(f"  r{g['round']} t{g['table']} {g['id']} {g['status']:<8}  {table_result(g)}")


@app.command("list")
def list_(token: str | None = TOKEN, as_json: bool = JSON):
    """Every tournament, newest first."""
    use_token(token)
    rows = request("GET", "/tournaments", token=ctx.token)
    if as_json:
        return emit_json(rows)
    if not rows:
        typer.echo("no tournaments")
    for r in rows:
        typer.echo(f"{r['id']}  {r['game']:<15} {r['format']:<12} {r['status']:<9} round {r['round']}/{r['rounds']}  "
                   f"{r['games_done']}/{r['games_total']} games  {len(r['players'])} players")


def _holder(tournament_id: str, rows: list[dict[str, Any]]) -> str | None:
    """Whose tables these are, by the entrant name the tournament's games give each table's seat; None when
    the rows cannot tell (no table yet)."""
    if not rows:
        return None
    seats = {g["id"]: g["players"] for g in request("GET", f"/tournaments/{tournament_id}")["games"]}
    names = {seats[r["game"]][r["seat"]] for r in rows if r["game"] in seats and r["seat"] < len(seats[r["game"]])}
    return names.pop() if len(names) == 1 else None


@app.command("tables")
def tables(tournament_id: str = typer.Argument(..., help="the tournament"),
           entrant: str | None = typer.Option(None, "--as", help="the entrant's name, as it reads (its token from "
                                                 "the profile); "
                                                 "with --token, the token must be that entrant's"),
           token: str | None = TOKEN, as_json: bool = JSON):
    """An entrant's tables so far, said by its name; its entrant token plays them all (saved to the profile
    for each game): then `caravan game play GAME --as SEAT`. A --token that is another entrant's than --as
    names is refused (exit 1), and nothing is saved."""
    use_token(token)
    if entrant is None and not ctx.token:
        fail("whose tables? --as NAME (its token from the profile), or --token", USAGE, "usage")
    saved = saved_entrant(tournament_id, entrant) if entrant is not None else None
    if saved is not None:
        entrant = saved[0]  # as the tournament spells it
    token = ctx.token or (saved[1] if saved else None)
    if token is None:
        fail(f"no entrant token for {entrant} in tournament {tournament_id}; pass --token")
    rows = request("GET", f"/tournaments/{tournament_id}/tables", token=token)
    holder = _holder(tournament_id, rows) if ctx.token else entrant
    if entrant is not None and holder is not None and looks(holder) != looks(entrant):
        fail(f"this token is {holder}'s, not {entrant}'s: drop --as, or pass {entrant}'s token", REFUSED,
             "wrong-entrant")
    # no table yet tells whose the token is: the profile may
    if entrant is not None and holder is None and saved is not None and saved[1] != token:
        fail(f"this token is not the one saved for {entrant}: drop --as, or pass {entrant}'s token", REFUSED,
             "wrong-entrant")
    for r in rows:
        save_tokens(r["game"], [{"seat": r["seat"], "token": token}])
    if as_json:
        return emit_json(rows)
    if not rows:  # (a --token with no table yet: nothing the server answers says whose it is)
        typer.echo(f"{holder} has no table in {tournament_id} yet" if holder else
                   f"this token has no table in {tournament_id} yet (so none tells whose it is)")
        return
    typer.echo(f"{holder}'s tables in {tournament_id}:" if holder else f"this token's tables in {tournament_id}:")
    for r in rows:
        typer.echo(f"  round {r['round']} table {r['table']}: game {r['game']}, {holder or 'the token'} is seat "
                   f"{r['seat']}")


@app.command("advance")
def advance(tournament_id: str = typer.Argument(..., help="the tournament"), token: str | None = TOKEN, as_json: bool = JSON):
    """Seat whatever is due now (the next round once a round is over) and show where the tournament stands."""
    use_token(token)
    t = request("POST", f"/tournaments/{tournament_id}/advance", token=organiser_token(tournament_id))
    if as_json:
        return emit_json(t)
    p = t.get("progress", {})
    typer.echo(f"{tournament_id}: {t.get('status')}, round {t.get('round')}/{t.get('rounds')}, "
               f"{p.get('games_done', '?')}/{p.get('games_total', '?')} games")
    cancelled = _cancelled_line(t)
    if cancelled:
        typer.echo(cancelled)
    for w in _waiting_humans(t):
        typer.echo(f"  waiting: {w}")


@app.command("withdraw")
def withdraw(tournament_id: str = typer.Argument(..., help="the tournament"),
             entrant: str = typer.Option(..., "--player", help="the entrant who withdraws (its name as it reads)"),
             token: str | None = TOKEN, as_json: bool = JSON):
    """Withdraw an entrant: it is not paired again and its tables still in play are resigned. Uses --token,
    else the entrant's own token from the profile, else the organiser's (or CARAVAN_ARBITER_TOKEN). An entrant
    that has withdrawn already is refused (exit 1, error `already-withdrawn`); a tournament that is over
    (finished or cancelled), exit 3."""
    use_token(token)
    saved = saved_entrant(tournament_id, entrant)  # (the server, too, takes the name as it reads)
    token = ctx.token or (saved[1] if saved else None) or organiser_token(tournament_id)
    try:
        out = raw("POST", f"/tournaments/{tournament_id}/withdraw", json_body={"entrant": entrant}, token=token).json()
    except Refused as e:
        if e.status == 409 and e.error == "version-conflict":  # the server's answer to a second withdrawal
            gone = [w for w in request("GET", f"/tournaments/{tournament_id}").get("withdrawn", [])
                    if looks(w["name"]) == looks(entrant)]
            if gone:
                fail(f"{gone[0]['name']} has already withdrawn (after round {gone[0]['after_round']})", REFUSED,
                     "already-withdrawn")
        fail(f"{e.error}: {e.detail}", refusal_code(e), e.error)
    if as_json:
        return emit_json(out)
    typer.echo(f"{out['entrant']} withdrew from {out['id']} after round {out['after_round']} (by the {out['by']}); "
               f"withdrawn: {', '.join(out['withdrawn'])}")


@app.command("cancel")
def cancel(tournament_id: str = typer.Argument(..., help="the tournament"),
           reason: str = typer.Option("", "--reason", help="why, for the record (at most 200 characters)"),
           token: str | None = TOKEN, as_json: bool = JSON):
    """Call the tournament off (organiser or arbiter): no further round is seated and the tables still in
    play are abandoned; the standings so far are its last. Uses --token, else the organiser's token from
    the profile (or CARAVAN_ARBITER_TOKEN). A tournament that is over (finished, or cancelled already):
    exit 3."""
    use_token(token)
    out = request("POST", f"/tournaments/{tournament_id}/cancel", json_body={"reason": reason},
                  token=organiser_token(tournament_id))
    if as_json:
        return emit_json(out)
    tables = f"; abandoned {len(out['abandoned'])} table(s) in play" if out["abandoned"] else ""
    typer.echo(f"{out['id']} cancelled by the {out['by']} after round {out['after_round']}{tables}")


@app.command("export")
def export(tournament_id: str = typer.Argument(..., help="the tournament"), out: str | None = typer.Option(None, "--out", "-o", help="a file (default: standard output)"),
           token: str | None = TOKEN):
    """Write the whole tournament as JSON lines (its own events, then every table's), for `caravan verify`
    (with the arbiter's --token, a duplicate round's results still withheld from others too)."""
    use_token(token)
    export_lines(f"/tournaments/{tournament_id}/export", out, ctx.token)
