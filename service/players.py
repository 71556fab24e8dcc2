"""Player specs: `NAME` (a person, who gets a token), `NAME:ai-LEVEL[@SECONDS]` (random, greedy, mcts)
or `NAME:ai-easy|medium|hard` (the named strengths of ai.NAMED, which think a fixed amount)."""

from __future__ import annotations

import re

import regex

from ai import LEVELS, parse_level
from games.naming import looks, plainly
from projections.fold import Player
from service.errors import Invalid

MAX_NAME = 100
MAX_PLAYERS = 512  # specs read at most (a game or a tournament checks its own, smaller, bound)


# Characters a page draws as nothing: Unicode's Default_Ignorable_Code_Point (the `regex` package's
# Unicode data: Hangul fillers U+115F, U+1160, U+3164, U+FFA0, Khmer U+17B4/5, zero-width and variation
# characters, soft hyphen) and U+2800 BRAILLE PATTERN BLANK (a symbol drawn blank, not default-ignorable).
UNSEEN = regex.compile(r"[\p{Default_Ignorable_Code_Point}\u2800]")


def check_name(name: str, what: str = "a player's name") -> str:
    """A name (a player's, a tournament's), the spaces around it trimmed: 1 to MAX_NAME printable
    characters: no control, format or bidirectional-override character (U+202E would turn what follows
    around on a page or a terminal), no character drawn as nothing (`UNSEEN`: `ann` and `ann` + U+3164
    would sit at one table), no blank name (nor one of accents alone)."""
    trimmed = name.strip()
    if not 0 < len(trimmed) <= MAX_NAME or not trimmed.isprintable():
        raise Invalid(f"{what} is 1 to {MAX_NAME} printable characters (no control or bidirectional-override "
                      f"character, not blank), not {name[:20]!r}")
    if (unseen := UNSEEN.search(trimmed)) or not looks(trimmed).strip():
        which = f"U+{ord(unseen.group()):04X}, a character drawn as nothing" if unseen else "nothing visible"
        raise Invalid(f"{what} must be visible: {name[:20]!r} holds {which}")
    return trimmed


RESERVED = ("arbiter", "the arbiter", "chance", "the table", "system", "you", "nobody")  # how the log names others
RESERVED_LOOKS = {looks(word): word for word in RESERVED}
SEAT_WORDS = re.compile(r"(seat\s*)?[+-]?\d[\d_]*")  # "0", "+1", "1_0", "seat 1": read as a seat
def check_selectable(name: str) -> None:
    """A player's name never reads as something else: the CLI's `--as` takes a seat number, a player's
    name or `arbiter`, and the log names the arbiter, chance, the table and "you" in words ("taken back
    (asked by the arbiter)"), so a name that reads (`looks`: case, width, accents, look-alike letters of
    other scripts) as one of those, or as a seat number, is refused."""
    folded, plain = looks(name), plainly(name)
    if folded in RESERVED_LOOKS or SEAT_WORDS.fullmatch(plain) or name.isdigit():
        what = "a seat number" if plain[-1:].isdigit() or name.isdigit() else repr(RESERVED_LOOKS.get(folded))
        raise Invalid(f"a player's name may not read as {what}, as {name!r} does (to `--as`, or in the log's words)")


def parse_player(spec: str) -> Player:
    spec = spec.strip()
    name, sep, rest = spec.partition(":")
    if not name.strip():
        raise Invalid(f"player {spec!r} has no name")
    name = check_name(name)
    check_selectable(name)
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
    seen: dict[str, str] = {}
    for p in players:
        if (other := seen.setdefault(looks(p.name), p.name)) != p.name or [q.name for q in players].count(p.name) > 1:
            same = "duplicate player name" if other == p.name else f"player names that read alike: {other!r} and"
            raise Invalid(f"{same} {p.name!r} (each seat's name must read unlike the others', to `--as` and in the log)")
    return players
