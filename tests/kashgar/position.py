"""Build Kashgar positions for rule-case tests: `position(caravans=..., boards=..., display=...)`."""

from __future__ import annotations

import msgspec

from games.kashgar import GAME
from games.kashgar.content import RESOURCES
from games.kashgar.state import Player
from games.protocol import CHANCE


def board(text: str = "3/3/3/3/3 | 3 | 3") -> tuple[int, ...]:
    """The spec's notation `GI/CL/PE/SA/CI | GO | MU` as a 7-tuple."""
    spices, gold, mules = (x.strip() for x in text.split("|"))
    return tuple(int(x) for x in spices.split("/")) + (int(gold), int(mules))


def position(players=2, caravans=None, boards=None, orders=None, display=None, current=0, start=0,
             variant="none", **fields):
    s = GAME.setup(players, GAME.check_options({"hauen_und_stechen": variant}))
    seats = []
    for i in range(players):
        car = (caravans or {}).get(i, [["PM", "ST01"], ["PM", "ST05"], ["PM", "ST06"]])
        seats.append(Player(board=board((boards or {}).get(i, "3/3/3/3/3 | 3 | 3")),
                            caravans=tuple(tuple(c) for c in car),
                            orders=tuple((orders or {}).get(i, ()))))
    shown = tuple(display if display is not None else ("K01", "K02", "L01", "X01"))
    pool = tuple(o for o in s.order_pool if o not in shown and not any(o in (orders or {}).get(i, ()) for i in range(players)))
    return msgspec.structs.replace(s, seats=tuple(seats), phase="play", start_player=start, current=current,
                                   display=shown, order_pool=pool, **fields)


def res(state, seat, name):
    return state.seats[seat].board[RESOURCES.index(name)]


def play(state, seat, move):
    return GAME.apply(state, seat, move)


def chance(state, move):
    assert GAME.actors(state) == frozenset({CHANCE}), GAME.actors(state)
    return GAME.apply(state, CHANCE, move)
