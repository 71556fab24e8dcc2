"""A move after its seat's deadline (service/decide.py ran_out): taken within the grace (clock skew between
the client, the API and the store's clocks; transit), refused past it with the time it ran out and what the
table does about it. The real stack's case (no worker to run the timeout job): tests/e2e/test_late_move.py."""

from __future__ import annotations

import pytest

from projections import clock
from service import decide
from service.decide import CreateGame

SEED = "s33d"


def bidding(absent: str | None) -> decide.Folded:
    """A toy game at its first bids, ann's per-decision clock of 2 s running."""
    options = {"clock": "per-decision:2", **({"absent": absent} if absent else {})}
    made = decide.decide_create(CreateGame(type="toy", players=("ann", "bob"), options=options), game_id="g1", seed=SEED)
    f = made.decision.folded
    while decide.waiting_on(f) == "chance":
        f = decide.decide_chance(f, SEED).folded
    return f


def test_a_move_at_its_deadline_is_taken_within_the_grace():
    f = bidding("ai-greedy")
    deadline = clock.deadlines(f.clock, f.control, f.game, f.state)[0]
    assert decide.ran_out(f, 0, deadline - 1.0, grace=0.5) is None
    assert decide.ran_out(f, 0, deadline + 0.4, grace=0.5) is None  # late by skew: still taken
    assert decide.ran_out(f, 0, deadline + 0.4, grace=0.0) is not None


@pytest.mark.parametrize("absent, says", [("ai-greedy", "the AI plays it"), (None, "the rulebook's default")])
def test_past_the_grace_the_move_is_refused_saying_when_and_what_follows(absent, says):
    f = bidding(absent)
    deadline = clock.deadlines(f.clock, f.control, f.game, f.state)[0]
    refused = decide.ran_out(f, 0, deadline + 0.6, grace=0.5)
    assert refused is not None and refused.status == 409
    assert "your time for this decision ran out at" in str(refused) and says in str(refused), str(refused)
