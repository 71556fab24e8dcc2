"""Redis replies as our clients get them.

No client of ours asks redis-py to decode responses (events/connect.py), so every reply holds bytes.
redis-py types a reply as `bytes | str` and XREAD's as a union of shapes, since it cannot know how a
client was made. These functions say once what each reply is, for the type checker; at run time they
return what they are given.
"""

from __future__ import annotations

from typing import Any, TypeAlias, cast

Fields: TypeAlias = dict[bytes, bytes]
Entry: TypeAlias = tuple[bytes, Fields]  # one stream entry: (id, fields)
Streams: TypeAlias = list[tuple[bytes, list[Entry]]]  # XREAD: (stream, entries) per stream


def blob(reply: Any) -> bytes | None:
    """GET, HGET: the value, or None when there is none."""
    return cast("bytes | None", reply)


def blobs(reply: Any) -> list[bytes | None]:
    """HMGET: each field's value, None where a field is missing."""
    return cast("list[bytes | None]", reply)


def members(reply: Any) -> list[bytes]:
    """ZRANGE, HKEYS, SMEMBERS as a list."""
    return cast("list[bytes]", reply)


def fields(reply: Any) -> Fields:
    """HGETALL."""
    return cast(Fields, reply)


def entries(reply: Any) -> list[Entry]:
    """XRANGE, XREVRANGE."""
    return cast("list[Entry]", reply)


def streams(reply: Any) -> Streams:
    """XREAD: empty when the read timed out (redis-py gives None then)."""
    return cast(Streams, reply or [])
