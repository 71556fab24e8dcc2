"""The audit trail over the real stack: verify catches every kind of tampering, undo is an event with
a small scope, replay and fork, arbiter mode."""

from __future__ import annotations

import json
import time

import msgspec
import pytest

from events.envelope import Envelope, digest, payload_digest, secret_salt
from projections.audit import parse_lines, verify, verify_lines
from tests.e2e.helpers import wait_for_human, wait_until_finished

pytestmark = pytest.mark.e2e


def finished_export(stack, players=("ann:ai-random", "bob:ai-random")) -> tuple[str, list[str]]:
    created = stack.client().post("/games", json={"type": "toy", "players": list(players)}).json()
    wait_until_finished(stack.client(), created["id"])
    text = stack.client().get(f"/games/{created['id']}/export").text
    return created["id"], text.splitlines()


def rehash(events: list[Envelope], game_id: str, seed: str) -> list[Envelope]:
    """What a careful forger does after an edit: recompute every payload hash and the whole chain."""
    out, prev = [], ""
    for e in events:
        salt = "" if e.visible_to is None else secret_salt(seed, game_id, e.version)
        e = msgspec.structs.replace(e, prev=prev, payload_hash=payload_digest(e.payload, salt))
        e = msgspec.structs.replace(e, hash=digest(e))
        out.append(e)
        prev = e.hash
    return out


def test_an_untouched_export_verifies(stack):
    _, lines = finished_export(stack)
    report = verify_lines(lines)
    assert report.ok, report.line()
    assert any("chance outcomes recomputed" in c for c in report.checked)
    assert "the result recomputed" in report.checked


def first_of(events, kind):
    return next(e for e in events if e.kind == kind)


@pytest.mark.parametrize("tamper", ["payload", "actor", "time", "drop", "insert", "reorder", "forged-seed",
                                    "rehashed-chance", "rehashed-illegal-move", "rehashed-result"])
def test_verify_catches_tampering_and_names_the_version(stack, tamper):
    game_id, lines = finished_export(stack)
    events = parse_lines(lines)
    seed = first_of(events, "seed-revealed").payload["seed"]
    chance = first_of([e for e in events if e.version > 2], "chance")
    bid = first_of(events, "move")
    i = events.index(bid)
    if tamper == "payload":
        other = bid.payload["move"]["card"] % 6 + 1  # always a different card
        events[i] = msgspec.structs.replace(bid, payload={"move": {"type": "bid", "card": other}})
        expect = bid.version
    elif tamper == "actor":
        events[i] = msgspec.structs.replace(bid, actor=1 - bid.actor)
        expect = bid.version
    elif tamper == "time":
        events[i] = msgspec.structs.replace(bid, at="2020-01-01T00:00:00+00:00")
        expect = bid.version
    elif tamper == "drop":
        del events[i]
        expect = bid.version
    elif tamper == "insert":
        events.insert(i, msgspec.structs.replace(bid, version=bid.version))
        expect = bid.version + 1
    elif tamper == "reorder":
        events[i], events[i + 1] = events[i + 1], events[i]
        expect = bid.version
    elif tamper == "forged-seed":
        k = events.index(first_of(events, "seed-revealed"))
        events[k] = msgspec.structs.replace(events[k], payload={"seed": "0" * 64})
        events = rehash(events, game_id, seed)
        expect = events[k].version
    elif tamper == "rehashed-chance":
        k = events.index(chance)
        face = chance.payload["move"]["face"]
        events[k] = msgspec.structs.replace(chance, payload={**chance.payload, "move": {"type": "roll", "face": face % 6 + 1}})
        events = rehash(events, game_id, seed)
        expect = chance.version
    elif tamper == "rehashed-illegal-move":
        events[i] = msgspec.structs.replace(bid, payload={"move": {"type": "bid", "card": 99}})
        events = rehash(events, game_id, seed)
        expect = bid.version
    elif tamper == "rehashed-result":
        k = events.index(first_of(events, "finished"))
        r = events[k].payload["result"]
        events[k] = msgspec.structs.replace(events[k], payload={"result": {**r, "scores": [x + 1 for x in r["scores"]]}})
        events = rehash(events, game_id, seed)
        expect = events[k].version
    report = verify(events)
    assert not report.ok
    assert report.version == expect, report.line()


def test_caravan_verify_runs_offline_and_exits_by_the_verdict(stack, tmp_path):
    game_id, _ = finished_export(stack)
    good = tmp_path / "game.jsonl"
    stack.cli("export", game_id, "-o", str(good))
    env_without_server = {"url": "http://127.0.0.1:9"}  # nothing listens there: verify needs no server
    p = stack.cli("--url", env_without_server["url"], "verify", str(good))
    assert p.returncode == 0 and p.stdout.startswith("ok:")
    lines = good.read_text().splitlines()
    obj = json.loads(lines[3])
    obj["at"] = "1999-01-01T00:00:00+00:00"
    lines[3] = json.dumps(obj)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    p = stack.cli("--url", env_without_server["url"], "verify", str(bad), "--json", check=False)
    assert p.returncode == 1
    assert json.loads(p.stdout)["version"] == obj["version"]
    for name, text in (("empty.jsonl", ""), ("junk.jsonl", '{"x": 1}\n')):  # no version to name: said so, not "None"
        (tmp_path / name).write_text(text)
        p = stack.cli("--url", env_without_server["url"], "verify", str(tmp_path / name), check=False)
        assert p.returncode == 1 and p.stdout.startswith("bad:") and "None" not in p.stdout, p.stdout


def test_the_live_verify_endpoint_reports_where_the_chain_breaks(stack):
    import redis

    game_id, _ = finished_export(stack)
    assert stack.client().get(f"/games/{game_id}/verify").json()["ok"] is True
    r = redis.Redis.from_url(stack.redis_url)
    key = f"caravan:{{{game_id}}}:events"
    entries = r.xrange(key)
    r.delete(key)
    for entry_id, fields in entries:
        e = json.loads(fields[b"e"])
        if e["version"] == 4:
            e["actor"] = "chance" if e["actor"] != "chance" else 0
        r.xadd(key, {"e": json.dumps(e)}, id=entry_id)
    report = stack.client().get(f"/games/{game_id}/verify").json()
    assert report["ok"] is False and report["version"] == 4


def two_humans(stack, **extra):
    body = {"type": "toy", "players": ["ann", "bob"], **extra}
    created = stack.client().post("/games", json=body).json()
    return created["id"], stack.client(created["seats"][0]["token"]), stack.client(created["seats"][1]["token"])


def test_undo_is_granted_when_the_other_human_consents(stack):
    game_id, ann, bob = two_humans(stack)
    wait_for_human(ann, game_id, 0)
    before = ann.get(f"/games/{game_id}").json()
    ann.post(f"/games/{game_id}/moves", json={"move": ann.get(f"/games/{game_id}/moves").json()[0]})
    asked = ann.post(f"/games/{game_id}/undo", json={}).json()
    assert asked["granted"] is False and asked["waiting_for"] == [1]
    assert bob.get(f"/games/{game_id}").json()["undo"]["consent"] is True
    granted = bob.post(f"/games/{game_id}/undo", json={"action": "consent", "request": asked["request"]}).json()
    assert granted["granted"] is True and granted["to"] == before["version"]
    after = ann.get(f"/games/{game_id}").json()
    assert after["view"] == before["view"]  # the bid is taken back …
    kinds = [e["kind"] for e in ann.get(f"/games/{game_id}/events").json()]
    assert kinds[-4:] == ["move", "undo-requested", "undo-consented", "undo"]  # … and the log keeps it


def test_undo_is_refused_across_a_chance_outcome(stack):
    game_id, ann, bob = two_humans(stack)
    wait_for_human(ann, game_id, 0)
    for c in (ann, bob):
        c.post(f"/games/{game_id}/moves", json={"move": c.get(f"/games/{game_id}/moves").json()[0]})
    wait_for_human(ann, game_id, 0)  # the roll (chance) has happened
    status = ann.get(f"/games/{game_id}").json()["undo"]
    assert status["possible"] is False and "chance" in status["why_not"]
    before = ann.get(f"/games/{game_id}").json()["version"]
    r = ann.post(f"/games/{game_id}/undo", json={})
    assert r.status_code == 422 and "chance" in r.json()["detail"]
    assert ann.get(f"/games/{game_id}").json()["version"] == before


def test_the_arbiter_grants_an_undo_at_once(stack):
    game_id, ann, _ = two_humans(stack)
    wait_for_human(ann, game_id, 0)
    before = ann.get(f"/games/{game_id}").json()
    ann.post(f"/games/{game_id}/moves", json={"move": ann.get(f"/games/{game_id}/moves").json()[0]})
    r = stack.client(stack.arbiter).post(f"/games/{game_id}/undo", json={}).json()
    assert r["granted"] and r["to"] == before["version"]
    assert ann.get(f"/games/{game_id}").json()["view"] == before["view"]


def test_replay_at_every_n_equals_the_live_state_that_was_at_n(stack):
    game_id, ann, bob = two_humans(stack)
    live = {}
    deadline = time.monotonic() + 180  # (a count of rounds ran out on a loaded machine while chance waited)
    while time.monotonic() < deadline:
        for seat, c in ((0, ann), (1, bob)):
            g = c.get(f"/games/{game_id}").json()
            live[(seat, g["version"])] = g["view"]
            if g["status"] == "finished":
                break
            if seat in g["actors"]:
                c.post(f"/games/{game_id}/moves", json={"move": c.get(f"/games/{game_id}/moves").json()[-1]})
        if g["status"] == "finished":
            break
        time.sleep(0.01)
    assert g["status"] == "finished"
    for (seat, n), view in live.items():
        if n == g["version"]:
            continue
        c = ann if seat == 0 else bob
        then = c.get(f"/games/{game_id}/state", params={"at": n}).json()
        assert then["version"] == n
        # the game is over now, so replay shows everything; the seat's own view at n is among the seat views
        assert then["seat_views"][seat] == view


def test_fork_starts_a_new_game_that_names_its_origin(stack):
    game_id, _ = finished_export(stack)
    forked = stack.client().post(f"/games/{game_id}/fork", params={"at": 6}).json()
    assert forked["origin"] == {"game": game_id, "at": 6, "by": None, "hidden": "exact", "private": False}
    new = stack.client().get(f"/games/{forked['id']}/state", params={"at": 2}).json()  # its AI seats play on
    assert new["origin"]["game"] == game_id
    old_at_6 = stack.client().get(f"/games/{game_id}/state", params={"at": 6}).json()
    assert new["view"]["points"] == old_at_6["view"]["points"]
    wait_until_finished(stack.client(), forked["id"])
    text = stack.client().get(f"/games/{forked['id']}/export").text
    assert verify_lines(text.splitlines()).ok


def test_a_seat_forking_a_running_game_gets_hidden_parts_redrawn(stack):
    game_id, ann, _ = two_humans(stack)
    wait_for_human(ann, game_id, 0)
    forked = ann.post(f"/games/{game_id}/fork").json()
    assert forked["origin"]["hidden"] == "re-drawn for seat 0"
    assert stack.client().get(f"/games/{forked['id']}/events").status_code == 401  # a private fork
    me = stack.client(next(s["token"] for s in forked["seats"] if s.get("token")))
    events = me.get(f"/games/{forked['id']}/events").json()
    assert events[1]["kind"] == "forked-state" and events[1]["payload"] is None  # the position stays secret


def test_arbiter_mode_chance_is_entered_by_the_arbiter_and_logged(stack):
    game_id, ann, _ = two_humans(stack, options={"arbiter_chance": True})
    arb = stack.client(stack.arbiter)
    g = ann.get(f"/games/{game_id}").json()
    assert g["waiting_for"] == "chance" and g["actors"] == []
    shuffle = {"type": "shuffle", "order": list(range(12))}
    assert ann.post(f"/games/{game_id}/moves", json={"move": shuffle}).status_code == 403
    r = arb.post(f"/games/{game_id}/moves", json={"move": shuffle})
    assert r.status_code == 201
    last = arb.get(f"/games/{game_id}/events").json()[-1]
    assert last["actor"] == "arbiter" and last["kind"] == "chance"
    assert ann.get(f"/games/{game_id}").json()["view"]["hands"][0] == [1, 2]  # the order the arbiter entered


def test_entropy_the_seats_contribute_is_mixed_into_every_draw_and_still_verifies(stack):
    from games.protocol import sample_chance
    from projections.fold import chance_rng
    from tests.toygame import GAME as TOY

    body = {"type": "toy", "players": ["a:ai-random", "b:ai-random"], "entropy": ["ann's dice", "bob's coin"]}
    game_id = stack.client().post("/games", json=body).json()["id"]
    wait_until_finished(stack.client(), game_id)
    events = parse_lines(stack.client().get(f"/games/{game_id}/export").text.splitlines())
    assert verify(events).ok
    created, seed = events[0].payload, first_of(events, "seed-revealed").payload["seed"]
    assert created["entropy"] == ["ann's dice", "bob's coin"]
    start = TOY.setup(2, {})
    drawn = events[1].payload["move"]
    typed = events[0].event()
    with_entropy = sample_chance(TOY.chance(start), chance_rng(seed, typed, 2))
    without = sample_chance(TOY.chance(start), chance_rng(seed, msgspec.structs.replace(typed, entropy=()), 2))
    assert drawn["order"] == list(with_entropy.order)
    assert drawn["order"] != list(without.order)
