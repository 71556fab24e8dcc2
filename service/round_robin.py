"""Round robin, pure: a schedule of rounds in which everyone shares a table with everyone else.

The vocabulary (a `Round`: tables in seat order and the byes; meetings, seat and bye counts; seat
balancing) is service/pairing.py's; the tournaments (service/tournaments.py) read their schedules here.
Nothing here reads a clock or a global RNG: the same inputs give the same rounds on every machine.

Tables of 2: the circle method (Berger tables, `_circle`). n-1 rounds (n rounds with a bye each when n is
odd); everyone meets everyone exactly once and sits first in (n-1)//2 or (n-1)//2 + 1 games. More rounds
repeat the cycle, colours reversed in every other one (a double round robin).
Tables of K > 2 (K < n): a covering schedule found by search (service/covering_search.py, a tabu search), so that everyone
meets everyone and repeats are spread: the most-met pair meets as few times as the search gets it to (it
starts from what counting allows, `meetings_bound`), then as few pairs meet that often. Byes go round:
games per entrant differ by at most one, and not at all when the seats divide evenly. The default length
is the one whose most-met pair meets least, then the shortest: 6 at tables of 3 play 5 rounds (in 4, some
pair meets in every round whatever the schedule), 7 play 6 (in 5, the two who never sit out meet in every
round). A given number of rounds, at least the shortest covering found, is searched whole the same way (no
cycle repeated). Seats: each entrant sits in each seat g//K or g//K + 1 times, g its games
(`pairing.even_seats`). The search is seeded by n, K and the rounds and bounded by a count of moves, never
a clock: 2-3 s for 128 entrants, much less for a few dozen.
One table for everyone (K = n): that table every round, seats rebalanced.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterable

from service.covering_search import CoveringSearch, Plan
from service.pairing import (
    Round,
    balance_seats,
    bye_counts,
    check_size,
    even_seats,
    meetings,
    pairs_of,
    rebalance,
    seat_counts,
)


def _circle(n: int) -> list[Round]:
    """Berger tables for tables of 2; a bye when n is odd."""
    m = n if n % 2 == 0 else n + 1  # with a phantom entrant m-1 when odd
    fixed, ring = m - 1, m - 1
    rounds = []
    for r in range(ring):
        tables, byes = [], []
        first = (fixed, r) if r % 2 else (r, fixed)
        candidates = [first] + [((r + i) % ring, (r - i) % ring) for i in range(1, m // 2)]
        for a, b in candidates:
            if n <= a or n <= b:  # against the phantom: a bye
                byes.append(a if b >= n else b)
            else:
                tables.append((a, b))
        rounds.append(Round(tuple(tables), tuple(byes)))
    return rounds


def meetings_bound(n: int, k: int, rounds: int) -> int:
    """The fewest meetings the most-met pair can have in `rounds` rounds, by counting: the busiest entrant
    plays at least ceil(seats / n) games, each with k - 1 others, spread over n - 1 opponents; and all the
    schedule's pair-slots are spread over n(n-1)/2 pairs."""
    seats = rounds * (n // k) * k
    busiest = -(-seats // n)
    return max(1, -(-seats * (k - 1) // (n * (n - 1))), -(-busiest * (k - 1) // (n - 1)))


def _fewest_rounds(n: int, k: int) -> int:
    """No schedule with fewer rounds lets everyone meet everyone: an entrant needs ceil((n-1)/(k-1))
    games, and sits out at least as often as the byes, shared evenly, make it."""
    out, need = n % k, -(-(n - 1) // (k - 1))
    rounds = max(need, -(-n * (n - 1) // ((n // k) * k * (k - 1))))
    while rounds - -(-rounds * out // n) < need:
        rounds += 1
    return rounds


STEPS = 2000  # exchanges one search may make
WORK = 1_000_000  # moves evaluated by all the searches for one schedule (bounds the time: about 1 s a million)
WINDOW = 3  # rounds beyond the first covering tried, while they could lower the most meetings


def _greedy_rounds(n: int, k: int, rng: random.Random, base: Plan, count: int | None = None) -> Plan:
    """Rounds after `base`, one at a time: the fewest byes so far sit out (those with the fewest unmet
    opponents first), then each table takes the free entrant with most opponents still to meet and adds
    whoever has met its members least. Until everyone has met everyone, or `count` rounds."""
    met, byes = [0] * (n * n), [0] * n
    for ts, out in base:
        for e in out:
            byes[e] += 1
        for t in ts:
            for a, b in itertools.combinations(t, 2):
                met[a * n + b] += 1
                met[b * n + a] += 1
    unmet = [sum(1 for o in range(n) if o != e and not met[e * n + o]) for e in range(n)]
    rounds: Plan = []
    while (sum(unmet) if count is None else count - len(rounds)) > 0:
        order = sorted(range(n), key=lambda e: (byes[e], unmet[e], rng.random()))
        out, free = sorted(order[:n % k]), order[n % k:]
        for e in out:
            byes[e] += 1
        rng.shuffle(free)
        free.sort(key=lambda e: -unmet[e])
        tables = []
        while free:
            table = [free.pop(0)]
            while len(table) < k:
                pick, least = 0, None
                for i, e in enumerate(free):
                    c = sum(met[e * n + u] for u in table)
                    if least is None or c < least:
                        pick, least = i, c
                        if not c:
                            break
                table.append(free.pop(pick))
            for a, b in itertools.combinations(table, 2):
                if not met[a * n + b]:
                    unmet[a] -= 1
                    unmet[b] -= 1
                met[a * n + b] += 1
                met[b * n + a] += 1
            tables.append(table)
        rounds.append((tables, out))
    return rounds


def _drop_round(n: int, plan: Plan) -> Plan:
    """The plan less the round that alone seats the fewest pairs, byes evened out again (an entrant with
    the most byes trades places with one with the fewest, in a round where it sits out and the other plays)."""
    once = {p for p, c in meetings(Round(tuple(map(tuple, ts))) for ts, _ in plan).items() if c == 1}
    gone = min(range(len(plan)), key=lambda i: (sum(1 for t in plan[i][0] for p in pairs_of(t) if p in once), i))
    rest = [([list(t) for t in ts], list(out)) for i, (ts, out) in enumerate(plan) if i != gone]
    byes = bye_counts((Round((), tuple(out)) for _, out in rest), n)
    while max(byes) - min(byes) > 1:
        x, y = byes.index(max(byes)), byes.index(min(byes))
        for ts, out in rest:
            table = next((t for t in ts if y in t), None)
            if x in out and table is not None:
                table[table.index(y)], out[out.index(x)] = x, y
                break
        byes[x], byes[y] = byes[x] - 1, byes[y] + 1
    return rest


def _search(n: int, k: int, plan: Plan, rng: random.Random, aims: Iterable[int], spent: list[int],
            steps: int = STEPS):
    """The best covering of `plan`'s length found from it: for each aim in turn (at most that many
    meetings a pair) until one is met, then a quarter of the effort a meeting lower, to thin out the
    pairs meeting most. (key, plan), or None when no covering was found. `spent` counts the work (moves
    evaluated) against WORK, one run taking at most a quarter of it."""
    s = CoveringSearch(n, k, plan, rng)
    s.work = spent[0]
    for most in aims:
        s.aim(most)
        if s.run(steps, min(WORK, s.work + WORK // 4)):
            if most > 1:
                s.aim(most - 1)
                s.run(steps // 4, min(WORK, s.work + WORK // 4))
            break
    spent[0] = s.work
    return s.best if s.best[0][0] == 0 else None


@functools.lru_cache(maxsize=64)
def _plans(n: int, k: int) -> tuple[int, dict[int, tuple[tuple[int, int, int], Plan]]]:
    """Coverings of several lengths, and the default length: the one whose most-met pair meets least
    (then the shortest). Starts from a greedy covering, shortens it while searches still cover, then
    lengthens it while the count allows fewer meetings, within WINDOW rounds."""
    rng, spent = random.Random(f"round robin {n} {k}"), [0]
    first = _greedy_rounds(n, k, rng, [])
    found = {len(first): _search(n, k, first, rng, range(meetings_bound(n, k, len(first)), len(first) + 1), spent)}
    r = len(first)
    while r > _fewest_rounds(n, k) and spent[0] < WORK:
        most = found[r][0][1]
        shorter = _search(n, k, _drop_round(n, found[r][1]), rng, (most, most + 1), spent)
        if shorter is None:
            break
        r -= 1
        found[r] = shorter
    best = min(found, key=lambda x: (found[x][0][1], x))
    r = len(first)
    while r < len(first) + WINDOW and meetings_bound(n, k, r + 1) < found[best][0][1] and spent[0] < WORK:
        longer = found[r][1] + _greedy_rounds(n, k, rng, found[r][1], 1)
        aims = range(meetings_bound(n, k, r + 1), found[best][0][1])
        found[r + 1] = _search(n, k, longer, rng, aims, spent, STEPS // 4)
        r += 1
        best = min(found, key=lambda x: (found[x][0][1], x))
    return best, found


@functools.lru_cache(maxsize=64)
def _covering(n: int, k: int, rounds: int) -> tuple[Round, ...]:
    """A schedule of `rounds` rounds (at least the shortest covering found) in which everyone meets
    everyone, seats balanced."""
    _, found = _plans(n, k)
    if rounds in found:
        plan = found[rounds][1]
    else:  # longer than any tried: the best shorter one, greedy rounds added, then searched
        base = min((r for r in found if r < rounds), key=lambda r: (found[r][0][1], -r))
        rng = random.Random(f"round robin {n} {k} {rounds}")
        longer = found[base][1] + _greedy_rounds(n, k, rng, found[base][1], rounds - base)
        plan = _search(n, k, longer, rng, range(meetings_bound(n, k, rounds), rounds + 1), [WORK // 2])[1]
    return tuple(even_seats([Round(tuple(tuple(sorted(t)) for t in ts), tuple(sorted(out))) for ts, out in plan], n, k))


def round_robin_cycle(n: int, k: int) -> list[Round]:
    """One cycle of a round robin: the rounds in which every entrant shares a table with every other
    (bigger tables: the default schedule, see `_plans`)."""
    check_size(n, k)
    if k == 2:
        return _circle(n)
    if k == n:
        return [Round((tuple(range(n)),))]
    return list(_covering(n, k, _plans(n, k)[0]))


def round_robin(n: int, k: int, rounds: int | None = None) -> list[Round]:
    """The whole schedule. Tables of 2 (and one table for everyone): `rounds` beyond one cycle repeats
    the cycle with seats rebalanced (tables of 2: colours reversed, as in a double round robin). Bigger
    tables: a schedule of that many rounds built whole, so meetings and byes stay spread. Fewer rounds
    than the shortest covering found is refused."""
    check_size(n, k)
    if 2 < k < n:
        best, found = _plans(n, k)
        if rounds is not None and rounds < min(found):
            raise ValueError(f"a round robin of {n} entrants at tables of {k} needs {min(found)} rounds for "
                             f"everyone to meet everyone; --rounds {rounds} is too few")
        return list(_covering(n, k, best if rounds is None else rounds))
    cycle = round_robin_cycle(n, k)
    total = len(cycle) if rounds is None else rounds
    if total < len(cycle):
        raise ValueError(f"a round robin of {n} entrants at tables of {k} needs {len(cycle)} rounds for everyone "
                         f"to meet everyone; --rounds {rounds} is too few")
    schedule = list(cycle)
    counts = seat_counts(cycle, n, k)
    while len(schedule) < total:
        r = cycle[len(schedule) % len(cycle)]
        if k == 2 and (len(schedule) // len(cycle)) % 2 == 1:
            tables = tuple(t[::-1] for t in r.tables)
            for t in tables:
                for seat, e in enumerate(t):
                    counts[e][seat] += 1
        else:
            tables = balance_seats([sorted(t) for t in r.tables], counts)
        schedule.append(Round(tables, r.byes))
    return schedule if k == 2 else rebalance(schedule, n, k)
