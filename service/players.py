"""Player specs: `NAME` (a person, who gets a token), `NAME:ai-LEVEL[@SECONDS]` (random, greedy, mcts)
or `NAME:ai-easy|medium|hard` (the named strengths of ai.NAMED, which think a fixed amount)."""

from __future__ import annotations

from ai import LEVELS, parse_level
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
    try:
        parse_level(rest)  # the level, and its thinking time in plain digits within bounds
    except ValueError as e:
        raise Invalid(f"player {spec!r}: {e}") from None
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
