"""The web pages: the lobby, a game (live, and for a seat playable), its replay, a tournament.

Pages are rendered for a spectator (a browser sends no token when it opens a page); the page's script
then asks for frames with the seat's token in the Authorization header — `GET /games/{id}/view/frame`
and the live `GET /games/{id}/view/stream` — which answer exactly what the API answers that reader,
drawn and put in words (see frames.py). A private fork's page is refused (401) to a request without a
token, in a page that holds nothing of the game; its script asks again with a seat's token this browser
keeps (or one pasted there), in the Authorization header, and shows the game page that answers."""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypedDict
from urllib.parse import quote, urlencode

from litestar import MediaType, Request, Response, get, post
from litestar.datastructures import CacheControlHeader
from litestar.exceptions import ValidationException
from litestar.params import Parameter
from litestar.plugins.jinja import JinjaTemplateEngine
from litestar.response import ServerSentEvent, Template
from litestar.static_files import create_static_files_router
from litestar.template.config import TemplateConfig
from litestar.types import ExceptionHandlersMap

from games import registry
from games.protocol import CHANCE
from projections import standings
from service import analysis, open_tables, said, views
from service.errors import NotFound, Unauthorized
from service.openapi import errors
from service.runtime import Runtime, rt
from service.schemas import FRAME, VERSION_MAX
from service.tournament_routes import tournaments
from service.web import frames, live
from service.web.live import frame_now
from service.web.safety import asset, script_json
from service.web.signed_in import signed_in, who_is_signed_in

HERE = Path(__file__).parent


def _engine(engine: JinjaTemplateEngine) -> None:
    engine.engine.globals["asset"] = asset
    engine.engine.globals["signed_in"] = signed_in
    engine.engine.filters["quote_path"] = lambda text: quote(str(text), safe="")  # a name as one path segment


TEMPLATES = TemplateConfig(directory=HERE / "templates", engine=JinjaTemplateEngine, engine_callback=_engine)
REPLAY_WINDOW = 12  # events in words a replay's account shows, ending with the step shown
LOBBY_PAGE = 60  # game rows a lobby page shows, newest first, each with its seats and turn ("Older games": the next)
LOBBY_LOOK = 240  # games a lobby page reads at most to find its rows (the seats filter reads each game)


async def frame_at(r: Runtime, game_id: str, caller: Any, at: int) -> dict[str, Any]:
    """The game as it was after event `at` (replay), with that event and the few before it in words."""
    f = await r.commands.load(game_id)
    if at >= f.version:
        out = await frame_now(r, game_id, caller, since=max(0, f.version - REPLAY_WINDOW))
        out["moves"] = []
        out["status_now"] = out["status"]
        out["analysis"] = await analysis_standing(r, f)
        return out
    then = await said.replayed(r, game_id, at)  # off the loop; a duplicate table stays sealed until its round ends
    envelopes = await r.store.read(game_id, max(1, at - REPLAY_WINDOW + 1), at)
    rows = views.log_rows(f, envelopes, caller)
    before = await said.views_before(r, game_id, envelopes, rows, caller)
    out = frames.frame(f.game, views.game_view(then, caller, finished=views.public(f), now=f), rows, [], before)
    out["latest"] = f.version
    out["status_now"] = f.status  # the game's, not the step's: a finished game's replay offers its analysis at any step
    out["analysis"] = await analysis_standing(r, f)
    return out


async def analysis_standing(r: Runtime, f: Any) -> str:
    """Whether the replay's game has an analysis ("none", "running", "done"), so that the page asks for one
    only where there is one (a finished game's; a game in play has none to show)."""
    return await analysis.standing(r.redis, f.id) if f.status == "finished" else "none"


def game_types() -> list[dict[str, Any]]:
    return [{"id": g.id, "name": g.name, "min": g.min_players, "max": g.max_players} for g in registry.all_games().values()]


async def tournament_rows(request: Request) -> list[dict[str, Any]]:
    ts = tournaments(request)
    out = []
    for tid in await ts.ids():
        try:
            out.append(standings.summary(await ts.load(tid)))
        except NotFound:
            continue
    return out


# --- pages ---------------------------------------------------------------------------------------------

def error_page(request: Request, status: int, heading: str, detail: str, **more: Any) -> Response:
    """A page's refusal said in a page (with a way back to the lobby), never the API's JSON."""
    engine = request.app.template_engine
    if engine is None:
        raise RuntimeError("the app is made without its templates (service.web.TEMPLATES)")
    html = engine.get_template("missing.html").render(heading=heading, detail=detail, request=request, **more)
    return Response(html, status_code=status, media_type=MediaType.HTML)


def page_not_found(request: Request, exc: NotFound) -> Response:
    """A page for a game or tournament that does not exist."""
    return error_page(request, 404, "Not found", exc.detail)


QUERY_WORDS = {"at": "a version of the game, a whole number from 1", "fragment": "true or false",
               "projector": "true or false"}


def page_bad_query(request: Request, exc: ValidationException) -> Response:
    """A page asked for with a query it cannot take (`replay?at=0`, `?projector=maybe`): which, and why."""
    reasons = []
    for bad in exc.extra if isinstance(exc.extra, list) else []:
        key = bad.get("key", "") if isinstance(bad, dict) else ""
        if key in QUERY_WORDS:
            reasons.append(f"{key}={request.query_params.get(key, '')}: {key} must be {QUERY_WORDS[key]}")
        elif key:
            reasons.append(f"{key}: {bad.get('message', 'not a value this page takes')}")
    return error_page(request, 400, "Bad request", "; ".join(reasons) or exc.detail)


def page_unauthorized(request: Request, exc: Unauthorized) -> Response:
    """A private fork's page asked for without a token (a browser opening it sends none), or with one that is
    not its seat's: a refusal holding nothing of the game, from which a seat's token opens it."""
    out = error_page(request, 401, "A private game", exc.detail, game_id=request.path_params.get("game_id"))
    out.headers.update(NOT_KEPT)
    return out


NOT_KEPT = {"Cache-Control": "no-store", "Vary": "Authorization"}  # a page drawn for a token, or refused for want of one
class PageRoute(TypedDict):
    """What every page route says (`@get(..., **PAGE)`)."""

    include_in_schema: bool
    exception_handlers: ExceptionHandlersMap
    middleware: list[Any]


PAGE: PageRoute = {"include_in_schema": False, "exception_handlers": {
    NotFound: page_not_found, ValidationException: page_bad_query, Unauthorized: page_unauthorized},
    "middleware": [who_is_signed_in]}  # its header: who is signed in (service/web/signed_in.py)


STATUSES = {"live": ("active",), "finished": ("finished",), "abandoned": ("abandoned",)}
SHOW = ("games", "tournaments")
SEATS = ("people", "ai")


def lobby_filters(type: str | None, status: str | None, show: str | None, seats: str | None) -> dict[str, str]:
    """The lobby's filters as the form sends them (empty: no filter): game type, status (live, finished,
    abandoned; `active` is live), games or tournaments, tables with people or all AIs. A value it does not
    know is a 400 page (it listed every game, as if unfiltered)."""
    status = "live" if status == "active" else status
    given = {"type": (type, tuple(registry.all_games())), "status": (status, tuple(STATUSES)), "show": (show, SHOW),
             "seats": (seats, SEATS)}
    bad = [{"key": k, "message": f"{v!r} is none of {', '.join(known)} (or empty: any)"}
           for k, (v, known) in given.items() if v and v not in known]
    if bad:
        raise ValidationException(extra=bad)
    return {k: v or "" for k, (v, _) in given.items()}


async def lobby_seats(r: Runtime, game_id: str) -> dict[str, Any] | None:
    """A table's seats (names, AI levels) and whose turn it is, by name, from the game itself."""
    try:
        f = await r.commands.load(game_id)
    except NotFound:
        return None
    acting = f.game.actors(f.state) if f.status == "active" and not views.sealed(f, None) else frozenset()
    names = [p.name for p in f.players]
    turn = [names[s] for s in sorted(a for a in acting if a != CHANCE)] + (["chance"] if CHANCE in acting else [])
    result = views.game_view(f, None).get("result") if f.status == "finished" and views.public(f) else None
    winners = [names[s] for s in result["winners"]] if result else []
    return {"players": [{"name": p.name, "ai": p.ai, "acting": i in acting} for i, p in enumerate(f.players)],
            "turn": turn, "winners": winners, "people": any(p.ai is None for p in f.players)}


async def lobby_games(r: Runtime, want: dict[str, str], before: str | None) -> tuple[list[Any], dict[str, Any], str | None, int]:
    """A page of the lobby's games, newest first, older than the game `before` (none: from the newest):
    its rows, each one's seats and turn, the last game it read when older ones are left (the next page's
    `before`), and how many games it read."""
    served = registry.all_games()  # a row of a type this server does not serve (retired, a bench's) is left out
    rows = sorted((g for g in await r.lobby.rows() if g.type in served), key=lambda g: (g.created, g.id), reverse=True)
    if before is not None:
        cut = next(((g.created, g.id) for g in rows if g.id == before), None)
        if cut is None:
            raise ValidationException(extra=[{"key": "before", "message": f"no game {before!r} in the lobby to page from"}])
        rows = [g for g in rows if (g.created, g.id) < cut]
    statuses = STATUSES.get(want["status"])
    rows = [g for g in rows if (not statuses or g.status in statuses) and (not want["type"] or g.type == want["type"])]
    games: list[Any] = []
    tables: dict[str, Any] = {}
    looked = 0
    for row in rows:
        if len(games) == LOBBY_PAGE or looked == LOBBY_LOOK:
            return games, tables, rows[looked - 1].id, looked
        looked += 1
        detail = await lobby_seats(r, row.id)
        if want["seats"] and (detail is None or detail["people"] != (want["seats"] == "people")):
            continue
        games.append(row)
        if detail is not None:
            tables[row.id] = detail
    return games, tables, None, looked


async def open_rows(r: Runtime, want: dict[str, str]) -> list[Any]:
    """The games whose open seats wait for accounts to join (GET /games?open=true), listed first with **Join**;
    a finished or abandoned filter, or tournaments only, lists none."""
    if want["show"] == "tournaments" or want["status"] in ("finished", "abandoned") or want["seats"] == "ai":
        return []
    served = registry.all_games()
    return [open_tables.row(t) for t in await open_tables.waiting_tables(r)
            if t.table.type in served and (not want["type"] or t.table.type == want["type"])]


@get("/", **PAGE)
async def lobby_page(request: Request, status: str | None = None, type: str | None = None, show: str | None = None,
                     seats: str | None = None, before: str | None = None, fragment: bool = False) -> Template:
    """The lobby; its filters are a plain GET form (they work without the script); `before`: the games older
    than that one (the "Older games" link)."""
    r = rt(request)
    want = lobby_filters(type, status, show, seats)
    games: list[Any] = []
    tables: dict[str, Any] = {}
    older, looked = None, 0
    if want["show"] != "tournaments":
        games, tables, older, looked = await lobby_games(r, want, before)
    ts, statuses = [], STATUSES.get(want["status"])
    if want["show"] != "games":
        ts = [t for t in await tournament_rows(request)
              if (not statuses or t["status"] in statuses or (want["status"] == "live" and t["status"] != "finished"))
              and (not want["type"] or t["game"] == want["type"])
              and (not want["seats"] or any(e["ai"] is None for e in t["entrants"]) == (want["seats"] == "people"))]
    page = {k: v for k, v in want.items() if v}
    ctx = {"open_tables": await open_rows(r, want) if before is None else [],
           "games": games, "tables": tables, "tournaments": ts, "types": game_types(), "want": want,
           "filtered": any(want.values()), "paged": before is not None, "looked": looked,
           "older": "/?" + urlencode({**page, "before": older}) if older else None,
           "newest": "/?" + urlencode(page) if page else "/"}
    return Template(template_name="lobby_rows.html" if fragment else "lobby.html", context=ctx)


def game_template(f0: dict[str, Any], mode: str, caller: Any) -> Template:
    return Template(template_name="game.html", context={"f": f0, "frame_json": script_json(f0), "mode": mode},
                    headers=NOT_KEPT if caller is not None else None)


@get("/games/{game_id:str}/view", **PAGE)
async def game_page(request: Request, game_id: str) -> Template:
    """A game, live. Opened by a browser: drawn for a spectator (a private fork's: refused, see
    page_unauthorized); asked for by that refusal's script with a seat's token: drawn for that seat."""
    r = rt(request)
    caller = await r.caller(request, game_id)
    return game_template(await frame_now(r, game_id, caller), "live", caller)


@get("/games/{game_id:str}/replay", **PAGE)
async def replay_page(request: Request, game_id: str, at: int | None = Parameter(default=None, ge=1, le=VERSION_MAX)) -> Template:
    """A game's every version, from `at` (default: the latest); for a reader as game_page."""
    r = rt(request)
    caller = await r.caller(request, game_id)
    f = await r.commands.load(game_id)
    f0 = await frame_at(r, game_id, caller, min(at or f.version, f.version))
    f0["latest"] = f.version
    return game_template(f0, "replay", caller)


@post(["/games/{game_id:str}/view", "/games/{game_id:str}/replay"], status_code=400, **PAGE)
async def seat_form_without_script(request: Request, game_id: str) -> Response:
    """A seat's token posted by the page's form with the script off (the form posts: a token never goes
    in a URL, nor so in the access log): taking a seat is the script's; the token is neither read nor kept."""
    return error_page(request, 400, "Taking a seat needs the page's script",
                      "The token was not read or kept: turn JavaScript on for this site, open the game again "
                      f"(/games/{game_id}/view) and paste the token there.")


@get("/tournaments/{tournament_id:str}/view", **PAGE)
async def tournament_page(request: Request, tournament_id: str, fragment: bool = False,
                          projector: bool = False) -> Template:
    """The standings and tables, live from `GET /tournaments/{id}/stream`; `projector`: large type, the
    standings beside the current round, nothing else (works without the script too)."""
    t = standings.summary(await tournaments(request).load(tournament_id))
    return Template(template_name="tournament_body.html" if fragment else "tournament.html",
                    context={"t": t, "projector": projector})


# --- frames for the page's script (JSON, as the bearer's seat may see) ----------------------------------

@get("/games/{game_id:str}/view/frame", responses=errors(400, 401, 404, 503, ok=FRAME))
async def game_frame(request: Request, game_id: str, at: int | None = Parameter(default=None, ge=1, le=VERSION_MAX)) -> dict[str, Any]:
    """The game drawn for the bearer's seat (no token: a spectator): the board as SVG, the header fields
    of `GET /games/{id}`, the legal moves in words, and the recent events in words (`at`: as it was
    after event `at`, with that event)."""
    r = rt(request)
    caller = await r.caller(request, game_id)
    if at is None:
        return await frame_now(r, game_id, caller)
    return await frame_at(r, game_id, caller, at)


@get("/games/{game_id:str}/view/stream", media_type="text/event-stream", responses=errors(401, 404, 429, 503),
     exception_handlers={live.PageStreamsRefused: live.refused})
async def game_frames(request: Request, game_id: str) -> ServerSentEvent:
    """A frame now, then one after each event, live (server-sent events named `frame`); bounded per process
    (503) and per client address (429), see service/web/live.py."""
    r = rt(request)
    caller = await r.caller(request, game_id)
    return ServerSentEvent(await live.opened(live.page_stream(r, request, game_id, caller)))


STATIC = create_static_files_router(path="/static", directories=[HERE / "static"], include_in_schema=False,
                                    cache_control=CacheControlHeader(max_age=600))

ROUTES = [lobby_page, game_page, replay_page, seat_form_without_script, tournament_page, game_frame, game_frames,
          STATIC]
