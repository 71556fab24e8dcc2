"""Chaos, as a benchmark: `.venv/bin/python bench/bench_chaos.py [--minutes 10] [--seed 1]`.

Under `caravan up` (the real supervised stack: store, API, workers, sweeper, projector), an all-AI round
robin at 4 tables (8 entrants, tables of 2; another once one ends) and two bot-played human seats (each a
person's seat against an AI, played through the API with its seat token; a new game once one ends) run for
`--minutes`, while a child drawn at random (seeded; every child `caravan up` started but the projector:
store, API, each worker, sweeper) is killed with SIGKILL every 5 to 20 s. Every game has a clock
(`--clock`, per-decision:30), so time the service was down is credited (`clock-paused` events). /health is
polled every 100 ms.

Afterwards, with every child back: each acknowledged move (a 201) is looked up in its game's log, each
finished game's export is verified offline (projections.audit, as `caravan verify` does), and the clock
credit is summed from the logs. Prints one table; exits 1 if any acknowledged move is missing (or a child
never came back, an answer was a 5xx other than 503, a move was refused other than by a 409, an export did
not verify, or a game stood still longer than `--stall`)."""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.chaos_play import Afterwards, Bot, Tally, TournamentRunner, check  # noqa: E402
from bench.chaos_up import SPARED, HealthWatch, Killer, Up  # noqa: E402
from bench.common import table  # noqa: E402
from service.outage import LEAST  # noqa: E402  (seconds without an API: an outage, whose time the clocks get back)


def run(args: argparse.Namespace) -> int:
    tmp = Path(tempfile.mkdtemp(prefix="bench-chaos-"))
    up = Up(tmp)
    print(f"caravan up on {up.url}, data in {tmp}; {args.minutes} min, seed {args.seed}", flush=True)
    rng = random.Random(args.seed)
    start = time.monotonic()
    until = start + args.minutes * 60
    tally = Tally()
    health = HealthWatch(up.url, start)
    kinds = tuple(args.kill.split(",")) if args.kill else tuple(n for n in up.children() if n not in SPARED)
    if set(kinds) - set(up.children()):
        up.stop()
        raise SystemExit(f"--kill: choose among {', '.join(up.children())}")
    killer = Killer(up, random.Random(rng.getrandbits(64)), start, kinds=kinds,
                    gap=tuple(float(x) for x in args.every.split(",")))
    players = [Bot(up.url, game, args.clock, random.Random(rng.getrandbits(64)), tally, until, keyed=not args.no_keys)
               for game in args.bot_games.split(",")]
    tournament = TournamentRunner(up.url, args.tournament_game, args.clock, tally, until)
    threads = [threading.Thread(target=t.run, daemon=True) for t in (health, killer, tournament, *players)]
    try:
        for t in threads:
            t.start()
        time.sleep(max(0.0, until - time.monotonic()))
        killer.stop.set()
        down = up.wait_all_running(60)
        try:
            back = f"{up.wait_healthy(120):.1f} s"
        except RuntimeError:
            down, back = down + ["api (/health not 200 in 120 s)"], "never"
        for t in threads[2:]:
            t.join(timeout=300)
        health.stop.set()
        print(f"run over after {time.monotonic() - start:.0f} s; children not back: {', '.join(down) or 'none'}; "
              f"/health 200 {back} after that; checking the logs", flush=True)
        after = check(up.url, up.arbiter, tally, tournament.started) if back != "never" else \
            Afterwards(missing=["not checked: the API did not come back"])
    finally:
        killer.stop.set()
        health.stop.set()
        up.stop()
    return report(args, killer, health, tally, after, down, tournament)


def report(args, killer: Killer, health: HealthWatch, tally: Tally, after, down: list[str],
           tournament: TournamentRunner) -> int:
    survived, start = killer.survived(), killer.start
    credited: dict[str, float] = {}
    for game_id, seconds in after.credits:
        credited[game_id] = credited.get(game_id, 0.0) + seconds
    acked = len(tally.acks)
    rows = [[f"kills of {n}", f"{ok} survived of {n_}"] for n, (n_, ok) in survived.items()]
    rows += [
        ["kills in all", f"{sum(s for _, s in survived.values())} survived of {len(killer.kills)}"],
        ["deaths that were no kill", "; ".join(f"{how}: " + ", ".join(f"{n} {c}" for n, c in by.most_common())
                                               for how, by in killer.unasked().items()) or "none"],
        ["children not back at the end", ", ".join(down) or "none"],
        ["moves acknowledged (201)", f"{acked} in {after.played['bot']} bot games ({tally.replayed} replayed "
                                     f"answers to a retried key; {tally.answers[('move', 409)]} more answered 409, "
                                     f"the game had moved on, e.g. by a clock-paused)"],
        ["acknowledged moves missing", len(after.missing)],
        ["games finished", f"{sum(after.finished.values())} (bot {after.finished['bot']} of {after.played['bot']}, "
                           f"tournament tables {after.finished['tournament']} of {after.played['tournament']} "
                           f"in {len(tournament.started)} tournaments)"],
        ["exports that verify", f"{after.verified} of {after.exports}"],
        ["longest /health not 200", health.longest(health.unhealthy)],
        ["longest /health without any answer", health.longest(health.silent)],
        [f"/health not 200 for >= {LEAST:g} s (outages)", health.outages(health.unhealthy, LEAST)],
        ["/health polls", ", ".join(f"{'no answer' if k == -1 else k}: {v}" for k, v in sorted(health.codes.items()))],
        *[[f"longest wait of the {who}", f"{w:.1f} s (from {since - start:.0f} s)"]
          for who, (w, since) in sorted(tally.waits.items())],
        ["tournament pages 20 s behind their log", len(tournament.stale)],
        ["slowest request", f"{tally.slowest[0]:.1f} s ({tally.slowest[1]}: {tally.slowest[2]})"],
        ["clock credit given", f"{sum(s for _, s in after.credits):.1f} s in {len(after.credits)} clock-paused "
                               f"events ({len(credited)} games; the most to one game {max(credited.values(), default=0):.1f} s)"],
        ["5xx other than 503", len(tally.server_errors)],
        ["moves refused (not 201, not 409)", len(tally.refused)],
    ]
    table(f"chaos: {args.minutes} min under caravan up, a SIGKILL every {args.every.replace(',', '-')} s "
          f"(seed {args.seed})", ["", ""], rows)
    retried = sum(n for (what, code), n in tally.answers.items() if code == 503 or code == "no answer")
    print(f"\nrequests the service could not answer at once (503 or no answer), then retried: {retried}")
    for line in after.missing[:20] + after.bad_exports[:20] + tally.server_errors[:20] + tally.refused[:20]:
        print("  " + line)
    stood = [who for who, (w, _) in tally.waits.items() if w > args.stall]
    for who in stood:
        print(f"  the {who} waited more than {args.stall:g} s: a game stood still")
    return 1 if after.missing or down or tally.server_errors or tally.refused or after.bad_exports or stood else 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--clock", default="per-decision:30")
    ap.add_argument("--bot-games", default="yangtze,kashgar", help="one bot per game type, comma-separated")
    ap.add_argument("--tournament-game", default="yangtze")
    ap.add_argument("--kill", default="", help="the children to draw from, comma-separated (default: every one "
                                               "`caravan up` starts but the projector)")
    ap.add_argument("--no-keys", action="store_true", help="the bots send their moves without an Idempotency-Key "
                                                           "(the API's fast path)")
    ap.add_argument("--stall", type=float, default=120.0, help="seconds a bot may wait for its turn, or a "
                                                               "tournament for a table to finish, before the run fails")
    ap.add_argument("--every", default="5,20", help="seconds between two kills: least,most")
    sys.exit(run(ap.parse_args()))


if __name__ == "__main__":
    main()
