"""Accounts: creating one, reading it back, and the changes its owner or the arbiter make, each an event
in the account's stream (events/accounts.py). Secrets (the password's hash, tokens' hashes) are written
to the account's secret hash only (service/credentials.py reads them back), never to the stream."""

from __future__ import annotations

import hashlib
import secrets

from redis.asyncio import Redis

from events import accounts as ak
from events.accounts import Account, AccountCreated, AccountDisabled, AccountEvents, TokenIssued, TokenRevoked
from events.envelope import seal
from events.store import EventStore, VersionConflict
from games.naming import looks
from service import passwords
from service.errors import Conflict, DomainError, Invalid, NotFound
from service.players import check_name, check_selectable

TRIES = 8  # appends that lose a race to another change of the same account are tried again this often


class NameTaken(DomainError):
    status, code = 409, "name-taken"


def digest_of(name: str) -> str:
    """Where an account named `name` lives: 24 hex digits of SHA-256 over how the name reads (games.naming.
    looks), so `Ann`, `ANN` and `Аnn` (a Cyrillic А) are one account's keys."""
    return hashlib.sha256(looks(name).encode()).hexdigest()[:24]


def check_account_name(name: str) -> str:
    """The player-name rules (service/players.py: visible, printable, not read as a seat or the arbiter),
    and no ':' or '@' (they mark an AI level and an account in a seat spec)."""
    name = check_name(name, "an account's name")
    check_selectable(name)
    if any(c in name for c in ":@"):
        raise Invalid(f"an account's name holds no ':' or '@' (they mean an AI level and an account in a "
                      f"player spec), not {name[:20]!r}")
    return name


class Accounts:
    def __init__(self, redis: Redis, cluster: bool = False):
        self.redis = redis
        self.store = EventStore(redis, notify=lambda _: ak.NOTIFY, cluster=cluster)

    async def create(self, name: str, password: str, bot: bool = False) -> Account:
        """A new account; 409 `name-taken` when one reads as `name` already (its case, width, accents or
        look-alike letters aside). The password's hash is written first under the new account's own id
        (an orphan, harmless, if the name turns out taken), then the stream's first event, which only the
        first creator of a name can append."""
        name = check_account_name(name)
        passwords.check(password, name)
        digest, account_id = digest_of(name), "a-" + secrets.token_hex(8)
        if await self.store.head(ak.key_id(digest)) != (0, ""):
            raise NameTaken(f"an account whose name reads as {name!r} exists already: choose another name")
        await self.redis.hset(ak.secret(digest), "pw:" + account_id, await passwords.hashed(password))
        try:
            await self.store.append(ak.key_id(digest), 0, [seal(1, "account", AccountCreated(
                id=account_id, name=name, bot=bot), "")], status="active")
        except VersionConflict:
            await self.redis.hdel(ak.secret(digest), "pw:" + account_id)
            raise NameTaken(f"an account whose name reads as {name!r} exists already: choose another name") from None
        return await self.get(name)

    async def find(self, name: str) -> Account | None:
        if not name or len(name) > 200:
            return None
        return ak.fold(await self.store.read(ak.key_id(digest_of(name))))

    async def get(self, name: str) -> Account:
        acct = await self.find(name)
        if acct is None:
            raise NotFound(f"no account {name[:100]!r}")
        return acct

    async def set_password_hash(self, acct: Account, hashed: str) -> None:
        await self.redis.hset(ak.secret(digest_of(acct.name)), "pw:" + acct.id, hashed)

    async def password_hash(self, acct: Account) -> str | None:
        raw = await self.redis.hget(ak.secret(digest_of(acct.name)), "pw:" + acct.id)
        return raw.decode() if isinstance(raw, bytes) else raw

    async def change(self, name: str, actor: str, event: AccountEvents) -> Account:
        """Append `event` to the account's stream after its last (tried again when another change won)."""
        key = ak.key_id(digest_of(name))
        for _ in range(TRIES):
            version, head = await self.store.head(key)
            if version == 0:
                raise NotFound(f"no account {name[:100]!r}")
            status = "disabled" if isinstance(event, AccountDisabled) else ""
            try:
                await self.store.append(key, version, [seal(version + 1, actor, event, head)], status=status)
                return await self.get(name)
            except VersionConflict:
                continue
        raise Conflict("the account changed too often meanwhile: try again")

    async def issue(self, acct: Account, label: str, scopes: tuple[str, ...]) -> tuple[str, Account]:
        """A personal access token's id (its record and hash are service/credentials.py's)."""
        token_id = "t-" + secrets.token_hex(6)
        return token_id, await self.change(acct.name, "account", TokenIssued(id=token_id, label=label, scopes=scopes))

    async def revoke(self, acct: Account, token_id: str) -> Account:
        if token_id not in acct.tokens:
            raise NotFound(f"no token {token_id[:40]!r} of this account")
        return await self.change(acct.name, "account", TokenRevoked(id=token_id))

    async def disable(self, name: str, reason: str) -> Account:
        acct = await self.get(name)
        if acct.disabled:
            raise Conflict(f"the account {acct.name!r} is disabled already")
        return await self.change(acct.name, "arbiter", AccountDisabled(by="arbiter", reason=reason))

    async def delete(self, acct: Account) -> None:
        """Every key of the account at once (its stream, meta and secret hash: one slot, one command), so
        nothing of it remains and its sessions and tokens stop; the name is free again."""
        digest = digest_of(acct.name)
        await self.redis.delete(ak.stream(digest), ak.meta(digest), ak.secret(digest))
