"""Yangtze plugged into the game protocol: who acts, what is legal, and the dispatch to rules.py."""

from __future__ import annotations

from functools import lru_cache

import msgspec

from games.protocol import CHANCE, ChanceSpec, Game, IllegalMove, Result, ranks_from_keys

from . import rules
from .content import (
    CARD_NAME,
    DOUBLE_PURCHASE,
    FREE_PURCHASE,
    GOODS,
    LIQUIDITY,
    PAYMENT_RULERS,
    PRICES,
    SELL_ANY_TIME,
)
from .moves import (
    Bid,
    Buy,
    Cash,
    ChooseStartPlayer,
    Clear,
    Decline,
    Draw,
    EndTurn,
    Exchange,
    MarketSale,
    PassBid,
    Pay,
    Sell,
    SellWithCardIII,
    Surrender,
    YangtzeMove,
)
from .render import render
from .scoring import bundles, estimated_totals, final_breakdown
from .state import YangtzeState
from .view import determinize, view

replace = msgspec.structs.replace
CHANCE_PHASES = frozenset({"river", "starting-goods", "start-player", "draw"})
_CHANCE = frozenset({CHANCE})
_SEAT = tuple(frozenset({i}) for i in range(4))
_NOBODY: frozenset[int] = frozenset()
_GOOD_SET = frozenset(GOODS)
DRAW = {t: Draw(tile=t) for t in rules.ALL_TILES}
END_TURN, PASS_BID, PAY, DECLINE = EndTurn(), PassBid(), Pay(), Decline()
BIDS = [Bid(amount=a) for a in range(1000)]
CASH = {c: Cash(card=c) for c in LIQUIDITY}


# --- cached lists of moves (the same screens and rivers come back again and again) --------------------
@lru_cache(maxsize=4096)
def _sells(goods: tuple[str, ...]) -> tuple[Sell, ...]:
    return tuple(Sell(tiles=b) for b in bundles(goods))


@lru_cache(maxsize=4096)
def _sells_iii(goods: tuple[str, ...]) -> tuple[SellWithCardIII, ...]:
    return tuple(SellWithCardIII(tiles=b) for b in bundles(goods))


@lru_cache(maxsize=4096)
def _market_sales(goods: tuple[str, ...]) -> tuple[MarketSale, ...]:
    return tuple(MarketSale(tiles=b) for b in bundles(goods))


@lru_cache(maxsize=4096)
def _buys(occupied: tuple[int, ...], money: int, double: bool, free: bool) -> tuple[Buy, ...]:
    """Every purchase the money allows: one good (also free with II), two with I (either free with II)."""
    out = []
    for p in occupied:
        if PRICES[p - 1] <= money:
            out.append(Buy(positions=(p,)))
        if free:
            out.append(Buy(positions=(p,), free=p))
    if double:
        for i, p in enumerate(occupied):
            for q in occupied[i + 1 :]:
                pp, pq = PRICES[p - 1], PRICES[q - 1]
                if pp + pq <= money:
                    out.append(Buy(positions=(p, q)))
                if free and pq <= money:
                    out.append(Buy(positions=(p, q), free=p))
                if free and pp <= money:
                    out.append(Buy(positions=(p, q), free=q))
    return tuple(out)


def bids(lowest: int, highest: int) -> list[Bid]:
    """Bid moves from `lowest` to `highest` coins."""
    if highest < len(BIDS):
        return BIDS[lowest : highest + 1]
    return [Bid(amount=a) for a in range(lowest, highest + 1)]


def decider(s: YangtzeState) -> int:
    """The seat whose decision the game waits for (-1: none)."""
    phase = s.phase
    if phase == "turn":
        return s.active
    if phase == "auction":
        return s.auction.turn
    if phase == "ruler":
        return s.ruling.waiting[0]
    return -1


class YangtzeGame(Game):
    id = "yangtze"
    name = "Yangtze"
    min_players, max_players = 2, 4
    options = ()  # the spec offers no variants: 2-4 players share one setup
    State = YangtzeState
    Move = YangtzeMove

    # --- the game ---------------------------------------------------------------------------------
    def setup(self, players, options):
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Yangtze is for {self.min_players} to {self.max_players} players")
        return rules.setup(players)

    def actors(self, s):
        phase = s.phase
        if phase in CHANCE_PHASES:
            return _CHANCE
        if phase == "over":
            return _NOBODY
        return _SEAT[decider(s)]

    def chance(self, s):
        phase = s.phase
        if phase == "draw":
            return ChanceSpec("draw a tile from the bag", outcomes=tuple(DRAW[t] for t in s.bag))
        if phase == "river":
            goods = tuple(DRAW[t] for t in s.bag if t in _GOOD_SET)
            return ChanceSpec("fill the river: draw a good from the bag", outcomes=goods)
        if phase == "starting-goods":
            goods = tuple(DRAW[t] for t in s.bag if t in _GOOD_SET)
            return ChanceSpec(
                f"seat {s.active} draws a secret starting good", outcomes=goods, visible_to=(s.active,)
            )
        if phase == "start-player":
            return ChanceSpec(
                "choose the start player", outcomes=tuple(ChooseStartPlayer(seat=i) for i in range(s.players))
            )
        raise ValueError(f"nothing is random in the {phase} phase")

    def legal_moves(self, s, seat):
        if seat == CHANCE:
            return list(self.chance(s).outcomes) if s.phase in CHANCE_PHASES else []
        if seat != decider(s):
            return []
        m = s.merchants[seat]
        phase = s.phase
        moves: list = []
        if phase == "turn":
            moves.extend(_sells(m.goods))
            occupied = tuple(p for p in range(1, 9) if s.river[p - 1])
            moves.extend(_buys(occupied, min(m.money, 21), DOUBLE_PURCHASE in m.cards, FREE_PURCHASE in m.cards))
            moves.append(END_TURN)
        elif phase == "auction":
            moves.append(PASS_BID)
            moves.extend(bids(s.auction.high_bid + 1, m.money))
        else:  # ruler
            moves.extend(self._ruler_choices(s, seat))
        if s.selling_with_iii == seat and phase != "turn":
            moves.extend(_sells(m.goods))
        for c in m.cards:
            if c in CASH:
                moves.append(CASH[c])
        if SELL_ANY_TIME in m.cards:
            moves.extend(_sells_iii(m.goods))
        return moves

    def _ruler_choices(self, s, seat):
        ruler, m = s.ruling.ruler, s.merchants[seat]
        if ruler in PAYMENT_RULERS:
            return [PAY]
        if ruler == "R05":
            return [DECLINE, *_market_sales(m.goods)]
        if ruler == "R06":
            return [DECLINE] + [
                Exchange(tile=t, position=p) for t in m.goods for p in range(1, 9) if s.river[p - 1]
            ]
        if ruler == "R07":
            return [DECLINE] + [Clear(tile=t) for t in m.goods]
        return [Surrender(tile=t) for t in m.goods] if m.goods else [DECLINE]  # R12

    def apply(self, s, seat, move):
        if seat == CHANCE:
            return self._apply_chance(s, move)
        who = decider(s)
        if who < 0:
            if s.phase == "over":
                raise IllegalMove("the game is over")
            raise IllegalMove("nobody may move now: a tile must be drawn first")
        if seat != who:
            raise IllegalMove(f"it is seat {who}'s decision now, not yours")
        match move:
            case Cash(card=card):
                return rules.cash(s, seat, card)
            case SellWithCardIII(tiles=tiles):
                return rules.sell_with_card_iii(s, seat, tiles)
            case Sell(tiles=tiles):
                if s.phase == "turn":
                    return replace(rules.sell(s, seat, tiles), acted=True)
                if s.selling_with_iii == seat:
                    return rules.sell(s, seat, tiles)
                raise IllegalMove("outside step 1 of your turn you can sell only by playing card III")
        s = replace(s, selling_with_iii=-1) if s.selling_with_iii >= 0 else s
        phase = s.phase
        if phase == "turn":
            match move:
                case Buy(positions=positions, free=free):
                    return rules.buy(s, seat, tuple(positions), free)
                case EndTurn():
                    return rules.end_turn(s)
            raise IllegalMove("in your turn: sell, buy a good, end the turn or use a card")
        if phase == "auction":
            match move:
                case Bid(amount=amount):
                    return rules.bid(s, seat, amount)
                case PassBid():
                    return rules.pass_bid(s, seat)
            raise IllegalMove(f"the auction for {s.auction.tile} waits for your bid or pass")
        return rules.ruler_decision(s, seat, move)

    def _apply_chance(self, s, move):
        phase = s.phase
        if phase not in CHANCE_PHASES:
            raise IllegalMove("nothing is to be drawn now")
        if phase == "start-player":
            if not isinstance(move, ChooseStartPlayer):
                raise IllegalMove("the start player is to be chosen")
            return rules.choose_start_player(s, move.seat)
        if not isinstance(move, Draw):
            raise IllegalMove("a tile is to be drawn from the bag")
        if phase == "river":
            return rules.fill_river(s, move.tile)
        if phase == "starting-goods":
            return rules.deal_starting_good(s, move.tile)
        return rules.draw_in_loop(s, move.tile)

    def view(self, s, seat):
        return view(s, seat, self.result(s))

    def result(self, s):
        if s.phase != "over":
            return None
        rows = final_breakdown(s.merchants)
        keys = [(r["total"], len(m.settlements)) for r, m in zip(rows, s.merchants)]
        totals = [k[0] for k in keys]
        tied_top = sum(1 for t in totals if t == max(totals)) > 1
        detail = f"ended by {s.ended_by}; " + "; ".join(
            f"seat {i}: {r['money']} money + {r['goods']} goods + {r['settlements']} settlements"
            f" + {r['liquidity']} liquidity = {r['total']}"
            for i, r in enumerate(rows)
        )
        if tied_top:
            detail += "; a tie for most money is broken by most settlement tiles, then shared"
        return Result(scores=tuple(float(t) for t in totals), ranks=ranks_from_keys(keys), detail=detail)

    # --- the log ------------------------------------------------------------------------------------
    def reveals(self, s, actor, move):
        if actor == CHANCE:
            return True
        tiles = getattr(move, "tiles", None) or ((move.tile,) if hasattr(move, "tile") else ())
        if any(t in s.merchants[actor].hidden for t in tiles):
            return True
        try:
            return self.apply(s, actor, move).phase == "over"  # the end shows every screen
        except IllegalMove:
            return False

    def describe(self, move):
        match move:
            case Draw(tile=t):
                return f"draw {t}"
            case ChooseStartPlayer(seat=seat):
                return f"seat {seat} starts"
            case Sell(tiles=t):
                return f"sell {', '.join(t)}"
            case SellWithCardIII(tiles=t):
                return f"play card III and sell {', '.join(t)}"
            case Buy(positions=ps, free=free):
                what = " and ".join(f"P{p}" + (" (free, card II)" if p == free else "") for p in ps)
                return f"buy {what}" + (" with card I" if len(ps) == 2 else "")
            case EndTurn():
                return "buy nothing and end the turn"
            case Bid(amount=a):
                return f"bid {a}"
            case PassBid():
                return "pass in the auction"
            case Pay():
                return "pay the tax"
            case MarketSale(tiles=t):
                return f"Open Market: sell {', '.join(t)}"
            case Exchange(tile=t, position=p):
                return f"River Exchange: swap {t} with the good at P{p}"
            case Clear(tile=t):
                return f"Clearance: return {t} for 5 coins"
            case Surrender(tile=t):
                return f"Confiscation: return {t}"
            case Decline():
                return "decline the ruler's offer"
            case Cash(card=c):
                return f"cash {CARD_NAME.get(c, c)}"
        return super().describe(move)

    # --- for the AI ---------------------------------------------------------------------------------
    def determinize(self, s, seat, rng):
        return determinize(s, seat, rng)

    def heuristic(self, s, seat):
        """The estimated final total (money, goods with their bundle potential, settlements, unused
        liquidity) against the best other seat, squashed into [0, 1]."""
        if s.phase == "over":
            ranks = self.result(s).ranks
            return 1.0 / ranks.count(1) if ranks[seat] == 1 else 0.0
        if s.phase == "turn" and s.pass_turns == s.players - 1 and not s.acted:
            # the active player can end the game by passing (7.2): it will if that wins
            keys = [(r["total"], len(m.settlements)) for r, m in zip(final_breakdown(s.merchants), s.merchants)]
            best = max(keys)
            if keys[s.active] == best:
                return 1.0 / keys.count(best) if keys[seat] == best else 0.0
        progress_left = 1.0 - len(s.rulers) / 12
        est = estimated_totals(s.merchants, progress_left)
        mine = est[seat]
        best_other = max(e for i, e in enumerate(est) if i != seat)
        lead = (mine - best_other) / 80.0
        return 0.5 + 0.5 * lead / (1.0 + abs(lead))

    # --- for people ---------------------------------------------------------------------------------
    def render(self, view, seat):
        return render(view, seat)

