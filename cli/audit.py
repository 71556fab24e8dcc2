"""CLI verbs for the audit trail: undo, replay, export, verify (verify runs offline, with no server)."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from cli import analysis, board, words
from cli.client import INCOMPLETE, REFUSED, emit_json, export_lines, fail, request, token_for, use_token
from cli.options import AS, JSON, TOKEN, complete_game_id


def undo(game_id: str = typer.Argument(..., help="the game", autocompletion=complete_game_id), seat: str | None = AS,
         to: int | None = typer.Option(None, "--to", help="the version to return to (arbiter only)"),
         consent: bool = typer.Option(False, "--consent", help="consent to the pending request"),
         decline: bool = typer.Option(False, "--decline", help="decline the pending request"),
         withdraw: bool = typer.Option(False, "--withdraw", help="withdraw your pending request"),
         token: str | None = TOKEN, as_json: bool = JSON):
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


def entropy(game_id: str = typer.Argument(..., help="the game", autocompletion=complete_game_id), seat: str | None = AS,
            value: str | None = typer.Argument(None, help="your entropy (default: 32 fresh random hex digits)"),
            token: str | None = TOKEN, as_json: bool = JSON):
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


def export(game_id: str = typer.Argument(..., help="the game", autocompletion=complete_game_id), seat: str | None = AS,
           out: str | None = typer.Option(None, "--out", "-o", help="a file (default: standard output)"),
           with_analysis: bool = typer.Option(False, "--analysis", help="append the game's analysis (`caravan "
                                              "analyse`) as one trailing line, outside the hash chain"),
           token: str | None = TOKEN):
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
           seat: str | None = AS, at: int | None = typer.Option(None, "--at", help="show the position after event N and stop"),
           token: str | None = TOKEN, as_json: bool = JSON):
    """Step through a game, each step's event in words: n/→ next, p/← back, g first, G last, digits then
    Enter to jump, q or Esc to quit. A finished game opens at its first move, a game in play at its last
    event; a status line says where it is and which keys move. With --at N (or input that is not a
    terminal, one command a line) it prints and goes on without keys."""
    use_token(token)
    r = Replay(game_id, token_for(game_id, seat), as_json, at)
    if at is not None:
        return r.show(max(1, min(at, r.last)), clear=False)
    n = r.first_move() if r.now["status"] != "active" else r.last  # a finished game is read from its start
    if not sys.stdin.isatty():
        return by_lines(r, n)
    by_keys(r, n)


class Replay:
    """A game as `caravan replay` steps through it: the position after each event (asked for as it is shown),
    each event in words (the server's, a judged move in the analysis's), and the analysis's verdicts and graph."""

    def __init__(self, game_id: str, tok: str | None, as_json: bool, at: int | None):
        self.game_id, self.tok, self.as_json, self.at = game_id, tok, as_json, at
        self.now = request("GET", f"/games/{game_id}", token=tok)
        self.last = self.now["version"]
        self.w, self.names = words.for_type(self.now["type"]), {p["seat"]: p["name"] for p in self.now["players"]}
        self.told: dict[int, str] = {}
        self.judged = None if as_json else analysis.fetch(game_id, tok)  # the verdicts and value graphs, if analysed
        self.verdict, self.played = analysis.verdicts(self.judged), analysis.played_words(self.judged)
        self.rows: dict[int, dict] = {}
        self.steps: list = []  # --json with commands from input: one JSON array of the states stepped through

    def event_text(self, n: int) -> str:
        """Event n in words, told from the position it was played in (the server's words for the move)."""
        if n not in self.told:
            if n not in self.rows:
                for e in request("GET", f"/games/{self.game_id}/events", token=self.tok,
                                 params={"from": n, "limit": 200, "words": "true"}):
                    self.rows[e["version"]] = e
            if n in self.rows:  # a judged move in the analysis's words, as its best move beside it is told
                row = self.rows[n]
                if n in self.played and row["kind"] == "move":
                    row = {**row, "words": self.played[n]}
                self.told[n] = words.event_line(self.w, row, self.names, self.now.get("you"))
        return self.told.get(n, "")

    def show(self, n: int, clear: bool, typed: str = "") -> None:
        g = request("GET", f"/games/{self.game_id}/state", token=self.tok, params={"at": n})
        if self.as_json:
            return self.steps.append(g) if not sys.stdin.isatty() and self.at is None else emit_json(g)
        if clear:
            board.console.clear()
        board.show(g)
        board.console.print(f"[bold]event {n} of {self.last}:[/bold] {escape(self.event_text(n))}"
                            + (f"  [dim]|[/dim] {escape(self.verdict[n])}" if n in self.verdict else ""))
        graph = analysis.graph_lines(self.judged, upto=n)
        if graph:
            board.console.print("value graph (win chance after each of the seat's moves):")
            for line in graph:
                board.console.print(escape(line))
        board.console.print(f"[dim]{where(n, self.first_move(), self.last)}: n/→ next, p/← back, g first, G last, "
                            "N Enter jump, q quit[/dim]" + (f"  go to: {typed}" if typed else ""))

    def first_move(self) -> int:
        """The version of the game's first move (the events before it set the game up), else 1."""
        self.event_text(1)
        return min((v for v, e in self.rows.items() if e["kind"] == "move"), default=1)


def by_lines(r: Replay, n: int) -> None:
    """Input that is not a terminal: one command a line (as a key, or a version to go to), each step shown."""
    for line in sys.stdin:
        cmd = line.strip()
        if cmd in ("q", "quit"):
            break
        n = step(cmd, n, r.last)
        r.show(n, clear=False)
    if r.as_json:
        emit_json(r.steps)


def by_keys(r: Replay, n: int) -> None:
    """A terminal: a key a step, digits then Enter to jump, q or Esc to quit."""
    r.show(n, clear=True)
    typed = ""
    for key in keys():
        if key in ("q", "\x03", "ESC"):
            break
        if key.isdigit():
            typed += key
            board.console.print(f"\rgo to: {typed}", end="")
            continue
        if key in ("\n", "\r") and typed:
            n, typed = step(typed, n, r.last), ""
        elif key in ("\x7f", "\b") and typed:
            typed = typed[:-1]
            board.console.print(f"\rgo to: {typed} ", end="")
            continue
        else:
            typed = ""
            n = step(key, n, r.last)
        r.show(n, clear=True)


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
