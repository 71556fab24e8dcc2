"""Himalaya's board as a picture for the web page, from the JSON-decoded view: the map of 20 villages
(house, temple, monastery — by shape and word) with their resource cubes or order ring, stupas and
caravans; the 27 paths by kind (earth solid, stone dashed, ice dotted, each lettered); the eight regions
with their delegations; the event figures; and each player's holdings (their cubes, rings and program
only in their own view: the view holds nothing else)."""

from __future__ import annotations

from typing import Any

from games.naming import counted, seat_name
from games.svgkit import circle, line, rect, seat_colour, seat_mark, shape, standings, svg, text, title
from games.svgkit import target as clickable

from .content import PATHS, POSITION, REGION_VILLAGES
from .describe import after_disc, figures, program_end, program_end_words, religion_note, whereabouts

W, MAP_H = 1000, 640
PATH_STYLE = {"earth": ("#8c510a", None, "E"), "stone": ("#555555", "12 6", "S"), "ice": ("#56B4E9", "3 5", "I")}
BUILDING_SHAPE = {1: ("square", "house"), 2: ("triangle", "temple"), 3: ("pentagon", "monastery")}
CUBE_FILL = {"salt": "#ffffff", "barley": "#F0E442", "tea": "#009E73", "jade": "#56B4E9", "gold": "#E69F00"}


def _xy(v: int) -> tuple[float, float]:
    x, y = POSITION[v]
    return 50 + x * 9, 40 + y * 6.3


# --- where a village's goods are written: beside it where nothing else is (another village, a path's letter,
# a region's name, goods already placed), on its right unless something is there --------------------------
Box = tuple[float, float, float, float]
CUBE_CELL, CUBE_ROW, RING_BOX = 22, 14, (44, 18)


def _overlap(a: Box, b: Box) -> float:
    w, h = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _fixed() -> list[Box]:
    """What the map always shows: each village with its caravans under it, each path's letter, each region's
    name; and what lies around it (the title, the legend, the picture's edges)."""
    boxes = [(x - 26, y - 26, x + 26, y + 40) for x, y in map(_xy, POSITION)]
    boxes += [(-500, -500, W + 500, 30), (-500, MAP_H + 6, W + 500, MAP_H + 500), (-500, -500, 0, MAP_H + 500),
              (W, -500, W + 500, MAP_H + 500)]
    for a, b, _ in (PATHS[n] for n in range(1, len(PATHS))):
        mx, my = (_xy(a)[0] + _xy(b)[0]) / 2, (_xy(a)[1] + _xy(b)[1]) / 2
        boxes.append((mx - 10, my - 10, mx + 10, my + 10))
    for r, vs in REGION_VILLAGES.items():
        cx, cy = _region_label(r, vs)
        boxes.append((cx - 36, cy - 12, cx + 36, cy + 4))
    return boxes


def _region_label(r: str, vs: tuple[int, ...]) -> tuple[float, float]:
    """Where a region's name stands: the middle of its villages (region H a little lower)."""
    return sum(_xy(v)[0] for v in vs) / len(vs), sum(_xy(v)[1] for v in vs) / len(vs) + (8 if r == "H" else 0)


def _beside(x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    """The places a w × h label may take beside the village at (x, y), the first preferred."""
    return [(x + 26, y - 16), (x - 26 - w, y - 16), (x + 20, y - 22 - h), (x + 20, y + 22), (x - 20 - w, y - 22 - h),
            (x - 20 - w, y + 22), (x - w / 2, y - 30 - h), (x - w / 2, y + 42)]


def goods_places(view: dict[str, Any]) -> dict[tuple[int, str], Box]:
    """(village, "cubes" | "ring") -> the box its goods are written in, the largest placed first."""
    sizes = {}
    for v in view.get("villages", []):
        count = sum(1 for c in (v.get("cubes") or {}).values() if c)
        if count:
            sizes[(v["village"], "cubes")] = (min(count, 3) * CUBE_CELL, -(-count // 3) * CUBE_ROW)
        if v.get("ring"):
            sizes[(v["village"], "ring")] = RING_BOX
    taken, out = _fixed(), {}
    for key, (w, h) in sorted(sizes.items(), key=lambda kv: (-kv[1][0] * kv[1][1], kv[0])):
        gx, gy = min(_beside(*_xy(key[0]), w, h), key=lambda c: sum(_overlap((c[0], c[1], c[0] + w, c[1] + h), o) for o in taken))
        out[key] = (gx, gy, gx + w, gy + h)
        taken.append(out[key])
    return out


def target(move: dict[str, Any], view: dict[str, Any] | None = None) -> str | None:
    t = move.get("type")
    if t in ("place-caravan", "place-market"):
        return f"village:{move['village']}"
    if t in ("place-yeti", "place-snowstorm"):
        return f"path:{move['path']}"
    if t == "plan-slot" and view is not None:
        return disc_target(move.get("command"), view)
    return None


def disc_target(command: Any, view: dict[str, Any]) -> str | None:
    """The board part a disc takes the caravan to from the program's end (describe.after_disc): the village
    it reaches, the Snowstorm's path it stops on, or nothing when it stays (Yeti, no path, trade, pause)."""
    end, after = program_end(view), after_disc(command, view)
    if end is None or after is None or after == end:
        return None
    village, heading = after
    return f"path:{figures(view)[1]}" if heading else f"village:{village}"


def group(move: dict[str, Any]) -> str:
    t = move.get("type", "move")
    return {"plan-slot": "program the next disc", "program": "program all six discs", "collect": "trade",
            "fulfil": "trade", "decline": "trade"}.get(t, t.replace("-", " "))


def draw(view: dict[str, Any], seat: int | None) -> str:
    head = f"Himalaya · round {view.get('round')}/12 · {view.get('phase')}"
    out = [text(10, 24, head, 16, weight="700")]
    out += _paths(view) + _regions(view) + _villages(view)
    legend, y = _legend(view, seat)
    players, y = _players(view, seat, y)
    final, y = _final(view, y)
    return svg(W, y + 4, out + legend + players + final, head)


def _paths(view: dict[str, Any]) -> list[str]:
    """The 27 paths by kind, each lettered at its middle, a Yeti's or Snowstorm's named on the path it closes."""
    out = []
    ev = view.get("events") or {}
    closed = {}
    for figure in ("yeti", "snowstorm"):
        if ev.get(figure):
            a, b = ev[figure]["between"]
            closed[frozenset((a, b))] = figure
    for n in range(1, len(PATHS)):
        a, b, kind = PATHS[n]
        (x1, y1), (x2, y2) = _xy(a), _xy(b)
        colour, dash, letter = PATH_STYLE[kind]
        fig = closed.get(frozenset((a, b)))
        body = [line(x1, y1, x2, y2, "transparent", 16, class_="hit"),
                line(x1, y1, x2, y2, colour, 5, stroke_dasharray=dash, stroke_linecap="round")]
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        body.append(circle(mx, my, 9, "#fff", colour) + text(mx, my + 4, letter, 10, "middle", weight="700"))
        if fig:
            body.append(text(mx, my - 12, f"{fig.upper()}", 11, "middle", weight="700", fill="#a4161a"))
        out.append(clickable(f"path:{n}", body, f"path {n}: {kind}, villages {a}–{b}" + (f", {fig}" if fig else "")))
    return out


def _regions(view: dict[str, Any]) -> list[str]:
    """Each region's letter and delegations, at the middle of its villages."""
    out = []
    regions = view.get("regions") or {}
    for r, vs in REGION_VILLAGES.items():
        cx, cy = _region_label(r, vs)
        dele = (regions.get(r) or {}).get("delegates") or []
        counts = ", ".join(f"{seat_name(view, i)}: {c}" for i, c in enumerate(dele) if c)
        out.append(text(cx, cy, f"region {r}", 13, "middle", weight="700", fill="#7B3294", opacity="0.85", pointer_events="none"))
        if counts:
            out.append(text(cx, cy + 14, "delegates " + counts, 10, "middle", fill="#7B3294", pointer_events="none") + title(f"region {r} delegates by player: {counts}"))
    return out


def _villages(view: dict[str, Any]) -> list[str]:
    """Each village by its building, with its cubes or order ring beside it, its stupa, its caravans and the market."""
    out = []
    market = (view.get("events") or {}).get("market")
    places = goods_places(view)
    for v in view.get("villages", []):
        n = v["village"]
        x, y = _xy(n)
        kind, word = BUILDING_SHAPE.get(v.get("level"), ("circle", "village"))
        body = [circle(x, y, 24, "#fffdf5", "#444", class_="hit"), shape(kind, x, y - 4, 9, "#f4e3c1", "#5a3a10"),
                text(x, y + 1, n, 10, "middle", weight="700"), text(x, y + 19, word, 8, "middle", fill="#333")]
        cubes = [(r, c) for r, c in (v.get("cubes") or {}).items() if c]
        for i, (r, c) in enumerate(cubes):
            bx = places[(n, "cubes")][0] + (i % 3) * CUBE_CELL
            by = places[(n, "cubes")][1] + (i // 3) * CUBE_ROW
            body.append(rect(bx, by, 10, 10, CUBE_FILL.get(r, "#ccc"), "#222", rx=1) + text(bx + 12, by + 9, f"{r[0]}{c}", 9))
        if v.get("ring"):
            ring, (gx, gy, _, _) = v["ring"], places[(n, "ring")]
            body.append(circle(gx + 8, gy + 8, 8, "#fff", "#E69F00", stroke_width="3")
                        + text(gx + 19, gy + 11, f"{ring.get('id', '')}", 9, weight="700")
                        + title(f"order ring {ring.get('id')}: {ring.get('text', '')} ({counted(ring.get('yaks'), 'yak')})"))
        if v.get("stupa", -1) >= 0:
            body.append(rect(x - 32, y - 30, 14, 18, seat_colour(v["stupa"]), "#222", rx=1)
                        + text(x - 25, y - 17, v["stupa"], 10, "middle", weight="700") + title(f"stupa of {seat_name(view, v['stupa'])}"))
        for i, c in enumerate(v.get("caravans") or []):
            body.append(seat_mark(c, x - 18 + i * 14, y + 32, 7))
        if market == n:
            body.append(text(x, y - 28, "MARKET", 10, "middle", weight="700", fill="#a4161a"))
        label = f"village {n} ({word}, regions {v.get('regions')})"
        if cubes:
            label += ": " + ", ".join(f"{c} {r}" for r, c in cubes)
        out.append(clickable(f"village:{n}", body, label))
    return out


def _legend(view: dict[str, Any], seat: int | None) -> tuple[list[str], float]:
    """Under the map's lowest villages and their caravans: the paths' and cubes' legend, the bags and the order,
    a trade pending and where the programs end. The parts, and the y they end at."""
    out = []
    lx, ly = 10, MAP_H + 22
    for kind, (colour, dash, letter) in PATH_STYLE.items():
        out.append(line(lx, ly - 4, lx + 40, ly - 4, colour, 5, stroke_dasharray=dash) + text(lx + 46, ly, f"{letter}: {kind} path", 11))
        lx += 150
    for r, fill in CUBE_FILL.items():
        out.append(rect(lx, ly - 10, 10, 10, fill, "#222", rx=1) + text(lx + 13, ly - 1, r, 11))
        lx += 70
    y = ly + 8
    out.append(text(10, y + 8, f"bags: {counted(view.get('cube_bag'), 'cube')}, {counted(view.get('ring_bag'), 'ring')} · inventory tokens left "
                    f"{view.get('inventory_tokens_left')} · clockwise order: {' > '.join(seat_name(view, s) for s in view.get('order') or [])}", 12))
    y += 18
    ex = view.get("execution")
    pend = view.get("pending")
    if pend:
        out.append(text(10, y + 10, f"slot {(ex or {}).get('slot')}: {seat_name(view, pend.get('seat'))} trades in village {pend.get('village')} ({pend.get('kind')})",
                        13, weight="700", fill="#a4161a"))
        y += 20
    ends = program_end_words(view, seat)
    if ends:
        out.append(text(10, y + 10, ends, 12, fill="#7B3294"))
        y += 18
    return out, y


def _players(view: dict[str, Any], seat: int | None, y: float) -> tuple[list[str], float]:
    """A box a player from `y`: where its caravan is, what it has left, and its cubes, rings and program in its own
    view (counts otherwise). The parts, and the y they end at."""
    out = []
    active = set(view.get("active") or [])
    for p in view.get("players", []):
        s = p["seat"]
        acting = s in active
        h = 62
        out.append(rect(4, y, W - 8, h, "#fbf7ee" if acting else "#f6f6f6", seat_colour(s), stroke_width="4" if acting else "2"))
        out.append(seat_mark(s, 24, y + 20, 11))
        out.append(text(42, y + 25, seat_name(view, s) + (" (you)" if s == seat else "") + (" ▶ to act" if acting else "")
                        + f" — {whereabouts(p)} · stupas {p.get('stupas_left')} · delegates {p.get('delegates_left')} · tokens "
                        f"{p.get('inventory_tokens')} · figures {', '.join(p.get('event_figures_left') or []) or 'none'}", 13, weight="700"))
        if "cubes" in p:
            cubes = ", ".join(f"{c} {r}" for r, c in (p.get("cubes") or {}).items() if c) or "no cubes"
            rings = ", ".join(r.get("id", "") for r in p.get("rings") or []) or "none"
            detail = f"cubes: {cubes} · rings: {rings} · yaks {p.get('yaks')}"
        else:
            detail = f"cubes: {p.get('cubes_held')} (hidden) · rings: {p.get('rings_kept')}"
        if p.get("program") is not None:
            detail += " · program: " + " ".join(p["program"])
        elif "discs_programmed" in p:
            detail += f" · discs programmed {p['discs_programmed']}/6"
        out.append(text(12, y + 48, detail, 11))
        y += h + 6
    return out, y


def _final(view: dict[str, Any], y: float) -> tuple[list[str], float]:
    """At the end, from `y`: a line a seat with its place and its three scores. The parts, and the y they end at."""
    out: list[str] = []
    if view.get("final"):
        final = {f["seat"]: f for f in view["final"]}
        out.append(text(10, y + 18, "Final" + religion_note(view) + ":", 14, weight="700"))
        y += 24
        for place, s in standings(view, final):  # a line a seat: with 4-6 players one line ran off the picture
            out.append(text(24, y + 16, f"{place}{seat_name(view, s)} economic {final[s]['economic']} religious "
                                        f"{final[s]['religious']} political {final[s]['political']}"
                                        + (" — out on religion" if final[s].get("out_on_religion") else ""), 13, weight="700"))
            y += 20
        y += 8
    return out, y
