"""The game's end (7): the state that says how it ended, with nothing left open. The rules end it
when the bag runs out, the rulers (5.4) at the twelfth ruler."""

from __future__ import annotations

import msgspec

from .state import YangtzeState

replace = msgspec.structs.replace


def game_over(s: YangtzeState, how: str) -> YangtzeState:
    return replace(s, phase="over", ended_by=how, auction=None, ruling=None, to_draw=0, selling_with_iii=-1)
