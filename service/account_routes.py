"""Accounts and their personal access tokens: `POST /accounts`, `GET /accounts/{name}` (the public
profile), `GET /me`, `DELETE /me`, `POST|GET /me/tokens`, `DELETE /me/tokens/{id}`, and the arbiter's
`POST /accounts/{name}/disable`. Signing in is service/session_routes.py."""

from __future__ import annotations

from typing import Literal

from litestar import Request, Response, delete, get, post

from events import accounts as ak
from events.accounts import Account
from service.account_schemas import (
    SCOPES,
    AccountMade,
    Disable,
    Disabled,
    Me,
    NewAccount,
    NewToken,
    Profile,
    Scope,
    TokenMade,
    TokenRow,
)
from service.credentials import Record
from service.errors import Forbidden, NotFound, Unauthorized
from service.openapi import errors
from service.runtime import Runtime, bearer, rt


def rows(acct: Account) -> list[TokenRow]:
    return [TokenRow(id=t.id, label=t.label, scopes=scopes_of(t.scopes), created=t.created) for t in acct.tokens.values()]


def scopes_of(given: tuple[str, ...]) -> list[Scope]:
    return [s for s in SCOPES if s in given]


async def make_token(r: Runtime, acct: Account, label: str, scopes: tuple[str, ...]) -> TokenMade:
    token_id, acct = await r.accounts.issue(acct, label, scopes)
    token = await r.credentials.keep(acct, Record(kind="token", account=acct.id, id=token_id, scopes=scopes))
    info = acct.tokens[token_id]
    return TokenMade(id=token_id, label=label, scopes=scopes_of(scopes), created=info.created, token=token)


@post("/accounts", status_code=201, responses=errors(400, 409, 413, 422, 503))
async def create_account(request: Request, data: NewAccount) -> AccountMade:
    """A new account. Its name follows the player-name rules and is unique as it reads (case, width,
    accents and look-alike letters folded: 409 `name-taken`); the password has at least 10 characters
    and is not a common one (422 `weak-password`). A bot (`"bot": true`) gets its first personal token
    (every scope) here, once: it never signs in with its password."""
    r = rt(request)
    acct = await r.accounts.create(data.name, data.password, data.bot)
    token = (await make_token(r, acct, "first token", ak.SCOPES)).token if acct.bot else None
    return AccountMade(name=acct.name, bot=acct.bot, created=acct.created, token=token)


async def profile_of(r: Runtime, name: str) -> Profile:
    """An account as anyone may read it (the API's answer and the `/@/{name}` page's)."""
    acct = await r.accounts.get(name)
    return Profile(name=acct.name, bot=acct.bot, created=acct.created, ratings=[], recent_games=[])


@get("/accounts/{name:str}", responses=errors(404, 503))
async def profile(request: Request, name: str) -> Profile:
    """An account as anyone may read it: its name, whether it is a bot, when it was made."""
    return await profile_of(rt(request), name)


@get("/me", responses=errors(401, 503))
async def me(request: Request) -> Me:
    """The signed-in account (by its session or a personal token) and what this credential may do."""
    who = await rt(request).credentials.of_request(request)
    acct = who.account
    credential: Literal["session", "token"] = "session" if who.record.kind == "session" else "token"
    return Me(name=acct.name, bot=acct.bot, created=acct.created, credential=credential,
              scopes=scopes_of(who.record.scopes))


@post("/me/tokens", status_code=201, responses=errors(400, 401, 403, 413, 503))
async def new_token(request: Request, data: NewToken) -> TokenMade:
    """A personal access token with the scopes asked (`play`, `create`, `organise`, `analyse`), shown this
    once: only its hash is kept. Made with a session, or with a personal token that holds every scope
    asked (403 otherwise: a token never makes a stronger one)."""
    r = rt(request)
    who = await r.credentials.of_request(request)
    scopes = tuple(s for s in ak.SCOPES if s in data.scopes)
    for scope in scopes:
        who.require(scope)
    return await make_token(r, who.account, data.label, scopes)


@get("/me/tokens", responses=errors(401, 503))
async def list_tokens(request: Request) -> list[TokenRow]:
    """The account's personal tokens: id, label, scopes, when made (never the token)."""
    return rows((await rt(request).credentials.of_request(request)).account)


@delete("/me/tokens/{token_id:str}", status_code=204, responses=errors(401, 403, 404, 503))
async def revoke_token(request: Request, token_id: str) -> Response[None]:
    """Revoke a personal token: it stops at once."""
    r = rt(request)
    who = await r.credentials.of_request(request)
    if token_id not in who.account.tokens:
        raise NotFound(f"no token {token_id[:40]!r} of this account")
    await r.credentials.drop(who.account, token_id)  # (first: it stops at once, whatever happens next)
    await r.accounts.revoke(who.account, token_id)
    return Response(None, status_code=204)


@delete("/me", status_code=204, responses=errors(401, 403, 503))
async def delete_me(request: Request) -> Response[None]:
    """Delete the signed-in account: its stream, its password's hash and every token go at once, and
    nothing of it remains (its name is free again). A person deletes with a session (a password just
    given), not with a personal token (403); a bot, which has no sessions, with one of its tokens."""
    r = rt(request)
    who = await r.credentials.of_request(request)
    if who.record.kind != "session" and not who.account.bot:
        raise Forbidden("sign in (POST /sessions) to delete the account: a personal token may not")
    await r.accounts.delete(who.account)
    return Response(None, status_code=204)


@post("/accounts/{name:str}/disable", status_code=200, responses=errors(400, 401, 403, 404, 409, 413, 503))
async def disable(request: Request, name: str, data: Disable | None = None) -> Disabled:
    """The arbiter disables an account: its sessions and tokens stop at once, and it cannot sign in."""
    r = rt(request)
    token = bearer(request)
    if token is None:
        raise Unauthorized("only the arbiter may disable an account: send the arbiter's token")
    if not r.is_arbiter(token):
        raise Forbidden("only the arbiter may disable an account")
    acct = await r.accounts.disable(name, data.reason if data else "")
    await r.credentials.drop_all(acct)
    return Disabled(name=acct.name, disabled=acct.disabled)


ROUTES = [create_account, profile, me, delete_me, new_token, list_tokens, revoke_token, disable]
