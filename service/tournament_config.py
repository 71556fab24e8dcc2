"""What a new tournament is: the payload of its created event, from a request (`validate`), with its round-robin
schedule searched off the API's event loop (`Searches`).

A round robin at tables of more than two and fewer than everyone is a schedule search (service/round_robin.py)
of seconds of CPU for 128 entrants: on the event loop it stalled every request of the API process (`/health`
4.4 s for one, 6.7 s for three at once). It runs in the API's pool of processes for expensive reads
(service/reads.py, whose bound applies too), at most `Settings.schedule_searches` at once per API process;
past that, 503 with Retry-After. Tables of two and one table for everyone need no search and stay in process.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from games import registry
from projections import clock
from service import pairing, round_robin
from service.errors import Invalid
from service.players import parse_players
from service.reads import Busy

MAX_ROUNDS = 100
MAX_ENTRANTS = 128

Search = Callable[[int, int, "int | None"], Awaitable[list[pairing.Round]]]


async def in_process(n: int, k: int, rounds: int | None) -> list[pairing.Round]:
    """The schedule found here and now (no API process: the CLI's tools, tests)."""
    return round_robin.round_robin(n, k, rounds)


class Searches:
    """Schedule searches in `reads`' pool (service.reads.Reads), at most `bound` at once; Busy past it."""

    def __init__(self, reads, bound: int):
        self.reads, self.bound, self.running = reads, max(1, bound), 0

    async def __call__(self, n: int, k: int, rounds: int | None) -> list[pairing.Round]:
        if not 2 < k < n:  # the circle method, or one table: no search
            return round_robin.round_robin(n, k, rounds)
        if self.running >= self.bound:
            raise Busy(f"{self.running} round-robin schedules are being searched on this server (the bound is "
                       f"{self.bound}, CARAVAN_SCHEDULE_SEARCHES); retry later")
        self.running += 1
        try:
            return await self.reads.run(round_robin.round_robin, n, k, rounds)
        finally:
            self.running -= 1


async def validate(game_type: str, fmt: str, table_size: int, players: list[str], rounds: int | None,
                   duplicate: bool, options: dict[str, Any] | None, search: Search = in_process) -> dict[str, Any]:
    """The created event's payload, or Invalid with a reason a person understands (the schedule searched by
    `search`, whose refusal of too few rounds is the same words wherever it runs)."""
    config = checked(game_type, fmt, table_size, players, rounds, duplicate, options)
    n = len(config["entrants"])
    if fmt == "round-robin":
        try:
            schedule = await search(n, table_size, rounds)
        except ValueError as e:
            raise Invalid(str(e)) from None
        if len(schedule) > MAX_ROUNDS:
            raise Invalid(f"a round robin of {n} players at tables of {table_size} takes {len(schedule)} rounds; "
                          f"at most {MAX_ROUNDS}")
        config["rounds"] = len(schedule)
        config["schedule"] = [{"tables": [list(t) for t in r.tables], "byes": list(r.byes)} for r in schedule]
    else:
        config["rounds"] = min(rounds or pairing.swiss_rounds(n, table_size), MAX_ROUNDS)
    return config


def checked(game_type: str, fmt: str, table_size: int, players: list[str], rounds: int | None,
            duplicate: bool, options: dict[str, Any] | None) -> dict[str, Any]:
    """Everything but the schedule: the payload without its rounds, or Invalid."""
    try:
        game = registry.get(game_type)
    except KeyError:
        raise Invalid(f"unknown game type {game_type!r} (one of {', '.join(registry.all_games())})") from None
    if fmt not in pairing.FORMATS:
        raise Invalid(f"unknown format {fmt!r} (one of {', '.join(pairing.FORMATS)})")
    if not game.min_players <= table_size <= game.max_players:
        raise Invalid(f"{game.name} is played at tables of {game.min_players} to {game.max_players} players, "
                      f"not {table_size}")
    if len(players) > MAX_ENTRANTS:
        raise Invalid(f"at most {MAX_ENTRANTS} players")
    entrants = parse_players(players)  # names (bounded, printable, not read as a seat), AI levels, duplicates
    if len(entrants) < max(2, table_size):
        raise Invalid(f"a tournament at tables of {table_size} needs at least {max(2, table_size)} players, "
                      f"not {len(entrants)}")
    if len(entrants) > MAX_ENTRANTS:
        raise Invalid(f"at most {MAX_ENTRANTS} players")
    if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
        raise Invalid(f"rounds must be between 1 and {MAX_ROUNDS}")
    options = dict(options or {})
    await_entropy = options.pop("await_entropy", False)
    if not isinstance(await_entropy, bool):
        raise Invalid("await_entropy is true or false")
    if await_entropy and duplicate:
        raise Invalid("duplicate tables share the round's deal: their seats add no entropy (no await_entropy)")
    try:
        clock_option, absent, no_show = clock.check(options)  # the time control every table gets
        options_checked = game.check_options(options)
    except ValueError as e:
        raise Invalid(str(e)) from None
    if await_entropy:
        options_checked["await_entropy"] = True  # every table's first draw waits for its people's entropy
    if clock_option != "none" or absent != "default" or no_show != "none":
        options_checked = {**options_checked, "clock": clock_option, "absent": absent, "no_show": no_show}
    return {"game": game_type, "format": fmt, "table_size": table_size, "duplicate": duplicate,
            "entrants": [{"name": p.name, "ai": p.ai} for p in entrants], "options": options_checked}
