"""An account's keys: one Redis Cluster slot per account (its stream, meta and secret hash share the hash
tag), and names that read alike name the same keys (so the stream's first append decides who has a name)."""

from __future__ import annotations

from redis.crc import key_slot

from events import accounts as ak
from service.accounts import digest_of


def keys_of(name: str) -> list[str]:
    d = digest_of(name)
    return [ak.stream(d), ak.meta(d), ak.secret(d)]


def test_an_accounts_keys_hash_to_one_slot():
    for name in ("ann", "Bob Smith", "名前", "a}b{c", "x" * 200):
        assert len({key_slot(k.encode()) for k in keys_of(name)}) == 1, name


def test_every_key_carries_the_account_hash_tag():
    for k in keys_of("ann"):
        assert k.startswith("caravan:{acct:") and k.count("{") == k.count("}") == 1


def test_names_that_read_alike_name_the_same_keys():
    assert keys_of("ann") == keys_of("ANN") == keys_of(" ann ") == keys_of("\u0430nn") == keys_of("ａｎｎ")


def test_names_that_read_apart_name_other_keys():
    assert keys_of("ann") != keys_of("anne")
    assert len({key_slot(keys_of(f"player{i}")[0].encode()) for i in range(50)}) > 1  # spread over slots


def test_the_account_notification_stream_carries_a_hash_tag_too():
    assert ak.NOTIFY.startswith("caravan:{") and "}" in ak.NOTIFY
