"""Passwords: the rules a new one meets, and hashing with argon2id (argon2-cffi) at OWASP's recommended
setting (19 MiB, 2 passes, 1 lane), off the event loop: a hash takes a core for some 70 ms (in a thread:
the loop serves every other request meanwhile). argon2-cffi's own default (64 MiB, 3 passes, 4 lanes)
took 0.5 s a hash on a 2-core machine, 4 cores' worth of work a sign-in. A hash names its parameters,
so hashes made at another setting still verify.

A password has at least MIN_LENGTH characters and is not one of the most common: common_passwords.json
holds the passwords of 10 characters or more among the 20,000 most common (the list Django ships,
django/contrib/auth/common-passwords.txt.gz, BSD licence; shorter ones are refused by length already),
compared case-folded."""

from __future__ import annotations

import asyncio
import functools
import json
from importlib.resources import files

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from service.errors import Invalid

MIN_LENGTH, MAX_LENGTH = 10, 1000  # (an upper bound: a megabyte's password would be hashed all the same)
_HASHER = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)


class WeakPassword(Invalid):
    code = "weak-password"


@functools.cache
def common() -> frozenset[str]:
    return frozenset(json.loads(files("service").joinpath("common_passwords.json").read_text()))


def check(password: str, name: str) -> None:
    """Refuse a password too short, too long, common, or the account's name itself."""
    if not MIN_LENGTH <= len(password) <= MAX_LENGTH:
        raise WeakPassword(f"a password has {MIN_LENGTH} to {MAX_LENGTH} characters (this one has {len(password)})")
    if password.casefold() in common():
        raise WeakPassword("this password is one of the most common ones: choose another")
    if password.casefold() == name.casefold():
        raise WeakPassword("a password may not be the account's name")


async def hashed(password: str) -> str:
    return await asyncio.to_thread(_HASHER.hash, password)


def outdated(stored: str) -> bool:
    """Whether a hash was made at another setting than today's (sign-in then hashes the password anew)."""
    return _HASHER.check_needs_rehash(stored)


async def verified(stored: str | None, password: str) -> bool:
    """Whether `password` matches `stored` (an argon2 hash); with no hash stored (no such account), a hash
    is checked all the same, so the answer takes as long either way."""
    return await asyncio.to_thread(_verify, stored, password)


@functools.cache
def _stand_in() -> str:
    return _HASHER.hash("a password no account has")


def _verify(stored: str | None, password: str) -> bool:
    try:
        return _HASHER.verify(stored or _stand_in(), password) and stored is not None
    except (VerificationError, InvalidHashError):
        return False
