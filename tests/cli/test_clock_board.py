"""The board's clock line and `game play`'s countdown, from a view's `clock` (pure: no server)."""

from __future__ import annotations

from cli import board

NOW = 1_000_000.0


def view(**clock):
    return {"id": "g", "you": 0, "actors": [0],
            "players": [{"seat": 0, "name": "ann", "ai": None}, {"seat": 1, "name": "bot", "ai": "random"},
                        {"seat": 2, "name": "cat", "ai": None}],
            "clock": {"control": "fischer:90+2", "absent": "default", **clock}}


def test_each_seat_shows_its_remaining_time_and_the_running_one_counts_down_to_its_deadline():
    g = view(seats=[{"seat": 0, "running": True, "deadline": NOW + 42.4, "remaining": 50.0, "ai": None},
                    {"seat": 1, "running": False, "deadline": None, "remaining": 90.0, "ai": None},
                    {"seat": 2, "running": False, "deadline": None, "remaining": 75.0, "ai": None}])
    assert board.clock_line(g, NOW) == "clock (fischer:90+2): ▶ ann 42 s, cat 1:15"
    assert board.clock_line(g, NOW + 40) == "clock (fischer:90+2): ▶ ann 2 s, cat 1:15"
    assert board.my_countdown(g, NOW + 2.4) == "40 s left"


def test_a_seat_an_ai_plays_for_shows_no_clock_and_no_countdown_when_none_runs():
    g = view(seats=[{"seat": 0, "running": False, "deadline": None, "remaining": 3.0, "ai": "greedy"},
                    {"seat": 1, "running": False, "deadline": None, "remaining": 90.0, "ai": None},
                    {"seat": 2, "running": False, "deadline": None, "remaining": 75.0, "ai": None}])
    assert board.clock_line(g, NOW) == "clock (fischer:90+2): cat 1:15"
    assert board.my_countdown(g, NOW) is None


def test_a_phase_clock_alone_shows_the_shared_deadline():
    g = {"you": 0, "actors": [0, 1], "deadline": NOW + 75, "players": [{"seat": 0, "name": "ann"},
                                                                        {"seat": 1, "name": "bob"}]}
    assert board.clock_line(g, NOW) == "clock: 1:15 left for ann, bob"
    assert board.my_countdown(g, NOW) == "1:15 left"
