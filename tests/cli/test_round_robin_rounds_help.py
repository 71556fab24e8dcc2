"""`caravan tournament new --help` says what a longer round robin is, as service/round_robin.py builds it:
tables of 2 (and one table for everyone) repeat the cycle, bigger tables are searched whole."""

from __future__ import annotations

from service.round_robin import round_robin


def test_rounds_help_says_a_longer_round_robin_at_bigger_tables_is_searched_whole(cli):
    """It said "round robin: more than one cycle repeats it", which only tables of 2 do."""
    text = " ".join(cli("tournament", "new", "--help").stdout.split())
    assert "more than one cycle repeats it" not in text, text
    assert "searched whole" in text and "tables of 2" in text, text


def test_what_the_help_says_is_what_the_schedule_does():
    six_at_three = round_robin(6, 3)
    longer = round_robin(6, 3, len(six_at_three) * 2)
    assert longer[len(six_at_three):] != six_at_three  # searched whole: not the cycle again
    four_at_two = round_robin(4, 2)
    again = round_robin(4, 2, len(four_at_two) * 2)[len(four_at_two):]
    assert [sorted(map(sorted, r.tables)) for r in again] == [sorted(map(sorted, r.tables)) for r in four_at_two]
