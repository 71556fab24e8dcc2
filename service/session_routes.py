"""Signing in and out: `POST /sessions` trades a name and password for a session (a bearer token for
API clients; for browsers the same token in an HttpOnly, SameSite=Lax cookie, Secure over HTTPS, and
a CSRF value for their writes), `DELETE /sessions/current` ends the one the request comes with.

A wrong password and an unknown name get the same 401, after the same work (a hash is checked either
way). Failed sign-ins are counted per account and per client address (service/quotas.py): past
CARAVAN_SIGNIN_FAILURES in CARAVAN_SIGNIN_WINDOW seconds, a sign-in is a 429 `rate-limited` with
Retry-After before its password is even tried."""

from __future__ import annotations

import secrets
import time

from litestar import Request, Response, delete, post
from litestar.datastructures import Cookie

from service import passwords
from service.account_schemas import SignedIn, SignIn
from service.accounts import digest_of
from service.admission import client_of
from service.bodies import Refused
from service.credentials import CSRF_COOKIE, SESSION_COOKIE, Record
from service.errors import Forbidden, Unauthorized
from service.openapi import errors
from service.quotas import Quota
from service.runtime import Runtime, rt

WRONG = "wrong name or password"


def throttles(r: Runtime, request: Request, name: str) -> list[tuple[Quota, str]]:
    quota = Quota(r.redis, "signin-failures", r.cfg.signin_failures, r.cfg.signin_window)
    return [(quota, "acct:" + digest_of(name)), (quota, "addr:" + client_of(request.scope))]


async def refuse_if_throttled(r: Runtime, held: list[tuple[Quota, str]]) -> None:
    for quota, subject in held:
        full = await quota.full(subject)
        if not full.ok:
            which = "this account" if subject.startswith("acct:") else "this address"
            raise Refused(429, "rate-limited", f"too many failed sign-ins for {which} in the last "
                                               f"{r.cfg.signin_window:g} s; retry after {full.retry_after} s",
                          full.retry_after)


def cookies(request: Request, token: str, csrf: str, max_age: int) -> list[Cookie]:
    secure = request.url.scheme == "https"
    return [Cookie(key=SESSION_COOKIE, value=token, httponly=True, samesite="lax", secure=secure, max_age=max_age,
                   path="/"),
            Cookie(key=CSRF_COOKIE, value=csrf, httponly=False, samesite="lax", secure=secure, max_age=max_age,
                   path="/")]


@post("/sessions", status_code=200, responses=errors(400, 401, 403, 413, 429, 503))
async def sign_in(request: Request, data: SignIn) -> Response[SignedIn]:
    """Sign in with a name (as it reads: case and look-alike letters aside) and a password. A bot account
    signs in only with its personal tokens (403)."""
    r = rt(request)
    held = throttles(r, request, data.name)
    await refuse_if_throttled(r, held)
    acct = await r.accounts.find(data.name)
    stored = await r.accounts.password_hash(acct) if acct is not None else None
    if not await passwords.verified(stored, data.password):
        for quota, subject in held:
            await quota.take(subject)
        raise Unauthorized(WRONG)
    assert acct is not None  # (a hash was stored: the account exists)
    if acct.bot:
        raise Forbidden("a bot account signs in only with its personal tokens (Authorization: Bearer …)")
    if acct.disabled:
        raise Forbidden("this account is disabled")
    if stored is not None and passwords.outdated(stored):  # made at an older setting: hashed anew
        await r.accounts.set_password_hash(acct, await passwords.hashed(data.password))
    await r.credentials.prune(acct)
    csrf, ttl = secrets.token_urlsafe(24), int(r.cfg.session_ttl)
    expires = round(time.time() + ttl, 3)
    token = await r.credentials.keep(acct, Record(kind="session", account=acct.id, id="s-" + secrets.token_hex(6),
                                                  csrf=csrf, expires=expires))
    return Response(SignedIn(token=token, name=acct.name, csrf=csrf, expires=expires),
                    cookies=cookies(request, token, csrf, ttl))


@delete("/sessions/current", status_code=204, responses=errors(401, 403, 503))
async def sign_out(request: Request) -> Response[None]:
    """End the session this request comes with (its bearer token or its cookie, then with X-CSRF-Token);
    the cookies are cleared. A personal token is no session: `DELETE /me/tokens/{id}` revokes it (403)."""
    r = rt(request)
    who = await r.credentials.of_request(request)
    if who.record.kind != "session":
        raise Forbidden("a personal token is no session: revoke it with DELETE /me/tokens/{id}")
    await r.credentials.drop(who.account, who.record.id)
    gone = [Cookie(key=k, value="", max_age=0, path="/", httponly=k == SESSION_COOKIE, samesite="lax")
            for k in (SESSION_COOKIE, CSRF_COOKIE)]
    return Response(None, status_code=204, cookies=gone)


ROUTES = [sign_in, sign_out]
