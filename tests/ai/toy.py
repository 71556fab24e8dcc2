"""The toy game of tests/toygame.py with a determinize fit for search.

tests/toygame.py keeps the other seats' secret bids as they are when it redraws their hands, so a
sampled world can hold a bid card its bidder no longer has (apply then fails), and the true bids leak
into the sample. Here a bid that is in is redrawn from the redrawn hand, and the unseen cards are
put in a fixed order before shuffling, so the sample depends only on what the seat has seen."""

from __future__ import annotations

import msgspec

from tests.toygame import ToyGame


class SearchableToy(ToyGame):
    def determinize(self, s, seat, rng):
        if s.phase == "shuffle":
            return s
        unseen = sorted(list(s.deck) + [c for i, h in enumerate(s.hands) if i != seat for c in h])
        for i in range(len(unseen) - 1, 0, -1):
            j = rng.randrange(i + 1)
            unseen[i], unseen[j] = unseen[j], unseen[i]
        hands, bids = [], []
        for i, h in enumerate(s.hands):
            if i == seat:
                hands.append(h)
                bids.append(s.bids[i])
                continue
            hand = tuple(sorted(unseen[: len(h)]))
            unseen = unseen[len(h) :]
            hands.append(hand)
            bids.append(None if s.bids[i] is None else hand[rng.randrange(len(hand))])
        return msgspec.structs.replace(s, hands=tuple(hands), deck=tuple(unseen), bids=tuple(bids))


GAME = SearchableToy()
