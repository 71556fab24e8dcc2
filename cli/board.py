"""Drawing a game for a terminal: a header from the API's answer, the board by the game's renderer."""

from __future__ import annotations

from typing import Any

from rich.console import Console

console = Console(highlight=False)


def renderer(game_type: str):
    try:
        from games import registry

        return registry.get(game_type).render
    except Exception:
        return None


def names_of(g: dict[str, Any]) -> dict[int, str]:
    return {p["seat"]: p["name"] for p in g.get("players", [])}


def named_view(g: dict[str, Any]) -> Any:
    """The game's view with the players' names, as a game's `render` and `describe_move` read them."""
    from games.naming import with_names

    return with_names(g.get("view"), names_of(g))


def seat_times(g: dict[str, Any], now: float | None = None) -> list[tuple[int, float, bool]]:
    """Per seat with a clock: (seat, seconds left, running). A running seat counts down to its deadline
    (as of `now`); a stopped one shows what it has left (Fischer: its main time; per decision: the limit)."""
    import time

    now = time.time() if now is None else now
    ai = {p["seat"] for p in g.get("players", []) if p.get("ai")}
    out = []
    for c in (g.get("clock") or {}).get("seats") or []:
        if c["seat"] in ai or c.get("ai"):
            continue  # an AI seat (or one an AI plays for now) never uses time
        if c.get("running") and isinstance(c.get("deadline"), (int, float)):
            out.append((c["seat"], max(0.0, c["deadline"] - now), True))
        elif isinstance(c.get("remaining"), (int, float)):
            out.append((c["seat"], c["remaining"], False))
    return out


def due_note(clock: dict[str, Any], c: dict[str, Any]) -> str:
    """What sets a running seat's deadline, when it is not its own clock, and what the clock still holds."""
    own = f", {fmt_seconds(c['remaining'])} on the clock" if isinstance(c.get("remaining"), (int, float)) else ""
    if c.get("due") == "no-show":
        rule = str(clock.get("no_show", "")).partition(":")[0] or "forfeit"
        return f" to make a first move (no-show rule: {'forfeit' if rule == 'forfeit' else 'an AI takes over'}){own}"
    if c.get("due") == "phase":
        return f" (the phase's time limit){own}"
    return ""


def clock_line(g: dict[str, Any], now: float | None = None) -> str | None:
    """Each seat's remaining time (▶ on the running clocks, counting down to their deadline), or, for a
    game whose only clock is its phase's (Himalaya's planning: time control "none"), the deadline the
    acting people share. `g` is a game's view, or (`caravan watch`) its players beside a clock frame."""
    import time

    names = names_of(g)
    clock = g.get("clock") or {}
    times = seat_times(g, now) if clock.get("control", "none") != "none" else []
    if times:
        seats = {c["seat"]: c for c in clock.get("seats") or []}
        parts = [f"{'▶ ' if running else ''}{names.get(s, f'seat {s}')} {fmt_seconds(left)}"
                 + (due_note(clock, seats[s]) if running else "") for s, left, running in times]
        return f"clock ({clock['control']}): " + ", ".join(parts)
    deadline = g.get("deadline", clock.get("deadline"))
    ai = {p["seat"] for p in g.get("players", []) if p.get("ai")} | {c["seat"] for c in clock.get("seats") or [] if c.get("ai")}
    acting = g["actors"] if "actors" in g else [c["seat"] for c in clock.get("seats") or [] if c.get("running")]
    people = [s for s in acting if isinstance(s, int) and s not in ai]
    if isinstance(deadline, (int, float)) and people:
        left = max(0.0, deadline - (now if now is not None else time.time()))
        return f"clock: {fmt_seconds(left)} left for " + ", ".join(names.get(s, f"seat {s}") for s in people)
    return None


def final_times(g: dict[str, Any]) -> str | None:
    """A game that is over runs no clock: a Fischer table's time each seat had left at the end, said as
    final ("final times (fischer:90+2): ann 42 s, bob 1:15"); a per-decision table's limit is no time of
    anyone's, so nothing."""
    clock = g.get("clock") or {}
    if not str(clock.get("control", "none")).startswith("fischer"):
        return None
    times = [(s, left) for s, left, _ in seat_times(g)]
    if not times:
        return None
    names = names_of(g)
    return f"final times ({clock['control']}): " + ", ".join(f"{names.get(s, f'seat {s}')} {fmt_seconds(left)}"
                                                            for s, left in times)


def my_deadline(g: dict[str, Any]) -> float | None:
    """When the caller's own running clock runs out (unix seconds), or None when none runs."""
    due = next((c.get("deadline") for c in (g.get("clock") or {}).get("seats") or []
                if c["seat"] == g.get("you") and c.get("running")), None)
    if due is None and g.get("you") in (g.get("actors") or []):
        due = g.get("deadline")  # a phase clock (Himalaya's planning)
    return due if isinstance(due, (int, float)) else None


def my_countdown(g: dict[str, Any], now: float | None = None) -> str | None:
    """The seat's own running clock, for the prompt of `game play`: "0:42 left" (None: no clock runs)."""
    import time

    due = my_deadline(g)
    if due is None:
        return None
    return f"{fmt_seconds(max(0.0, due - (time.time() if now is None else now)))} left"


def my_clock(g: dict[str, Any]) -> dict[str, Any] | None:
    """The caller's own seat in the view's clock (None: no clock, or no seat)."""
    return next((c for c in (g.get("clock") or {}).get("seats") or [] if c["seat"] == g.get("you")), None)


def my_time_left(g: dict[str, Any], now: float | None = None) -> str | None:
    """The time the caller has to act now, in words, as the board says what sets it (`caravan wait`):
    "42 s left on your clock", "57 s to make a first move (no-show rule: forfeit), 1:56 on the clock",
    "30 s left (the phase's time limit)"; None when no deadline runs for the caller."""
    import time

    due = my_deadline(g)
    if due is None:
        return None
    left = fmt_seconds(max(0.0, due - (time.time() if now is None else now)))
    c = my_clock(g) or {}
    if c.get("due") == "no-show":
        return left + due_note(g.get("clock") or {}, c)
    if c.get("due") == "clock":
        return f"{left} left on your clock"
    own = f", {fmt_seconds(c['remaining'])} on the clock" if isinstance(c.get("remaining"), (int, float)) else ""
    return f"{left} left (the phase's time limit){own}"


def my_clock_standing(g: dict[str, Any]) -> str | None:
    """What the caller's clock holds while it is not running (`caravan wait` while others act): "you have
    1:15 on your clock" (Fischer), "you will have 30 s to act" (per decision); None without a clock."""
    c = my_clock(g)
    control = str((g.get("clock") or {}).get("control", "none"))
    if c is None or c.get("running") or c.get("ai") or control == "none" or not isinstance(c.get("remaining"), (int, float)):
        return None
    if control.startswith("per-decision"):
        return f"you will have {fmt_seconds(c['remaining'])} to act"
    return f"you have {fmt_seconds(c['remaining'])} on your clock"


def fmt_seconds(left: float) -> str:
    left = max(0, round(left))
    return f"{left // 60}:{left % 60:02d}" if left >= 60 else f"{left} s"


def undo_line(g: dict[str, Any]) -> str | None:
    req = (g.get("undo") or {}).get("pending")
    if not req:
        return None
    names = names_of(g)
    by = req.get("by")
    who = names.get(by, "the arbiter" if by == "arbiter" else f"seat {by}")
    waiting = [names.get(s, f"seat {s}") for s in req.get("waiting_for") or []]
    line = f"undo request {req.get('request')}: {who} asks to go back to event {req.get('to')}"
    if waiting:
        line += f"; waiting for {', '.join(waiting)}"
    if g.get("you") in (req.get("waiting_for") or []):
        undo = again(g, "undo")
        line += f" — answer: {undo} --consent, or {undo} --decline"
    return line


def again(g: dict[str, Any], verb: str) -> str:
    """`caravan VERB ID --as NAME` for the caller's own seat of game `g`: a command that works when pasted
    (with `--token` too when the token came from the command line, not the profile)."""
    from cli.client import with_seat

    you = g.get("you")
    return with_seat(f"caravan {verb} {g['id']}", g["id"], names_of(g).get(you, you) if you is not None else None)


def waiting_words(g: dict[str, Any]) -> str:
    """Whom an active game waits for, in words: "waiting for bob", "waiting for chance: roll the d6", or,
    before the first draw of an `await_entropy` game, "waiting for entropy from you, bob — give yours:
    caravan entropy ID --as ann"."""
    names = names_of(g)
    if g.get("waiting_for") == "entropy":
        missing = (g.get("entropy") or {}).get("missing") or []
        who = ", ".join("you" if s == g.get("you") else names.get(s, f"seat {s}") for s in missing)
        line = f"waiting for entropy from {who or 'the seats'} before the first draw"
        if g.get("you") in missing:
            line += f" — give yours: {again(g, 'entropy')}"
        return line
    if not g.get("actors") and (g.get("waiting_for") == "chance" or g.get("chance")):
        return f"waiting for chance: {g.get('chance') or 'a draw'}"
    acting = [("you" if s == g.get("you") else names.get(s, f"seat {s}")) for s in g.get("actors") or []]
    return "waiting for " + (", ".join(acting) if acting else "the others")


def away_note(g: dict[str, Any], seat: int) -> str:
    """' — away: ai-greedy plays for it' for a seat an AI plays while the game runs (for your own seat,
    how to come back)."""
    a = next((a for a in g.get("absent") or [] if a["seat"] == seat), None)
    if a is None or g.get("status") != "active":
        return ""
    if a.get("resigned"):
        return f" — resigned: ai-{a['ai']} plays for it"
    if g.get("you") == seat:
        return f" — you are away: ai-{a['ai']} plays for you ({again(g, 'back')}, or back in game play)"
    return f" — away: ai-{a['ai']} plays for it"


def header(g: dict[str, Any]) -> str:
    from rich.markup import escape

    names = names_of(g)
    lines = [f"[bold]{escape(g['type'])}[/bold] game [cyan]{g['id']}[/cyan] · version {g['version']} · {g['status']}"]
    for p in g["players"]:
        turn = "▶ " if p["seat"] in g.get("actors", []) else "  "
        who = escape(p["name"]) + (f" (ai-{p['ai']})" if p.get("ai") else "")
        you = "  ← you" if g.get("you") == p["seat"] else ""
        lines.append(f"{turn}seat {p['seat']}: {who}{you}{away_note(g, p['seat'])}")
    if g.get("status") == "active":
        if g.get("actors"):
            movers = [("you" if s == g.get("you") else names.get(s, f"seat {s}")) for s in g["actors"]]
            lines.append("to move: " + escape(", ".join(movers)))
        elif g.get("chance") or g.get("waiting_for") == "entropy":
            lines.append(escape(waiting_words(g)))
    for extra in (clock_line(g) if g.get("status") == "active" else final_times(g), undo_line(g)):
        if extra:
            lines.append(f"[yellow]{escape(extra)}[/yellow]")
    if g.get("result"):
        r = g["result"]
        order = sorted(range(len(r["ranks"])), key=lambda s: r["ranks"][s])
        lines.append("[bold]result:[/bold] " + ", ".join(f"{r['ranks'][s]}. {escape(names.get(s, str(s)))} ({r['scores'][s]:g})" for s in order))
        if r.get("said") or r.get("detail"):
            lines.append(f"  {escape(r.get('said') or r['detail'])}")
    return "\n".join(lines)


def show(g: dict[str, Any]) -> None:
    console.print(header(g), soft_wrap=True)  # (not cut into lines: a command in it pastes whole)
    draw = renderer(g["type"])
    if draw is not None:
        console.print(draw(named_view(g), g.get("you")))
    else:
        console.print_json(data=g["view"])
