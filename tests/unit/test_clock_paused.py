"""`projections.clock.paused`: the clocks after the service was down for some seconds. The running
decisions, the no-show wait of a seat that has not moved and the phase clock start that much later; a
stopped clock, and the first decision of a seat that has moved, are as they were."""

from __future__ import annotations

from projections.clock import ClockState, Control, SeatClock, deadlines, paused
from tests.toygame import GAME


def test_running_decisions_and_waits_start_later_and_stopped_clocks_stay():
    cs = ClockState(seats=(SeatClock(remaining=50.0, since=1000.0, first_due=900.0, moved=True),
                           SeatClock(remaining=60.0, since=None, first_due=None),
                           SeatClock(remaining=40.0, since=1010.0, first_due=1010.0, moved=False)),
                    phase_since=995.0)
    after = paused(cs, 30.0)
    assert [s.since for s in after.seats] == [1030.0, None, 1040.0]
    assert [s.first_due for s in after.seats] == [900.0, None, 1040.0]  # (the no-show wait of seat 2 only)
    assert [s.remaining for s in after.seats] == [50.0, 60.0, 40.0] and after.phase_since == 1025.0
    fischer = Control(kind="fischer", main=60.0)
    state = GAME.setup(3, {})
    before, later = deadlines(cs, fischer, GAME, state), deadlines(after, fischer, GAME, state)
    assert {s: later[s] - before[s] for s in before} == {s: 30.0 for s in before}
