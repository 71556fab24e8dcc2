"""A tournament's export cut short is incomplete (`caravan verify` exit 6 unless --partial), as a game's
is: without its `finished` (or `cancelled`) event the final standings were never checked, and a table a
round seated but the file does not hold was never verified. Before, its first line alone, or the file
without the tournament's `finished` line, or its first round alone, verified "ok" (exit 0) and said the
final standings had been checked. A line nested a thousand deep is "not an event envelope", never a
RecursionError."""

from __future__ import annotations

from pathlib import Path

from projections.audit import not_checked, verify_lines

LOG = Path(__file__).parent.parent / "fixtures" / "logs" / "tournament-duplicate.jsonl"


def lines():
    return LOG.read_text().splitlines()


def test_the_whole_export_is_complete():
    assert verify_lines(lines()).ok and not_checked(lines()) == []


def test_an_export_without_its_end_is_incomplete_and_claims_no_final_standings():
    whole = lines()
    for cut in (whole[:1], whole[:10] + whole[11:], [x for x in whole if '"kind":"finished"' not in x or '"stream":"t-' not in x]):
        report = verify_lines(cut)
        missing = not_checked(cut)
        assert any("the tournament does not end in this file" in m for m in missing), missing
        assert "the final standings against the results" not in report.checked, report


def test_a_table_seated_but_not_in_the_file_is_not_checked():
    whole = lines()
    table = next(x for x in whole if '"kind":"game"' in x)
    stream = table.split('"stream":"')[1].split('"')[0]
    cut = [x for x in whole if f'"stream":"{stream}"' not in x]
    assert any(stream in m and "not in this file" in m for m in not_checked(cut)), not_checked(cut)


def test_a_line_nested_a_thousand_deep_is_no_envelope():
    deep = "[" * 1000 + "]" * 1000
    report = verify_lines([deep])
    assert not report.ok and "not an event envelope" in report.reason, report
    assert not_checked([deep, '{"x": ' + deep + "}"]) is not None  # (read, never raised)
    report = verify_lines(['{"stream": "t", "event": ' + "[" * 1000 + "]" * 1000 + "}"])
    assert not report.ok, report
