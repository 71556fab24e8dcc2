"""The tabu search behind round robins at tables of more than two (service/round_robin.py): it takes a
schedule of fixed length and exchanges entrants between tables and byes until everyone has met everyone,
with the most-met pair meeting as few times as it can get them to.

Pure: the search draws only from the `random.Random` it is given and is bounded by a count of moves.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable

from service.pairing import Round, bye_counts

Plan = list[tuple[list[list[int]], list[int]]]  # rounds as (tables, byes), being worked on


class CoveringSearch:
    """Tabu search on a schedule of fixed length (the social golfer's local search, turned to covering).

    A pair that never meets costs UNMET; a pair that meets more than `most` times costs the excess.
    Each step takes one costly pair and makes the best exchange that involves it: two entrants of one
    round trade places (tables, or a table and a bye while bye counts stay within one), or two entrants
    trade a table and a bye in one round and back in another (bye counts unchanged). Recently moved
    (round, entrant)s stay put for a while. The best schedule where everyone has met is kept: fewest
    meetings for the most-met pair, then fewest pairs meeting that often."""

    UNMET, TENURE, SAMPLE, PATIENCE = 2, 5, 32, 400

    def __init__(self, n: int, k: int, plan: Plan, rng: random.Random):
        self.n, self.k, self.rng, self.work = n, k, rng, 0
        self.tables = [[list(t) for t in ts] for ts, _ in plan]
        self.out = [list(b) for _, b in plan]
        self.where = []
        for ts in self.tables:
            w = [-1] * n
            for i, t in enumerate(ts):
                for e in t:
                    w[e] = i
            self.where.append(w)
        self.byes = bye_counts((Round((), tuple(b)) for b in self.out), n)
        self.lo, self.hi = min(self.byes), max(self.byes)
        self.met = [0] * (n * n)
        self.hist = [0] * (len(plan) + 2)
        self.hist[0] = n * (n - 1) // 2
        self.top = 0
        self.aim(len(plan))
        for ts in self.tables:
            for t in ts:
                for a, b in itertools.combinations(t, 2):
                    self._meet(a, b, 1)
        self.best = self.key(), self.plan()

    def aim(self, most: int) -> None:
        """Cost pairs against `most` meetings at most."""
        n = self.n
        self.most = most
        v = self.v = [self.UNMET] + [max(0, x - most) for x in range(1, len(self.hist) + 1)]
        self.dec = [0] + [v[x - 1] - v[x] for x in range(1, len(self.hist))]
        self.inc = [v[x + 1] - v[x] for x in range(len(self.hist))]
        self.costly: list[int] = []  # the pairs (a * n + b) that cost: never met, or met more than `most` times
        self.at: dict[int, int] = {}  # pair -> its place in `costly`
        self.total = 0
        for a in range(n):
            for b in range(a + 1, n):
                if v[self.met[a * n + b]]:
                    self._flag(a * n + b)
                self.total += v[self.met[a * n + b]]

    def _flag(self, p: int) -> None:
        if p not in self.at:
            self.at[p] = len(self.costly)
            self.costly.append(p)

    def _unflag(self, p: int) -> None:
        i = self.at.pop(p, None)
        if i is not None:
            last = self.costly.pop()
            if i < len(self.costly):
                self.costly[i], self.at[last] = last, i

    def _meet(self, a: int, b: int, d: int) -> None:
        n, v = self.n, self.v
        p = a * n + b if a < b else b * n + a
        old = self.met[p]
        new = self.met[a * n + b] = self.met[b * n + a] = old + d
        self.hist[old] -= 1
        self.hist[new] += 1
        if new > self.top:
            self.top = new
        while not self.hist[self.top]:
            self.top -= 1
        self.total += v[new] - v[old]
        if v[new]:
            self._flag(p)
        elif v[old]:
            self._unflag(p)

    def key(self) -> tuple[int, int, int]:
        return self.hist[0], self.top, self.hist[self.top]

    def plan(self) -> Plan:
        return [([list(t) for t in ts], sorted(b)) for ts, b in zip(self.tables, self.out, strict=True)]

    def gain(self, r: int, x: int, y: int) -> int:
        """The change in cost if x and y trade places in round r."""
        n, met, dec, inc, w = self.n, self.met, self.dec, self.inc, self.where[r]
        d = 0
        for a, b in ((x, y), (y, x)):
            if w[a] >= 0:
                an, bn = a * n, b * n
                for u in self.tables[r][w[a]]:
                    if u != a:
                        d += dec[met[an + u]] + inc[met[bn + u]]
        return d

    def gain_and_back(self, r: int, x: int, y: int, r2: int) -> int:
        """The change in cost if x and y trade places in round r and back in round r2."""
        n, met, v = self.n, self.met, self.v
        change: dict[int, int] = {}  # pair -> change in its meetings
        for q in (r, r2):
            w = self.where[q]
            for a, b in ((x, y), (y, x)):
                if w[a] >= 0:
                    for u in self.tables[q][w[a]]:
                        if u != a:
                            change[a * n + u] = change.get(a * n + u, 0) - 1
                            change[b * n + u] = change.get(b * n + u, 0) + 1
        return sum(v[met[p] + d] - v[met[p]] for p, d in change.items() if d)

    def trade(self, r: int, x: int, y: int) -> None:
        w = self.where[r]
        for a, b in ((x, y), (y, x)):
            if w[a] >= 0:
                t = self.tables[r][w[a]]
                for u in t:
                    if u != a:
                        self._meet(a, u, -1)
                        self._meet(b, u, 1)
        for a, b in ((x, y), (y, x)):
            if w[a] >= 0:
                t = self.tables[r][w[a]]
                t[t.index(a)] = b
            else:
                self.out[r][self.out[r].index(a)] = b
                self.byes[a] -= 1
                self.byes[b] += 1
        w[x], w[y] = w[y], w[x]

    def _allowed(self, r: int, x: int, y: int) -> bool:
        w = self.where[r]
        if w[x] == w[y]:
            return False
        if w[y] < 0:
            x, y = y, x
        return w[x] >= 0 or (self.byes[x] - 1 >= self.lo and self.byes[y] + 1 <= self.hi)

    def _and_back(self, r: int, x: int, ys: Iterable[int]) -> list[tuple[int, ...]]:
        """x trades with y in round r (one of them sitting out) and back in a round where the other does."""
        w = self.where[r]
        moves: list[tuple[int, ...]] = []
        for y in ys:
            for r2, w2 in enumerate(self.where):
                if (w2[x] < 0) != (w[x] < 0) and (w2[y] < 0) != (w[y] < 0) and (w2[x] < 0) != (w2[y] < 0):
                    moves.append((r, x, y, r2))
        return moves

    def moves(self, p: int) -> list[tuple[int, ...]]:
        a, b = divmod(p, self.n)
        moves: list[tuple[int, ...]] = []
        if self.met[p]:
            rounds = [r for r, w in enumerate(self.where) if w[a] >= 0 and w[a] == w[b]]
        else:
            rounds = [r for r, w in enumerate(self.where) if w[a] != w[b]]
        for r in rounds:
            w = self.where[r]
            if self.met[p] == 0:  # bring them to one table
                for x, y in ((a, b), (b, a)):
                    if w[y] >= 0:
                        others = [u for u in self.tables[r][w[y]] if u != y]
                        moves += [(r, x, u) for u in others]
                        if w[x] < 0:
                            moves += self._and_back(r, x, others)
            else:  # part them
                others = [u for u in range(self.n) if w[u] != w[a]]
                if len(others) > self.SAMPLE:
                    others = self.rng.sample(others, self.SAMPLE)
                for x in (a, b):
                    moves += [(r, x, u) for u in others]
                    moves += self._and_back(r, x, self.out[r])
        return moves

    def run(self, steps: int, work: int) -> bool:
        """Up to `steps` exchanges (and `work` evaluated moves in all runs), stopping after PATIENCE
        exchanges without a new low; True when no pair is costly any more."""
        rng, low, since = self.rng, self.total, 0
        tabu: dict[tuple[int, int], int] = {}  # (round, entrant) -> the step until which it stays put
        for step in range(steps):
            if not self.costly or self.work >= work or since > self.PATIENCE:
                break
            best, chosen = None, []
            for move in self.moves(self.costly[rng.randrange(len(self.costly))]):
                r, x, y = move[:3]
                self.work += 1
                if len(move) == 3:
                    if not self._allowed(r, x, y):
                        continue
                    d = self.gain(r, x, y)
                else:
                    d = self.gain_and_back(r, x, y, move[3])
                if best is not None and d > best:
                    continue
                held = any(tabu.get((q, e), -1) >= step for q in move[::3] for e in (x, y))
                if held and self.total + d >= low:
                    continue
                if best is None or d < best:
                    best, chosen = d, [move]
                elif d == best:
                    chosen.append(move)
            if not chosen:
                continue
            move = chosen[rng.randrange(len(chosen))]
            tenure = max(self.TENURE, self.n // 2)
            for q in move[::3]:
                self.trade(q, move[1], move[2])
                for e in move[1:3]:
                    tabu[q, e] = step + tenure + rng.randrange(tenure)
            low, since = (self.total, 0) if self.total < low else (low, since + 1)
            if self.key() < self.best[0]:
                self.best = self.key(), self.plan()
        return not self.costly
