"""A tournament's standings and tables as `caravan tournament show` and `run` print them: a table that fits
the terminal, the rating's words, each table's result in a line."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any

import typer


def count_cell(col: str) -> Callable[[dict[str, Any]], str]:
    """A standings row's count in `col` (timeouts, resignations, forfeits), as a cell."""
    return lambda s: str(s.get(col, 0))


def print_standings(t: dict[str, Any]) -> None:
    """The standings as a table that fits the terminal: a column nobody has anything in (timeouts, resigned,
    forfeits, a note) is left out, and on a narrow terminal the rating's parts and then the score difference."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    swiss, dup = t["format"] == "swiss", t["duplicate"]
    rows = t["standings"]
    cells: dict[str, tuple[Callable[[dict[str, Any]], str], bool]] = {  # column -> (its cell for a row, shown at all)
        "#": (lambda s: str(s["place"]), True),
        "name": (lambda s: s["name"] + (f" [dim](ai-{s['ai']})[/dim]" if s.get("ai") else ""), True),
        "points": (lambda s: f"{s['points']:g}", True),
        "played": (lambda s: str(s["played"]), True),
        "buchholz": (lambda s: f"{s['buchholz']:.2f}", swiss),
        "matchpts": (lambda s: f"{s['matchpoints']:g}", dup),
        "score diff": (lambda s: f"{s['score_difference']:+.1f}", console.width >= 70),
        "rating": (lambda s: f"{s['rating']:.2f}", True),
        "mu ± sigma": (lambda s: f"{s['mu']:.1f} ± {s['sigma']:.1f}", console.width >= 100),
        **{col: (count_cell(col), any(s.get(col) for s in rows))
           for col in ("timeouts", "resigned", "forfeits")},
        "note": (lambda s: f"withdrew after round {s['withdrawn']['after_round']}" if s.get("withdrawn") else "",
                 any(s.get("withdrawn") for s in rows)),
    }
    shown = [col for col, (_, on) in cells.items() if on]
    named = f"{t['name']} ({t['id']})" if t.get("name") else t["id"]  # (a server older than the name in this answer)
    table = Table(title=f"{named} — {t['game']} {t['format']}, round {t['round']}/{t['rounds']}, {t['status']}")
    for col in shown:
        table.add_column(col, justify="left" if col in ("name", "note") else "right")
    for s in rows:
        table.add_row(*(cells[col][0](s) for col in shown))
    console.print(table)
    typer.echo(textwrap.fill(RATING_WORDS, max(40, console.width)))  # as wide as the table may be


RATING_WORDS = ("rating: OpenSkill (Plackett–Luce) ordinal from this tournament's games only, mu − 3 × sigma (everyone "
                "starts at 0 = 25 − 3 × 8.33); mu ± sigma: the skill estimate ± its uncertainty")


def table_result(g: dict[str, Any]) -> str:
    """A table's line after its status: each player's score and rank once finished, else who plays."""
    if g["status"] != "finished":
        return " v ".join(g["players"])
    if g.get("scores") is None or g.get("ranks") is None:  # a duplicate round's result, until the round is over
        return " v ".join(g["players"]) + " (result withheld until the round is over)"
    return ", ".join(f"{p} {s:g} (#{r})" for p, s, r in zip(g["players"], g["scores"], g["ranks"], strict=True))
