"""Yangtze's rules in the order of the specification: setup (3), a turn (5.1 sell, 5.2 buy, 5.3 the
draw loop, 5.5 end of turn), rulers (5.4 with the instructions of 2.4), special cards (2.6, 5.6),
settlement auctions (6) and the game end (7). Every function takes a state and returns a new one;
`IllegalMove` says why a move is refused."""

from __future__ import annotations

import msgspec

from games.protocol import IllegalMove

from .content import (
    ALL_TILES,
    CLEARANCE_REWARD,
    DOUBLE_PURCHASE,
    FREE_PURCHASE,
    GAIN_RULERS,
    GOODS_CHOICE_RULERS,
    LAST_RULER,
    LIQUIDITY,
    PAYMENT_RULERS,
    PRICES,
    RIVER_POSITIONS,
    RULERS,
    SELL_ANY_TIME,
    STARTING_GOODS,
    TILE_KIND,
)
from .moves import Clear, Decline, Exchange, MarketSale, Pay, Surrender
from .scoring import bundle_problem, bundle_value
from .state import Auction, Merchant, RulerStep, YangtzeState

replace = msgspec.structs.replace


# --- small helpers ----------------------------------------------------------------------------------
def clockwise_from(seat: int, players: int) -> tuple[int, ...]:
    return tuple((seat + i) % players for i in range(players))


def put(merchants: tuple[Merchant, ...], seat: int, m: Merchant) -> tuple[Merchant, ...]:
    return merchants[:seat] + (m,) + merchants[seat + 1 :]


def without(tiles: tuple[str, ...], gone) -> tuple[str, ...]:
    return tuple(t for t in tiles if t not in gone)


def plus(tiles: tuple[str, ...], more) -> tuple[str, ...]:
    return tuple(sorted(tiles + tuple(more)))


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


def can_raise_money(m: Merchant) -> bool:
    """Card III (with a good to sell) or a liquidity card can still bring in money."""
    return any(c in LIQUIDITY for c in m.cards) or (SELL_ANY_TIME in m.cards and bool(m.goods))


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
def sell(s: YangtzeState, seat: int, tiles: tuple[str, ...]) -> YangtzeState:
    """Reveal a bundle, gain its table value; the tiles go to the box."""
    m = s.merchants[seat]
    problem = bundle_problem(tiles, m.goods)
    if problem:
        raise IllegalMove(problem)
    m = replace(m, money=m.money + bundle_value(tiles), goods=without(m.goods, tiles), hidden=without(m.hidden, tiles))
    return replace(s, merchants=put(s.merchants, seat, m), box=plus(s.box, tiles))


# --- 5.2 Step 2: buy goods ----------------------------------------------------------------------------
def purchase_cost(s: YangtzeState, seat: int, positions: tuple[int, ...], free: int) -> int:
    """What the purchase costs, or IllegalMove when it may not be made."""
    m = s.merchants[seat]
    if len(positions) not in (1, 2):
        raise IllegalMove("buy one good, or two with card I")
    if len(positions) == 2:
        if DOUBLE_PURCHASE not in m.cards:
            raise IllegalMove("buying two goods needs card I, which you no longer have")
        if positions[0] >= positions[1]:
            raise IllegalMove("give two different positions in ascending order, e.g. [5, 8]")
    for p in positions:
        if not 1 <= p <= RIVER_POSITIONS:
            raise IllegalMove(f"the river's positions are 1 to {RIVER_POSITIONS}")
        if not s.river[p - 1]:
            raise IllegalMove(f"there is no good at position {p}")
    if free:
        if FREE_PURCHASE not in m.cards:
            raise IllegalMove("a free good needs card II, which you no longer have")
        if free not in positions:
            raise IllegalMove("card II must make one of the goods you buy free")
    cost = sum(PRICES[p - 1] for p in positions if p != free)
    if cost > m.money:
        raise IllegalMove(f"this costs {cost} and you have {m.money}; cash a card or sell first")
    return cost


def buy(s: YangtzeState, seat: int, positions: tuple[int, ...], free: int) -> YangtzeState:
    """Pay, show the goods and put them behind the screen; the river closes up and the draw loop
    must bring k goods (both goods of card I are taken from the river as it stands)."""
    cost = purchase_cost(s, seat, positions, free)
    m = s.merchants[seat]
    bought = tuple(s.river[p - 1] for p in positions)
    spent = (DOUBLE_PURCHASE,) if len(positions) == 2 else ()
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


# --- 5.4 Resolving a ruler (instructions in 2.4) ----------------------------------------------------
def amount_due(ruler: str, m: Merchant) -> int:
    return {
        "R08": 5,
        "R09": 10,
        "R10": 2 * len(m.settlements),
        "R11": len(m.goods),
    }[ruler]


def ruler_asks(ruler: str, m: Merchant) -> bool:
    """Whether the ruler waits for this player's decision (5.6, F10). R01-R04 never ask; R05-R07
    and R12 ask a player with a good; a payment asks when something is due and a card could still
    raise money first (with no such card there is nothing to decide: the money is simply taken)."""
    if ruler in GOODS_CHOICE_RULERS:
        return bool(m.goods)
    if ruler in PAYMENT_RULERS:
        return amount_due(ruler, m) > 0 and can_raise_money(m)
    return False


def automatic(ruler: str, m: Merchant) -> Merchant:
    """The instruction for a player it does not ask."""
    if ruler in GAIN_RULERS:
        gain = {"R01": 10, "R02": 5, "R03": 2 * len(m.settlements), "R04": len(m.goods)}[ruler]
        return replace(m, money=m.money + gain)
    if ruler in PAYMENT_RULERS:
        return pay(m, amount_due(ruler, m))
    return m  # R05-R07, R12 with an empty screen: nothing happens


def pay(m: Merchant, due: int) -> Merchant:
    """Payments go to the bank; who cannot pay in full pays everything and ends at 0 (no debt)."""
    return replace(m, money=max(0, m.money - due))


def continue_ruler(s: YangtzeState, ruler: str, waiting: tuple[int, ...]) -> YangtzeState:
    """Apply the ruler to each waiting player in turn until one must decide; when all are done the
    draw loop goes on, or the game ends after the 12th ruler (7.1)."""
    merchants = s.merchants
    for i, seat in enumerate(waiting):
        m = merchants[seat]
        if ruler_asks(ruler, m):
            return replace(s, merchants=merchants, phase="ruler", ruling=RulerStep(ruler, waiting[i:]))
        merchants = put(merchants, seat, automatic(ruler, m))
    s = replace(s, merchants=merchants, phase="draw", ruling=None)
    if len(s.rulers) == LAST_RULER:
        return game_over(s, "twelfth-ruler")
    return s


def ruler_decision(s: YangtzeState, seat: int, move) -> YangtzeState:
    """The asked player's choice at the ruler in `s.ruling`; then the next player's go."""
    ruler = s.ruling.ruler
    name = RULERS[ruler][0]
    m = s.merchants[seat]
    if ruler in PAYMENT_RULERS:
        if not isinstance(move, Pay):
            raise IllegalMove(f"{name}: pay (you may cash a card or sell with card III first)")
        s = replace(s, merchants=put(s.merchants, seat, pay(m, amount_due(ruler, m))))
    elif isinstance(move, Decline):
        if ruler == "R12" and m.goods:
            raise IllegalMove("Confiscation is compulsory: choose a good to return to the box")
    elif ruler == "R05" and isinstance(move, MarketSale):
        s = sell(s, seat, move.tiles)
    elif ruler == "R06" and isinstance(move, Exchange):
        s = exchange(s, seat, move.tile, move.position)
    elif ruler in ("R07", "R12") and isinstance(move, Clear if ruler == "R07" else Surrender):
        if move.tile not in m.goods:
            raise IllegalMove(f"{move.tile} is not behind your screen")
        reward = CLEARANCE_REWARD if ruler == "R07" else 0
        m = replace(m, money=m.money + reward, goods=without(m.goods, (move.tile,)), hidden=without(m.hidden, (move.tile,)))
        s = replace(s, merchants=put(s.merchants, seat, m), box=plus(s.box, (move.tile,)))
    else:
        raise IllegalMove(f"that is not a choice at {ruler} {name}: {RULERS[ruler][2]}")
    return continue_ruler(s, ruler, s.ruling.waiting[1:])


def exchange(s: YangtzeState, seat: int, tile: str, position: int) -> YangtzeState:
    """R06: your tile takes the river tile's position; the river tile goes behind your screen."""
    m = s.merchants[seat]
    if tile not in m.goods:
        raise IllegalMove(f"{tile} is not behind your screen")
    if not 1 <= position <= RIVER_POSITIONS or not s.river[position - 1]:
        raise IllegalMove(f"there is no good at position {position}")
    taken = s.river[position - 1]
    river = s.river[: position - 1] + (tile,) + s.river[position:]
    m = replace(m, goods=plus(without(m.goods, (tile,)), (taken,)), hidden=without(m.hidden, (tile,)))
    return replace(s, merchants=put(s.merchants, seat, m), river=river)


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
    money = s.merchants[seat].money
    if amount <= a.high_bid:
        raise IllegalMove(f"a bid must be above the high bid of {a.high_bid}")
    if amount > money:
        raise IllegalMove(f"you have {money}; cash a card or sell with card III to bid more")
    return next_bidder(s, replace(a, high_bid=amount, high_bidder=seat, turn=seat))


def pass_bid(s: YangtzeState, seat: int) -> YangtzeState:
    a = s.auction
    return next_bidder(s, replace(a, passed=a.passed[:seat] + (True,) + a.passed[seat + 1 :], turn=seat))


# --- 7. Game end ----------------------------------------------------------------------------------
def game_over(s: YangtzeState, how: str) -> YangtzeState:
    return replace(s, phase="over", ended_by=how, auction=None, ruling=None, to_draw=0, selling_with_iii=-1)
