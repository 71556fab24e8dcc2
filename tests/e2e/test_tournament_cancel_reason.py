"""A cancel's reason could leave tables in play: each table in play is abandoned with the note "the
tournament was cancelled: REASON", which the game's own rule (at most 200 printable characters) refused
for a reason of 171 to 200 characters, or one with a newline the cancel accepted, and the refusal was
swallowed. The tournament read cancelled, its tables played on, a duplicate round's seed was revealed
while a table still played that deal, and a result that came in later moved the standings. Now a reason
is at most 200 printable characters (no control or bidirectional-override character: it is shown on the
page and in `tournament show`), every table in play is abandoned whatever its length, and nothing that
ends after the cancel counts."""

from __future__ import annotations

import pytest

from tests.e2e.helpers import wait_for_status
from tests.e2e.test_tournament_cancel import humans_tournament

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("reason", ["stop\nnow", "ok\x1b]0;PWNED\x07", "evil\u202eline"])
def test_a_reason_with_control_characters_is_refused_and_changes_nothing(stack, reason):
    t = humans_tournament(stack)
    r = stack.client(t["organiser_token"]).post(f"/tournaments/{t['id']}/cancel", json={"reason": reason})
    assert r.status_code == 422 and "printable" in r.json()["detail"], r.text
    assert stack.client().get(f"/tournaments/{t['id']}").json()["status"] == "active"


def test_a_long_reason_still_abandons_every_table_in_play(stack):
    t = humans_tournament(stack)
    summary = stack.client().get(f"/tournaments/{t['id']}").json()
    running = [g["id"] for g in summary["games"] if g["status"] == "active" and {"ann", "bob"} & set(g["players"])]
    r = stack.client(t["organiser_token"]).post(f"/tournaments/{t['id']}/cancel", json={"reason": "r" * 200})
    assert r.status_code == 200, r.text
    for game_id in running:
        assert wait_for_status(stack.client(), f"/games/{game_id}", "abandoned", timeout=30)["status"] == "abandoned"
