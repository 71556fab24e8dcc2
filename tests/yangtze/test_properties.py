"""Property tests: random legal play from random seeds always ends, conserves the tiles, scores as
recomputed from the final state, and never shows one seat another seat's secrets."""

import random
from itertools import product

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from games.protocol import CHANCE, sample_chance
from games.yangtze import GAME
from games.yangtze.content import (
    CATEGORY, COLOUR, DOTS, GOODS, KIND, RULER_IDS, SALE_VALUE, SETTLEMENTS, TILE_KIND, WARE,
)
from games.yangtze.scoring import best_sale

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLAYERS = st.integers(min_value=2, max_value=4)


def playout(players, seed, each_step=None):
    rng = random.Random(seed)
    s = GAME.setup(players, {})
    for _ in range(20_000):
        if each_step:
            each_step(s)
        actors = GAME.actors(s)
        if not actors:
            return s
        if CHANCE in actors:
            s = GAME.apply(s, CHANCE, sample_chance(GAME.chance(s), rng))
        else:
            seat = next(iter(actors))
            s = GAME.apply(s, seat, rng.choice(GAME.legal_moves(s, seat)))
    raise AssertionError("no end")


def conserved(s):
    goods, settlements, rulers = [], [], list(s.rulers)
    goods += [t for t in s.river if t]
    for t in s.bag + s.box:
        {"good": goods, "settlement": settlements, "ruler": rulers}[TILE_KIND[t]].append(t)
    for m in s.merchants:
        goods += m.goods
        settlements += m.settlements
        assert set(m.hidden) <= set(m.goods)
        assert m.money >= 0
    if s.auction is not None:
        settlements.append(s.auction.tile)
    assert sorted(goods) == sorted(GOODS), "goods appeared or vanished"
    assert sorted(settlements) == sorted(SETTLEMENTS), "settlements appeared or vanished"
    assert sorted(rulers) == sorted(RULER_IDS), "rulers appeared or vanished"


@settings(max_examples=40, deadline=None)
@given(PLAYERS, SEEDS)
def test_random_play_ends_with_a_result_and_conserves_every_tile(players, seed):
    s = playout(players, seed, conserved)
    r = GAME.result(s)
    assert r is not None and len(r.ranks) == players and min(r.ranks) == 1


def brute_force_sale(goods):
    """Every assignment of each good to its ware bundle or its colour bundle."""
    best = 0
    for choice in product((0, 1), repeat=len(goods)):
        groups = {}
        for t, c in zip(goods, choice):
            key = (CATEGORY[t], "w" if c else "c", WARE[t] if c else COLOUR[t])
            groups[key] = groups.get(key, 0) + 1
        best = max(best, sum(SALE_VALUE[k[0]][n] for k, n in groups.items()))
    return best


def recompute_total(s, seat):
    m = s.merchants[seat]
    total = m.money + brute_force_sale(m.goods) + 30 * sum(c.startswith("L") for c in m.cards)
    for colour in "GB":
        kinds = {KIND[t] for t in m.settlements if t.rsplit("-", 1)[1][0] == colour}
        total += {2: 15, 3: 30, 4: 50}.get(len(kinds), 0)
    for kind in {KIND[t] for t in SETTLEMENTS}:
        ranking = sorted(
            (-sum(KIND[t] == kind for t in o.settlements), min(DOTS[t] for t in o.settlements if KIND[t] == kind), i)
            for i, o in enumerate(s.merchants)
            if any(KIND[t] == kind for t in o.settlements)
        )
        if ranking and ranking[0][2] == seat:
            total += 30
        elif len(ranking) > 1 and ranking[1][2] == seat:
            total += 15
    return total


@settings(max_examples=30, deadline=None)
@given(PLAYERS, SEEDS)
def test_the_result_equals_a_recomputation_from_the_final_state(players, seed):
    s = playout(players, seed)
    r = GAME.result(s)
    totals = [recompute_total(s, i) for i in range(players)]
    assert list(r.scores) == totals
    best = max(totals)
    top = [i for i in range(players) if totals[i] == best]
    most = max(len(s.merchants[i].settlements) for i in top)
    winners = {i for i in top if len(s.merchants[i].settlements) == most}
    assert {i for i in range(players) if r.ranks[i] == 1} == winners


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(GOODS), unique=True, max_size=12))
def test_the_best_partition_agrees_with_exhaustive_search(goods):
    assert best_sale(tuple(sorted(goods))) == brute_force_sale(goods)


@settings(max_examples=30, deadline=None)
@given(PLAYERS, SEEDS)
def test_a_view_never_holds_another_seats_secret_goods(players, seed):
    def check(s):
        if s.phase == "over":
            return
        for seat in [None, *range(players)]:
            text = msgspec.json.encode(GAME.view(s, seat)).decode()
            for other, m in enumerate(s.merchants):
                if other != seat:
                    assert not any(t in text for t in m.hidden), f"seat {seat} sees seat {other}'s secret"

    playout(players, seed, check)


@settings(max_examples=20, deadline=None)
@given(PLAYERS, SEEDS)
def test_determinizing_keeps_what_the_seat_sees(players, seed):
    rng = random.Random(seed)

    def check(s):
        seat = rng.randrange(players)
        other = GAME.determinize(s, seat, rng)
        assert GAME.view(other, seat) == GAME.view(s, seat)
        conserved(other)

    playout(players, seed, check)


def set_partitions(items):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in set_partitions(rest):
        for i in range(len(part)):
            yield part[:i] + [[first] + part[i]] + part[i + 1 :]
        yield [[first]] + part


def legal_bundle(b):
    return len({CATEGORY[t] for t in b}) == 1 and (len({WARE[t] for t in b}) == 1 or len({COLOUR[t] for t in b}) == 1)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(GOODS), unique=True, max_size=8))
def test_the_best_partition_is_the_best_over_every_grouping_into_legal_bundles(goods):
    best = max(
        sum(SALE_VALUE[CATEGORY[b[0]]][len(b)] for b in part)
        for part in set_partitions(goods)
        if all(legal_bundle(b) for b in part)
    )
    assert best_sale(tuple(sorted(goods))) == best
