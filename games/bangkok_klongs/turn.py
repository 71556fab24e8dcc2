"""Who acts in Bangkok Klongs and what is random: the active seat, the scorer of a market day, and the
chance steps (a boat drawn from the face-down pile when dealing or refilling a hand, the start player).
Read by the rules and the legal moves alike."""

from __future__ import annotations

from games.protocol import CHANCE, ChanceSpec

from .content import BOATS, HAND_SIZE, MAX_PLAYERS
from .moves import Draw, StartPlayer
from .state import DEAL, DRAW, MARKET, OVER, START, BangkokState

DRAW_MOVE = tuple(Draw(boat=b.id) for b in BOATS)  # every chance outcome, made once
START_MOVE = tuple(StartPlayer(seat=p) for p in range(MAX_PLAYERS))


def actors(s: BangkokState) -> frozenset[int]:
    if s.phase in (DEAL, DRAW, START):
        return frozenset((CHANCE,))
    if s.phase == OVER:
        return frozenset()
    return frozenset((s.scorer if s.phase == MARKET else s.active,))


def drawing_seat(s: BangkokState) -> int:
    if s.phase == DEAL:  # each player draws 4, seat by seat
        return next(p for p, h in enumerate(s.hands) if len(h) < HAND_SIZE)
    return s.active


def chance(s: BangkokState) -> ChanceSpec:
    if s.phase in (DEAL, DRAW):
        seat = drawing_seat(s)
        return ChanceSpec(
            f"{'deal' if s.phase == DEAL else 'refill'}: seat {seat} draws a boat",
            outcomes=tuple(DRAW_MOVE[b] for b in s.pile), visible_to=(seat,),
        )
    if s.phase == START:
        return ChanceSpec("choose the start player", outcomes=START_MOVE[: s.players])
    raise ValueError(f"nothing random is due in the {s.phase} phase")
