"""Provably fair chance: every outcome derives from a secret seed committed before play.

The seed's SHA-256 is published when a game is created; the seed itself when it ends. The outcome of
the chance step recorded at event `version` is `sample_chance(spec, HashRng(seed, game_id, version))`,
so anyone holding the finished log can recompute every outcome. HashRng is SHA-256 in counter mode
with rejection sampling: the same on every machine and every Python version.
"""

from __future__ import annotations

import hashlib
import secrets

_BITS = 64


def new_seed() -> str:
    return secrets.token_hex(32)


def commitment(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


class HashRng:
    """A deterministic stream of random numbers from (seed, game id, version[, entropy])."""

    def __init__(self, seed: str, game_id: str, version: int, entropy: str = ""):
        self._key = hashlib.sha256(f"{seed}|{game_id}|{version}|{entropy}".encode()).digest()
        self._counter = 0

    def _next64(self) -> int:
        block = hashlib.sha256(self._key + self._counter.to_bytes(8, "big")).digest()
        self._counter += 1
        return int.from_bytes(block[:8], "big")

    def randrange(self, n: int) -> int:
        if n <= 0:
            raise ValueError("randrange needs n > 0")
        limit = (1 << _BITS) - ((1 << _BITS) % n)  # reject the biased tail
        while True:
            x = self._next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        return (self._next64() >> 11) / float(1 << 53)
