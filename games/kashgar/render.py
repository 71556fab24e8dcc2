"""The board as text for a terminal (`caravan game show`), from the JSON-decoded view."""

from __future__ import annotations

from collections import Counter

from games.naming import seat_name

from .content import ORDERS, PERSONS, RESOURCES, SPICE_NAMES
from .describe import ORDER_KIND, STEPS, card_summary, goods, order


def card_name(cid: str | None) -> str:
    if cid is None:
        return "?"
    p = PERSONS.get(cid)
    if p is None:
        return cid
    vp = "" if p.vp == 0 and cid != "SD09" else (" (VP=Grain Fields)" if cid == "SD09" else f" ({p.vp:+d})")
    return f"{p.name}{vp}"


def order_text(oid: str | None) -> str:
    if oid is None:
        return "?"
    o = ORDERS[oid]
    label = o.name or ORDER_KIND[o.kind]
    return f"{label} ({oid}): {goods(o.cost)} → {o.vp} VP, needs {o.cond} mule{'s' if o.cond != 1 else ''}"


def render(v: dict, seat: int | None) -> str:
    out = []
    active = v.get("active", [])
    who = ", ".join("chance" if a == -1 else seat_name(v, a) for a in active) or "nobody"
    out.append(f"[bold]Kashgar[/bold] — round {v['round']}, phase {v['phase']}, to act: {who}"
               + ("  [red]end triggered[/red]" if v.get("end_triggered") else ""))
    if v.get("start_player", -1) >= 0:
        out.append(f"start player: {seat_name(v, v['start_player'])}")
    out.append("")
    out.append("[bold]Order display[/bold]")
    for o in v["display"]:
        out.append(f"  {order_text(o)}")
    d = v["decks"]
    out.append(f"Decks: standard {d['standard']}, special {d['special']}, orders {d['orders']}"
               f"; spare Patriarch: {'yes' if v['spare_patriarch'] else 'taken'}")
    pile = Counter(v["discard"])
    out.append("Discard pile: " + (", ".join(f"{card_name(c)}×{n}" if n > 1 else card_name(c)
                                             for c, n in sorted(pile.items())) or "empty"))
    known = [c for c in v.get("standard_top", []) if c]
    if known:
        out.append("Known top of the standard deck: " + ", ".join(card_name(c) for c in v["standard_top"]))
    if any(v.get("orders_under", [])):
        out.append("Under the order deck (known): " + "; ".join(order(o) if o else "?" for o in v["orders_under"]))
    if any(v.get("special_under", [])):
        out.append("Under the special deck (known): " + ", ".join(card_name(c) for c in v["special_under"]))
    out.append("")
    for p in v["players"]:
        i = p["seat"]
        me = " [bold](you)[/bold]" if seat == i else ""
        turn = " ◀" if i in active else ""
        out.append(f"[bold]{seat_name(v, i)}[/bold]{me}{turn} — {p['vp']} VP")
        b = p["board"]
        out.append("  " + ", ".join(f"{SPICE_NAMES[r]} {b[r]}" for r in RESOURCES))
        for k, car in enumerate(p["caravans"]):
            names = [card_name(c) for c in car]
            if names:
                names[0] = f"[bold]{names[0]}[/bold]"  # the front card: the one that can act
            out.append(f"  caravan {k + 1}: " + (" | ".join(names) or "—"))
        if p["orders"]:
            out.append("  orders: " + ", ".join(f"{ORDERS[o].name or ORDER_KIND[ORDERS[o].kind]} ({o}, {ORDERS[o].vp} VP)"
                                                for o in p["orders"]))
        if p.get("dealt"):
            out.append("  start cards to place:")
            out.extend(f"    {card_summary(c)}" for c in p["dealt"])
    pd = v.get("pending")
    if pd:
        out.append("")
        line = f"{seat_name(v, pd['seat'])} is using {card_name(pd['card'])}: {STEPS.get(pd['step'], pd['step'])}"
        if pd["step"] == "respond":
            line += f" ({seat_name(v, pd['target'])})"
        out.append(line)
        if pd["drawn"]:
            shown = [order_text(c) if pd["deck"] == "orders" else card_name(c) for c in pd["drawn"]]
            out.append("  drawn: " + "; ".join(shown))
    if v["phase"] == "over":
        out.append("")
        out.append("[bold]Game over[/bold] — " + ", ".join(f"{seat_name(v, p['seat'])}: {p['vp']} VP" for p in v["players"]))
    return "\n".join(out)
