"""Kashgar's board as a picture for the web page, from the JSON-decoded view: the order display, the decks,
and for each player the resource tracks, victory points, orders and three caravans of person cards (the
front card, which acts, first), each card with its name and its effects."""

from __future__ import annotations

from typing import Any

from games.naming import seat_name
from games.svgkit import circle, rect, seat_colour, seat_mark, standings, svg, text, title, wrap
from games.svgkit import target as clickable

from .content import ORDERS, PERSONS, RESOURCES, SPICE_NAMES, cost_text
from .describe import STEPS

W = 1000
CARD_W, CARD_H, GAP = 158, 62, 6
ORDER_H = 52
RES_COLOURS = {"GI": "#E69F00", "CL": "#8c510a", "PE": "#333333", "SA": "#CC79A7", "CI": "#D55E00",
               "GO": "#F0E442", "MU": "#999999"}


# --- the cards in words ------------------------------------------------------------------------------

def _vec(v: tuple[int, ...]) -> str:
    return " ".join(f"{n:+d} {r}" for r, n in zip(RESOURCES, v, strict=True) if n)


def _cost(c: Any) -> str:
    parts = [cost_text(c.board)] if any(c.board) else []
    if c.any_spice:
        parts.append(f"{c.any_spice} any spice")
    if c.one_spice:
        parts.append(f"{c.one_spice} of one spice")
    return " + ".join(parts) or "free"


def _code(r: str | int) -> str:
    return RESOURCES[r] if isinstance(r, int) else r


# the effects with no numbers of their own, or with fixed ones (the card's words: describe.SPECIAL_EFFECTS)
SHORT = {
    "flip": "flip", "fulfil_two": "fulfil up to two orders", "spare_patriarch": "take the spare Patriarch",
    "leader_front": "another card to the front", "leader_move": "a card to another caravan",
    "judge": "remove 1 other card", "spices_min3": "spices below 3 set to 3",
    "thief": "a player −2 of a spice or gold, you +1", "robber_spices": "a player −1 each of two spices",
    "robber_card": "a player drops a last card", "schemer": "set a player's spice to 3",
    "customs": "others −1 GO, you +1 GO", "spy": "an order under the deck",
    "mercenary": "another's front card to its end (2+ cards)", "fence": "a richer player −2 GO to you",
    "poisoner": "a player −1 MU and 2 of a spice",
}


def _effect(e: tuple) -> str:
    """A card effect in short (the content's effect tuples, as `describe.effect` says them at length)."""
    name, args = e[0], e[1:]
    match name:
        case "gain":
            vec, spices = args
            extra = ("+1 spice" if spices == 1 else f"+{spices} of one spice") if spices else ""
            return " ".join(x for x in (_vec(vec), extra) if x) or "nothing"
        case "gain_either":
            which, n = args
            return f"+{n} {' or '.join(which)}"
        case "two_spices":
            return f"+{args[0]} each of two spices"
        case "other_spice":
            return f"+{args[0]} of another spice"
        case "set":
            return f"set {_code(args[0])} to {args[1]}"
        case "set_spice":
            return f"set a spice to {args[0]}"
        case "draw_std":
            return f"draw {args[0]}, keep {args[1]}"
        case "draw_spc":
            return f"draw {args[0]} special, keep {args[1]}"
        case "look_std":
            return f"look at top {args[0]}, reorder"
        case "take_discard":
            return f"take {args[0]} from discard"
        case "draw_orders":
            return f"draw {args[0]} order{'s' if args[0] != 1 else ''} ({args[1]})"
        case "fulfil":
            kinds, how, gold = args
            what = "an order" if tuple(kinds) == ("small", "large", "special") else "/".join(kinds)
            return f"fulfil {what}" + {"free": " free", "no_spice": " without spices"}.get(how, "") + (f", +{gold} GO" if gold else "")
        case "others_gain":
            return f"others +{args[1]} {_code(args[0])}"
        case "others_set":
            return f"others' {_code(args[0])} to {args[1]}"
        case "others_lose" | "target_lose":
            return f"{'others' if name == 'others_lose' else 'a player'} −{args[1]} {_code(args[0])}"
    return SHORT.get(name, name.replace("_", " "))


def card_text(cid: str) -> tuple[str, str]:
    """A person card: its name (with VP) and its effects in a line ("C:" caravan, "F:" farewell)."""
    p = PERSONS.get(cid)
    if p is None:
        return cid, ""
    name = p.name + (f" ({p.vp:+d} VP)" if p.vp else "")
    acts = ["C: " + "; ".join(f"{_cost(a.cost)} → {_effect(a.effect)}" if any(a.cost.board) or a.cost.any_spice or a.cost.one_spice
                              else _effect(a.effect) for a in p.caravan)] if p.caravan else []
    if p.farewell:
        acts.append("F: " + "; ".join(_effect(a.effect) for a in p.farewell))
    return name, "  ".join(acts)


def order_text(oid: str) -> tuple[str, str]:
    o = ORDERS.get(oid)
    if o is None:
        return oid, ""
    return f"{oid} {o.name or o.kind}: {o.vp} VP", f"mules ≥ {o.cond}; pay {cost_text(o.cost)}"


# --- what a click chooses -----------------------------------------------------------------------------------

def target(move: dict[str, Any], view: dict[str, Any] | None = None) -> str | None:
    """The part of the board a move is chosen by: an order it names, or the caravan whose front card acts."""
    if move.get("order"):
        return f"order:{move['order']}"
    if move.get("type") in ("caravan-action", "farewell", "pass") and move.get("caravan") is not None:
        return f"caravan:{move['caravan']}"
    return None


def group(move: dict[str, Any]) -> str:
    t = move.get("type", "move")
    if t in ("caravan-action", "farewell", "pass") and move.get("caravan") is not None:
        return f"caravan {move['caravan'] + 1}"
    return t.replace("-", " ")


# --- the picture ------------------------------------------------------------------------------------------------

def _card(x: float, y: float, cid: str | None, front: bool = False, width: float = CARD_W) -> str:
    if cid is None:
        return rect(x, y, width, CARD_H, "#ddd", "#888") + text(x + width / 2, y + CARD_H / 2 + 4, "hidden card", 11, "middle")
    name, effects = card_text(cid)
    fill = "#fff7e0" if front else "#ffffff"
    room = width - 7  # the text starts 5 in and keeps 2 off the right edge
    label, size = _fitted(("▶ " if front else "") + name, room)
    head, paren, vp = name.partition(" (")
    if paren and label.endswith(paren + vp) and "…" in label:  # cut to keep its VP: the whole name alone, if it fits
        alone, alone_size = _fitted(("▶ " if front else "") + head, room)
        if "…" not in alone:
            label, size, effects = alone, alone_size, f"{vp.rstrip(')')}  {effects}"  # a line of its own
    body = [rect(x, y, width, CARD_H, fill, "#1b1b1b" if front else "#777", stroke_width="2.5" if front else "1", class_="hit" if front else None),
            title(f"{name} — {effects}"),
            text(x + 5, y + 15, label, size, weight="700")]
    chars = max(8, int(room / (10 * PLAIN_EM)))
    lines = [ln for part in effects.split("  ") for ln in wrap(part, chars)]  # the caravan action, then the farewell
    if len(lines) > 3:  # the rest is in the card's tooltip
        lines = lines[:2] + [_cut(lines[2], chars)]
    for i, ln in enumerate(lines):
        body.append(text(x + 5, y + 30 + 12 * i, _cut(ln, chars) if len(ln) > chars else ln, 10, fill="#333"))
    return "".join(body)


BOLD_EM, PLAIN_EM = 0.62, 0.56  # a character's width in ems, generously (the page's sans-serif)


def _cut(s: str, chars: int) -> str:
    return s[:max(1, chars - 1)].rstrip() + "…"


def _fitted(label: str, room: float) -> tuple[str, float]:
    """A card's name line and its bold font size: 12 where it fits, smaller down to 9, then cut before its
    VP ("Court Astrol… (+2 VP)")."""
    size = max(9.0, min(12.0, int(10 * room / (len(label) * BOLD_EM)) / 10))  # (tenths, rounded down: it still fits)
    chars = int(room / (size * BOLD_EM))
    if len(label) <= chars:
        return label, size
    head, paren, vp = label.partition(" (")
    tail = paren + vp
    return _cut(head, chars - len(tail)) + tail, size


def _order(x: float, y: float, oid: str, can: bool = True) -> str:
    head, cond = order_text(oid)
    o = ORDERS.get(oid)
    fill = {"small": "#e8f1fb", "large": "#e9f6ee", "special": "#f7e9f1"}.get(o.kind if o else "", "#fff")
    body = rect(x, y, 212, ORDER_H, fill, "#555", class_="hit") + text(x + 6, y + 17, head, 12, weight="700") + "".join(
        text(x + 6, y + 31 + 12 * i, ln, 10) for i, ln in enumerate(wrap(cond, 36)))  # the longest cost takes two lines
    return clickable(f"order:{oid}" if can else None, body, f"order {head}; {cond}")


def _tracks(x: float, y: float, board: dict[str, int]) -> str:
    out = []
    for i, r in enumerate(RESOURCES):
        n = board.get(r, 0)
        cx = x + i * 66
        out.append(rect(cx, y, 60, 34, "#fff", "#999"))
        out.append(circle(cx + 11, y + 17, 7, RES_COLOURS[r], "#222"))
        out.append(text(cx + 22, y + 14, r, 10, fill="#333"))
        out.append(text(cx + 22, y + 29, n, 14, weight="700"))
        out.append(title(f"{SPICE_NAMES[r]}: {n}"))
    return "".join(out)


def draw(view: dict[str, Any], seat: int | None) -> str:
    out: list[str] = []
    y = 10
    active = set(view.get("active") or [])
    status = f"Kashgar · round {view.get('round')} · phase {view.get('phase')}" + (" · end triggered" if view.get("end_triggered") else "")
    out.append(text(10, y + 16, status, 16, weight="700"))
    d = view.get("decks", {})
    out.append(text(W - 10, y + 16, f"decks: standard {d.get('standard')}, special {d.get('special')}, orders {d.get('orders')}"
                    + f" · discard {len(view.get('discard', []))}" + (" · spare Patriarch" if view.get("spare_patriarch") else ""),
                    12, "end", fill="#333"))
    y += 30
    out.append(text(10, y + 14, "Order display", 13, weight="700"))
    for i, oid in enumerate(view.get("display", [])):
        out.append(_order(120 + i * 220, y, oid))
    y += ORDER_H + 10
    pd = view.get("pending")
    if pd:
        name = card_text(pd["card"])[0] if pd.get("card") else "?"
        out.append(text(10, y + 12, f"{seat_name(view, pd['seat'])} is using {name}: {STEPS.get(pd['step'], pd['step'])}", 13, weight="700", fill="#a4161a"))
        y += 18
        for i, c in enumerate(pd.get("drawn") or []):
            if pd.get("deck") == "orders":
                out.append(_order(10 + i * 220, y, c))
            else:
                out.append(_card(10 + i * (CARD_W + GAP), y, c))
        if pd.get("drawn"):
            y += CARD_H + 8
    for p in view.get("players", []):
        s = p["seat"]
        caravans = p.get("caravans", [])
        longest = max([len(c) for c in caravans] + [1])
        cw = min(CARD_W, (W - 140 - GAP * longest) / longest)
        h = 62 + 3 * (CARD_H + GAP) + (24 if p.get("orders") or p.get("dealt") else 0)
        acting = s in active
        out.append(rect(4, y, W - 8, h, "#fbf7ee" if acting else "#f6f6f6", seat_colour(s), stroke_width="4" if acting else "2"))
        out.append(seat_mark(s, 24, y + 20, 11))
        out.append(text(42, y + 25, seat_name(view, s) + (" (you)" if s == seat else "") + (" ▶ to act" if acting else "")
                        + f" — {p.get('vp', 0)} VP", 15, weight="700"))
        out.append(_tracks(W - 8 - 7 * 66, y + 6, p.get("board", {})))
        yy = y + 46
        for k, car in enumerate(caravans):
            row = [text(12, yy + CARD_H / 2 + 5, f"caravan {k + 1}", 12, weight="700")]
            for j, cid in enumerate(car):
                row.append(_card(100 + j * (cw + GAP), yy, cid, front=j == 0, width=cw))
            if not car:
                row.append(text(100, yy + CARD_H / 2 + 5, "empty", 12, fill="#666"))
            mine = s == seat
            out.append(clickable(f"caravan:{k}" if mine else None, "".join(row) + rect(4, yy - 2, 92, CARD_H + 4, "transparent", "none", class_="hit"),
                              f"your caravan {k + 1}" if mine else ""))
            yy += CARD_H + GAP
        extra = []
        if p.get("orders"):
            extra.append("orders fulfilled: " + ", ".join(f"{o} ({ORDERS[o].vp} VP)" if o in ORDERS else o for o in p["orders"]))
        if p.get("dealt"):
            extra.append("start cards to place: " + ", ".join(card_text(c)[0] for c in p["dealt"]))
        if extra:
            out.append(text(12, yy + 14, " · ".join(extra), 12))
        y += h + 8
    if view.get("phase") == "over":
        vp = {p["seat"]: p.get("vp") for p in view.get("players", [])}
        out.append(text(10, y + 18, "Game over: " + ", ".join(f"{place}{seat_name(view, s)} {vp[s]} VP" for place, s in standings(view, vp)),
                        15, weight="700"))
        y += 28
    return svg(W, y + 4, out, status)
