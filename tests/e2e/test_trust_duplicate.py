"""A duplicate table's deal stays secret until its round ends, on every read path; fork rules.

The attack of issue 12: in a duplicate tournament two AI entrants finish table 0 in seconds while two
people still play table 1 with the same deal. Whoever reads table 0 without a token (a player of
table 1 can) must learn nothing of the deal: no payload, no seat views, no board past the set-up, not
in the events, `?from=`, the stream, the state at N, the game's or the tournament's export, a fork."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import httpx
import msgspec
import pytest

from tests.e2e.helpers import assert_sealed as assert_sealed_reads, wait_for_human, wait_for_status, wait_until_finished

pytestmark = pytest.mark.e2e


def seated_round(stack, game_type="toy", players=("a:ai-random", "b:ai-random", "ann", "bob")):
    c = stack.client()
    created = c.post("/tournaments", json={"type": game_type, "format": "swiss", "duplicate": True, "rounds": 1,
                                           "table_size": 2, "players": list(players)})
    assert created.status_code == 201, created.text
    created = created.json()
    tid = created["id"]
    tokens = {e["name"]: e["token"] for e in created["entrants"] if "token" in e}
    for _ in range(200):
        t = c.get(f"/tournaments/{tid}").json()
        if len(t["games"]) == 2:
            break
        time.sleep(0.05)
    tables = {}
    for g in t["games"]:
        names = [p["name"] for p in c.get(f"/games/{g['id']}").json()["players"]]
        tables["ai" if all(n in ("a", "b") for n in names) else "human" if all(n in ("ann", "bob") for n in names)
               else "mixed"] = g["id"]
    return tid, tokens, tables, created


def assert_unconfirmable(rows, full):
    """A withheld payload cannot be found by guessing: moves and draws come from small sets, so a reader
    holding a hash of a payload (or of its envelope) could try every candidate until one matches. Here the
    guess is the true payload itself (what a search would reach), and nothing in the rows may confirm it."""
    from events.envelope import Envelope, digest, payload_digest

    for row in rows:
        if row["version"] == 1:
            continue
        true = full[row["version"]]
        confirms = {payload_digest(true["payload"], ""), true["hash"]}
        assert not confirms & {row.get("payload_hash"), row.get("hash")}, row
        assert not confirms & {r.get("prev") for r in rows}, row
        assert row.get("sealed") is True, row
    withheld = {k: v for k, v in full[2].items() if k != "redacted"}
    assert digest(msgspec.convert(withheld, Envelope)) == full[2]["hash"]  # (what the guesser would compute)


def assert_sealed(stack, game_id, spectator):
    """What a reader with no seat at `game_id` gets while its round runs: nothing of the deal (the
    reads of tests/e2e/helpers.py, then the live stream and the pages), nor a hash that would confirm a
    guess of it."""
    g, rows = assert_sealed_reads(game_id, spectator)
    full = {r["version"]: r for r in stack.client(stack.arbiter).get(f"/games/{game_id}/events").json()}
    assert_unconfirmable(rows, full)
    exported = spectator.get(f"/games/{game_id}/export").text
    assert_unconfirmable([msgspec.json.decode(x) for x in exported.splitlines()], full)
    done = subprocess.run([str(Path(sys.executable).with_name("caravan")), "verify", "-"], input=exported,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 6 and done.stdout.startswith("incomplete: a sealed duplicate table"), done
    streamed = []
    with httpx.Client(base_url=stack.url, timeout=10) as raw:
        with raw.stream("GET", f"/games/{game_id}/events/stream") as s:
            for line in s.iter_lines():
                if line.startswith("data:"):
                    row = msgspec.json.decode(line[5:])
                    assert row["version"] == 1 or row["payload"] is None, row
                    streamed.append(row)
                    if len(streamed) == len(rows):
                        break
    assert_unconfirmable(streamed, full)
    fork = spectator.post(f"/games/{game_id}/fork")
    assert fork.status_code == 401
    assert_sealed_pages(stack, game_id, spectator, g)


def assert_sealed_pages(stack, game_id, spectator, g):
    """The web pages' frames (the live page's and the replay's) show no more than the JSON routes."""
    from games.registry import get
    from service.web.frames import describe_event

    game, names = get(g["type"]), [p["name"] for p in g["players"]]
    full = {r["version"]: r for r in stack.client(stack.arbiter).get(f"/games/{game_id}/events").json()}
    setup_board = spectator.get(f"/games/{game_id}/view/frame", params={"at": 1}).json()["board"]
    for at in [None, *range(2, g["version"] + 1)]:
        fr = spectator.get(f"/games/{game_id}/view/frame", params={"at": at} if at else None).json()
        assert fr["board"] == setup_board, at
        for line in fr["events"]:
            if line["version"] > 1:
                withheld = {**full[line["version"]], "payload": None, "redacted": True}
                assert line["text"] == describe_event(game, withheld, names), (at, line)
    page = spectator.get(f"/games/{game_id}/view").text
    for v, row in full.items():
        said, withheld = describe_event(game, row, names), describe_event(game, {**row, "payload": None}, names)
        if v > 1 and row["kind"] == "chance" and said != withheld:
            assert said not in page, said


def test_a_finished_ai_table_shows_nothing_of_the_deal_while_the_human_table_plays(stack):
    tid, tokens, tables, _ = seated_round(stack)
    assert set(tables) == {"ai", "human"}, tables
    spectator = stack.client()
    wait_until_finished(spectator, tables["ai"])
    assert_sealed(stack, tables["ai"], spectator)
    full = {r["version"]: r for r in stack.client(stack.arbiter).get(f"/games/{tables['ai']}/events").json()}
    exported = [msgspec.json.decode(line) for line in spectator.get(f"/tournaments/{tid}/export").text.splitlines()]
    for row in exported:
        if row["kind"] == "game" and row["event"]["version"] > 1:
            assert row["event"]["payload"] is None, row
    assert_unconfirmable([r["event"] for r in exported if r["stream"] == tables["ai"]], full)
    # the round ends when the people finish: then every table is public
    for name in ("ann", "bob"):
        assert stack.client(tokens[name]).get(f"/games/{tables['ai']}").status_code == 401  # not their table
    game = tables["human"]
    clients = {}
    for name in ("ann", "bob"):
        c = stack.client(tokens[name])
        clients[c.get(f"/games/{game}").json()["you"]] = c
    for _ in range(60):
        g = spectator.get(f"/games/{game}").json()
        if g["status"] == "finished":
            break
        for seat, c in clients.items():
            if seat in c.get(f"/games/{game}").json()["actors"]:
                moves = c.get(f"/games/{game}/moves").json()
                if moves:
                    c.post(f"/games/{game}/moves", json={"move": moves[0]})
        time.sleep(0.05)
    wait_for_status(spectator, f"/tournaments/{tid}")
    for game_id in tables.values():
        rows = spectator.get(f"/games/{game_id}/events").json()
        assert rows[-1]["kind"] == "seed-revealed"
        assert all(r["payload"] is not None for r in rows)
        assert "seat_views" in spectator.get(f"/games/{game_id}").json()


def new_game(stack, players):
    created = stack.client().post("/games", json={"type": "toy", "players": players}).json()
    return created["id"], {s["seat"]: s.get("token") for s in created["seats"]}


def test_a_seat_forks_a_private_copy_and_the_arbiter_a_full_one(stack):
    game_id, tokens = new_game(stack, ["ann", "bob", "cy"])
    ann = stack.client(tokens[0])
    wait_for_human(ann, game_id, 0)
    mine = ann.post(f"/games/{game_id}/fork")
    assert mine.status_code == 201, mine.text
    seats = mine.json()["seats"]
    assert [s["seat"] for s in seats if "token" in s] == [0]
    assert all(s.get("ai") for s in seats if s["seat"] != 0)
    assert mine.json()["origin"]["hidden"] == "re-drawn for seat 0"
    assert seats[0]["token"] not in tokens.values()
    full = stack.client(stack.arbiter).post(f"/games/{game_id}/fork").json()
    assert sorted(s["seat"] for s in full["seats"] if "token" in s) == [0, 1, 2]
    assert not {s["token"] for s in full["seats"]} & set(tokens.values())
    assert full["origin"]["hidden"] == "exact"
    assert stack.client().post(f"/games/{game_id}/fork").status_code == 401
