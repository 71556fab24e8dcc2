"""Yangtze's rules in the order of the specification: applying a move; setup (3), a turn (5.1 sell,
5.2 buy, 5.3 the draw loop, 5.5 end of turn), special cards (2.6, 5.6) and settlement auctions (6).
Who acts and what is random are in turn.py, selling a bundle in selling.py, rulers (5.4) in
rulers.py, the game end (7) in ending.py. Every function takes a state and returns a new one;
`IllegalMove` says why a move is refused."""

from __future__ import annotations

import msgspec

from games.protocol import CHANCE, IllegalMove

from . import legal
from .content import (
    ALL_TILES,
    DOUBLE_PURCHASE,
    FREE_PURCHASE,
    LIQUIDITY,
    RIVER_POSITIONS,
    SELL_ANY_TIME,
    STARTING_GOODS,
    TILE_KIND,
)
from .ending import game_over
from .moves import Bid, Buy, Cash, ChooseStartPlayer, Draw, EndTurn, PassBid, Sell, SellWithCardIII
from .rulers import continue_ruler, ruler_decision
from .selling import can_raise_money, sell
from .state import Auction, Merchant, YangtzeState, clockwise_from, plus, put, without
from .turn import CHANCE_PHASES, DRAW, actors, chance, decider  # noqa: F401 (rules.decider …)

replace = msgspec.structs.replace


# --- applying a move ----------------------------------------------------------------------------------
def apply(s: YangtzeState, seat: int, move) -> YangtzeState:
    if seat == CHANCE:
        return _apply_chance(s, move)
    who = decider(s)
    if who < 0:
        if s.phase == "over":
            raise IllegalMove("the game is over")
        raise IllegalMove("nobody may move now: a tile must be drawn first")
    if seat != who:
        raise IllegalMove(f"it is seat {who}'s decision now, not yours")
    match move:
        case Cash(card=card):
            return cash(s, seat, card)
        case SellWithCardIII(tiles=tiles):
            return sell_with_card_iii(s, seat, tiles)
        case Sell(tiles=tiles):
            return sell_bundle(s, seat, tiles)
    s = replace(s, selling_with_iii=-1) if s.selling_with_iii >= 0 else s
    phase = s.phase
    if phase == "turn":
        match move:
            case Buy(positions=positions, free=free):
                return buy(s, seat, tuple(positions), free)
            case EndTurn():
                return end_turn(s)
        raise IllegalMove("in your turn: sell, buy a good, end the turn or use a card")
    if phase == "auction":
        match move:
            case Bid(amount=amount):
                return bid(s, seat, amount)
            case PassBid():
                return pass_bid(s, seat)
        assert s.auction is not None  # the auction phase holds its auction
        raise IllegalMove(f"the auction for {s.auction.tile} waits for your bid or pass")
    return ruler_decision(s, seat, move)


def _apply_chance(s: YangtzeState, move) -> YangtzeState:
    phase = s.phase
    if phase not in CHANCE_PHASES:
        raise IllegalMove("nothing is to be drawn now")
    if phase == "start-player":
        if not isinstance(move, ChooseStartPlayer):
            raise IllegalMove("the start player is to be chosen")
        return choose_start_player(s, move.seat)
    if not isinstance(move, Draw):
        raise IllegalMove("a tile is to be drawn from the bag")
    if phase == "river":
        return fill_river(s, move.tile)
    if phase == "starting-goods":
        return deal_starting_good(s, move.tile)
    return draw_in_loop(s, move.tile)


def reveals(s: YangtzeState, actor: int, move) -> bool:
    if actor == CHANCE:
        return True
    tiles = getattr(move, "tiles", None) or ((move.tile,) if hasattr(move, "tile") else ())
    if any(t in s.merchants[actor].hidden for t in tiles):
        return True
    try:
        return apply(s, actor, move).phase == "over"  # the end shows every screen
    except IllegalMove:
        return False


# --- small helpers ----------------------------------------------------------------------------------
def take_from_bag(s: YangtzeState, tile: str) -> tuple[str, ...]:
    bag = s.bag
    try:
        i = bag.index(tile)
    except ValueError:
        raise IllegalMove(f"{tile} is not in the bag") from None
    return bag[:i] + bag[i + 1 :]


def slide_in(river: tuple[str, ...], good: str) -> tuple[str, ...]:
    """A new good enters at the open end and slides to the empty position furthest downstream."""
    for i in range(RIVER_POSITIONS - 1, -1, -1):
        if not river[i]:
            return river[:i] + (good,) + river[i + 1 :]
    raise IllegalMove("the river has no gap")  # never happens: draws only follow a purchase


# --- 3. Setup ---------------------------------------------------------------------------------------
def setup(players: int) -> YangtzeState:
    """All 93 tiles in the bag, 30 coins and six cards each; the river is filled by chance steps."""
    return YangtzeState(players=players, bag=ALL_TILES, merchants=(Merchant(),) * players, phase="river")


def fill_river(s: YangtzeState, tile: str) -> YangtzeState:
    """Setup 2: a good goes to the lowest empty position (P8 first). Drawing a ruler or settlement
    puts it straight back, so the chance step draws among the goods only (same distribution)."""
    if TILE_KIND.get(tile) != "good":
        raise IllegalMove("only goods are placed on the river during setup")
    s = replace(s, bag=take_from_bag(s, tile), river=slide_in(s.river, tile))
    if all(s.river):
        s = replace(s, phase="starting-goods", active=0)
    return s


def deal_starting_good(s: YangtzeState, tile: str) -> YangtzeState:
    """Setup 4: each player in seat order draws until they have 2 goods, secretly."""
    if TILE_KIND.get(tile) != "good":
        raise IllegalMove("only goods go behind a screen during setup")
    seat = s.active
    m = s.merchants[seat]
    m = replace(m, goods=plus(m.goods, (tile,)), hidden=plus(m.hidden, (tile,)))
    s = replace(s, bag=take_from_bag(s, tile), merchants=put(s.merchants, seat, m))
    if len(m.goods) == STARTING_GOODS:
        if seat + 1 < s.players:
            return replace(s, active=seat + 1)
        return replace(s, phase="start-player", active=0)
    return s


def choose_start_player(s: YangtzeState, seat: int) -> YangtzeState:
    """Setup 5: a random start player; play runs clockwise."""
    if not 0 <= seat < s.players:
        raise IllegalMove(f"there is no seat {seat}")
    return replace(s, phase="turn", active=seat, turn_number=1)


# --- 5.1 Step 1: sell bundles -------------------------------------------------------------------------
def sell_bundle(s: YangtzeState, seat: int, tiles: tuple[str, ...]) -> YangtzeState:
    """A Sell move: in step 1 of one's own turn, where selling counts as acting (7.2: the turn is no
    pass), or at a decision point while one's card III sale is open."""
    if s.phase == "turn":
        return replace(sell(s, seat, tiles), acted=True)
    if s.selling_with_iii == seat:
        return sell(s, seat, tiles)
    raise IllegalMove("outside step 1 of your turn you can sell only by playing card III")


# --- 5.2 Step 2: buy goods ----------------------------------------------------------------------------
def buy(s: YangtzeState, seat: int, positions: tuple[int, ...], free: int) -> YangtzeState:
    """Pay, show the goods and put them behind the screen; the river closes up and the draw loop
    must bring k goods (both goods of card I are taken from the river as it stands)."""
    cost = legal.purchase_cost(s, seat, positions, free)
    m = s.merchants[seat]
    bought = tuple(s.river[p - 1] for p in positions)
    spent: tuple[str, ...] = (DOUBLE_PURCHASE,) if len(positions) == 2 else ()
    if free:
        spent += (FREE_PURCHASE,)
    m = replace(m, money=m.money - cost, goods=plus(m.goods, bought), cards=without(m.cards, spent))
    left = tuple(t for t in s.river if t and t not in bought)
    river = ("",) * (RIVER_POSITIONS - len(left)) + left
    return replace(
        s, merchants=put(s.merchants, seat, m), river=river, phase="draw", to_draw=len(bought), acted=True
    )


# --- 5.3 Step 3: the draw loop --------------------------------------------------------------------
def draw_in_loop(s: YangtzeState, tile: str) -> YangtzeState:
    """A good fills the lowest gap (the turn ends once k goods came); a ruler is placed on the track
    and resolved; a settlement is auctioned at once."""
    s = replace(s, bag=take_from_bag(s, tile))
    kind = TILE_KIND[tile]
    if kind == "good":
        s = replace(s, river=slide_in(s.river, tile), to_draw=s.to_draw - 1)
        return end_turn(s) if s.to_draw == 0 else s
    if kind == "ruler":
        s = replace(s, rulers=s.rulers + (tile,))
        return continue_ruler(s, tile, clockwise_from(s.active, s.players))
    return start_auction(s, tile)


# --- 5.5 End of turn (and 7.2, the all-pass ending) ---------------------------------------------------
def end_turn(s: YangtzeState) -> YangtzeState:
    pass_turns = 0 if s.acted else s.pass_turns + 1
    if pass_turns >= s.players:
        return game_over(replace(s, pass_turns=pass_turns), "all-pass")
    return replace(
        s,
        phase="turn",
        active=(s.active + 1) % s.players,
        acted=False,
        pass_turns=pass_turns,
        to_draw=0,
        turn_number=s.turn_number + 1,
    )


# --- 2.6 / 5.6 Special cards III and IV at a decision point ------------------------------------------
def cash(s: YangtzeState, seat: int, card: str) -> YangtzeState:
    m = s.merchants[seat]
    if card not in LIQUIDITY:
        raise IllegalMove("the liquidity cards are L10, L15 and L20")
    if card not in m.cards:
        raise IllegalMove(f"you have already used liquidity card {card}")
    m = replace(m, money=m.money + LIQUIDITY[card], cards=without(m.cards, (card,)))
    return replace(s, merchants=put(s.merchants, seat, m))


def sell_with_card_iii(s: YangtzeState, seat: int, tiles: tuple[str, ...]) -> YangtzeState:
    """Spend card III and sell a bundle; further bundles may follow before the pending decision.
    In one's own turn this counts as selling (7.2)."""
    if SELL_ANY_TIME not in s.merchants[seat].cards:
        raise IllegalMove("you have already used card III")
    s = sell(s, seat, tiles)
    m = s.merchants[seat]
    m = replace(m, cards=without(m.cards, (SELL_ANY_TIME,)))
    return replace(s, merchants=put(s.merchants, seat, m), selling_with_iii=seat, acted=s.acted or s.phase == "turn")


# --- 6. Settlement auctions -------------------------------------------------------------------------
def may_bid(s: YangtzeState, a: Auction, seat: int) -> bool:
    """Whether the seat has a choice: it can bid now, or a card could raise its money."""
    m = s.merchants[seat]
    return m.money > a.high_bid or can_raise_money(m)


def start_auction(s: YangtzeState, tile: str) -> YangtzeState:
    """The trigger opens (bids or passes), then the others clockwise."""
    a = Auction(tile=tile, turn=s.active, passed=(False,) * s.players)
    return next_bidder(replace(s, phase="auction", auction=a), a, first=True)


def next_bidder(s: YangtzeState, a: Auction, first: bool = False) -> YangtzeState:
    """The next seat clockwise still in and not holding the high bid; a seat that cannot bid and
    holds no card to raise money passes without being asked. Ends the auction when one is left."""
    n = s.players
    seat = a.turn if first else (a.turn + 1) % n
    for _ in range(n):
        if a.passed[seat] or seat == a.high_bidder:
            seat = (seat + 1) % n
            continue
        if may_bid(s, a, seat):
            return replace(s, auction=replace(a, turn=seat))
        a = replace(a, passed=a.passed[:seat] + (True,) + a.passed[seat + 1 :])
        seat = (seat + 1) % n
    return close_auction(s, a)


def close_auction(s: YangtzeState, a: Auction) -> YangtzeState:
    """The high bidder pays the bank and lays the settlement face up; with no bid it goes to the box."""
    s = replace(s, phase="draw", auction=None)
    if a.high_bidder < 0:
        return replace(s, box=plus(s.box, (a.tile,)))
    m = s.merchants[a.high_bidder]
    m = replace(m, money=m.money - a.high_bid, settlements=plus(m.settlements, (a.tile,)))
    return replace(s, merchants=put(s.merchants, a.high_bidder, m))


def bid(s: YangtzeState, seat: int, amount: int) -> YangtzeState:
    a = s.auction
    assert a is not None  # bids are taken in the auction phase only, which holds its auction
    money = s.merchants[seat].money
    if amount <= a.high_bid:
        raise IllegalMove(f"a bid must be above the high bid of {a.high_bid}")
    if amount > money:
        raise IllegalMove(f"you have {money}; cash a card or sell with card III to bid more")
    return next_bidder(s, replace(a, high_bid=amount, high_bidder=seat, turn=seat))


def pass_bid(s: YangtzeState, seat: int) -> YangtzeState:
    a = s.auction
    assert a is not None  # as in bid
    return next_bidder(s, replace(a, passed=a.passed[:seat] + (True,) + a.passed[seat + 1 :], turn=seat))
