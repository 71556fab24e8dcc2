"""Toy Market: a tiny game that exercises every part of the protocol, for platform and AI tests.

12 cards (1..6 twice) are shuffled (a permutation chance step nobody sees), each player is dealt 2.
Each round every player secretly bids one card at once (simultaneous, hidden until all are in); the
highest bid (ties: lowest seat) rolls a d6 (a public chance step) and scores it. Bid cards are spent,
every player draws one card while the deck lasts. Three rounds, or until a hand runs empty.
"""

from __future__ import annotations

import msgspec

from games.protocol import CHANCE, ChanceSpec, Game, IllegalMove, Move, Result, ranks_from_keys

DECK = (1, 2, 3, 4, 5, 6) * 2
ROUNDS = 3


class Shuffle(Move, tag="shuffle"):
    order: tuple[int, ...]


class Roll(Move, tag="roll"):
    face: int


class Bid(Move, tag="bid"):
    card: int


ToyMove = Shuffle | Roll | Bid


class ToyState(msgspec.Struct, frozen=True):
    players: int
    phase: str = "shuffle"  # shuffle | bid | roll | over
    deck: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()
    bids: tuple[int | None, ...] = ()
    points: tuple[int, ...] = ()
    round: int = 0
    roller: int = -1


class ToyGame(Game):
    id = "toy"
    name = "Toy Market"
    min_players, max_players = 2, 4
    State = ToyState
    Move = ToyMove

    def setup(self, players, options):
        return ToyState(players=players, bids=(None,) * players, points=(0,) * players)

    def actors(self, s):
        if s.phase in ("shuffle", "roll"):
            return frozenset({CHANCE})
        if s.phase == "bid":
            return frozenset(i for i, b in enumerate(s.bids) if b is None)
        return frozenset()

    def chance(self, s):
        if s.phase == "shuffle":
            return ChanceSpec("shuffle the deck", permute=len(DECK), make=lambda o: Shuffle(order=o), visible_to=())
        return ChanceSpec("roll the d6", outcomes=tuple(Roll(face=f) for f in range(1, 7)))

    def legal_moves(self, s, seat):
        if seat == CHANCE:
            return list(self.chance(s).outcomes) if s.phase in ("shuffle", "roll") else []
        if seat not in self.actors(s):
            return []
        return [Bid(card=c) for c in sorted(set(s.hands[seat]))]

    def apply(self, s, seat, move):
        if seat not in self.actors(s):
            raise IllegalMove("it is not your turn")
        match move:
            case Shuffle(order=order) if s.phase == "shuffle":
                if sorted(order) != list(range(len(DECK))):
                    raise IllegalMove("a shuffle must order every card exactly once")
                deck = tuple(DECK[i] for i in order)
                n = s.players
                hands = tuple(deck[2 * p : 2 * p + 2] for p in range(n))
                return msgspec.structs.replace(s, phase="bid", deck=deck[2 * n :], hands=hands)
            case Roll(face=face) if s.phase == "roll" and 1 <= face <= 6:
                points = tuple(p + face if i == s.roller else p for i, p in enumerate(s.points))
                rnd = s.round + 1
                over = rnd >= ROUNDS or any(not h for h in s.hands)
                return msgspec.structs.replace(s, points=points, round=rnd, phase="over" if over else "bid", roller=-1)
            case Bid(card=card) if s.phase == "bid":
                if card not in s.hands[seat]:
                    raise IllegalMove(f"you hold no {card}")
                bids = tuple(card if i == seat else b for i, b in enumerate(s.bids))
                if any(b is None for b in bids):
                    return msgspec.structs.replace(s, bids=bids)
                roller = max(range(s.players), key=lambda i: (bids[i], -i))
                deck, hands = s.deck, []
                for i, h in enumerate(s.hands):
                    h = list(h)
                    h.remove(bids[i])
                    if deck:
                        h.append(deck[0])
                        deck = deck[1:]
                    hands.append(tuple(sorted(h)))
                return msgspec.structs.replace(
                    s, phase="roll", deck=deck, hands=tuple(hands), bids=(None,) * s.players, roller=roller
                )
        raise IllegalMove(f"{self.describe(move)} is not legal in the {s.phase} phase")

    def visible_to(self, s, actor, move):
        if actor == CHANCE:
            return self.chance(s).visible_to
        return (actor,)  # bids are secret until the round ends

    def reveals(self, s, actor, move):
        return actor != CHANCE and sum(b is None for b in s.bids) == 1  # the last bid shows them all

    def view(self, s, seat):
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

    def result(self, s):
        if s.phase != "over":
            return None
        return Result(scores=tuple(float(p) for p in s.points), ranks=ranks_from_keys(s.points))

    def determinize(self, s, seat, rng):
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

    def heuristic(self, s, seat):
        if s.phase == "over":
            return super().heuristic(s, seat)
        best = max(s.points) or 1
        return 0.5 * s.points[seat] / best + 0.05 * (sum(s.hands[seat]) / 12 if s.hands else 0)


GAME = ToyGame()
