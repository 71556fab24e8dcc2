"""What more thinking time changes in the search's moves: how often a short search picks the move a long
search picks, and what the long search thinks the short one's pick costs.

Positions come from self-play at 0.02 s a move (every `--every`-th decision with a choice, two seats). Each
is searched once at the reference budget (`--reference`, 10 s) and `--repeats` times at each budget
asked (`--budgets`, 0.1 and 1 s; other seeds). For each budget the table gives the share of picks equal
to the reference's, and the mean loss of a pick by the reference's own root values (its best move's mean
minus the pick's mean; a pick the reference never tried is left out and counted). A loss is in win chance
(0..1), the search's value scale: what the analysis calls a move's loss.

Read it beside `bench_ai.py`'s tenfold pairing: a game whose 0.1 s picks already cost little by the long
search's values has little for ten times the time to win, whatever the search does with it.

    .venv/bin/python bench/bench_time_gain.py --game kashgar
"""

from __future__ import annotations

import argparse
import random
import time

from common import table  # bench/ is on sys.path when run as a script

from ai.ismcts import search
from games.protocol import CHANCE, sample_chance
from games.registry import get


def positions(game, games: int, every: int, seed: int) -> list[tuple]:
    """(state, seat) every `every`-th decision with a choice, over `games` games of quick self-play."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state, k = game.setup(game.min_players, game.check_options(None)), 0
        while actors := game.actors(state):
            if CHANCE in actors:
                state = game.apply(state, CHANCE, sample_chance(game.chance(state), rng))
                continue
            seat = min(actors)
            if len(game.legal_moves(state, seat)) > 1:
                k += 1
                if k % every == 0:
                    out.append((state, seat))
            state = game.apply(state, seat, search(game, state, seat, rng, budget=0.02)[0])
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="kashgar")
    ap.add_argument("--games", type=int, default=4, help="self-play games the positions come from")
    ap.add_argument("--every", type=int, default=9, help="take every N-th decision with a choice")
    ap.add_argument("--reference", type=float, default=10.0, help="the long search's seconds")
    ap.add_argument("--budgets", default="0.1,1", help="the budgets compared, seconds, comma-separated")
    ap.add_argument("--repeats", type=int, default=3, help="searches per budget and position (other seeds)")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    game = get(a.game)
    budgets = [float(b) for b in a.budgets.split(",")]
    started = time.perf_counter()
    found = positions(game, a.games, a.every, a.seed)
    picks: dict[float, list[tuple[bool, float | None]]] = {b: [] for b in budgets}
    moves = iterations = skipped = 0  # over the positions compared
    for state, seat in found:
        ref, stats = search(game, state, seat, random.Random(99), budget=a.reference)
        means = {m: (n, v) for m, n, v in stats.root}
        if ref not in means:  # the game offered the search one plan only (Himalaya): nothing to compare
            skipped += 1
            continue
        best = means[ref][1]
        moves += len(stats.root)
        iterations += stats.iterations
        for b in budgets:
            for rep in range(a.repeats):
                m, _ = search(game, state, seat, random.Random(rep), budget=b)
                n, v = means.get(m, (0, 0.0))
                picks[b].append((m == ref, best - v if n else None))
    rows = []
    for b in budgets:
        got = picks[b]
        losses = [x for _, x in got if x is not None]
        rows.append([f"{b:g} s", len(got), f"{sum(ok for ok, _ in got) / len(got):.3f}",
                     f"{sum(losses) / len(losses):.4f}" if losses else "-",
                     f"{sum(1 for x in losses if x > 0.02)}/{len(losses)}", len(got) - len(losses)])
    compared = max(1, len(found) - skipped)
    table(f"{a.game}: {len(found) - skipped} positions (mean {moves / compared:.1f} legal moves"
          + (f"; {skipped} more with one plan on offer, skipped" if skipped else "") + "), reference "
          f"{a.reference:g} s ({iterations / compared:,.0f} iterations a position); "
          f"{time.perf_counter() - started:.0f} s in all",
          ["budget", "picks", "same as reference", "mean loss", "loss > 0.02", "untried by reference"], rows)


if __name__ == "__main__":
    main()
