"""Tournament formats, pure: who sits at which table, in which seat, round by round.

Entrants are numbered 0..n-1 in their seeding order. A round is a tuple of tables (each a tuple of
entrants in seat order: the first sits in seat 0) and the entrants who sit out (byes). Nothing here
reads a clock or a global RNG: the same inputs give the same rounds on every machine.

This module holds that vocabulary (`Round`, meetings, seat and bye counts), the seats, Swiss,
withdrawals and duplicate seeds. The round robin's schedules (the circle method, and the tabu search for
bigger tables) are service/round_robin.py's, which builds on the vocabulary here.

Seats
  `balance_seats` seats a round table by table, the most unbalanced entrants first; `even_seats` seats a
  whole schedule so that each entrant sits in each seat g//K or g//K + 1 times, g its games.
Swiss
  Tables of 2..max. Entrants are ordered by the standings; the n % K lowest placed who have had the
  fewest byes sit out; the rest are grouped top-down into tables of entrants close in the standings,
  with a search that first looks for a round with no repeated meeting at all, then with one, two, …
  repeats, so a repeat happens only when it cannot be avoided. The search is exhaustive for tables of
  2 at any practical size; for big tables late in a long event it may hit its node budget and then
  groups greedily, fewest repeats first. Seats are balanced table by table (`balance_seats`).
Withdrawals
  A withdrawn entrant is left out of every later round: Swiss pairs the others only; a round robin's
  fixed schedule drops the tables it sat at, its scheduled opponents sitting the round out (`without`).
  Fewer entrants left than a table holds: the round is all byes.
Duplicate
  `round_seed(secret, round)`: one seed per round, shared by every table of that round.
"""


from __future__ import annotations

import hashlib
import itertools
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

FORMATS = ("round-robin", "swiss")
SEARCH_BUDGET = 50_000  # nodes the Swiss grouping search may visit before it settles for greedy


class Round(NamedTuple):
    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()


Pair = frozenset[int]


def pairs_of(table: Sequence[int]) -> Iterable[Pair]:
    return (frozenset(p) for p in itertools.combinations(table, 2))


def meetings(rounds: Iterable[Round]) -> Counter:
    """How often each pair of entrants has shared a table."""
    met: Counter = Counter()
    for r in rounds:
        for t in r.tables:
            met.update(pairs_of(t))
    return met


def seat_counts(rounds: Iterable[Round], n: int, k: int) -> list[list[int]]:
    """counts[entrant][seat]: how often each entrant sat in each seat."""
    counts = [[0] * k for _ in range(n)]
    for r in rounds:
        for t in r.tables:
            for seat, e in enumerate(t):
                counts[e][seat] += 1
    return counts


def bye_counts(rounds: Iterable[Round], n: int) -> list[int]:
    got = [0] * n
    for r in rounds:
        for e in r.byes:
            got[e] += 1
    return got


# --- seats -----------------------------------------------------------------------------------------

def seat_table(group: Sequence[int], counts: list[list[int]]) -> tuple[int, ...]:
    """The seat order for one table that keeps seat counts most even: the permutation minimising the
    sum of squared counts after this game (the given order wins ties). Updates `counts`."""
    best, best_cost = tuple(group), None
    for perm in itertools.permutations(group):
        cost = sum((counts[e][seat] + 1) ** 2 for seat, e in enumerate(perm))
        if best_cost is None or cost < best_cost:
            best, best_cost = perm, cost
    for seat, e in enumerate(best):
        counts[e][seat] += 1
    return best


def balance_seats(groups: Sequence[Sequence[int]], counts: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    """Seat every table of a round, the tables whose entrants are most unbalanced first."""
    order = sorted(range(len(groups)), key=lambda i: -max(max(counts[e]) - min(counts[e]) for e in groups[i]))
    seated: dict[int, tuple[int, ...]] = {}
    for i in order:
        seated[i] = seat_table(groups[i], counts)
    return tuple(seated[i] for i in range(len(groups)))


def rebalance(rounds: Sequence[Round], n: int, k: int, passes: int = 20) -> list[Round]:
    """Improve a whole schedule's seat balance: re-seat one table at a time given all the others
    (coordinate descent on the sum of squared seat counts) until nothing improves."""
    tables = [list(r.tables) for r in rounds]
    counts = seat_counts(rounds, n, k)
    for _ in range(passes):
        improved = False
        for row in tables:
            for i, t in enumerate(row):
                for seat, e in enumerate(t):
                    counts[e][seat] -= 1
                before = sum((counts[e][seat] + 1) ** 2 for seat, e in enumerate(t))
                best = seat_table(sorted(t), counts)
                after = sum(counts[e][seat] ** 2 for seat, e in enumerate(best))
                if after < before:
                    row[i], improved = best, True
                else:
                    for seat, e in enumerate(best):
                        counts[e][seat] -= 1
                    for seat, e in enumerate(t):
                        counts[e][seat] += 1
        if not improved:
            break
    return [Round(tuple(row), r.byes) for row, r in zip(tables, rounds, strict=True)]


def even_seats(rounds: Sequence[Round], n: int, k: int) -> list[Round]:
    """Seats in which every entrant sits in each seat g//k or g//k + 1 times (g: its games), which is
    always possible (an equitable edge colouring, de Werra). While someone sits in seat a at least twice
    more than in seat b, every table's occupants of seats a and b are paired again: each table is an edge
    between the two, the edges are walked as trails, and the entrant a trail leaves by takes seat a, the
    one it arrives at seat b. Each entrant is then left about as often as arrived at, so its counts of a
    and b end up within one; nobody's get further apart."""
    tables = [list(t) for r in rounds for t in r.tables]
    counts = seat_counts(rounds, n, k)
    while True:
        e = max(range(n), key=lambda e: (max(counts[e]) - min(counts[e]), -e))
        if max(counts[e]) - min(counts[e]) <= 1:
            break
        a, b = counts[e].index(max(counts[e])), counts[e].index(min(counts[e]))
        ends: list[list[int]] = [[] for _ in range(n)]
        for i, t in enumerate(tables):
            ends[t[a]].append(i)
            ends[t[b]].append(i)
        left, used = [len(x) for x in ends], [False] * len(tables)
        for odd_first in (True, False):
            for start in range(n):
                if odd_first and left[start] % 2 == 0:
                    continue
                u = start
                while left[u]:
                    i = next(i for i in ends[u] if not used[i])
                    t, used[i] = tables[i], True
                    w = t[b] if t[a] == u else t[a]
                    t[a], t[b] = u, w
                    left[u], left[w] = left[u] - 1, left[w] - 1
                    u = w
        for x in range(n):
            counts[x][a] = counts[x][b] = 0
        for t in tables:
            counts[t[a]][a] += 1
            counts[t[b]][b] += 1
    it = iter(tables)
    return [Round(tuple(tuple(next(it)) for _ in r.tables), r.byes) for r in rounds]


# --- Swiss -----------------------------------------------------------------------------------------

def swiss_rounds(n: int, k: int) -> int:
    """The default number of Swiss rounds: enough for one clear winner, log base k of n, at least 1
    (tables of 2: ceil(log2 n), as in chess)."""
    check_size(n, k)
    return max(1, math.ceil(math.log(n) / math.log(k) - 1e-9))


def _group(players: list[int], k: int, met: Counter, allowance: int, budget: list[int]) -> list[tuple[int, ...]] | None:
    """Split `players` (best first) into tables of k with at most `allowance` repeated pairs, preferring
    companions close in the standings; None when there is no such split (or the budget ran out)."""
    if not players:
        return []
    head, rest = players[0], players[1:]
    for companions in itertools.combinations(rest, k - 1):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        table = (head, *companions)
        repeats = sum(1 for p in pairs_of(table) if met[p])
        if repeats > allowance:
            continue
        left = [e for e in rest if e not in companions]
        tail = _group(left, k, met, allowance - repeats, budget)
        if tail is not None:
            return [table, *tail]
    return None


def _greedy_groups(players: list[int], k: int, met: Counter) -> list[tuple[int, ...]]:
    free, groups = list(players), []
    while free:
        table = [free.pop(0)]
        while len(table) < k:
            pick = min(free, key=lambda e: (sum(met[frozenset((e, t))] for t in table), free.index(e)))
            free.remove(pick)
            table.append(pick)
        groups.append(tuple(table))
    return groups


def swiss_round(order: Sequence[int], k: int, history: Sequence[Round], entrants: int | None = None) -> Round:
    """The next Swiss round. `order`: every entrant still in, best placed first (the standings after
    `history`); `entrants`: how many there are in all (withdrawn ones included), default len(order)."""
    n = entrants if entrants is not None else len(order)
    check_size(len(order), k)
    had = bye_counts(history, n)
    out_count = len(order) % k
    out: list[int] = []
    if out_count:
        # the lowest placed among those with the fewest byes sit out
        out = sorted(order, key=lambda e: had[e])[:out_count]
    players = [e for e in order if e not in out]
    met = meetings(history)
    groups = None
    budget = [SEARCH_BUDGET]
    for allowance in range(len(players) // k * math.comb(k, 2) + 1):
        groups = _group(players, k, met, allowance, budget)
        if groups is not None or budget[0] < 0:
            break
    if groups is None:  # the search ran out of budget (large tables): greedy, fewest repeats first
        groups = _greedy_groups(players, k, met)
    counts = seat_counts(history, n, k)
    return Round(balance_seats(groups, counts), tuple(sorted(out)))


def without(r: Round, gone: set[int]) -> Round:
    """A scheduled round with the withdrawn entrants `gone` left out: a table that held one is not played,
    its other entrants sit out with a bye; the withdrawn get no bye either."""
    kept = tuple(t for t in r.tables if not gone.intersection(t))
    idle = [e for t in r.tables if gone.intersection(t) for e in t]
    return Round(kept, tuple(sorted(e for e in (*r.byes, *idle) if e not in gone)))


def repeat_free_round_exists(players: Sequence[int], k: int, met: Counter) -> bool:
    """Whether `players` can be split into tables of k with no pair meeting again (exhaustive)."""
    return _group(list(players), k, met, 0, [10**9]) is not None


# --- duplicate -------------------------------------------------------------------------------------

def round_seed(secret: str, round_no: int) -> str:
    """The seed every table of round `round_no` plays in duplicate mode."""
    return hashlib.sha256(f"duplicate|{secret}|{round_no}".encode()).hexdigest()


def check_size(n: int, k: int) -> None:
    if k < 2:
        raise ValueError("a table needs at least 2 players")
    if n < k:
        raise ValueError(f"{n} entrants cannot fill a table of {k}")
