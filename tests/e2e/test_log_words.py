"""A move in the log is told from the position it was played in, as the reader saw that position: a
Kashgar caravan action, farewell or pass names the card it used — in `GET /games/{id}/events?words=true`,
in the web page's "What happened" (live and in the replay) and in `caravan log` — and no words are given
for a payload the reader may not read."""

from __future__ import annotations

import re

import pytest

from games.kashgar.content import PERSONS
from tests.cli.conftest import Cli
from tests.e2e.helpers import wait_for_human, wait_until_finished

pytestmark = pytest.mark.e2e

CARD_MOVES = ("caravan-action", "farewell", "pass")
CARD_NAMES = sorted({p.name for p in PERSONS.values()}, key=len, reverse=True)
BLANK = re.compile(r"the front card\b|front card's")


def names_a_card(text: str) -> bool:
    return any(name in text for name in CARD_NAMES) and not BLANK.search(text)


@pytest.fixture(scope="module")
def finished_kashgar(stack) -> str:
    created = stack.client().post("/games", json={"type": "kashgar", "players": ["ann:ai-random", "bob:ai-greedy"]}).json()
    wait_until_finished(stack.client(), created["id"], timeout=300)
    return created["id"]


def card_rows(rows):
    return [r for r in rows if r["kind"] == "move" and r["payload"] and r["payload"]["move"]["type"] in CARD_MOVES]


def test_the_events_in_words_name_the_card_each_caravan_move_used(stack, finished_kashgar):
    c = stack.client()
    rows = c.get(f"/games/{finished_kashgar}/events", params={"words": "true"}).json()
    moves = card_rows(rows)
    assert len(moves) >= 20
    unnamed = [r["words"] for r in moves if not names_a_card(r["words"])]
    assert not unnamed, unnamed[:5]
    # a page of the log told from where it starts (the position before its first event is replayed)
    page = c.get(f"/games/{finished_kashgar}/events", params={"words": "true", "from": moves[5]["version"], "limit": 30}).json()
    assert page[0]["words"] == moves[5]["words"]
    # without the flag the rows are the log as it was
    assert "words" not in c.get(f"/games/{finished_kashgar}/events", params={"limit": 5}).json()[1]


def test_the_pages_what_happened_names_the_card_live_and_in_the_replay(stack, finished_kashgar):
    c = stack.client()
    rows = c.get(f"/games/{finished_kashgar}/events", params={"words": "true"}).json()
    first = card_rows(rows)[0]
    then = c.get(f"/games/{finished_kashgar}/view/frame", params={"at": first["version"]}).json()
    assert then["events"][-1]["version"] == first["version"]  # the step shown ends the replay's account
    assert names_a_card(then["events"][-1]["text"]), then["events"][-1]["text"]
    assert then["events"][-1]["text"].endswith(first["words"])
    now = c.get(f"/games/{finished_kashgar}/view/frame").json()
    told = [e["text"] for e in now["events"] if e["kind"] == "move"]
    assert told and not any(BLANK.search(t) for t in told), told


def test_caravan_log_names_the_card(stack, tmp_path, finished_kashgar):
    cli = Cli(stack, tmp_path)
    lines = cli("log", finished_kashgar).stdout.splitlines()
    acted = [line for line in lines if "caravan action" in line or "farewell" in line or ": pass" in line]
    assert len(acted) >= 20
    assert not [line for line in acted if not names_a_card(line)], [line for line in acted if not names_a_card(line)][:5]


def test_a_seat_at_a_running_table_reads_the_others_moves_by_card_and_no_secret(stack):
    created = stack.client().post("/games", json={"type": "kashgar", "players": ["ann", "bot:ai-random"]}).json()
    game_id, ann = created["id"], stack.client(created["seats"][0]["token"])
    for _ in range(12):  # ann plays her first moves; the AI answers each
        g = wait_for_human(ann, game_id, 0, timeout=60)
        moves = ann.get(f"/games/{game_id}/moves").json()
        # a caravan's first action when there is one (a Patriarch's: draw 2, keep 1): a draw a spectator may not
        # see, whatever the AI does (with moves[0] alone a game could go 12 moves without one, and this failed)
        move = next((m for m in moves if m.get("type") == "caravan-action" and m.get("action") == 0), moves[0])
        ann.post(f"/games/{game_id}/moves", json={"move": move, "expected_version": g["version"]})
    wait_for_human(ann, game_id, 0, timeout=60)
    mine = ann.get(f"/games/{game_id}/events", params={"words": "true"}).json()
    bots = [r for r in card_rows(mine) if r["actor"] == 1]
    assert bots and all(names_a_card(r["words"]) for r in bots), [r["words"] for r in bots]
    live = ann.get(f"/games/{game_id}/view/frame").json()
    assert any(names_a_card(e["text"]) for e in live["events"] if e["kind"] == "move")
    # a spectator gets words only for what it may read: a withheld payload has none
    seen = stack.client().get(f"/games/{game_id}/events", params={"words": "true"}).json()
    assert any(r["payload"] is None for r in seen)
    assert all("words" not in r for r in seen if r["payload"] is None)
    assert all(isinstance(r.get("words"), str) for r in seen if r["kind"] in ("move", "chance") and r["payload"])


def test_caravan_watch_and_the_event_stream_name_the_card(stack, tmp_path, finished_kashgar):
    import httpx
    import json as jsonlib

    lines = Cli(stack, tmp_path)("watch", finished_kashgar).stdout.splitlines()
    acted = [line for line in lines if "caravan action" in line or "farewell" in line or ": pass" in line]
    assert len(acted) >= 20 and all(names_a_card(line) for line in acted), [x for x in acted if not names_a_card(x)][:5]
    rows = []
    with httpx.stream("GET", f"{stack.url}/games/{finished_kashgar}/events/stream", params={"words": "true"}, timeout=30) as s:
        for line in s.iter_lines():
            if line.startswith("data:") and line[5:].strip():
                rows.append(jsonlib.loads(line[5:]))
                if rows[-1]["kind"] == "seed-revealed":
                    break
    listed = {r["version"]: r.get("words") for r in stack.client().get(f"/games/{finished_kashgar}/events",
                                                                       params={"words": "true"}).json()}
    assert {r["version"]: r.get("words") for r in rows} == listed  # the same words as the log's
