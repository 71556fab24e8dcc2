"""The event envelope and its hash chain.

Every event of a game is one envelope: `version` (1, 2, 3 … without gaps), `actor` (a seat number, or
"system", "chance", "arbiter"), `kind`, `payload`, `visible_to` (the seats that may read the payload
before the game ends; None: everyone), `at` (UTC time, ISO 8601), `prev` (the hash of the previous
envelope; "" for version 1), `payload_hash` and `hash`: SHA-256 over the canonical JSON of all the
other fields except the payload itself, which enters through `payload_hash`.

`payload_hash` is SHA-256 of a salt and the payload's canonical JSON. A public payload has no salt; a
secret one (a hidden plan, a private draw) is salted with a value derived from the game's secret seed,
so nobody can guess a small secret from its hash, yet anyone can walk the chain while payloads are
withheld, and check every payload against its hash once the seed is revealed at the end. An edited
payload, actor or time, a dropped, inserted or reordered event: each breaks the chain.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from typing import Any

import msgspec

from events.kinds import GAME, Event, decode, payload_of

GENESIS = ""

Actor = int | str  # a seat, or "system" | "chance" | "arbiter"


class Envelope(msgspec.Struct, frozen=True, omit_defaults=False, dict=True):
    """`payload` is the JSON object as stored, which the hash covers; `event()` is its typed form."""

    version: int
    actor: Actor
    kind: str
    payload: dict[str, Any] | None
    visible_to: tuple[int, ...] | None = None
    at: str = ""
    prev: str = GENESIS
    payload_hash: str = ""
    hash: str = ""

    def event(self, family: str = GAME) -> Event | None:
        """The payload as its kind's struct (events/kinds.py), decoded once; None while withheld."""
        got = self.__dict__.get("_event")
        if got is None and self.payload is not None:
            got = self.__dict__["_event"] = decode(self.kind, self.payload, family)
        return got


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def canonical(e: Envelope) -> bytes:
    """The bytes the hash covers: every field but `hash` and `payload` (it counts through
    `payload_hash`), keys sorted, no spaces."""
    body = {
        "version": e.version,
        "actor": e.actor,
        "kind": e.kind,
        "payload_hash": e.payload_hash,
        "visible_to": list(e.visible_to) if e.visible_to is not None else None,
        "at": e.at,
        "prev": e.prev,
    }
    return msgspec.json.encode(body, order="sorted")


def payload_digest(payload: dict[str, Any] | None, salt: str = "") -> str:
    """None (a payload withheld where it should not be) digests too, and then matches no hash."""
    return hashlib.sha256(salt.encode() + b"|" + msgspec.json.encode(payload, order="sorted")).hexdigest()


def secret_salt(seed: str, game_id: str, version: int) -> str:
    """The salt of a secret payload: knowable only with the seed (revealed when the game ends)."""
    return hashlib.sha256(f"salt|{seed}|{game_id}|{version}".encode()).hexdigest()


def digest(e: Envelope) -> str:
    return hashlib.sha256(canonical(e)).hexdigest()


def seal(version: int, actor: Actor, event: Event, prev: str,
         visible_to: tuple[int, ...] | None = None, at: str | None = None, salt: str = "") -> Envelope:
    """A new envelope for `event`, chained to `prev`, its hashes filled in (`salt` for a secret payload)."""
    e = seal_payload(version, actor, event.kind(), payload_of(event), prev, visible_to, at, salt)
    e.__dict__["_event"] = event
    return e


def seal_payload(version: int, actor: Actor, kind: str, payload: dict[str, Any], prev: str,
                 visible_to: tuple[int, ...] | None = None, at: str | None = None, salt: str = "") -> Envelope:
    """`seal` for a payload given as JSON (tests and benches that write raw logs)."""
    e = Envelope(version=version, actor=actor, kind=kind, payload=payload, visible_to=visible_to,
                 at=at or now(), prev=prev, payload_hash=payload_digest(payload, salt))
    return msgspec.structs.replace(e, hash=digest(e))


class ChainBreak(msgspec.Struct, frozen=True):
    version: int
    reason: str


def check_chain(events: list[Envelope], start_prev: str = GENESIS, start_version: int = 1,
                salt_of=None) -> ChainBreak | None:
    """The first place where the chain breaks, or None when every link holds. Payloads are checked
    against `payload_hash` where they are present and their salt is known: public ones always, secret
    ones when `salt_of(version)` is given (with the revealed seed)."""
    prev, expected = start_prev, start_version
    for e in events:
        if e.version != expected:
            return ChainBreak(expected, f"expected version {expected}, found {e.version} (an event was dropped, inserted or reordered)")
        if e.prev != prev:
            return ChainBreak(e.version, "prev does not match the hash of the event before it")
        if digest(e) != e.hash:
            return ChainBreak(e.version, "hash does not match the envelope (its contents were edited)")
        if e.payload is not None and (e.visible_to is None or salt_of is not None):
            salt = "" if e.visible_to is None else salt_of(e.version)
            if payload_digest(e.payload, salt) != e.payload_hash:
                return ChainBreak(e.version, "the payload does not match its payload_hash (it was edited)")
        prev, expected = e.hash, expected + 1
    return None


encoder = msgspec.json.Encoder()
decoder = msgspec.json.Decoder(Envelope)


def redacted(e: Envelope, seat: int | None, everything: bool = False, opened: int = 0) -> dict[str, Any]:
    """The envelope as `seat` may read it: payload withheld unless public, its own, a seat's move up to
    version `opened` (that move turned it face up), or the game is over."""
    d = msgspec.structs.asdict(e)
    shown = (everything or e.visible_to is None or (seat is not None and seat in e.visible_to)
             or (e.version <= opened and e.kind == "move"))
    if not shown:
        d["payload"] = None
        d["redacted"] = True
    return d
