"""Telling the log's moves from the position each was played in (service/said.py), on the toy game's log:
the view before each readable move is the reader's view of the fold up to the event before it, from the
created event or from a base; an undo inside the window is folded, one back before it stops the telling."""

from __future__ import annotations

import msgspec

from projections.fold import fold
from service.said import positions_before, said
from service.views import event_rows
from tests.test_fold import SHUFFLE, log_of

BID = ("move", 0, {"move": {"type": "bid", "card": 1}})
BID1 = ("move", 1, {"move": {"type": "bid", "card": 3}})


def view_before(events, v, seat):
    f = fold("g", events, upto=v - 1)
    return msgspec.to_builtins(f.game.view(f.state, seat))


def test_each_readable_move_is_told_from_the_readers_view_before_it():
    events = log_of(SHUFFLE, BID, BID1)
    rows = event_rows(events, 1, finished=False)
    before, after = positions_before(None, "g", events, rows, 1)
    readable = [r["version"] for r in rows if r["kind"] in ("move", "chance") and r["payload"] is not None]
    assert sorted(before) == readable and readable
    assert all(before[v] == view_before(events, v, 1) for v in readable)
    assert after == fold("g", events)
    texts = said("g", "toy", None, events, rows, 1, ["ann", "bob"])
    assert sorted(texts) == readable and all(isinstance(t, str) and t for t in texts.values())


def test_a_withheld_payload_gets_no_view_and_no_words():
    events = log_of(SHUFFLE, BID, BID1)
    rows = event_rows(events, None, finished=False)
    rows[2] = {**rows[2], "payload": None, "redacted": True}
    before, _ = positions_before(None, "g", events, rows, None)
    assert 3 not in before and 4 in before
    assert 3 not in said("g", "toy", None, events, rows, None, ["ann", "bob"])


def test_an_undo_inside_the_window_is_folded_and_one_before_it_stops_the_telling():
    events = log_of(SHUFFLE, BID, ("undo", "system", {"to": 2, "requested_by": 0, "consents": [1]}), BID)
    window = events[2:]  # from the first bid: the base is the game after the shuffle, which the undo names
    before, after = positions_before(fold("g", events, upto=2), "g", window, event_rows(window, 0, False), 0)
    assert before[5] == view_before(events, 5, 0) and after == fold("g", events)
    late = events[3:]  # from the undo on: the game it returns to is before the window
    before, after = positions_before(fold("g", events, upto=3), "g", late, event_rows(late, 0, False), 0)
    assert before == {} and after is None
