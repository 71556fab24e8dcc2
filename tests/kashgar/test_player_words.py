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


def test_taking_or_keeping_a_card_says_what_the_card_does():
    # the Old Sage's list read "take Baker from the discard pile", the card's actions nowhere in the terminal
    from games.kashgar.content import PERSONS
    from games.kashgar.describe import card_summary, describe_choice
    from games.kashgar.moves import Keep, TakeDiscard

    for card in PERSONS:
        said = describe_choice(TakeDiscard(card=card))
        name, actions = card_summary(card).split(" — ", 1)
        assert said == f"take {name} from the discard pile — {actions}" and "caravan action" in actions
        assert describe_choice(Keep(cards=(card,))) == f"keep {name} — {actions}"  # one of the cards drawn


def test_a_large_order_is_called_large_in_the_log_as_on_the_boards():
    """The log said "great order" where the boards and the rules say "large"."""
    from games.kashgar.describe import order

    assert order("L01").startswith("L01 (large order)"), order("L01")


def test_a_narrow_card_keeps_its_whole_name_and_says_its_vp_below():
    """In a long caravan the cards narrow and the names were cut first ("Court Astro… (+2 VP)", "Cin… (+3 VP)"):
    the name stays whole while it fits alone, its VP going to the line below."""
    told = re.findall(r">([^<]+)</text>", picture._card(0, 0, "SP08", width=120))
    assert told[0] == "Court Astrologer", told
    assert any("+2 VP" in t for t in told[1:]), told
    assert re.findall(r">([^<]+)</text>", picture._card(0, 0, "SP08"))[0] == "Court Astrologer (+2 VP)"  # room: as before


def test_a_caravans_heading_says_which_of_its_cards_actions_cannot_be_paid_now():
    """The heading told the front card's caravan action while the list under it did not offer it (it cannot be
    paid): a player looked for a move that was not there."""
    from games.kashgar.describe import group
    from games.kashgar.moves import Pass

    view = {**as_view(GAME.setup(2, GAME.check_options({})), 0), "you": 0}  # (the menu's view names its seat)
    me = view["players"][0]
    me["caravans"][0] = ["ST11", *me["caravans"][0][1:]]  # the Cloth Merchant: pay 1 spice, gain 1 gold
    me["board"] = {r: (v if r in ("GO", "MU") else 0) for r, v in me["board"].items()}  # no spice at all
    heading = group(Pass(caravan=0), view)
    assert "Cloth Merchant" in heading and "(cannot be paid now)" in heading, heading
    me["board"]["PE"] = 2
    assert "cannot be paid" not in group(Pass(caravan=0), view)
