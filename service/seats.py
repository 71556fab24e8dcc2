"""Seats bound to accounts (issue 57): a player spec `@NAME` is that account's seat. The account plays
it with its own credentials (a session or a personal token with the `play` scope, service/credentials.py);
no seat token is made for it.

The binding is kept in the game's own secret hash (events/keys.py `secret`, hash-tagged by the game id,
so one slot under CARAVAN_CLUSTER=1): `acct:<account id>` -> the seat. An account holds at most one seat
of a game. A caller whose credential is an account's is that account's seat in the game, whatever the
credential (the same private view from any device); an account holding no seat reads as a spectator."""

from __future__ import annotations

from typing import TYPE_CHECKING

from litestar import Request

from events import keys, replies
from service import account_games
from service.credentials import SAFE_METHODS, SESSION_COOKIE, TOKEN, CsrfMissing, Principal, check_csrf
from service.errors import DomainError, Invalid, Unauthorized
from service.views import PRIVATE

if TYPE_CHECKING:
    from service.runtime import Runtime

ACCOUNT_MARK = "@"


class NoSuchAccount(DomainError):
    status, code = 422, "no-such-account"


def field(account_id: str) -> str:
    return "acct:" + account_id


def is_account_token(token: str) -> bool:
    return TOKEN.match(token) is not None


async def resolve(r: Runtime, players: list[str]) -> tuple[list[str], dict[int, str]]:
    """The player specs with each `@NAME` replaced by the account's name as it is spelled, and the seats
    bound to accounts (seat -> account id). 422 `no-such-account` for a name no account has (or a
    disabled one); 422 for one account named twice (an account holds one seat of a game)."""
    specs: list[str] = []
    bound: dict[int, str] = {}
    for i, spec in enumerate(players):
        if not spec.strip().startswith(ACCOUNT_MARK):
            specs.append(spec)
            continue
        name = spec.strip()[1:].strip()
        acct = await r.accounts.find(name)
        if acct is None or acct.disabled:
            raise NoSuchAccount(f"player {spec[:40]!r}: no account {name[:40]!r} to seat "
                                f"({'it is disabled' if acct else 'sign up first: POST /accounts'})")
        if acct.id in bound.values():
            raise Invalid(f"the account {acct.name!r} is named for two seats: an account holds one seat of a game")
        specs.append(acct.name)
        bound[i] = acct.id
    return specs, bound


async def invite(r: Runtime, request: Request, accounts: dict[int, str], game_id: str) -> None:
    """The `@NAME` seats of a game just made are invitations to their accounts (GET /me/invitations), but
    the seat of the account that made it (its credential sent with POST /games)."""
    creator = await maker(r, request)
    await account_games.invite(r.redis, [a for a in accounts.values() if a != creator], game_id)


async def maker(r: Runtime, request: Request) -> str | None:
    """The account that sent a request (its id): by an account's bearer credential, or by the session
    cookie with its CSRF value (a browser signed in on the new-game form); None for anyone else."""
    token = request.headers.get("authorization", "").partition(" ")[2].strip()
    by_cookie = not token and is_account_token(request.cookies.get(SESSION_COOKIE) or "")
    if by_cookie:
        token = request.cookies.get(SESSION_COOKIE) or ""
    if not is_account_token(token):
        return None
    try:
        who = await r.credentials.principal(token, by_cookie=by_cookie)
        if by_cookie:
            check_csrf(request, who.record)
    except (Unauthorized, CsrfMissing):
        return None
    return who.account.id


async def seat_of_account(r: Runtime, game_id: str, account_id: str) -> int | None:
    raw = replies.blob(await r.redis.hget(keys.secret(game_id), field(account_id)))
    return None if raw is None else int(raw)


async def account_caller(r: Runtime, token: str, game_id: str, write: bool,
                         who: Principal | None = None) -> int | None:
    """The seat an account's credential stands for in the game; None (a spectator) when the account holds
    none, and for a write by a credential without the `play` scope (a move by it is refused as anyone's, an
    analysis asked as a spectator's). 401 for a credential that stops (service/credentials.py) and for a
    private fork the account holds no seat of. `who`: the credential's principal, when read already."""
    who = who or await r.credentials.principal(token)
    seat = await seat_of_account(r, game_id, who.account.id)
    if seat is None:
        if await r.is_private(game_id):
            raise Unauthorized(PRIVATE)
        return None
    if write and "play" not in who.record.scopes:
        return None  # (a token without `play` acts for the seat in nothing: a write by it is a spectator's)
    return seat


async def cookie_caller(r: Runtime, request: Request, game_id: str) -> int | None:
    """A request signed in by the session cookie alone: the account's seat, or a spectator (a cookie that
    stopped reads as none). A write by it is the seat's only with the session's CSRF value in X-CSRF-Token
    (service/credentials.py): without it, 403 `csrf-missing` and nothing done (a page of another site can
    make the browser send the cookie, not the header)."""
    cookie = request.cookies.get(SESSION_COOKIE)
    if not cookie or not is_account_token(cookie):
        return None
    write = request.method not in SAFE_METHODS
    try:
        who = await r.credentials.principal(cookie, by_cookie=True)
    except Unauthorized:
        if await r.is_private(game_id):
            raise
        return None
    if write:
        check_csrf(request, who.record)
    return await account_caller(r, cookie, game_id, write=write, who=who)  # (401 only for a private fork)
