"""Standings and ratings folded from a tournament's events (no server needed)."""

from __future__ import annotations

import pytest

from events.envelope import seal_payload
from projections import standings
from projections.standings import fold, rows, table_points

NAMES = ["ann", "bob", "cy", "dee"]


class Log:
    """A tournament stream built by hand: envelopes with a real hash chain."""

    def __init__(self, fmt="round-robin", k=2, duplicate=False, names=NAMES, rounds=3):
        self.events = []
        self.add("created", {"game": "toy", "format": fmt, "table_size": k, "rounds": rounds, "duplicate": duplicate,
                             "entrants": [{"name": n, "ai": "random"} for n in names], "options": {}})

    def add(self, kind, payload):
        prev = self.events[-1].hash if self.events else ""
        self.events.append(seal_payload(len(self.events) + 1, "system", kind, payload, prev=prev))
        return self

    def seat(self, rnd, tables, byes=()):
        return self.add("round-seated", {"round": rnd, "byes": list(byes), "tables": [
            {"round": rnd, "table": i, "game": f"g{rnd}{i}", "entrants": list(t)} for i, t in enumerate(tables)]})

    def result(self, rnd, table, scores, ranks, game=None):
        return self.add("table-finished", {"round": rnd, "table": table, "game": game or f"g{rnd}{table}",
                                           "scores": scores, "ranks": ranks})

    def fold(self):
        return fold("t-test", self.events)


def by_name(t):
    return {r["name"]: r for r in rows(t)}


def test_points_by_rank_one_per_opponent_beaten_a_half_per_tie():
    assert [table_points((1, 2, 2, 4), i) for i in range(4)] == [3.0, 1.5, 1.5, 0.0]
    assert [table_points((1, 2), i) for i in range(2)] == [1.0, 0.0]


def test_a_win_scores_one_and_the_score_difference_breaks_ties():
    t = Log().seat(1, [(0, 1), (2, 3)]).result(1, 0, [10, 2], [1, 2]).result(1, 1, [5, 4], [1, 2]).fold()
    s = by_name(t)
    assert s["ann"]["points"] == s["cy"]["points"] == 1.0
    assert s["ann"]["score_difference"] == 8 and s["cy"]["score_difference"] == 1
    assert [r["name"] for r in rows(t)][:2] == ["ann", "cy"]
    assert rows(t)[0]["place"] == 1 and rows(t)[1]["place"] == 2


def test_a_result_that_arrives_before_its_round_is_seated_counts_once_it_is():
    log = Log().result(1, 0, [3, 1], [1, 2])
    assert by_name(log.fold())["ann"]["played"] == 0
    log.seat(1, [(0, 1), (2, 3)])
    assert by_name(log.fold())["ann"]["points"] == 1.0


def test_a_game_no_seated_table_names_never_counts():
    t = Log().result(1, 0, [3, 1], [1, 2], game="orphan").seat(1, [(0, 1), (2, 3)]).fold()
    assert all(r["played"] == 0 for r in rows(t)) and t.pending == ()
    t = Log().seat(1, [(0, 1), (2, 3)]).result(1, 0, [3, 1], [1, 2], game="orphan").fold()
    assert all(r["played"] == 0 for r in rows(t))


def test_a_recorded_result_is_recorded_once():
    log = Log().seat(1, [(0, 1), (2, 3)]).result(1, 0, [3, 1], [1, 2]).result(1, 0, [3, 1], [1, 2])
    assert by_name(log.fold())["ann"]["played"] == 1


def test_a_bye_scores_the_average_result_once_its_round_is_complete():
    log = Log(names=NAMES[:3]).seat(1, [(0, 1)], byes=[2])
    assert by_name(log.fold())["cy"]["points"] == 0
    assert by_name(log.result(1, 0, [1, 0], [1, 2]).fold())["cy"]["points"] == 0.5


def test_buchholz_breaks_swiss_ties_by_the_opponents_points():
    log = Log(fmt="swiss").seat(1, [(0, 1), (2, 3)]).result(1, 0, [1, 0], [1, 2]).result(1, 1, [1, 0], [1, 2])
    log.seat(2, [(0, 2), (1, 3)]).result(2, 0, [1, 0], [1, 2]).result(2, 1, [1, 0], [1, 2])
    s = by_name(log.fold())
    # bob and cy both have 1 point; cy met ann (2) and dee (0), bob met ann (2) and dee (0): equal;
    # score difference is equal too, so the rating decides between them
    assert s["bob"]["points"] == s["cy"]["points"] == 1
    assert s["bob"]["buchholz"] == s["cy"]["buchholz"] == 2
    assert s["ann"]["place"] == 1 and s["dee"]["place"] == 4


def test_ratings_follow_results_with_plackett_luce():
    log = Log(k=4).seat(1, [(0, 1, 2, 3)]).result(1, 0, [9, 5, 5, 1], [1, 2, 2, 4])
    t = log.fold()
    mu = {r["name"]: r["mu"] for r in rows(t)}
    assert mu["ann"] > mu["bob"] == mu["cy"] > mu["dee"]
    assert all(r["sigma"] < standings.SIGMA for r in rows(t))


def test_duplicate_matchpoints_compare_the_same_seat_across_tables():
    log = Log(duplicate=True).seat(1, [(0, 1), (2, 3)]).result(1, 0, [7, 3], [1, 2]).result(1, 1, [5, 5], [1, 1])
    s = by_name(log.fold())
    assert s["ann"]["matchpoints"] == 1 and s["cy"]["matchpoints"] == 0  # seat 0: 7 beats 5
    assert s["bob"]["matchpoints"] == 0 and s["dee"]["matchpoints"] == 1  # seat 1: 3 loses to 5


def test_a_seat_that_resigned_or_forfeited_loses_its_duplicate_comparisons():
    """A forfeiting entrant's seat is played on by a stand-in AI: its score is the AI's, not the entrant's
    (it earned ann a matchpoint for a game she never played); a resigned seat ranks last, and so it
    compares: below the same seat at every other table, whatever the scores."""
    log = Log(duplicate=True).seat(1, [(0, 1), (2, 3)])
    log.add("table-finished", {"round": 1, "table": 0, "game": "g10", "scores": [9, 3], "ranks": [2, 1],
                               "resigned": [0], "forfeits": [0]})
    s = by_name(log.result(1, 1, [5, 5], [1, 1]).fold())
    assert (s["ann"]["matchpoints"], s["cy"]["matchpoints"]) == (0, 1)
    assert (s["bob"]["matchpoints"], s["dee"]["matchpoints"]) == (0, 1)  # (bob's 3 against dee's 5)
    both = Log(duplicate=True).seat(1, [(0, 1), (2, 3)])
    for table, scores in ((0, [9, 3]), (1, [4, 6])):
        both.add("table-finished", {"round": 1, "table": table, "game": f"g1{table}", "scores": scores,
                                    "ranks": [2, 1], "resigned": [0]})
    s = by_name(both.fold())
    assert (s["ann"]["matchpoints"], s["cy"]["matchpoints"]) == (1, 0)  # both resigned: then by the score
    absent = Log(duplicate=True).seat(1, [(0, 1), (2, 3)])
    for table, scores in ((0, [9, 3]), (1, [4, 6])):
        absent.add("table-finished", {"round": 1, "table": table, "game": f"g1{table}", "scores": scores,
                                      "ranks": [2, 1], "resigned": [0], "forfeits": [0]})
    s = by_name(absent.fold())
    assert (s["ann"]["matchpoints"], s["cy"]["matchpoints"]) == (0.5, 0.5)  # neither showed up: equal


def test_a_duplicate_bye_earns_the_rounds_average_matchpoints():
    """A bye neither rewards nor punishes: matchpoints too (it earned 0, the least any seat can)."""
    names = ["ann", "bob", "cy", "dee", "eve", "fay", "gus"]
    log = Log(duplicate=True, names=names).seat(1, [(0, 1), (2, 3), (4, 5)], byes=[6])
    log.result(1, 0, [7, 3], [1, 2]).result(1, 1, [5, 5], [1, 1])
    assert by_name(log.fold())["gus"]["matchpoints"] == 0  # not before the round is complete
    s = by_name(log.result(1, 2, [6, 2], [1, 2]).fold())
    assert s["gus"]["matchpoints"] == 1.0  # two comparisons a seat, half of them won on average
    assert sum(r["matchpoints"] for r in s.values()) / len(s) == 1.0


def test_a_table_that_ends_after_the_cancel_counts_for_nobody():
    """The standings at the cancel are the last: a table that finishes after it (its abandonment failed, or
    it ended as the cancel came) moved points, matchpoints and ratings."""
    log = Log(duplicate=True).seat(1, [(0, 1), (2, 3)]).result(1, 0, [7, 3], [1, 2])
    log.add("cancelled", {"by": "organiser", "reason": "", "round": 1})
    s = by_name(log.result(1, 1, [9, 1], [1, 2]).fold())
    assert (s["cy"]["points"], s["cy"]["played"], s["cy"]["matchpoints"]) == (0, 0, 0)
    assert s["cy"]["abandoned"] == 1 and s["ann"]["points"] == 1


def test_folding_event_by_event_equals_folding_from_scratch():
    log = Log(k=2).seat(1, [(0, 1), (2, 3)]).result(1, 1, [2, 8], [2, 1]).result(1, 0, [4, 4], [1, 1])
    log.seat(2, [(0, 2), (1, 3)]).result(2, 0, [1, 0], [1, 2]).add("finished", {})
    live = None
    for e in log.events:
        live = fold("t-test", [e], live)
    assert live == standings.rebuild("t-test", log.events)
    assert rows(live) == rows(standings.rebuild("t-test", log.events)) and live.status == "finished"


def test_a_stream_must_begin_with_created():
    with pytest.raises(ValueError):
        fold("t-test", Log().events[1:] or [seal_payload(1, "system", "finished", {}, prev="")])
