"""What each seat sees (spec section 9) and the terminal board drawn from it."""

import msgspec

from games.yangtze import GAME
from games.yangtze.moves import EndTurn, Sell

from .positions import merchant, play, position

SECRET = ("E-RICE-SKY", "L-FAN-RED")


def json_view(s, seat):
    return msgspec.json.decode(msgspec.json.encode(GAME.view(s, seat)))


def secret_position():
    return position([merchant(goods=SECRET, hidden=SECRET), merchant(goods=("E-FISH-SKY",))])


def test_money_settlements_cards_and_goods_counts_are_public():
    v = json_view(secret_position(), 1)
    p = v["players"][0]
    assert (p["money"], p["goods_count"], p["hidden_goods"], p["goods"], p["secret"]) == (30, 2, 2, [], None)
    assert v["players"][1]["goods"] == ["E-FISH-SKY"]


def test_everything_is_public_after_the_end():
    s = play(secret_position(), (0, EndTurn()), (1, EndTurn()))
    assert s.phase == "over"
    assert json_view(s, 1)["players"][0]["goods"] == sorted(SECRET)
    assert json_view(s, None)["result"]["ranks"]


def test_selling_a_secret_starting_good_is_a_reveal():
    s = secret_position()
    assert GAME.reveals(s, 0, Sell(tiles=("L-FAN-RED",)))
    s = play(s, (0, Sell(tiles=("L-FAN-RED",))))
    assert s.merchants[0].hidden == ("E-RICE-SKY",) and "L-FAN-RED" in json_view(s, 1)["box"]


def test_the_board_shows_whose_turn_and_only_ones_own_secrets():
    s = secret_position()
    mine = GAME.render(json_view(s, 0), 0)
    theirs = GAME.render(json_view(s, 1), 1)
    assert "fan red" in mine and "fan red" not in theirs
    assert "2 secret starting goods" in theirs and "(you): 30 coins; 1 good behind the screen" in theirs
    assert "seat 0" in theirs and "waiting for" in theirs and "P8 [ 4]" in theirs


def test_the_final_standings_read_in_rank_order():
    s = play(position([merchant(10), merchant(90)]), (0, EndTurn()), (1, EndTurn()))
    board = GAME.render(json_view(s, 0), 0)
    standings = board[board.index("Game over"):].splitlines()[1:3]
    assert [line.split(":")[0].strip() for line in standings] == ["1. seat 1", "2. seat 0"]


def test_money_is_drawn_as_50_coins_and_marker():
    s = position([merchant(92), merchant()])
    assert "92 coins (1×50 + marker 42)" in GAME.render(json_view(s, None), None)
