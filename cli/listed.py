"""The last list `caravan moves` numbered for a seat, so that `caravan play ID N` plays number N of that
very list, pinned to the version it was listed at (kept beside the profile, per server, game and seat)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

from cli.client import ctx, profile_path, server_key


def _path() -> Path:
    p = profile_path()
    return p.with_name(p.name + ".moves")


def _key(game_id: str, seat: Optional[str]) -> str:
    return f"{server_key(ctx.url)} {game_id} {seat if seat is not None else ''} {bool(ctx.token)}"


def _load() -> dict[str, Any]:
    try:
        return json.loads(_path().read_text())
    except (OSError, ValueError):
        return {}


def _save(data: dict[str, Any]) -> None:
    path = _path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    path.chmod(0o600)


def remember_listing(game_id: str, seat: Optional[str], version: Optional[int], moves: list[dict[str, Any]]) -> None:
    if version is None:
        return
    data, key = _load(), _key(game_id, seat)
    data.pop(key, None)
    data[key] = {"version": version, "moves": moves}
    _save(dict(list(data.items())[-50:]))


def recall_listing(game_id: str, seat: Optional[str]) -> Optional[tuple[int, list[dict[str, Any]]]]:
    got = _load().get(_key(game_id, seat))
    return (got["version"], got["moves"]) if got else None


def forget_listing(game_id: str, seat: Optional[str]) -> None:
    data = _load()
    if data.pop(_key(game_id, seat), None) is not None:
        _save(data)
