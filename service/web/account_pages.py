"""The account pages: `/signup` and `/signin` (forms whose script posts to the API: POST /accounts, then
POST /sessions), the header's **Sign out** (caravan.js: DELETE /sessions/current with the session's CSRF
value), and `/@/{name}`, an account's public profile (what `GET /accounts/{name}` answers).

The forms post (a password never goes in a URL, nor in the access log); with the script off, the post is
answered by a page saying the script is needed, and what was posted is neither read nor kept."""

from __future__ import annotations

from litestar import Request, Response, get, post
from litestar.response import Template

from service.account_routes import profile_of
from service.runtime import rt
from service.web.routes import PAGE, error_page
from service.web.signed_in import signed_in

FORMS = {"signup": "Sign up", "signin": "Sign in"}


def form_page(request: Request, mode: str) -> Template:
    return Template(template_name="account.html",
                    context={"mode": mode, "heading": FORMS[mode], "me": signed_in(request)})


@get("/signup", **PAGE)
async def signup_page(request: Request) -> Template:
    """A new account: a name and a password (twice), then signed in at once."""
    return form_page(request, "signup")


@get("/signin", **PAGE)
async def signin_page(request: Request) -> Template:
    """Sign in with a name and a password."""
    return form_page(request, "signin")


@post(["/signup", "/signin", "/signout"], status_code=400, **PAGE)
async def account_form_without_script(request: Request) -> Response:
    """An account form posted with the script off: accounts and sessions are made by the page's script
    through the API; nothing posted here is read or kept."""
    return error_page(request, 400, "This form needs the page's script",
                      "Nothing you sent was read or kept: turn JavaScript on for this site and try again.")


@get("/@/{name:path}", **PAGE)
async def profile_page(request: Request, name: str) -> Template:
    """An account's public profile, as `GET /accounts/{name}` answers it: its name, person or bot, when it was
    made, its ratings and recent games (404 page: no such account)."""
    acct = await profile_of(rt(request), name.lstrip("/"))
    return Template(template_name="profile.html", context={"acct": acct, "me": signed_in(request)})


ROUTES = [signup_page, signin_page, account_form_without_script, profile_page]
