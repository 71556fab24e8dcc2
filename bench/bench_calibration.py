"""Whether the analysis's win chance means what it says: held-out games are played between two levels and every
decision with a choice is judged by `ai.analysis.judge` as the workers judge it (service/analysis_rows.py), in
process, bounded by an iteration cap only (the same table on any machine). The win chance shown for a decision is
`value_played` (the mover's chance to win after its move, from what it could see); it is set against whether that
seat won (its win share). Per game a reliability table: the predicted chance in tenths, how many decisions fell in
each, their mean prediction and how often the seat won, the gap; then the Brier score and the largest gap over
tenths with at least `--min-bin` decisions. Also each seat's accuracy per game (`bench_accuracy.py` reads it).

Seeds: the fits of the win chances used 10000..10899 (`ai.fit`'s default) and 100000..103999 (Kashgar);
`SEED` (700000) on is held out from both, and `TEMPERATURE_SEED` (800000) on is where the games' `shown_temperature` was fitted:

    .venv/bin/python bench/bench_calibration.py --raw --seed 800000 --games 6 --iterations 100 --save F
    .venv/bin/python bench/bench_calibration.py --load F --fit

    .venv/bin/python bench/bench_calibration.py --game yangtze --games 4 --iterations 200
    nice -n 10 .venv/bin/python bench/bench_calibration.py --games 20 --pairs greedy:greedy,hard:medium,random:greedy
"""

from __future__ import annotations

import argparse
import random
import json
from typing import Any, Iterator

from common import table  # bench/ is on sys.path when run as a script

from ai.analysis import accuracy, judge, sharpened, temperature_of
from ai.arena import forked_map, parse_spec, spec_move
from ai.fit import temperature
from ai.player import SearchPlayer
from ai.simple import win_shares
from games.protocol import CHANCE, sample_chance
from games.registry import all_games, get

SEED = 700_000  # held out: no fit saw these games
TEMPERATURE_SEED = 800_000  # where `ai.fit --temperature` fitted each game's temperature
PAIRS = "greedy:greedy,hard:medium,random:greedy"
TENTHS = 10


def judged_play(game: Any, specs: list[str], seed: int, iterations: int) -> dict[str, Any]:
    """One game with `specs[seat]` in each seat, chance and players seeded from `seed`; every decision with a
    choice judged. Returns the decisions (seat, win chance shown, loss, stakes, forced), the seats' win shares,
    and each seat's accuracy."""
    rng = random.Random(seed)
    players = [parse_spec(s) for s in specs]
    ai_rngs = [random.Random(f"{seed}/{s}") for s in range(len(specs))]
    searchers = [SearchPlayer(f"calibration-{seed}", s) for s in range(len(specs))]  # each seat's tree, this game
    state = game.setup(len(specs), game.check_options(None))
    decisions = []
    while actors := game.actors(state):
        if CHANCE in actors:
            state = game.apply(state, CHANCE, sample_chance(game.chance(state), rng))
            continue
        seat = min(actors)
        move = spec_move(game, state, seat, players[seat], ai_rngs[seat], None, None, None, searchers[seat])
        if len(game.legal_moves(state, seat)) > 1:
            v = judge(game, state, seat, move, random.Random(f"{seed}:{len(decisions)}"),
                      budget=None, iterations=iterations)
            if not v.forced:
                decisions.append((seat, v.value_played, v.loss, v.stakes))
        state = game.apply(state, seat, move)
    shares = win_shares(game.result(state))
    accs = [accuracy([d[2] for d in decisions if d[0] == s], [d[3] for d in decisions if d[0] == s])
            for s in range(len(specs))]
    return {"decisions": decisions, "shares": shares, "accuracy": accs}


def pairing_games(game: Any, pair: str, games: int, seed: int, iterations: int, jobs: int) -> Iterator[dict]:
    """`games` games of a pairing "A:B": A in one seat, B in the others (the game's fewest seats), A's seat
    rotated game by game; each result also names the pairing and which spec sat where (`specs`)."""
    a, b = pair.split(":")
    n = game.min_players
    args = [([a if s == i % n else b for s in range(n)], seed + i, iterations) for i in range(games)]
    for (specs, s, _), r in zip(args, forked_map(game, judged_play, args, jobs)):
        yield {**r, "specs": specs, "pair": pair, "seed": s, "game": game.id}


def reliability(points: list[tuple[float, float]], min_bin: int) -> tuple[list[list], float, float | None]:
    """(rows per tenth: range, decisions, mean predicted, share won, gap), the Brier score, and the largest gap over
    tenths with at least `min_bin` decisions (None: no such tenth)."""
    bins: list[list[tuple[float, float]]] = [[] for _ in range(TENTHS)]
    for p, y in points:
        bins[min(TENTHS - 1, int(p * TENTHS))].append((p, y))
    rows, gaps = [], []
    for i, b in enumerate(bins):
        if not b:
            rows.append([f"{i / TENTHS:.1f}-{(i + 1) / TENTHS:.1f}", 0, "-", "-", "-"])
            continue
        pred, won = sum(p for p, _ in b) / len(b), sum(y for _, y in b) / len(b)
        rows.append([f"{i / TENTHS:.1f}-{(i + 1) / TENTHS:.1f}", len(b), round(pred, 3), round(won, 3),
                     round(abs(pred - won), 3)])
        if len(b) >= min_bin:
            gaps.append(abs(pred - won))
    brier = sum((p - y) ** 2 for p, y in points) / len(points) if points else float("nan")
    return rows, brier, max(gaps) if gaps else None


def points_of(results: list[dict], t: float = 1.0) -> list[tuple[float, float]]:
    """(win chance shown, the seat's win share) of every decision judged, the chance sharpened by `t`."""
    return [(sharpened(win, t), r["shares"][seat]) for r in results for seat, win, _, _ in r["decisions"]]


def played(args: Any) -> Iterator[tuple[str, list[dict]]]:
    """(game id, its games judged), from `--load` files or played now (each also written to `--save`)."""
    if args.load:
        by_game: dict[str, list[dict]] = {}
        for path in args.load:
            for line in open(path):
                r = json.loads(line)
                by_game.setdefault(r["game"], []).append(r)
        yield from ((g, rs) for g, rs in sorted(by_game.items()) if not args.game or g in args.game)
        return
    out = open(args.save, "a") if args.save else None
    for game_id in args.game or sorted(all_games()):
        game = get(game_id)
        if args.raw:
            game.shown_temperature = {}  # this instance only: the chances as the search values them
        results = []
        for pair in args.pairs.split(","):
            for r in pairing_games(game, pair, args.games, args.seed, args.iterations, args.jobs):
                results.append(r)
                if out:
                    out.write(json.dumps(r) + "\n")
                    out.flush()
        yield game_id, results


def options(doc: str, pairs: str, iterations: int = 200) -> argparse.ArgumentParser:
    """The options this bench and bench_accuracy.py share: which games, how many, their seeds, the search, --load."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--game", action="append", help="a game id (repeatable; default: every registered game)")
    ap.add_argument("--games", type=int, default=4, help="games per pairing")
    ap.add_argument("--seed", type=int, default=SEED, help=f"game i of a pairing is seeded SEED + i (default {SEED})")
    ap.add_argument("--iterations", type=int, default=iterations, help=f"search iterations a decision ({iterations})")
    ap.add_argument("--pairs", default=pairs, help=f"pairings A:B of bench_ai.py specs (default {pairs})")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--save", help="also write each game judged, one JSON line each, to this file")
    ap.add_argument("--load", action="append", help="report on games judged before (--save files), playing none")
    ap.add_argument("--raw", action="store_true", help="judge without the games' shown_temperature (to fit one)")
    return ap


def main() -> None:
    ap = options(__doc__, PAIRS)
    ap.add_argument("--min-bin", type=int, default=50, help="decisions a tenth needs to count in the largest gap")
    ap.add_argument("--sharpen", action="store_true",
                    help="with --load of --raw games: apply each game's shown_temperature, as the analysis now does")
    ap.add_argument("--fit", action="store_true", help="print the temperature (ai.fit.temperature) fitted to the "
                                                       "games per game and seat count, for `shown_temperature`")
    args = ap.parse_args()
    for game_id, results in played(args):
        seats = {len(r["specs"]) for r in results}
        t = temperature_of(get(game_id), _Seats(seats.pop())) if args.sharpen and len(seats) == 1 else 1.0
        points = points_of(results, t)
        rows, brier, gap = reliability(points, args.min_bin)
        seeds = sorted(r["seed"] for r in results)
        table(f"{game_id}: win chance shown against how often that seat won ({len(results)} games, seeds "
              f"{seeds[0]}..{seeds[-1]}, pairings {', '.join(sorted({r['pair'] for r in results}))}, "
              f"{len(points)} decisions, temperature {t:g})", ["predicted", "decisions", "mean predicted", "won", "gap"],
              rows)
        print(f"Brier {brier:.4f}; largest gap over tenths with >= {args.min_bin} decisions: "
              f"{'-' if gap is None else f'{gap:.3f}'} (target <= 0.08)", flush=True)
        if args.fit:
            for n in sorted({len(r["specs"]) for r in results}):
                pts = points_of([r for r in results if len(r["specs"]) == n])
                print(f"fitted temperature, {n} seats: {temperature(pts):.3f} over {len(pts)} decisions")


class _Seats:  # a stand-in state for `temperature_of`: only its seat count
    def __init__(self, players: int) -> None:
        self.players = players


if __name__ == "__main__":
    main()
