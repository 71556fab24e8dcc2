"""Player specs: `NAME` (a person, who gets a token), `NAME:ai-LEVEL[@SECONDS]` (random, greedy, mcts)
or `NAME:ai-easy|medium|hard` (the named strengths of ai.NAMED, which think a fixed amount)."""

from __future__ import annotations

from ai import LEVELS, NAMED
from projections.fold import Player
from service.errors import Invalid

MAX_NAME = 100
MAX_PLAYERS = 512  # specs read at most (a game or a tournament checks its own, smaller, bound)


def parse_player(spec: str) -> Player:
    spec = spec.strip()
    name, sep, rest = spec.partition(":")
    if not name:
        raise Invalid(f"player {spec!r} has no name")
    if len(name) > MAX_NAME or not name.isprintable():
        raise Invalid(f"a player's name is 1 to {MAX_NAME} printable characters, not {name[:20]!r}…")
    if not sep:
        return Player(name=name)
    if not rest.startswith("ai-"):
        raise Invalid(f"player {spec!r}: after ':' expected ai-LEVEL with LEVEL one of {', '.join(LEVELS)}")
    level, _, budget = rest[3:].partition("@")
    if level not in LEVELS:
        raise Invalid(f"player {spec!r}: unknown AI level {level!r} (one of {', '.join(LEVELS)})")
    if _ and level in NAMED:
        raise Invalid(f"player {spec!r}: the {level} level thinks a fixed amount (no @SECONDS)")
    if budget:
        try:
            seconds = float(budget)
        except ValueError:
            raise Invalid(f"player {spec!r}: @{budget} is not a number of seconds") from None
        if not 0 < seconds <= 60:
            raise Invalid(f"player {spec!r}: the AI budget must be between 0 and 60 seconds")
    return Player(name=name, ai=rest[3:])


def parse_players(specs: list[str]) -> tuple[Player, ...]:
    if len(specs) > MAX_PLAYERS:
        raise Invalid(f"at most {MAX_PLAYERS} players")
    players = tuple(parse_player(s) for s in specs)
    names = [p.name for p in players]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise Invalid(f"duplicate player name(s): {', '.join(dupes)}")
    return players
