"""Rule cases of the Yangtze specification beyond the worked examples."""

import random

import msgspec
import pytest

from games.protocol import CHANCE, IllegalMove
from games.yangtze import GAME, rules
from games.yangtze.content import TILE_KIND
from games.yangtze.moves import (
    Bid, Buy, Cash, ChooseStartPlayer, Clear, Decline, Draw, EndTurn, Exchange, MarketSale, PassBid, Pay, Sell,
    SellWithCardIII, Surrender,
)
from games.yangtze.scoring import majorities

from .positions import T, merchant, play, position

A, B, C = 0, 1, 2


def after_setup(players, seed=0):
    s = GAME.setup(players, {})
    rng = random.Random(seed)
    while GAME.actors(s) == {CHANCE}:
        s = GAME.play_chance(s, rng)
    return s


def draw_phase(merchants, active=A, **kw):
    """The draw loop of `active`, one good still to come, P1 empty (its good went to the box)."""
    return position(merchants, river=("",) + T[1:], active=active, phase="draw", to_draw=1, box=(T[0],), **kw)


# --- 3. Setup ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_fills_the_river_and_deals_two_secret_goods_each(players):
    s = after_setup(players)
    assert all(s.river) and all(len(m.goods) == 2 == len(m.hidden) for m in s.merchants)
    assert len(s.bag) == 93 - 8 - 2 * players
    assert all(m.money == 30 and len(m.cards) == 6 for m in s.merchants)
    assert s.phase == "turn"


def test_setup_for_four_leaves_45_goods_12_rulers_20_settlements_in_the_bag():
    kinds = [TILE_KIND[t] for t in after_setup(4).bag]
    assert (kinds.count("good"), kinds.count("ruler"), kinds.count("settlement")) == (45, 12, 20)


def test_rulers_and_settlements_drawn_in_setup_go_back_so_only_goods_are_drawn():
    s = GAME.setup(2, {})
    assert all(TILE_KIND[m.tile] == "good" for m in GAME.legal_moves(s, CHANCE))
    with pytest.raises(IllegalMove):
        GAME.apply(s, CHANCE, Draw(tile="R01"))


def test_starting_goods_are_seen_only_by_their_owner():
    s = GAME.setup(3, {})
    rng = random.Random(1)
    while s.phase == "river":
        s = GAME.play_chance(s, rng)
    assert GAME.chance(s).visible_to == (0,)
    s = after_setup(3)
    secret = s.merchants[A].goods[0]
    assert secret not in msgspec.json.encode(GAME.view(s, B)).decode()
    assert secret not in msgspec.json.encode(GAME.view(s, None)).decode()
    assert secret in msgspec.json.encode(GAME.view(s, A)).decode()
    assert GAME.view(s, B)["players"][A]["hidden_goods"] == 2


def test_the_start_player_is_chosen_at_random():
    s = GAME.setup(3, {})
    rng = random.Random(2)
    while s.phase != "start-player":
        s = GAME.play_chance(s, rng)
    assert GAME.legal_moves(s, CHANCE) == [ChooseStartPlayer(seat=i) for i in range(3)]
    assert play(s, (CHANCE, ChooseStartPlayer(seat=2))).active == 2


# --- 5.2 Buying -------------------------------------------------------------------------------------
def test_prices_fall_towards_shanghai():
    s = position([merchant(10), merchant()])
    assert play(s, (A, Buy(positions=(1,)))).merchants[A].money == 0
    assert play(s, (A, Buy(positions=(8,)))).merchants[A].money == 6


def test_a_purchase_must_be_paid_in_full():
    s = position([merchant(8), merchant()])
    with pytest.raises(IllegalMove, match="costs 9"):
        play(s, (A, Buy(positions=(3,))))
    assert Buy(positions=(3,)) not in GAME.legal_moves(s, A)


def test_two_goods_need_card_i():
    s = position([merchant(30, cards=("II",)), merchant()])
    with pytest.raises(IllegalMove, match="card I"):
        play(s, (A, Buy(positions=(7, 8))))


def test_card_ii_frees_one_of_the_bought_goods_only():
    s = position([merchant(0), merchant()])
    assert play(s, (A, Buy(positions=(1,), free=1))).merchants[A].money == 0
    with pytest.raises(IllegalMove, match="one of the goods you buy"):
        play(s, (A, Buy(positions=(1,), free=2)))


def test_buying_nothing_means_no_draw():
    s = play(position([merchant(), merchant()]), (A, EndTurn()))
    assert s.phase == "turn" and s.active == B and s.river == T


def test_a_bought_good_is_public():
    s = play(position([merchant(), merchant()]), (A, Buy(positions=(8,))))
    assert T[7] in GAME.view(s, B)["players"][A]["goods"]


# --- 5.6 Cards III and IV at a decision point ----------------------------------------------------------
def test_card_iii_sells_several_bundles_before_a_bid_and_the_window_then_closes():
    goods = ("E-RICE-GREEN", "E-RICE-SKY", "L-FAN-RED")
    s = play(draw_phase([merchant(0), merchant(0, goods)]), (CHANCE, Draw(tile="TEMPLE-G3")), (A, PassBid()))
    assert Sell(tiles=("L-FAN-RED",)) not in GAME.legal_moves(s, B)
    s = play(s, (B, SellWithCardIII(tiles=("E-RICE-GREEN", "E-RICE-SKY"))))
    assert s.merchants[B].money == 10 and "III" not in s.merchants[B].cards
    s = play(s, (B, Sell(tiles=("L-FAN-RED",))), (B, Bid(amount=15)))
    assert s.merchants[B].money == 0 and s.merchants[B].settlements == ("TEMPLE-G3",)
    assert s.selling_with_iii == -1
    assert not s.acted  # a card III sale in another player's turn is not that player's action


def test_a_seat_not_asked_has_no_moves_and_is_refused():
    s = position([merchant(), merchant()])
    assert GAME.legal_moves(s, B) == []
    with pytest.raises(IllegalMove):
        play(s, (B, Cash(card="L10")))


def test_liquidity_cards_are_cashed_once():
    s = play(position([merchant(), merchant()]), (A, Cash(card="L20")))
    assert s.merchants[A].money == 50
    with pytest.raises(IllegalMove, match="already used"):
        play(s, (A, Cash(card="L20")))


def test_a_sale_in_ones_own_turn_counts_as_acting():
    """7.2: a turn with a sale (and no purchase) is no pass; the rule lives in the rules, not the adapter."""
    s = position([merchant(0, ("E-RICE-GREEN",)), merchant()])
    after = rules.sell_bundle(s, A, ("E-RICE-GREEN",))
    assert after.acted and after.merchants[A].money == 4
    s = play(s, (A, Sell(tiles=("E-RICE-GREEN",))), (A, EndTurn()))
    assert s.pass_turns == 0


def test_cashing_only_liquidity_is_not_acting():
    s = play(position([merchant(), merchant()]), (A, Cash(card="L10")), (A, EndTurn()))
    assert s.pass_turns == 1


# --- 6. Auctions ------------------------------------------------------------------------------------
def test_a_settlement_nobody_bids_on_goes_to_the_box():
    s = play(draw_phase([merchant(), merchant()]), (CHANCE, Draw(tile="PAGODA-G1")), (A, PassBid()), (B, PassBid()))
    assert "PAGODA-G1" in s.box and s.phase == "draw"


def test_a_pass_is_final_and_the_high_bidder_is_not_asked():
    s = play(draw_phase([merchant(), merchant(), merchant()]), (CHANCE, Draw(tile="PAGODA-G1")),
             (A, Bid(amount=1)), (B, PassBid()), (C, Bid(amount=2)))
    assert GAME.actors(s) == {A}
    s = play(s, (A, PassBid()))
    assert s.merchants[C].settlements == ("PAGODA-G1",) and s.merchants[C].money == 28


def test_a_bid_cannot_exceed_money_or_stay_at_the_high_bid():
    s = play(draw_phase([merchant(5), merchant()]), (CHANCE, Draw(tile="PAGODA-G1")))
    with pytest.raises(IllegalMove):
        play(s, (A, Bid(amount=6)))
    s = play(s, (A, Bid(amount=5)))
    with pytest.raises(IllegalMove):
        play(s, (B, Bid(amount=5)))


def test_a_broke_bidder_without_cards_passes_without_being_asked():
    s = play(draw_phase([merchant(0, cards=()), merchant()]), (CHANCE, Draw(tile="PAGODA-G1")))
    assert GAME.actors(s) == {B}


# --- 5.4 / 2.4 Rulers -------------------------------------------------------------------------------
def test_gain_rulers_apply_without_asking():
    s = play(draw_phase([merchant(10, ("E-RICE-SKY",), ("FORTRESS-G1",)), merchant(0)]), (CHANCE, Draw(tile="R03")))
    assert [m.money for m in s.merchants] == [12, 0] and s.phase == "draw"
    s = play(s, (CHANCE, Draw(tile="R04")))
    assert [m.money for m in s.merchants] == [13, 0]


def test_open_market_sells_exactly_one_bundle():
    goods = ("E-RICE-GREEN", "E-RICE-SKY")
    s = play(draw_phase([merchant(0, goods), merchant()]), (CHANCE, Draw(tile="R05")))
    assert Decline() in GAME.legal_moves(s, A)
    s = play(s, (A, MarketSale(tiles=goods)))
    assert s.merchants[A].money == 10 and s.phase == "draw"  # B has no goods: not asked


def test_river_exchange_swaps_a_screen_good_with_a_river_good():
    s = play(draw_phase([merchant(0, ("E-RICE-SKY",), hidden=("E-RICE-SKY",)), merchant()]), (CHANCE, Draw(tile="R06")))
    assert GAME.reveals(s, A, Exchange(tile="E-RICE-SKY", position=8))
    s = play(s, (A, Exchange(tile="E-RICE-SKY", position=8)))
    assert s.river[7] == "E-RICE-SKY" and s.merchants[A].goods == (T[7],) and s.merchants[A].hidden == ()


def test_clearance_returns_a_good_for_5_coins():
    s = play(draw_phase([merchant(0, ("E-RICE-SKY",)), merchant()]), (CHANCE, Draw(tile="R07")),
             (A, Clear(tile="E-RICE-SKY")))
    assert s.merchants[A].money == 5 and "E-RICE-SKY" in s.box


def test_confiscation_is_compulsory():
    s = play(draw_phase([merchant(0, ("E-RICE-SKY",)), merchant()]), (CHANCE, Draw(tile="R12")))
    with pytest.raises(IllegalMove, match="compulsory"):
        play(s, (A, Decline()))
    s = play(s, (A, Surrender(tile="E-RICE-SKY")))
    assert s.merchants[A].goods == () and "E-RICE-SKY" in s.box


def test_a_tax_of_nothing_asks_nobody():
    s = play(draw_phase([merchant(), merchant()]), (CHANCE, Draw(tile="R10")))
    assert s.phase == "draw" and [m.money for m in s.merchants] == [30, 30]


def test_later_players_see_earlier_effects_of_a_ruler():
    s = play(draw_phase([merchant(0, ("E-RICE-SKY",)), merchant(0, ("E-FISH-SKY",))]), (CHANCE, Draw(tile="R06")),
             (A, Exchange(tile="E-RICE-SKY", position=8)))
    assert Exchange(tile="E-FISH-SKY", position=8) in GAME.legal_moves(s, B)
    s = play(s, (B, Exchange(tile="E-FISH-SKY", position=8)))
    assert s.merchants[B].goods == ("E-RICE-SKY",)


def test_a_payment_waits_for_a_player_who_could_still_cash_a_card():
    s = play(draw_phase([merchant(0, cards=("L10",)), merchant(0, cards=())]), (CHANCE, Draw(tile="R08")))
    assert GAME.actors(s) == {A} and Pay() in GAME.legal_moves(s, A)
    s = play(s, (A, Pay()))
    assert s.phase == "draw" and [m.money for m in s.merchants] == [0, 0]


# --- 8. Scoring ---------------------------------------------------------------------------------------
def test_a_sole_owner_of_a_kind_takes_only_the_30():
    assert majorities((("TEMPLE-G3",), ())) == [30, 0]


def test_a_tie_for_most_money_goes_to_most_settlements():
    a, b = merchant(50, settlements=("TEMPLE-G3",), cards=()), merchant(80, cards=())
    # A: 50 + 30 majority = 80, B: 80
    assert GAME.result(position([a, b], phase="over")).ranks == (1, 2)


def test_a_full_tie_is_shared():
    r = GAME.result(position([merchant(40, cards=()), merchant(40, cards=())], phase="over"))
    assert r.ranks == (1, 1)
