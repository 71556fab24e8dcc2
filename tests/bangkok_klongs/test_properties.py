"""Properties over random games: they end, nothing appears or vanishes, the scores add up, views keep
secrets."""

import random
from collections import Counter

import msgspec
from hypothesis import given, settings, strategies as st

from games.bangkok_klongs import GAME
from games.bangkok_klongs.content import (
    BOATS, DECK_SIZE, IS_COOKSHOP, LUK_PHAT_POINTS, MERCHANTS_PER_PLAYER, MOORING_AT, QUARTER_SQUARES, QUARTET,
    SPECIALS,
)
from games.bangkok_klongs.moves import Place, Score
from games.protocol import CHANCE, sample_chance

games_ = st.tuples(st.integers(0, 10**9), st.integers(2, 4))


def playout(seed, players):
    """[(state before, actor, move)] and the final state."""
    rng = random.Random(seed)
    s = GAME.setup(players, {})
    steps = []
    while GAME.actors(s):
        actors = GAME.actors(s)
        if CHANCE in actors:
            actor, move = CHANCE, sample_chance(GAME.chance(s), rng)
        else:
            actor = next(iter(actors))
            move = rng.choice(GAME.legal_moves(s, actor))
        steps.append((s, actor, move))
        s = GAME.apply(s, actor, move)
        assert len(steps) < 5000
    return steps, s


def conserved(s):
    places = list(s.pile) + list(s.out) + list(s.caught) + [b for b in s.board if b >= 0]
    for h in s.hands:
        places += h
    for w in s.warehouses:
        places += w
    assert sorted(places) == list(range(DECK_SIZE)), "every boat is in exactly one place"
    for p in range(s.players):
        assert s.supply[p] + s.owner.count(p) == MERCHANTS_PER_PLAYER[s.players]
        assert 0 <= s.cards[p] <= 2
    for q in range(20):
        assert sum(s.board[sq] >= 0 for sq in QUARTER_SQUARES[q]) <= 3, "quarter limit"
    for sq, o in enumerate(s.owner):
        assert o < 0 or (s.board[sq] >= 0 and BOATS[s.board[sq]].ownable)


@settings(max_examples=40, deadline=None)
@given(games_)
def test_random_play_always_reaches_a_result_and_conserves_the_components(game):
    steps, final = playout(*game)
    for s, _, _ in steps:
        conserved(s)
    conserved(final)
    r = GAME.result(final)
    assert r is not None and min(r.ranks) == 1 and len(r.scores) == game[1]


@settings(max_examples=40, deadline=None)
@given(games_)
def test_the_result_equals_a_recomputation_from_the_moves_and_the_final_state(game):
    steps, final = playout(*game)
    n = game[1]
    points = [0] * n
    for s, actor, move in steps:
        if isinstance(move, Place) and BOATS[GAME_INDEX[move.boat]].luk_phat:
            points[actor] += LUK_PHAT_POINTS[s.luk + 1]
        if isinstance(move, Score):
            quartet = QUARTET[MOORING_AT[(move.px, move.py)]]
            total = sum(BOATS[s.board[sq]].baskets for sq in quartet)
            factor = 2 ** sum(IS_COOKSHOP[s.board[sq]] for sq in quartet)
            for sq in quartet:
                if s.owner[sq] >= 0:
                    points[s.owner[sq]] += total * factor
    for p, w in enumerate(final.warehouses):
        kinds = Counter(BOATS[b].kind for b in w if BOATS[b].kind not in SPECIALS)
        points[p] += sum(k * (k + 1) // 2 for k in kinds.values())
    assert GAME.result(final).scores == tuple(float(x) for x in points)


GAME_INDEX = {b.id: i for i, b in enumerate(BOATS)}


@settings(max_examples=30, deadline=None)
@given(games_)
def test_a_view_never_shows_another_seats_hidden_hand_or_the_pile(game):
    steps, final = playout(*game)
    n = game[1]
    for s, _, _ in steps[::3]:
        for seat in [None, *range(n)]:
            text = msgspec.json.encode(GAME.view(s, seat)).decode()
            hidden = set(s.pile)
            for p in range(n):
                if p != seat:
                    hidden |= set(s.hands[p]) - set(s.known[p])
            for b in hidden:
                assert f'"{BOATS[b].id}"' not in text, f"{BOATS[b].id} leaks to seat {seat}"
    text = msgspec.json.encode(GAME.view(final, None)).decode()
    assert all(f'"{BOATS[b].id}"' in text for h in final.hands for b in h), "after the end all is public"


@settings(max_examples=20, deadline=None)
@given(games_)
def test_determinize_keeps_each_seats_view_and_the_components(game):
    steps, _ = playout(*game)
    rng = random.Random(game[0])
    for s, _, _ in steps[::7]:
        for seat in range(game[1]):
            d = GAME.determinize(s, seat, rng)
            conserved(d)
            assert msgspec.json.encode(GAME.view(d, seat)) == msgspec.json.encode(GAME.view(s, seat))
