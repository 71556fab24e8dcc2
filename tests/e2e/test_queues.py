"""Nobody can starve the workers (issue #13, item 5): chance draws and clocks have a queue of their own
that every worker serves first, so a new game's opening draws never wait behind AI thinking; AI budgets
are capped per game (422 above the cap) and server-wide (a bounded number of searches at once); an
abandoned game's jobs do nothing. Counts and orderings only: the server's own event times order a game's
draws against the other games' AI moves."""

from __future__ import annotations

import time

import pytest
import redis
from rq.job import Job

from events import keys
from projections.clock import epoch
from service.settings import Settings
from tests.e2e.helpers import all_events
from tests.stack import Stack

pytestmark = pytest.mark.e2e

HEAVY = "ai-mcts@1"  # a full second of search per move: a slice of the old single queue is ~5 AI moves
CAP = 2.0  # CARAVAN_AI_MAX_BUDGET of these stacks


@pytest.fixture(scope="module")
def one_worker(redis_url, tmp_path_factory):
    """One worker and nothing else: chance is served first only if that worker serves it first."""
    s = Stack(redis_url, tmp_path_factory.mktemp("queues"), CARAVAN_AI_MAX_BUDGET=str(CAP)).start(workers=1)
    yield s
    s.stop()


def heavy_game(stack) -> str:
    r = stack.client().post("/games", json={"type": "himalaya", "players": [f"{n}:{HEAVY}" for n in "abc"]})
    assert r.status_code == 201, r.text
    return r.json()["id"]


def ai_moves(stack, game_id: str) -> list[float]:
    """The times of a game's AI moves."""
    return [epoch(e.at) for e in all_events(stack.client(stack.arbiter), game_id) if e.kind == "move"]


def wait_for_moves(stack, game_id: str, n: int, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while len(ai_moves(stack, game_id)) < n:
        assert time.monotonic() < deadline, f"game {game_id} made fewer than {n} AI moves"
        time.sleep(0.2)


def test_a_new_games_opening_draws_do_not_wait_behind_ai_thinking(one_worker):
    s = one_worker
    heavy = [heavy_game(s), heavy_game(s)]
    for g in heavy:
        wait_for_moves(s, g, 2)  # both are thinking by now, move after move
    created = s.client().post("/games", json={"type": "himalaya", "players": ["ann", "bob", "cy"]}).json()
    game_id = created["id"]
    deadline = time.monotonic() + 120
    while not (g := s.client().get(f"/games/{game_id}").json())["actors"]:
        assert time.monotonic() < deadline, "the people's game never got past its opening draws"
        time.sleep(0.05)
    assert "chance" not in g["actors"] and g["actors"], g["actors"]
    log = all_events(s.client(s.arbiter), game_id)
    assert [e.kind for e in log[1:]] == ["chance"] * (len(log) - 1)  # the opening: draws only
    began, drawn = epoch(log[0].at), epoch(log[-1].at)
    meanwhile = [t for g in heavy for t in ai_moves(s, g) if began < t <= drawn]
    # served first, the draws wait at most for the one search under way on the one worker; behind the
    # AI games' jobs (one queue, first come first served) they waited for whole slices of AI moves
    assert len(meanwhile) <= 1, f"{len(meanwhile)} AI moves were made while the opening draws waited"
    for g in heavy:
        assert s.client(s.arbiter).post(f"/games/{g}/abandon", json={"reason": "test over"}).status_code == 200


def test_an_ai_budget_above_the_cap_is_refused_and_changes_nothing(one_worker):
    s = one_worker
    conn = redis.Redis.from_url(s.redis_url)
    before = conn.zcard(keys.GAMES)
    r = s.client().post("/games", json={"type": "toy", "players": ["ann", f"bob:ai-mcts@{CAP + 1:g}"]})
    assert r.status_code == 422 and set(r.json()) >= {"error", "detail"}, r.text
    assert "CARAVAN_AI_MAX_BUDGET" in r.json()["detail"] or f"{CAP:g}" in r.json()["detail"]
    assert conn.zcard(keys.GAMES) == before
    ok = s.client().post("/games", json={"type": "toy", "players": ["ann", f"bob:ai-mcts@{CAP:g}"]})
    assert ok.status_code == 201, ok.text


def test_an_abandoned_games_ai_jobs_do_nothing(one_worker):
    s = one_worker
    game_id = heavy_game(s)
    wait_for_moves(s, game_id, 1)
    assert s.client(s.arbiter).post(f"/games/{game_id}/abandon", json={}).status_code == 200
    log = all_events(s.client(s.arbiter), game_id)
    assert log[-1].kind in ("abandoned", "seed-revealed")
    ended = next(e.version for e in log if e.kind == "abandoned")
    from service.jobs import enqueue_think, queue_for

    # the search under way when the arbiter ended the game loses its append; a late job does nothing
    cfg = Settings(redis_url=s.redis_url, queue_url=s.redis_url, queue=s.env["CARAVAN_QUEUE"])
    slow = queue_for(cfg)
    enqueue_think(slow, game_id, ended - 1)
    enqueue_think(slow, game_id, log[-1].version)
    deadline = time.monotonic() + 60
    jobs = [Job.fetch(f"think-{game_id}-{v}", connection=slow.connection) for v in (ended - 1, log[-1].version)]
    while not all(j.get_status() in ("finished", "failed") for j in jobs):
        assert time.monotonic() < deadline, [j.get_status() for j in jobs]
        time.sleep(0.1)
    assert [j.return_value() for j in jobs] == ["done", "done"]
    assert len(all_events(s.client(s.arbiter), game_id)) == len(log)  # nothing was appended after the end
    assert s.client().get(f"/games/{game_id}").json()["status"] == "abandoned"


@pytest.fixture(scope="module")
def capped(redis_url, tmp_path_factory):
    """Three workers sharing one thinking slot."""
    s = Stack(redis_url, tmp_path_factory.mktemp("capped"), CARAVAN_AI_MAX_THINKING="1",
              CARAVAN_QUEUE="capped").start(workers=3)
    yield s
    s.stop()


def test_ai_thinking_is_bounded_server_wide(capped):
    from service.jobs import thinking_keys

    s = capped
    conn = redis.Redis.from_url(s.redis_url)
    slots, peak = thinking_keys(Settings(queue="capped"))
    conn.delete(slots, peak)
    games = [s.client().post("/games", json={"type": "toy", "players": ["a:ai-mcts@0.3", "b:ai-mcts@0.3"]}).json()["id"]
             for _ in range(3)]
    for g in games:
        wait_for_moves(s, g, 3)  # every game moves on, a slot at a time
    assert int(conn.get(peak)) == 1  # three workers, never more than one search at once
    for g in games:
        s.client(s.arbiter).post(f"/games/{g}/abandon", json={})


@pytest.fixture(scope="module")
def fast_only(redis_url, tmp_path_factory):
    """No worker but a fast one (`python -m service.worker --fast`)."""
    s = Stack(redis_url, tmp_path_factory.mktemp("fastonly")).start(workers=0)
    s.start_worker(fast=True)
    yield s
    s.stop()


def test_a_fast_worker_draws_chance_and_never_thinks(fast_only):
    s = fast_only
    ai = s.client().post("/games", json={"type": "toy", "players": ["a:ai-random", "b:ai-random"]}).json()["id"]
    people = s.client().post("/games", json={"type": "himalaya", "players": ["ann", "bob", "cy"]}).json()["id"]
    deadline = time.monotonic() + 120
    while not s.client().get(f"/games/{people}").json()["actors"] or \
            "chance" in s.client().get(f"/games/{people}").json()["actors"]:
        assert time.monotonic() < deadline, "the fast worker did not make the opening draws"
        time.sleep(0.1)
    kinds = [e.kind for e in all_events(s.client(s.arbiter), ai)]
    assert "chance" in kinds and "move" not in kinds, kinds  # its shuffle is drawn; its AI seats wait
    assert s.client(s.arbiter).post(f"/games/{ai}/abandon", json={}).status_code == 200
