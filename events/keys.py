"""Redis key names. Every key of one game carries the hash tag {game_id}, so a game lives on one
Redis Cluster shard; the notification stream is partitioned."""

import zlib

PREFIX = "caravan"
NOTIFY_PARTITIONS = 4


def stream(game_id: str) -> str:
    return f"{PREFIX}:{{{game_id}}}:events"


def meta(game_id: str) -> str:
    return f"{PREFIX}:{{{game_id}}}:meta"  # hash: version, head, status (written by append.lua)


def idem(game_id: str, key: str) -> str:
    return f"{PREFIX}:{{{game_id}}}:idem:{key}"


def secret(game_id: str) -> str:
    return f"{PREFIX}:{{{game_id}}}:secret"  # hash: seed -> the seed; tok:<sha256 of a token> -> its seat


def snapshot(game_id: str) -> str:
    return f"{PREFIX}:{{{game_id}}}:snapshot"  # the latest folded snapshot (derived data, never in the chain)


def snapshots(game_id: str) -> str:
    return f"{PREFIX}:{{{game_id}}}:snapshots"  # hash: version -> the folded snapshot then (for replays)


def notify(game_id: str) -> str:
    return notify_partition(zlib.crc32(game_id.encode()) % NOTIFY_PARTITIONS)


def notify_partition(p: int) -> str:
    return f"{PREFIX}:notify:{p}"


def all_notify() -> list[str]:
    return [notify_partition(p) for p in range(NOTIFY_PARTITIONS)]


GAMES = f"{PREFIX}:games"  # sorted set: game id -> creation time
WAITING = f"{PREFIX}:waiting"  # sorted set: game id -> since when it waits on a worker
TIMERS = f"{PREFIX}:timers"  # sorted set: game id -> when its acting seats' clock runs out
LOBBY = f"{PREFIX}:lobby"  # hash: game id -> lobby row (JSON)
LOBBY_CURSOR = f"{PREFIX}:lobby:cursor"  # hash: notify stream -> last id folded
