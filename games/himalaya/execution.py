"""Himalaya's rules after planning: executing the programs (7.4), renewal of resources and orders
(7.5), inventory (7.6) and the start player of the next round (7.7). Every function takes a state and
returns a new one; moves are checked by rules.apply first."""

from __future__ import annotations

from msgspec.structs import replace

from .content import (
    D20,
    FIGURES,
    INVENTORY_ROUNDS,
    LEVEL,
    PAUSE,
    REGIONS,
    REQUEST,
    RESOURCES,
    ROUNDS,
    SLOTS,
    TRADE,
)
from .content import (
    SETUP as SETUP_TABLE,
)
from .moves import Fulfil
from .paths import step
from .rounds import begin_round
from .state import (
    OVER,
    PLACEMENT,
    RENEWAL,
    SETUP,
    HimalayaState,
    Pending,
    Player,
    add,
    clockwise,
    one_cube,
    set_at,
    set_player,
)

# --- 7.4 Execution ------------------------------------------------------------------------------


def holds(cubes: tuple[int, ...], request: tuple[int, ...]) -> bool:
    """The cubes cover the order's request, kind by kind (salt, barley, tea, jade, gold)."""
    return (cubes[0] >= request[0] and cubes[1] >= request[1] and cubes[2] >= request[2]
            and cubes[3] >= request[3] and cubes[4] >= request[4])


def trade_kind(s: HimalayaState, p: Player) -> str:
    """What a TRADE disc may do in the caravan's village: "collect", "fulfil" or "" (no effect)."""
    if p.crossing:
        return ""
    v = p.village
    if any(s.board_cubes[v - 1]):
        return "" if v in p.collected else "collect"
    ring = s.board_rings[v - 1]
    if ring and holds(p.cubes, REQUEST[ring]):
        return "fulfil"
    return ""


def execute(s: HimalayaState) -> HimalayaState:
    """Run the programs from the cursor on until a trade needs a choice or Phase 3 ends."""
    seq = clockwise(s)
    n = s.n
    players = list(s.players)
    slot, turn = s.slot, s.turn
    while slot < SLOTS:
        seat = seq[turn]
        cmd = s.plans[seat][slot]
        p = players[seat]
        if cmd == TRADE:
            kind = trade_kind(s, p)
            if kind:
                return replace(
                    s, players=tuple(players), slot=slot, turn=turn, pending=Pending(kind, seat, p.village)
                )
        elif cmd != PAUSE:
            v, c = step(p.village, p.crossing, cmd, s.yeti, s.snowstorm)
            if v != p.village or c != p.crossing:
                players[seat] = replace(p, village=v, crossing=c)
        turn += 1
        if turn == n:
            turn, slot = 0, slot + 1
    return end_of_execution(replace(s, players=tuple(players), slot=slot, turn=0, pending=None))


def resume(s: HimalayaState) -> HimalayaState:
    """After a trade choice: on to the next action."""
    turn, slot = s.turn + 1, s.slot
    if turn == s.n:
        turn, slot = 0, slot + 1
    return execute(replace(s, turn=turn, slot=slot, pending=None))


def collect(s: HimalayaState, resource: str) -> HimalayaState:
    assert s.pending is not None  # a cube is collected when the execution asks for it
    seat, v = s.pending.seat, s.pending.village
    k = RESOURCES.index(resource)
    p = s.players[seat]
    p = replace(p, cubes=add(p.cubes, one_cube(k)), collected=p.collected + (v,))
    cubes = set_at(s.board_cubes, v - 1, add(s.board_cubes[v - 1], one_cube(k), -1))
    return resume(replace(s, players=set_player(s, seat, p), board_cubes=cubes))


def delegates_to_send(s: HimalayaState, seat: int, village: int) -> int:
    """Delegation sends exactly `level` delegates, or all that remain in supply."""
    return min(LEVEL[village], s.players[seat].delegates)


def fulfil(s: HimalayaState, move: Fulfil) -> HimalayaState:
    """Deliver the order: its cubes go back to the bag, then the chosen rewards."""
    assert s.pending is not None  # an order is fulfilled when the execution asks for it
    seat, v = s.pending.seat, s.pending.village
    ring = s.board_rings[v - 1]
    p = s.players[seat]
    p = replace(p, cubes=add(p.cubes, REQUEST[ring], -1))
    cube_bag = add(s.cube_bag, REQUEST[ring])
    ring_bag = s.ring_bag
    if move.trade:  # 1. trade: the ring goes behind the screen
        p = replace(p, rings=p.rings + (ring,))
    else:
        ring_bag = tuple(sorted(ring_bag + (ring,)))
    stupas = s.board_stupas
    if move.offering:  # 2. offering: a stupa in the village
        stupas = set_at(stupas, v - 1, seat)
        p = replace(p, stupas=p.stupas - 1)
    delegates = s.board_delegates
    if move.delegates:  # 3. delegation: `level` delegates into the touching regions
        rows = [list(r) for r in delegates]
        for region in move.delegates:
            rows[REGIONS.index(region)][seat] += 1
        delegates = tuple(tuple(r) for r in rows)
        p = replace(p, delegates=p.delegates - len(move.delegates))
    s = replace(
        s, players=set_player(s, seat, p), board_rings=set_at(s.board_rings, v - 1, 0), cube_bag=cube_bag,
        ring_bag=ring_bag, board_stupas=stupas, board_delegates=delegates,
    )
    return resume(s)


def decline(s: HimalayaState) -> HimalayaState:
    return resume(s)


def end_of_execution(s: HimalayaState) -> HimalayaState:
    """7.4.5: a caravan left on the storm goes back (engine fallback); the event figures are spent."""
    players = tuple(
        replace(p, crossing=0, collected=()) if (p.crossing or p.collected) else p for p in s.players
    )
    s = replace(s, players=players, yeti=0, snowstorm=0, market=0, figure_owner=(-1,) * len(FIGURES))
    if s.round == ROUNDS:  # Phase 4 is skipped in the last round
        return end_of_round(s)
    return renewal_next(replace(s, phase=RENEWAL))


# --- 7.5 Renewal of resources and orders --------------------------------------------------------


_NO_CUBES = (0,) * len(RESOURCES)


def resource_villages(s: HimalayaState) -> int:
    """Villages holding cubes (counted as those not empty: a village's cubes are never negative)."""
    return len(s.board_cubes) - s.board_cubes.count(_NO_CUBES)


def order_villages(s: HimalayaState) -> int:
    return len(s.board_rings) - s.board_rings.count(0)


def needs_resources(s: HimalayaState) -> bool:
    return resource_villages(s) < SETUP_TABLE[s.n][0] and any(s.cube_bag)


def needs_orders(s: HimalayaState) -> bool:
    return order_villages(s) < SETUP_TABLE[s.n][2] and bool(s.ring_bag)


def renewal_next(s: HimalayaState) -> HimalayaState:
    """Roll again while villages are missing (resources first); otherwise the phase is over."""
    if s.awaiting or needs_resources(s) or needs_orders(s):
        return s
    if s.phase == SETUP:
        return replace(s, phase=PLACEMENT, turn=0)
    return end_of_round(s)


def free_village_from(s: HimalayaState, face: int) -> int:
    """The rolled village if free, else the next free higher-numbered one, wrapping from the last to the first."""
    for i in range(D20):
        v = (face - 1 + i) % D20 + 1
        if not any(s.board_cubes[v - 1]) and not s.board_rings[v - 1]:
            return v
    return 0


def roll_d20(s: HimalayaState, face: int) -> HimalayaState:
    target = free_village_from(s, face)
    if not target:  # cannot happen with this map (at most 12 villages occupied)
        return replace(s, awaiting="")
    if needs_resources(s):
        k = SETUP_TABLE[s.n][1]
        return replace(s, target=target, awaiting="cubes", to_draw=min(k, sum(s.cube_bag)))
    return replace(s, target=target, awaiting="ring", to_draw=1)


_KIND = {r: k for k, r in enumerate(RESOURCES)}


def draw_cube(s: HimalayaState, resource: str) -> HimalayaState:
    k = _KIND[resource]
    v = s.target
    bag = add(s.cube_bag, one_cube(k), -1)
    cubes = set_at(s.board_cubes, v - 1, add(s.board_cubes[v - 1], one_cube(k)))
    if s.to_draw == 1 or not any(bag):  # the village's last cube
        s = replace(s, cube_bag=bag, board_cubes=cubes, awaiting="", target=0, to_draw=0)
    else:
        s = replace(s, cube_bag=bag, board_cubes=cubes, to_draw=s.to_draw - 1)
    return renewal_next(s)


def draw_ring(s: HimalayaState, ring: int) -> HimalayaState:
    bag = list(s.ring_bag)
    bag.remove(ring)
    s = replace(
        s, ring_bag=tuple(bag), board_rings=set_at(s.board_rings, s.target - 1, ring), awaiting="", target=0,
        to_draw=0,
    )
    return renewal_next(s)


# --- 7.6 Inventory, 7.7 start player ------------------------------------------------------------


def inventory(s: HimalayaState) -> HimalayaState:
    """The single player with strictly the most cubes of a kind (at least 1) gets a token."""
    winners = []
    players = list(s.players)
    for k in range(len(RESOURCES)):
        counts = [p.cubes[k] for p in players]
        best = max(counts)
        if best >= 1 and counts.count(best) == 1:
            w = counts.index(best)
            players[w] = replace(players[w], tokens=players[w].tokens + 1)
            winners.append(w)
        else:
            winners.append(-1)  # the token leaves the game unused
    return replace(s, players=tuple(players), tokens_left=s.tokens_left - len(RESOURCES), last_inventory=tuple(winners))


def end_of_round(s: HimalayaState) -> HimalayaState:
    if s.round in INVENTORY_ROUNDS:
        s = inventory(s)
    if s.round == ROUNDS:
        return replace(s, phase=OVER)
    seq = clockwise(s)
    s = replace(s, round=s.round + 1, start=seq[1 % s.n])  # 7.7: the start player passes clockwise
    return begin_round(s)
