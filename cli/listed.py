"""The last list `caravan moves` numbered for a seat, so that `caravan play ID N` plays number N of that
very list, pinned to the version it was listed at (kept beside the profile, per server, game and seat: the
seat by its token, however `--as` names it). A list the game has moved past stays until the next
`caravan moves`, so a number from it is refused every time, not played from a list nobody saw."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Optional

from cli.client import ctx, profile_path, server_key


def _path() -> Path:
    p = profile_path()
    return p.with_name(p.name + ".moves")


def _key(game_id: str, token: Optional[str]) -> str:
    seat = hashlib.sha256(token.encode()).hexdigest()[:16] if token else "-"
    return f"{server_key(ctx.url)} {game_id} {seat}"


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


def remember_listing(game_id: str, token: Optional[str], version: Optional[int], moves: list[dict[str, Any]],
                     texts: list[str]) -> None:
    if version is None:
        return
    data, key = _load(), _key(game_id, token)
    data.pop(key, None)
    data[key] = {"version": version, "moves": moves, "texts": texts}
    _save(dict(list(data.items())[-50:]))


def recall_listing(game_id: str, token: Optional[str]) -> Optional[tuple[int, list[dict[str, Any]], list[str]]]:
    got = _load().get(_key(game_id, token))
    if not isinstance(got, dict) or "texts" not in got:  # (a list saved by an older CLI: list again)
        return None
    return got["version"], got["moves"], got["texts"]


def forget_listing(game_id: str, token: Optional[str]) -> None:
    data = _load()
    if data.pop(_key(game_id, token), None) is not None:
        _save(data)
