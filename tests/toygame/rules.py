"""Toy Market's rules: setup, applying a move, what the log shows (who acts and what is random: turn.py)."""

from __future__ import annotations

import msgspec

from games.protocol import CHANCE, IllegalMove

from .content import DECK, DIE, HAND, ROUNDS
from .moves import Bid, Roll, Shuffle
from .state import ToyState
from .turn import actors, chance

replace = msgspec.structs.replace


def setup(players: int) -> ToyState:
    return ToyState(players=players, bids=(None,) * players, points=(0,) * players)


def apply(s: ToyState, seat: int, move, describe) -> ToyState:
    """`describe`: the move in words, for the refusal."""
    if seat not in actors(s):
        raise IllegalMove("it is not your turn")
    match move:
        case Shuffle(order=order) if s.phase == "shuffle":
            if sorted(order) != list(range(len(DECK))):
                raise IllegalMove("a shuffle must order every card exactly once")
            deck = tuple(DECK[i] for i in order)
            n = s.players
            hands = tuple(deck[HAND * p : HAND * p + HAND] for p in range(n))
            return replace(s, phase="bid", deck=deck[HAND * n :], hands=hands)
        case Roll(face=face) if s.phase == "roll" and 1 <= face <= DIE:
            points = tuple(p + face if i == s.roller else p for i, p in enumerate(s.points))
            rnd = s.round + 1
            over = rnd >= ROUNDS or any(not h for h in s.hands)
            return replace(s, points=points, round=rnd, phase="over" if over else "bid", roller=-1)
        case Bid(card=card) if s.phase == "bid":
            if card not in s.hands[seat]:
                raise IllegalMove(f"you hold no {card}")
            return bid(s, seat, card)
    raise IllegalMove(f"{describe(move)} is not legal in the {s.phase} phase")


def bid(s: ToyState, seat: int, card: int) -> ToyState:
    """The seat's secret bid; the last one in spends them all, every player draws, the highest rolls."""
    bids = tuple(card if i == seat else b for i, b in enumerate(s.bids))
    if any(b is None for b in bids):
        return replace(s, bids=bids)
    roller = max(range(s.players), key=lambda i: (bids[i], -i))
    deck, hands = s.deck, []
    for i, h in enumerate(s.hands):
        h = list(h)
        h.remove(bids[i])
        if deck:
            h.append(deck[0])
            deck = deck[1:]
        hands.append(tuple(sorted(h)))
    return replace(s, phase="roll", deck=deck, hands=tuple(hands), bids=(None,) * s.players, roller=roller)


def visible_to(s: ToyState, actor: int, move):
    if actor == CHANCE:
        return chance(s).visible_to
    return (actor,)  # bids are secret until the round ends


def reveals(s: ToyState, actor: int, move) -> bool:
    return actor != CHANCE and sum(b is None for b in s.bids) == 1  # the last bid shows them all
