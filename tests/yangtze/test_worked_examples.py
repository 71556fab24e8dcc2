"""The worked examples of section 10 of the Yangtze specification, one test each."""

from games.protocol import CHANCE
from games.yangtze import GAME
from games.yangtze.content import coins_and_marker
from games.yangtze.moves import Bid, Buy, Cash, Draw, EndTurn, PassBid, Pay, Sell
from games.yangtze.scoring import best_sale, bundle_problem, bundle_value, settlement_scores

from .positions import T, merchant, play, position, rulers_but

A, B, C, D = 0, 1, 2, 3
ANA = ("L-VASE-RED", "L-VASE-GOLD", "L-VASE-WHITE", "L-SILK-RED", "E-RICE-GREEN", "E-FISH-GREEN", "E-RICE-ORANGE")


def test_example_1_bundles_are_valued_by_category_and_size():
    grouping_a = [("L-VASE-GOLD", "L-VASE-RED", "L-VASE-WHITE"), ("L-SILK-RED",),
                  ("E-FISH-GREEN", "E-RICE-GREEN"), ("E-RICE-ORANGE",)]
    grouping_b = [("L-SILK-RED", "L-VASE-RED"), ("L-VASE-GOLD", "L-VASE-WHITE"),
                  ("E-RICE-GREEN", "E-RICE-ORANGE"), ("E-FISH-GREEN",)]
    goods = tuple(sorted(ANA))
    assert all(bundle_problem(b, goods) is None for b in grouping_a + grouping_b)
    assert sum(bundle_value(b) for b in grouping_a) == 46
    assert sum(bundle_value(b) for b in grouping_b) == 42
    assert best_sale(goods) == 46


def test_example_1_mixed_bundles_are_illegal():
    goods = tuple(sorted(ANA))
    assert bundle_problem(("L-SILK-RED", "L-VASE-GOLD"), goods)
    assert bundle_problem(("E-FISH-GREEN", "E-RICE-GREEN", "E-RICE-ORANGE"), goods)


def test_example_1_selling_three_vases_from_22_gives_49():
    s = position([merchant(22, ANA), merchant()])
    s = play(s, (A, Sell(tiles=("L-VASE-GOLD", "L-VASE-RED", "L-VASE-WHITE"))))
    assert s.merchants[A].money == 49


def test_example_2_counting_board_and_50_coins():
    purple = ("L-FAN-PURPLE", "L-JADE-PURPLE", "L-SILK-PURPLE", "L-VASE-PURPLE")
    s = position([merchant(48, purple), merchant()])
    assert coins_and_marker(48) == (0, 48)
    s = play(s, (A, Sell(tiles=purple)))
    assert s.merchants[A].money == 92 and coins_and_marker(92) == (1, 42)
    s = play(s, (A, Buy(positions=(3,))))
    assert s.merchants[A].money == 83 and coins_and_marker(83) == (1, 33)
    s = play(s, (CHANCE, Draw(tile="PAGODA-B3")), (A, Bid(amount=40)), (B, PassBid()))
    assert s.merchants[A].money == 43 and coins_and_marker(43) == (0, 43)


def test_example_3_purchase_and_draw_loop():
    s = position([merchant(), merchant(30), merchant()], active=B, rulers=rulers_but("R02", count=3))
    s = play(s, (B, Buy(positions=(4,))))
    assert s.merchants[B].money == 22
    assert s.river == ("", T[0], T[1], T[2], T[4], T[5], T[6], T[7])
    s = play(s, (CHANCE, Draw(tile="TEMPLE-B2")),
             (B, Bid(amount=6)), (C, Bid(amount=7)), (A, PassBid()), (B, Bid(amount=9)), (C, PassBid()))
    assert s.merchants[B].money == 13 and s.merchants[B].settlements == ("TEMPLE-B2",)
    s = play(s, (CHANCE, Draw(tile="R02")))
    assert s.rulers[3] == "R02"
    assert [m.money for m in s.merchants] == [35, 18, 35]
    g = "E-BOWL-PINK"
    s = play(s, (CHANCE, Draw(tile=g)))
    assert s.river == (g, T[0], T[1], T[2], T[4], T[5], T[6], T[7])
    assert s.phase == "turn" and s.active == C


def test_example_4_cards_i_and_ii_together():
    a, b, c, d, e, f, g, h = T
    s = position([merchant(20), merchant(), merchant()], active=A)
    s = play(s, (A, Buy(positions=(5, 8), free=5)))
    assert s.merchants[A].money == 16
    assert "I" not in s.merchants[A].cards and "II" not in s.merchants[A].cards
    assert s.river == ("", "", a, b, c, d, f, g) and s.to_draw == 2
    s = play(s, (CHANCE, Draw(tile="R08")), (A, Pay()), (B, Pay()), (C, Pay()))
    assert [m.money for m in s.merchants] == [11, 25, 25]
    y, z = "E-BASKET-SKY", "E-SANDALS-GREY"
    s = play(s, (CHANCE, Draw(tile=y)))
    assert s.river == ("", y, a, b, c, d, f, g) and s.phase == "draw"
    s = play(s, (CHANCE, Draw(tile=z)))
    assert s.river == (z, y, a, b, c, d, f, g) and s.active == B


def test_example_5_auction_with_a_money_limit():
    s = position([merchant(12, goods=(T[0],)), merchant(8), merchant(), merchant()], river=("",) + T[1:],
                 active=A, phase="draw", to_draw=1, acted=True)
    s = play(s, (CHANCE, Draw(tile="FORTRESS-G1")), (A, Bid(amount=10)))
    assert Bid(amount=11) not in GAME.legal_moves(s, B)  # 8 coins: B cannot bid 11 yet
    s = play(s, (B, Cash(card="L15")))
    assert s.merchants[B].money == 23
    s = play(s, (B, Bid(amount=11)), (C, PassBid()), (D, PassBid()), (A, Bid(amount=12)), (B, Bid(amount=13)))
    assert not [m for m in GAME.legal_moves(s, A) if isinstance(m, Bid)]  # A can raise only with a card
    s = play(s, (A, PassBid()))
    assert s.merchants[B].money == 10 and s.merchants[A].money == 12
    assert s.merchants[B].settlements == ("FORTRESS-G1",) and "L15" not in s.merchants[B].cards


def test_example_6_a_tax_with_too_little_money_ends_at_zero():
    s = position([merchant(6), merchant(40), merchant(25)], river=("",) + T[1:], active=C, phase="draw",
                 to_draw=1, box=(T[0],))
    s = play(s, (CHANCE, Draw(tile="R09")))
    assert GAME.actors(s) == {C}  # the trigger pays first, then A, then B
    s = play(s, (C, Pay()), (A, Pay()), (B, Pay()))
    assert [m.money for m in s.merchants] == [0, 30, 15]


def test_example_6_cashing_the_10_card_before_the_tax():
    s = position([merchant(6), merchant(40), merchant(25)], river=("",) + T[1:], active=C, phase="draw",
                 to_draw=1, box=(T[0],))
    s = play(s, (CHANCE, Draw(tile="R09")), (C, Pay()), (A, Cash(card="L10")))
    assert s.merchants[A].money == 16
    s = play(s, (A, Pay()))
    assert s.merchants[A].money == 6


EXAMPLE_7 = (
    ("FORTRESS-G1", "FORTRESS-B3", "TEMPLE-G3", "COUNTING_HOUSE-G2", "PAGODA-B2"),
    ("FORTRESS-B2", "FORTRESS-B5", "TEMPLE-B1", "PAGODA-G1", "PAGODA-B3"),
    ("TEMPLE-G4", "COUNTING_HOUSE-B1", "COUNTING_HOUSE-B3"),
)


def test_example_7_settlement_scoring_with_ties():
    assert settlement_scores(EXAMPLE_7) == [120, 105, 30]


def test_example_8_complete_final_scoring():
    a = merchant(37, ("L-VASE-GOLD", "L-JADE-GOLD", "L-FAN-GOLD", "E-RICE-PINK"), EXAMPLE_7[0], ("L10", "L20"))
    b = merchant(61, ("E-FISH-GREY", "E-FISH-BROWN", "E-FISH-GREEN", "E-FISH-PINK"), EXAMPLE_7[1],
                 ("L10", "L15", "L20"))
    c = merchant(140, (), EXAMPLE_7[2], ("L15",))
    r = GAME.result(position([a, b, c], phase="over", ended_by="twelfth-ruler"))
    assert r.scores == (248, 284, 200)
    assert r.ranks == (2, 1, 3)


def test_example_9_the_twelfth_ruler_ends_the_game_at_once():
    goods = ["E-BOWL-GREEN", "E-BOWL-ORANGE", "E-BOWL-BROWN", "E-BOWL-PINK", "E-BOWL-GREY", "E-BOWL-SKY",
             "E-BASKET-GREEN", "E-BASKET-ORANGE", "E-BASKET-BROWN"]
    s = position([merchant(20, goods[0:2], cards=()), merchant(20, (), cards=()),
                  merchant(20, goods[2:5], cards=()), merchant(20, goods[5:9], cards=())],
                 active=D, rulers=rulers_but("R11", count=11))
    s = play(s, (D, Buy(positions=(6,))))
    assert len(s.merchants[D].goods) == 5 and s.merchants[D].money == 14
    s = play(s, (CHANCE, Draw(tile="R11")))
    assert s.phase == "over" and s.ended_by == "twelfth-ruler"
    assert [m.money for m in s.merchants] == [18, 20, 17, 9]
    assert s.river[0] == "" and GAME.actors(s) == frozenset()
    assert GAME.result(s) is not None


def test_example_10_the_all_pass_ending():
    s = position([merchant(), merchant(), merchant()], active=A)
    s = play(s, (A, EndTurn()), (B, EndTurn()), (C, Cash(card="L10")), (C, EndTurn()))
    assert s.phase == "over" and s.ended_by == "all-pass"


def test_example_10_a_sale_restarts_the_count():
    s = position([merchant(), merchant(goods=("E-RICE-SKY",)), merchant()], active=A)
    s = play(s, (A, EndTurn()), (B, Sell(tiles=("E-RICE-SKY",))), (B, EndTurn()), (C, EndTurn()))
    assert s.phase == "turn" and s.pass_turns == 1
