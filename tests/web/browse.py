"""Helpers for the browser tests: opening a game page with a seat's token kept in the browser."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect


def hold_seat(page: Page, game_id: str, seat: int, token: str) -> None:
    """Give this browser a seat's token the way the page keeps it (localStorage), then open the game."""
    page.goto("/")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"caravan:seats:{game_id}", json.dumps({str(seat): token})])


def open_game(page: Page, game_id: str, or_finished: bool = False) -> None:
    """Open the game's page and wait until its frame stream is connected. The wait is generous: on a
    loaded two-core CI machine (a worker searching, the browser starting) the first frame has taken more
    than Playwright's default 5 s; a page that never connects still fails, saying what it saw.
    `or_finished`: a page showing the game finished will do too (the stream of a game already over sends
    its last frame and ends, and the page's live flag can be on and off again before the wait looks)."""
    page.goto(f"/games/{game_id}/view")
    ready = "body[data-live=yes]" + (", body[data-status=finished]" if or_finished else "")
    try:
        expect(page.locator(ready)).to_have_count(1, timeout=30_000)
    except AssertionError:
        raise AssertionError(f"the frame stream never connected: live={page.locator('body').get_attribute('data-live')!r}, "
                             f"notice {page.locator('#notice').text_content()!r}, "
                             f"console {page.evaluate('window.caravanErrors || []')}") from None


def version(page: Page) -> int:
    return int(page.locator("body").get_attribute("data-version"))


def wait_for_turn_or_end(page: Page) -> str:
    """Wait until this seat has moves on the page or the game is over; the game's status."""
    page.wait_for_function("() => document.body.dataset.status === 'finished'"
                           " || document.querySelectorAll('#moves button.move').length > 0", timeout=60_000)
    return page.locator("body").get_attribute("data-status")


def play_to_the_end(page: Page, rng, shot=None, limit: int = 1500) -> dict[str, int]:
    """Play this page's seat to the end by clicking: a part of the board that has moves when there is one
    (a part with one move shows it first: confirmed by a second click or Enter; a part with several narrows
    the list to them: one is clicked), otherwise a move in the list.
    `shot(page)` is called once, six moves in. Counts of board clicks, list clicks and refusals."""
    counts = {"board": 0, "list": 0, "refused": 0, "moves": 0}
    for _ in range(limit):
        if wait_for_turn_or_end(page) == "finished":
            return counts
        v = page.locator("body").get_attribute("data-version")
        parts = page.locator("#board [data-target].can")
        n = parts.count()
        clicked = False
        if n and rng.random() < 0.8:
            try:
                part = parts.nth(rng.randrange(n)).locator(".hit").first
                part.click(timeout=2000)
                if page.locator("#confirm-move").count():  # a click that plays a move shows it first: confirm it
                    if rng.random() < 0.5:
                        part.click(timeout=2000)
                    else:
                        page.keyboard.press("Enter")
                counts["board"] += 1
                clicked = True
            except Exception:  # noqa: BLE001 - the frame changed under the pointer: choose from the list
                clicked = False
        if not clicked or page.locator("#moves", has_text="Show all moves").count():
            buttons = page.locator("#moves button.move")
            k = buttons.count()
            try:
                buttons.nth(rng.randrange(k)).click(timeout=2000)
                counts["list"] += 1
            except Exception:  # noqa: BLE001 - redrawn meanwhile: look again
                continue
        try:
            page.wait_for_function(f"() => document.body.dataset.version !== '{v}'"
                                   " || (document.getElementById('notice').textContent || '').startsWith('Refused')",
                                   timeout=60_000)
        except Exception:
            raise AssertionError(f"stuck at version {v}: notice {page.locator('#notice').text_content()!r}; "
                                 f"moves {page.locator('#moves').inner_text()[:300]!r}; console {page.evaluate('window.caravanErrors || []')}; status {page.locator('#status').inner_text()!r}") from None
        if (page.locator("#notice").text_content() or "").startswith("Refused"):
            counts["refused"] += 1
            page.evaluate("document.getElementById('notice').textContent = ''")
        counts["moves"] += 1
        if shot is not None and counts["moves"] == 6:
            shot(page)
    raise AssertionError(f"not over after {limit} clicks: {counts}")

