"""A round begins (7.1 / 7.2): the round marker moves on, each player in turn may place an event figure
(the Yeti, the Snowstorm, the Market) or is passed over when none is left to place, then planning (7.3)
begins. Both the setup's last caravan (rules.py) and the round's end (execution.py) lead here."""

from __future__ import annotations

from msgspec.structs import replace

from .content import FIGURES, MARKET, SNOWSTORM, YETI
from .state import EVENTS, PLANNING, HimalayaState, clockwise, set_at, set_player


def begin_round(s: HimalayaState) -> HimalayaState:
    if not s.events_on:
        return begin_planning(s)
    return skip_event_passes(replace(s, phase=EVENTS, turn=0))


def can_place_event(s: HimalayaState, seat: int) -> bool:
    unused = s.players[seat].figures
    return (
        (YETI in unused and not s.yeti)
        or (SNOWSTORM in unused and not s.snowstorm)
        or (MARKET in unused and not s.market and any(any(c) for c in s.board_cubes))
    )


def place_event(s: HimalayaState, seat: int, figure: str, where: int) -> HimalayaState:
    p = s.players[seat]
    p = replace(p, figures=tuple(f for f in p.figures if f != figure))
    owner = set_at(s.figure_owner, FIGURES.index(figure), seat)
    s = replace(s, players=set_player(s, seat, p), figure_owner=owner, **{figure: where})
    return pass_event(s)


def pass_event(s: HimalayaState) -> HimalayaState:
    return skip_event_passes(replace(s, turn=s.turn + 1))


def skip_event_passes(s: HimalayaState) -> HimalayaState:
    """A player with no figure left to place passes without being asked."""
    seq = clockwise(s)
    turn = s.turn
    while turn < s.n and not can_place_event(s, seq[turn]):
        turn += 1
    if turn < s.n:
        return replace(s, turn=turn) if turn != s.turn else s
    return begin_planning(s)


def begin_planning(s: HimalayaState) -> HimalayaState:
    return replace(s, phase=PLANNING, turn=0, plans=((),) * s.n)
