"""Nothing starves a person's game (issue 55, items 4 and 5). On the workers `caravan up` runs, a person's
greedy opponent answers at once while analyses of the largest budget, or games of searching AIs that nobody
plays in, keep the workers busy (before: 9.5 s and 20 s a move against 111 ms). Queued analysis and all-AI
games are bounded per client address (429 rate-limited with Retry-After; the arbiter is exempt).

Loads are bounded: each test has a stack of its own, stopped (its workers with it) when the test ends, and
the all-AI games are abandoned first."""

from __future__ import annotations

import time

import pytest
import redis

from events import keys
from tests.e2e.helpers import wait_for_human, wait_until_finished
from tests.stack import Stack

pytestmark = pytest.mark.e2e

BOUND = 5.0  # seconds a person may wait for the greedy seat's move and a roll: generous (after: ~0.2 s)


@pytest.fixture
def up(redis_url, tmp_path):
    s = Stack(redis_url, tmp_path).start_like_up()
    yield s
    s.stop()


def finished_game(stack, game_type: str = "kashgar") -> str:
    created = stack.client().post("/games", json={"type": game_type, "players": ["p0:ai-random", "p1:ai-random"]})
    assert created.status_code == 201, created.text
    wait_until_finished(stack.client(), created.json()["id"], timeout=120)
    return created.json()["id"]


def replies(stack, games: int = 2) -> list[float]:
    """Seconds from each of ann's bids to her next turn in toy games against greedy: what she waits for the
    greedy seat's bid (and the roll after it)."""
    out = []
    for _ in range(games):
        created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bot:ai-greedy"]}).json()
        game_id = created["id"]
        ann = stack.client(next(s["token"] for s in created["seats"] if s["seat"] == 0))
        g = wait_for_human(ann, game_id, 0, timeout=60)
        while g["status"] != "finished":
            move = ann.get(f"/games/{game_id}/moves").json()[0]
            began = time.monotonic()
            r = ann.post(f"/games/{game_id}/moves", json={"move": move})  # (the bot bids at once too)
            assert r.status_code == 201, r.text
            g = wait_for_human(ann, game_id, 0, timeout=120)
            out.append(time.monotonic() - began)
    return out


def test_a_persons_greedy_opponent_answers_while_analyses_of_the_largest_budget_run(up):
    s = up
    arbiter = s.client(s.arbiter)  # exempt from the bound on queued analysis per client
    games = [finished_game(s) for _ in range(3)]
    for g in games:
        r = arbiter.post(f"/games/{g}/analysis", json={"budget": 10})
        assert r.status_code == 202, r.text
    time.sleep(1.0)  # the workers take the analyses' jobs
    waited = replies(s)
    print(f"greedy replies under 3 analyses at budget 10: max {max(waited):.2f} s, {[round(w, 2) for w in waited]}")
    assert max(waited) < BOUND, waited


def test_a_persons_greedy_opponent_answers_while_searching_ai_games_play(up):
    s = up
    bots = []
    for _ in range(3):
        r = s.client().post("/games", json={"type": "kashgar", "players": ["a:ai-mcts@5", "b:ai-mcts@5"]})
        assert r.status_code == 201, r.text
        bots.append(r.json()["id"])
    try:
        time.sleep(1.0)  # their searches are under way
        waited = replies(s)
        print(f"greedy replies under 3 all-AI games of mcts@5: max {max(waited):.2f} s, {[round(w, 2) for w in waited]}")
        assert max(waited) < BOUND, waited
    finally:
        for g in bots:
            s.client(s.arbiter).post(f"/games/{g}/abandon", json={"reason": "test over"})


@pytest.fixture
def idle(redis_url, tmp_path):
    """A stack with low bounds per address whose workers are stopped once its games are made: what it
    queues stays queued, so the counts are steady."""
    s = Stack(redis_url, tmp_path, CARAVAN_ANALYSIS_QUEUED_PER_CLIENT="30", CARAVAN_AI_GAMES_PER_CLIENT="2").start(workers=1)
    yield s
    s.stop()


def refused(r) -> None:
    assert r.status_code == 429 and r.json()["error"] == "rate-limited", r.text
    assert int(r.headers["retry-after"]) >= 1 and r.json()["detail"]


def test_queued_analysis_is_bounded_per_address(idle):
    s = idle
    first, second = finished_game(s), finished_game(s)
    s.kill_workers()  # nothing runs: what is queued stays queued
    c = s.client()
    assert c.post(f"/games/{first}/analysis", json={"budget": 10}).status_code == 202  # nothing queued: taken
    refused(c.post(f"/games/{second}/analysis", json={"budget": 10}))  # about 10 s a decision queued, past 30 s
    assert c.get(f"/games/{second}/analysis").status_code == 404  # nothing was queued for it
    assert s.client(s.arbiter).post(f"/games/{second}/analysis", json={"budget": 10}).status_code == 202  # exempt


def test_games_of_searching_ais_only_are_bounded_per_creator(idle):
    s = idle
    c, arbiter = s.client(), s.client(s.arbiter)
    quick = c.post("/games", json={"type": "toy", "players": ["a:ai-mcts@0.05", "b:ai-random"]}).json()["id"]
    wait_until_finished(c, quick)  # over: it no longer counts
    s.kill_workers()  # the games below stay in play (their first draw waits)
    bots = {"type": "kashgar", "players": ["a:ai-mcts@1", "b:ai-hard"]}
    made = [c.post("/games", json=bots) for _ in range(2)]
    assert [r.status_code for r in made] == [201, 201]
    store = redis.Redis.from_url(s.redis_url)
    before = store.zcard(keys.GAMES)
    refused(c.post("/games", json=bots))
    refused(c.post(f"/games/{quick}/fork", params={"at": 3}))  # nor a fork of such a game
    assert store.zcard(keys.GAMES) == before  # nothing was made
    for other in (["a:ai-random", "b:ai-greedy"], ["ann", "b:ai-mcts@1"]):  # no search, or a person in it
        assert c.post("/games", json={"type": "kashgar", "players": other}).status_code == 201
    assert arbiter.post("/games", json=bots).status_code == 201  # the arbiter is exempt
    assert arbiter.post(f"/games/{made[0].json()['id']}/abandon", json={"reason": "test over"}).status_code == 200
    assert c.post("/games", json=bots).status_code == 201  # one is over: room for another
