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


def describer(game_type: str):
    """A move (as JSON) in words, by the game's own `describe`; the JSON when the type is unknown."""
    import json

    try:
        from games import registry

        game = registry.get(game_type)
    except Exception:  # noqa: BLE001
        return lambda m: json.dumps(m)

    def describe(m: dict[str, Any]) -> str:
        try:
            return game.describe(game.decode_move(m))
        except ValueError:
            return json.dumps(m)

    return describe


def header(g: dict[str, Any]) -> str:
    lines = [f"[bold]{g['type']}[/bold] game [cyan]{g['id']}[/cyan] · version {g['version']} · {g['status']}"]
    for p in g["players"]:
        turn = "▶ " if p["seat"] in g.get("actors", []) else "  "
        who = f"{p['name']}" + (f" (ai-{p['ai']})" if p.get("ai") else "")
        you = "  ← you" if g.get("you") == p["seat"] else ""
        lines.append(f"{turn}seat {p['seat']}: {who}{you}")
    if g.get("chance"):
        lines.append(f"  waiting for chance: {g['chance']}")
    pending = (g.get("undo") or {}).get("pending")
    if pending:
        lines.append(f"  undo request {pending['request']}: seat {pending['by']} asks to go back to version "
                     f"{pending['to']}; waiting for seat(s) {pending['waiting_for']}"
                     + (" — answer: caravan undo ID --consent | --decline" if g.get("you") in pending["waiting_for"] else ""))
    if g.get("result"):
        r = g["result"]
        names = {p["seat"]: p["name"] for p in g["players"]}
        order = sorted(range(len(r["ranks"])), key=lambda s: r["ranks"][s])
        lines.append("[bold]result:[/bold] " + ", ".join(f"{r['ranks'][s]}. {names[s]} ({r['scores'][s]:g})" for s in order))
        if r.get("detail"):
            lines.append(f"  {r['detail']}")
    return "\n".join(lines)


def show(g: dict[str, Any]) -> None:
    console.print(header(g))
    draw = renderer(g["type"])
    if draw is not None:
        console.print(draw(g["view"], g.get("you")))
    else:
        console.print_json(data=g["view"])
