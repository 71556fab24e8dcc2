"""Drawing a game for a terminal: a header from the API's answer, the board by the game's renderer."""

from __future__ import annotations

from typing import Any

from rich.console import Console

console = Console(highlight=False)


def renderer(game_type: str):
    try:
        from games import registry

        return registry.get(game_type).render
    except Exception:  # noqa: BLE001 - an unknown type still shows as JSON
        return None


def names_of(g: dict[str, Any]) -> dict[int, str]:
    return {p["seat"]: p["name"] for p in g.get("players", [])}


def clock_line(g: dict[str, Any], now: float | None = None) -> str | None:
    """Time left for each seat that has a clock: per-seat clocks when the view carries them
    ("clocks": {seat: seconds}), else the acting seats' shared deadline."""
    import time

    names = names_of(g)
    clocks = g.get("clocks")
    if isinstance(clocks, dict) and clocks:
        parts = []
        for seat, left in sorted(clocks.items(), key=lambda kv: int(kv[0])):
            if isinstance(left, dict):
                left = left.get("remaining", left.get("left"))
            if isinstance(left, (int, float)):
                parts.append(f"{names.get(int(seat), f'seat {seat}')} {fmt_seconds(left)}")
        return "clock: " + ", ".join(parts) if parts else None
    deadline = g.get("deadline")
    if isinstance(deadline, (int, float)) and g.get("actors"):
        left = max(0.0, deadline - (now if now is not None else time.time()))
        who = ", ".join(names.get(s, f"seat {s}") for s in g["actors"])
        return f"clock: {fmt_seconds(left)} left for {who}"
    return None


def fmt_seconds(left: float) -> str:
    left = max(0, int(round(left)))
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
        line += f" — answer: caravan undo {g['id']} --consent | --decline"
    return line


def header(g: dict[str, Any]) -> str:
    from rich.markup import escape

    names = names_of(g)
    lines = [f"[bold]{escape(g['type'])}[/bold] game [cyan]{g['id']}[/cyan] · version {g['version']} · {g['status']}"]
    for p in g["players"]:
        turn = "▶ " if p["seat"] in g.get("actors", []) else "  "
        who = escape(p["name"]) + (f" (ai-{p['ai']})" if p.get("ai") else "")
        you = "  ← you" if g.get("you") == p["seat"] else ""
        lines.append(f"{turn}seat {p['seat']}: {who}{you}")
    if g.get("status") == "active":
        if g.get("actors"):
            movers = [("you" if s == g.get("you") else names.get(s, f"seat {s}")) for s in g["actors"]]
            lines.append("to move: " + escape(", ".join(movers)))
        elif g.get("chance"):
            lines.append(f"waiting for chance: {escape(g['chance'])}")
    for extra in (clock_line(g), undo_line(g)):
        if extra:
            lines.append(f"[yellow]{escape(extra)}[/yellow]")
    if g.get("result"):
        r = g["result"]
        order = sorted(range(len(r["ranks"])), key=lambda s: r["ranks"][s])
        lines.append("[bold]result:[/bold] " + ", ".join(f"{r['ranks'][s]}. {escape(names.get(s, str(s)))} ({r['scores'][s]:g})" for s in order))
        if r.get("detail"):
            lines.append(f"  {escape(r['detail'])}")
    return "\n".join(lines)


def show(g: dict[str, Any]) -> None:
    console.print(header(g))
    draw = renderer(g["type"])
    if draw is not None:
        console.print(draw(g["view"], g.get("you")))
    else:
        console.print_json(data=g["view"])
