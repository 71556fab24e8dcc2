"""CLI verbs for the audit trail: undo, replay, export, verify (verify runs offline, with no server)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from cli import analysis, board, words
from cli.client import INCOMPLETE, REFUSED, emit_json, export_lines, fail, request, token_for, use_token
from cli.options import AS, JSON, TOKEN, complete_game_id


def undo(game_id: str = typer.Argument(..., help="the game", autocompletion=complete_game_id), seat: Optional[str] = AS,
         to: Optional[int] = typer.Option(None, "--to", help="the version to return to (arbiter only)"),
         consent: bool = typer.Option(False, "--consent", help="consent to the pending request"),
         decline: bool = typer.Option(False, "--decline", help="decline the pending request"),
         withdraw: bool = typer.Option(False, "--withdraw", help="withdraw your pending request"),
         token: Optional[str] = TOKEN, as_json: bool = JSON):
    """Ask to take back your last move; or answer the pending request (--consent, --decline; --withdraw
    your own). The answer names the request it answers, so a late answer never becomes a new request.
    The arbiter grants at once."""
    use_token(token)
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
        names = {p["seat"]: p["name"] for p in request("GET", f"/games/{game_id}")["players"]}
        waiting = ", ".join(names.get(s, f"seat {s}") for s in answer.get("waiting_for") or [])
        typer.echo(f"undo to event {answer['to']} requested; waiting for {waiting or 'the other players'} to consent")


def entropy(game_id: str = typer.Argument(..., help="the game", autocompletion=complete_game_id), seat: Optional[str] = AS,
            value: Optional[str] = typer.Argument(None, help="your entropy (default: 32 fresh random hex digits)"),
            token: Optional[str] = TOKEN, as_json: bool = JSON):
    """Add your seat's entropy to the game's luck, before its first chance draw (a game created with
    `--option await_entropy=true` waits for every human seat's)."""
    import secrets

    use_token(token)
    body = {"entropy": value or secrets.token_hex(16)}
    answer = request("POST", f"/games/{game_id}/entropy", token=token_for(game_id, seat), json_body=body)
    if as_json:
        return emit_json(answer)
    missing = answer["missing"]
    typer.echo(f"entropy added (version {answer['version']}); " +
               (f"the first draw waits for seat(s) {', '.join(str(m) for m in missing)}" if missing
                else "nothing more awaited"))


def export(game_id: str = typer.Argument(..., help="the game", autocompletion=complete_game_id), seat: Optional[str] = AS,
           out: Optional[str] = typer.Option(None, "--out", "-o", help="a file (default: standard output)"),
           with_analysis: bool = typer.Option(False, "--analysis", help="append the game's analysis (`caravan "
                                              "analyse`) as one trailing line, outside the hash chain"),
           token: Optional[str] = TOKEN):
    """Write the game as JSON lines (complete once it is finished), for `caravan verify` (which checks the
    events and skips a trailing analysis section)."""
    use_token(token)
    export_lines(f"/games/{game_id}/export" + ("?analysis=true" if with_analysis else ""), out, token_for(game_id, seat))


def verify(file: str = typer.Argument(..., metavar="FILE", help="a file written by `caravan export`, or - for standard input"),
           partial: bool = typer.Option(False, "--partial", help="check what a cut-short or running game's export "
                                        "allows, and say what could not be checked"),
           as_json: bool = JSON):
    """Verify an exported game (or tournament) offline: hash chain, seed against its commitment, every
    chance outcome recomputed, every move re-checked by the rules, the result recomputed (for a
    tournament: every table so, and every recorded result against its table). Exit 0 only if all holds;
    1 when something is wrong; 6 when the export is not a complete game, finished or abandoned (unless --partial)."""
    from projections.audit import SEALED, not_checked, verify_lines

    if file == "-":
        lines = sys.stdin.buffer.readlines() if hasattr(sys.stdin, "buffer") else sys.stdin.readlines()
    else:
        try:
            with Path(file).open("rb") as fh:
                lines = fh.readlines()
        except OSError as e:
            fail(f"cannot read {file}: {e.strerror or e}")
    report = verify_lines(lines)
    missing = not_checked(lines) if report.ok else [SEALED] if report.reason == SEALED else []
    incomplete = bool(missing) and (not partial or not report.ok)  # (a sealed table: nothing to check)
    if as_json:
        import msgspec

        out = msgspec.to_builtins(report)
        out["complete"] = not missing
        out["not_checked"] = missing
        if incomplete:
            out["ok"] = False
            out["reason"] = "incomplete: " + "; ".join(missing)
        emit_json(out)
    elif incomplete:
        typer.echo(f"incomplete: {'; '.join(missing)}" + (" (--partial checks what is there)" if report.ok else ""))
    else:
        typer.echo(report.line())
        if missing:
            typer.echo("not checked: " + "; ".join(missing))
    raise typer.Exit(0 if report.ok and not incomplete else INCOMPLETE if incomplete else REFUSED)


def replay(game_id: str = typer.Argument(..., help="the game", autocompletion=complete_game_id),
           seat: Optional[str] = AS, at: Optional[int] = typer.Option(None, "--at", help="show the position after event N and stop"),
           token: Optional[str] = TOKEN, as_json: bool = JSON):
    """Step through a game, each step's event in words: n/→ next, p/← back, g first, G last, digits then
    Enter to jump, q or Esc to quit. A finished game opens at its first move, a game in play at its last
    event; a status line says where it is and which keys move. With --at N (or input that is not a
    terminal, one command a line) it prints and goes on without keys."""
    use_token(token)
    tok = token_for(game_id, seat)
    now = request("GET", f"/games/{game_id}", token=tok)
    last = now["version"]
    w, names = words.for_type(now["type"]), {p["seat"]: p["name"] for p in now["players"]}
    told: dict[int, str] = {}
    judged = None if as_json else analysis.fetch(game_id, tok)  # the verdicts and value graphs, if analysed
    verdict, played = analysis.verdicts(judged), analysis.played_words(judged)

    rows: dict[int, dict] = {}

    def event_text(n: int) -> str:
        """Event n in words, told from the position it was played in (the server's words for the move)."""
        if n not in told:
            if n not in rows:
                for e in request("GET", f"/games/{game_id}/events", token=tok, params={"from": n, "limit": 200, "words": "true"}):
                    rows[e["version"]] = e
            if n in rows:  # a judged move in the analysis's words, as its best move beside it is told
                row = {**rows[n], "words": played[n]} if n in played and rows[n]["kind"] == "move" else rows[n]
                told[n] = words.event_line(w, row, names, now.get("you"))
        return told.get(n, "")

    steps: list = []  # --json with commands from input: one JSON array of the states stepped through

    def show(n: int, clear: bool, typed: str = "") -> None:
        g = request("GET", f"/games/{game_id}/state", token=tok, params={"at": n})
        if as_json:
            return steps.append(g) if not sys.stdin.isatty() and at is None else emit_json(g)
        if clear:
            board.console.clear()
        board.show(g)
        board.console.print(f"[bold]event {n} of {last}:[/bold] {escape(event_text(n))}"
                            + (f"  [dim]|[/dim] {escape(verdict[n])}" if n in verdict else ""))
        graph = analysis.graph_lines(judged, upto=n)
        if graph:
            board.console.print("value graph (win chance after each of the seat's moves):")
            for line in graph:
                board.console.print(escape(line))
        board.console.print(f"[dim]{where(n, first_move(), last)}: n/→ next, p/← back, g first, G last, "
                            "N Enter jump, q quit[/dim]" + (f"  go to: {typed}" if typed else ""))

    def first_move() -> int:
        """The version of the game's first move (the events before it set the game up), else 1."""
        event_text(1)
        return min((v for v, e in rows.items() if e["kind"] == "move"), default=1)

    if at is not None:
        return show(max(1, min(at, last)), clear=False)
    n = first_move() if now["status"] != "active" else last  # a finished game is read from its start
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
    typed = ""
    for key in keys():
        if key in ("q", "\x03", "ESC"):
            break
        if key.isdigit():
            typed += key
            board.console.print(f"\rgo to: {typed}", end="")
            continue
        if key in ("\n", "\r") and typed:
            n, typed = step(typed, n, last), ""
        elif key in ("\x7f", "\b") and typed:
            typed = typed[:-1]
            board.console.print(f"\rgo to: {typed} ", end="")
            continue
        else:
            typed = ""
            n = step(key, n, last)
        show(n, clear=True)


def escape(text: str) -> str:
    from rich.markup import escape as rich_escape

    return rich_escape(text)


def where(n: int, first: int, last: int) -> str:
    """Where a replay is, for its status line (which fits 80 columns with the keys)."""
    return "last event" if n == last else "first move" if n == first else "setup" if n < first else f"event {n}"


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


ESCAPES = {b"[C": "RIGHT", b"[D": "LEFT", b"OC": "RIGHT", b"OD": "LEFT"}


def keys():
    """Key presses from the terminal: arrows as RIGHT/LEFT, a lone Esc as ESC (it does not wait for a
    second key), other keys as themselves."""
    import os
    import select
    import termios
    import tty

    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        while True:
            ch = os.read(fd, 1)
            if not ch:
                return
            if ch == b"\x1b":
                seq = b""
                while len(seq) < 2 and select.select([fd], [], [], 0.05)[0]:
                    seq += os.read(fd, 1)
                yield ESCAPES.get(seq, "ESC")
            else:
                yield ch.decode(errors="replace")
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)


def register(app: typer.Typer) -> None:
    for fn in (undo, entropy, replay, export, verify):
        app.command()(fn)
