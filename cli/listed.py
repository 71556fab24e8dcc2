"""The last list `caravan moves` numbered for a seat, so that `caravan play ID N` plays number N of that
very list, pinned to the version it was listed at (kept beside the profile, per server, game and seat: the
seat by its token, however `--as` names it). A list the game has moved past stays until the next
`caravan moves`, so a number from it is refused every time, not played from a list nobody saw. A move
that lands spends the list: what stays is a note of it (`spent`), so the next number is refused too until
`caravan moves` lists afresh, rather than read against a list nobody was shown."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from cli.client import ctx, profile_path, read_json_object, server_key, updating


def _path() -> Path:
    p = profile_path()
    return p.with_name(p.name + ".moves")


def _key(game_id: str, token: str | None) -> str:
    seat = hashlib.sha256(token.encode()).hexdigest()[:16] if token else "-"
    return f"{server_key(ctx.url)} {game_id} {seat}"


def remember_listing(game_id: str, token: str | None, version: int | None, moves: list[dict[str, Any]],
                     texts: list[str]) -> None:
    if version is None:
        return
    key = _key(game_id, token)
    with updating(_path()) as data:
        data.pop(key, None)
        data[key] = {"version": version, "moves": moves, "texts": texts}
        for old in list(data)[:-50]:  # the last 50 lists
            del data[old]


def recall_listing(game_id: str, token: str | None) -> tuple[int, list[dict[str, Any]], list[str]] | None:
    got = (read_json_object(_path()) or {}).get(_key(game_id, token))
    if not isinstance(got, dict) or "texts" not in got:  # (a list saved by an older CLI: list again)
        return None
    return got["version"], got["moves"], got["texts"]


def spend_listing(game_id: str, token: str | None, played_at: int) -> None:
    """A move landed (version `played_at`): the saved list, if any, is spent; a note of it stays."""
    key = _key(game_id, token)
    if not isinstance((read_json_object(_path()) or {}).get(key), dict):
        return  # no list was saved (a script that never lists): nothing to spend
    with updating(_path()) as data:
        got = data.get(key)
        if isinstance(got, dict) and isinstance(got.get("version"), int):
            data[key] = {"version": got["version"], "spent": played_at}


def spent_listing(game_id: str, token: str | None) -> tuple[int, int] | None:
    """(the version the spent list was made at, the version the move that spent it led to), or None."""
    got = (read_json_object(_path()) or {}).get(_key(game_id, token))
    if isinstance(got, dict) and isinstance(got.get("version"), int) and isinstance(got.get("spent"), int):
        return got["version"], got["spent"]
    return None
