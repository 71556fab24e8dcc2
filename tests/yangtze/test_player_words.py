"""What the boards and the move words tell a player: the river the way it flows (spec 2.1), the River
Exchange without a price (2.4), the final scoring in coins and by name (8), settlements in their colours
(2.5), the game's end in words (7), whose screen is whose, and goods by name rather than by id."""

import re

import msgspec

from games.naming import with_names
from games.yangtze import GAME
from games.yangtze.describe import describe_move
from games.yangtze.moves import Buy, Exchange, Sell
from games.yangtze.svg import draw

from .positions import merchant, position

SECRET = ("E-RICE-SKY", "L-FAN-RED")
TILE_ID = re.compile(r"\b[LE]-[A-Z]+-[A-Z]+\b|\b[A-Z_]{4,}-[GB]\d\b")  # L-VASE-RED, COUNTING_HOUSE-B4


def json_view(s, seat):
    return msgspec.json.decode(msgspec.json.encode(GAME.view(s, seat)))


def words(markup: str) -> dict[str, float]:
    """Each text element of a picture: its text and its x."""
    return {t: float(x) for x, t in re.findall(r'<text x="([-\d.]+)"[^>]*>([^<]*)</text>', markup)}


def ended(how="all-pass"):
    """A finished two-seat game: seat 0 with 2 coins and a red vase, seat 1 with 40 coins; both kept
    their starting goods secret until the end."""
    return position([merchant(2, goods=("L-VASE-RED", *SECRET), hidden=SECRET), merchant(40, goods=("E-FISH-SKY",), hidden=("E-FISH-SKY",))],
                    phase="over", ended_by=how)


# --- 2.1 the river flows from the open end (P1) down to Shanghai (P8) ------------------------------------------

def test_the_web_river_names_shanghai_at_p8s_end():
    shown = words(draw(json_view(position([merchant(), merchant()]), 0), 0))
    shanghai = next(x for t, x in shown.items() if "Shanghai" in t)
    p1, p8 = shown["P1 · 10 coins"], shown["P8 · 4 coins"]
    assert abs(shanghai - p8) < abs(shanghai - p1)


# --- 2.4 the River Exchange is a swap: no money moves ----------------------------------------------------------

def test_the_river_exchange_names_no_price():
    view = json_view(position([merchant(goods=("E-SANDALS-SKY",)), merchant()]), 0)
    said = describe_move(Exchange(tile="E-SANDALS-SKY", position=2), view), describe_move(Exchange(tile="E-SANDALS-SKY", position=2))
    assert said == ("River Exchange: swap your Sandals (everyday, sky) for Silk (luxury, gold) at P2",
                    "River Exchange: swap your Sandals (everyday, sky) for the good at P2")


def test_a_purchase_says_which_good_card_ii_makes_free_and_what_it_costs_in_all():
    """It read "buy Vase … at P2 for 10 — free with card II and Jade … at P3 for 9": "for 10" and "free"
    together, and no total."""
    view = json_view(position([merchant(), merchant()]), 0)
    prices = {p["position"]: p["price"] for p in view["river"]}
    said = describe_move(Buy(positions=(2, 3), free=2), view)
    assert said == (f"buy Silk (luxury, gold) at P2, free with card II (price {prices[2]}), and Jade (luxury, purple) "
                    f"at P3 for {prices[3]} (card I: double purchase): {prices[3]} coins in all"), said
    assert describe_move(Buy(positions=(3,), free=0), view) == f"buy Jade (luxury, purple) at P3 for {prices[3]}"
    assert describe_move(Buy(positions=(2,), free=2), None) == "buy the good at P2, free with card II"


def test_a_bundle_reads_like_the_goods_it_holds():
    """"sell 2 Cloth/Sandals (everyday: green, green)" named wares apart from their colours."""
    one = describe_move(Sell(tiles=("E-RICE-GREEN",)), None)
    two = describe_move(Sell(tiles=("E-RICE-GREEN", "E-FISH-ORANGE")), None)
    assert one.startswith("sell 1 Rice (everyday, green) for "), one
    assert two.startswith("sell 2 everyday goods: Rice (green), Fish (orange) for "), two


# --- 8 final scoring: every part is coins --------------------------------------------------------------------

def test_the_final_scoring_reads_as_coins():
    shown = " ".join(words(draw(with_names(json_view(ended(), 0), ["ann", "bo"]), 0)))
    assert "ann: 2 coins + 18 for goods + 0 for settlements + 90 for unused liquidity cards = 110" in shown


def test_the_recorded_results_words_stay_as_finished_games_recorded_them():
    """A finished game's log records its result, detail included, and `verify` recomputes it: the detail's
    words are kept as they were, so every game finished before stays verifiable; the boards say it in coins."""
    assert GAME.result(ended()).detail.startswith("ended by all-pass; seat 0: 2 money + 18 goods + 0 settlements + 90 liquidity = 110")


def test_the_terminal_board_gives_each_players_final_total_by_name():
    board = GAME.render(with_names(json_view(ended(), 0), ["ann", "bo"]), 0)
    assert "ann: 2 coins + 18 for goods" in board and "seat 0" not in board


# --- 2.5 settlements are green or brown ----------------------------------------------------------------------

def test_settlements_are_painted_green_and_brown():
    s = position([merchant(settlements=("COUNTING_HOUSE-B4", "TEMPLE-G3")), merchant()])
    fills = re.findall(r'<rect [^>]*width="112" [^>]*fill="([^"]+)"', draw(json_view(s, None), None))
    assert sorted(fills) == ["#009E73", "#8c510a"]


# --- 7 the two ways a game ends, in words --------------------------------------------------------------------

def test_the_boards_say_how_the_game_ended_in_words():
    for how, said in (("all-pass", "everyone passed"), ("twelfth-ruler", "the twelfth ruler")):
        view = json_view(ended(how), 0)
        for board in (GAME.render(view, 0), " ".join(words(draw(view, 0)))):
            assert said in board and how not in board, board


# --- whose screen is whose -------------------------------------------------------------------------------------

def test_after_the_end_only_ones_own_screen_is_yours():
    shown = [t for t in words(draw(json_view(ended(), 1), 1)) if "screen" in t]
    assert [t.split(":")[0] for t in shown] == ["behind the screen", "behind your screen"], shown


def test_during_the_game_only_ones_own_screen_is_shown():
    s = position([merchant(goods=SECRET, hidden=SECRET), merchant(goods=("E-FISH-SKY",), hidden=("E-FISH-SKY",))])
    shown = [t for t in words(draw(json_view(s, 0), 0)) if t.startswith("behind")]
    assert shown == ["behind your screen (only you see these): Rice (everyday, sky), Fan (luxury, red)"]


# --- goods by name ------------------------------------------------------------------------------------------------

def test_tooltips_and_click_labels_name_goods_in_words():
    s = position([merchant(goods=("L-VASE-GOLD",), settlements=("COUNTING_HOUSE-B4",)), merchant()])
    markup = draw(json_view(s, 0), 0)
    labels = re.findall(r"<title>([^<]*)</title>", markup) + re.findall(r'aria-label="([^"]*)"', markup)
    assert "river position P1, price 10: Vase (luxury, red)" in labels
    assert not [t for t in labels if TILE_ID.search(t)], labels


def test_after_the_end_the_terminal_board_calls_no_good_still_secret():
    board = GAME.render(json_view(ended(), 1), 1)
    assert "still secret" not in board and "kept secret until the end: [cyan]□ fish sky[/cyan]" in board


# --- after the end nobody is to move; rulers by name -----------------------------------------------------------

def test_a_finished_board_shows_nobody_to_move():
    view = with_names(json_view(ended(), 1), ["ann", "bo"])
    drawn = " ".join(words(draw(view, 1)))
    rendered = GAME.render(view, 1)
    assert "their turn" not in drawn and "to act" not in drawn, drawn
    assert "'s turn" not in rendered and "◀ turn" not in rendered, rendered


def test_the_ruler_track_names_rulers_without_their_ids():
    from games.yangtze.content import RULERS

    ids = list(RULERS)[:3]
    view = json_view(position([merchant(), merchant()], rulers=ids), 0)
    for text in (" ".join(words(draw(view, 0))), GAME.render(view, 0)):
        line = next(ln for ln in text.replace("[bold]", "").replace("[/bold]", "").splitlines() + [text] if "Rulers" in ln)
        assert not re.search(r"\bR\d\d\b", line), line


def test_the_terminal_header_says_your_turn_not_you_s():
    """It read "me (you)'s turn"."""
    view = with_names(json_view(position([merchant(), merchant()]), 0), ["me", "bo"])
    header = GAME.render(view, 0).splitlines()[0]
    assert "your turn" in header and "(you)'s" not in header, header
    other = GAME.render(with_names(json_view(position([merchant(), merchant()], active=1), 0), ["me", "bo"]), 0)
    assert "bo's turn" in other.splitlines()[0]
