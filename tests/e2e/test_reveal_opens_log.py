"""Himalaya's programs are secret until the last disc is in; then all of them are turned face up at once and
the board shows every program. The log kept them hidden from the other seats for the rest of the game
("made a secret move"), so a player could not read in the log what the board already showed. After the
reveal every reader reads them, with words that say they were secret at the time; before it nobody but
their seat does. (Which secrets a move opens is each game's rule:
tests/unit/test_opens.py.)"""

from __future__ import annotations

import time

import pytest

pytestmark = pytest.mark.e2e


def events(client, game_id, words=False):
    return client.get(f"/games/{game_id}/events", params={"limit": 10000, "words": str(words).lower()}).json()


def play_first_moves(seats, game_id, until) -> dict:
    """The human seats (seat -> client) play their first legal move whenever they act, until `until(game)`."""
    deadline = time.monotonic() + 60
    while not until(g := seats[0].get(f"/games/{game_id}").json()):
        assert time.monotonic() < deadline, f"never reached: {g['view'].get('phase')}, actors {g['actors']}"
        mine = [s for s in g["actors"] if s in seats]
        if not mine:
            time.sleep(0.05)
            continue
        client = seats[mine[0]]
        move = client.get(f"/games/{game_id}/moves").json()[0]
        r = client.post(f"/games/{game_id}/moves", json={"move": move, "expected_version": g["version"]})
        assert r.status_code in (201, 409), r.text  # (409: the AI or a draw came first)
    return g


def test_the_reveal_opens_the_programs_in_the_log_to_every_reader(stack):
    created = stack.client().post("/games", json={"type": "himalaya", "players": ["ann", "bob", "cy:ai-random"]}).json()
    game_id = created["id"]
    ann, bob = (stack.client(created["seats"][i]["token"]) for i in (0, 1))
    spectator = stack.client()
    play_first_moves({0: ann, 1: bob}, game_id, lambda g: g["view"]["phase"] == "planning" and 0 in g["actors"])
    play_first_moves({0: ann}, game_id, lambda g: any(r["actor"] == 0 and r["visible_to"] for r in events(ann, game_id)))
    anns = [r for r in events(ann, game_id) if r["kind"] == "move" and r["actor"] == 0 and r["visible_to"]]
    assert len(anns) == 1 and anns[0]["visible_to"] == [0]
    for reader in (bob, spectator):  # before the reveal: ann's disc is hers alone
        row = next(r for r in events(reader, game_id) if r["version"] == anns[0]["version"])
        assert row["payload"] is None and row["redacted"] is True, row
    play_first_moves({0: ann, 1: bob}, game_id, lambda g: g["view"]["phase"] != "planning")
    secret = [r for r in events(stack.client(stack.arbiter), game_id) if r["kind"] == "move" and r["visible_to"] is not None]
    assert {r["actor"] for r in secret} == {0, 1, 2}, secret  # every seat's discs, the AI's too
    for reader in (bob, spectator):
        rows = {r["version"]: r for r in events(reader, game_id, words=True)}
        for r in secret:
            row = rows[r["version"]]
            assert row["payload"] == r["payload"], row
            assert not row.get("redacted"), row
            name = ["ann", "bob", "cy"][r["actor"]]
            if reader is spectator or r["actor"] != 1:
                # (the note is of the disc itself: what the reveal set running is told after it, in public)
                assert row["words"].split(" — ", 1)[0].endswith(f"(secret at the time: {name} only)"), row["words"]
        frame = reader.get(f"/games/{game_id}/view/frame").json()
        assert not any("secret move" in e["text"] for e in frame["events"]), [e["text"] for e in frame["events"]]

