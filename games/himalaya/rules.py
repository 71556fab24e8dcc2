"""Himalaya's rules in the rulebook's order: setup (6), the round's phases (7.1-7.7).

Every function takes a state and returns a new one; `apply` in game.py checks a move first."""

from __future__ import annotations

from itertools import combinations_with_replacement

from msgspec.structs import replace

from .content import (
    EXIT, FIGURES, INVENTORY_ROUNDS, LEVEL, MARKET, PATHS, REGIONS, RESOURCES, ROUNDS,
    SETUP as SETUP_TABLE, SLOTS, SNOWSTORM, TOUCHES, TRADE, PAUSE, YETI, D20, REQUEST,
)
from .moves import Collect, Decline, Fulfil
from .state import (
    EVENTS, EXECUTION, OVER, PLACEMENT, PLANNING, RENEWAL, SETUP, HimalayaState, Pending, Player,
)

# --- helpers ------------------------------------------------------------------------------------


def clockwise(s: HimalayaState) -> tuple[int, ...]:
    """The seats in play order: the start player first, then clockwise."""
    i = s.order.index(s.start)
    return s.order[i:] + s.order[:i]


def set_player(s: HimalayaState, seat: int, p: Player) -> tuple[Player, ...]:
    return s.players[:seat] + (p,) + s.players[seat + 1 :]


def set_at(t: tuple, i: int, value) -> tuple:
    return t[:i] + (value,) + t[i + 1 :]


def add(a: tuple[int, ...], b: tuple[int, ...], sign: int = 1) -> tuple[int, ...]:
    return tuple(x + sign * y for x, y in zip(a, b))


def one_cube(k: int) -> tuple[int, ...]:
    return tuple(1 if i == k else 0 for i in range(5))


# --- 6. Setup -----------------------------------------------------------------------------------


def seat_players(s: HimalayaState, order: tuple[int, ...]) -> HimalayaState:
    """Step 3: random seat order; the first seat in it is the first start player. Then step 4."""
    s = replace(s, order=order, start=order[0], phase=SETUP)
    return renewal_next(s)


def place_caravan(s: HimalayaState, village: int) -> HimalayaState:
    """Step 5: from the start player clockwise, each caravan on a village without a caravan."""
    seat = clockwise(s)[s.turn]
    s = replace(s, players=set_player(s, seat, replace(s.players[seat], village=village)), turn=s.turn + 1)
    if s.turn < s.n:
        return s
    return begin_round(s)


def free_villages_for_caravan(s: HimalayaState) -> list[int]:
    taken = {p.village for p in s.players}
    return [v for v in range(1, 21) if v not in taken]


# --- 7.1 / 7.2 Round marker and event figures ---------------------------------------------------


def begin_round(s: HimalayaState) -> HimalayaState:
    if not s.events_on:
        return begin_planning(s)
    return skip_event_passes(replace(s, phase=EVENTS, turn=0))


def event_placements(s: HimalayaState, seat: int) -> list[tuple[str, int]]:
    """(figure, path or village) for every figure `seat` may place now; empty: only passing."""
    out: list[tuple[str, int]] = []
    unused = s.players[seat].figures
    free_paths = [n for n in range(1, 28) if n != s.yeti and n != s.snowstorm]
    if YETI in unused and not s.yeti:
        out += [(YETI, n) for n in free_paths]
    if SNOWSTORM in unused and not s.snowstorm:
        out += [(SNOWSTORM, n) for n in free_paths]
    if MARKET in unused and not s.market:
        out += [(MARKET, v) for v in range(1, 21) if any(s.board_cubes[v - 1])]
    return out


def can_place_event(s: HimalayaState, seat: int) -> bool:
    unused = s.players[seat].figures
    return (
        (YETI in unused and not s.yeti)
        or (SNOWSTORM in unused and not s.snowstorm)
        or (MARKET in unused and not s.market and any(any(c) for c in s.board_cubes))
    )


def place_event(s: HimalayaState, seat: int, figure: str, where: int) -> HimalayaState:
    p = s.players[seat]
    p = replace(p, figures=tuple(f for f in p.figures if f != figure))
    owner = set_at(s.figure_owner, FIGURES.index(figure), seat)
    s = replace(s, players=set_player(s, seat, p), figure_owner=owner, **{figure: where})
    return pass_event(s)


def pass_event(s: HimalayaState) -> HimalayaState:
    return skip_event_passes(replace(s, turn=s.turn + 1))


def skip_event_passes(s: HimalayaState) -> HimalayaState:
    """A player with no figure left to place passes without being asked."""
    seq = clockwise(s)
    turn = s.turn
    while turn < s.n and not can_place_event(s, seq[turn]):
        turn += 1
    if turn < s.n:
        return replace(s, turn=turn) if turn != s.turn else s
    return begin_planning(s)


# --- 7.3 Planning -------------------------------------------------------------------------------


def step(village: int, crossing: int, command: str, yeti: int, storm: int) -> tuple[int, int]:
    """Where a caravan stands after one disc (7.4.1-7.4.3): (village, crossing)."""
    if crossing:  # on the snowstorm: only the path's own kind moves on, always forward
        if command == PATHS[storm][2]:
            return crossing, 0
        return village, crossing
    if command == TRADE or command == PAUSE:
        return village, 0
    e = EXIT[village][command]
    if e is None or e[1] == yeti:  # no such path, or closed by the Yeti tracks: no effect
        return village, 0
    if e[1] == storm:  # onto the storm
        return village, e[0]
    return e[0], 0


def position_after(s: HimalayaState, seat: int, commands: tuple[str, ...]) -> tuple[int, int]:
    p = s.players[seat]
    v, c = p.village, p.crossing
    for cmd in commands:
        v, c = step(v, c, cmd, s.yeti, s.snowstorm)
    return v, c


def begin_planning(s: HimalayaState) -> HimalayaState:
    return replace(s, phase=PLANNING, turn=0, plans=((),) * s.n)


def ends_on_storm(s: HimalayaState, seat: int, commands: tuple[str, ...]) -> bool:
    return bool(s.snowstorm) and position_after(s, seat, commands)[1] != 0


def plan_slot(s: HimalayaState, seat: int, command: str) -> HimalayaState:
    plans = set_at(s.plans, seat, s.plans[seat] + (command,))
    s = replace(s, plans=plans)
    if all(len(p) == SLOTS for p in plans):
        return reveal(s)
    return s


def reveal(s: HimalayaState) -> HimalayaState:
    """All programs are in: they are revealed at once and Phase 3 begins."""
    return execute(replace(s, phase=EXECUTION, slot=0, turn=0))


# --- 7.4 Execution ------------------------------------------------------------------------------


def holds(cubes: tuple[int, ...], request: tuple[int, ...]) -> bool:
    return all(c >= r for c, r in zip(cubes, request))


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


def collect_choices(s: HimalayaState) -> list[Collect]:
    """7.4.4: the lowest-valued cube present; any cube on a Market."""
    v = s.pending.village
    present = [k for k in range(5) if s.board_cubes[v - 1][k]]
    if s.market != v:
        present = present[:1]
    return [Collect(resource=RESOURCES[k]) for k in present]


def collect(s: HimalayaState, resource: str) -> HimalayaState:
    seat, v = s.pending.seat, s.pending.village
    k = RESOURCES.index(resource)
    p = s.players[seat]
    p = replace(p, cubes=add(p.cubes, one_cube(k)), collected=p.collected + (v,))
    cubes = set_at(s.board_cubes, v - 1, add(s.board_cubes[v - 1], one_cube(k), -1))
    return resume(replace(s, players=set_player(s, seat, p), board_cubes=cubes))


_SPLITS: dict[tuple[int, int], list[tuple[str, ...]]] = {
    (v, c): list(combinations_with_replacement(TOUCHES[v], c)) for v in range(1, 21) for c in range(4)
}


def delegates_to_send(s: HimalayaState, seat: int, village: int) -> int:
    """Delegation sends exactly `level` delegates, or all that remain in supply."""
    return min(LEVEL[village], s.players[seat].delegates)


def fulfil_choices(s: HimalayaState) -> list[Fulfil]:
    """Up to two different rewards; offering needs a free village and a stupa, delegation a delegate."""
    seat, v = s.pending.seat, s.pending.village
    offering_ok = s.board_stupas[v - 1] < 0 and s.players[seat].stupas > 0
    count = delegates_to_send(s, seat, v)
    splits = _SPLITS[(v, count)] if count else []
    out = [Fulfil(), Fulfil(trade=True)]
    if offering_ok:
        out += [Fulfil(offering=True), Fulfil(trade=True, offering=True)]
        out += [Fulfil(offering=True, delegates=d) for d in splits]
    out += [Fulfil(delegates=d) for d in splits]
    out += [Fulfil(trade=True, delegates=d) for d in splits]
    return out


def fulfil(s: HimalayaState, move: Fulfil) -> HimalayaState:
    """Deliver the order: its cubes go back to the bag, then the chosen rewards."""
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


def pending_choices(s: HimalayaState) -> list:
    if s.pending.kind == "collect":
        return [*collect_choices(s), Decline()]
    return [*fulfil_choices(s), Decline()]


def end_of_execution(s: HimalayaState) -> HimalayaState:
    """7.4.5: a caravan left on the storm goes back (engine fallback); the event figures are spent."""
    players = tuple(
        replace(p, crossing=0, collected=()) if (p.crossing or p.collected) else p for p in s.players
    )
    s = replace(s, players=players, yeti=0, snowstorm=0, market=0, figure_owner=(-1, -1, -1))
    if s.round == ROUNDS:  # Phase 4 is skipped in the last round
        return end_of_round(s)
    return renewal_next(replace(s, phase=RENEWAL))


# --- 7.5 Renewal of resources and orders --------------------------------------------------------


def resource_villages(s: HimalayaState) -> int:
    return sum(1 for c in s.board_cubes if any(c))


def order_villages(s: HimalayaState) -> int:
    return sum(1 for r in s.board_rings if r)


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
    """The rolled village if free, else the next free higher-numbered one, wrapping 20 -> 1."""
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


def draw_cube(s: HimalayaState, resource: str) -> HimalayaState:
    k = RESOURCES.index(resource)
    v = s.target
    s = replace(
        s, cube_bag=add(s.cube_bag, one_cube(k), -1),
        board_cubes=set_at(s.board_cubes, v - 1, add(s.board_cubes[v - 1], one_cube(k))), to_draw=s.to_draw - 1,
    )
    if s.to_draw == 0 or not any(s.cube_bag):
        s = replace(s, awaiting="", target=0, to_draw=0)
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
    for k in range(5):
        counts = [p.cubes[k] for p in players]
        best = max(counts)
        if best >= 1 and counts.count(best) == 1:
            w = counts.index(best)
            players[w] = replace(players[w], tokens=players[w].tokens + 1)
            winners.append(w)
        else:
            winners.append(-1)  # the token leaves the game unused
    return replace(s, players=tuple(players), tokens_left=s.tokens_left - 5, last_inventory=tuple(winners))


def end_of_round(s: HimalayaState) -> HimalayaState:
    if s.round in INVENTORY_ROUNDS:
        s = inventory(s)
    if s.round == ROUNDS:
        return replace(s, phase=OVER)
    seq = clockwise(s)
    s = replace(s, round=s.round + 1, start=seq[1 % s.n])  # 7.7: the start player passes clockwise
    return begin_round(s)
