"""`/my-games`: the signed-in account's games (what `GET /me/games` answers: those waiting for it first,
each with its seat, a **your turn** badge and the time left on its clock) and its invitations (`GET
/me/invitations`, with **Accept** and **Decline**), refreshed now and then by its
script (`?fragment=true`: the rows alone), as the lobby is. Signed out, the page says to sign in (the
session cookie is read server-side, as every page's header reads it: service/web/signed_in.py)."""

from __future__ import annotations

from litestar import Request, get
from litestar.response import Template

from service.credentials import SESSION_COOKIE
from service.errors import DomainError
from service.invitations import Invitation, invitations_of
from service.my_games import MyGame, games_of
from service.runtime import rt
from service.web.routes import PAGE


async def my_rows(request: Request) -> tuple[list[MyGame], list[Invitation]] | None:
    """The reader's games and invitations; None when no session cookie stands for an account (signed out,
    or it ended)."""
    cookie = request.cookies.get(SESSION_COOKIE)
    if not cookie:
        return None
    r = rt(request)
    try:
        who = await r.credentials.principal(cookie, by_cookie=True)
    except DomainError:
        return None
    return await games_of(r, who.account.id), await invitations_of(r, who.account)


@get("/my-games", **PAGE)
async def my_games_page(request: Request, fragment: bool = False) -> Template:
    """My games, waiting for me first, and my invitations (signed in), or a way to sign in; `fragment`: the
    rows alone."""
    mine = await my_rows(request)
    rows, invited = mine or ([], [])
    return Template(template_name="my_games_rows.html" if fragment else "my_games.html",
                    context={"rows": rows, "invited": invited, "signed_out": mine is None},
                    headers={"Cache-Control": "no-store"})


ROUTES = [my_games_page]
