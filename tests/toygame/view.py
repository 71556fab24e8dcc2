"""What a seat of Toy Market sees (its own hand and bid; the others' counts), and a determinization."""

from __future__ import annotations

import msgspec

from .state import ToyState


def view(s: ToyState, seat: int | None) -> dict:
    over = s.phase == "over"
    return {
        "phase": s.phase,
        "round": s.round,
        "points": list(s.points),
        "deck_left": len(s.deck),
        "hands": [list(h) if over or i == seat else len(h) for i, h in enumerate(s.hands)],
        "bids": [b if (over or i == seat) else (b is not None) for i, b in enumerate(s.bids)],
        "roller": s.roller,
    }


def determinize(s: ToyState, seat: int, rng) -> ToyState:
    """Other hands, their secret bids and the deck re-drawn from the cards `seat` has not seen. The
    unseen pool is sorted first, so the draw depends only on what `seat` can see."""
    if s.phase == "shuffle":
        return s
    unseen = sorted(list(s.deck) + [c for i, h in enumerate(s.hands) if i != seat for c in h])
    for i in range(len(unseen) - 1, 0, -1):
        j = rng.randrange(i + 1)
        unseen[i], unseen[j] = unseen[j], unseen[i]
    hands, bids = [], list(s.bids)
    for i, h in enumerate(s.hands):
        if i == seat:
            hands.append(h)
            continue
        hand = tuple(sorted(unseen[: len(h)]))
        unseen = unseen[len(h) :]
        hands.append(hand)
        if bids[i] is not None:  # that a seat has bid is public; which card is not
            bids[i] = hand[rng.randrange(len(hand))]
    return msgspec.structs.replace(s, hands=tuple(hands), bids=tuple(bids), deck=tuple(unseen))
