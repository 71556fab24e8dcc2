"""`caravan verify` reads a file anyone may hand it: a line that is JSON but no object (`[]`, `"x"`, `5`,
`null`), or bytes that are no UTF-8, is "not an event envelope" with its line number and exit 1, like a cut
line or junk. Before, such a line crashed verify with a Python traceback (and `--json` printed no JSON)."""

from __future__ import annotations

import json

import pytest

from tests.cli.conftest import Cli

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("line", ["[]", '"x"', "5", "null", "true"])
def test_a_line_that_is_json_but_no_object_is_not_an_envelope(stack, tmp_path, line):
    cli = Cli(stack, tmp_path)
    out = cli("verify", "-", input=line + "\n", code=1)
    assert "line 1 is not an event envelope" in out.stdout + out.stderr, out.stdout + out.stderr
    report = json.loads(cli("verify", "-", "--json", input=line + "\n", code=1).stdout)
    assert report["ok"] is False and "line 1 is not an event envelope" in report["reason"]


def test_bytes_that_are_no_utf8_name_their_line(stack, tmp_path):
    path = tmp_path / "junk.jsonl"
    path.write_bytes(b'\n\xff\xfe\n')  # (line 1 blank)
    report = json.loads(Cli(stack, tmp_path)("verify", str(path), "--json", code=1).stdout)
    assert report["ok"] is False and "line 2" in report["reason"], report
