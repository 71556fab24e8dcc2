"""`caravan rules GAME`: a game's players' summary of its rules, from the game package itself (no server
needed), and with `--moves` the one line that says why each kind of move is offered."""

from __future__ import annotations

import typer

from cli.client import emit_json, fail
from cli.options import JSON, complete_game_type


def register(app: typer.Typer) -> None:
    @app.command("rules")
    def rules(game: str = typer.Argument(..., help="the game type (kashgar, yangtze, bangkok-klongs, himalaya)",
                                         autocompletion=complete_game_type),
              moves: bool = typer.Option(False, "--moves", help="also each kind of move, and why it is offered"),
              as_json: bool = JSON):
        """The rules in one page: the goal, a turn, how you score, the end, and where caravan differs from the
        printed game. Works without a server."""
        from games import registry

        try:
            guide = registry.guide(registry.get(game))
        except KeyError:
            fail(f"unknown game type {game!r} (one of {', '.join(registry.all_games())})")
        if guide is None:
            fail(f"{game} has no players' summary")
        if as_json:
            return emit_json({"type": game, "summary": guide.SUMMARY, "moves": dict(guide.WHY)})
        typer.echo(guide.SUMMARY.rstrip())
        if moves:
            typer.echo("\n## Each kind of move")
            for move_type, line in guide.WHY.items():
                typer.echo(f"- {move_type}: {line}")
