"""The bodies of the account routes (service/account_routes.py, service/session_routes.py). No answer
holds a password or a hash; a token appears in the one answer that makes it."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]  # (the name rules then: service/accounts.py)
Password = Annotated[str, msgspec.Meta(min_length=1, max_length=1000)]
Scope = Literal["play", "create", "organise", "analyse"]
SCOPES: tuple[Scope, ...] = ("play", "create", "organise", "analyse")  # (events.accounts.SCOPES, typed)


class NewAccount(msgspec.Struct, forbid_unknown_fields=True):
    name: Name
    password: Password  # at least 10 characters, not one of the most common passwords
    bot: bool = False  # a bot signs in only with personal tokens: its first one comes back here


class AccountMade(msgspec.Struct, omit_defaults=True):
    name: str
    bot: bool
    created: str
    token: str | None = None  # a bot's first personal token (every scope), shown this once


class SignIn(msgspec.Struct, forbid_unknown_fields=True):
    name: Name
    password: Password


class SignedIn(msgspec.Struct):
    token: str  # the session's bearer token (a browser gets it as an HttpOnly cookie too)
    name: str
    csrf: str  # send it back in X-CSRF-Token with every write signed in by the cookie
    expires: float  # unix time


class Me(msgspec.Struct):
    name: str
    bot: bool
    created: str
    credential: Literal["session", "token"]  # what this request came with
    scopes: list[Scope]  # what it may do


class Profile(msgspec.Struct):
    """An account as anyone may read it."""

    name: str
    bot: bool
    created: str
    ratings: list[dict[str, Any]]  # per game type (none yet: ratings come with issue 57's later part)
    recent_games: list[dict[str, Any]]


class NewToken(msgspec.Struct, forbid_unknown_fields=True):
    label: Annotated[str, msgspec.Meta(min_length=1, max_length=100)]
    scopes: Annotated[list[Scope], msgspec.Meta(min_length=1, max_length=4)]


class TokenRow(msgspec.Struct):
    id: str
    label: str
    scopes: list[Scope]
    created: str


class TokenMade(msgspec.Struct):
    id: str
    label: str
    scopes: list[Scope]
    created: str
    token: str  # shown this once: only its hash is kept


class Disable(msgspec.Struct, forbid_unknown_fields=True):
    reason: Annotated[str, msgspec.Meta(max_length=200)] = ""


class Disabled(msgspec.Struct):
    name: str
    disabled: bool
