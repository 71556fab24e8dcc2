"""An account's stream: its changes as events, hash-chained like a game's (events/envelope.py).

Every key of one account carries the hash tag `{acct:<digest>}`, the digest of its name as it reads
(service/accounts.py: games.naming.looks folds case, width, accents and look-alike letters), so an account lives on one
Redis Cluster slot and two names that read alike name the same keys: the stream's first append (expected
version 0) is the one check that a name is free, atomic on one server and on a cluster alike.

Keys (events.keys' shapes, with the account's id for a game's):
  caravan:{acct:<digest>}:events   the stream (never holds a secret)
  caravan:{acct:<digest>}:meta     version, head, status ("active" | "disabled")
  caravan:{acct:<digest>}:secret   hash: pw:<account id> -> the password's argon2 hash;
                                   tok:<sha256 of a token> -> the token's record (service/credentials.py)
The secret hash is in no chain, export, log or answer.
"""

from __future__ import annotations

from typing import Any

import msgspec

from events import keys
from events.envelope import Envelope
from events.kinds import Event

NOTIFY = f"{keys.PREFIX}:{{accounts}}:notify"  # every account append, for the projections to come (a slot of its own)
SCOPES = ("play", "create", "organise", "analyse")


def key_id(digest: str) -> str:
    """The id an account's keys are named by (`digest`: 24 hex digits, service/accounts.py's `digest_of`)."""
    return f"acct:{digest}"


def stream(digest: str) -> str:
    return keys.stream(key_id(digest))


def meta(digest: str) -> str:
    return keys.meta(key_id(digest))


def secret(digest: str) -> str:
    return keys.secret(key_id(digest))


class AccountEvent(Event, frozen=True):
    pass


class AccountCreated(AccountEvent, frozen=True, tag="created"):
    id: str  # drawn at creation: a later account of the same name (none yet: names are kept) is another
    name: str
    bot: bool = False


class TokenIssued(AccountEvent, frozen=True, tag="token-issued"):
    """A personal access token made: what it may do, never the token (its hash is in the secret hash)."""

    id: str
    label: str
    scopes: tuple[str, ...]


class TokenRevoked(AccountEvent, frozen=True, tag="token-revoked"):
    id: str


class AccountDisabled(AccountEvent, frozen=True, tag="disabled"):
    by: str  # "arbiter"
    reason: str = ""


AccountEvents = AccountCreated | TokenIssued | TokenRevoked | AccountDisabled


def event_of(e: Envelope) -> AccountEvents | None:
    """The typed event of an account envelope (None: a kind this code does not know)."""
    if e.payload is None or e.kind not in {t.kind() for t in AccountEvents.__args__}:
        return None
    return msgspec.convert({**e.payload, "kind": e.kind}, AccountEvents)


class TokenInfo(msgspec.Struct, frozen=True):
    id: str
    label: str
    scopes: tuple[str, ...]
    created: str


class Account(msgspec.Struct):
    """An account folded from its stream."""

    id: str
    name: str
    bot: bool
    created: str
    version: int = 0
    disabled: bool = False
    tokens: dict[str, TokenInfo] = msgspec.field(default_factory=dict)  # live personal tokens by id


def fold(events: list[Envelope]) -> Account | None:
    """The account its events tell (None: no account)."""
    acct: Account | None = None
    for e in events:
        match event_of(e):
            case AccountCreated(id=aid, name=name, bot=bot):
                acct = Account(id=aid, name=name, bot=bot, created=e.at)
            case TokenIssued(id=tid, label=label, scopes=scopes) if acct:
                acct.tokens[tid] = TokenInfo(tid, label, scopes, e.at)
            case TokenRevoked(id=tid) if acct:
                acct.tokens.pop(tid, None)
            case AccountDisabled() if acct:
                acct.disabled = True
        if acct is not None:
            acct.version = e.version
    return acct


def public(acct: Account) -> dict[str, Any]:
    return {"name": acct.name, "bot": acct.bot, "created": acct.created}
