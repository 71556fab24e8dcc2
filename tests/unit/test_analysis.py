"""ai/analysis.py: verdicts, accuracy, and the information-set property (the toy game, then each of the four)."""

import random

import pytest

from ai.analysis import accuracy, classify, costliest, judge
from games.protocol import CHANCE, sample_chance
from tests.toygame import ToyGame

CLASSES = {"best", "good", "inaccuracy", "mistake", "blunder"}


def _decisions(seed=1):
    """(state, seat, move) for every seat decision of one random toy game."""
    g, rng = ToyGame(), random.Random(seed)
    s, out = g.setup(2, {}), []
    while g.result(s) is None:
        for a in sorted(g.actors(s)):
            if a == CHANCE:
                s = g.apply(s, a, sample_chance(g.chance(s), rng))
            else:
                moves = g.legal_moves(s, a)
                m = moves[rng.randrange(len(moves))]
                out.append((s, a, m))
                s = g.apply(s, a, m)
            break
    return g, out


def test_classify_thresholds():
    assert classify(0.0, True) == "best"
    assert classify(0.01, False) == "good"
    assert classify(0.04, False) == "inaccuracy"
    assert classify(0.1, False) == "mistake"
    assert classify(0.5, False) == "blunder"


def test_judge_every_decision():
    g, decisions = _decisions()
    assert decisions
    vs = [judge(g, s, a, m, random.Random(7), budget=None, iterations=60) for s, a, m in decisions]
    for v in vs:
        assert v.cls in CLASSES and v.loss >= 0.0 and v.value_best >= v.value_played
        assert v.stakes >= v.loss  # what was at stake is at least what the move played lost
    kept = accuracy([v.loss for v in vs], [v.stakes for v in vs])
    assert kept is None or 0.0 <= kept <= 100.0
    worst = costliest(vs, 2)
    assert worst[0].loss == max(v.loss for v in vs)


def test_hidden_parts_do_not_change_the_verdict():
    g, decisions = _decisions(3)
    redrawn = 0
    for s, a, m in decisions[:4]:
        base = judge(g, s, a, m, random.Random(5), budget=None, iterations=60)
        for k in range(3):
            other = g.determinize(s, a, random.Random(100 + k))  # re-draw what seat a cannot see
            redrawn += other != s
            again = judge(g, other, a, m, random.Random(5), budget=None, iterations=60)
            assert (again.best, again.cls) == (base.best, base.cls)
            assert abs(again.loss - base.loss) < 1e-9
    assert redrawn  # the hidden parts really were re-drawn


def test_the_fair_play_signal_reads_matches_against_the_engine_s_own_agreement():
    from service.analysis_rows import fair_play

    engine_like = fair_play(decisions=40, matches=26, engine_checked=40, engine_matches=26)
    assert engine_like.z == 0.0 and engine_like.signal == "as engine-like as the engine"
    assert engine_like.engine_rate == 0.65 and engine_like.engine_spread == 0.075
    assert fair_play(decisions=40, matches=8, engine_checked=40, engine_matches=26).signal == "no sign"
    few = fair_play(decisions=5, matches=5, engine_checked=5, engine_matches=3)
    assert few.z is None and few.signal == "not enough decisions" and "not a verdict" in few.note


def _hidden_decisions(game, seed: int, want: int):
    """Up to `want` decisions of a random game (with a choice) where re-drawing what the mover cannot see
    changes the state: (state, seat, move, a re-drawn state), spread over the game."""
    rng, s, found = random.Random(seed), game.setup(game.min_players, {}), []
    while game.result(s) is None and len(found) < want:
        a = sorted(game.actors(s))[0]
        if a == CHANCE:
            s = game.apply(s, a, sample_chance(game.chance(s), rng))
            continue
        moves = game.legal_moves(s, a)
        m = moves[rng.randrange(len(moves))]
        if len(moves) > 1 and rng.random() < 0.2:
            other = next((o for k in range(5) if (o := game.determinize(s, a, random.Random(100 + k))) != s), None)
            if other is not None:
                found.append((s, a, m, other))
        s = game.apply(s, a, m)
    return found


@pytest.mark.parametrize("game_type", ["bangkok-klongs", "himalaya", "kashgar", "yangtze"])
def test_each_game_s_verdict_reads_only_the_mover_s_information_set(game_type):
    """Re-drawing what the mover could not see (another seat's hand, a deck's order) leaves the verdict as
    it was, with the same search seed: the best move, the class, the win chance and the expected place."""
    from games.registry import get

    game = get(game_type)
    found = _hidden_decisions(game, seed=2, want=3)
    assert found, "no decision with hidden parts to re-draw"
    for s, a, m, other in found:
        base = judge(game, s, a, m, random.Random(5), budget=None, iterations=60, seats=game.min_players)
        again = judge(game, other, a, m, random.Random(5), budget=None, iterations=60, seats=game.min_players)
        assert (again.best, again.cls) == (base.best, base.cls)
        assert abs(again.value_played - base.value_played) < 1e-9 and abs(again.value_best - base.value_best) < 1e-9
        assert again.rank_played == base.rank_played


def test_accuracy_is_the_share_of_what_was_at_stake_that_was_kept():
    assert accuracy([0.0, 0.0], [0.03, 0.01]) == 100.0  # the engine's pick each time
    assert accuracy([0.03, 0.01], [0.03, 0.01]) == 0.0  # the worst move each time (stakes are at least the loss)
    assert accuracy([0.01, 0.0], [0.02, 0.02]) == pytest.approx(75.0)  # a quarter of the stakes lost
    # a decision where little was at stake weighs little: a seat that lost its one big decision is not saved by
    # playing perfectly where nothing mattered (the mean of lichess's per-move curve would read about 96 here)
    assert accuracy([0.1] + [0.0] * 9, [0.1] + [0.001] * 9) == pytest.approx(100 * 0.009 / 0.109, abs=1e-9)
    assert accuracy([], []) is None and accuracy([0.0], [0.0]) is None  # nothing at stake: nothing to judge


def test_stakes_are_a_random_moves_mean_loss_by_the_searchs_means():
    from ai.analysis import at_stake

    means = {"a": 0.6, "b": 0.5, "c": 0.3}
    assert at_stake(means, ["a", "b", "c"], "a") == pytest.approx((0 + 0.1 + 0.3) / 3, abs=1e-4)
    assert at_stake(means, ["a", "b", "c", "d"], "a") == pytest.approx((0 + 0.1 + 0.3 + 0.3) / 4, abs=1e-4)  # d untried
    assert at_stake(means, ["a", "b", "c"], "b") == pytest.approx((0 + 0 + 0.2) / 3, abs=1e-4)  # pick b: a costs nothing


def test_the_engine_code_names_the_source_a_verdict_comes_from(tmp_path, monkeypatch):
    """The digest covers the game's own package (a refit's weights live there), is the same on every call, and
    differs between games; a game kept in a module of its own is digested from that module."""
    from ai.analysis import _CODES, engine_code
    from games import registry

    codes = {gid: engine_code(registry.get(gid)) for gid in ("kashgar", "yangtze", "bangkok-klongs", "himalaya")}
    assert len(set(codes.values())) == 4 and all(len(c) == 16 and int(c, 16) >= 0 for c in codes.values())
    assert engine_code(registry.get("kashgar")) == codes["kashgar"]
    pkg = tmp_path / "refitgames" / "refit"
    pkg.mkdir(parents=True)
    (tmp_path / "refitgames" / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "scoring.py").write_text("WEIGHTS = (0.1, 0.2)\n")
    (pkg / "game.py").write_text("from tests.toygame import ToyGame\n\n\nclass Refit(ToyGame):\n    id = 'refit-toy'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    from refitgames.refit.game import Refit

    before = engine_code(Refit())
    _CODES.pop("refit-toy")
    assert engine_code(Refit()) == before
    (pkg / "scoring.py").write_text("WEIGHTS = (0.1, 0.25)\n")  # a refit: only the weights change
    _CODES.pop("refit-toy")
    assert engine_code(Refit()) != before
    assert engine_code(ToyGame()) not in (before, *codes.values())


def test_an_analysis_made_by_other_code_is_not_the_one_asked_for():
    from service.analysis import same_settings
    from service.analysis_schemas import Engine

    made = Engine(seed=1, budget=0.5, iterations=None, code="a" * 16)
    assert same_settings(made, Engine(seed=2, budget=0.5, iterations=None, code="a" * 16), {})
    assert not same_settings(made, Engine(seed=2, budget=0.5, iterations=None, code="b" * 16), {})
    assert not same_settings(Engine(seed=1, budget=0.5, iterations=None), made, {})  # made before codes were kept


def _himalaya_decisions(phase: str, seed: int = 3, want: int = 4):
    """Decisions in Himalaya's `phase` with more than one legal move, from a random game (`tests.contract.walk`)."""
    from itertools import islice

    from games.registry import get
    from tests.contract import walk

    game = get("himalaya")
    chosen = ((s, a, game.legal_moves(s, a)) for s, a, _ in walk(game, 3, random.Random(seed))
              if a != CHANCE and s.phase == phase and len(game.legal_moves(s, a)) > 1)
    return game, list(islice(chosen, want))


@pytest.mark.parametrize("phase", ["events", "planning"])
def test_a_decision_with_a_choice_is_judged_even_where_the_search_keeps_to_its_own_plans(phase):
    """Himalaya's search weighs a few good programs and never an event figure (`search_moves`); the analysis
    called a move there "forced" (no value, left out of accuracy) although the player had other moves. Every
    move played there now gets a value of its own, searched beside the engine's choices."""
    game, found = _himalaya_decisions(phase)
    assert len(found) == 4
    for s, a, moves in found:
        for played in (moves[0], moves[-1]):
            v = judge(game, s, a, played, random.Random(7), budget=None, iterations=200)
            assert not v.forced and v.iterations > 0
            assert v.best in moves and 0.0 <= v.value_played <= 1.0 and v.loss == round(max(0.0, v.value_best - v.value_played), 4)
