"""A board click that would play a move shows it first (issue 58, confused 1: clicking your own boat in Bangkok
Klongs played its only move and ended the turn): the move is marked in the list and "Click again or press
Enter to play: …" is said; nothing is sent until a second click on the same part, or Enter; Escape cancels.
"Play board clicks at once" (kept in this browser) plays a click at once again."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import wait_for_human
from tests.web.browse import hold_seat, open_game, version

pytestmark = pytest.mark.e2e


def _one_move_target(stack, game_id: str, token: str, rng: random.Random, limit: int = 150):
    """Play ann's moves through the API (at random) until a part of her board chooses exactly one move; that
    part and its move entry (the frame's words)."""
    ann = stack.client(token)
    for _ in range(limit):
        g = wait_for_human(ann, game_id, 0, timeout=60)
        assert g["status"] == "active", "the game ended before a part of the board chose one move"
        frame = ann.get(f"/games/{game_id}/view/frame").json()
        if frame["version"] != g["version"] or 0 not in frame["actors"]:
            continue
        per = Counter(m["target"] for m in frame["moves"] if m["target"])
        single = sorted(t for t, n in per.items() if n == 1)
        if single:
            return single[0], next(m for m in frame["moves"] if m["target"] == single[0])
        move = rng.choice(frame["moves"])["move"]
        ann.post(f"/games/{game_id}/moves", json={"move": move, "expected_version": frame["version"]})
    raise AssertionError(f"no part of the board chose one move in {limit} of ann's decisions")


@pytest.fixture
def one_move(stack, page):
    """A Kashgar game open on ann's page at a decision where a part of the board chooses one move."""
    created = stack.client().post("/games", json={"type": "kashgar", "players": ["ann", "bob:ai-random"]}).json()
    game_id, token = created["id"], created["seats"][0]["token"]
    target, entry = _one_move_target(stack, game_id, token, random.Random(58))
    hold_seat(page, game_id, 0, token)
    open_game(page, game_id)
    part = page.locator(f"#board [data-target='{target}'].can")
    expect(part).to_have_count(1, timeout=30_000)
    return {"id": game_id, "part": part, "entry": entry, "v": version(page),
            "server": lambda: stack.client().get(f"/games/{game_id}").json()["version"]}


def _click(part) -> None:
    hit = part.locator(".hit")
    (hit.first if hit.count() else part).click()


def _shown_not_played(page, g) -> None:
    confirm = page.locator("#confirm-move")
    expect(confirm).to_contain_text(f"Click again or press Enter to play: {g['entry']['text']}")
    expect(page.locator("#moves button.move.pending")).to_have_text(g["entry"]["choice"])
    page.wait_for_timeout(1500)  # (a move sent would be back by now)
    assert version(page) == g["v"] and g["server"]() == g["v"], "a single board click played a move"


def test_a_board_click_shows_its_move_and_a_second_click_plays_it(stack, page, one_move, shots):
    g = one_move
    _click(g["part"])
    _shown_not_played(page, g)
    page.locator(".game-grid").screenshot(path=str(shots / "board-click-confirm.png"))
    _click(g["part"])
    expect(page.locator("body")).not_to_have_attribute("data-version", str(g["v"]), timeout=30_000)
    assert g["server"]() > g["v"]
    expect(page.locator("#notice")).to_contain_text(f"played: {g['entry']['text']}")


def test_escape_cancels_a_board_click_and_enter_confirms_one(stack, page, one_move):
    g = one_move
    _click(g["part"])
    expect(page.locator("#confirm-move")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.locator("#confirm-move")).to_have_count(0)
    expect(page.locator("#moves button.move.pending")).to_have_count(0)
    assert g["server"]() == g["v"]
    _click(g["part"])
    _shown_not_played(page, g)
    page.keyboard.press("Enter")
    expect(page.locator("body")).not_to_have_attribute("data-version", str(g["v"]), timeout=30_000)


def test_the_setting_plays_board_clicks_at_once_and_is_remembered(stack, page, one_move):
    g = one_move
    page.locator("#board-at-once").check()
    page.reload()
    expect(page.locator("body[data-live=yes]")).to_have_count(1, timeout=30_000)
    expect(page.locator("#board-at-once")).to_be_checked()
    _click(g["part"])
    expect(page.locator("body")).not_to_have_attribute("data-version", str(g["v"]), timeout=30_000)
    expect(page.locator("#confirm-move")).to_have_count(0)
