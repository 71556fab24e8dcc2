"""The HTTP side of the CLI: one client, clear errors (no tracebacks for a 4xx), the token profile.

Exit codes (README, "Exit codes"; `caravan --help`): 0 done; 1 refused (the server said 4xx, or the input
is wrong, or a file cannot be read or written); 2 usage (a missing or unknown option, a --url that is no
URL); 3 the game or tournament is over (`wait`; the server's `game-over`: a move, resignation, undo or
`back` asked of a finished game, `withdraw` or `cancel` of a finished or cancelled tournament); 4 stale (the game moved on: a
version conflict or a move number from an older list); 5 the server cannot be reached; 6 an export
that is not a complete finished game (`verify` without `--partial`). With `--json` every error is one
JSON document `{"error", "detail"}` on standard output as well as a line on standard error."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn
from urllib.parse import urlsplit

import httpx
import typer
from typer.core import TyperGroup

from games.naming import looks

DEFAULT_URL = "http://127.0.0.1:8000"

OK, REFUSED, USAGE, GAME_OVER, STALE, UNREACHABLE, INCOMPLETE = 0, 1, 2, 3, 4, 5, 6
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]", "0.0.0.0")


class Ctx:
    url: str = DEFAULT_URL
    token: str | None = None
    as_json: bool = False  # set by the --json option as it is parsed (an error then prints JSON too)


ctx = Ctx()


def json_wanted() -> bool:
    """Whether the running command was given --json (an error then goes to stdout as JSON too)."""
    return ctx.as_json


def remember_json(value: bool) -> bool:
    """The --json option's callback."""
    ctx.as_json = bool(value)
    return value


def fail(message: str, code: int = REFUSED, error: str = "error") -> NoReturn:
    if json_wanted():
        sys.stdout.write(json.dumps({"error": error, "detail": message}) + "\n")
        sys.stdout.flush()
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def server_url(url: str) -> str:
    """The --url option's check (its callback): an http:// or https:// URL with a host (and a port, if any, a
    number); anything else is a usage error (exit 2), not a traceback from the first request."""
    try:
        parts = httpx.URL(url)  # (a port that is no number is refused as the URL is read)
    except (httpx.InvalidURL, ValueError) as e:
        raise typer.BadParameter(f"{url!r} is not a URL ({e})") from None
    if parts.scheme not in ("http", "https") or not parts.host:
        raise typer.BadParameter(f"{url!r}: the server's URL is http://HOST[:PORT] or https://HOST[:PORT]")
    return url


def cannot(doing: str, e: OSError) -> NoReturn:
    """A file the command cannot read or write: one line (exit 1), never a traceback."""
    where = f" ({e.filename})" if e.filename and str(e.filename) not in doing else ""
    fail(f"cannot {doing}{where}: {e.strerror or e}")


class Guarded(TyperGroup):
    """The root command: an OSError no verb expected (a file it cannot read or write) ends as one line,
    exit 1, instead of a traceback; a closed pipe (`caravan log ID | head`) is left to click, which handles it."""

    def invoke(self, ctx: Any) -> Any:
        import errno

        try:
            return super().invoke(ctx)
        except OSError as e:
            if e.errno == errno.EPIPE:
                raise
            cannot("read or write a file", e)  # (its name in the message)


class Refused(Exception):
    """A 4xx from the server, for callers that handle it (the interactive loop); `fail` otherwise."""

    def __init__(self, status: int, error: str, detail: str):
        super().__init__(f"{error}: {detail}")
        self.status, self.error, self.detail = status, error, detail


# --- the profile ----------------------------------------------------------------------------------

def server_key(url: str) -> str:
    """The profile's key for a server, however its URL is spelled: `http://localhost:8000/` and
    `http://127.0.0.1:8000` are one server."""
    parts = urlsplit(url if "//" in url else "http://" + url)
    scheme = (parts.scheme or "http").lower()
    host = (parts.hostname or "127.0.0.1").lower()
    if host in LOCAL_HOSTS or host == "::1":
        host = "127.0.0.1"
    port = parts.port or (443 if scheme == "https" else 80)
    path = parts.path.rstrip("/")
    return f"{scheme}://{host}:{port}{path}"


def profile_path() -> Path:
    """$CARAVAN_CONFIG is the profile file itself; else ~/.config/caravan/profile.json (XDG)."""
    given = os.environ.get("CARAVAN_CONFIG")
    if given:
        return Path(given).expanduser()
    return Path(os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")) / "caravan" / "profile.json"


def read_json_object(path: Path) -> dict[str, Any] | None:
    """The file's JSON object; {} when there is no file; None when it holds anything else."""
    try:
        got = json.loads(path.read_text())
    except FileNotFoundError:
        return {}
    except (OSError, ValueError):
        return None
    return got if isinstance(got, dict) else None


def load_profile() -> dict[str, Any]:
    return read_json_object(profile_path()) or {}


@contextmanager
def updating(path: Path) -> Iterator[dict[str, Any]]:
    """Read-modify-write of a JSON object file, one `caravan` process at a time (a lock file beside it), the
    new content put in place at once (a file renamed over the old one), readable by you only. A file that
    holds no JSON object is set aside as `NAME.unreadable-TIME` (for a person to look at), not overwritten."""
    import fcntl

    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_name(path.name + ".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        data = read_json_object(path)
        if data is None:
            path.replace(path.with_name(f"{path.name}.unreadable-{time.strftime('%Y%m%dT%H%M%S')}"))
            data = {}
        yield data
        fresh = path.with_name(f"{path.name}.{os.getpid()}.new")
        fresh.write_text(json.dumps(data, indent=1))
        fresh.chmod(0o600)
        fresh.replace(path)


def tokens_here() -> dict[str, dict[str, str]]:
    """This server's saved tokens, game (or tournament) id → seat (or entrant) → token."""
    prof = load_profile()
    key = server_key(ctx.url)
    merged: dict[str, dict[str, str]] = {}
    for url, games in prof.items():  # older profiles keyed the URL as it was spelled
        if isinstance(games, dict) and server_key(url) == key:
            for game_id, seats in games.items():
                merged.setdefault(game_id, {}).update(seats)
    return merged


def save_tokens(game_id: str, seats: list[dict[str, Any]]) -> None:
    """Remember each human seat's token for this server and game (the file is readable by you only)."""
    tokens = {str(s["seat"]): s["token"] for s in seats if s.get("token")}
    if not tokens:
        return
    try:
        with updating(profile_path()) as prof:
            prof.setdefault(server_key(ctx.url), {}).setdefault(game_id, {}).update(tokens)
    except OSError as e:  # the tokens are said, so that they are not lost with the profile (pass them as --token)
        kept = ", ".join(f"{seat}: {tok}" for seat, tok in tokens.items())
        where = f" ({e.filename})" if e.filename and str(e.filename) != str(profile_path()) else ""
        fail(f"cannot save the tokens of {game_id} to the profile {profile_path()}{where}: {e.strerror or e}; "
             f"keep them ({kept}) and pass one as --token")


def data_folder() -> Path:
    """The folder `caravan up` keeps its data in on this machine (CARAVAN_DATA, as the server reads it)."""
    data = os.environ.get("CARAVAN_DATA") or os.path.join(
        os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share"), "caravan")
    return Path(data).expanduser()


def default_url() -> str:
    """The server when neither --url nor CARAVAN_URL names one: the one `caravan up` (or `make up PORT=…`)
    runs on this machine, as it wrote in its data folder; else DEFAULT_URL."""
    try:
        url = (data_folder() / "url").read_text().strip()
    except OSError:
        return DEFAULT_URL
    return url if url.startswith(("http://", "https://")) else DEFAULT_URL


def unreachable(e: Exception) -> NoReturn:
    """The server cannot be reached: say which one, and the two ways to name another (exit 5)."""
    fail(f"cannot reach the server at {ctx.url} ({e.__class__.__name__}); start one with `caravan up` (or `make up`), "
         f"or name another with --url URL or CARAVAN_URL=URL", UNREACHABLE, "unreachable")


def arbiter_token() -> str:
    """CARAVAN_ARBITER_TOKEN; for a server on this machine, the `arbiter-token` file `caravan up` wrote."""
    tok = os.environ.get("CARAVAN_ARBITER_TOKEN")
    if tok:
        return tok
    host = urlsplit(server_key(ctx.url)).hostname
    path = data_folder() / "arbiter-token"
    if host == "127.0.0.1" and path.is_file():
        return path.read_text().strip()
    fail(f"--as arbiter needs CARAVAN_ARBITER_TOKEN, --token, or (for a local server) {path}")


def use_token(token: str | None) -> None:
    """A --token given after the subcommand counts as one given before it."""
    if token:
        ctx.token = token


def seat_number(game_id: str, seat: str) -> str:
    """A seat given by number, or by its player's name (looked up in the game's players, read with a token
    the profile holds for the game when it holds one: a private fork answers no one else)."""
    if seat.isdigit():
        return seat
    g = None
    for tok in tokens_here().get(game_id, {}).values():
        try:
            g = raw("GET", f"/games/{game_id}", token=tok).json()
            break
        except Refused:
            continue  # (a token the server no longer knows): the next, or read it as anyone
    if g is None:
        g = request("GET", f"/games/{game_id}")
    names = [p for p in g["players"] if p["name"] == seat] or [p for p in g["players"] if looks(p["name"]) == looks(seat)]
    if not names:  # (names at one table never read alike: `--as Ann` is ann's seat)
        fail(f"game {game_id} has no seat {seat!r} (players: {', '.join(p['name'] for p in g['players'])})")
    return str(names[0]["seat"])


def token_for(game_id: str, seat: str | None) -> str | None:
    """--token wins; then `--as arbiter`; then the profile's token of the seat (a number or a name); then
    the account's token `caravan login` kept (an account's seat has no token of its own), which is also
    who asks when no seat is named (None when this machine is signed in to no account)."""
    from cli.account import account_token  # (cli.account imports this module)

    if ctx.token:
        return ctx.token
    if seat is None:
        return account_token()
    if seat == "arbiter":
        return arbiter_token()
    number = seat_number(game_id, seat)
    tok = tokens_here().get(game_id, {}).get(number)
    if tok is None:  # an account's seat (`@NAME`): played with `caravan login`'s token
        tok = account_token()
    if tok is None:
        fail(f"no token for seat {seat} of game {game_id} in {profile_path()}; pass --token (or `caravan login` "
             f"for an account's seat)")
    return tok


# --- requests -------------------------------------------------------------------------------------

BUSY_RETRIES = 3  # a read answered 503 with Retry-After is asked again this many times (a write never)
BUSY_WAIT_MAX = 5.0  # seconds at most between two asks, whatever Retry-After says


def busy_wait(r: httpx.Response) -> float | None:
    """How long the server asks to wait before asking again (a 503 with Retry-After in seconds), or None."""
    after = r.headers.get("retry-after", "") if r.status_code == 503 else ""
    return min(float(after), BUSY_WAIT_MAX) if after.strip().isdigit() else None


def raw(method: str, path: str, *, token: str | None = None, json_body: Any = None,
        params: dict[str, Any] | None = None, headers: dict[str, str] | None = None,
        timeout: float = 30.0) -> httpx.Response:
    """One request; `Refused` for a 4xx/5xx answer, `fail` (exit 5) when the server cannot be reached. A read
    the server is too busy for (503 with Retry-After) is asked again, `BUSY_RETRIES` times at most."""
    h = dict(headers or {})
    if token:
        h["Authorization"] = f"Bearer {token}"
    for attempt in range(BUSY_RETRIES + 1):
        try:
            r = httpx.request(method, ctx.url.rstrip("/") + path, json=json_body, params=params, headers=h, timeout=timeout)
        except ValueError as e:  # a body JSON cannot carry: NaN or a number too large (1e400)
            fail(f"not sent: JSON numbers must be finite ({e})")
        except httpx.HTTPError as e:
            unreachable(e)
        wait = busy_wait(r)
        if method != "GET" or wait is None or attempt == BUSY_RETRIES:
            break
        time.sleep(wait)  # a read the server is too busy for now: asked again when it says
    if r.status_code >= 400:
        try:
            body = r.json()
            raise Refused(r.status_code, str(body.get("error", r.status_code)), str(body.get("detail", "")))
        except ValueError:
            raise Refused(r.status_code, f"http-{r.status_code}", r.text[:200]) from None
    return r


def request(method: str, path: str, **kw: Any) -> Any:
    """The JSON answer; a refusal ends the command with a clear message (exit 1; 3 the game is over; 4 stale)."""
    try:
        r = raw(method, path, **kw)
    except Refused as e:
        fail(f"{e.error}: {e.detail}", refusal_code(e), e.error)
    return r.json() if r.content else None


def refusal_code(e: Refused) -> int:
    """The exit code of a refusal: 3 when the game (or the tournament) is over, 4 when it moved on (a version conflict: list or
    wait again), else 1 (another 409 too, e.g. `conflict`: a step taken already, which no retry can take)."""
    if e.status == 409 and e.error == "game-over":
        return GAME_OVER
    if e.status == 409 and e.error == "version-conflict":
        return STALE
    return REFUSED


def seat_options(game_id: str, seat: str | int | None) -> str:
    """The options a printed command needs to act as the same seat when pasted: `--as SEAT` (quoted for a
    shell), and `--token TOKEN` when the token came from the command line and the profile does not hold it
    for this game (the pasted command would have none)."""
    import shlex

    parts = [] if seat is None else ["--as", str(seat)]
    if ctx.token and (seat is None or ctx.token not in tokens_here().get(game_id, {}).values()):
        parts += ["--token", ctx.token]
    return " ".join(shlex.quote(p) for p in parts)


def with_seat(command: str, game_id: str, seat: str | int | None) -> str:
    """`command` (a `caravan …` line to print) with the options that make it act as `seat` when pasted."""
    extra = seat_options(game_id, seat)
    return f"{command} {extra}" if extra else command


def moves_at(game_id: str, token: str | None) -> tuple[list[dict[str, Any]], int | None]:
    """The caller's legal moves and the version they were listed at (the `X-Game-Version` header)."""
    try:
        r = raw("GET", f"/games/{game_id}/moves", token=token)
    except Refused as e:
        fail(f"{e.error}: {e.detail}", REFUSED, e.error)
    version = r.headers.get("x-game-version")
    return r.json(), int(version) if version and version.isdigit() else None


def export_lines(path: str, out: str | None, token: str | None = None) -> None:
    """Fetch an export (JSON lines) and write it to `out`, or to standard output when `out` is None or '-'."""
    try:
        r = raw("GET", path, token=token, timeout=120)
    except Refused as e:
        fail(f"{e.error}: {e.detail}", REFUSED, e.error)
    if out in (None, "-"):
        sys.stdout.buffer.write(r.content)
        sys.stdout.flush()
        return
    try:
        Path(out).write_bytes(r.content)
    except OSError as e:
        cannot(f"write {out}", e)
    lines = r.content.count(b"\n")
    typer.echo(f"wrote {out} ({lines} lines)", err=True)


def emit_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
