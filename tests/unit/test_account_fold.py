"""An account folded from its stream, and the password rules: no store, no server."""

from __future__ import annotations

import asyncio

import pytest

from events.accounts import AccountCreated, AccountDisabled, TokenIssued, TokenRevoked, fold
from events.envelope import check_chain, seal, seal_payload
from service import passwords
from service.errors import Invalid


def stream(*events):
    out, prev = [], ""
    for i, e in enumerate(events, start=1):
        out.append(seal(i, "account", e, prev))
        prev = out[-1].hash
    return out


def test_no_events_is_no_account():
    assert fold([]) is None


def test_tokens_issued_and_revoked_leave_the_live_ones():
    acct = fold(stream(AccountCreated(id="a-1", name="ann"), TokenIssued(id="t-1", label="cli", scopes=("play",)),
                       TokenIssued(id="t-2", label="bot", scopes=("play", "create")), TokenRevoked(id="t-1")))
    assert (acct.name, acct.bot, acct.disabled, acct.version) == ("ann", False, False, 4)
    assert list(acct.tokens) == ["t-2"] and acct.tokens["t-2"].scopes == ("play", "create")


def test_a_disabled_account_folds_disabled():
    assert fold(stream(AccountCreated(id="a-1", name="ann", bot=True), AccountDisabled(by="arbiter"))).disabled


def test_a_kind_this_code_does_not_know_changes_nothing():
    events = stream(AccountCreated(id="a-1", name="ann"))
    events.append(seal_payload(2, "account", "renamed", {"to": "bob"}, events[-1].hash))
    acct = fold(events)
    assert acct.name == "ann" and acct.version == 2


def test_an_account_stream_is_hash_chained_like_a_games():
    events = stream(AccountCreated(id="a-1", name="ann"), TokenIssued(id="t-1", label="cli", scopes=("play",)))
    assert check_chain(events) is None


@pytest.mark.parametrize("password, name", [("short", "ann"), ("x" * 1001, "ann"), ("Basketball", "ann"),
                                            ("1234567890", "ann"), ("annabelle1", "Annabelle1")])
def test_a_weak_password_is_refused(password, name):
    with pytest.raises(Invalid) as refused:
        passwords.check(password, name)
    assert refused.value.code == "weak-password"


def test_a_long_uncommon_password_passes():
    passwords.check("a long enough passphrase", "ann")


def test_a_hash_verifies_its_password_only_and_no_hash_verifies_nothing():
    stored = asyncio.run(passwords.hashed("a long enough passphrase"))
    assert stored.startswith("$argon2id$") and "passphrase" not in stored
    assert asyncio.run(passwords.verified(stored, "a long enough passphrase"))
    assert not asyncio.run(passwords.verified(stored, "a long enough passphrasE"))
    assert not asyncio.run(passwords.verified(None, "a long enough passphrase"))


def test_a_hash_made_at_another_setting_is_outdated():
    from argon2 import PasswordHasher

    assert passwords.outdated(PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1).hash("x" * 12))
    assert not passwords.outdated(asyncio.run(passwords.hashed("x" * 12)))
