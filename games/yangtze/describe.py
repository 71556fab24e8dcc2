"""Yangtze's moves and tiles in the rulebook's words, for every client (the CLI's lists, the log,
replay). `describe_move(move, view)` uses the seat's view when given (what lies at a river position,
what a bundle fetches); `group(move, view)` is the heading a long list groups the move under."""

from __future__ import annotations

from typing import Any

from games.naming import counted, does, mover, of_another, seat_name, whose
from games.yangtze.content import (
    CARD_NAME,
    CATEGORY,
    CATEGORY_NAME,
    COLOUR,
    DOTS,
    KIND,
    LIQUIDITY,
    PRICES,
    RULER_COINS,
    RULER_PER_GOOD,
    RULER_PER_SETTLEMENT,
    RULERS,
    SALE_VALUE,
    SETTLEMENT_COLOUR,
    TILE_KIND,
    WARE,
)
from games.yangtze.moves import (
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
)


def tile(t: str | None) -> str:
    """A tile as a person names it: "Vase, luxury, gold"; "Temple (green, 3 dots)"; "ruler Head Tax"."""
    if not t:
        return "an empty place"
    kind = TILE_KIND.get(t)
    if kind == "good":
        return f"{WARE[t].title()} ({CATEGORY_NAME[CATEGORY[t]]}, {COLOUR[t].lower()})"
    if kind == "settlement":
        colour = "green" if SETTLEMENT_COLOUR[t] == "G" else "brown"
        return f"{KIND[t].replace('_', ' ').title()} settlement ({colour}, {DOTS[t]} dot{'s' if DOTS[t] != 1 else ''})"
    if kind == "ruler":
        name, _optional, text = RULERS[t]
        return f"ruler {name}: {text}"
    return t


def bundle(tiles: tuple[str, ...] | list[str]) -> str:
    """A bundle and what it fetches: "1 Bowl (everyday, pink) for 2"; "3 luxury goods: Silk (red), Silk
    (gold), Fan (white) for 27"."""
    if not tiles:
        return "nothing"
    cat = CATEGORY[tiles[0]]
    value = SALE_VALUE[cat][len(tiles)] if len(tiles) < len(SALE_VALUE[cat]) else None
    if len(tiles) == 1:
        what = f"1 {tile(tiles[0])}"
    else:
        what = f"{len(tiles)} {CATEGORY_NAME[cat]} goods: " + ", ".join(f"{WARE[t].title()} ({COLOUR[t].lower()})" for t in tiles)
    return what + (f" for {value}" if value is not None else "")


def river_place(view: dict[str, Any] | None, position: int) -> dict[str, Any] | None:
    """The view's river position `position` (its good and price); None without a view."""
    for place in (view or {}).get("river", []):
        if place.get("position") == position:
            return place
    return None


def at(view: dict[str, Any] | None, position: int) -> str:
    """P3 and, when the view shows it, what lies there and its price."""
    place = river_place(view, position)
    if place:
        return f"{tile(place.get('good'))} at P{position} for {place.get('price')}"
    return f"the good at P{position} (price {PRICES[position - 1]})"


def purchase(view: dict[str, Any] | None, positions: tuple[int, ...], free: int) -> str:
    """One good or two (card I), the one card II makes free said as free with its price, and with two the
    coins they cost in all: "Silk … at P2, free with card II (price 10), and Jade … at P3 for 9 (card I:
    double purchase): 9 coins in all"."""
    parts, cost = [], 0
    for p in positions:
        place = river_place(view, p)
        if p != free:
            parts.append(at(view, p))
            cost += (place or {}).get("price") or 0
        elif place:
            parts.append(f"{tile(place.get('good'))} at P{p}, free with card II (price {place.get('price')})" + (
                "," if len(positions) == 2 and p == positions[0] else ""))
        else:
            parts.append(f"the good at P{p}, free with card II")
    if len(positions) < 2:
        return parts[0]
    return " and ".join(parts) + " (card I: double purchase)" + (f": {counted(cost, 'coin')} in all" if view else "")


def swapped_at(view: dict[str, Any] | None, position: int) -> str:
    """P3 and, when the view shows it, what lies there: no price, the River Exchange costs nothing (2.4)."""
    place = river_place(view, position)
    return f"{tile(place.get('good'))} at P{position}" if place else f"the good at P{position}"


ENDINGS = {"twelfth-ruler": "after the twelfth ruler", "all-pass": "after everyone passed in turn"}


def ending(ended_by: str | None) -> str:
    """How the game ended (spec 7), in words: "after the twelfth ruler", "after everyone passed in turn"."""
    return ENDINGS.get(ended_by or "", ended_by or "")


def final_total(name: str, row: dict[str, int]) -> str:
    """One seat's final scoring (8), every part in coins: "ann: 2 coins + 9 for goods + 75 for settlements
    + 0 for unused liquidity cards = 86"."""
    return (f"{name}: {counted(row['money'], 'coin')} + {row['goods']} for goods + {row['settlements']} for settlements"
            f" + {row['liquidity']} for unused liquidity cards = {row['total']}")


def final_scoring(rows: list[dict[str, int]], view: dict[str, Any] | None = None) -> list[str]:
    """Every seat's `final_total`, named as the view names them ("seat N" without names), and how a tie
    for the most money is settled when there is one (7.3)."""
    lines = [final_total(seat_name(view, seat), row) for seat, row in enumerate(rows)]
    totals = [row["total"] for row in rows]
    if totals and totals.count(max(totals)) > 1:
        lines.append("a tie for most money is broken by most settlement tiles, then shared")
    return lines


def due(ruler: str, player: dict[str, Any]) -> int | None:
    """What a tax ruler asks of a player (its row of the view), or None for a ruler that asks no coins."""
    if ruler in RULER_PER_SETTLEMENT:
        return RULER_PER_SETTLEMENT[ruler] * len(player.get("settlements") or [])
    if ruler in RULER_PER_GOOD:
        return RULER_PER_GOOD[ruler] * int(player.get("goods_count") or 0)
    return RULER_COINS.get(ruler)


def paid(view: dict[str, Any] | None) -> str:
    """A tax paid: to the payer the ruler's words ("pay: Head Tax — Pay 5 coins."); of another seat what it
    paid, from its coins before (public): "pays 5 coins for Head Tax", "pays nothing for Head Tax (has no
    coins)", "pays all of their 3 coins for Great Tax (10 were due)"."""
    ruling = (view or {}).get("ruling") or {}
    if not ruling.get("name"):
        return f"{does(view, 'pay')} the tax"
    if not of_another(view):
        return f"pay: {ruling['name']} — {ruling['instruction']}"
    players, seat = (view or {}).get("players") or [], mover(view)
    player = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else None
    if not player or (owed := due(ruling.get("ruler") or "", player)) is None:
        return f"pays {ruling['name']}"
    money = int(player.get("money") or 0)
    if owed == 0:
        return f"pays nothing for {ruling['name']} (nothing is due)"
    if money == 0:
        return f"pays nothing for {ruling['name']} (has no coins)"
    if money < owed:
        return f"pays all of their {counted(money, 'coin')} for {ruling['name']} ({owed} were due)"
    return f"pays {counted(owed, 'coin')} for {ruling['name']}"


def describe_move(move: Any, view: dict[str, Any] | None = None) -> str:
    match move:
        case Draw(tile=t):
            return f"drawn from the bag: {tile(t)}"
        case ChooseStartPlayer(seat=s):
            return f"the start player is {seat_name(view, s)}"
        case Sell(tiles=t):
            return f"{does(view, 'sell')} {bundle(t)}"
        case SellWithCardIII(tiles=t):
            return f"{does(view, 'play')} card III (sell at any time) and {does(view, 'sell')} {bundle(t)}"
        case Buy(positions=ps, free=free):
            return f"{does(view, 'buy')} " + purchase(view, ps, free)
        case EndTurn():
            return f"{does(view, 'buy')} nothing and {does(view, 'end')} the turn"
        case Bid(amount=a):
            return f"{does(view, 'bid')} {a} for the settlement"
        case PassBid():
            return f"{does(view, 'pass')} in the auction"
        case Pay():
            return paid(view)
        case MarketSale(tiles=t):
            return f"Open Market: {does(view, 'sell')} {bundle(t)}"
        case Exchange(tile=t, position=p):
            return f"River Exchange: {does(view, 'swap')} {whose(view)} {tile(t)} for {swapped_at(view, p)}"
        case Clear(tile=t):
            return f"Clearance: {does(view, 'return')} {whose(view)} {tile(t)} to the box for 5 coins"
        case Surrender(tile=t):
            return f"Confiscation: {does(view, 'give')} up {whose(view)} {tile(t)}"
        case Decline():
            ruling = (view or {}).get("ruling") or {}
            return f"{does(view, 'decline')} {ruling['name']}" if ruling.get("name") else f"{does(view, 'decline')} the ruler's offer"
        case Cash(card=c):
            return f"{does(view, 'cash')} card {CARD_NAME.get(c, c)} for {LIQUIDITY.get(c, '?')} coins"
    return type(move).__name__


def describe_chance(move: Any, view: dict[str, Any] | None = None) -> str:
    match move:
        case Draw(tile=t) if TILE_KIND.get(t) == "ruler":
            name, _, text = RULERS[t]
            return f"a ruler was drawn: {name} — {text}"
        case Draw(tile=t):
            return f"drawn from the bag: {tile(t)}"
    return describe_move(move, view)


def group(move: Any, view: dict[str, Any] | None = None) -> str:
    match move:
        case Sell() | SellWithCardIII():
            return "sell a bundle" + (" (card III)" if isinstance(move, SellWithCardIII) else "")
        case Buy(positions=ps, free=free):
            how = " with card I" if len(ps) == 2 else ""
            how += " and card II" if free else ""
            return f"buy{how}"
        case EndTurn():
            return "end the turn"
        case Bid() | PassBid():
            return "the settlement auction"
        case Pay() | MarketSale() | Exchange() | Clear() | Surrender() | Decline():
            return "the ruler"
        case Cash():
            return "cash a liquidity card"
    return type(move).__name__.lower()
