"""Where a caravan goes (7.4.1-7.4.3): one disc's step along the paths, with the Yeti's tracks closed
and the Snowstorm crossed, and where a program leaves a caravan. Read by planning, execution and the
legal moves alike."""

from __future__ import annotations

from .content import EXIT, PATHS, PAUSE, TRADE
from .state import HimalayaState


def step(village: int, crossing: int, command: str, yeti: int, storm: int) -> tuple[int, int]:
    """Where a caravan stands after one disc (7.4.1-7.4.3): (village, crossing)."""
    if crossing:  # on the snowstorm: only the path's own kind moves on, always forward
        if command == PATHS[storm][2]:
            return crossing, 0
        return village, crossing
    if command in (TRADE, PAUSE):
        return village, 0
    e = EXIT[village][command]
    if e is None or e[1] == yeti:  # no such path, or closed by the Yeti tracks: no effect
        return village, 0
    if e[1] == storm:  # onto the storm
        return village, e[0]
    return e[0], 0


def position_after(s: HimalayaState, seat: int, commands: tuple[str, ...]) -> tuple[int, int]:
    p = s.players[seat]
    v, c = p.village, p.crossing
    for cmd in commands:
        v, c = step(v, c, cmd, s.yeti, s.snowstorm)
    return v, c


def ends_on_storm(s: HimalayaState, seat: int, commands: tuple[str, ...]) -> bool:
    return bool(s.snowstorm) and position_after(s, seat, commands)[1] != 0
