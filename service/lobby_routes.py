"""`GET /games`, the lobby: a page of games, newest first (the body is the list of rows, as before paging),
an `X-Total-Count` header (the games the filters match) and a `Link: <…>; rel="next"` header to the next page while there are more. A page holds at most `limit`
rows (default and most: `Settings.lobby_page`); `after` is the last game of the page before (the next
link's cursor). Before paging the whole lobby went out in one answer: 1.27 MB at about 9,000 games."""

from __future__ import annotations

from typing import Literal
from urllib.parse import urlencode

from litestar import Request, Response, get
from litestar.datastructures import ResponseHeader
from litestar.params import Parameter

from projections.lobby import LobbyRow
from service import open_tables
from service.errors import NotFound
from service.openapi import errors
from service.runtime import rt
from service.settings import settings

GameStatus = Literal["active", "finished", "abandoned"]
HEADERS = [ResponseHeader(name="Link", documentation_only=True, required=False, description=(
    'the next page while there are more: `</games?limit=N&after=ID…>; rel="next"` (the filters kept)')),
           ResponseHeader(name="X-Total-Count", documentation_only=True, description="the games the filters match, all pages")]


MOST = settings().lobby_page  # (read once, as every setting: the document states it as the maximum)


@get("/games", responses=errors(400, 404, 503), response_headers=HEADERS)
async def lobby(request: Request, status: GameStatus | None = Parameter(
        default=None, description="only the games with this status (another is a 400)"),
        type: str | None = None,
        limit: int | None = Parameter(default=None, ge=1, le=MOST, description=(
            "games on the page, 1 to the server's lobby page (CARAVAN_LOBBY_PAGE, default 500; also the default)")),
        after: str | None = Parameter(default=None, max_length=64, description=(
            "the last game of the page before: this page holds the games older than it (the next link's cursor; "
            "a game the lobby does not hold is a 404)")),
        open: bool = Parameter(default=False, description=(
            "true: the games whose `open` seats wait for accounts to join (status `open`, `open` in place of "
            "each seat's name; service/open_tables.py), newest first"))
        ) -> Response[list[LobbyRow]]:
    limit = limit or MOST
    if open:
        rows = [open_tables.row(t) for t in await open_tables.waiting_tables(rt(request))]
    else:
        rows = sorted(await rt(request).lobby.rows(), key=lambda r: (r.created, r.id), reverse=True)
    at = 0  # where the page starts among all the games (the cursor's game may have left the filter since)
    if after is not None:
        at = next((i + 1 for i, r in enumerate(rows) if r.id == after), -1)
        if at < 0:
            raise NotFound(f"no game {after!r} in the lobby to page from (after)")
    chosen = [(i, r) for i, r in enumerate(rows) if (status is None or r.status == status) and (type is None or r.type == type)]
    rest = [r for i, r in chosen if i >= at]
    page = rest[:limit]
    headers = {"X-Total-Count": str(len(chosen))}
    if len(rest) > limit:
        query = {k: v for k, v in (("status", status), ("type", type), ("open", "true" if open else None)) if v is not None}
        headers["Link"] = f'</games?{urlencode({**query, "limit": limit, "after": page[-1].id})}>; rel="next"'
    return Response(page, headers=headers)


ROUTES = [lobby]
