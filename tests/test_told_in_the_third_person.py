"""Issue 58, "Things that confused" 3: another seat's move is told in the third person, as what happened,
and counts read as English ("1 coin", "2 coins").

For every game in the registry, seeded random games are played with the engines in process until every
move type of the game's Move union has turned up (as a seat's legal move, the move the clock plays for a
late seat, or a chance outcome); every move a seat could play is told, at each decision, to another seat
(with the reader's view of the position, and without one, as the log tells it when the position is not
at hand) and checked: no "you"/"your", no bare imperative ("pay", "buy", …) opening the told words or one
of their clauses, and no "1 <plural>"."""

from __future__ import annotations

import random
import re
import typing

import msgspec
import pytest

from games import registry
from games.naming import told
from games.protocol import CHANCE, sample_chance

NAMES = ["ann", "bob", "cy", "dee", "eve", "fay"]
GAMES = 14  # seeded games per game type at most (every type is covered well before)
MOVES_TOLD = 12  # at most this many of a decision's legal moves are told (a sample, seeded)

SECOND_PERSON = re.compile(r"\b(you|your|yours|yourself)\b", re.IGNORECASE)
# the verbs the move lists offer in the imperative ("bid 31 for the settlement"): another seat's move
# says what that seat does ("bob: bids 31 for the settlement")
IMPERATIVES = {"pay", "buy", "sell", "bid", "pass", "place", "move", "keep", "take", "put", "fulfil", "lose", "gain",
               "end", "leave", "play", "cash", "decline", "draw", "trade", "swap", "return", "give", "collect",
               "program", "score", "remove", "turn", "look", "choose", "do", "receive", "set", "shift"}
CLAUSE_START = re.compile(r"(?:^|: |; | — |, then |, and )([A-Za-z]+)")
ONE_PLURAL = re.compile(r"\b1 ([a-z]+s)\b")
SINGULAR_IN_S = {"glass", "grass", "bonus", "class", "pass", "less", "plus", "gas", "status", "canvas",
                 "cloves"}  # (a spice by its name, as "1 gold")


def wrong(text: str) -> list[str]:
    """What is wrong with another seat's move told as `text` (empty: nothing)."""
    out = []
    if m := SECOND_PERSON.search(text):
        out.append(f"second person {m.group(0)!r}")
    for m in CLAUSE_START.finditer(text):
        if m.group(1) in IMPERATIVES:  # (lower case: "Pay 5 coins." from a card counts as well)
            out.append(f"imperative {m.group(1)!r}")
        elif m.group(1).lower() in IMPERATIVES and m.start(1) > 0:
            out.append(f"imperative {m.group(1)!r} (a card's instruction)")
    for m in ONE_PLURAL.finditer(text):
        if m.group(1) not in SINGULAR_IN_S:
            out.append(f"plural after 1: {m.group(0)!r}")
    return out


def tags(game) -> set[str]:
    return {t.__struct_config__.tag for t in typing.get_args(game.Move)}


def tag(move) -> str:
    return type(move).__struct_config__.tag


def tell_others(game, state, seat: int, moves: list, n: int, rng: random.Random, found: dict[str, list[str]]) -> None:
    """Every move of `moves` told to the seat after `seat`, with and without that reader's view."""
    reader = (seat + 1) % n
    seen = msgspec.to_builtins(game.view(state, reader))
    names = NAMES[:n]
    for move in moves if len(moves) <= MOVES_TOLD else rng.sample(moves, MOVES_TOLD):
        for view in (seen, None):
            text = registry.words(game, move, told(view, names, seat, reader))
            for w in wrong(text):
                found.setdefault(tag(move), []).append(f"{w}: {text}")


def play(game, seed: int, seen: set[str], found: dict[str, list[str]]) -> None:
    rng = random.Random(seed)
    n = min(game.max_players, 3 + seed % 2)
    n = max(n, game.min_players)
    options = {o.name: o.choices[seed % len(o.choices)] for o in game.options if o.choices}  # each choice in turn
    state = game.setup(n, game.check_options(options))
    for _ in range(3000):
        if game.result(state) is not None:
            return
        actors = game.actors(state)
        if CHANCE in actors:  # a draw, told alike to every seat: it only counts as a move type seen
            move = sample_chance(game.chance(state), rng)
            seen.add(tag(move))
            state = game.apply(state, CHANCE, move)
            continue
        seat = rng.choice(sorted(actors))
        moves = game.legal_moves(state, seat)
        late = game.timeout_move(state, seat)
        told_now = moves + ([late] if late is not None and tag(late) not in seen else [])
        tell_others(game, state, seat, told_now, n, rng, found)
        seen.update(tag(m) for m in told_now)
        found.setdefault("", []).extend(tag(m) for m in told_now if tag(m) not in found[""])
        state = game.apply(state, seat, rng.choice(moves))


def state_of(game):
    return game.setup(game.min_players, game.check_options({}))


@pytest.mark.parametrize("game_id", sorted(registry.all_games()))
def test_every_move_kind_is_told_to_another_seat_in_the_third_person(game_id):
    game = registry.get(game_id)
    seen: set[str] = set()
    found: dict[str, list[str]] = {"": []}  # "": the seat move types told
    for seed in range(GAMES):
        play(game, seed, seen, found)
        if tags(game) <= seen:
            break
    unlisted = getattr(registry.describer(game), "UNLISTED", ())  # moves the API takes that no list offers
    for move in unlisted:
        tell_others(game, state_of(game), 0, [move], game.min_players, random.Random(0), found)
    seen |= {tag(m) for m in unlisted}
    assert tags(game) <= seen, f"move types never played: {sorted(tags(game) - seen)}"
    kinds = found.pop("")
    report = "\n".join(f"{t}: {len(ws)} told wrong, e.g. {ws[0]}" for t, ws in sorted(found.items()))
    assert not found, f"{len(found)} of {len(kinds)} move kinds told wrong to another seat:\n{report}"


def test_a_tax_another_seat_could_not_pay_is_told_as_paid_nothing():
    """It read "bob: pay: Head Tax — Pay 5 coins." when bob had no coins and paid 0."""
    game = registry.get("yangtze")
    ruling = {"ruler": "R08", "name": "Head Tax", "instruction": "Pay 5 coins."}
    players = [{"seat": 0, "money": 12, "settlements": [], "goods_count": 0},
               {"seat": 1, "money": 0, "settlements": [], "goods_count": 0},
               {"seat": 2, "money": 3, "settlements": [], "goods_count": 0}]
    pay = game.decode_move({"type": "pay"})

    def said(seat: int, reader: int) -> str:
        return registry.words(game, pay, told({"ruling": ruling, "players": players, "you": reader}, NAMES[:3], seat, reader))

    assert said(1, 0) == "pays nothing for Head Tax (has no coins)"
    assert said(2, 0) == "pays all of their 3 coins for Head Tax (5 were due)"
    assert said(0, 1) == "pays 5 coins for Head Tax"
    assert said(1, 1) == "pay: Head Tax — Pay 5 coins."  # to the payer: the ruler's own words, as offered
    land = {"ruler": "R10", "name": "Land Tax", "instruction": "Pay 2 coins per settlement tile you own."}
    assert registry.words(game, pay, told({"ruling": land, "players": players}, NAMES[:3], 0, 1)) == \
        "pays nothing for Land Tax (nothing is due)"
