"""`projections.clock.advance` and a decision an AI takes over unmade: held, and resumed as it stood when
its owner comes back before the AI made it (the time away counted), never begun again in full (issue 55,
item 2: a 4 s decision lasted 17.3 s after 4 returns)."""

from __future__ import annotations

from projections.clock import Control, advance, deadlines, initial
from games.protocol import CHANCE
from tests.toygame import GAME, Shuffle

PER_DECISION = Control(kind="per-decision", limit=4.0)
FISCHER = Control(kind="fischer", main=30.0)


def bidding():
    state = GAME.setup(2, {})
    return GAME.apply(state, CHANCE, Shuffle(order=tuple(range(12))))  # (the deck shuffled: both seats bid)


def test_a_return_resumes_the_held_decision_from_its_start():
    state = bidding()
    for control in (PER_DECISION, FISCHER):
        cs = advance(initial(GAME, control, 2), control, GAME, state, state, [True, True], 100.0, None)
        taken = advance(cs, control, GAME, state, state, [False, True], 104.0, None)  # (late: the AI has it)
        assert taken.seats[0].since is None and taken.seats[0].held == (100.0, cs.seats[0].remaining)
        back = advance(taken, control, GAME, state, state, [True, True], 110.0, None, back=0)
        assert back.seats[0].since == 100.0 and back.seats[0].held is None
        assert deadlines(back, control, GAME, state)[0] <= 104.0 if control is PER_DECISION else \
            deadlines(back, control, GAME, state)[0] == 130.0  # (Fischer: the 10 s away counted too)


def test_the_ai_making_the_decision_ends_the_hold():
    state = bidding()
    cs = advance(initial(GAME, PER_DECISION, 2), PER_DECISION, GAME, state, state, [True, True], 100.0, None)
    taken = advance(cs, PER_DECISION, GAME, state, state, [False, True], 104.0, None)
    bid = GAME.apply(state, 0, GAME.legal_moves(state, 0)[0])
    made = advance(taken, PER_DECISION, GAME, state, bid, [False, True], 105.0, 0)
    assert made.seats[0].held is None
