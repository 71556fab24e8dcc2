"""JSON written into a page (service/web/safety.py) holds no markup, and the access log (service/logs.py)
writes no token a query string carried."""

from __future__ import annotations

import json

from service.logs import redacted
from service.web.safety import page_policy, script_json

HOSTILE = ["<!--<script>", "</script><script>alert(1)</script>", "a\u2028b\u2029c", "&amp;<>", "]]>"]


def test_json_in_a_page_holds_no_markup_and_reads_the_same():
    for name in HOSTILE:
        text = str(script_json({"players": [{"name": name}]}))
        assert not set(text) & {"<", ">", "&", "\u2028", "\u2029"}, text
        assert json.loads(text) == {"players": [{"name": name}]}


def test_the_page_policy_allows_no_inline_script_but_the_static_ones():
    policy = dict(d.strip().split(" ", 1) for d in page_policy().split(";"))
    assert "'unsafe-inline'" not in policy["script-src"] and "'unsafe-eval'" not in policy["script-src"]
    assert policy["script-src"].count("'sha256-") >= 6  # caravan, game, analysis, lobby, tournament, private…
    assert policy["frame-ancestors"] == "'none'" and policy["object-src"] == "'none'"


def test_the_access_log_redacts_tokens_in_a_query_string():
    assert redacted("token=abc&x=1&Token=zz") == "token=[redacted]&x=1&Token=[redacted]"
    assert redacted("seat_token=s3cret&at=2") == "seat_token=[redacted]&at=2"
    assert redacted("tok%65n=s3cret") == "tok%65n=[redacted]"
    assert redacted("at=3&fragment=true") == "at=3&fragment=true"
