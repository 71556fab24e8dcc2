"""Through the real service, a move names a thing the way the board shows it (web audit, findings 8 and 9):
a Kashgar Judge names the card it removes ("remove Farmhand", not "card 2"), a Bangkok Klongs market day
its mooring place by the squares around it ("where (3, 0), (4, 0), (3, 1) and (4, 1) meet", not "M4.1"),
in the page's move list and in the log in words. The arbiter enters the chance outcomes
(`arbiter_chance`), so each game walks straight to the position."""

from __future__ import annotations

import re
import time

import pytest

pytestmark = pytest.mark.e2e


def walk_to(stack, game_type, policy, chance, reached, steps=120):
    """A game of two people whose draws the arbiter enters (`chance(outcomes)`), each seat playing
    `policy(seat, moves, view)`, until a seat's page (`GET …/view/frame`) is `reached(frame)`: (game id,
    that seat's client, the frame)."""
    created = stack.client().post("/games", json={"type": game_type, "players": ["ann", "bob"],
                                                  "options": {"arbiter_chance": True}}).json()
    game_id = created["id"]
    seats = {s["seat"]: stack.client(s["token"]) for s in created["seats"]}
    arbiter = stack.client(stack.arbiter)
    for _ in range(steps):
        outcomes = arbiter.get(f"/games/{game_id}/moves")
        if outcomes.json():
            version = int(outcomes.headers["X-Game-Version"])
            arbiter.post(f"/games/{game_id}/moves", json={"move": chance(outcomes.json()), "expected_version": version})
            continue
        acting = [(seat, c) for seat, c in seats.items() if seat in c.get(f"/games/{game_id}").json()["actors"]]
        if not acting:
            time.sleep(0.05)
            continue
        seat, client = acting[0]
        frame = client.get(f"/games/{game_id}/view/frame").json()
        if reached(frame):
            return game_id, client, frame
        got = client.get(f"/games/{game_id}")
        moves = client.get(f"/games/{game_id}/moves").json()
        client.post(f"/games/{game_id}/moves", json={"move": policy(seat, moves, got.json()["view"]),
                                                     "expected_version": got.json()["version"]})
    raise AssertionError(f"{game_type} {game_id}: the position was not reached in {steps} steps")


def said_in_the_log(client, game_id, move):
    rows = client.get(f"/games/{game_id}/events", params={"words": "true"}).json()
    return next(r["words"] for r in reversed(rows) if r["kind"] == "move" and r["payload"]["move"] == move)


# --- Kashgar: the Judge --------------------------------------------------------------------------------

JUDGE = "SD22"


def kashgar_chance(outcomes):
    return next((o for o in outcomes if o.get("card") == JUDGE), outcomes[0])  # the Patriarch draws the Judge


def kashgar_policy(seat, moves, view):
    """Ann brings the Judge to the front of her caravan 1; Bob turns his Patriarchs and passes (no draws)."""
    def first(**like):
        return next((m for m in moves if all(m.get(k) == v for k, v in like.items())), None)

    if moves[0]["type"] in ("place-start-cards", "keep"):
        return next((m for m in moves if JUDGE in m["cards"]), moves[0])
    if seat == 1:
        return first(type="pass") or first(type="caravan-action", action=1) or moves[0]
    caravan = view["players"][0]["caravans"][0]
    if JUDGE not in caravan:
        return first(type="caravan-action", caravan=0, action=0)  # the Patriarch: draw 2 person cards, keep 1
    return first(type="pass", caravan=0) or first(type="caravan-action", caravan=0, action=1)  # a flip


def test_kashgar_the_judge_names_the_card_it_removes_in_the_move_list_and_the_log(stack):
    from games.kashgar.content import PERSONS

    def judge_at_front(frame):
        return any(e["move"].get("position") is not None for e in frame["moves"])

    game_id, ann, frame = walk_to(stack, "kashgar", kashgar_policy, kashgar_chance, judge_at_front)
    caravan = ann.get(f"/games/{game_id}").json()["view"]["players"][0]["caravans"][0]
    assert caravan[0] == JUDGE
    judged = [e for e in frame["moves"] if e["move"].get("position") is not None]
    for e in judged:
        removed = PERSONS[caravan[e["move"]["position"]]].name
        for said in (e["text"], e["choice"]):
            assert f"remove {removed}" in said and not re.search(r"\bcard \d", said), said
    move = judged[0]["move"]
    ann.post(f"/games/{game_id}/moves", json={"move": move})
    told = said_in_the_log(ann, game_id, move)
    assert f"remove {PERSONS[caravan[move['position']]].name}" in told and not re.search(r"\bcard \d", told), told


# --- Bangkok Klongs: a market day ----------------------------------------------------------------------

PLAN = [(4, 0), (0, 3), (3, 0), (3, 1), (4, 1), (5, 1)]  # ann's Rice boat, then five Luk Phat boats: M4.1 is full
MOORING = "the mooring place where (3, 0), (4, 0), (3, 1) and (4, 1) meet"


def bangkok_chance(outcomes):
    if outcomes[0]["type"] == "start-player":
        return next(o for o in outcomes if o["seat"] == 0)
    ownable = [o for o in outcomes if o["boat"] == "RICE-O3"]  # ann's first boat: her merchant goes on it
    return (ownable or [o for o in outcomes if o["boat"].endswith("L")])[0]  # then Luk Phat boats only


def bangkok_policy(seat, moves, view):
    placed = sum(cell is not None for row in view["board"] for cell in row)
    places = [m for m in moves if m["type"] == "place" and (m["x"], m["y"]) == PLAN[placed]]
    if places:
        return next(m for m in places if m["boat"].endswith("L") == (placed > 0))
    return next(m for m in moves if m["type"] in ("end-turn", "pass"))


def test_bangkok_klongs_a_market_day_names_its_mooring_place_by_its_squares(stack):
    def market_day(frame):
        return any(e["move"]["type"] == "score" for e in frame["moves"])

    game_id, ann, frame = walk_to(stack, "bangkok-klongs", bangkok_policy, bangkok_chance, market_day)
    scored = [e for e in frame["moves"] if e["move"]["type"] == "score"]
    for e in scored:
        for said in (e["text"], e["group"]):
            assert MOORING in said and not re.search(r"\bM\d\.\d", said), said
    shown = " ".join(re.findall(r"<title>([^<]*)</title>", frame["board"]))
    assert f"may be scored now: {MOORING}" in shown  # the page marks the place the words name
    assert not re.search(r"\b[A-Z]{4,}-[A-Z]?\d", shown), shown  # boats in words ("RICE-O3: …" was the tooltip)
    move = scored[0]["move"]
    ann.post(f"/games/{game_id}/moves", json={"move": move})
    told = said_in_the_log(ann, game_id, move)
    assert MOORING in told and not re.search(r"\bM\d\.\d", told), told
    after = ann.get(f"/games/{game_id}/view/frame").json()["board"]
    assert f"the market master on {MOORING}" in after
