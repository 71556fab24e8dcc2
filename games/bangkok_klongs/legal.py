"""Every legal move of a seat now (and only those), picked from tables of moves made once (why a
placement is refused: placing.py)."""

from __future__ import annotations

from games.protocol import CHANCE, default_among

from . import board as B
from . import rules
from .content import BOATS, IS_THIEF, MOORING_AT, NEIGHBOURS, SQUARES, xy
from .market import eligible, removable
from .moves import (
    HAND,
    WAREHOUSE,
    BangkokMove,
    EndTurn,
    LeaveUnmanned,
    MoveBoat,
    NoSteal,
    Pass,
    Place,
    ReceiveThief,
    Score,
    ShiftMerchant,
    Steal,
)
from .placing import placement_squares
from .state import CATCH, DEAL, DRAW, MARKET, MERCHANT, START, STEAL, TURN, BangkokState
from .turn import actors, chance

# every move the rules can ever list, made once (legal_moves only picks from these tables)
PLACE_MOVE = tuple(tuple(Place(boat=b.id, x=sq % 10, y=sq // 10) for sq in range(SQUARES)) for b in BOATS)
MOVE_BOAT = {(a, d): MoveBoat(*xy(a), *xy(d)) for a in range(SQUARES) for d in NEIGHBOURS[a]}
END_TURN, LEAVE_UNMANNED, NO_STEAL, PASS = EndTurn(), LeaveUnmanned(), NoSteal(), Pass()
MOORING_AT_POINT = {m: p for p, m in MOORING_AT.items()}


def legal_moves(s: BangkokState, seat: int) -> list[BangkokMove]:
    if seat == CHANCE:
        return list(chance(s).outcomes) if s.phase in (DEAL, DRAW, START) else []
    if seat not in actors(s):
        return []
    phase = s.phase
    if phase == TURN:
        places: list[BangkokMove] = []
        if s.placed < 0:
            legal, thief = placement_squares(s)
            for b in s.hands[seat]:
                row = PLACE_MOVE[b]
                places += [row[sq] for sq in (thief if IS_THIEF[b] else legal)]
        moves = places + [MOVE_BOAT[a, d] for a, d in rules.boat_moves(s, seat)]
        if s.placed >= 0 or not places:  # placing is compulsory when possible
            moves.append(END_TURN)
        return moves
    if phase == MERCHANT:
        return [LEAVE_UNMANNED, *(
            ShiftMerchant(*xy(sq)) for sq in range(SQUARES) if s.owner[sq] == seat and sq != s.placed
        )]
    if phase == STEAL:
        moves = [NO_STEAL]
        for sq in B.thief_targets(s.board, s.placed):
            moves.append(Steal(*xy(sq), to=WAREHOUSE))
            if not IS_THIEF[s.board[sq]]:
                moves.append(Steal(*xy(sq), to=HAND))
        return moves
    if phase == CATCH:
        return [ReceiveThief(BOATS[b].id, to) for b in s.caught for to in (WAREHOUSE, HAND)]
    if phase == MARKET:
        moves = [PASS]
        for m in eligible(s, seat):
            px, py = MOORING_AT_POINT[m]
            moves += [Score(px, py, *xy(sq)) for sq in removable(s, seat, m)]
        return moves
    return []


# --- what a seat that ran out of time plays ------------------------------------------------------
def timeout_move(s: BangkokState, seat: int) -> BangkokMove | None:
    """The default when `seat` runs out of time: the quietest legal move (it passes, steals nothing, ends its turn),
    else its first legal move; None when it has nothing to decide."""
    return default_among(legal_moves(s, seat), "pass", "no-steal", "end-turn", "leave-unmanned")
