"""A stand-in plays at a person's pace (issue 58, confused 5: with `per-decision:8` and `absent: ai-greedy`,
the stand-in played the whole rest of a Kashgar game in about 6 s, before the person could type `back`).
Each stand-in decision now waits CARAVAN_STAND_IN_DELAY after it came due (within the seat's own time for
it; the decision whose time ran out is made at once), so the person's return lands after one move at most."""

from __future__ import annotations

import time

import pytest

from service.embedded import EmbeddedRedis
from tests.stack import Stack

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def paced(tmp_path_factory):
    """A stack on a store of its own: the games' timers are the store's, and the sweeper of another stack on
    the suite's store (whose stand-ins play at once) ran these games' timeout jobs: in a full run the
    stand-in played here without its pace."""
    tmp = tmp_path_factory.mktemp("paced")
    server = EmbeddedRedis(tmp / "redis", durable=False).start()
    s = Stack(server.url, tmp, CARAVAN_STAND_IN_DELAY="5").start(workers=1)
    try:
        yield s
    finally:
        s.stop()
        server.stop()


def stand_in_moves(client, game_id: str) -> tuple[int, list[dict]]:
    """The moves made for ann (seat 0) since she was taken over, and the log."""
    events = client.get(f"/games/{game_id}/events").json()
    taken = max(e["version"] for e in events if e["kind"] == "taken-over")
    back = [e["version"] for e in events if e["kind"] == "returned"]
    made = [e for e in events if e["kind"] == "move" and e["actor"] == 0 and e["version"] > taken
            and (not back or e["version"] < back[0])]
    return len(made), events


def test_a_person_comes_back_before_the_stand_in_played_more_than_one_move(paced):
    created = paced.client().post("/games", json={"type": "kashgar", "players": ["ann", "bob:ai-greedy"],
                                                   "options": {"clock": "per-decision:8", "absent": "ai-greedy"}}).json()
    game_id, ann = created["id"], paced.client(created["seats"][0]["token"])
    try:
        deadline = time.monotonic() + 90
        while not [a for a in ann.get(f"/games/{game_id}").json().get("absent", []) if a["seat"] == 0]:
            assert time.monotonic() < deadline, "ann was never taken over"
            time.sleep(0.1)
        time.sleep(1.5)  # the person takes a moment to type `back` (the stand-in used to play on meanwhile)
        while True:  # 409 while the decision whose time ran out is the stand-in's; then hers again
            r = ann.post(f"/games/{game_id}/return")
            if r.status_code == 200 or time.monotonic() > deadline:
                break
            assert r.status_code == 409, r.text
            time.sleep(0.1)
        made, events = stand_in_moves(ann, game_id)
        assert r.status_code == 200, f"{r.text}; {made} stand-in moves; status {ann.get(f'/games/{game_id}').json()['status']}"
        assert made <= 1, f"the stand-in played {made} moves before ann came back"
        assert [e for e in events if e["kind"] == "returned"]
    finally:
        paced.client(paced.arbiter).post(f"/games/{game_id}/abandon", json={"reason": "test over"})


def test_left_alone_the_stand_in_plays_on_at_its_pace(paced):
    """No return: the game's timer brings each paced stand-in decision back (the sweeper's timeout job), and
    each waits the delay after the event before it (load can only make it later)."""
    from datetime import datetime

    created = paced.client().post("/games", json={"type": "kashgar", "players": ["ann", "bob:ai-greedy"],
                                                   "options": {"clock": "per-decision:8", "absent": "ai-greedy"}}).json()
    game_id, ann = created["id"], paced.client(created["seats"][0]["token"])
    try:
        deadline = time.monotonic() + 120
        while True:
            events = ann.get(f"/games/{game_id}/events").json()
            if any(e["kind"] == "taken-over" for e in events) and stand_in_moves(ann, game_id)[0] >= 3:
                break
            assert time.monotonic() < deadline, "the stand-in did not play on"
            time.sleep(0.5)
        taken = max(e["version"] for e in events if e["kind"] == "taken-over")
        at = {e["version"]: datetime.fromisoformat(e["at"]).timestamp() for e in events}
        paced_moves = [e for e in events if e["kind"] == "move" and e["actor"] == 0 and e["version"] > taken][1:]
        gaps = [at[e["version"]] - at[e["version"] - 1] for e in paced_moves]
        assert gaps and min(gaps) >= 4.5, gaps  # (the first was the decision whose time ran out: at once)
    finally:
        paced.client(paced.arbiter).post(f"/games/{game_id}/abandon", json={"reason": "test over"})
