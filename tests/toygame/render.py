"""Toy Market on a terminal: the view as indented JSON (it has no picture: the web shows the same text)."""

from __future__ import annotations

import msgspec


def render(view, seat) -> str:
    return msgspec.json.format(msgspec.json.encode(view)).decode()
