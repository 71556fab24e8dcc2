"""What `caravan analyse` and `replay` print of an analysis: as wide as the terminal, the part where the move
played and the best differ in sight, percentages rounded as the web page rounds them, the loss to the digits
its class is read from, the scope and the engine in words. Reports shaped as GET /games/{id}/analysis answers."""

from __future__ import annotations

from cli.analysis import pct, report_lines, verdicts

PLAYED = "program the next disc: earth path: village 8 → 9 along P14 (the long way round the Yeti's tracks)"
BEST = "program the next disc: ice path: village 8 → 7 along P12 (the long way round the Yeti's tracks)"


def report(rows: list[dict], **over) -> dict:
    r = {"id": "a1", "game": "g1", "type": "himalaya", "scope": "all", "status": "done", "done": len(rows),
         "total": len(rows), "jobs": 1, "head": "ab" * 32, "version": 120, "stale": False,
         "engine": {"engine": "ismcts", "code": "c" * 16, "seed": 7, "budget": 0.5, "iterations": None},
         "thresholds": {"good": 0.02, "inaccuracy": 0.05, "mistake": 0.15},
         "players": [{"seat": 0, "name": "me", "ai": None}, {"seat": 1, "name": "b1", "ai": "hard"}],
         "seats": [], "rows": rows}
    r.update(over)
    return r


def decision(version: int, text: str = PLAYED, best: str = BEST, **over) -> dict:
    row = {"kind": "decision", "version": version, "seat": 0, "by": "person", "move": {}, "text": text, "class": "mistake",
           "best": {}, "best_text": best, "win_played": 0.2137, "win_best": 0.2738, "rank_played": 1.79,
           "rank_best": 1.73, "loss": 0.0601, "matches": False, "iterations": 288, "engine_agrees": True}
    row.update(over)
    return row


def decisions_line(lines: list[str], version: int) -> str:
    return next(l for l in lines[lines.index("decisions"):] if l.split()[:1] == [str(version)])


def test_a_move_s_words_take_the_terminal_s_width(monkeypatch):
    """Every move was cut to 64 characters whatever the terminal's width."""
    monkeypatch.setenv("COLUMNS", "260")
    line = decisions_line(report_lines(report([decision(109)])), 109)
    assert PLAYED in line and BEST in line and len(line) <= 260


def test_on_a_narrow_terminal_the_part_where_two_moves_differ_stays_in_sight():
    lines = report_lines(report([decision(109)]), width=100)
    line = decisions_line(lines, 109)
    assert len(line) <= 100 and "earth path: village 8 → 9" in line and "ice path: village 8 → 7" in line
    assert all(len(l) <= 100 for l in lines if not l.startswith(("analysis ", "engine ", "classes ")))


def test_a_win_chance_is_rounded_as_the_web_page_rounds_it():
    """Kashgar v79: 0.485 read 48 % in the CLI (Python rounds a half to even) and 49 % on the page (Math.round)."""
    assert [pct(x) for x in (0.485, 0.125, 0.0649, 0.995, 0.0)] == ["49%", "13%", "6%", "100%", "0%"]


def test_the_loss_is_shown_to_the_digits_its_class_is_read_from():
    """Himalaya v53: "0.020 inaccuracy" against the documented "good <= 0.02" (the loss was 0.0202)."""
    row = decision(53, text="trade", best="stone path", loss=0.0202, win_played=0.3042, win_best=0.3244,
                   **{"class": "inaccuracy"})
    assert decisions_line(report_lines(report([row])), 53).split()[-2:] == ["0.0202", "inaccuracy"]
    assert verdicts(report([row]))[53].startswith("inaccuracy (-0.0202), win 30%;")


def test_the_replay_s_verdict_keeps_the_best_move_s_win_chance_apart_from_its_words():
    """It read "…at P8 for 4 17%"."""
    row = decision(89, text="buy nothing and end the turn", best="buy Basket at P8 for 4", win_played=0.0,
                   win_best=0.17, loss=0.17, **{"class": "blunder"})
    assert verdicts(report([row]))[89].endswith("best: buy Basket at P8 for 4 (win 17%)")


def test_the_scope_and_the_engine_are_said_in_words():
    """It read "(yangtze, seat-0)" and "no time bound a decision, at most 50 iterations"."""
    fork = report([decision(5)], scope="seat-0", engine={"engine": "ismcts", "code": "c" * 16, "seed": 7,
                                                         "budget": None, "iterations": 50})
    head, engine = report_lines(fork)[:2]
    assert "(himalaya, me's private fork: its own decisions)" in head and "seat-0" not in head
    assert ", at most 50 iterations a decision (no time bound), seed 7" in engine
    head, engine = report_lines(report([decision(5)]))[:2]
    assert "(himalaya, every seat)" in head and ", 0.5 s a decision, seed 7" in engine
