"""The web client in Debian's headless Chromium against the real stack: how long a board redraw takes in
the browser (the frame applied: SVG board, header, moves, account), and how many requests a page costs.

    .venv/bin/python bench/bench_web.py [--moves 40]

For each game a person (seat 0) plays against a random AI while the page follows the frame stream; every
frame the page applies is timed by the page itself (performance.now around the redraw). Target: p95 < 50 ms.
A game page is one request (its script and style inline) plus the frame stream.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.common import percentile, running_stack, table  # noqa: E402
from games import registry  # noqa: E402
from tests.web.browse import hold_seat, open_game, play_to_the_end  # noqa: E402
from tests.web.conftest import ARGS, CHROMIUM  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--moves", type=int, default=40, help="moves the person plays in each game (at most)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    rows, loads = [], []
    with running_stack("caravan-bench-web-", workers=1) as stack:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for game_type in (g for g in registry.all_games() if g != "toy"):
                game = registry.get(game_type)
                players = ["you"] + [f"bot{i}:ai-random" for i in range(1, game.min_players)]
                created = stack.client().post("/games", json={"type": game_type, "players": players}).json()
                ctx = browser.new_context(viewport={"width": 1280, "height": 1000}, base_url=stack.url)
                page = ctx.new_page()
                hold_seat(page, created["id"], 0, created["seats"][0]["token"])
                requests: list[str] = []
                page.on("request", lambda r: requests.append(r.url.replace(stack.url, "")))
                open_game(page, created["id"])
                loads.append([game_type, len(requests), ", ".join(sorted(set(requests)))])
                requests.clear()
                try:
                    play_to_the_end(page, random.Random(1), limit=args.moves)
                except AssertionError:
                    pass  # not over after --moves clicks: enough redraws measured
                ms = page.evaluate("window.caravanRedraws")
                moves_requests = [r for r in requests if r.endswith("/moves")]
                others = [r for r in requests if not r.endswith("/moves")]
                rows.append([game_type, len(ms), percentile(ms, 50), percentile(ms, 95), max(ms), len(moves_requests), len(others)])
                ctx.close()
            browser.close()
    table("Board redraw in Chromium (ms; target p95 < 50)", ["game", "redraws", "p50", "p95", "max", "moves posted",
                                                               "other requests"], rows)
    table("Requests to open a game page (as a seat)", ["game", "requests", "which"], loads)


if __name__ == "__main__":
    main()
