"""The fold: a game's events through its rules, with undo skipping a range the log keeps."""

from __future__ import annotations

from events.envelope import seal_payload
from games.protocol import CHANCE
from projections.fold import CorruptLog, fold, UndoRequest
from tests.toygame import GAME as TOY

import pytest


def log_of(*steps):
    """Events for the toy game: steps are (kind, actor, payload)."""
    created = seal_payload(1, "system", "created", {"id": "g", "type": "toy", "players": [{"name": "a"}, {"name": "b"}],
                                           "options": {}, "seed_sha256": ""}, prev="")
    events = [created]
    for kind, actor, payload in steps:
        events.append(seal_payload(len(events) + 1, actor, kind, payload, prev=events[-1].hash))
    return events


SHUFFLE = ("chance", "chance", {"move": {"type": "shuffle", "order": list(range(12))}, "reveals": True})


def test_the_fold_applies_moves_through_the_rules():
    f = fold("g", log_of(SHUFFLE, ("move", 0, {"move": {"type": "bid", "card": 1}})))
    assert f.version == 3 and f.state.bids == (1, None) and f.barrier == 2 and f.last_moves == (3, 0)


def test_an_undo_returns_to_the_state_it_names_and_the_log_keeps_the_range():
    events = log_of(SHUFFLE, ("move", 0, {"move": {"type": "bid", "card": 1}}), ("undo", "system", {"to": 2, "requested_by": 0, "consents": [1]}))
    f = fold("g", events)
    assert f.version == 4 and f.state == fold("g", events[:2]).state and f.last_moves == (0, 0)


def test_an_undo_request_is_part_of_the_record_until_a_move_clears_it():
    events = log_of(SHUFFLE, ("move", 0, {"move": {"type": "bid", "card": 1}}),
                    ("undo-requested", 0, {"by": 0, "to": 2}), ("undo-consented", 1, {"by": 1, "to": 2}))
    assert fold("g", events).undo_request == UndoRequest(by=0, to=2, consents=(1,), version=4)
    more = log_of(SHUFFLE, ("move", 0, {"move": {"type": "bid", "card": 1}}),
                  ("undo-requested", 0, {"by": 0, "to": 2}), ("move", 1, {"move": {"type": "bid", "card": 3}}))
    assert fold("g", more).undo_request is None


def test_replay_stops_at_the_version_asked_for():
    events = log_of(SHUFFLE, ("move", 0, {"move": {"type": "bid", "card": 1}}))
    assert fold("g", events, upto=2).version == 2


def test_an_edited_event_breaks_the_fold():
    import msgspec

    events = log_of(SHUFFLE, ("move", 0, {"move": {"type": "bid", "card": 1}}))
    events[2] = msgspec.structs.replace(events[2], payload={"move": {"type": "bid", "card": 2}})
    with pytest.raises(CorruptLog):
        fold("g", events)


def test_chance_is_a_seat_of_its_own():
    f = fold("g", log_of())
    assert TOY.actors(f.state) == frozenset({CHANCE})


def test_an_edited_created_event_breaks_the_fold():
    import msgspec

    events = log_of(SHUFFLE)
    events[0] = msgspec.structs.replace(events[0], payload={**events[0].payload, "type": "toy", "options": {"x": 1}})
    with pytest.raises(CorruptLog):
        fold("g", events)
