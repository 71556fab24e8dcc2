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


def planning_without_a_time_control():
    """What GET /games/{id} answers in Himalaya's planning when the table has no time control: the
    phase's deadline runs for every seat programming discs, the AI seats among them."""
    return {"you": 0, "actors": [0, 1, 2], "deadline": NOW + 57,
            "players": [{"seat": 0, "name": "ann", "ai": None}, {"seat": 1, "name": "bob", "ai": "mcts"},
                        {"seat": 2, "name": "cy", "ai": "greedy"}],
            "clock": {"control": "none", "absent": "default",
                      "seats": [{"seat": s, "running": True, "deadline": NOW + 57, "remaining": None, "ai": None}
                                for s in range(3)]}}


def test_a_phase_clock_at_a_table_without_a_time_control_is_not_called_a_time_control():
    # it read "clock (none): ▶ ann 57 s", as if the table had a time control called "none"
    g = planning_without_a_time_control()
    assert board.clock_line(g, NOW) == "clock: 57 s left for ann"
    assert board.my_countdown(g, NOW) == "57 s left"


def test_watch_tells_the_phase_clock_from_the_clock_frame_alone():
    g = planning_without_a_time_control()
    frame = {**g["clock"], "deadline": NOW + 57, "server_time": NOW}
    assert board.clock_line({"players": g["players"], "clock": frame}, NOW) == "clock: 57 s left for ann"


def test_a_finished_games_header_gives_the_results_words_with_names():
    g = {"id": "g", "type": "himalaya", "version": 400, "status": "finished", "actors": [],
         "players": [{"seat": 0, "name": "ann", "ai": None}, {"seat": 1, "name": "bob", "ai": "mcts"},
                     {"seat": 2, "name": "cy", "ai": "greedy"}],
         "result": {"ranks": [3, 1, 2], "scores": [0.0, 32.0, 31.0], "winners": [1],
                    "detail": "seat 1 leads two influences", "said": "bob leads two influences"}}
    text = board.header(g)
    assert "1. bob (32), 2. cy (31), 3. ann (0)" in text and "bob leads two influences" in text
    assert "seat 1 leads" not in text


def test_a_deadline_set_by_the_no_show_rule_or_the_phase_says_so():
    """With fischer:120+5 and no_show=forfeit:60 the board read 'clock (fischer:120+5): ▶ ann 57 s' while
    ann had 116 s on her clock: 57 s was her no-show deadline, whose consequence (a forfeit) it never said."""
    g = view(no_show="forfeit:60",
             seats=[{"seat": 0, "running": True, "deadline": NOW + 57, "remaining": 116.3, "ai": None, "due": "no-show"},
                    {"seat": 1, "running": False, "deadline": None, "remaining": 90.0, "ai": None},
                    {"seat": 2, "running": True, "deadline": NOW + 30, "remaining": 153.0, "ai": None, "due": "phase"}])
    line = board.clock_line(g, NOW)
    assert "▶ ann 57 s to make a first move (no-show rule: forfeit), 1:56 on the clock" in line, line
    assert "▶ cat 30 s (the phase's time limit), 2:33 on the clock" in line, line


def test_the_time_you_have_in_words_for_wait():
    g = view(no_show="forfeit:60",
             seats=[{"seat": 0, "running": True, "deadline": NOW + 57, "remaining": 116.3, "ai": None, "due": "no-show"},
                    {"seat": 1, "running": False, "deadline": None, "remaining": 90.0, "ai": None},
                    {"seat": 2, "running": False, "deadline": None, "remaining": 75.0, "ai": None}])
    assert board.my_time_left(g, NOW) == "57 s to make a first move (no-show rule: forfeit), 1:56 on the clock"
    g["clock"]["seats"][0].update(due="clock", deadline=NOW + 42)
    assert board.my_time_left(g, NOW) == "42 s left on your clock"
    g["clock"]["seats"][0].update(due="phase", deadline=NOW + 30)
    assert board.my_time_left(g, NOW) == "30 s left (the phase's time limit), 1:56 on the clock"
    assert board.my_time_left(planning_without_a_time_control(), NOW) == "57 s left (the phase's time limit)"
    waiting = {**g, "you": 2, "actors": [0]}
    assert board.my_time_left(waiting, NOW) is None
    assert board.my_clock_standing(waiting) == "you have 1:15 on your clock"
    per_decision = view(seats=[{"seat": 0, "running": False, "deadline": None, "remaining": 30.0, "ai": None}])
    per_decision["clock"]["control"] = "per-decision:30"
    assert board.my_clock_standing({**per_decision, "actors": [1]}) == "you will have 30 s to act"


def test_a_finished_game_runs_no_clock():
    g = {"id": "g", "type": "toy", "version": 30, "status": "finished", "actors": [], "you": 0,
         "players": [{"seat": 0, "name": "ann", "ai": None}, {"seat": 1, "name": "bot", "ai": "random"},
                     {"seat": 2, "name": "cat", "ai": None}],
         "clock": {"control": "fischer:90+2", "absent": "default",
                   "seats": [{"seat": 0, "running": False, "deadline": None, "remaining": 50.0, "ai": None},
                             {"seat": 1, "running": False, "deadline": None, "remaining": 90.0, "ai": None},
                             {"seat": 2, "running": False, "deadline": None, "remaining": 75.0, "ai": None}]}}
    text = board.header(g)
    assert "clock (" not in text and "final times (fischer:90+2): ann 50 s, cat 1:15" in text, text
    g["clock"]["control"] = "per-decision:30"
    assert "clock" not in board.header(g) and "final times" not in board.header(g)
