"""Credentials: the session tokens that signing in gives and the personal access tokens an account
makes, and who a request's credential stands for.

A token reads `cvs_<digest>_<secret>` (a session) or `cvp_<digest>_<secret>` (a personal token): the
digest names the account's keys (service/accounts.py `digest_of`, not secret), the secret is 256 random
bits. Only its SHA-256 is kept, in the account's secret hash (`tok:<sha256>` -> the token's record,
`tid:<token id>` -> that sha256, to revoke it by id): a token is shown once. A token of a disabled
account stops at once: every request reads the account, and disabling deletes its tokens too.

A browser holds its session in an HttpOnly cookie (SESSION_COOKIE); a write sent with that cookie and no
`Authorization` header must carry the session's CSRF value in the `X-CSRF-Token` header (given at
sign-in, also in the readable cookie CSRF_COOKIE): a page of another site can make the browser send the
cookie, but can neither read the value nor set the header."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time

import msgspec
from litestar import Request
from redis.asyncio import Redis

from events import accounts as ak
from events.accounts import Account
from service.accounts import Accounts, digest_of
from service.errors import DomainError, Forbidden, Unauthorized
from service.runtime import bearer

SESSION_COOKIE, CSRF_COOKIE, CSRF_HEADER = "caravan_session", "caravan_csrf", "X-CSRF-Token"
TOKEN = re.compile(r"^cv([sp])_([0-9a-f]{24})_([A-Za-z0-9_-]{43})$")
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


class CsrfMissing(DomainError):
    status, code = 403, "csrf-missing"


class Record(msgspec.Struct, frozen=True, omit_defaults=True):
    """What a token stands for (kept under its hash)."""

    kind: str  # "session" | "token"
    account: str  # the account's id (a token outlives no account of its name)
    id: str  # the session's or the personal token's id
    scopes: tuple[str, ...] = ak.SCOPES
    csrf: str = ""  # sessions: the value a cookie write sends back
    expires: float = 0.0  # sessions: unix time; 0: never (personal tokens, until revoked)


class Principal(msgspec.Struct, frozen=True):
    """A signed-in caller: the account and the credential it came with."""

    account: Account
    record: Record
    token: str
    by_cookie: bool = False

    def require(self, scope: str) -> None:
        if scope not in self.record.scopes:
            raise Forbidden(f"this token lacks the {scope!r} scope (it has: {', '.join(self.record.scopes) or 'none'})")


def token_sha(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token(kind: str, digest: str) -> str:
    return f"cv{kind}_{digest}_{secrets.token_urlsafe(32)}"


class Credentials:
    def __init__(self, redis: Redis, accounts: Accounts):
        self.redis, self.accounts = redis, accounts

    async def keep(self, acct: Account, record: Record) -> str:
        """A new token for `record`, its hash kept under the account; the token itself, to show once."""
        digest = acct_digest(acct)
        token = new_token("s" if record.kind == "session" else "p", digest)
        sha = token_sha(token)
        await self.redis.hset(ak.secret(digest), mapping={"tok:" + sha: msgspec.json.encode(record),
                                                         "tid:" + record.id: sha})
        return token

    async def drop(self, acct: Account, token_id: str) -> None:
        key = ak.secret(acct_digest(acct))
        sha = await self.redis.hget(key, "tid:" + token_id)
        sha = sha.decode() if isinstance(sha, bytes) else sha
        await self.redis.hdel(key, "tid:" + token_id, *(["tok:" + sha] if sha else []))

    async def prune(self, acct: Account) -> None:
        """Drop the account's expired sessions (signing in does: the secret hash does not grow without end)."""
        key, now = ak.secret(acct_digest(acct)), time.time()
        held = await self.redis.hgetall(key)
        for field, value in held.items():
            name = field.decode() if isinstance(field, bytes) else field
            if name.startswith("tok:"):
                record = msgspec.json.decode(value, type=Record)
                if record.expires and record.expires < now:
                    await self.redis.hdel(key, name, "tid:" + record.id)

    async def drop_all(self, acct: Account) -> None:
        """Every session and token of the account (disabling it)."""
        key = ak.secret(acct_digest(acct))
        held = [f.decode() if isinstance(f, bytes) else f for f in await self.redis.hkeys(key)]
        fields = [f for f in held if f.startswith(("tok:", "tid:"))]
        if fields:
            await self.redis.hdel(key, *fields)

    async def principal(self, token: str, by_cookie: bool = False) -> Principal:
        """Who `token` stands for; 401 for a token that is unknown, revoked, expired, or of a disabled account."""
        m = TOKEN.match(token)
        if m is None:
            raise Unauthorized("this is not an account's token (a session's or a personal one)")
        digest = m.group(2)
        acct = ak.fold(await self.accounts.store.read(ak.key_id(digest)))
        if acct is not None and acct.disabled:
            raise Unauthorized("this account is disabled")
        raw = await self.redis.hget(ak.secret(digest), "tok:" + token_sha(token))
        if raw is None:
            raise Unauthorized("this token is unknown, revoked or expired: sign in again")
        record = msgspec.json.decode(raw, type=Record)
        if acct is None or acct.id != record.account:
            raise Unauthorized("this token's account is gone")
        if record.kind == "token" and record.id not in acct.tokens:  # (the stream's word is the last)
            raise Unauthorized("this token is revoked")
        if record.expires and record.expires < time.time():
            await self.drop(acct, record.id)
            raise Unauthorized("this session has expired: sign in again")
        return Principal(account=acct, record=record, token=token, by_cookie=by_cookie)

    async def of_request(self, request: Request) -> Principal:
        """The caller of a request that needs an account: its bearer token, else its session cookie (a
        write by cookie with the session's CSRF value in X-CSRF-Token, else 403 `csrf-missing`)."""
        token = bearer(request)
        if token is not None:
            return await self.principal(token)
        cookie = request.cookies.get(SESSION_COOKIE)
        if not cookie:
            raise Unauthorized("sign in first (POST /sessions), or send an account's token as a bearer token")
        who = await self.principal(cookie, by_cookie=True)
        if request.method not in SAFE_METHODS:
            check_csrf(request, who.record)
        return who


def check_csrf(request: Request, record: Record) -> None:
    """403 `csrf-missing` unless a write signed in by cookie sends its session's CSRF value in X-CSRF-Token."""
    sent = request.headers.get(CSRF_HEADER, "")
    if not record.csrf or not hmac.compare_digest(sent.encode(), record.csrf.encode()):
        raise CsrfMissing(f"a write signed in by cookie sends the session's CSRF value in {CSRF_HEADER}")


def acct_digest(acct: Account) -> str:
    return digest_of(acct.name)
