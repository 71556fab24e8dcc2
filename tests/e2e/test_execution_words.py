"""Issue 58, "Things that confused" 3 and 4 on the real stack: a Himalaya table of three AI seats plays past its
first execution phase; the log in words (`GET /games/{id}/events?words=true`, which `caravan log` and
`caravan play`'s "what happened" print) and the web page's account tell every seat's every disc of that
phase, a trade that did nothing among them, and a spectator reads every seat's move in the third person."""

from __future__ import annotations

import re
import time

import pytest

from tests.cli.conftest import Cli

pytestmark = pytest.mark.e2e

RUN = " — the programs run: "
NAMES = ["ann", "bob", "cy"]


def clauses(text: str) -> list[str]:
    told = text.split(RUN, 1)[1].rstrip(".") if RUN in text else ""
    out = [re.sub(r"^disc \d: ", "", c) for c in told.split("; ") if c]
    return [c for c in out if c != "the execution phase ends" and "goes back to village" not in c]


def first_execution(texts: list[str]) -> list[str]:
    """The discs told from the reveal to the end of the first execution phase."""
    start = next(i for i, t in enumerate(texts) if RUN in t)
    end = next(i for i, t in enumerate(texts[start:], start) if t.endswith("the execution phase ends."))
    return [c for t in texts[start:end + 1] for c in clauses(t)]


@pytest.fixture(scope="module")
def past_one_execution(stack) -> str:
    created = stack.client().post("/games", json={"type": "himalaya",
                                                  "players": [f"{n}:ai-random" for n in NAMES]}).json()
    deadline = time.monotonic() + 120
    while True:
        g = stack.client().get(f"/games/{created['id']}").json()
        if g["status"] != "active" or g["view"].get("round", 1) >= 2:
            return created["id"]
        assert time.monotonic() < deadline, f"still in round 1 after 120 s: {g['view'].get('phase')}"
        time.sleep(0.2)


def test_the_log_in_words_tells_every_seats_every_disc(stack, past_one_execution):
    rows = stack.client().get(f"/games/{past_one_execution}/events", params={"words": "true", "limit": 10000}).json()
    told = first_execution([r.get("words") or "" for r in rows if r["kind"] == "move"])
    for name in NAMES:
        assert len([c for c in told if c.startswith(f"{name}'s ")]) == 6, (name, told)
    assert any("trade in village" in c or "trades in village" in c for c in told) or not any("trade" in c for c in told)
    others = [r["words"] for r in rows if r["kind"] == "move" and r.get("words")]
    assert others and not [w for w in others if re.search(r"\b(you|your)\b", w)], others[:5]


def test_the_web_page_account_and_caravan_log_tell_them_too(stack, tmp_path, past_one_execution):
    c = stack.client()
    rows = c.get(f"/games/{past_one_execution}/events", params={"words": "true", "limit": 10000}).json()
    reveal = next(r for r in rows if RUN in (r.get("words") or ""))
    then = c.get(f"/games/{past_one_execution}/view/frame", params={"at": reveal["version"]}).json()
    shown = then["events"][-1]  # the replay's account up to the reveal ends with it
    assert shown["version"] == reveal["version"] and shown["text"].endswith(reveal["words"]), shown
    assert len(clauses(shown["text"])) == len(clauses(reveal["words"])) >= 1
    lines = Cli(stack, tmp_path)("log", past_one_execution).stdout.splitlines()
    told = first_execution([line.split(": ", 1)[-1] for line in lines])
    for name in NAMES:
        assert len([c for c in told if c.startswith(f"{name}'s ")]) == 6, (name, told)
