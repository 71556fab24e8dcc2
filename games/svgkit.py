"""Small helpers for the games' board pictures (games/<game>/svg.py): SVG elements as strings, and a
seat's mark — a colour, a shape and the seat number, so no one needs to tell colours apart.

A board picture is drawn from the JSON-decoded view a reader may see, nothing else. Parts a player can
click carry `data-target` (the same key the game's `target(move)` gives the moves they choose) and a
child with class "hit" the page outlines when that part has moves."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

# Okabe–Ito colours (distinguishable with the common colour blindnesses), each seat also has a shape
SEAT_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9")
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "pentagon", "hexagon")


def esc(x: object) -> str:
    return escape(str(x), quote=True)


def attrs(**kw: object) -> str:
    """Attributes from keywords (`class_` → class, `data_target` → data-target); None left out."""
    out = []
    for k, v in kw.items():
        if v is None:
            continue
        out.append(f'{k.rstrip("_").replace("_", "-")}="{esc(v)}"')
    return " ".join(out)


def rect(x: float, y: float, w: float, h: float, fill: str = "#fff", stroke: str = "#444", rx: float = 4, **kw: object) -> str:
    return f'<rect {attrs(x=f"{x:g}", y=f"{y:g}", width=f"{w:g}", height=f"{h:g}", rx=f"{rx:g}", fill=fill, stroke=stroke, **kw)}/>'


def circle(x: float, y: float, r: float, fill: str = "#fff", stroke: str = "#444", **kw: object) -> str:
    return f'<circle {attrs(cx=f"{x:g}", cy=f"{y:g}", r=f"{r:g}", fill=fill, stroke=stroke, **kw)}/>'


def line(x1: float, y1: float, x2: float, y2: float, stroke: str = "#444", width: float = 2, **kw: object) -> str:
    return f'<line {attrs(x1=f"{x1:g}", y1=f"{y1:g}", x2=f"{x2:g}", y2=f"{y2:g}", stroke=stroke, stroke_width=f"{width:g}", **kw)}/>'


def text(x: float, y: float, s: object, size: float = 13, anchor: str = "start", weight: str | None = None,
         fill: str = "#1b1b1b", **kw: object) -> str:
    return (f'<text {attrs(x=f"{x:g}", y=f"{y:g}", font_size=f"{size:g}", text_anchor=anchor, font_weight=weight, fill=fill, **kw)}>'
            f"{esc(s)}</text>")


def wrap(s: str, chars: int) -> list[str]:
    """`s` broken at its spaces into lines of at most `chars` characters (a longer word keeps a line to itself)."""
    lines: list[str] = []
    cur = ""
    for w in s.split(" "):
        if cur and len(cur) + len(w) + 1 > chars:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}".strip()
    return lines + [cur]


def title(s: object) -> str:
    """A tooltip (and accessible name) for the element it is put in."""
    return f"<title>{esc(s)}</title>"


def group(body: Iterable[str] | str, **kw: object) -> str:
    inner = body if isinstance(body, str) else "".join(body)
    return f"<g {attrs(**kw)}>{inner}</g>" if kw else f"<g>{inner}</g>"


def target(key: str | None, body: Iterable[str] | str, label: str = "") -> str:
    """A clickable part of the board (`key`: what `target(move)` answers for the moves it chooses)."""
    inner = body if isinstance(body, str) else "".join(body)
    if key is None:
        return f"<g>{inner}</g>"
    return f'<g {attrs(data_target=key, aria_label=label or None)}>{title(label) if label else ""}{inner}</g>'


def shape(kind: str, x: float, y: float, r: float, fill: str, stroke: str = "#1b1b1b") -> str:
    """A filled shape centred on (x, y) with radius about r."""
    import math

    if kind == "circle":
        return circle(x, y, r, fill, stroke, stroke_width="1.5")
    if kind == "square":
        return rect(x - r * .85, y - r * .85, r * 1.7, r * 1.7, fill, stroke, rx=1, stroke_width="1.5")
    corners = {"triangle": (3, -90), "diamond": (4, 0), "pentagon": (5, -90), "hexagon": (6, 0)}[kind]
    n, start = corners
    pts = " ".join(f"{x + r * 1.1 * math.cos(math.radians(start + 360 * i / n)):.1f},"
                   f"{y + r * 1.1 * math.sin(math.radians(start + 360 * i / n)):.1f}" for i in range(n))
    return f'<polygon points="{pts}" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>'


def standings(view: dict, seats: Iterable[int]) -> list[tuple[str, int]]:
    """`seats` as a finished board lists them: in the order of the game's result, each with its place
    ("1. "), when the page handed the picture the result's ranks (`view["ranks"]`, service/web/frames.py);
    else as given, unnumbered."""
    seats = list(seats)
    ranks = view.get("ranks") if isinstance(view, dict) else None
    if not ranks or any(not 0 <= s < len(ranks) for s in seats):
        return [("", s) for s in seats]
    return [(f"{ranks[s]}. ", s) for s in sorted(seats, key=lambda s: (ranks[s], s))]


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_mark(seat: int, x: float, y: float, r: float = 9, colour: str | None = None) -> str:
    """Seat `seat`'s token: its colour, its shape and its number (the colour alone never tells)."""
    fill = colour or seat_colour(seat)
    return (shape(SEAT_SHAPES[seat % len(SEAT_SHAPES)], x, y, r, fill)
            + text(x, y + r * .42, seat, size=r * 1.15, anchor="middle", weight="700", fill="#000" if _light(fill) else "#fff"))


def _light(colour: str) -> bool:
    c = colour.lstrip("#")
    if len(c) != 6:
        return True
    r, g, b = (int(c[i:i + 2], 16) for i in (0, 2, 4))
    return 0.299 * r + 0.587 * g + 0.114 * b > 150


def ink_on(colour: str) -> str:
    """Black or white, whichever reads on `colour`."""
    return "#000" if _light(colour) else "#fff"


def svg(width: float, height: float, body: Iterable[str] | str, label: str) -> str:
    inner = body if isinstance(body, str) else "".join(body)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" role="img" '
            f'aria-label="{esc(label)}" font-family="system-ui, sans-serif">{title(label)}{inner}</svg>')
