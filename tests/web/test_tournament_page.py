"""A tournament's page tells what the summary (`GET /tournaments/{id}`) holds in words: a withdrawal, a
round of byes only, an abandoned table, a cancellation in the middle of a round, a result withheld until
its round is over; and the projector view shows every column of the standings."""

from __future__ import annotations

import random
import time

import pytest
from playwright.sync_api import expect

from service.web.routes import TEMPLATES
from tests.e2e.helpers import play_my_tables, wait_for_status

pytestmark = pytest.mark.e2e

WITHHELD = "finished (result shown when the round is over)"


def settled(stack, tid: str, timeout: float = 180) -> dict:
    """The summary once no table of the tournament is in play (the workers record each table's end)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        s = stack.client().get(f"/tournaments/{tid}").json()
        if all(g["status"] != "active" for g in s["games"]):
            return s
        time.sleep(0.1)
    raise AssertionError(f"{tid}: tables still in play: {s['games']}")


def column(page, name: str) -> list[str]:
    """The standings' cells under the header `name`, best placed first."""
    heads = [h.strip() for h in page.locator(".standings thead th").all_inner_texts()]
    i = heads.index(name) + 1
    return [c.strip() for c in page.locator(f".standings tbody td:nth-child({i})").all_inner_texts()]


@pytest.fixture(scope="module")
def withdrawal(stack) -> dict:
    """A round robin of three that ann leaves at once: the rounds scheduled for her leave her opponent a
    round of byes only."""
    c = stack.client()
    t = c.post("/tournaments", json={"type": "toy", "format": "round-robin",
                                      "players": ["ann", "b1:ai-random", "b2:ai-random"]}).json()
    ann = next(e["token"] for e in t["entrants"] if e["name"] == "ann")
    assert stack.client(ann).post(f"/tournaments/{t['id']}/withdraw").status_code == 200
    return wait_for_status(c, f"/tournaments/{t['id']}", timeout=180)


def test_the_withdrawn_column_says_who_withdrew_after_which_round(page, withdrawal):
    page.goto(f"/tournaments/{withdrawal['id']}/view")
    want = ["" if s["withdrawn"] is None else f"withdrew after round {s['withdrawn']['after_round']}"
            for s in withdrawal["standings"]]
    assert [w for w in want if w.startswith("withdrew after round ")], want  # (1, or 2 when her round 1 was a bye)
    assert column(page, "withdrawn") == want


def test_no_cell_of_the_standings_shows_a_python_value(page, withdrawal):
    page.goto(f"/tournaments/{withdrawal['id']}/view")
    text = page.locator(".standings").inner_text()
    assert "None" not in text and "{" not in text and "'" not in text, text


def test_a_round_of_byes_only_is_shown_with_its_byes(page, withdrawal):
    bye_only = [b for b in withdrawal["byes"] if not any(g["round"] == b["round"] for g in withdrawal["games"])]
    assert bye_only, withdrawal["byes"]  # the case: every entrant of a round sat out
    page.goto(f"/tournaments/{withdrawal['id']}/view")
    shown = [int(r) for r in page.locator("section.round").evaluate_all("(rs) => rs.map((r) => r.dataset.round)")]
    assert shown == list(range(withdrawal["round"], 0, -1))
    for b in bye_only:
        expect(page.locator(f"section.round[data-round='{b['round']}'] .bye")).to_have_text(f"bye: {', '.join(b['players'])}")


@pytest.mark.parametrize("width, height", [(1920, 1080), (1280, 720)])
def test_the_projector_shows_every_column_of_the_standings(browser, stack, withdrawal, shots, width, height):
    ctx = browser.new_context(viewport={"width": width, "height": height}, base_url=stack.url)
    pg = ctx.new_page()
    pg.goto(f"/tournaments/{withdrawal['id']}/view?projector=true")
    pg.screenshot(path=str(shots / f"tournament-projector-withdrawn-{width}.png"))
    box = pg.locator(".t-standings .scroll-x")
    assert box.evaluate("(b) => b.scrollWidth <= b.clientWidth"), box.evaluate("(b) => [b.scrollWidth, b.clientWidth]")
    right = box.bounding_box()["x"] + box.bounding_box()["width"]
    for head in ("withdrawn", "rating"):
        cell = pg.locator(".standings thead th", has_text=head)
        assert cell.bounding_box()["x"] + cell.bounding_box()["width"] <= right + 1, head
    ann = pg.locator(".standings tbody tr", has_text="ann")
    left = next(s["withdrawn"]["after_round"] for s in withdrawal["standings"] if s["name"] == "ann")
    expect(ann).to_contain_text(f"withdrew after round {left}")
    ctx.close()


@pytest.fixture(scope="module")
def cancelled(stack) -> dict:
    """A Swiss of three rounds called off once round 2 is seated: ann's round 2 table waits for her bid."""
    c = stack.client()
    t = c.post("/tournaments", json={"type": "toy", "format": "swiss", "rounds": 3,
                                      "players": ["ann", "b1:ai-random", "b2:ai-random", "b3:ai-random"]}).json()
    ann = next(e["token"] for e in t["entrants"] if e["name"] == "ann")
    play_my_tables(stack, t["id"], ann, random.Random(7), until=lambda s: s["round"] == 2)
    r = stack.client(t["organiser_token"]).post(f"/tournaments/{t['id']}/cancel", json={"reason": "the hall closes"})
    assert r.status_code == 200, r.text
    return settled(stack, t["id"])


def test_an_abandoned_table_reads_abandoned_not_done(page, cancelled):
    abandoned = [g for g in cancelled["games"] if g["status"] == "abandoned"]
    assert abandoned  # ann's table of round 2
    page.goto(f"/tournaments/{cancelled['id']}/view")
    for g in abandoned:
        status = page.locator(f"li.table[data-game='{g['id']}'] span.status")
        expect(status).to_have_text("abandoned")


def test_abandoned_tables_are_not_counted_as_games_done(page, cancelled):
    done = sum(g["status"] not in ("active", "abandoned") for g in cancelled["games"])
    abandoned = sum(g["status"] == "abandoned" for g in cancelled["games"])
    page.goto(f"/tournaments/{cancelled['id']}/view")
    expect(page.locator(".t-meta")).to_contain_text(
        f"{done} of {cancelled['progress']['games_total']} games done, {abandoned} abandoned")


def test_a_tournament_cancelled_in_the_middle_of_a_round_says_so(page, cancelled):
    assert cancelled["cancelled"]["after_round"] == 2  # the rounds seated: round 2 was in play
    page.goto(f"/tournaments/{cancelled['id']}/view")
    note = page.locator(".notice")
    expect(note).to_contain_text("during round 2 (1 of 3 rounds complete)")
    expect(note).not_to_contain_text("after round 2")
    expect(note).to_contain_text("the hall closes")


def test_a_result_withheld_until_its_round_is_over_reads_finished(stack, page, shots):
    """At a duplicate tournament the summary withholds a table's scores and ranks while its round is in
    play (`status` finished, `scores` and `ranks` null). The page is rendered from such a summary: if the
    server does not withhold them yet, the test withholds them as it will."""
    c = stack.client()
    t = c.post("/tournaments", json={"type": "toy", "duplicate": True,
                                      "players": ["ann", "b1:ai-random", "b2:ai-random", "b3:ai-random"]}).json()
    deadline = time.monotonic() + 120
    s = c.get(f"/tournaments/{t['id']}").json()
    while not any(g["status"] == "finished" for g in s["games"]):  # the AIs' table ends; ann's waits for her bid
        assert time.monotonic() < deadline, s["games"]
        time.sleep(0.1)
        s = c.get(f"/tournaments/{t['id']}").json()
    in_play = s["round"]
    for g in s["games"]:
        if g["round"] == in_play and g["status"] == "finished":
            g["scores"] = g["ranks"] = None
    withheld = [g["id"] for g in s["games"] if g["status"] == "finished" and g["scores"] is None]
    html = TEMPLATES.to_engine().get_template("tournament.html").render(t=s, projector=False)
    page.route(f"{stack.url}/tournaments/{t['id']}/view", lambda route: route.fulfill(body=html, content_type="text/html"))
    page.goto(f"/tournaments/{t['id']}/view")
    for game_id in withheld:
        expect(page.locator(f"li.table[data-game='{game_id}'] span.status")).to_have_text(WITHHELD)
    expect(page.locator(".t-meta")).to_contain_text(f"{len(withheld)} of {s['progress']['games_total']} games done")
    assert "None" not in page.locator("#tournament").inner_text()
    page.screenshot(path=str(shots / "tournament-withheld.png"), full_page=True)
