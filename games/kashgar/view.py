"""What a seat may see (section 8), and determinization for the AI.

Public: caravans, boards, the display, fulfilled orders, VP, the discard pile, deck sizes, the box.
Hidden: the order of every deck (pools), cards only some seats know (a Prophet's look, cards drawn
and not yet resolved, cards put under the special and order decks), the start cards in the box.
After the game ends everything is shown.
"""

from __future__ import annotations

from typing import Any

import msgspec

from .content import RESOURCES
from .scoring import vp_of
from .state import KashgarState, knows


def _slots(slots, seat, over):
    return [c if over or knows(m, seat) else None for c, m in slots]


def view(s: KashgarState, seat: int | None, active) -> dict:
    over = s.phase == "over"
    p = s.pending
    players = []
    for i, pl in enumerate(s.seats):
        players.append({
            "seat": i,
            "board": dict(zip(RESOURCES, pl.board, strict=True)),
            "caravans": [list(c) for c in pl.caravans],
            "orders": list(pl.orders),
            "vp": vp_of(pl.orders, pl.caravans),
            "last_vp_change": s.last_vp_change[i],
            "dealt": list(pl.dealt),
        })
    v = {
        "phase": s.phase,
        "round": s.round,
        "actions": s.actions,
        "start_player": s.start_player,
        "current": s.current,
        "active": sorted(active),
        "end_triggered": s.end_triggered,
        "players": players,
        "display": list(s.display),
        "discard": list(s.discard),
        "box": list(s.box),
        "spare_patriarch": s.spare_patriarch,
        "variant": list(s.variant),
        "decks": {
            "standard": len(s.std_pool) + len(s.std_top),
            "special": len(s.special_pool) + len(s.special_under),
            "orders": len(s.order_pool) + len(s.order_under),
            "start_box": len(s.start_pool),
        },
        "standard_top": _slots(s.std_top, seat, over),
        "special_under": _slots(s.special_under, seat, over),
        "orders_under": _slots(s.order_under, seat, over),
        "pending": None if p is None else {
            "step": p.step, "seat": p.seat, "caravan": p.caravan, "card": p.card, "deck": p.deck,
            "need": p.need, "keep": p.keep, "mode": p.mode, "target": p.target,
            "drawn": _slots(p.drawn, seat, over),
        },
    }
    if over:
        v["pools"] = {"standard": list(s.std_pool), "special": list(s.special_pool),
                      "orders": list(s.order_pool), "start": list(s.start_pool)}
    return v


def determinize(s: KashgarState, seat: int, rng) -> KashgarState:
    """Redeal every card `seat` has not seen among the unseen places of the same deck."""
    if s.phase == "over":
        return s
    p = s.pending
    drawn_deck = p.deck if p is not None and p.step in ("draw", "keep", "arrange", "orders") else ""
    changes: dict[str, Any] = {}
    pend = {}
    for pool_name, slot_name, decks in (("std_pool", "std_top", ("standard", "look")),
                                        ("special_pool", "special_under", ("special",)),
                                        ("order_pool", "order_under", ("orders",))):
        groups = [getattr(s, slot_name)]
        with_drawn = drawn_deck in decks
        if with_drawn:
            assert p is not None  # a deck is drawn from for a pending action only
            groups.append(p.drawn)
        unseen = list(getattr(s, pool_name))
        for g in groups:
            unseen += [c for c, m in g if not knows(m, seat)]
        if len(unseen) < 2:
            continue
        # a partial Fisher-Yates shuffle: only the cards dealt into unseen places need a random pick
        # (the pool stays sorted and is drawn from at random)
        size, random = len(unseen), rng.random
        dealt = min(size - 1, size - len(getattr(s, pool_name)))
        for i in range(dealt):
            j = i + int(random() * (size - i))
            unseen[i], unseen[j] = unseen[j], unseen[i]
        out = []
        nxt = 0
        for g in groups:
            new = []
            for c, m in g:
                if not knows(m, seat):
                    c = unseen[nxt]
                    nxt += 1
                new.append((c, m))
            out.append(tuple(new))
        changes[slot_name] = out[0]
        changes[pool_name] = tuple(sorted(unseen[nxt:]))
        if with_drawn:
            pend["drawn"] = out[1]
    if pend:
        assert p is not None  # (as above)
        changes["pending"] = msgspec.structs.replace(p, **pend)
    return msgspec.structs.replace(s, **changes) if changes else s
