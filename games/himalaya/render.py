"""The board for a terminal, from the JSON-decoded view (dicts and lists as the API sends them)."""

from __future__ import annotations

from typing import Any

from games.naming import counted, seat_name

from .describe import program_end_words, religion_note, whereabouts

COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan")
SHORT = {"salt": "s", "barley": "b", "tea": "t", "jade": "j", "gold": "g"}
BUILDING = {1: "house", 2: "temple", 3: "monast."}
PATHS_OF = {  # village: (earth, stone, ice) neighbours, for reading routes at a glance
    1: (10, 11, 2), 2: (3, None, 1), 3: (2, 4, 13), 4: (19, 3, 5), 5: (15, 6, 4), 6: (7, 5, None),
    7: (6, 16, 8), 8: (9, 20, 7), 9: (8, 10, None), 10: (1, 9, 18), 11: (18, 1, 12), 12: (None, 13, 11),
    13: (14, 12, 3), 14: (13, 15, 19), 15: (5, 14, 16), 16: (17, 7, 15), 17: (16, 18, 20), 18: (11, 17, 10),
    19: (4, None, 14), 20: (None, 8, 17),
}


def _seat(i: int) -> str:
    return f"[{COLOURS[i % len(COLOURS)]}]P{i}[/]"


def _who(view: dict[str, Any], i: int) -> str:
    """The seat's tag on the map (P0, in its colour) and, when known, the player's name."""
    name = seat_name(view, i)
    return _seat(i) + (f" {name}" if name != f"seat {i}" else "")


def _cubes(d: dict[str, int]) -> str:
    return "".join(SHORT[r] * c for r, c in d.items()) or "-"


def render(view: dict[str, Any], seat: int | None) -> str:
    lines = _header(view)
    lines.append("")
    lines += _villages(view)
    lines.append("")
    regs = []
    for r, info in view["regions"].items():
        counts = [f"{_seat(i)}:{c}" for i, c in enumerate(info["delegates"]) if c]
        regs.append(f"{r} " + (" ".join(counts) if counts else "-"))
    lines.append("delegates: " + " | ".join(regs))
    lines.append(
        f"bags: {counted(view['cube_bag'], 'cube')}, {counted(view['ring_bag'], 'ring')}; inventory tokens left {view['inventory_tokens_left']}"
    )
    lines.append("")
    for p in view["players"]:
        lines += _player(view, p, seat)
    if view.get("pending"):
        pend = view["pending"]
        lines.append(
            f"\nslot {view['execution']['slot']}: {_who(view, pend['seat'])} trades in village {pend['village']} ({pend['kind']})"
        )
    ends = program_end_words(view, seat)
    if ends:
        lines.append(f"\n{ends}")
    if view.get("final"):
        lines.append("\n[bold]final[/]: " + "; ".join(
            f"{_who(view, f['seat'])} E {f['economic']} R {f['religious']} P {f['political']}"
            + (" out on religion" if f.get("out_on_religion") else "") for f in view["final"]
        ) + religion_note(view))
    return "\n".join(lines)


def _header(view: dict[str, Any]) -> list[str]:
    """The round, the phase and who acts; the clockwise order; the event figures on the map."""
    lines = []
    phase = view["phase"]
    active = ", ".join(_who(view, a) for a in view.get("active", [])) or "-"
    order = " > ".join(_seat(s) for s in view.get("order", []))
    lines.append(
        f"[bold]Himalaya[/] round {view['round']}/12  phase [bold]{phase}[/]  to act: {active}"
        + (f"  start: {_who(view, view['start_player'])}" if view.get("start_player") is not None else "")
    )
    if order:
        lines.append(f"clockwise: {order}")
    ev = view.get("events") or {}
    figs = []
    if ev.get("yeti"):
        y = ev["yeti"]
        figs.append(f"Yeti closes {y['between'][0]}-{y['between'][1]} ({y['kind']})")
    if ev.get("snowstorm"):
        y = ev["snowstorm"]
        figs.append(f"Snowstorm on {y['between'][0]}-{y['between'][1]} ({y['kind']})")
    if ev.get("market"):
        figs.append(f"Market in {ev['market']}")
    if figs:
        lines.append("events: " + "; ".join(figs))
    return lines


def _villages(view: dict[str, Any]) -> list[str]:
    """A line a village: its building, its neighbours by path kind, its regions, its goods, stupa and caravans."""
    lines = ["paths E/S/I: earth/stone/ice neighbour; cubes s b t j g: salt barley tea jade gold",
             " vil building  E/ S/ I  reg  goods or order" + " " * 24 + "stupa, caravans"]
    for v in view["villages"]:
        n = v["village"]
        e, s_, i = (str(x) if x else "-" for x in PATHS_OF[n])
        goods = ""
        if any(v["cubes"].values()):
            goods = "cubes " + _cubes(v["cubes"])
        elif v.get("ring"):
            r = v["ring"]
            goods = f"{r['id']}: {r['text']}, {r['yaks']} yak{'s' if r['yaks'] != 1 else ''}"
        stupa = _seat(v["stupa"]) if v["stupa"] >= 0 else "  "
        cars = " ".join(_seat(c) for c in v["caravans"])
        lines.append(
            f" {n:>3} {BUILDING[v['level']]:<9} {e:>2}/{s_:>2}/{i:>2}  {v['regions']:<4} {goods:<38} {stupa} {cars}"
        )
    return lines


def _player(view: dict[str, Any], p: dict[str, Any], seat: int | None) -> list[str]:
    """Two lines a player: where its caravan is and what it has left; its cubes, rings and program (counts when
    they are not the reader's)."""
    i = p["seat"]
    where = whereabouts(p, short=True)
    row = (
        f"{_who(view, i)} {where:<14} stupas {p['stupas_left']} delegates {p['delegates_left']:>2}"
        f" tokens {p['inventory_tokens']} figures {','.join(f[0].upper() for f in p['event_figures_left']) or '-'}"
    )
    if i == seat:
        row = "[bold]" + row + "[/] (you)"
    second = "    "
    if "cubes" in p:
        rings = " ".join(r["id"] for r in p["rings"]) or "none"
        cubes = _cubes(p["cubes"]) if any(p["cubes"].values()) else "none"
        second += f"cubes {cubes}, rings {rings}, yaks {p['yaks']}"
    else:
        second += f"cubes {p['cubes_held']}, rings {p['rings_kept']}"
    if p.get("program") is not None:
        second += "; program: " + (", ".join(p["program"]) or "nothing yet")
    elif "discs_programmed" in p:
        second += f"; programmed {p['discs_programmed']}/6"
    return [row, second]
