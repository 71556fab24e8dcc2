"""`caravan game play`: a whole game at the terminal. The board, an account of what happened since your
last move, your moves in the game's own words (grouped, numbered, filterable), your pick; it waits
while the others act. A move refused because the game moved on redraws and asks again; when a clock
plays for you (Himalaya's planning clock), it says so and goes on."""

from __future__ import annotations

import os
import select
import sys
import time
from collections.abc import Callable
from typing import Any

import typer

from cli import board, words
from cli.client import Refused, ctx, fail, moves_at, raw, request, token_for, with_seat

COUNTDOWN_EVERY = 0.5  # seconds between redraws of the prompt's countdown
WARN_AT = (60, 30, 10, 5)  # not on a terminal: a line when this many seconds are left for your move
HELP = ("a number plays that move; text filters the list (e.g. 'buy', 'silk'); '' or * shows it all; "
        "b the board; l the log so far; q quits")


class LineReader:
    """Lines from standard input that can also wait for something else: between keystrokes it asks
    `changed()` every `poll` seconds and returns its note instead of a line when there is one.
    Reads the descriptor itself (no hidden buffer), so piped input works as well as a terminal."""

    def __init__(self) -> None:
        self.buf = b""
        try:
            self.fd: int | None = sys.stdin.fileno()
        except (OSError, ValueError, AttributeError):  # a test runner's stdin has no descriptor
            self.fd = None

    def read(self, changed: Callable[[], str | None], poll: float,
             tick: Callable[[], None] | None = None) -> tuple[str | None, str | None]:
        """(line, None), (None, note) when something changed, or (None, None) at the end of input.
        `tick` is called whenever the wait goes on (a countdown redraws itself)."""
        if self.fd is None:
            line = sys.stdin.readline()
            return (line, None) if line else (None, None)
        while b"\n" not in self.buf:
            if tick is not None:
                tick()
            ready, _, _ = select.select([self.fd], [], [], min(poll, COUNTDOWN_EVERY) if tick else poll)
            if ready:
                chunk = os.read(self.fd, 4096)
                if not chunk:
                    if self.buf:
                        line, self.buf = self.buf, b""
                        return line.decode(errors="replace"), None
                    return None, None
                self.buf += chunk
                continue
            note = changed()
            if note:
                return None, note
        line, _, self.buf = self.buf.partition(b"\n")
        return line.decode(errors="replace"), None


class Table:
    """One game as one player (or the arbiter) sees it: fetching, waiting, posting."""

    def __init__(self, game_id: str, seat: str, poll: float):
        self.id, self.poll = game_id, poll
        self.token = token_for(game_id, seat)
        self.arbiter = seat == "arbiter"
        g = request("GET", f"/games/{game_id}", token=self.token)
        self.me: int | None = g.get("you")
        if not self.arbiter and self.me is None:
            fail(f"that token holds no seat in game {game_id} (use --as arbiter for the arbiter's token)")
        self.names = {p["seat"]: p["name"] for p in g["players"]}
        self.type = g["type"]
        self.seen = 0  # the last version whose events were told
        self.words = words.for_type(g["type"])

    def game(self) -> dict[str, Any]:
        return request("GET", f"/games/{self.id}", token=self.token)

    def my_turn(self, g: dict[str, Any]) -> bool:
        if self.arbiter:
            return g.get("waiting_for") == "chance"
        return self.me in g["actors"]

    def events_since(self, version: int, said: bool = False) -> list[dict[str, Any]]:
        """The events after `version`; `said`: each move with the server's words for it, told from the
        position it was played in as this seat saw it (the card a caravan action used)."""
        params = {"from": version + 1, **({"words": "true"} if said else {})}
        return request("GET", f"/games/{self.id}/events", token=self.token, params=params)

    SINCE_MOST = 40  # lines of "since your last look" (a Himalaya round of three seats is about 40 events)

    def account(self, upto: int, whole: bool = False) -> None:
        """What happened since the last look, in words (the others' moves, the draws you may see); `whole`:
        the log so far (the `l` key), every line of it."""
        if upto <= self.seen and not whole:
            return
        since = 0 if whole else self.seen
        events = [e for e in self.events_since(since, said=True) if since > 0 or e["version"] > 1]
        lines = [words.event_line(self.words, e, self.names, self.me) for e in events]
        lines = [line for line in lines if line]
        self.seen = max(self.seen, upto)
        most = len(lines) if whole else self.SINCE_MOST
        if lines:
            board.console.print("[bold]the log so far:[/bold]" if whole else "[bold]since your last look:[/bold]")
            for line in lines[-most:]:
                board.console.print("  " + line, markup=False)
            if len(lines) > most:
                log = with_seat(f"caravan log {self.id}", self.id, "arbiter" if self.arbiter else self.names.get(self.me))
                board.console.print(f"  … and {len(lines) - most} earlier (the l key, or {log})", markup=False)

    def away(self, g: dict[str, Any]) -> str | None:
        """The AI level that plays this seat while its owner is away (not for a resignation), or None."""
        return next((a["ai"] for a in g.get("absent") or [] if a["seat"] == self.me and not a.get("resigned")), None)

    def waiting_line(self, g: dict[str, Any]) -> str:
        return board.waiting_words(g)  # (before the first draw of an await_entropy game: whose entropy, and how)

    def clock_note(self, since: int) -> str | None:
        """When the clock played for this seat since `since`: what it did, in words."""
        mine = [e for e in self.events_since(since)
                if e["kind"] == "move" and e["actor"] == self.me and (e.get("payload") or {}).get("timeout")]
        if not mine:
            return None
        what = "; ".join(words.move_text(self.words, e["payload"].get("move") or {}, None) for e in mine)
        return f"your time ran out: the rulebook's default was played for you ({len(mine)} move(s): {what})"


def play(game_id: str, seat: str, poll: float) -> None:
    t = Table(game_id, seat, poll)
    reader = LineReader()
    shown_wait = -1
    filt = ""
    seen: dict[str, Any] | None = None  # the game as the last poll read it, when that read found it changed
    while True:
        g, seen = seen or t.game(), None  # one read a poll: a change the wait saw is not read again
        if g["status"] != "active":
            t.account(g["version"])
            board.show(g)
            return
        away = t.away(g)
        if away or not t.my_turn(g):
            if shown_wait != g["version"]:
                typer.echo(f"(version {g['version']}) " + (
                    f"you are away: ai-{away} plays for you; type back and Enter to take your seat back (q quits)"
                    if away else t.waiting_line(g)))
                shown_wait = g["version"]
            seen = wait_a_little(t, reader, g, poll, away)
            continue
        listed, at = moves_at(game_id, t.token)
        if at is not None and at != g["version"]:
            continue  # the game moved between the two looks: look again
        if not listed and not t.arbiter:
            if shown_wait != g["version"]:
                typer.echo(f"(version {g['version']}) nothing for you to do yet; {t.waiting_line(g)}")
                shown_wait = g["version"]
            time.sleep(poll)
            continue
        t.account(g["version"])
        board.show(g)
        menu = words.menu(t.words, board.named_view(g), listed, t.me)
        if listed:
            words.print_menu(menu, filt)
        else:
            typer.echo(f"chance: {g.get('chance') or 'a draw'} — the outcomes cannot be listed: enter the outcome as JSON")
        shown = OnScreen(t, menu, g["version"])
        filt = choose(t, reader, shown, g, poll, filt)
        seen = shown.seen


class OnScreen:
    """The menu on the screen, listed at `version`, and whether it still holds as the game moves on. The game
    as read when it changed is kept in `seen` (the loop does not read it again)."""

    def __init__(self, t: Table, menu: words.Menu, version: int):
        self.t, self.menu, self.version = t, menu, version
        self.seen: dict[str, Any] | None = None

    def changed(self) -> str | None:
        """A note when the list on the screen no longer holds: the clock played for you, the game
        ended, it is not your turn any more, or your choices now read differently."""
        t = self.t
        now = t.game()
        if now["version"] == self.version:
            return None
        self.seen = now
        note = t.clock_note(self.version)
        if note or now["status"] != "active":
            return note or "the game is over"
        if not t.my_turn(now):
            return f"the game moved on: {t.waiting_line(now)}"
        listed, at = moves_at(t.id, t.token)
        if at is not None and at == now["version"] and words.menu(t.words, board.named_view(now), listed, t.me).texts == self.menu.texts:
            self.version, self.seen = at, None  # the others moved; your choices read the same: they stand
            return None
        return "the game moved on and your choices changed"


def choose(t: Table, reader: LineReader, shown: OnScreen, g: dict[str, Any], poll: float, filt: str) -> str:
    """Lines typed at the menu on the screen until a move is sent or the menu no longer holds: a number plays
    that move, JSON is sent as it is, other text filters the list; ? helps, b shows the board, l the whole
    account, q quits. Returns the filter the next menu keeps."""
    menu = shown.menu
    countdown = Countdown(g)
    while True:
        typer.echo(countdown.prompt("your move (number, text to filter, ? help, q quit): "), nl=False)
        line, note = reader.read(shown.changed, poll, countdown.tick)
        if note:
            typer.echo("")
            board.console.print(f"[yellow]{note}[/yellow]", markup=True)
            return filt
        shown.seen = None  # a line typed: the loop looks afresh after it
        if line is None or line.strip() in ("q", "quit"):
            raise typer.Exit(0)
        text = line.strip()
        if text == "?":
            typer.echo(HELP)
            continue
        if text == "b":
            board.show(t.game())
            continue
        if text == "l":
            t.account(shown.version, whole=True)
            continue
        if text.startswith("{"):
            if post_json(t, text, shown.version):
                return ""
            continue
        if not text.isdigit():
            filt = "" if text in ("", "*") else text
            words.print_menu(menu, filt)
            continue
        n = int(text)
        if not 0 <= n < len(menu.moves):
            typer.echo(f"pick a number from 0 to {len(menu.moves) - 1}")
            continue
        return "" if submit(t, menu, n, shown.version) else filt


def wait_a_little(t: Table, reader: LineReader, g: dict[str, Any], poll: float, away: str | None) -> dict[str, Any] | None:
    """While the others act (or an AI plays for you): on a terminal, what is typed now is answered now and
    never kept for the next menu (a key meant for one menu played a move on the next, unseen); `back`
    takes your seat back from the AI, q quits. Piped input is left for the menus it was written for.
    Returns the game as a poll read it when that read found it changed (the caller does not read it again:
    one read a poll), else None."""
    if not sys.stdin.isatty() or reader.fd is None:
        time.sleep(poll)
        return None
    read: list[dict[str, Any]] = []

    def moved() -> str | None:
        now = t.game()
        if now["version"] == g["version"]:
            return None
        read.append(now)
        return "moved"

    line, _ = reader.read(moved, poll)
    if line is None:
        return read[-1] if read else None
    text = line.strip()
    if text in ("q", "quit"):
        raise typer.Exit(0)
    if away and text == "back":
        try:
            answer = raw("POST", f"/games/{t.id}/return", token=t.token).json()
        except Refused as e:
            typer.echo(f"refused: {e.detail}")
            return None
        typer.echo(f"your seat is yours again (version {answer['version']})")
    elif text:
        typer.echo("not your turn: what you type now is not kept for your next move"
                   + ("; type back to take your seat back" if away else ""))
    return None


class Countdown:
    """Your running clock at the prompt of `game play`. On a terminal the prompt starts with "[0:42 left]",
    redrawn in place every half second (the cursor saved and restored, so what you type stays); otherwise
    a line when 60, 30, 10 and 5 seconds are left."""

    WIDTH = 12

    def __init__(self, g: dict[str, Any]):
        self.g, self.tty = g, sys.stdout.isatty()
        left = self.left()
        self.warned = {w for w in WARN_AT if left is not None and left < w}

    def left(self) -> float | None:
        due = board.my_deadline(self.g)
        return None if due is None else due - time.time()

    def label(self) -> str:
        return f"[{board.my_countdown(self.g)}]".ljust(self.WIDTH)

    def prompt(self, text: str) -> str:
        return self.label() + text if self.tty and board.my_countdown(self.g) else text

    def tick(self) -> None:
        text = board.my_countdown(self.g)
        if text is None:
            return
        if self.tty:
            sys.stdout.write("\x1b7\r" + self.label() + "\x1b8")  # save the cursor, redraw, restore it
            sys.stdout.flush()
            return
        left = self.left()
        for w in WARN_AT:
            if left is not None and left <= w and w not in self.warned:
                self.warned.add(w)
                typer.echo(f"\n({text} for your move)")


def post_json(t: Table, text: str, version: int) -> bool:
    """A move typed as JSON (the arbiter's shuffle order, say); True when it landed."""
    import json

    try:
        move = json.loads(text)
    except ValueError as e:
        typer.echo(f"not JSON: {e}")
        return False
    try:
        acc = raw("POST", f"/games/{t.id}/moves", token=t.token, json_body={"move": move, "expected_version": version}).json()
    except Refused as e:
        board.console.print(f"[red]refused:[/red] {e.detail or e.error}", markup=True)
        return e.status == 409  # the game moved on: look again
    typer.echo(f"played: {words.move_text(t.words, move, None)} (version {acc['version']})")
    return True


def submit(t: Table, menu: words.Menu, n: int, version: int) -> bool:
    """Post move n pinned to `version`. When the game moved on meanwhile and the list you chose from
    reads exactly the same now, the choice still stands and goes again; otherwise say so (the loop
    redraws the board and asks again). True when the move landed."""
    move = menu.moves[n]
    for _ in range(5):
        try:
            acc = raw("POST", f"/games/{t.id}/moves", token=t.token, json_body={"move": move, "expected_version": version}).json()
        except Refused as e:
            if e.status != 409:
                board.console.print(f"[red]refused:[/red] {e.detail or e.error}")
                return False
            g = t.game()
            listed, at = moves_at(t.id, t.token)
            again = words.menu(t.words, board.named_view(g), listed, t.me)
            if g["status"] == "active" and t.my_turn(g) and at is not None and at == g["version"] and again.texts == menu.texts:
                typer.echo(f"(the others moved meanwhile, version {at}; your choices read the same, so yours stands)")
                version = at
                continue
            board.console.print(f"[yellow]the game moved on (now version {g['version']}) before your move "
                                "landed: here it is again[/yellow]")
            return False
        typer.echo(f"played: {menu.texts[n]} (version {acc['version']})")
        return True
    board.console.print("[yellow]the game keeps moving: here it is again[/yellow]")
    return False


__all__ = ["ctx", "play"]
