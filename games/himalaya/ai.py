"""For the AI: determinize (what a seat cannot know) and a cheap heuristic.

Every collect, delivery, roll and draw is in the public log, so screens and bags are derivable; the only
true secret is the other players' programmed discs during planning. determinize redraws those."""

from __future__ import annotations

import math

from msgspec.structs import replace

from . import rules
from .content import COMMANDS, DISTANCE, REQUEST, SLOTS, TRADE, YAKS
from .scoring import economic, majorities, religious
from .state import EXECUTION, PLANNING, HimalayaState


def determinize(s: HimalayaState, seat: int, rng) -> HimalayaState:
    if s.phase != PLANNING:
        return s
    plans = list(s.plans)
    for i, plan in enumerate(plans):
        if i == seat or not plan:
            continue
        new: tuple[str, ...] = ()
        for _ in range(len(plan)):
            options = COMMANDS
            if len(new) == SLOTS - 1 and s.snowstorm:
                options = tuple(c for c in COMMANDS if not rules.ends_on_storm(s, i, new + (c,)))
            new += (options[rng.randrange(len(options))],)
        plans[i] = new
    return replace(s, plans=tuple(plans))


def _cube_value(cubes) -> float:
    return sum(c * (0.5 + 0.25 * (k + 1)) for k, c in enumerate(cubes))


def _order_progress(s: HimalayaState, cubes) -> float:
    """How close the held cubes come to an order on the board (1 per complete order, partial less)."""
    best = 0.0
    for ring in s.board_rings:
        if ring:
            req = REQUEST[ring]
            have = sum(min(h, r) for h, r in zip(cubes, req)) / sum(req)
            best = max(best, have * have * (2 + YAKS[ring]))
    return best


def strength(s: HimalayaState, i: int, pol: dict[int, int]) -> float:
    p = s.players[i]
    placed = 15 - p.delegates
    return (
        economic(s, i) + 1.5 * religious(s, i) + 2.5 * pol[i] + 0.2 * placed
        + _cube_value(p.cubes) + 0.3 * _order_progress(s, p.cubes)
    )


def _opportunity(s: HimalayaState, v: int, cubes, collected, done, left: int) -> float:
    """The best trade still reachable with `left` discs, discounted by distance."""
    best = 0.0
    dist = DISTANCE[v]
    for u in range(1, 21):
        d = dist[u]
        if d >= left:
            continue
        bc = s.board_cubes[u - 1]
        value = 0.0
        if any(bc):
            if u not in collected:
                k = next(k for k in range(5) if bc[k])
                value = 0.5 + 0.25 * (k + 1)
        else:
            ring = s.board_rings[u - 1]
            if ring and u not in done and rules.holds(cubes, REQUEST[ring]):
                value = 3 + YAKS[ring]
        value *= 0.8**d
        if value > best:
            best = value
    return best


def remaining_program(s: HimalayaState, seat: int) -> tuple[tuple[str, ...], int]:
    """The seat's discs not yet executed, and how many slots are still unprogrammed."""
    plan = s.plans[seat] if s.plans else ()
    if s.phase == PLANNING:
        return plan, SLOTS - len(plan)
    if s.phase == EXECUTION:
        seq = rules.clockwise(s)
        done = s.slot + (1 if seq.index(seat) < s.turn else 0)  # a pending trade of the seat still counts
        return plan[done:], 0
    return (), 0


def plan_value(s: HimalayaState, seat: int) -> float:
    """What the seat's program still to run is likely to gain, ignoring the other caravans."""
    p = s.players[seat]
    plan, left = remaining_program(s, seat)
    v, c = p.village, p.crossing
    cubes = list(p.cubes)
    collected = set(p.collected)
    done: set[int] = set()
    gain = 0.0
    for cmd in plan:
        if cmd == TRADE:
            if c:
                continue
            bc = s.board_cubes[v - 1]
            if any(bc):
                if v not in collected:
                    k = next(k for k in range(5) if bc[k])
                    cubes[k] += 1
                    collected.add(v)
                    gain += 0.5 + 0.25 * (k + 1)
            else:
                ring = s.board_rings[v - 1]
                if ring and v not in done and rules.holds(cubes, REQUEST[ring]):
                    cubes = [h - r for h, r in zip(cubes, REQUEST[ring])]
                    done.add(v)
                    gain += 3 + YAKS[ring]
        else:
            v, c = rules.step(v, c, cmd, s.yeti, s.snowstorm)
    if left and not c:
        gain += _opportunity(s, v, cubes, collected, done, left)
    return gain


def heuristic(s: HimalayaState, seat: int) -> float:
    if not s.order:
        return 0.5
    n = s.n
    pol = majorities(s.board_delegates, range(n))
    st = [strength(s, i, pol) for i in range(n)]
    if n >= 4:  # the religious and political steps eliminate the lowest
        rel = [religious(s, i) for i in range(n)]
        for i in range(n):
            if rel[i] == min(rel):
                st[i] -= 3.0
            if pol[i] == min(pol.values()):
                st[i] -= 1.5
    if s.phase == PLANNING or s.phase == EXECUTION:
        st[seat] += plan_value(s, seat)
    best_other = max(x for i, x in enumerate(st) if i != seat)
    return 1.0 / (1.0 + math.exp(-(st[seat] - best_other) / 6.0))
