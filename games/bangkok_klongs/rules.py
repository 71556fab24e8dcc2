"""The rules of Bangkok Klongs in the rulebook's order: setup (§6), a turn (§7: move, place, merchants,
thief and overseer, Luk Phat, move, refill), market days (§8) and the end (§10).

Every function takes a state and returns the next one; nothing is mutated, nothing is random: draws and
the start player are chance moves resolved outside."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from games.protocol import CHANCE, IllegalMove

from . import board as B
from .content import (
    BOAT_INDEX,
    DECK_SIZE,
    HAND_SIZE,
    HAS_LUK_PHAT,
    IS_OVERSEER,
    IS_OWNABLE,
    IS_THIEF,
    LARGE,
    LUK_PHAT_POINTS,
    MARKET_DAY_FIELDS,
    MERCHANTS_PER_PLAYER,
    MOORING_AT,
    MOVEMENT_CARDS,
    QUARTET,
    SMALL,
    SQUARES,
    square,
)
from .describe import mooring
from .market import (
    anyone_eligible,
    eligible,
    large_day_opener,
    removable,
    scoring_points,
    warehouse_points,
)
from .moves import (
    HAND,
    WAREHOUSE,
    Draw,
    EndTurn,
    LeaveUnmanned,
    MoveBoat,
    NoSteal,
    Pass,
    Place,
    ReceiveThief,
    Score,
    ShiftMerchant,
    StartPlayer,
    Steal,
)
from .placing import first_round, placement_squares, why_not_here  # noqa: F401 (rules.placement_squares)
from .state import CATCH, DEAL, DRAW, MARKET, MERCHANT, OVER, START, STEAL, TURN, BangkokState
from .turn import DRAW_MOVE, START_MOVE, actors, chance, drawing_seat  # noqa: F401 (rules.actors …)


def _set(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


def _without(t: tuple, v) -> tuple:
    i = t.index(v)
    return t[:i] + t[i + 1:]


def _square(x: int, y: int) -> int:
    if not (isinstance(x, int) and isinstance(y, int) and 0 <= x < 10 and 0 <= y < 8):
        raise IllegalMove(f"({x}, {y}) is not a square of the board (x 0..9, y 0..7)")
    return square(x, y)


def _boat(boat_id: str) -> int:
    if boat_id not in BOAT_INDEX:
        raise IllegalMove(f"there is no boat {boat_id!r}")
    return BOAT_INDEX[boat_id]


# --- §6 setup ----------------------------------------------------------------------------------------
def setup(players: int) -> BangkokState:
    if players not in MERCHANTS_PER_PLAYER:
        raise ValueError("Bangkok Klongs is for 2 to 4 players")
    n = players
    return BangkokState(
        players=n, phase=DEAL, hands=((),) * n, known=((),) * n, pile=tuple(range(DECK_SIZE)),
        board=(-1,) * SQUARES, owner=(-1,) * SQUARES, supply=(MERCHANTS_PER_PLAYER[n],) * n,
        cards=(MOVEMENT_CARDS,) * n, warehouses=((),) * n, scores=(0,) * n,
    )


def apply_chance(s: BangkokState, move) -> BangkokState:
    if s.phase in (DEAL, DRAW) and isinstance(move, Draw):
        b = _boat(move.boat)
        if b not in s.pile:
            raise IllegalMove(f"{move.boat} is not in the draw pile")
        seat = drawing_seat(s)
        s = replace(s, pile=_without(s.pile, b), hands=_set(s.hands, seat, tuple(sorted(s.hands[seat] + (b,)))))
        if s.phase == DEAL:
            return replace(s, phase=START) if all(len(h) == HAND_SIZE for h in s.hands) else s
        return s if len(s.hands[seat]) < HAND_SIZE and s.pile else next_turn(s)
    if s.phase == START and isinstance(move, StartPlayer):
        if not (isinstance(move.seat, int) and 0 <= move.seat < s.players):
            raise IllegalMove(f"there is no seat {move.seat}")
        return continue_turn(replace(s, start=move.seat, active=move.seat, turn_no=0))
    raise IllegalMove(f"{type(move).__name__} is not the chance step due now")


# --- §7.1 where a boat may be placed -----------------------------------------------------------------
def can_place(s: BangkokState) -> bool:
    hand = s.hands[s.active]
    if not hand:
        return False
    legal, thief = B.placement_mask(s.board, s.players, first_round(s))
    return bool(thief) if all(IS_THIEF[b] for b in hand) else bool(legal)


# --- §7.4 movement cards -----------------------------------------------------------------------------
def boat_moves(s: BangkokState, seat: int) -> list[tuple[int, int]]:
    if s.moved or s.cards[seat] <= 0:
        return []
    return [(sq, d) for sq in range(SQUARES) if s.owner[sq] == seat for d in B.move_destinations(s.board, sq)]


def can_move(s: BangkokState) -> bool:
    if s.moved or s.cards[s.active] <= 0:
        return False
    return any(s.owner[sq] == s.active and B.move_destinations(s.board, sq) for sq in range(SQUARES))


# --- §7 the turn -------------------------------------------------------------------------------------
def continue_turn(s: BangkokState) -> BangkokState:
    """Back to the active player's turn; a turn with nothing left to decide ends by itself."""
    s = replace(s, phase=TURN, scorer=-1)
    if s.placed < 0:
        if can_place(s) or can_move(s):
            return s
    elif can_move(s):
        return s
    return end_turn(s)


def end_turn(s: BangkokState) -> BangkokState:
    """§7 step 4 (refill) and §7.2 (a whole round without a placement starts the large market day)."""
    if s.placed >= 0:
        if not s.no_draw and len(s.hands[s.active]) < HAND_SIZE and s.pile:
            return replace(s, phase=DRAW)
        return next_turn(s)
    idle = s.idle + 1
    if idle >= s.players:
        return open_market(replace(s, idle=idle), LARGE, trigger=(s.active + 1) % s.players)
    return next_turn(replace(s, idle=idle))


def next_turn(s: BangkokState) -> BangkokState:
    return continue_turn(replace(
        s, active=(s.active + 1) % s.players, turn_no=s.turn_no + 1, moved=False, placed=-1, no_draw=False,
    ))


def place(s: BangkokState, seat: int, move: Place) -> BangkokState:
    if s.placed >= 0:
        raise IllegalMove("you have already placed a boat this turn")
    b, sq = _boat(move.boat), _square(move.x, move.y)
    if b not in s.hands[seat]:
        raise IllegalMove(f"you do not hold {move.boat}")
    anyone, thief = B.placement_mask(s.board, s.players, first_round(s))
    if not (thief if IS_THIEF[b] else anyone) & B.BIT[sq]:
        raise IllegalMove(why_not_here(s, b, sq))
    known = s.known[seat]
    s = replace(
        s, hands=_set(s.hands, seat, _without(s.hands[seat], b)),
        known=_set(s.known, seat, _without(known, b)) if b in known else s.known,
        board=_set(s.board, sq, b), placed=sq, idle=0,
    )
    # a. merchant handling (§7.3)
    if IS_OWNABLE[b]:
        if s.supply[seat] > 0:
            return after_placement(replace(
                s, owner=_set(s.owner, sq, seat), supply=_set(s.supply, seat, s.supply[seat] - 1)))
        return replace(s, phase=MERCHANT)
    # b. thief (§9.1) and overseer (§9.2)
    if IS_THIEF[b] and B.thief_targets(s.board, sq):
        return replace(s, phase=STEAL)
    if IS_OVERSEER[b]:
        caught = B.thieves_in_column(s.board, sq)
        if caught:
            board = s.board
            for t in caught:
                board = _set(board, t, -1)
            return replace(s, board=board, caught=tuple(s.board[t] for t in caught), phase=CATCH)
    return after_placement(s)


def after_placement(s: BangkokState) -> BangkokState:
    """c. Luk Phat (§5): the marker moves on, the placer scores the field, a market day starts now."""
    b = s.board[s.placed]
    if not HAS_LUK_PHAT[b]:
        return continue_turn(s)
    luk = s.luk + 1
    s = replace(s, luk=luk, scores=_set(s.scores, s.active, s.scores[s.active] + LUK_PHAT_POINTS[luk]))
    day = MARKET_DAY_FIELDS.get(luk)
    return open_market(s, day, trigger=s.active) if day else continue_turn(s)


def leave_unmanned(s: BangkokState, seat: int, move) -> BangkokState:
    return after_placement(s)


def shift_merchant(s: BangkokState, seat: int, move: ShiftMerchant) -> BangkokState:
    sq = _square(move.x, move.y)
    if s.owner[sq] != seat or sq == s.placed:
        raise IllegalMove(f"({move.x}, {move.y}) is not another boat carrying your merchant")
    owner = _set(_set(s.owner, sq, -1), s.placed, seat)
    return after_placement(replace(s, owner=owner))


def _receive(s: BangkokState, seat: int, b: int, to: str) -> BangkokState:
    """§9.1 A: into the warehouse (the normal draw follows); B: into the hand instead of the draw."""
    if to == WAREHOUSE:
        return replace(s, warehouses=_set(s.warehouses, seat, s.warehouses[seat] + (b,)))
    return replace(
        s, hands=_set(s.hands, seat, tuple(sorted(s.hands[seat] + (b,)))),
        known=_set(s.known, seat, tuple(sorted(s.known[seat] + (b,)))), no_draw=True,
    )


def _check_to(to: str, b: int, thief_from_thief: bool) -> None:
    if to not in (WAREHOUSE, HAND):
        raise IllegalMove(f"a taken boat goes to the {WAREHOUSE!r} or into the {HAND!r}, not {to!r}")
    if to == HAND and thief_from_thief and IS_THIEF[b]:
        raise IllegalMove("a thief stolen by a thief must go to the warehouse")


def steal(s: BangkokState, seat: int, move: Steal) -> BangkokState:
    sq = _square(move.x, move.y)
    if sq not in B.thief_targets(s.board, s.placed):
        raise IllegalMove(f"your thief may not take the boat at ({move.x}, {move.y})")
    b, o = s.board[sq], s.owner[sq]
    _check_to(move.to, b, thief_from_thief=True)
    s = replace(s, board=_set(s.board, sq, -1), owner=_set(s.owner, sq, -1))
    if o >= 0:  # the merchant goes back to its owner
        s = replace(s, supply=_set(s.supply, o, s.supply[o] + 1))
    return after_placement(_receive(s, seat, b, move.to))


def no_steal(s: BangkokState, seat: int, move) -> BangkokState:
    return after_placement(s)


def receive_thief(s: BangkokState, seat: int, move: ReceiveThief) -> BangkokState:
    b = _boat(move.boat)
    if b not in s.caught:
        raise IllegalMove(f"{move.boat} is not one of the thieves your overseer caught")
    _check_to(move.to, b, thief_from_thief=False)
    s = replace(s, caught=(), out=s.out + tuple(t for t in s.caught if t != b))
    return after_placement(_receive(s, seat, b, move.to))


def move_boat(s: BangkokState, seat: int, move: MoveBoat) -> BangkokState:
    if s.moved:
        raise IllegalMove("only one move per turn")
    if s.cards[seat] <= 0:
        raise IllegalMove("you have no movement card left")
    a, d = _square(move.from_x, move.from_y), _square(move.to_x, move.to_y)
    if s.owner[a] != seat:
        raise IllegalMove(f"the boat at ({move.from_x}, {move.from_y}) does not carry your merchant")
    if d not in B.move_destinations(s.board, a):
        raise IllegalMove(f"({move.to_x}, {move.to_y}) is not an empty neighbour square with room in its quarter")
    s = replace(
        s, board=_set(_set(s.board, d, s.board[a]), a, -1), owner=_set(_set(s.owner, d, seat), a, -1),
        cards=_set(s.cards, seat, s.cards[seat] - 1), moved=True,
        placed=d if s.placed == a else s.placed,
    )
    return continue_turn(s)


def end_turn_move(s: BangkokState, seat: int, move) -> BangkokState:
    if s.placed < 0 and can_place(s):
        raise IllegalMove("you must place a boat first")
    return end_turn(s)


# --- §8 market days ----------------------------------------------------------------------------------
def open_market(s: BangkokState, day: str, trigger: int) -> BangkokState:
    if day == SMALL:  # §8.3: two passes, each from the trigger player clockwise
        s = replace(s, phase=MARKET, market=SMALL, trigger=trigger, scorer=trigger, market_step=0)
    else:  # §8.4
        s = replace(s, phase=MARKET, market=LARGE, trigger=trigger, market_step=0,
                    scorer=large_day_opener(s, trigger))
    return next_scorer(s)


def next_scorer(s: BangkokState) -> BangkokState:
    """The next player with a choice; anyone with nothing eligible passes by force."""
    n = s.players
    if s.market == SMALL:
        for step in range(s.market_step, 2 * n):
            seat = (s.trigger + step) % n
            if eligible(s, seat):
                return replace(s, scorer=seat, market_step=step)
        # after the second pass, step 3 of the trigger player's turn
        return continue_turn(replace(s, market="", market_step=0))
    if not anyone_eligible(s):
        return game_over(s)
    seat = s.scorer
    for passes in range(s.market_step, n):
        if eligible(s, seat):
            return replace(s, scorer=seat, market_step=passes)
        seat = (seat + 1) % n
    return game_over(s)


def score(s: BangkokState, seat: int, move: Score) -> BangkokState:
    m = MOORING_AT.get((move.px, move.py))
    if m is None:
        raise IllegalMove(f"there is no mooring place at grid point ({move.px}, {move.py})")
    if m not in eligible(s, seat):
        raise IllegalMove(f"{mooring(move.px, move.py)} is not eligible for you: it needs 4 boats, one of them yours")
    sq = _square(move.x, move.y)
    if sq not in QUARTET[m]:
        raise IllegalMove(f"({move.x}, {move.y}) is not one of the 4 squares of {mooring(move.px, move.py)}")
    if sq not in removable(s, seat, m):
        raise IllegalMove("you may remove only an own boat" + (" or a neutral one" if s.market == LARGE else
                          " on a small market day"))
    points = scoring_points(s, m)
    b, o = s.board[sq], s.owner[sq]
    s = replace(
        s, scores=tuple(a + p for a, p in zip(s.scores, points, strict=True)), master=m,
        board=_set(s.board, sq, -1), owner=_set(s.owner, sq, -1),
        warehouses=_set(s.warehouses, seat, s.warehouses[seat] + (b,)),
        supply=_set(s.supply, o, s.supply[o] + 1) if o >= 0 else s.supply,
    )
    if s.market == SMALL:
        return next_scorer(replace(s, market_step=s.market_step + 1))
    return next_scorer(replace(s, market_step=0, scorer=(seat + 1) % s.players))


def pass_market(s: BangkokState, seat: int, move) -> BangkokState:
    if s.market == SMALL:
        return next_scorer(replace(s, market_step=s.market_step + 1))
    return next_scorer(replace(s, market_step=s.market_step + 1, scorer=(seat + 1) % s.players))


# --- §10 the end -------------------------------------------------------------------------------------
def game_over(s: BangkokState) -> BangkokState:
    return replace(s, phase=OVER, scorer=-1, final=tuple(warehouse_points(w) for w in s.warehouses))


HANDLERS: dict[tuple[str, type], Callable[[BangkokState, int, Any], BangkokState]] = {
    (TURN, Place): place, (TURN, MoveBoat): move_boat, (TURN, EndTurn): end_turn_move,
    (MERCHANT, LeaveUnmanned): leave_unmanned, (MERCHANT, ShiftMerchant): shift_merchant,
    (STEAL, Steal): steal, (STEAL, NoSteal): no_steal, (CATCH, ReceiveThief): receive_thief,
    (MARKET, Score): score, (MARKET, Pass): pass_market,
}

WAITING_FOR = {
    TURN: "a turn (move, place, end the turn)", MERCHANT: "the merchant for the new boat",
    STEAL: "the thief's choice", CATCH: "which caught thief to keep", MARKET: "a market-day scoring or pass",
}


def apply(s: BangkokState, seat: int, move) -> BangkokState:
    if seat == CHANCE:
        if s.phase not in (DEAL, DRAW, START):
            raise IllegalMove("nothing random is due now")
        return apply_chance(s, move)
    if seat not in actors(s):
        raise IllegalMove("it is not your turn" if s.phase != OVER else "the game is over")
    handler = HANDLERS.get((s.phase, type(move)))
    if handler is None:
        raise IllegalMove(f"the game is waiting for {WAITING_FOR.get(s.phase, s.phase)}, not a {type(move).__name__}")
    return handler(s, seat, move)


# --- what the log shows ----------------------------------------------------------------------------
def visible_to(s: BangkokState, actor: int, move) -> tuple[int, ...] | None:
    return chance(s).visible_to if actor == CHANCE else None


def reveals(s: BangkokState, actor: int, move) -> bool:
    """Placing a boat shows it, unless everybody knew it was in that hand (taken back from the board)."""
    if actor == CHANCE or not isinstance(move, Place) or move.boat not in BOAT_INDEX:
        return False
    return BOAT_INDEX[move.boat] not in s.known[actor]
