"""A game's options: how each is declared (`Option`, listed by `GET /game-types`) and how a value given for
it is checked (`check_option`; `Game.check_options` in protocol.py fills in the defaults)."""

from __future__ import annotations

import math
from typing import Any

import msgspec


class Option(msgspec.Struct, frozen=True):
    """One game option as listed by `GET /game-types`."""

    name: str
    description: str
    default: Any
    choices: tuple[Any, ...] | None = None  # None: free value of the default's type
    minimum: float | None = None  # bounds of a number (a free number without them: |value| <= NUMBER_MAX)
    maximum: float | None = None


NUMBER_MAX = 2**31  # the bound of a number option that declares none
TEXT_MAX = 256


def _same_type(value: Any, like: Any) -> bool:
    """JSON types, strictly: true is no number, 1 is no boolean; an int is a float's value too."""
    if isinstance(like, bool) or isinstance(value, bool):
        return isinstance(value, bool) and isinstance(like, bool)
    if isinstance(like, float):
        return isinstance(value, (int, float))
    return isinstance(value, type(like))


def check_option(o: Option, v: Any) -> Any:
    """The option's value `v` when it has the option's type and lies in its choices or bounds; ValueError otherwise."""
    if o.choices is not None:
        if isinstance(v, list):  # a subset of choices (e.g. which extra cards)
            bad = [x for x in v if not any(_same_type(x, c) and x == c for c in o.choices)]
            if bad:
                raise ValueError(f"option {o.name}: {bad} not among {list(o.choices)}")
        elif not any(_same_type(v, c) and v == c for c in o.choices):
            raise ValueError(f"option {o.name}: {v!r} not among {list(o.choices)}")
        return v
    if o.default is None:
        return v
    if not _same_type(v, o.default):
        raise ValueError(f"option {o.name}: expected {type(o.default).__name__}, got {v!r}")
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        lo = o.minimum if o.minimum is not None else -NUMBER_MAX
        hi = o.maximum if o.maximum is not None else NUMBER_MAX
        if not (math.isfinite(v) and lo <= v <= hi):
            raise ValueError(f"option {o.name}: {v!r} is not between {lo:g} and {hi:g}")
    if isinstance(v, str) and len(v) > TEXT_MAX:
        raise ValueError(f"option {o.name}: at most {TEXT_MAX} characters")
    return v
