"""Bangkok Klongs' board as a picture for the web page, from the JSON-decoded view: the 10 × 8 water
fields in quarters of four, the piers between them with their mooring places (and the market master; on a
market day the places the scorer may score are ringed; each place's tooltip names it by its four squares),
the entry squares, each boat with its goods, baskets, Luk Phat mark and merchant (the player's colour,
shape and letter — or a printed neutral merchant, or none), the Luk Phat track, and every player's
supply, warehouse and hand (the hand only in its owner's view: the view holds nothing else)."""

from __future__ import annotations

from typing import Any

from games.naming import counted, seat_name
from games.svgkit import SEAT_SHAPES, circle, ink_on, line, rect, shape, standings, svg, text, title
from games.svgkit import target as clickable

from . import describe
from .content import (
    BOAT_INDEX,
    BOATS,
    DARK_ENTRIES,
    HEIGHT,
    LIGHT_ENTRIES,
    LUK_PHAT_POINTS,
    MARKET_DAY_FIELDS,
    WIDTH,
    square,
)
from .describe import CHOICE_WORDS, mooring

W = 1000
CELL = 66
X0, Y0 = 20, 50
PLAYER_FILL = {"red": "#D55E00", "yellow": "#F0E442", "green": "#009E73", "blue": "#0072B2"}
GOODS_FILL = {"BANANAS": "#F0E442", "FISH": "#56B4E9", "FLOWERS": "#CC79A7", "RICE": "#f4f1de", "VEGETABLES": "#009E73",
              "COCONUTS": "#8c510a", "SPICES": "#D55E00", "THIEF": "#222222", "OVERSEER": "#7B3294", "COOKSHOP": "#999999"}


def target(move: dict[str, Any], view: dict[str, Any] | None = None) -> str | None:
    """The water field a move is about: where a boat goes, which boat moves, is stolen, or is scored."""
    t = move.get("type")
    if t == "place":
        return f"sq:{move['x']},{move['y']}"
    if t == "move-boat":
        return f"sq:{move['from_x']},{move['from_y']}"
    if t in ("steal", "score", "shift-merchant"):
        return f"sq:{move['x']},{move['y']}"
    return None


def group(move: dict[str, Any]) -> str:
    t = move.get("type", "move")
    if t == "place":
        return f"place {describe.boat(move['boat'])}"
    return t.replace("-", " ")


def in_words(boat_id: str) -> str:
    """A boat by what it carries, as the move lists say it ("3 baskets of fish, Luk Phat"), never by its id."""
    return describe.boat(boat_id).removeprefix("boat: ")


def boat_words(boat_id: str) -> str:
    b = BOATS[BOAT_INDEX[boat_id]]
    if b.special:
        return b.kind.lower()
    return f"{b.kind.lower()}, {b.baskets} basket{'s' if b.baskets != 1 else ''}" + (", Luk Phat" if b.luk_phat else "") + (
        ", printed merchant" if b.printed_merchant else "")


def merchant(seat: int, colour: str, x: float, y: float, r: float = 9) -> str:
    fill = PLAYER_FILL.get(colour, "#ccc")
    return shape(SEAT_SHAPES[seat % len(SEAT_SHAPES)], x, y, r, fill) + text(x, y + 4, colour[:1].upper(), 10, "middle",
                                                                                weight="700", fill=ink_on(fill))


def boat(x: float, y: float, boat_id: str, owner: int | None, colours: list[str]) -> str:
    b = BOATS[BOAT_INDEX[boat_id]]
    fill = GOODS_FILL.get(b.kind, "#ddd")
    out = [rect(x + 5, y + 8, CELL - 10, CELL - 16, fill, "#222", rx=14, stroke_width="1.5"),
           text(x + CELL / 2, y + 26, b.kind[:3], 12, "middle", weight="700", fill=ink_on(fill))]
    if not b.special:
        out.append(text(x + CELL / 2, y + 41, "●" * b.baskets if b.baskets else "–", 10, "middle", fill=ink_on(fill)))
    if b.luk_phat:
        out.append(text(x + 12, y + 20, "★", 12, "middle", fill=ink_on(fill)))
    if owner is not None:
        out.append(merchant(owner, colours[owner] if owner < len(colours) else "", x + CELL - 14, y + CELL - 14, 9))
    elif b.printed_merchant:
        out.append(circle(x + CELL - 14, y + CELL - 14, 7, "#fff", "#222") + text(x + CELL - 14, y + CELL - 10, "n", 10, "middle"))
    who = f", merchant of {colours[owner]}" if owner is not None and owner < len(colours) else ""
    out.append(title(f"{in_words(boat_id)}{who}"))
    return "".join(out)


def draw(view: dict[str, Any], seat: int | None) -> str:
    players = view.get("players", [])
    colours = [p.get("colour", "") for p in players]
    head = (f"Bangkok Klongs · round {view.get('round')} · {view.get('phase')} · Luk Phat {view.get('luk_phat')}/15"
            f" · pile {view.get('pile')}")
    out = [text(10, 24, head, 16, weight="700")]
    out += _water(view, colours) + _piers(view) + _luk_phat_track(view)
    y: float = Y0 + HEIGHT * CELL + 16
    asked, y = _asked(view, y)
    holdings, y = _players(view, seat, y)
    final, y = _final(view, colours, y)
    return svg(W, y + 4, out + asked + holdings + final, head)


def _water(view: dict[str, Any], colours: list[str]) -> list[str]:
    """The water fields, each with its boat (or the entry it is, when empty)."""
    board = view.get("board", [])
    out = [rect(X0, Y0, WIDTH * CELL, HEIGHT * CELL, "#cfe6f7", "#0b3d6e", rx=2)]
    entries = dict.fromkeys(LIGHT_ENTRIES, "L")
    if len(view.get("players", [])) > 2:
        entries.update(dict.fromkeys(DARK_ENTRIES, "D"))
    for y in range(HEIGHT):
        for x in range(WIDTH):
            cx, cy = X0 + x * CELL, Y0 + y * CELL
            cell = board[y][x] if y < len(board) and x < len(board[y]) else None
            body = [rect(cx + 1, cy + 1, CELL - 2, CELL - 2, "transparent", "#9cc3e0", rx=2, class_="hit")]
            e = entries.get(square(x, y))
            if e and cell is None:
                body.append(text(cx + CELL / 2, cy + CELL / 2 + 5, "entry " + e, 11, "middle", fill="#0b3d6e"))
            if cell is not None:
                body.append(boat(cx, cy, cell["boat"], cell.get("owner"), colours))
            label = f"water field ({x}, {y})" + (f": {in_words(cell['boat'])}" if cell else "")
            out.append(clickable(f"sq:{x},{y}", body, label))
    return out


def _piers(view: dict[str, Any]) -> list[str]:
    """The piers between the quarters and the mooring places on them (the market master's, those a market day
    may score), and the board's coordinates."""
    out = []
    for px in range(2, WIDTH, 2):
        out.append(line(X0 + px * CELL, Y0, X0 + px * CELL, Y0 + HEIGHT * CELL, "#8c510a", 5))
    for py in range(2, HEIGHT, 2):
        out.append(line(X0, Y0 + py * CELL, X0 + WIDTH * CELL, Y0 + py * CELL, "#8c510a", 5))
    master = view.get("market_master")
    eligible = set((view.get("market_day") or {}).get("eligible") or ())  # the scorer's choice: ringed
    for py in range(1, HEIGHT):
        for px in range(1, WIDTH):
            if px % 2 and py % 2:
                continue
            name = f"M{px}.{py}"  # the view's name; a player reads the place by its squares (describe.mooring)
            mx, my = X0 + px * CELL, Y0 + py * CELL
            if name == master:
                out.append("<g>" + circle(mx, my, 11, "#fff", "#000", stroke_width="3") + text(mx, my + 4, "MM", 9, "middle", weight="700")
                           + title(f"the market master on {mooring(px, py)}") + "</g>")
            elif name in eligible:
                out.append("<g>" + circle(mx, my, 8, "#fde8d8", "#a4161a", stroke_width="3")
                           + title(f"may be scored now: {mooring(px, py)}") + "</g>")
            else:
                out.append("<g>" + circle(mx, my, 3, "#f4e3c1", "#5a3a10") + title(mooring(px, py)) + "</g>")
    for x in range(WIDTH):
        out.append(text(X0 + x * CELL + CELL / 2, Y0 - 6, x, 11, "middle", fill="#333"))
    for y in range(HEIGHT):
        out.append(text(X0 - 10, Y0 + y * CELL + CELL / 2 + 4, y, 11, "middle", fill="#333"))
    return out


def _luk_phat_track(view: dict[str, Any]) -> list[str]:
    """The Luk Phat track, right of the board: each field's points and market day, the marker's field."""
    tx = X0 + WIDTH * CELL + 30
    out = [text(tx, Y0 + 4, "Luk Phat track", 13, weight="700")]
    luk = view.get("luk_phat", 0)
    for f in range(16):
        fy = Y0 + 14 + f * 21
        day = MARKET_DAY_FIELDS.get(f)
        out.append(rect(tx, fy, 40, 18, "#F0E442" if f == luk else ("#fde8d8" if day else "#fff"), "#444", rx=2,
                        stroke_width="3" if f == luk else "1"))
        out.append(text(tx + 20, fy + 13, f, 11, "middle", weight="700" if f == luk else None))
        out.append(text(tx + 48, fy + 13, f"{LUK_PHAT_POINTS[f]} pt" + (f" · {day} market day" if day else "")
                        + (" ◀ now" if f == luk else ""), 11))
    return out


def _asked(view: dict[str, Any], y: float) -> tuple[list[str], float]:
    """Under the board from `y`: a market day being scored, a choice being made. The parts, and the y they end at."""
    out = []
    md = view.get("market_day")
    if md:
        out.append(text(10, y + 12, f"{md.get('kind')} market day (by {seat_name(view, md.get('trigger'))}): {seat_name(view, md.get('scorer'))} scores or passes",
                        13, weight="700", fill="#a4161a"))
        y += 22
    pd = view.get("pending")
    if pd:
        out.append(text(10, y + 12, f"{seat_name(view, view.get('turn'))} chooses {CHOICE_WORDS.get(pd.get('choice'), pd.get('choice'))}"
                        + (f" (caught: {', '.join(map(boat_words, pd['caught']))})" if pd.get("caught") else ""), 13, weight="700", fill="#a4161a"))
        y += 22
    return out, y


def _players(view: dict[str, Any], seat: int | None, y: float) -> tuple[list[str], float]:
    """A box a player from `y`: score, merchants, cards, warehouse, and its hand where the view shows it. The parts,
    and the y they end at."""
    out = []
    active = set(view.get("active") or [])
    for p in view.get("players", []):
        s = p["seat"]
        acting = s in active
        h = 78
        fill = PLAYER_FILL.get(p.get("colour", ""), "#ccc")
        out.append(rect(4, y, W - 8, h, "#fbf7ee" if acting else "#f6f6f6", fill, stroke_width="4" if acting else "2"))
        out.append(merchant(s, p.get("colour", ""), 24, y + 20, 11))
        out.append(text(42, y + 25, f"{seat_name(view, s)} ({p.get('colour')})" + (" (you)" if s == seat else "") + (" ▶ to act" if acting else "")
                        + f" — score {p.get('score')} · merchants {p.get('merchants_in_supply')} in supply, "
                        f"{p.get('merchants_on_board')} on boats · movement cards {p.get('movement_cards')} · hand {p.get('hand_size')}",
                        13, weight="700"))
        ware = p.get("warehouse") or []
        out.append(text(12, y + 46, f"warehouse ({counted(p.get('warehouse_points', 0), 'pt')}): " + ("; ".join(map(boat_words, ware)) or "empty"), 11))
        hand = p.get("hand")
        if hand is not None:
            mine = s == seat and not view.get("final")  # after the end every hand is open
            out.append(text(12, y + 64, ("your hand (only you see it): " if mine else "hand: ") + ("; ".join(map(boat_words, hand)) or "empty"),
                            11, fill="#7B3294" if mine else "#1b1b1b"))
        elif p.get("known_in_hand"):
            out.append(text(12, y + 64, "known in hand: " + "; ".join(map(boat_words, p["known_in_hand"])), 11))
        y += h + 6
    return out, y


def _final(view: dict[str, Any], colours: list[str], y: float) -> tuple[list[str], float]:
    """At the end, from `y`: the totals in order of place. The parts, and the y they end at."""
    out = []
    fin = view.get("final")
    if fin:
        totals = fin.get("totals", [])
        out.append(text(10, y + 18, "Game over — totals: " + ", ".join(f"{place}{seat_name(view, i)} ({colours[i] if i < len(colours) else i}) {totals[i]}"
                                                                         for place, i in standings(view, range(len(totals)))), 15, weight="700"))
        y += 28
    return out, y
