"""The decider without a store: a command and a folded record in, sealed events (or a refusal) out."""

from __future__ import annotations

import pytest

from events.envelope import check_chain, secret_salt
from events.kinds import ARBITER, Chance, Created, Finished, ForkedState, Move, SeatEntropy, SeedRevealed, TableRef
from games import fairness
from projections.audit import verify
from projections.fold import Folded, fold
from service import decide
from service.decide import CreateGame
from service.errors import Conflict, GameOver, Illegal, Invalid, NotYourTurn, StaleVersion

SEED = "s33d"


def new(players=("ann", "bob"), **kw) -> tuple[Folded, list]:
    made = decide.decide_create(CreateGame(type="toy", players=players, **kw), game_id="g1", seed=SEED)
    return made.decision.folded, list(made.decision.events)


def play_out(f: Folded, log: list) -> tuple[Folded, list]:
    """Chance steps drawn, each seat bids its lowest card, until the end."""
    while f.status == "active":
        actors = f.game.actors(f.state)
        if decide.waiting_on(f) == "chance":
            d = decide.decide_chance(f, SEED)
        else:
            seat = min(actors)
            d = decide.decide_move(f, seat, {"type": "bid", "card": min(f.state.hands[seat])}, None, SEED)
        f, log = d.folded, log + d.events
    return f, log


def test_creation_commits_to_the_seed_and_gives_each_person_a_token():
    made = decide.decide_create(CreateGame(type="toy", players=("ann", "bob:ai-greedy")), game_id="g1", seed=SEED)
    created = made.decision.events[0].event()
    assert isinstance(created, Created) and created.seed_sha256 == fairness.commitment(SEED)
    assert made.seed == SEED and made.decision.folded.version == 1
    ann, bob = made.seats
    assert "token" in ann and bob == {"seat": 1, "name": "bob", "ai": "greedy"}
    assert made.token_seats == {decide.token_hash(ann["token"]): 0}


def test_a_seat_may_answer_to_a_token_its_player_already_holds():
    made = decide.decide_create(CreateGame(type="toy", players=("ann", "bob"), seat_token_hashes={1: "h"}))
    assert "token" not in made.seats[1] and made.token_seats["h"] == 1


@pytest.mark.parametrize("cmd, says", [
    (CreateGame(type="chess", players=("a", "b")), "unknown game type"),
    (CreateGame(type="toy", players=("a",)), "takes 2 to 4 players"),
    (CreateGame(type="toy", players=("a", "a")), "duplicate player"),
    (CreateGame(type="toy", players=("a", "b"), seed="has space"), "printable"),
    (CreateGame(type="toy", players=("a", "b"), entropy=("x", "y", "z")), "entropy"),
    (CreateGame(type="toy", players=("a", "b"), options={"await_entropy": "yes"}), "await_entropy"),
    (CreateGame(type="toy", players=("a", "b"), options={"await_entropy": True},
                tournament=TableRef(id="t-1", round=1, table=0, deal="t-1/1")), "duplicate table"),
])
def test_bad_creations_are_refused(cmd, says):
    with pytest.raises(Invalid, match=says):
        decide.decide_create(cmd)


def test_a_fork_starts_from_a_secret_position():
    f, _ = new()
    f = decide.decide_chance(f, SEED).folded
    fork, log = new(start_state=f.state)
    assert isinstance(log[1].event(), ForkedState) and log[1].visible_to == ()
    assert fork.state == f.state and fork.barrier == 2


def test_a_move_is_checked_then_sealed_secret_to_its_seat():
    f, log = new()
    with pytest.raises(NotYourTurn):
        decide.decide_move(f, 0, {"type": "bid", "card": 1}, None, SEED)  # the deck is not shuffled yet
    d = decide.decide_chance(f, SEED)
    assert isinstance(d.events[0].event(), Chance) and d.events[0].actor == "chance"
    f, log = d.folded, log + d.events
    with pytest.raises(StaleVersion):
        decide.decide_move(f, 0, {"type": "bid", "card": 1}, 1, SEED)
    with pytest.raises(Illegal):
        decide.decide_move(f, 0, {"type": "bid", "card": 99}, None, SEED)
    with pytest.raises(Illegal):
        decide.decide_move(f, 0, {"type": "no-such-move"}, None, SEED)
    card = f.state.hands[0][0]
    d = decide.decide_move(f, 0, {"type": "bid", "card": card}, f.version, SEED)
    (e,) = d.events
    assert e.event() == Move(move={"type": "bid", "card": card}) and e.actor == 0 and e.visible_to == (0,)
    assert check_chain(log + d.events, salt_of=lambda v: secret_salt(SEED, "g1", v)) is None
    assert d.folded.last_moves == (3, 0) and d.status == ""


def test_the_arbiter_enters_chance_only_in_arbiter_mode():
    f, _ = new()
    with pytest.raises(Illegal, match="arbiter mode"):
        decide.decide_move(f, ARBITER, {"type": "shuffle", "order": list(range(12))}, None, SEED)
    f, _ = new(options={"arbiter_chance": True})
    assert decide.waiting_on(f) is None
    d = decide.decide_move(f, ARBITER, {"type": "shuffle", "order": list(range(12))}, None, SEED)
    assert d.events[0].actor == ARBITER and isinstance(d.events[0].event(), Chance)
    with pytest.raises(NotYourTurn):
        decide.decide_move(d.folded, ARBITER, {"type": "roll", "face": 3}, None, SEED)


def test_the_last_move_finishes_the_game_and_reveals_the_seed_so_the_log_verifies():
    f, log = play_out(*new())
    assert f.status == "finished"
    assert [type(e.event()) for e in log[-2:]] == [Finished, SeedRevealed]
    assert verify(log).ok
    assert fold("g1", log) == f  # what the decider folded is what the log folds to
    with pytest.raises(GameOver):
        decide.decide_move(f, 0, {"type": "bid", "card": 1}, None, SEED)


def test_a_duplicate_table_keeps_its_seed_when_it_ends():
    f, log = play_out(*new(tournament=TableRef(id="t-1", round=1, table=0, deal="t-1/1")))
    assert isinstance(log[-1].event(), Finished)


def test_chance_draws_depend_on_the_seed_and_the_entropy_only():
    f, _ = new()
    a, b = decide.decide_chance(f, SEED), decide.decide_chance(f, SEED)
    assert a.events[0].payload == b.events[0].payload
    g, _ = new(entropy=("mine",))
    assert decide.decide_chance(g, SEED).events[0].payload != a.events[0].payload


def test_a_seat_adds_entropy_once_and_before_the_first_draw():
    f, _ = new(options={"await_entropy": True})
    assert decide.waiting_on(f) is None and decide.entropy_missing(f) == [0, 1]
    d = decide.decide_entropy(f, 0, "mine", drawn=False)
    assert d.events[0].event() == SeatEntropy(entropy="mine") and d.events[0].actor == 0
    with pytest.raises(Conflict, match="already"):
        decide.decide_entropy(d.folded, 0, "again", drawn=False)
    with pytest.raises(Conflict, match="too late"):
        decide.decide_entropy(d.folded, 1, "late", drawn=True)
    with pytest.raises(Invalid):
        decide.decide_entropy(d.folded, 1, "", drawn=False)
    f = decide.decide_entropy(d.folded, 1, "yours", drawn=False).folded
    assert decide.waiting_on(f) == "chance"


def test_an_ai_seat_moves_with_randomness_derived_from_the_seed():
    f, _ = new(players=("ann:ai-random", "bob:ai-random"))
    f = decide.decide_chance(f, SEED).folded
    assert decide.waiting_on(f) == "ai"
    seen = []

    def choose(game, state, seat, level, rng_seed):
        seen.append((seat, level, rng_seed))
        return game.legal_moves(state, seat)[0]

    d = decide.decide_ai(f, SEED, choose)
    assert seen == [(0, "random", decide.ai_rng_seed(SEED, "g1", 2))] and d.events[0].actor == 0
