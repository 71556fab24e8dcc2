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


# --- a card a move names is named as the board shows it (web audit, finding 9) ---------------------------

def my_view(state, seat=0):
    return {**as_view(state, seat), "you": seat}


def card_moves(state, seat=0):
    """The legal moves of `seat` that name a card of a caravan by its place (Judge, Caravan Leader)."""
    return [m for m in GAME.legal_moves(state, seat) if getattr(m, "position", None) is not None]


NUMBERED = re.compile(r"\bcard \d")


def test_the_judge_names_the_card_it_removes():
    """"Judge: remove 1 other card … — card 2": the cards are not numbered on the board."""
    from games.kashgar.content import PERSONS
    from games.kashgar.describe import describe_choice, describe_move
    from tests.kashgar.position import position

    state = position(caravans={0: [["SD22", "ST01", "PM", "ST05"], ["PM", "ST06"], ["PM", "ST07"]]})
    view, moves = my_view(state), card_moves(state)
    assert {m.position for m in moves} == {1, 3}  # not the Patriarch
    for m in moves:
        removed = PERSONS[state.seats[0].caravans[0][m.position]].name
        for said in (describe_move(m, view), describe_choice(m, view)):
            assert f"remove {removed}" in said and not NUMBERED.search(said), said


def test_two_alike_cards_are_told_apart_by_their_place_among_them():
    from games.kashgar.describe import describe_choice, describe_move
    from tests.kashgar.position import position

    state = position(caravans={0: [["SD22", "SD05", "ST01", "SD05"], ["PM", "ST06"], ["PM", "ST07"]]})
    view = my_view(state)
    said = {m.position: describe_move(m, view) for m in card_moves(state)}
    assert len(set(said.values())) == 3, said
    assert "1st" in said[1] and "2nd" in said[3] and "1st" not in said[2] and "2nd" not in said[2], said
    assert not any(NUMBERED.search(s) for s in said.values())
    assert len({describe_choice(m, view) for m in card_moves(state)}) == 3


def test_the_caravan_leader_names_the_card_it_moves_and_where():
    """"… — from caravan 2; card 4; to caravan 1": the Leader's farewell names the card and both caravans."""
    from games.kashgar.content import PERSONS
    from games.kashgar.describe import describe_choice, describe_move
    from games.kashgar.moves import CaravanAction, Farewell
    from tests.kashgar.position import position

    cars = [["SD13", "ST01", "ST05"], ["PM", "ST06", "SD05"], ["PM", "ST07"]]
    state = position(caravans={0: cars})
    view = my_view(state)
    moves = card_moves(state)
    fronts = [m for m in moves if isinstance(m, CaravanAction)]
    farewells = [m for m in moves if isinstance(m, Farewell)]
    assert fronts and farewells
    for m in fronts:
        card = PERSONS[cars[0][m.position]].name
        for said in (describe_move(m, view), describe_choice(m, view)):
            assert f"{card} to the front" in said and not NUMBERED.search(said), said
    for m in farewells:
        card = PERSONS[cars[m.from_caravan][m.position]].name
        for said in (describe_move(m, view), describe_choice(m, view)):
            assert f"{card} from caravan {m.from_caravan + 1} to caravan {m.to_caravan + 1}" in said, said
            assert not NUMBERED.search(said), said


def test_without_the_position_a_card_is_said_by_its_place_from_the_front():
    from games.kashgar.describe import describe_move
    from games.kashgar.moves import CaravanAction

    said = describe_move(CaravanAction(caravan=0, position=2), None)
    assert "the 3rd card from the front" in said and not NUMBERED.search(said), said


def test_no_move_of_a_played_game_names_a_card_by_its_number():
    """Every move kind of a random game, as its mover's list and the log say it."""
    from games.kashgar.describe import describe_choice, describe_move, group

    kinds = set()
    for seed in range(3):
        for state, seat, move in walk(GAME, 3, random.Random(seed)):
            if seat < 0:
                continue
            view = my_view(state, seat)
            for m in GAME.legal_moves(state, seat):
                for said in (describe_move(m, view), describe_choice(m, view), group(m, view)):
                    assert not NUMBERED.search(said), said
                if getattr(m, "position", None) is not None:
                    kinds.add(type(m).__name__)
    assert kinds  # the Judge or the Caravan Leader came up


def test_a_move_on_another_players_caravan_or_a_last_card_names_the_card():
    """The Mercenary's target caravan and the Robber's victim's answer say which card, not only which caravan."""
    from games.kashgar.describe import describe_move
    from games.kashgar.moves import CaravanAction, Respond
    from tests.kashgar.position import position

    state = position(caravans={1: [["ST06", "ST07"], ["PM", "SD05"], ["PM", "ST09"]]})
    said = describe_move(CaravanAction(caravan=0, target=1, target_caravan=0), my_view(state))
    assert "caravan 1 (front card: Shepherd Boy)" in said, said
    assert describe_move(Respond(caravan=1), my_view(state, 1)).endswith("gives up its last card, Spice Trader")
