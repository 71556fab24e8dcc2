"""What a seat may see (§11) and how the AI fills in what it may not (determinize).

Secret: each player's hand (except boats taken back from the board, which everybody knows) and the
order of the pile (never stored). Everything else is public; after the end, everything is."""

from __future__ import annotations

from msgspec.structs import replace

from .board import thief_targets
from .content import BOATS, COLOURS, LUK_PHAT_POINTS, MARKET_DAY_FIELDS, MERCHANTS_PER_PLAYER, MOORING_NAME, WIDTH, xy
from .market import eligible, warehouse_points
from .rules import actors
from .state import CATCH, MARKET, MERCHANT, OVER, STEAL, BangkokState


def _ids(boats) -> list[str]:
    return [BOATS[b].id for b in boats]


def view(s: BangkokState, seat: int | None) -> dict:
    over = s.phase == OVER
    n = s.players
    board = [
        [
            None if s.board[y * WIDTH + x] < 0 else {
                "boat": BOATS[s.board[y * WIDTH + x]].id,
                "owner": s.owner[y * WIDTH + x] if s.owner[y * WIDTH + x] >= 0 else None,
            }
            for x in range(WIDTH)
        ]
        for y in range(len(s.board) // WIDTH)
    ]
    players = []
    for p in range(n):
        placed = MERCHANTS_PER_PLAYER[n] - s.supply[p]
        players.append({
            "seat": p,
            "colour": COLOURS[p],
            "score": s.scores[p] + (s.final[p] if over else 0),
            "market_score": s.scores[p],
            "warehouse_points": warehouse_points(s.warehouses[p]),
            "merchants_in_supply": s.supply[p],
            "merchants_on_board": placed,
            "movement_cards": s.cards[p],
            "warehouse": _ids(s.warehouses[p]),
            "hand_size": len(s.hands[p]),
            "hand": _ids(s.hands[p]) if over or p == seat else None,
            "known_in_hand": _ids(s.known[p]),
        })
    act = actors(s)
    out = {
        "phase": s.phase,
        "active": sorted(act),
        "turn": s.active,
        "round": s.turn_no // n + 1 if s.active >= 0 else 0,
        "start_player": s.start,
        "luk_phat": s.luk,
        "next_market_day": next((f for f in sorted(MARKET_DAY_FIELDS) if f > s.luk), None),
        "luk_phat_points": list(LUK_PHAT_POINTS),
        "pile": len(s.pile),
        "out_of_game": _ids(s.out),
        "board": board,
        "market_master": MOORING_NAME[s.master] if s.master >= 0 else None,
        "market_day": None,
        "this_turn": {"moved": s.moved, "placed": list(xy(s.placed)) if s.placed >= 0 else None,
                      "no_draw": s.no_draw, "turns_without_placement": s.idle},
        "players": players,
    }
    if s.phase == MARKET:
        out["market_day"] = {
            "kind": s.market, "trigger": s.trigger, "scorer": s.scorer,
            "step": s.market_step,
            "eligible": [MOORING_NAME[m] for m in eligible(s, s.scorer)],
        }
    if s.phase in (MERCHANT, STEAL, CATCH):
        targets = [list(xy(sq)) for sq in thief_targets(s.board, s.placed)] if s.phase == STEAL else []
        out["pending"] = {"choice": s.phase, "caught": _ids(s.caught), "thief_targets": targets}
    if over:
        totals = [s.scores[p] + s.final[p] for p in range(n)]
        out["final"] = {"totals": totals, "warehouse_points": list(s.final)}
    return out


def determinize(s: BangkokState, seat: int, rng) -> BangkokState:
    """Deal the boats `seat` cannot see (other hands minus their known boats, and the pile) anew."""
    if s.phase == OVER:
        return s
    unseen = list(s.pile)
    for p, h in enumerate(s.hands):
        if p != seat:
            unseen += [b for b in h if b not in s.known[p]]
    unseen.sort()  # the same pool in the same order for every state `seat` cannot tell apart
    # a partial Fisher-Yates shuffle: only the boats dealt to the other hands need a random place (the
    # pile is kept sorted and drawn from at random anyway)
    dealt = len(unseen) - len(s.pile)
    size, random = len(unseen), rng.random
    for i in range(min(dealt, size - 1)):
        j = i + int(random() * (size - i))
        unseen[i], unseen[j] = unseen[j], unseen[i]
    hands = []
    for p, h in enumerate(s.hands):
        if p == seat:
            hands.append(h)
            continue
        k = len(h) - len(s.known[p])
        hands.append(tuple(sorted(s.known[p] + tuple(unseen[:k]))))
        unseen = unseen[k:]
    return replace(s, hands=tuple(hands), pile=tuple(sorted(unseen)))

