"""Yangtze's board as a picture for the web page, from the JSON-decoded view: the river with its eight
positions and prices, the rulers and the bag, the auction or ruler under way, and each merchant's money,
goods (the ones behind a screen only in their owner's view — the view holds nothing else), settlements
and cards. Luxury goods are circles, everyday goods squares, and every tile says its name."""

from __future__ import annotations

from typing import Any

from games.naming import counted, seat_name
from games.svgkit import circle, ink_on, rect, seat_colour, seat_mark, svg, text, title, wrap
from games.svgkit import target as clickable
from games.yangtze.describe import ending, final_scoring
from games.yangtze.describe import tile as tile_words

W = 1000
SETTLEMENTS_A_ROW = 7  # 118 wide from x = 90: the row stays inside the board
TILE_COLOURS = {"RED": "#D55E00", "GOLD": "#E69F00", "PURPLE": "#7B3294", "WHITE": "#ffffff", "BLACK": "#222222",
                "GREEN": "#009E73", "ORANGE": "#F5A35C", "BROWN": "#8c510a", "PINK": "#CC79A7", "GREY": "#9a9a9a",
                "SKY": "#56B4E9"}
SETTLEMENT_COLOURS = {"G": "#009E73", "B": "#8c510a"}  # the letter in FORTRESS-G1, PAGODA-B3: green, brown (2.5)
RIVER_LEFT, SHANGHAI_WIDTH = 30, 120  # P1 (the open end) at the left, P8 by the Shanghai label at the right (2.1)


def target(move: dict[str, Any], view: dict[str, Any] | None = None) -> str | None:
    """A river position: the good bought there (the first, with card I), or swapped there."""
    t = move.get("type")
    if t == "buy" and move.get("positions"):
        return f"river:{move['positions'][0]}"
    if t == "exchange":
        return f"river:{move['position']}"
    return None


def group(move: dict[str, Any]) -> str:
    t = move.get("type", "move")
    if t == "buy":
        return "buy from the river" if len(move.get("positions", ())) == 1 else "buy two (card I)"
    return {"bid": "bid", "pass-bid": "bid", "sell": "sell", "sell-with-card-iii": "sell",
            "market-sale": "sell", "cash": "cash a card"}.get(t, t.replace("-", " "))


def tile(x: float, y: float, t: str | None, size: float = 30) -> str:
    """A good (circle: luxury, square: everyday) with its ware and colour written under it."""
    if not t:
        return text(x, y + 4, "empty", 11, "middle", fill="#666")
    parts = t.split("-")
    if len(parts) != 3:  # a settlement or a ruler tile
        return rect(x - size / 2, y - size / 2, size, size, "#eee", "#444") + text(x, y + 4, t, 9, "middle")
    cat, ware, colour = parts
    fill = TILE_COLOURS.get(colour, "#ccc")
    mark = (circle(x, y - 6, size / 2 - 2, fill, "#222", stroke_width="1.5") if cat == "L"
            else rect(x - size / 2 + 2, y - 6 - size / 2 + 2, size - 4, size - 4, fill, "#222", rx=2, stroke_width="1.5"))
    return (mark + text(x, y - 2, ware[:3], 9, "middle", weight="700", fill=ink_on(fill))
            + text(x, y + size / 2 + 4, f"{ware.lower()} {colour.lower()}", 9, "middle") + title(tile_words(t)))


def settlement(x: float, y: float, s: str) -> str:
    kind, _, code = s.rpartition("-")
    fill = SETTLEMENT_COLOURS.get(code[:1], "#ccc")
    return (rect(x, y, 112, 20, fill, "#222", rx=3) + text(x + 56, y + 14, f"{kind.replace('_', ' ').lower()} {code}", 10, "middle",
                                                          fill=ink_on(fill)) + title(tile_words(s)))


def screen(own: bool, over: bool) -> str:
    """Whose screen a panel's secret starting goods lie behind: only the reader's own is "your", and
    only while the game runs does the reader alone see them (the view shows no one else's until the end)."""
    if not own:
        return "behind the screen: "
    return "behind your screen: " if over else "behind your screen (only you see these): "


def draw(view: dict[str, Any], seat: int | None) -> str:
    out: list[str] = []
    you = view.get("you", seat)
    head = f"Yangtze · turn {view.get('turn')} · {view.get('phase')}"
    out.append(text(10, 24, head, 16, weight="700"))
    b = view.get("bag", {})
    out.append(text(W - 10, 24, f"bag: {counted(b.get('tiles'), 'tile')} ({counted(b.get('goods'), 'good')}, "
                    f"{counted(b.get('rulers'), 'ruler')}, {counted(b.get('settlements'), 'settlement')})", 12, "end", fill="#333"))
    # the river flows from the open end (P1, on the left) down to Shanghai (P8, on the right)
    y: float = 44
    out.append(rect(10, y, W - 20, 96, "#cfe6f7", "#0072B2", rx=30))
    out.append(text(W - 24, y + 54, "▶ Shanghai", 12, "end", weight="700", fill="#0b3d6e"))
    step = (W - RIVER_LEFT - SHANGHAI_WIDTH) / 8
    for i, r in enumerate(view.get("river", [])):
        x = RIVER_LEFT + i * step + step / 2
        p = r["position"]
        body = (rect(x - step / 2 + 6, y + 8, step - 12, 80, "#ffffff", "#0b3d6e", class_="hit", rx=6)
                + text(x, y + 22, f"P{p} · {r['price']} coins", 11, "middle", weight="700") + tile(x, y + 52, r.get("good")))
        good = tile_words(r["good"]) if r.get("good") else "empty"
        out.append(clickable(f"river:{p}", body, f"river position P{p}, price {r['price']}: {good}"))
    y += 110
    rulers = view.get("rulers", [])
    for ln in wrap(f"Rulers {len(rulers)}/12: " + (", ".join(r["name"] for r in rulers) or "none yet"), 140):
        out.append(text(10, y + 14, ln, 12))
        y += 16
    y += 8
    a = view.get("auction")
    if a:
        high = f"{a['high_bid']} by {seat_name(view, a['high_bidder'])}" if a.get("high_bidder") is not None else "no bid yet"
        out.append(rect(10, y, W - 20, 30, "#f7e9f1", "#CC79A7"))
        passed = ", ".join(seat_name(view, s) for s in a.get("passed", [])) or "nobody"
        out.append(text(20, y + 20, f"Auction for the {tile_words(a['tile'])}: high bid {high}; passed: {passed}"
                        f"; to bid: {seat_name(view, a.get('turn'))}", 13, weight="700"))
        y += 38
    ru = view.get("ruling")
    if ru:
        out.append(rect(10, y, W - 20, 30, "#fde8d8", "#D55E00"))
        out.append(text(20, y + 20, f"Ruler {ru['ruler']} {ru['name']}: {ru.get('instruction', '')} — asked: {seat_name(view, ru.get('asked'))}", 13, weight="700"))
        y += 38
    panels, y = _panels(view, you, y)
    result, y = _result(view, y)
    return svg(W, y + 4, out + panels + result, head)


def _panels(view: dict[str, Any], you: int | None, y: float) -> tuple[list[str], float]:
    """A panel a player from `y`: money, goods (those behind another's screen counted), settlements and cards.
    The parts, and the y they end at."""
    out = []
    over = view.get("phase") == "over"
    active = None if over else view.get("active")  # after the end nobody's turn
    for p in view.get("players", []):
        s = p["seat"]
        goods = list(p.get("goods") or [])
        secret = p.get("secret")
        settlements = p.get("settlements") or []
        rows = max(1, -(-len(settlements) // SETTLEMENTS_A_ROW))
        h = 150 + 24 * (rows - 1)
        acting = s == view.get("waiting_for")
        out.append(rect(4, y, W - 8, h, "#fbf7ee" if acting else "#f6f6f6", seat_colour(s), stroke_width="4" if acting else "2"))
        out.append(seat_mark(s, 24, y + 20, 11))
        coins = f" ({p['coins_50']}×50 + {p['marker']})" if p.get("coins_50") else ""
        out.append(text(42, y + 25, seat_name(view, s) + (" (you)" if s == you else "") + (" ▶ to act" if acting else " · their turn" if s == active else "")
                        + f" — {counted(p.get('money'), 'coin')}{coins} · {counted(p.get('goods_count'), 'good')}", 15, weight="700"))
        out.append(text(12, y + 50, "goods:", 11, fill="#333"))
        shown = goods[:16]
        for i, g in enumerate(shown):
            out.append(tile(80 + i * 56, y + 62, g, 26))
        hidden = (p.get("hidden_goods") or 0) if secret is None else 0
        if hidden:
            x = 80 + len(shown) * 56
            out.append(rect(x - 13, y + 43, 26, 26, "#bbb", "#444", rx=2) + text(x, y + 61, "?", 14, "middle", weight="700")
                       + text(x + 18, y + 61, f"× {hidden} behind the screen", 10) + title(f"{counted(hidden, 'good')} behind the screen"))
        if secret:
            out.append(text(12, y + 96, screen(s == you, over) + ", ".join(tile_words(t) for t in secret),
                            11, fill="#7B3294"))
        out.append(text(12, y + 118, "settlements:", 11, fill="#333"))
        for i, st in enumerate(settlements):
            row, col = divmod(i, SETTLEMENTS_A_ROW)
            out.append(settlement(90 + col * 118, y + 105 + 24 * row, st))
        out.append(text(12, y + h - 9, "cards: " + (", ".join(p.get("card_names") or []) or "all used"), 11))
        y += h + 8
    return out, y


def _result(view: dict[str, Any], y: float) -> tuple[list[str], float]:
    """At the end, from `y`: the ranks and scores, and each seat's final scoring. The parts, and the y they end at."""
    out = []
    res = view.get("result")
    if res:
        out.append(text(10, y + 18, "Game over" + (f" {ending(view['ended_by'])}" if view.get("ended_by") else "") + ": " + ", ".join(
            f"{rank}. {seat_name(view, i)} {sc:g}" for rank, i, sc in sorted((r, i, sc) for i, (r, sc) in enumerate(zip(res["ranks"], res["scores"], strict=True)))),
            15, weight="700"))
        y += 28
        for line in final_scoring(view.get("final_scoring") or [], view):
            out.append(text(10, y + 14, line, 12))
            y += 18
    return out, y
