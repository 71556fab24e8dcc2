"""Round robins at tables of 3 and more: everyone meets everyone, repeated meetings spread out, byes even.

The bound the schedules are held to is counted, not guessed: some entrant plays at least
ceil(seats / n) games and shares them with (k - 1) others each time, spread over n - 1 opponents;
and all the pair-slots of the schedule are spread over n(n-1)/2 pairs. Where no schedule reaches that
count, the tests say why (an exhaustive check here, or a note of the exact search that showed it).
"""

from __future__ import annotations

import itertools
import json
import math
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from service import pairing
from service import round_robin as round_robin_module
from service.pairing import meetings, seat_counts
from service.round_robin import round_robin


def games(rounds, n):
    played = [0] * n
    for r in rounds:
        for t in r.tables:
            for e in t:
                played[e] += 1
    return played


def most_meetings(rounds):
    return max(meetings(rounds).values())


def everyone_met(rounds, n):
    met = meetings(rounds)
    return all(met[frozenset(p)] >= 1 for p in itertools.combinations(range(n), 2))


def counted_bound(n, k, rounds):
    """No schedule of `rounds` rounds can keep every pair under this many meetings."""
    seats = rounds * (n // k) * k
    slots = rounds * (n // k) * math.comb(k, 2)
    busiest = -(-seats // n)
    return max(1, -(-slots // math.comb(n, 2)), -(-(k - 1) * busiest // (n - 1)))


def each_round_seats_everyone_once(rounds, n, k):
    for r in rounds:
        seated = [e for t in r.tables for e in t] + list(r.byes)
        assert sorted(seated) == list(range(n))
        assert all(len(t) == k for t in r.tables)


def byes_are_even(rounds, n, k):
    """Games per entrant differ by at most one, and not at all when the seats divide evenly."""
    played = games(rounds, n)
    seats = sum(len(t) for r in rounds for t in r.tables)
    return max(played) - min(played) <= (0 if seats % n == 0 else 1)


# --- what no schedule can avoid (exhaustive) ---------------------------------------------------------

def splits(players, k):
    """Every way to split `players` into tables of k (as bit masks of the pairs that meet)."""
    if not players:
        yield ()
        return
    head, rest = players[0], players[1:]
    for companions in itertools.combinations(rest, k - 1):
        left = [e for e in rest if e not in companions]
        for tail in splits(left, k):
            yield ((head, *companions), *tail)


def pair_mask(tables, index):
    mask = 0
    for t in tables:
        for p in itertools.combinations(sorted(t), 2):
            mask |= 1 << index[p]
    return mask


def least_most_meetings(n, k, byes_by_round, first_fixed=False):
    """Over every schedule with these byes in which everyone meets everyone: the fewest meetings its
    most-met pair can have (None: no such schedule). Exhaustive. `first_fixed`: the first round is one
    split only, which loses nothing when nobody sits out (renaming the entrants reaches any other)."""
    index = {p: i for i, p in enumerate(itertools.combinations(range(n), 2))}
    full = (1 << len(index)) - 1
    options = [[pair_mask(s, index) for s in splits([e for e in range(n) if e not in out], k)]
               for out in byes_by_round]
    if first_fixed:
        options[0] = options[0][:1]
    total, best = len(options), None

    def go(i, more_than):  # more_than[j]: the pairs that have met more than j times
        nonlocal best
        if i == total:
            if more_than[0] == full:
                most = max(j + 1 for j in range(total) if more_than[j])
                best = most if best is None else min(best, most)
            return
        for mask in options[i]:
            after = list(more_than)
            for j in range(total - 1, 0, -1):
                after[j] |= after[j - 1] & mask
            after[0] |= mask
            go(i + 1, after)

    go(0, [0] * total)
    return best


def test_six_at_tables_of_three_need_five_rounds_to_keep_every_pair_from_meeting_each_round():
    """Why the old 4-round schedule of 6 at tables of 3 seated 3 and 5 together four times: every
    4-round schedule that covers all 15 pairs does that (3 rounds cannot cover them). Five rounds bring
    the most down to 3, which is the least there; six rounds count 3 already."""
    assert least_most_meetings(6, 3, [()] * 3, first_fixed=True) is None
    assert least_most_meetings(6, 3, [()] * 4, first_fixed=True) == 4
    assert least_most_meetings(6, 3, [()] * 5, first_fixed=True) == 3
    assert counted_bound(6, 3, 6) == 3


def test_seven_at_tables_of_three_in_five_rounds_cannot_avoid_a_pair_meeting_every_round():
    """Five rounds, five byes among seven: the two who never sit out meet in all five, in every
    schedule where everyone meets everyone (whoever gets the byes, it is the same up to renaming).
    Four rounds cannot cover the 21 pairs at all."""
    assert least_most_meetings(7, 3, [(r,) for r in range(4)]) is None
    assert least_most_meetings(7, 3, [(r,) for r in range(5)]) == 5


def test_eight_at_tables_of_four_always_have_a_pair_meeting_three_times():
    """3 or 4 rounds: some pair meets three times in every covering schedule; 5 rounds or more count 3."""
    assert least_most_meetings(8, 4, [()] * 3, first_fixed=True) == 3
    assert least_most_meetings(8, 4, [()] * 4, first_fixed=True) == 3
    assert counted_bound(8, 4, 5) == 3


# --- the cases the audit found ----------------------------------------------------------------------

def test_six_at_tables_of_three_no_pair_sits_together_every_round():
    rounds = round_robin(6, 3)
    assert everyone_met(rounds, 6)
    assert most_meetings(rounds) < len(rounds)
    assert most_meetings(rounds) <= 3  # in 5 rounds 3 is the least (exhaustive, above)


def test_twelve_at_tables_of_four_no_pair_sits_together_every_round():
    rounds = round_robin(12, 4)
    assert everyone_met(rounds, 12)
    assert most_meetings(rounds) < len(rounds)
    assert most_meetings(rounds) <= 3


def test_seven_at_tables_of_three_meet_at_most_twice_and_sit_out_evenly():
    """The old 5-round schedule seated q0 and q3 together in all five rounds and never gave them a
    bye (5 games each, 4 for the others). Six rounds need no pair to meet more than twice."""
    rounds = round_robin(7, 3)
    assert everyone_met(rounds, 7)
    assert most_meetings(rounds) == 2
    assert byes_are_even(rounds, 7, 3)


def test_seven_at_tables_of_three_in_five_rounds_is_still_a_round_robin():
    rounds = round_robin(7, 3, 5)
    assert everyone_met(rounds, 7) and byes_are_even(rounds, 7, 3)


def test_seven_at_tables_of_three_in_four_rounds_is_refused():
    with pytest.raises(ValueError, match="needs 5 rounds"):
        round_robin(7, 3, 4)


def test_seven_at_tables_of_three_in_seven_rounds_everyone_sits_out_once():
    rounds = round_robin(7, 3, 7)
    assert games(rounds, 7) == [6] * 7
    assert everyone_met(rounds, 7) and most_meetings(rounds) == 2


# --- a sweep over small tournaments -------------------------------------------------------------------

SIZES = [(n, k) for k in (2, 3, 4) for n in range(max(3, k), 17)]

# (n, k): most meetings allowed where the count above says less. Shown exhaustively above: (6, 3), 3 the
# least in 5 rounds (4 in 4); (8, 4), 3 at any length. Shown by an exact search (a CP-SAT model, minutes,
# not part of the suite): (9, 4), 4 rounds cannot cover, 5 rounds need 3, 6 rounds count 3; (12, 4), 4
# rounds cannot cover, 5 rounds need 3 (the default; whether 6 rounds could do with 2 the search left
# open). Open: (10, 4) in 6 rounds and (11, 4) in 7, where the count says 2 and the exact search gave up
# after 300 s without a schedule or a proof; 3 is the best found.
KNOWN_ABOVE_COUNT = {(6, 3): 3, (8, 4): 3, (9, 4): 3, (12, 4): 3, (10, 4): 3, (11, 4): 3}


@pytest.mark.parametrize("n,k", SIZES)
def test_round_robin_default_meets_everyone_and_spreads_repeats(n, k):
    rounds = round_robin(n, k)
    each_round_seats_everyone_once(rounds, n, k)
    assert everyone_met(rounds, n)
    assert byes_are_even(rounds, n, k)
    assert max(max(c) - min(c) for c in seat_counts(rounds, n, k)) <= 1
    best = KNOWN_ABOVE_COUNT.get((n, k), counted_bound(n, k, len(rounds)))
    assert most_meetings(rounds) <= best, (len(rounds), most_meetings(rounds), counted_bound(n, k, len(rounds)))


@pytest.mark.parametrize("n,k", [(n, k) for n, k in SIZES if k > 2 and n > k])
def test_round_robin_with_more_rounds_still_spreads_repeats_and_byes(n, k):
    """Longer than the default (a double round robin, or one round more): still even byes, and
    repeats no worse than the count allows plus one."""
    cycle = len(round_robin(n, k))
    for total in (cycle + 1, 2 * cycle):
        rounds = round_robin(n, k, total)
        each_round_seats_everyone_once(rounds, n, k)
        assert everyone_met(rounds, n)
        assert byes_are_even(rounds, n, k), games(rounds, n)
        assert most_meetings(rounds) <= counted_bound(n, k, total) + 1


@pytest.mark.parametrize("n,k", [(7, 3), (10, 4), (12, 4), (13, 4), (16, 4), (8, 3), (6, 4)])
def test_round_robin_seats_stay_balanced(n, k):
    counts = seat_counts(round_robin(n, k), n, k)
    assert max(max(c) - min(c) for c in counts) <= 1, counts


@pytest.mark.parametrize("seed", range(20))
def test_even_seats_put_everyone_in_each_seat_within_one(seed):
    """Any schedule: every entrant sits in each seat g//k or g//k + 1 times (g its games), same tables."""
    rng = random.Random(seed)
    k = rng.randint(3, 6)
    n = rng.randint(k, 40)
    rounds = []
    for _ in range(rng.randint(1, 30)):
        order = rng.sample(range(n), n)
        out = n % k
        rounds.append(pairing.Round(tuple(tuple(order[i:i + k]) for i in range(out, n, k)), tuple(sorted(order[:out]))))
    seated = pairing.even_seats(rounds, n, k)
    assert [[set(t) for t in r.tables] for r in seated] == [[set(t) for t in r.tables] for r in rounds]
    assert [r.byes for r in seated] == [r.byes for r in rounds]
    assert all(max(c) - min(c) <= 1 for c in seat_counts(seated, n, k))


def test_round_robin_is_the_same_in_every_process():
    """Same n, k, rounds: the same schedule, whatever the interpreter's hash seed."""
    cases = [(7, 3, None), (12, 4, None), (10, 4, 9), (14, 3, None), (9, 4, None)]
    here = [[list(map(list, r.tables)) + [list(r.byes)] for r in round_robin(n, k, rounds)] for n, k, rounds in cases]
    code = ("import json, sys; from service.round_robin import round_robin; "
            f"print(json.dumps([[list(map(list, r.tables)) + [list(r.byes)] for r in round_robin(n, k, rounds)] "
            f"for n, k, rounds in {cases!r}]))")
    for seed in ("1", "2"):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                             env={**os.environ, "PYTHONHASHSEED": seed}, cwd=Path(__file__).parents[2])
        assert json.loads(out.stdout) == here


@pytest.mark.parametrize("n", range(2, 17))
def test_tables_of_two_keep_the_circle_method(n):
    cycle = round_robin_module._circle(n)
    assert round_robin(n, 2) == cycle
    double = round_robin(n, 2, 2 * len(cycle))
    assert double[len(cycle):] == [pairing.Round(tuple(t[::-1] for t in r.tables), r.byes) for r in cycle]


@pytest.mark.parametrize("k", [3, 4, 5, 6])
def test_the_largest_round_robins_are_quick_and_correct(k):
    """128 entrants (the API's bound) at tables of k: the default schedule and 100 rounds (the bound)."""
    for rounds in (None, 100):
        start = time.perf_counter()
        schedule = round_robin(128, k, rounds)
        took = time.perf_counter() - start
        assert everyone_met(schedule, 128) and byes_are_even(schedule, 128, k)
        assert most_meetings(schedule) <= counted_bound(128, k, len(schedule)) + 1
        assert took < 15, took
