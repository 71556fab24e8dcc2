"""Pairing formats, checked for their properties."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings, strategies as st

from service import pairing
from service import round_robin as round_robin_module
from service.pairing import meetings, repeat_free_round_exists, seat_counts, swiss_round
from service.round_robin import round_robin


def everyone_met(rounds, n):
    met = meetings(rounds)
    return all(met[frozenset(p)] >= 1 for p in itertools.combinations(range(n), 2))


def each_round_seats_everyone_once(rounds, n, k):
    for r in rounds:
        seated = [e for t in r.tables for e in t] + list(r.byes)
        assert sorted(seated) == list(range(n))
        assert all(len(t) == k for t in r.tables)
        assert len(r.byes) == n % k or (k == 2 and n % 2 == 1 and len(r.byes) == 1)


@pytest.mark.parametrize("n", range(2, 15))
def test_round_robin_at_tables_of_two_everyone_meets_everyone_once(n):
    rounds = round_robin(n, 2)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    each_round_seats_everyone_once(rounds, n, 2)
    assert set(meetings(rounds).values()) == {1}
    assert everyone_met(rounds, n)


@pytest.mark.parametrize("n", range(2, 15))
def test_round_robin_at_tables_of_two_balances_the_first_seat(n):
    counts = seat_counts(round_robin(n, 2), n, 2)
    assert all(abs(first - second) <= 1 for first, second in counts)


@pytest.mark.parametrize("n,k", [(8, 4), (9, 3), (8, 3), (10, 4), (12, 4), (16, 4), (7, 3), (6, 6), (13, 5), (12, 6)])
def test_round_robin_at_bigger_tables_everyone_meets_everyone(n, k):
    rounds = round_robin(n, k)
    each_round_seats_everyone_once(rounds, n, k)
    assert everyone_met(rounds, n)
    assert len(rounds) >= -(-(n - 1) // (k - 1))


def test_round_robin_finds_the_perfect_schedule_when_it_is_easy():
    """16 at tables of 4: 5 rounds in which every pair meets exactly once (an affine plane of order 4)."""
    rounds = round_robin(16, 4)
    assert len(rounds) == 5 and set(meetings(rounds).values()) == {1}


@pytest.mark.parametrize("n,k", [(8, 4), (9, 3), (8, 3), (12, 4), (16, 4), (7, 3), (6, 4)])
def test_round_robin_seat_rotation_is_balanced(n, k):
    """Each entrant sits in each seat as evenly as its games allow (within one), cycles repeated too."""
    cycle = len(round_robin_module.round_robin_cycle(n, k))
    for total in (cycle, 2 * cycle):
        counts = seat_counts(round_robin(n, k, total), n, k)
        assert max(max(c) - min(c) for c in counts) <= 1, counts


@pytest.mark.parametrize("n,k", [(10, 4), (13, 5), (5, 3), (12, 6)])
def test_round_robin_seat_rotation_elsewhere_stays_within_two(n, k):
    counts = seat_counts(round_robin(n, k), n, k)
    assert max(max(c) - min(c) for c in counts) <= 2


def test_a_double_round_robin_at_tables_of_two_swaps_the_seats():
    rounds = round_robin(6, 2, 10)
    assert all(c == [5, 5] for c in seat_counts(rounds, 6, 2))
    assert set(meetings(rounds).values()) == {2}


def test_a_round_robin_refuses_too_few_rounds():
    with pytest.raises(ValueError, match="needs 7 rounds"):
        round_robin(8, 2, 3)


def play_swiss(n, k, rounds, seed):
    rng = random.Random(seed)
    points, history, checks = [0.0] * n, [], []
    for _ in range(rounds):
        order = sorted(range(n), key=lambda e: (-points[e], e))
        r = swiss_round(order, k, history)
        met = meetings(history)
        players = [e for e in order if e not in r.byes]
        repeats = sum(1 for t in r.tables for p in pairing.pairs_of(t) if met[p])
        checks.append((r, repeats, players, met))
        for t in r.tables:
            places = list(range(k))
            rng.shuffle(places)
            for e, place in zip(t, places):
                points[e] += k - 1 - place
        for e in r.byes:
            points[e] += (k - 1) / 2
        history.append(r)
    return history, checks


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 12), seed=st.integers(0, 10**6))
def test_swiss_at_tables_of_two_never_repeats_a_pairing_while_it_can_be_avoided(n, seed):
    history, checks = play_swiss(n, 2, min(n, 8), seed)
    each_round_seats_everyone_once(history, n, 2)
    for r, repeats, players, met in checks:
        if repeats:
            assert not repeat_free_round_exists(players, 2, met)


@settings(max_examples=25, deadline=None)
@given(k=st.integers(3, 4), extra=st.integers(0, 6), seed=st.integers(0, 10**6))
def test_swiss_at_bigger_tables_avoids_repeats_while_it_can(k, extra, seed):
    n = k + extra
    history, checks = play_swiss(n, k, 4, seed)
    each_round_seats_everyone_once(history, n, k)
    for r, repeats, players, met in checks:
        if repeats:
            assert not repeat_free_round_exists(players, k, met)


def test_swiss_groups_by_score():
    """After round 1 of 8 at tables of 2, the four winners play each other."""
    history, _ = play_swiss(8, 2, 1, seed=1)
    winners = {t[0] for t in history[0].tables}  # say the first seat won each table
    points = [0.0] * 8
    for t in history[0].tables:
        points[t[0]] += 1
    order = sorted(range(8), key=lambda e: (-points[e], e))
    r2 = swiss_round(order, 2, history)
    for t in r2.tables:
        assert (t[0] in winners) == (t[1] in winners)


def test_swiss_byes_go_to_the_lowest_placed_without_one():
    history, _ = play_swiss(7, 2, 5, seed=3)
    byes = [e for r in history for e in r.byes]
    assert len(byes) == len(set(byes)) == 5


def test_swiss_seats_are_balanced():
    history, _ = play_swiss(8, 2, 6, seed=5)
    assert all(abs(a - b) <= 2 for a, b in seat_counts(history, 8, 2))


def test_duplicate_seeds_are_one_per_round_and_secret_dependent():
    assert pairing.round_seed("s", 1) == pairing.round_seed("s", 1)
    assert pairing.round_seed("s", 1) != pairing.round_seed("s", 2) != pairing.round_seed("t", 2)
