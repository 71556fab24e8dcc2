"""Build Bangkok Klongs positions for rule cases: name the boats on the board and the hands."""

from __future__ import annotations

from msgspec.structs import replace

from games.bangkok_klongs import GAME, rules
from games.bangkok_klongs.content import BOAT_INDEX, DECK_SIZE, MERCHANTS_PER_PLAYER, SQUARES, square
from games.bangkok_klongs.state import TURN, BangkokState

R, Y, G, B = 0, 1, 2, 3  # red, yellow, green, blue = seats 0..3


def position(players: int = 4, boats: dict | None = None, hands: dict | None = None, **fields) -> BangkokState:
    """boats: {(x, y): ("RICE-O3", owner seat or None)}; hands: {seat: ["FISH-O1", ...]}.
    Every boat not named goes to the pile. Default: round 3, seat 0 to place."""
    boats, hands = boats or {}, hands or {}
    board, owner = [-1] * SQUARES, [-1] * SQUARES
    supply = [MERCHANTS_PER_PLAYER[players]] * players
    used = set()
    for (x, y), (boat, who) in boats.items():
        sq = square(x, y)
        board[sq] = BOAT_INDEX[boat]
        used.add(board[sq])
        if who is not None:
            owner[sq] = who
            supply[who] -= 1
    hand_t = []
    for p in range(players):
        h = tuple(sorted(BOAT_INDEX[b] for b in hands.get(p, ())))
        used.update(h)
        hand_t.append(h)
    for w in fields.get("warehouses", ()):
        used.update(w)
    base = rules.setup(players)
    s = replace(
        base, phase=TURN, board=tuple(board), owner=tuple(owner), supply=tuple(supply), hands=tuple(hand_t),
        pile=tuple(b for b in range(DECK_SIZE) if b not in used), start=0, active=0, turn_no=2 * players,
    )
    return replace(s, **fields)


def play(s, seat, move):
    return GAME.apply(s, seat, move)
