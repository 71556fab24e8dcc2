"""The options every game takes from the platform (besides its own, declared by the game), typed and
bounded like a game's, and the one place a creation's options are checked."""

from __future__ import annotations

from typing import Any

from games.protocol import Game, Option, check_option
from projections import clock
from service.errors import Invalid
from service.schemas import ListedOption, OptionType

PLATFORM_OPTIONS = (
    Option("arbiter_chance", "chance outcomes are entered by the arbiter instead of drawn, for a game mirroring a "
           "physical table (not a tournament option)", False, (True, False)),
    Option("await_entropy", "the first chance draw waits until every human seat has added its entropy "
           "(POST /games/{id}/entropy)", False, (True, False)),
    Option("clock", "time control: none, per-decision:SECONDS (1 to a week) or fischer:MAIN+INCREMENT (seconds; "
           "increment 0 to 3600)", "none"),
    Option("absent", "a seat whose time runs out: default (the rulebook's default move) or ai-LEVEL (an AI of that "
           "level, random, greedy or mcts[@SECONDS], plays for it until its owner moves again)", "default"),
    Option("no_show", "a person's seat that has not made its first move within SECONDS of its first decision "
           "coming due: none, forfeit:SECONDS (the seat is resigned: ranked last) or takeover:SECONDS (the "
           "absent AI, else greedy, plays it until its owner moves); 1 second to a week", "none"),
)


def check(game: Game, given: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the game's options with defaults filled in, the platform's); Invalid (422) for an unknown name,
    a value of the wrong type or out of its choices or bounds."""
    given = dict(given)
    try:
        platform = {o.name: check_option(o, given.pop(o.name)) if o.name in given else o.default
                    for o in PLATFORM_OPTIONS}
        clock.parse_clock(platform["clock"])
        clock.parse_absent(platform["absent"])
        clock.parse_no_show(platform["no_show"])
        return game.check_options(given), platform
    except ValueError as e:
        raise Invalid(str(e)) from None


def listed(game: Game) -> list[ListedOption]:
    """What `GET /game-types` lists for a game: its own options, then the platform's, each with its type."""
    return [ListedOption(name=o.name, description=o.description, type=option_type(o), default=o.default,
                         choices=None if o.choices is None else list(o.choices), minimum=o.minimum, maximum=o.maximum)
            for o in (*game.options, *PLATFORM_OPTIONS)]


JSON_TYPES: tuple[tuple[type, OptionType], ...] = ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"))


def option_type(o: Option) -> OptionType | None:
    """The JSON type `check_option` reads a value of `o` as: its choices' (all of one type), else its default's
    (true is no integer; an integer is a number's value too); None where any value goes (no default)."""
    like = o.choices[0] if o.choices else o.default
    return next((name for t, name in JSON_TYPES if isinstance(like, t)), None)
