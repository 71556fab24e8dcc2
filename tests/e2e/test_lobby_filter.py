"""The lobby's status filter (`GET /games?status=`) takes active, finished or abandoned; another status is
refused (400 with {"error", "detail"}, as any query parameter of the wrong shape), where it answered 200 and an
empty list, which reads as "no such games"."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("status", ["bogus", "ACTIVE", "live", ""])
def test_an_unknown_status_is_refused(stack, status):
    r = stack.client().get("/games", params={"status": status})
    assert r.status_code == 400, (status, r.status_code, r.text[:200])
    body = r.json()
    assert body["error"] == "bad-request" and "status" in body["detail"], body


@pytest.mark.parametrize("status", ["active", "finished", "abandoned"])
def test_each_status_filters_the_lobby(stack, status):
    r = stack.client().get("/games", params={"status": status})
    assert r.status_code == 200, r.text
    assert all(row["status"] == status for row in r.json())
