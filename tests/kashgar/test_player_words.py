"""What a Kashgar player reads on the boards is in words: the step a card in use is at (not "refill"), an
order known under the deck by its cost and VP (not a bare "K04")."""

from __future__ import annotations

import random
import re

import msgspec

from games.kashgar import GAME
from games.kashgar import svg as picture
from tests.contract import walk

STEP_IDS = ("draw", "keep", "arrange", "orders", "take", "refill", "second", "respond")


def as_view(state, seat=None):
    return msgspec.json.decode(msgspec.json.encode(GAME.view(state, seat)))


def test_a_card_in_use_says_its_step_in_words_on_the_web_board():
    seen = 0
    for state, _, _ in walk(GAME, 2, random.Random(5)):
        view = as_view(state)
        if view.get("pending"):
            line = next(t for t in re.findall(r">([^<]+)</text>", picture.draw(view, None)) if " is using " in t)
            assert not re.search(r": (%s)$" % "|".join(STEP_IDS), line), line
            seen += 1
    assert seen >= 5


def test_an_order_known_under_the_deck_reads_as_an_order():
    view = {**as_view(GAME.setup(2, GAME.check_options({}))), "orders_under": ["K04"]}
    line = next(ln for ln in GAME.render(view, None).splitlines() if "Under the order deck" in ln)
    assert "VP" in line and "K04" in line, line
