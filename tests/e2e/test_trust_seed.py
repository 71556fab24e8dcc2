"""Nobody steers the luck: only the arbiter fixes a seed, every seat can add entropy after the server
has committed its seed and before the first draw, and `caravan verify` checks that scheme offline."""

from __future__ import annotations

import msgspec
import pytest

from events.envelope import Envelope
from games import fairness
from projections.audit import verify
from tests.e2e.helpers import all_events, wait_for_human, wait_until_finished

pytestmark = pytest.mark.e2e


def test_a_seat_cannot_fix_the_seed_only_the_arbiter_can(stack):
    body = {"type": "toy", "players": ["ann", "bob"], "seed": "chosen"}
    anonymous = stack.client().post("/games", json=body)
    assert anonymous.status_code in (401, 403) and anonymous.json()["error"] in ("unauthorized", "forbidden")
    arbiter = stack.client(stack.arbiter).post("/games", json=body)
    assert arbiter.status_code == 201
    created = all_events(stack.client(), arbiter.json()["id"])[0].payload
    assert created["seed_sha256"] == fairness.commitment("chosen")
    assert created["seed_fixed_by"] == "arbiter"


@pytest.mark.parametrize("seed", ["x" * 129, "", "sé", "a\nb"])
def test_a_seed_is_bounded(stack, seed):
    r = stack.client(stack.arbiter).post("/games", json={"type": "toy", "players": ["ann", "bob"], "seed": seed})
    assert r.status_code in (400, 422), r.text


@pytest.mark.parametrize("entropy", [["x" * 257], ["a", "b", "c"], [""]])
def test_creation_entropy_is_bounded(stack, entropy):
    r = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"], "entropy": entropy})
    assert r.status_code in (400, 422), r.text


def new_awaiting(stack, players=("ann", "bob", "cy:ai-random")):
    r = stack.client().post("/games", json={"type": "toy", "players": list(players),
                                            "options": {"await_entropy": True}})
    assert r.status_code == 201, r.text
    created = r.json()
    return created["id"], {s["seat"]: s.get("token") for s in created["seats"]}


def test_every_seat_adds_entropy_before_the_first_draw_and_verify_recomputes_it(stack, tmp_path):
    game_id, tokens = new_awaiting(stack)
    ann, bob = stack.client(tokens[0]), stack.client(tokens[1])
    g = ann.get(f"/games/{game_id}").json()
    assert g["waiting_for"] == "entropy" and g["entropy"]["missing"] == [0, 1]
    assert ann.post(f"/games/{game_id}/entropy", json={"entropy": "ann's dice"}).status_code == 201
    again = ann.post(f"/games/{game_id}/entropy", json={"entropy": "again"})
    assert again.status_code == 409  # once per seat
    assert stack.client().post(f"/games/{game_id}/entropy", json={"entropy": "x"}).status_code == 401
    assert ann.get(f"/games/{game_id}").json()["version"] == 2  # the draw still waits on bob
    assert bob.post(f"/games/{game_id}/entropy", json={"entropy": "b" * 65}).status_code in (400, 422)
    assert bob.post(f"/games/{game_id}/entropy", json={"entropy": "bob's coin"}).status_code == 201
    wait_for_human(ann, game_id, 0)
    late = bob.post(f"/games/{game_id}/entropy", json={"entropy": "late"})
    assert late.status_code == 409  # after the first draw nothing more is mixed in
    events = all_events(ann, game_id)
    kinds = [e.kind for e in events]
    assert kinds[:4] == ["created", "entropy", "entropy", "chance"]
    # play it out with the arbiter's help: the humans bid their first card until the end
    for _ in range(40):
        g = ann.get(f"/games/{game_id}").json()
        if g["status"] == "finished":
            break
        for seat, c in ((0, ann), (1, bob)):
            if seat in g["actors"]:
                moves = c.get(f"/games/{game_id}/moves").json()
                if moves:
                    c.post(f"/games/{game_id}/moves", json={"move": moves[0]})
        wait_for_human(ann, game_id, 0, timeout=10) if ann.get(f"/games/{game_id}").json()["status"] != "finished" else None
    wait_until_finished(ann, game_id)
    export = ann.get(f"/games/{game_id}/export").text
    path = tmp_path / "g.jsonl"
    path.write_text(export)
    out = stack.cli("verify", str(path), "--json")
    report = msgspec.json.decode(out.stdout)
    assert report["ok"] and any("seat entropy" in c for c in report["checked"]), report
    # an export whose entropy was changed after the fact no longer verifies (the draws differ)
    lines = export.splitlines()
    tampered = []
    for line in lines:
        row = msgspec.json.decode(line)
        if row["kind"] == "entropy" and row["actor"] == 1:
            row["payload"]["entropy"] = "bob's other coin"
        tampered.append(msgspec.convert({k: v for k, v in row.items() if k != "redacted"}, Envelope))
    assert not verify(tampered).ok


def test_verify_refuses_entropy_from_an_ai_seat_or_after_the_first_draw():
    from events.envelope import seal_payload as seal
    from games.protocol import sample_chance
    from projections.fold import chance_rng, start
    from tests.toygame import ToyGame

    seed = fairness.new_seed()
    created = {"id": "g1", "type": "toy", "players": [{"name": "ann", "ai": None}, {"name": "cy", "ai": "random"}],
               "options": {}, "arbiter_chance": False, "seed_sha256": fairness.commitment(seed)}
    e1 = seal(1, "system", "created", created, prev="")
    f = start("g1", e1)

    def chain(*rows):
        out, prev = [e1], e1.hash
        for v, (actor, kind, payload) in enumerate(rows, 2):
            out.append(seal(v, actor, kind, payload, prev=prev))
            prev = out[-1].hash
        return out

    draw = sample_chance(ToyGame().chance(f.state), chance_rng(seed, f.created, 3, ((0, "mine"),)))
    good = chain((0, "entropy", {"entropy": "mine"}),
                 ("chance", "chance", {"move": msgspec.json.decode(msgspec.json.encode(draw)), "reveals": True}))
    assert verify(good, seed=seed).ok, verify(good, seed=seed)
    by_ai = chain((1, "entropy", {"entropy": "ai"}))
    assert not verify(by_ai, seed=seed).ok
    draw2 = sample_chance(ToyGame().chance(f.state), chance_rng(seed, f.created, 2))
    late = chain(("chance", "chance", {"move": msgspec.json.decode(msgspec.json.encode(draw2)), "reveals": True}),
                 (0, "entropy", {"entropy": "late"}))
    report = verify(late, seed=seed)
    assert not report.ok and report.version == 3


def test_tournament_tables_can_await_their_peoples_entropy(stack):
    r = stack.client().post("/tournaments", json={"type": "toy", "players": ["ann", "bob"],
                                                  "options": {"await_entropy": True}})
    assert r.status_code == 201, r.text
    t = r.json()
    tokens = [e["token"] for e in t["entrants"]]
    rows = []
    for _ in range(100):
        rows = stack.client(tokens[0]).get(f"/tournaments/{t['id']}/tables").json()
        if rows:
            break
    game_id = rows[0]["game"]
    assert stack.client().get(f"/games/{game_id}").json()["waiting_for"] == "entropy"
    for tok in tokens:
        assert stack.client(tok).post(f"/games/{game_id}/entropy", json={"entropy": tok[:8]}).status_code == 201
    g = wait_for_human(stack.client(tokens[0]), game_id, 0)
    assert g["entropy"]["missing"] == [] and g["version"] >= 4
    dup = stack.client().post("/tournaments", json={"type": "toy", "players": ["ann", "bob"], "duplicate": True,
                                                    "options": {"await_entropy": True}})
    assert dup.status_code == 422


def test_the_cli_adds_a_seats_entropy(stack):
    import json

    game_id, tokens = new_awaiting(stack, players=("ann", "bob"))
    out = json.loads(stack.cli("--token", tokens[0], "entropy", game_id, "--json").stdout)
    assert out["given"] == [0] and out["missing"] == [1]
    out = json.loads(stack.cli("--token", tokens[1], "entropy", game_id, "bob's own", "--json").stdout)
    assert out["missing"] == []
    wait_for_human(stack.client(tokens[0]), game_id, 0)
    late = stack.cli("--token", tokens[0], "entropy", game_id, "--json", check=False)
    assert late.returncode != 0
