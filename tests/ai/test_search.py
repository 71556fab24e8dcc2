"""The search's pieces: progressive widening over the greedy prior, greedy rollouts, the named levels, the arena's specs."""

from __future__ import annotations

import itertools
import random

import pytest

from ai import NAMED, choose_move
from ai.player import SearchPlayer
from ai.arena import parse_spec, play_pairing
from ai.ismcts import (GREEDY_CANDIDATES, GREEDY_ROLLOUT_FROM, WIDEN_BASE, WIDEN_FROM, _greedy_step, greedy_rollout,
                       prior_order, search)
from ai.simple import greedy_scores, own_moves, value
from games.registry import all_games
from tests.ai.same_choices import own_decisions
from tests.ai.test_ai import REAL, TOY, Spy, decision_points


def wide_decisions(game, wanted=2):
    """Decisions with more root moves than the widening threshold, from random playouts."""
    for seed in range(40):
        points = [(s, p) for s, p in decision_points(game, game.min_players, seed, wanted=6, skip=3)
                  if len(game.legal_moves(s, p)) > WIDEN_FROM]
        if len(points) >= wanted:
            return points[:wanted]
    pytest.skip(f"{game.id}: no root wider than {WIDEN_FROM} moves in the sampled playouts")


WIDE = [g for g in REAL.values() if g.id in ("bangkok-klongs", "yangtze")]


@pytest.mark.parametrize("game", WIDE, ids=[g.id for g in WIDE])
def test_the_prior_orders_every_root_move_by_its_greedy_score(game):
    for state, seat in wide_decisions(game):
        moves = own_moves(game, state, seat)
        order = prior_order(game, state, seat, random.Random(3), moves)
        assert sorted(order.values()) == list(range(len(moves)))
        scores = greedy_scores(game, state, seat, random.Random(3), moves, 1)
        best = min(order, key=order.get)
        assert scores[moves.index(best)] == max(scores)


@pytest.mark.parametrize("game", WIDE, ids=[g.id for g in WIDE])
def test_widening_searches_only_the_opened_root_moves_and_plays_a_legal_one(game):
    for state, seat in wide_decisions(game):
        n = len(own_moves(game, state, seat))
        move, stats = search(game, state, seat, random.Random(1), budget=None, iterations=2 * n + 60, widen=1)
        assert move in game.legal_moves(state, seat)
        visited = sum(1 for _, visits, _ in stats.root if visits)
        assert WIDEN_BASE <= visited < n  # the prior's evaluations left 60 iterations: a few moves opened
        assert stats.iterations <= 2 * n + 60
        _, plain = search(game, state, seat, random.Random(1), budget=None, iterations=2 * n + 60, widen=0)
        assert sum(1 for _, visits, _ in plain.root if visits) == n  # without it every move is tried


@pytest.mark.parametrize("widen", [1, 2])
@pytest.mark.parametrize("game", WIDE, ids=[g.id for g in WIDE])
def test_the_widened_search_reads_only_what_the_seat_may_see(game, widen):
    for state, seat in wide_decisions(game):
        n = len(own_moves(game, state, seat))
        move, stats = search(Spy(game, state, seat), state, seat, random.Random(2), budget=None,
                             iterations=2 * n + 40, widen=widen)
        assert move in game.legal_moves(state, seat) and stats.iterations <= 2 * n + 40


@pytest.mark.parametrize("game", WIDE, ids=[g.id for g in WIDE])
def test_widening_below_the_root_trades_breadth_for_depth(game):
    """With widen=2 the tree reaches deeper than without widening, for the same iterations and seed."""
    from ai import ismcts

    def shape(widen):
        roots = []
        real = ismcts._iterate

        def spy(game_, root, *args, **kw):
            roots.append(root)
            return real(game_, root, *args, **kw)

        ismcts._iterate = spy
        try:
            search(game, state, seat, random.Random(4), budget=None, iterations=400, widen=widen, mast=0)
        finally:
            ismcts._iterate = real
        widest, deepest, stack = 0, 0, [(kid, 1) for kid in roots[-1].kids.values()]
        while stack:
            node, depth = stack.pop()
            deepest = max(deepest, depth)
            widest = max(widest, sum(1 for k in node.kids.values() if k.n))
            stack.extend((kid, depth + 1) for kid in node.kids.values())
        return widest, deepest

    state, seat = wide_decisions(game, wanted=1)[0]
    (w2, d2), (w0, d0) = shape(2), shape(0)
    assert d2 > d0, (w2, d2, w0, d0)


def test_named_levels_play_legal_moves_and_climb_from_random_to_greedy_to_search():
    state, seat = decision_points(TOY, 2, seed=5, wanted=1)[0]
    for level in NAMED:
        assert choose_move(TOY, state, seat, level, random.Random(0)) in TOY.legal_moves(state, seat)
    assert [NAMED[n][0] for n in ("easy", "medium", "hard")] == ["random", "greedy", "mcts"]
    assert NAMED["hard"][1] >= 300


def test_arena_specs():
    assert parse_spec("mcts#300/widen=0,exploration=0.4") == parse_spec(" mcts#300/widen=0,exploration=0.4")
    spec = parse_spec("mcts#300/widen=0,exploration=0.4")
    assert (spec.level, spec.iterations, spec.seconds, dict(spec.knobs)) == ("mcts", 300, None, {"widen": 0.0, "exploration": 0.4})
    assert parse_spec("mcts@0.1").seconds == 0.1
    assert (parse_spec("hard").level, parse_spec("hard").iterations) == ("mcts", NAMED["hard"][1])
    assert parse_spec("easy").level == "random" and parse_spec("medium").level == "greedy"
    for bad in ("greedy#30", "mcts#0", "mcts#x", "mcts@0.1#30", "random/widen=0", "mcts/widen", "genius"):
        with pytest.raises(ValueError):
            parse_spec(bad)


def test_a_pairing_played_in_two_processes_matches_the_serial_one():
    serial = play_pairing(TOY, "mcts#30", "greedy", games=6, budget=None)
    forked = play_pairing(TOY, "mcts#30", "greedy", games=6, budget=None, jobs=2)
    assert serial.shares == forked.shares and serial.tally.iterations == forked.tally.iterations > 0


@pytest.mark.parametrize("game", WIDE, ids=[g.id for g in WIDE])
def test_mast_opens_the_untried_move_that_did_best_elsewhere(game):
    from ai.ismcts import _best_by_mast

    for state, seat in wide_decisions(game, wanted=1):
        moves = own_moves(game, state, seat)
        untried = [(seat, m, -1) for m in moves]
        table = {seat: [4, 2.0], (seat, moves[3]): [2, 1.8], (seat, moves[1]): [3, 0.3]}
        assert _best_by_mast(table, seat, untried, random.Random(0)) == untried[3]  # 0.9 beats the 0.5 guess
        del table[(seat, moves[3])]  # now every known move is below the average: an unknown one opens
        assert _best_by_mast(table, seat, untried, random.Random(0)) not in (untried[1],)
        move, stats = search(game, state, seat, random.Random(5), budget=None, iterations=300, mast=1)
        assert move in game.legal_moves(state, seat) and stats.iterations <= 300
        again, _ = search(game, state, seat, random.Random(5), budget=None, iterations=300, mast=1)
        assert again == move  # bounded by iterations alone, the search is reproducible


@pytest.mark.parametrize("game", WIDE, ids=[g.id for g in WIDE])
def test_the_mast_search_reads_only_what_the_seat_may_see(game):
    for state, seat in wide_decisions(game, wanted=1):
        move, _ = search(Spy(game, state, seat), state, seat, random.Random(2), budget=None, iterations=200, mast=1)
        assert move in game.legal_moves(state, seat)


def test_a_root_with_one_macro_decision_is_answered_without_searching():
    """Himalaya's search offers only "no figure" in the events phase and the rest of a few programs
    while planning: where every offer begins with the same move, that move is played at once."""
    game = all_games()["himalaya"]
    seen, searched = 0, 0
    for state, seat in decision_points(game, 3, seed=5, wanted=16, skip=3):
        macros = game.search_moves(state, seat)
        if macros is None:
            continue
        move, stats = search(game, state, seat, random.Random(1), budget=None, iterations=50)
        firsts = {m[0] for m in macros}
        if len(firsts) == 1:
            seen += 1
            assert move == next(iter(firsts)) and stats.iterations == 0
        else:
            searched += 1
            assert move in firsts and stats.iterations > 0
    assert seen and searched


def _next_own_decisions(game, players, seed, wanted=3):
    """(state, seat) pairs where the seat moves twice in a row with nothing in between, along a playout."""
    out = own_decisions(game, players, seed, wanted)
    assert out, "no seat moved twice in a row"
    return out


def test_tree_reuse_goes_on_from_the_seats_last_search_only_when_nothing_happened_between():
    """Himalaya: the program the seat began goes on with the statistics the last search gathered."""
    game, players = all_games()["himalaya"], 3
    checked = 0
    for state, seat in _next_own_decisions(game, players, seed=3, wanted=8):
        player = SearchPlayer("g", seat)
        move, first = player.search(game, state, random.Random(1), budget=None, iterations=200)
        after = game.apply(state, seat, move)
        if not first.iterations or seat not in game.actors(after) or len(game.legal_moves(after, seat)) < 2:
            continue  # nothing searched, or nothing left to search
        _, stats = player.search(game, after, random.Random(2), budget=None, iterations=50)
        if not stats.iterations:
            continue  # one decision on offer there: answered without searching
        checked += 1
        assert stats.reused > 0  # the kept statistics of the move played were its root
        _, fresh = player.search(game, after, random.Random(2), budget=None, iterations=50)
        assert fresh.reused == 0  # kept once: the same decision searched again starts afresh
        player.search(game, state, random.Random(1), budget=None, iterations=200)
        other = game.apply(state, seat, next(m for m in own_moves(game, state, seat) if m != move))
        if seat in game.actors(other) and len(game.legal_moves(other, seat)) > 1:
            _, stats = player.search(game, other, random.Random(2), budget=None, iterations=50)
            assert stats.reused == 0  # another move than the one kept: another information set
    assert checked


@pytest.mark.parametrize("game", list(REAL.values()), ids=list(REAL))
def test_the_reused_search_reads_only_what_the_seat_may_see(game):
    for state, seat in decision_points(game, game.min_players, seed=6):
        move, _ = SearchPlayer("g", seat).search(Spy(game, state, seat), state, random.Random(2), budget=None, iterations=100)
        assert move in game.legal_moves(state, seat)


def test_plain_moves_keep_no_tree():
    """A seat moving twice in a row with plain moves (a Bangkok Klongs turn) searches each afresh."""
    game = all_games()["bangkok-klongs"]
    for state, seat in _next_own_decisions(game, 2, seed=3):
        player = SearchPlayer("g", seat)
        move, _ = player.search(game, state, random.Random(1), budget=None, iterations=200)
        after = game.apply(state, seat, move)
        if seat in game.actors(after) and len(game.legal_moves(after, seat)) > 1:
            _, stats = player.search(game, after, random.Random(2), budget=None, iterations=50)
            assert stats.reused == 0 and stats.iterations > 0


# --- greedy rollouts ------------------------------------------------------------------------------


class NeverRandom(random.Random):
    """An rng whose coin never lands on the epsilon branch (random() is always 0.99)."""

    def random(self):
        return 0.99


def test_a_search_plays_greedy_rollouts_only_where_the_game_asks_and_the_budget_affords_them():
    bk = all_games()["bangkok-klongs"]
    assert bk.greedy_rollout_moves > 0
    assert greedy_rollout(bk, GREEDY_ROLLOUT_FROM, None) == bk.greedy_rollout_moves
    assert greedy_rollout(bk, 5.0, None) == bk.greedy_rollout_moves
    assert greedy_rollout(bk, 0.1, None) == 0  # too dear at 0.1 s a move
    assert greedy_rollout(bk, 10.0, 1000) == 0  # an iteration cap (the hard level) keeps the plain search
    assert greedy_rollout(bk, None, 7000) == 0
    for game in REAL.values():
        if game.id != "bangkok-klongs":
            assert greedy_rollout(game, 5.0, None) == 0


def test_a_greedy_rollout_move_is_the_best_of_its_candidates_by_the_heuristic():
    game = all_games()["bangkok-klongs"]
    checked = 0
    for seed in range(6):
        for state, seat in decision_points(game, 2, seed, wanted=4, skip=3):
            d = game.determinize(state, seat, random.Random(seed))
            moves = game.legal_moves(d, seat)
            if not 1 < len(moves) <= GREEDY_CANDIDATES:
                continue
            best = max(value(game, game.apply(d, seat, m), seat) for m in moves)
            after = _greedy_step(game, d, seat, NeverRandom(seed))
            assert value(game, after, seat) == best
            assert any(after == game.apply(d, seat, m) for m in moves)
            checked += 1
    assert checked >= 3


def test_the_greedy_rollout_search_reads_only_what_the_seat_may_see():
    game = all_games()["bangkok-klongs"]
    for state, seat in decision_points(game, 2, 3, wanted=2, skip=5):
        move, _ = search(Spy(game, state, seat), state, seat, random.Random(2), budget=None, iterations=150, greedy=2)
        assert move in game.legal_moves(state, seat)
        again, _ = search(game, state, seat, random.Random(2), budget=None, iterations=150, greedy=2)
        plain, _ = search(game, state, seat, random.Random(2), budget=None, iterations=150, greedy=0)
        assert again == move and plain in game.legal_moves(state, seat)


@pytest.mark.parametrize("game", list(REAL.values()), ids=list(REAL))
def test_halving_on_common_random_numbers_halves_the_root_and_reads_only_what_the_seat_may_see(game):
    """`crn=1`: every surviving root move gets an iteration a round; each phase keeps the better half,
    so the moves that survive have the most iterations, the played move among them."""
    for state, seat in decision_points(game, game.min_players, 3, wanted=4, skip=3):
        n = len(own_moves(game, state, seat))
        move, stats = search(Spy(game, state, seat), state, seat, random.Random(5), budget=None, iterations=60 * n, crn=1)
        assert move in game.legal_moves(state, seat)
        if n < 3 or not stats.root or game.search_moves(state, seat) is not None:
            continue  # one move is played without a search, two are never cut; macro decisions: the plain search
        counts = sorted((c for _, c, _ in stats.root), reverse=True)
        assert counts[0] == counts[1] > counts[-1] > 0  # the last two went on longest, every move was tried
        assert dict((m, c) for m, c, _ in stats.root)[move] == counts[0]
        assert stats.iterations == sum(counts)


def test_halving_compares_the_root_moves_on_the_same_luck():
    """Within a round every root move's iteration draws its sampled state and chance from the same seed
    (common random numbers); each round from its own."""
    from ai import ismcts

    game = REAL["kashgar"]
    state, seat = next((s, p) for s, p in decision_points(game, 2, 1, wanted=8, skip=3) if len(own_moves(game, s, p)) >= 3)
    n = len(own_moves(game, state, seat))
    luck = []
    real = ismcts._iterate

    def spy(*args):
        luck.append(hash(args[-1].getstate()))  # the iteration's source of luck, before it draws
        return real(*args)

    ismcts._iterate = spy
    try:
        search(game, state, seat, random.Random(6), budget=None, iterations=4 * n, crn=1)
    finally:
        ismcts._iterate = real
    runs = [len(list(r)) for _, r in itertools.groupby(luck)]  # a round: the surviving moves, one luck
    assert runs[:2] == [n, n] and len(runs) == len(set(luck)) >= 3 and runs[-1] == 2 and sum(runs) == len(luck)
