"""CLI verbs for the audit trail: undo, replay, export, verify (verify runs offline, with no server)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from cli import board
from cli.client import emit_json, export_lines, fail, request, token_for

JSON = typer.Option(False, "--json", help="print exactly one JSON document")
AS = typer.Option(None, "--as", help="the seat to act or look as (its token comes from the profile), or 'arbiter'")


def undo(game_id: str, seat: Optional[str] = AS, to: Optional[int] = typer.Option(None, "--to", help="arbiter only"),
         consent: bool = typer.Option(False, "--consent", help="consent to the pending request"),
         decline: bool = typer.Option(False, "--decline", help="decline the pending request"),
         withdraw: bool = typer.Option(False, "--withdraw", help="withdraw your pending request"),
         as_json: bool = JSON):
    """Ask to take back your last move; or answer the pending request (--consent, --decline; --withdraw
    your own). The answer names the request it answers, so a late answer never becomes a new request.
    The arbiter grants at once."""
    chosen = [a for a, on in (("consent", consent), ("decline", decline), ("withdraw", withdraw)) if on]
    if len(chosen) > 1:
        fail("choose one of --consent, --decline, --withdraw")
    token = token_for(game_id, seat)
    body: dict = {"to": to} if to is not None else {}
    if chosen:
        pending = (request("GET", f"/games/{game_id}", token=token).get("undo") or {}).get("pending")
        if not pending:
            fail("no undo request is pending")
        body = {"action": chosen[0], "request": pending["request"]}
    answer = request("POST", f"/games/{game_id}/undo", token=token, json_body=body)
    if as_json:
        return emit_json(answer)
    if answer["granted"]:
        typer.echo(f"undone: back to the position after event {answer['to']} (now version {answer['version']})")
    elif answer.get("settled"):
        typer.echo(f"undo request {answer['settled']}")
    else:
        typer.echo(f"undo to {answer['to']} requested; waiting for seat(s) {answer['waiting_for']}")


def entropy(game_id: str, seat: Optional[str] = AS,
            value: Optional[str] = typer.Argument(None, help="your entropy (default: 32 fresh random hex digits)"),
            as_json: bool = JSON):
    """Add your seat's entropy to the game's luck, before its first chance draw (a game created with
    `--option await_entropy=true` waits for every human seat's)."""
    import secrets

    body = {"entropy": value or secrets.token_hex(16)}
    answer = request("POST", f"/games/{game_id}/entropy", token=token_for(game_id, seat), json_body=body)
    if as_json:
        return emit_json(answer)
    missing = answer["missing"]
    typer.echo(f"entropy added (version {answer['version']}); " +
               (f"the first draw waits for seat(s) {missing}" if missing else "nothing more awaited"))


def export(game_id: str, seat: Optional[str] = AS,
           out: Optional[str] = typer.Option(None, "--out", "-o", help="a file (default: standard output)")):
    """Write the game as JSON lines (complete once it is finished), for `caravan verify`."""
    export_lines(f"/games/{game_id}/export", out, token_for(game_id, seat))


def verify(file: Path = typer.Argument(..., exists=True, dir_okay=False, help="a file written by `caravan export`"),
           as_json: bool = JSON):
    """Verify an exported game (or tournament) offline: hash chain, seed against its commitment, every
    chance outcome recomputed, every move re-checked by the rules, the result recomputed (for a
    tournament: every table so, and every recorded result against its table). Exit 0 only if all holds."""
    from projections.audit import verify_lines

    with file.open("rb") as fh:
        report = verify_lines(fh)
    if as_json:
        import msgspec

        emit_json(msgspec.to_builtins(report))
    else:
        typer.echo(report.line())
    raise typer.Exit(0 if report.ok else 1)


def replay(game_id: str, seat: Optional[str] = AS, at: Optional[int] = typer.Option(None, "--at"), as_json: bool = JSON):
    """Step through a game: n/→ next, p/← back, g first, G last, a number to jump, q to quit. With --at N
    (or input that is not a terminal, one command a line) it prints and goes on without keys."""
    token = token_for(game_id, seat)
    last = request("GET", f"/games/{game_id}", token=token)["version"]

    steps: list = []  # --json with commands from input: one JSON array of the states stepped through

    def show(n: int, clear: bool) -> None:
        g = request("GET", f"/games/{game_id}/state", token=token, params={"at": n})
        if as_json:
            return steps.append(g) if not sys.stdin.isatty() and at is None else emit_json(g)
        if clear:
            board.console.clear()
        board.show(g)
        board.console.print(f"[dim]event {n} of {last} — n/→ next, p/← back, g first, G last, q quit[/dim]")

    if at is not None:
        return show(max(1, min(at, last)), clear=False)
    n = last
    if not sys.stdin.isatty():
        for line in sys.stdin:
            cmd = line.strip()
            if cmd in ("q", "quit"):
                break
            n = step(cmd, n, last)
            show(n, clear=False)
        if as_json:
            emit_json(steps)
        return
    show(n, clear=True)
    for key in keys():
        if key in ("q", "\x03", "\x1b"):
            break
        n = step(key, n, last)
        show(n, clear=True)


def step(cmd: str, n: int, last: int) -> int:
    if cmd in ("n", "RIGHT", " ", ""):
        return min(n + 1, last)
    if cmd in ("p", "LEFT"):
        return max(n - 1, 1)
    if cmd == "g":
        return 1
    if cmd == "G":
        return last
    if cmd.isdigit():
        return max(1, min(int(cmd), last))
    return n


def keys():
    """Single key presses from the terminal (arrow keys as RIGHT/LEFT)."""
    import termios
    import tty

    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        while True:
            ch = sys.stdin.read(1)
            if ch == "\x1b":
                seq = sys.stdin.read(2)
                yield {"[C": "RIGHT", "[D": "LEFT"}.get(seq, "\x1b")
            else:
                yield ch
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)


def register(app: typer.Typer) -> None:
    for fn in (undo, entropy, replay, export, verify):
        app.command()(fn)



