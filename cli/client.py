"""The HTTP side of the CLI: one client, clear errors (no tracebacks for a 4xx), the token profile."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, NoReturn

import httpx
import typer

DEFAULT_URL = "http://127.0.0.1:8000"


class Ctx:
    url: str = DEFAULT_URL
    token: str | None = None


ctx = Ctx()


def fail(message: str, code: int = 1) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def profile_path() -> Path:
    base = os.environ.get("CARAVAN_CONFIG") or os.path.join(
        os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config"), "caravan")
    return Path(base) / "profile.json"


def load_profile() -> dict[str, Any]:
    try:
        return json.loads(profile_path().read_text())
    except (OSError, ValueError):
        return {}


def save_tokens(game_id: str, seats: list[dict[str, Any]]) -> None:
    """Remember each human seat's token for this server and game (the file is readable by you only)."""
    prof = load_profile()
    tokens = {str(s["seat"]): s["token"] for s in seats if s.get("token")}
    if not tokens:
        return
    prof.setdefault(ctx.url, {})[game_id] = tokens
    path = profile_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(prof, indent=1))
    path.chmod(0o600)


def token_for(game_id: str, seat: str | None) -> str | None:
    """--token wins; then `--as arbiter` (CARAVAN_ARBITER_TOKEN); then the profile's token of the seat."""
    if ctx.token:
        return ctx.token
    if seat is None:
        return None
    if seat == "arbiter":
        tok = os.environ.get("CARAVAN_ARBITER_TOKEN")
        if not tok:
            fail("--as arbiter needs CARAVAN_ARBITER_TOKEN (or --token)")
        return tok
    tok = load_profile().get(ctx.url, {}).get(game_id, {}).get(str(seat))
    if tok is None:
        fail(f"no token for seat {seat} of game {game_id} in {profile_path()}; pass --token")
    return tok


def request(method: str, path: str, *, token: str | None = None, json_body: Any = None,
            params: dict[str, Any] | None = None, headers: dict[str, str] | None = None,
            timeout: float = 30.0) -> Any:
    h = dict(headers or {})
    if token:
        h["Authorization"] = f"Bearer {token}"
    try:
        r = httpx.request(method, ctx.url.rstrip("/") + path, json=json_body, params=params, headers=h, timeout=timeout)
    except httpx.HTTPError as e:
        fail(f"cannot reach the server at {ctx.url} ({e.__class__.__name__}); is `caravan up` running?")
    if r.status_code >= 400:
        try:
            body = r.json()
            fail(f"{body.get('error', r.status_code)}: {body.get('detail', '')}", 1)
        except ValueError:
            fail(f"HTTP {r.status_code}: {r.text[:200]}")
    return r.json() if r.content else None


def export_lines(path: str, out: str | None, token: str | None = None) -> None:
    """Fetch an export (JSON lines) and write it to `out`, or to standard output when `out` is None or '-'."""
    h = {"Authorization": f"Bearer {token}"} if token else {}
    try:
        r = httpx.get(ctx.url.rstrip("/") + path, headers=h, timeout=120)
    except httpx.HTTPError as e:
        fail(f"cannot reach the server at {ctx.url} ({e.__class__.__name__}); is `caravan up` running?")
    if r.status_code >= 400:
        body = r.json()
        fail(f"{body.get('error')}: {body.get('detail')}")
    if out in (None, "-"):
        sys.stdout.buffer.write(r.content)
        sys.stdout.flush()
        return
    Path(out).write_bytes(r.content)
    lines = r.content.count(b"\n")
    typer.echo(f"wrote {out} ({lines} lines)", err=True)


def emit_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
