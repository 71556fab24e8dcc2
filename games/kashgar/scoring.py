"""Victory points and the winner (section 7), and how well a seat stands (for the AI)."""

from __future__ import annotations

import math

from games.protocol import Result, lead_chances, ranks_from_keys

from . import effects as fx
from .content import ANY, END_VP, FARMER, ORDERS, PERSONS, ROUND_LIMIT
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


# The actions that fulfil a display order, per person card: (cost, kinds of order, how it is paid).
_FULFILLING = {cid: tuple((a.cost, ANY if a.effect[0] == "fulfil_two" else a.effect[1],
                           "full" if a.effect[0] == "fulfil_two" else a.effect[2])
                          for a in p.caravan + p.farewell if a.effect[0] in ("fulfil", "fulfil_two"))
               for cid, p in PERSONS.items()}


def order_in_reach(state: KashgarState, seat: int) -> int:
    """The VP of the best display order one of `seat`'s front cards could fulfil now (that action's
    own cost paid first); 0 if none."""
    board = state.seats[seat].board
    best = 0
    for c in state.seats[seat].caravans:
        for cost, kinds, pay in _FULFILLING[c[0]]:
            for _, after in fx.pay_options(board, cost):
                for o in fx.display_orders(state, after, kinds, pay):
                    best = max(best, ORDERS[o].vp)
    return best


def position_features(state: KashgarState, seat: int) -> tuple[float, ...]:
    """`holdings`, then VP and spices + gold again times how near the end is (the leading VP over the
    25 that end the game, at most 1), whether `seat` moves next, its VP once the end is triggered (the
    round then only finishes), and `order_in_reach`, alone and times the nearness."""
    vp, spices, gold, _mules, _persons = held = holdings(state, seat)
    near = min(1.0, max(vps(state)) / END_VP)
    reach = order_in_reach(state, seat)
    return held + (vp * near, (spices + gold) * near, 1.0 if state.current == seat else 0.0,
                   vp if state.end_triggered else 0.0, reach, reach * near)


# The person cards of the game without the variant, in the order `features` counts them.
CARD_KINDS = tuple(sorted(cid for cid, p in PERSONS.items() if p.deck != "additional"))
_KIND = {cid: i for i, cid in enumerate(CARD_KINDS)}


def card_counts(state: KashgarState, seat: int) -> tuple[float, ...]:
    """How many of each of `CARD_KINDS` lie in `seat`'s caravans, wherever they lie (a variant card counts nowhere)."""
    counts = [0.0] * len(CARD_KINDS)
    for c in state.seats[seat].caravans:
        for cid in c:
            i = _KIND.get(cid)
            if i is not None:
                counts[i] += 1.0
    return tuple(counts)


def features(state: KashgarState, seat: int) -> tuple[float, ...]:
    """What the fitted evaluation weighs (`ai/fit.py`): `position_features`, then `card_counts`."""
    return position_features(state, seat) + card_counts(state, seat)


# The search's leaf value (`Game.evaluations`): a seat's chance to win, a logistic model of its lead in
# `features` over the best other seat, fitted by `python -m ai.fit kashgar --games 4000 --seed 100000`
# (4,000 two-seat self-play games, greedy with 10 % random moves; held-out log loss 0.5008, the eleven
# numbers before it 0.5477 on the same games). A VP of lead counts little early and fourteen times as
# much near the end, more again once the end is triggered; an order a front card could fulfil now
# counts a little against early on and for the seat near the end.
# What a seat's caravans hold counts most early on: each person card by its kind (`CARD_WEIGHTS`), the
# cards that fulfil orders far above the rest (a Wholesaler about as much as 50 VP of lead at the
# start), most others a little against (a longer caravan brings each card to the front less often).
# With it the search's `hard:medium` won 169/200 against the eleven numbers' 164/200, and `mcts#1000`
# against `mcts#1000` reading the eleven 112/200 (README).
# Greedy keeps `heuristic`: a one-ply look needs its progress towards an order to move towards one at all.
WIN_CHANCE_WEIGHTS = (0.02358, 0.01729, 0.02041, 0.02429, 0.02085,  # VP, spices, gold, mules, person cards
                      0.3061, -0.01036,  # VP and spices + gold times the nearness to the end
                      0.0306, 0.542,  # moves next; VP once the end is triggered
                      -0.09929, 0.3727)  # the order in reach, alone and times the nearness

CARD_WEIGHTS: dict[str, float] = {  # each person card in a caravan, by kind (`card_counts`)
    "MM": 0.1101,  # Matriarch
    "PM": 0.2441,  # Patriarch
    "SD01": -0.1157,  # Planter
    "SD02": -0.1421,  # Baker
    "SD03": -0.1246,  # Market Woman
    "SD04": -0.08312,  # Quack
    "SD05": 0.7205,  # Spice Trader
    "SD06": 0.473,  # Cinnamon Prince
    "SD07": 0.3983,  # Hawker
    "SD08": 0.7589,  # Scribe
    "SD09": 0.111,  # Farmer
    "SD10": -0.1341,  # Farrier
    "SD11": -0.1074,  # Mule Trader
    "SD12": -0.0697,  # Shepherd
    "SD13": -0.2421,  # Caravan Leader
    "SD14": 0.3474,  # Noblewoman
    "SD15": -0.07863,  # Clove Picker
    "SD16": -0.1155,  # Pepper Merchant
    "SD17": -0.1171,  # Anise Gatherer
    "SD18": -0.1138,  # Cinnamon Peeler
    "SD19": -0.1587,  # Money Changer
    "SD20": -0.0243,  # Barterer
    "SD21": 0.01552,  # Beggar
    "SD22": -0.2992,  # Judge
    "SD23": -0.08156,  # Fortune Teller
    "SD24": -0.1424,  # Smuggler
    "SP01": 0.1377,  # Grey Eminence
    "SP02": 1.216,  # Wholesaler
    "SP03": -0.2684,  # Innkeeper
    "SP04": 0.2177,  # Emir
    "SP05": 1.103,  # Sultana
    "SP06": -0.2003,  # Mule Breeder
    "SP07": -0.1793,  # Silk Merchant
    "SP08": 0.07485,  # Court Astrologer
    "SP09": 0.1083,  # Treasurer
    "SP10": 0.6809,  # Spice Master
    "SP11": 0.231,  # Envoy
    "SP12": -0.1713,  # Princess
    "ST01": -0.1817,  # Farmhand
    "ST02": 0.3592,  # Shopkeeper
    "ST03": -0.169,  # Prophet
    "ST04": -0.0173,  # Aristocrat
    "ST05": -0.1928,  # Gatherer
    "ST06": 0.03452,  # Shepherd Boy
    "ST07": -0.1286,  # Moneylender
    "ST08": -0.1667,  # Water Carrier
    "ST09": -0.01655,  # Scout
    "ST10": -0.1589,  # Carpet Dealer
    "ST11": -0.1445,  # Cloth Merchant
    "ST12": -0.1963,  # Old Sage
}
assert tuple(CARD_WEIGHTS) == CARD_KINDS
FITTED_WEIGHTS = WIN_CHANCE_WEIGHTS + tuple(CARD_WEIGHTS.values())  # the weights of `features`, in order


def fitted_value(state: KashgarState, seat: int) -> float:
    """FITTED_WEIGHTS . features(state, seat), each card's weight added as it is met."""
    value = sum(w * f for w, f in zip(WIN_CHANCE_WEIGHTS, position_features(state, seat), strict=True))
    get = CARD_WEIGHTS.get
    for c in state.seats[seat].caravans:
        for cid in c:
            value += get(cid, 0.0)
    return value


# The analysis shows a win chance with its logit times this, by seat count (ai/analysis.py `sharpened`; none: 1):
# fitted by `ai.fit.temperature` on analysed held-out games (seeds 800000..800004 of each pairing greedy:greedy,
# hard:medium, random:greedy, 100 search iterations a decision; the win-chance fits never saw them):
#   .venv/bin/python bench/bench_calibration.py --raw --game kashgar --seed 800000 --games 5 --iterations 100 --save F
#   .venv/bin/python bench/bench_calibration.py --load F --fit
SHOWN_TEMPERATURE: dict[int, float] = {2: 1.44}

def win_chances(state: KashgarState, seats: list[int]) -> list[float]:
    """Each of `seats`' chance to win (the logistic of its lead in `fitted_value` over the best other
    seat); its place once the game is over."""
    if result(state) is not None:
        return heuristics(state, seats)
    return lead_chances([fitted_value(state, i) for i in range(state.players)], seats)


def _value(state: KashgarState, seat: int) -> float:
    """VP plus what the board and the caravans promise (a cheap estimate for greedy)."""
    vp, spices, gold, mules, persons = holdings(state, seat)
    b = state.seats[seat].board
    best = 0.0
    for o in state.display:  # progress towards the best display order
        od = ORDERS[o]
        need = sum(od.cost) + od.cond
        have = sum(min(h, c) for h, c in zip(b, od.cost, strict=True)) + min(b[6], od.cond)
        best = max(best, od.vp * (have / need) ** 2)
    return vp + 0.6 * best + 0.06 * spices + 0.1 * gold + 0.15 * mules + 0.35 * persons
