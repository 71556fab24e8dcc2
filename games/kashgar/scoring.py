"""Victory points and the winner (section 7), and how well a seat stands (for the AI)."""

from __future__ import annotations

import math

from games.protocol import Result, ranks_from_keys, win_chances_of

from .content import END_VP, FARMER, ORDERS, PERSONS, ROUND_LIMIT
from .state import KashgarState

_VP = {cid: p.vp for cid, p in PERSONS.items()}
_VP[FARMER] = 0  # counted by grain fields below
_VPGET = _VP.__getitem__


def vp_of(orders, caravans) -> int:
    """VP = the fulfilled orders + every person card in the three caravans (negative ones too); each
    Farmer is worth one VP per Grain Field its owner has fulfilled."""
    total = 0
    grain = 0
    for o in orders:
        od = ORDERS[o]
        total += od.vp
        grain += od.grain
    for c in caravans:
        total += sum(map(_VPGET, c))
        if grain:
            total += grain * c.count(FARMER)
    return total


def all_vp(seats) -> tuple[int, ...]:
    return tuple([vp_of(p.orders, p.caravans) for p in seats])


def recount(vp: tuple[int, ...], seats, *changed: int) -> tuple[int, ...]:
    """`vp` with the VP of the `changed` seats (-1: none) recounted on `seats`."""
    now = list(vp)
    for q in changed:
        if q >= 0:
            p = seats[q]
            now[q] = vp_of(p.orders, p.caravans)
    return tuple(now)


def vps(s: KashgarState) -> tuple[int, ...]:
    """Every seat's VP in `s`, worked out once per state and kept on it (the state's `__dict__`, key
    "vp"; `steps.close_turn` hands them on to the next state)."""
    known = s.__dict__
    vp = known.get("vp")
    if vp is None:
        vp = known["vp"] = all_vp(s.seats)
    return vp


# --- 7. the winner ----------------------------------------------------------------------------------
def scores(s: KashgarState) -> tuple[int, ...]:
    return tuple(vp_of(p.orders, p.caravans) for p in s.seats)


def result(s: KashgarState) -> Result | None:
    if s.phase != "over":
        return None
    vp = scores(s)
    n = s.players
    keys = [(vp[i], s.last_vp_change[i], (i - s.start_player) % n) for i in range(n)]
    detail = ("most VP; ties: who reached the total last (latest VP change), "
              "then the player later in turn order")
    if s.end_triggered is False:
        detail = f"round limit ({ROUND_LIMIT} rounds) reached; " + detail
    return Result(scores=tuple(float(v) for v in vp), ranks=ranks_from_keys(keys), detail=detail)


# --- for the AI ---------------------------------------------------------------------------------------
def heuristic(state: KashgarState, seat: int) -> float:
    """How well `seat` stands, in [0, 1]: its place once the game is over, else its estimated value
    against the best other seat's."""
    return heuristics(state, [seat])[0]


def heuristics(state: KashgarState, seats: list[int]) -> list[float]:
    """`heuristic` of each of `seats`, every seat's value estimated once."""
    r = result(state)
    if r is not None:
        n = len(r.ranks)
        return [1.0 - (r.ranks[seat] - 1) / max(1, n - 1) for seat in seats]
    values = [_value(state, i) for i in range(state.players)]
    out = []
    for seat in seats:
        best_other = max(v for i, v in enumerate(values) if i != seat)
        out.append(0.5 + 0.5 * math.tanh((values[seat] - best_other) / 8.0))
    return out


def holdings(state: KashgarState, seat: int) -> tuple[int, int, int, int, int]:
    """What `seat` holds: VP (counted to 3 past the end's 25), spices, gold, mules (to 5), person
    cards in its caravans (with those about to join them)."""
    p = state.seats[seat]
    b = p.board
    persons = sum(len(c) for c in p.caravans)
    pd = state.pending
    if pd is not None and pd.seat == seat and pd.keep:
        persons += min(pd.keep, len(pd.drawn) or pd.need)  # cards about to join the caravan
    return (min(vps(state)[seat], END_VP + 3), sum(b[:5]), b[5], min(b[6], 5), persons)  # VP counted once per state


# What a person card promises in a caravan: whether one of its actions fulfils orders, and how many
# resources its caravan actions gain (before costs); counted for a caravan's first three cards, the
# front card fully, the next half, the third a quarter (the sooner a card comes to the front, the more).
_FULFILS = {cid: float(any(a.effect[0] in ("fulfil", "fulfil_two") for a in p.caravan + p.farewell))
            for cid, p in PERSONS.items()}
_GAINS = {cid: float(sum(sum(a.effect[1]) + a.effect[2] for a in p.caravan if a.effect[0] == "gain"))
          for cid, p in PERSONS.items()}
_PLACE = (1.0, 0.5, 0.25)


def caravan_promise(state: KashgarState, seat: int) -> tuple[float, float]:
    """`seat`'s order-fulfilling cards and resources to gain near its caravans' fronts (weighted by place)."""
    fulfil = gains = 0.0
    for c in state.seats[seat].caravans:
        for place, cid in zip(_PLACE, c):
            fulfil += place * _FULFILS[cid]
            gains += place * _GAINS[cid]
    return fulfil, gains


def features(state: KashgarState, seat: int) -> tuple[float, ...]:
    """What the fitted evaluation weighs: `holdings`, then VP and spices + gold again times how near
    the end is (the leading VP over the 25 that end the game, at most 1), whether `seat` moves next,
    its VP once the end is triggered (the round then only finishes), and `caravan_promise`."""
    vp, spices, gold, mules, persons = held = holdings(state, seat)
    near = min(1.0, max(vps(state)) / END_VP)
    return held + (vp * near, (spices + gold) * near, 1.0 if state.current == seat else 0.0,
                   vp if state.end_triggered else 0.0) + caravan_promise(state, seat)


# The search's leaf value (`Game.evaluations`): a seat's chance to win, a logistic model of its lead in
# `features` over the best other seat, fitted by `python -m ai.fit kashgar` (900 two-seat self-play
# games, greedy with 10 % random moves). A VP of lead counts little early and five times as much near
# the end, more again once the end is triggered; a spice counts early and hardly at the end, gold half
# as much at the end as early; every person card more counts against (a longer caravan brings each
# card to the front less often), but an order-fulfilling card at a front counts about as much as 9 VP
# early on (`caravan_promise`; with it the search's `hard:medium` won 164/200 against 155/200, README).
# Greedy keeps `heuristic`: a one-ply look needs its progress towards an order to move towards one at all.
WIN_CHANCE_WEIGHTS = (0.06258, 0.03368, 0.06113, 0.0225, -0.0551,  # VP, spices, gold, mules, person cards
                      0.2494, -0.03113,  # VP and spices + gold times nearness to the end
                      0.03738, 0.5199,  # moves next; VP once the end is triggered
                      0.5498, 0.03428)  # order-fulfilling cards and gains near the caravans' fronts


def win_chances(state: KashgarState, seats: list[int]) -> list[float]:
    """Each of `seats`' chance to win (`WIN_CHANCE_WEIGHTS`); its place once the game is over."""
    if result(state) is not None:
        return heuristics(state, seats)
    return win_chances_of(WIN_CHANCE_WEIGHTS, [features(state, i) for i in range(state.players)], seats)


def _value(state: KashgarState, seat: int) -> float:
    """VP plus what the board and the caravans promise (a cheap estimate for greedy)."""
    vp, spices, gold, mules, persons = holdings(state, seat)
    b = state.seats[seat].board
    best = 0.0
    for o in state.display:  # progress towards the best display order
        od = ORDERS[o]
        need = sum(od.cost) + od.cond
        have = sum(min(h, c) for h, c in zip(b, od.cost)) + min(b[6], od.cond)
        best = max(best, od.vp * (have / need) ** 2)
    return vp + 0.6 * best + 0.06 * spices + 0.1 * gold + 0.15 * mules + 0.35 * persons
