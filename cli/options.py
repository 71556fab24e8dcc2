"""Options every verb shares, their help lines, and shell completion for game types and game ids."""

from __future__ import annotations

import json
from typing import Any

import typer

from cli.client import remember_json

JSON = typer.Option(False, "--json", callback=remember_json,
                    help="print exactly one JSON document (errors too: {\"error\", \"detail\"})")
AS = typer.Option(None, "--as", help="the seat to act or look as: its number or player name (its token comes from "
                  "the profile), or 'arbiter'")
TOKEN = typer.Option(None, "--token", help="a bearer token (a seat's, an entrant's, or the arbiter's)")
PLAYERS = typer.Option(..., "--player", help="NAME or NAME:ai-LEVEL, LEVEL easy|medium|hard|random|greedy|mcts[@SECONDS]")


def parse_option(text: str) -> tuple[str, Any]:
    """--option NAME=VALUE: VALUE as JSON when it parses, else the text."""
    from cli.client import fail

    key, sep, value = text.partition("=")
    if not sep or not key:
        fail(f"--option {text!r}: expected NAME=VALUE")
    try:
        return key, json.loads(value)
    except ValueError:
        return key, value


def _quiet_get(path: str) -> Any:
    """A GET for completion: nothing (not an error) when the server cannot answer."""
    import os

    import httpx

    url = os.environ.get("CARAVAN_URL", "http://127.0.0.1:8000").rstrip("/")
    try:
        r = httpx.get(url + path, timeout=2)
        return r.json() if r.status_code == 200 else []
    except (httpx.HTTPError, ValueError):
        return []


def complete_game_type(incomplete: str) -> list[str]:
    from games import registry

    return [g for g in registry.all_games() if g.startswith(incomplete)]


def complete_game_id(incomplete: str) -> list[tuple[str, str]]:
    rows = _quiet_get("/games")
    return [(r["id"], f"{r['type']} {r['status']}: {', '.join(r['players'])}") for r in rows
            if isinstance(r, dict) and str(r.get("id", "")).startswith(incomplete)]
