"""No seat reads another seat's secret through any endpoint during play.

For every registered game, along a random game between human seats, every endpoint is read as each
seat and as a spectator, and each answer is checked against what that caller may see: the game's own
view for that seat (which the contract tests prove hides every secret), payloads only where the event
is public or addressed to the caller (or a secret move a later move turned face up), moves only the
caller's own."""

from __future__ import annotations

import random

import msgspec
import pytest

from games.registry import all_games
from projections.fold import fold
from tests.e2e.helpers import people_game

pytestmark = pytest.mark.e2e
STEPS = 25


def as_json(x):
    return msgspec.json.decode(msgspec.json.encode(x))


def check_events(rows, seat, opened=0):
    """Payloads only where public, addressed to `seat`, or a seat's move a later one turned face up (up to
    version `opened`: Game.opens, Himalaya's programs once the last disc is in)."""
    for e in rows:
        may = (e["visible_to"] is None or (seat is not None and seat in e["visible_to"])
               or (e["version"] <= opened and e["kind"] == "move"))
        assert (e["payload"] is not None) == may, (seat, e["version"], e["kind"])


@pytest.mark.parametrize("game_type", sorted(all_games()))
def test_no_endpoint_shows_a_seat_what_it_may_not_see(stack, game_type):
    game = all_games()[game_type]
    rng = random.Random(5)
    for f, log, clients in people_game(stack, game_type, STEPS, rng):
        game_id = f.id
        for seat, c in clients.items():
            g = c.get(f"/games/{game_id}").json()
            if g["version"] != f.version:
                continue  # a worker moved meanwhile
            assert g["view"] == as_json(game.view(f.state, seat))
            assert "seat_views" not in g
            check_events(c.get(f"/games/{game_id}/events").json(), seat, f.opened)
            k = rng.randrange(1, f.version + 1)
            then = c.get(f"/games/{game_id}/state", params={"at": k}).json()
            assert then["view"] == as_json(game.view(fold(game_id, log, upto=k).state, seat))
            exported = [msgspec.json.decode(line) for line in c.get(f"/games/{game_id}/export").text.splitlines()]
            check_events(exported, seat, f.opened)
            if seat is not None:
                assert c.get(f"/games/{game_id}/moves").json() == as_json(game.legal_moves(f.state, seat))
