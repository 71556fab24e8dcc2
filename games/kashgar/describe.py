"""Kashgar's moves, person cards and orders in the rulebook's words, for every client (the CLI's
lists, the log, replay). Caravans are numbered 1-3 as at the table. `describe_move(move, view)` names
the card a move uses when the view shows the caravan, and a card it acts on (Judge, Caravan Leader,
Mercenary, Robber) by its name as the board shows it, never by a position the board does not number;
`group(move)` is a long list's heading."""

from __future__ import annotations

import re
from typing import Any

from games.kashgar import effects as fx
from games.kashgar.content import MATRIARCH, ORDERS, PERSONS, RESOURCES, SPICE_NAMES
from games.kashgar.moves import (
    Arrange,
    CaravanAction,
    DealStart,
    DrawCard,
    DrawOrder,
    Farewell,
    FulfilDrawn,
    Keep,
    Pass,
    PlaceStartCards,
    ReplaceDisplay,
    Respond,
    SecondOrder,
    TakeDiscard,
)
from games.naming import counted, does, mover, of_another, seat_name

ORDER_KIND = {"small": "small order", "large": "large order", "special": "special order"}
STEPS = {"draw": "drawing cards", "keep": "choosing which drawn card(s) to keep",  # a card in use: where it is at
         "arrange": "putting the looked-at cards back", "orders": "deciding about the drawn orders",
         "take": "taking from the discard pile", "refill": "refilling the order display",
         "second": "may fulfil a second order", "respond": "the target player chooses"}


def goods(vector: tuple[int, ...] | list[int]) -> str:
    """A board vector in words: "6 cinnamon + 1 mule"."""
    return " + ".join(amount(n, r) for r, n in zip(RESOURCES, vector, strict=True) if n) or "nothing"


def order(o: str | None) -> str:
    """An order card: "K04 (small order): 3 star anise + 2 cinnamon for 2 VP, needs 2 mules"."""
    if not o:
        return "no order"
    card = ORDERS.get(o)
    if card is None:
        return o
    title = f"{card.name}, " if card.name else ""
    return f"{o} ({title}{ORDER_KIND[card.kind]}): {goods(card.cost)} for {card.vp} VP, needs {card.cond} mule" + \
        ("s" if card.cond != 1 else "")


def resource(r: str | int) -> str:
    """A resource by its code ("CI") or its place on the board (4): "cinnamon"."""
    return SPICE_NAMES[RESOURCES[r] if isinstance(r, int) else r]


def amount(n: int, r: str | int) -> str:
    """`n` of a resource in words: "2 gold", "1 mule"."""
    name = resource(r)
    return f"{n} {name[:-1] if name == 'mules' and n == 1 else name}"


def effect(eff: tuple, card: str | None = None) -> str:
    """One card effect in words (the content's effect tuples); `card`: whose effect (a flip turns the side it is)."""
    kind, *args = eff
    match kind:
        case "gain":
            vector, spices = args
            got = [goods(vector)] if any(vector) else []
            if spices:
                got.append("1 spice of your choice" if spices == 1 else f"{spices} of one spice of your choice")
            return "gain " + " + ".join(got)
        case "gain_either":
            which, n = args
            return f"gain {n} {' or '.join(resource(s) for s in which)}"
        case "set":
            r, n = args
            return f"set your {resource(r)} to {n}"
        case "set_spice":
            return f"set one spice to {args[0]}"
        case "fulfil":
            kinds, how, extra = args
            what = "an order" if len(kinds) == 3 else " or ".join(ORDER_KIND.get(k, k) for k in kinds)
            return "fulfil " + what + {"free": " without paying", "no_spice": " without paying its spices"}.get(how, "") + \
                (f", then gain {extra} gold" if extra else "")
        case "fulfil_two":
            return "fulfil up to two orders"
        case "draw_std":
            n, keep = args
            return f"draw {counted(n, 'person card')}, keep {keep}"
        case "draw_spc":
            n, keep = args
            return f"draw {counted(n, 'special card')}, keep {keep}"
        case "take_discard":
            return f"take {args[0]} card{'s' if args[0] != 1 else ''} from the discard pile"
        case "draw_orders":
            return f"draw {args[0]} order{'s' if args[0] != 1 else ''} ({args[1]})"
        case "look_std":
            return f"look at the top {counted(args[0], 'person card')} and put them back in any order"
        case "flip":
            return "turn the Matriarch to the Patriarch" if card == MATRIARCH else "turn the Patriarch to the Matriarch"
        case "two_spices":
            return f"gain {args[0]} each of two different spices"
        case "other_spice":
            return f"trade for {args[0]} of another spice"
        case "others_gain":
            return f"the others gain {amount(args[1], args[0])}"
        case "others_set":
            return f"the others set their {resource(args[0])} to {args[1]}"
        case "others_lose":
            return f"the others lose {amount(args[1], args[0])}"
        case "target_lose":
            return f"a player loses {amount(args[1], args[0])}"
    return SPECIAL_EFFECTS.get(kind, kind.replace("_", " "))


SPECIAL_EFFECTS = {  # the effects with no numbers: the rule spec's words (rules/kashgar.md, 9.3-9.5)
    "spare_patriarch": "put the spare Patriarch at the end of this caravan",
    "leader_front": "move another card of this caravan to its front",
    "leader_move": "move a card (not a Patriarch/Matriarch) to the end of another of your caravans",
    "judge": "remove 1 other card (not a Patriarch/Matriarch) from this caravan",
    "spices_min3": "every spice below 3 is set to 3",
    "thief": "another player loses 2 of a spice or gold of your choice; you gain 1 of it",
    "robber_spices": "another player loses 1 each of two different spices",
    "robber_card": "another player removes the last card of one of their caravans",
    "schemer": "set one spice of another player to 3",
    "customs": "each other player loses 1 gold; you gain 1 gold",
    "spy": "put an order of the display under the order deck and refill the display",
    "mercenary": "move the front card of another player's caravan (2+ cards) to its end",
    "fence": "a player with more gold than you loses 2 gold; you gain what they lost",
    "poisoner": "another player loses 1 mule and 2 of a spice of their choice",
}


def person(card: str | None, action: int | None = None, farewell: bool = False) -> str:
    """A person card, and with `action` what that action does: "Spice Trader: fulfil an order"."""
    p = PERSONS.get(card or "")
    if p is None:
        return card or "a card"
    if action is None:
        return p.name
    actions = p.farewell if farewell else p.caravan
    if not 0 <= action < len(actions):
        return p.name
    a = actions[action]
    pay = []
    if any(a.cost.board):
        pay.append(goods(a.cost.board))
    if a.cost.any_spice:
        pay.append(f"{a.cost.any_spice} spice{'s' if a.cost.any_spice != 1 else ''}")
    if a.cost.one_spice:
        pay.append(f"{a.cost.one_spice} of one spice")
    return f"{p.name}: " + (f"pay {' + '.join(pay)}, " if pay else "") + effect(a.effect, p.id)


def caravans_of(view: dict[str, Any] | None) -> list[list[str]] | None:
    """The caravans (cards by id, front first) of the seat whose move the view describes: the mover, else the
    seat a pending step waits for."""
    if not view:
        return None
    seat = mover(view)
    if seat is None:
        pending = view.get("pending") or {}
        seat = pending.get("seat")
    players = view.get("players") or []
    if seat is None or not 0 <= seat < len(players):
        return None
    return players[seat].get("caravans") or []


def front(view: dict[str, Any] | None, caravan: int) -> str | None:
    caravans = caravans_of(view) or []
    return caravans[caravan][0] if 0 <= caravan < len(caravans) and caravans[caravan] else None


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def card_in(view: dict[str, Any] | None, caravan: int, position: int) -> str:
    """The card at `position` (0: the front) of the mover's caravan as the board shows it: by its name
    ("Baker"), with its place among the cards alike where there are more ("Baker (the 2nd of 2 from the
    front)"); without the position to tell by, by its place ("the 3rd card from the front")."""
    caravans = caravans_of(view) or []
    cards = caravans[caravan] if 0 <= caravan < len(caravans) else []
    if not 0 <= position < len(cards):
        return f"the {ordinal(position + 1)} card from the front"
    card = cards[position]
    alike = [i for i, c in enumerate(cards) if c == card]
    if len(alike) == 1:
        return person(card)
    return f"{person(card)} (the {ordinal(alike.index(position) + 1)} of {len(alike)} from the front)"


def effect_of(move: Any, view: dict[str, Any] | None) -> str | None:
    """The kind of effect (content's effect tuples: "judge", "leader_move" …) a caravan action or farewell
    carries out, when the view shows the card at the front of its caravan."""
    p = PERSONS.get(front(view, move.caravan) or "")
    actions = (p.farewell if isinstance(move, Farewell) else p.caravan) if p is not None else ()
    return actions[move.action].effect[0] if 0 <= move.action < len(actions) else None


def board_of(view: dict[str, Any] | None) -> dict[str, int] | None:
    """The board (resource -> count) of the seat whose moves the view describes, when it shows one."""
    seat, players = mover(view), (view or {}).get("players") or []
    return players[seat].get("board") if isinstance(seat, int) and 0 <= seat < len(players) else None


def details(move: Any, view: dict[str, Any] | None = None) -> str:
    parts = []
    if move.pay:
        parts.append("paying " + " + ".join(SPICE_NAMES.get(s, s) for s in move.pay))
    if move.spice:
        parts.append(SPICE_NAMES.get(move.spice, move.spice))
    if move.spice2:
        parts.append(SPICE_NAMES.get(move.spice2, move.spice2))
    if move.resource:
        parts.append(SPICE_NAMES.get(move.resource, move.resource))
    if move.order:
        parts.append("order " + order(move.order))
    if move.target is not None:
        parts.append(f"against {seat_name(view, move.target)}" + (target_caravan(view, move) if move.target_caravan is not None else ""))
    if move.position is not None:
        card = card_in(view, move.caravan if move.from_caravan is None else move.from_caravan, move.position)
        if move.from_caravan is not None:  # the Caravan Leader's farewell: a card to another caravan
            card = card.removesuffix(" from the front")  # (unseen: "the 4th card from caravan 2")
            parts.append(f"{card} from caravan {move.from_caravan + 1} to caravan {move.to_caravan + 1}")
        else:
            parts.append({"judge": f"remove {card}", "leader_front": f"{card} to the front"}.get(effect_of(move, view) or "", card))
    return "; ".join(parts)


def target_caravan(view: dict[str, Any] | None, move: Any) -> str:
    """The Mercenary's target: "'s caravan 2 (front card: Baker)"."""
    players = (view or {}).get("players") or []
    cars = players[move.target].get("caravans") or [] if 0 <= move.target < len(players) else []
    car = cars[move.target_caravan] if 0 <= move.target_caravan < len(cars) else []
    return f"'s caravan {move.target_caravan + 1}" + (f" (front card: {person(car[0])})" if car else "")


# the verbs a card or a move list says in the imperative ("gain 1 gold"), said of another seat's move ("gains")
VERBS = ("gain", "set", "fulfil", "draw", "keep", "take", "look", "put", "turn", "trade", "move", "remove", "pay",
         "refill", "pass", "leave", "lose")
CLAUSE_VERB = re.compile(r"(^|: |; | — |, then |, | and )(" + "|".join(VERBS) + r")\b")
SECOND_PERSON = (("of your choice", "of their choice"), ("; you gain", "; they gain"), ("than you loses", "than they have loses"),
                 ("you gain what they lost", "they gain what that player lost"), (" your ", " their "))


def third_person(text: str, view: dict[str, Any] | None) -> str:
    """A move's words (a card's text among them, written to the one who plays it) as told of another seat:
    "pay 1 gold, gain 1 spice of your choice" -> "pays 1 gold, gains 1 spice of their choice"."""
    for mine, theirs in SECOND_PERSON:
        text = text.replace(mine, theirs)
    return CLAUSE_VERB.sub(lambda m: m.group(1) + does(view, m.group(2)), text)


def describe_move(move: Any, view: dict[str, Any] | None = None) -> str:
    """The move in words: to its mover as the move list offers it, of another seat in the third person."""
    text = offered(move, view)
    return third_person(text, view) if of_another(view) else text


def offered(move: Any, view: dict[str, Any] | None = None) -> str:
    match move:
        case PlaceStartCards(cards=c):
            return "start cards: " + ", ".join(f"{person(x)} behind caravan {i + 1}" for i, x in enumerate(c))
        case CaravanAction() | Farewell():
            farewell = isinstance(move, Farewell)
            card = front(view, move.caravan)
            what = person(card, move.action, farewell) if card else f"the front card's {'farewell' if farewell else 'caravan'} action"
            more = details(move, view)
            how = "farewell" if farewell else "caravan action"
            return f"caravan {move.caravan + 1}, {how}: {what}" + (f" — {more}" if more else "")
        case Pass(caravan=c):
            card = front(view, c)
            return f"caravan {c + 1}: pass ({person(card) if card else 'the front card'} goes to the back)"
        case Keep(cards=c):
            return "keep " + (", ".join(person(x) for x in c) or "none")
        case Arrange(cards=c):
            return "put back on the deck, top first: " + ", ".join(person(x) for x in c)
        case FulfilDrawn(order=o) | SecondOrder(order=o):
            return f"fulfil {order(o)}" if o else "fulfil no (further) order"
        case ReplaceDisplay(order=o, replace=r):
            return f"put {order(o)} in the display in place of {order(r)}" if o else "leave the display as it is"
        case TakeDiscard(card=c):
            return f"take {person(c)} from the discard pile"
        case Respond(caravan=c, spice=s):
            if c is not None:
                cars = caravans_of(view) or []
                last = cars[c][-1] if 0 <= c < len(cars) and cars[c] else None
                return f"caravan {c + 1} gives up its last card" + (f", {person(last)}" if last else "")
            return f"lose {SPICE_NAMES.get(s or '', s)}"
        case DealStart(card=c):
            return f"a start card is dealt: {person(c)}"
        case DrawCard(card=c):
            pending = (view or {}).get("pending") or {}
            if pending.get("deck") == "look":  # the Prophet's look: the card goes back, in the order chosen
                who = seat_name(view, pending["seat"]) if isinstance(pending.get("seat"), int) else "the Prophet's owner"
                return f"{who} looks at the top standard card: {person(c)}"
            return f"a card is drawn: {person(c)}"
        case DrawOrder(order=o):
            return f"an order is drawn: {order(o)}"
    return type(move).__name__


def card_summary(card: str, board: dict[str, int] | None = None) -> str:
    """A person card's two actions: "Barterer — caravan action: …; farewell: …"; with the board of the seat
    holding it, an action it cannot pay is marked so ("(cannot be paid now)"): the menu offers no move for it."""
    p = PERSONS.get(card)
    if p is None:
        return card

    def unpaid(act: Any) -> str:
        if board is None:
            return ""
        return "" if fx.pay_options(tuple(board.get(r, 0) for r in RESOURCES), act.cost) else " (cannot be paid now)"

    acts = [f"caravan action{' ' + str(i + 1) if len(p.caravan) > 1 else ''}: {person(card, i).split(': ', 1)[1]}"
            + unpaid(p.caravan[i]) for i in range(len(p.caravan))]
    acts += [f"farewell: {person(card, i, True).split(': ', 1)[1]}" + unpaid(p.farewell[i]) for i in range(len(p.farewell))]
    return f"{p.name} ({p.vp:+d} VP) — " + "; ".join(acts) if p.vp else f"{p.name} — " + "; ".join(acts)


def group(move: Any, view: dict[str, Any] | None = None) -> str:
    match move:
        case CaravanAction(caravan=c) | Farewell(caravan=c) | Pass(caravan=c):
            card = front(view, c)
            return f"caravan {c + 1}" + (f", front card {card_summary(card, board_of(view))}" if card else "")
        case Keep() | Arrange() | TakeDiscard():
            return "cards"
        case FulfilDrawn() | SecondOrder() | ReplaceDisplay():
            return "orders"
        case PlaceStartCards():
            return "start cards"
    return type(move).__name__.lower()


def describe_choice(move: Any, view: dict[str, Any] | None = None) -> str:
    """A caravan's move under its heading (which names the card): just what differs."""
    match move:
        case CaravanAction() | Farewell():
            how = "farewell" if isinstance(move, Farewell) else "caravan action"
            card = PERSONS.get(front(view, move.caravan) or "")
            if card is not None and len(card.farewell if isinstance(move, Farewell) else card.caravan) > 1:
                how += f" {move.action + 1}"
            more = details(move, view)
            if more or card is None:
                return how + (f": {more}" if more else "")
            return how + ": " + person(card.id, move.action, isinstance(move, Farewell)).split(": ", 1)[-1]
        case Pass():
            return "pass (the card goes to the back of the caravan)"
        case TakeDiscard(card=c) if c in PERSONS:  # what the card would do, as a caravan's heading says it
            return f"take {card_summary(c).replace(' — ', ' from the discard pile — ', 1)}"
        case Keep(cards=(c,)) if c in PERSONS:
            return f"keep {card_summary(c)}"
    return describe_move(move, view)
