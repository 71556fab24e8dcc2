"""The board for a terminal, from the JSON-decoded view."""

from __future__ import annotations


def render(v: dict, seat: int | None) -> str:
    return str(v.get("phase"))
