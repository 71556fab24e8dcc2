"""A headless Chromium (Debian's, never a downloaded one) driven by Playwright against the real stack."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CARAVAN_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        pytest.fail(f"no Chromium at {CHROMIUM}: `apt-get install -y chromium` (.ci/run does it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium"), args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser, stack):
    """A fresh browser context (its own storage) whose requests may only go to the stack."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 1000}, base_url=stack.url)
    outside: list[str] = []

    def guard(route):
        if route.request.url.startswith(stack.url):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    ctx.route("**/*", guard)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    # the page's own script errors (a refused request is the test's to judge, not an error of the page)
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" and not m.text.startswith("Failed to load resource")
          else None)
    yield pg
    ctx.close()
    assert not outside, f"the page asked for something outside the app: {outside}"
    assert not errors, f"script errors on the page: {errors}"


@pytest.fixture(scope="session")
def shots(tmp_path_factory) -> Path:
    """Where the tests save screenshots (CARAVAN_SCREENSHOTS, e.g. docs/img, or a temporary folder)."""
    where = os.environ.get("CARAVAN_SCREENSHOTS")
    path = Path(where) if where else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path
