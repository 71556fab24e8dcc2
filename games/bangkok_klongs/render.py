"""The board for a terminal, from the JSON view: the market with piers, each player's holdings, one's own
hand when shown as a seat, whose turn it is. Also one line per move for people."""

from __future__ import annotations

from games.naming import counted, seat_name

from .content import BOAT_INDEX, BOATS, COLOURS, DARK_ENTRIES, LIGHT_ENTRIES, WIDTH, square
from .describe import CHOICE_WORDS, PHASE_WORDS, boat, mooring_named

SHORT = {"BANANAS": "Ba", "FISH": "Fi", "FLOWERS": "Fl", "RICE": "Ri", "VEGETABLES": "Ve", "COCONUTS": "Co",
         "SPICES": "Sp", "THIEF": "TH", "OVERSEER": "OV", "COOKSHOP": "CK"}
LETTER = ("R", "Y", "G", "B")
STYLE = ("red", "yellow", "green", "blue")


def boat_label(boat_id: str) -> str:
    """'Ri3*' = Rice, 3 baskets, Luk Phat; 'TH--' = thief."""
    b = BOATS[BOAT_INDEX[boat_id]]
    baskets = "-" if b.special else str(b.baskets)
    return f"{SHORT[b.kind]}{baskets}{'*' if b.luk_phat else ' '}"


def boats(ids: list[str]) -> str:
    """Boats by what they carry ("3 baskets of fish, Luk Phat; Thief boat ..."), not by card id."""
    return "; ".join(boat(b).removeprefix("boat: ") for b in ids)


def _cell(cell, sq: int, players: int) -> str:
    if cell is None:
        if sq in LIGHT_ENTRIES:
            return " (L) "
        if sq in DARK_ENTRIES and players > 2:
            return " (D) "
        return "  ·  "
    b = BOATS[BOAT_INDEX[cell["boat"]]]
    label = boat_label(cell["boat"])
    if cell["owner"] is not None:
        o = cell["owner"]
        return f"[bold {STYLE[o]}]{label}{LETTER[o]}[/]"
    mark = "n" if b.printed_merchant else "u"  # printed neutral merchant / unmanned
    return f"[dim]{label}{mark}[/]"


def render(v: dict, seat: int | None) -> str:
    n = len(v["players"])
    lines = [f"[bold]Bangkok Klongs[/] — round {v['round']}, {PHASE_WORDS.get(v['phase'], v['phase'])}, "
             f"Luk Phat {v['luk_phat']}/15" + (f" (next market day at {v['next_market_day']})" if v.get('next_market_day') is not None else "")
             + f", pile {v['pile']}"]
    if v.get("market_master"):
        lines.append(f"market master on {mooring_named(v['market_master'])}")
    lines.append("      " + "".join(f"  x={x} " + (" " if x % 2 else "") for x in range(WIDTH)))
    for y, row in enumerate(v["board"]):
        if y and y % 2 == 0:
            lines.append("      " + "=" * 70 + f" pier y={y}")
        cells = []
        for x, cell in enumerate(row):
            if x and x % 2 == 0:
                cells.append("|")
            cells.append(_cell(cell, square(x, y), n) + " ")
        lines.append(f"y={y}   " + "".join(cells))
    lines.append("boats: kind, baskets, * Luk Phat, then R/Y/G/B merchant, n printed neutral, u unmanned; "
                 + ("(L)/(D): light/dark entry squares" if n > 2 else "(L): entry squares"))
    active = v["active"]
    for p in v["players"]:
        who = seat_name(v, p["seat"]) + (", you" if p["seat"] == seat else "")
        turn = " [bold]<- to act[/]" if p["seat"] in active else ""
        lines.append(
            f"[{STYLE[p['seat']]}]{COLOURS[p['seat']]}[/] ({who}): score {p['score']}, merchants "
            f"{p['merchants_in_supply']} in supply / {p['merchants_on_board']} on board, movement cards "
            f"{p['movement_cards']}, hand {p['hand_size']}{turn}")
        if p["warehouse"]:
            lines.append(f"    warehouse ({counted(p['warehouse_points'], 'pt')}): {boats(p['warehouse'])}")
        if p["hand"] is not None:
            lines.append(f"    hand: {boats(p['hand'])}")
        elif p["known_in_hand"]:
            lines.append(f"    known in hand: {boats(p['known_in_hand'])}")
    md = v.get("market_day")
    if md:
        lines.append(f"{md['kind']} market day (triggered by {seat_name(v, md['trigger'])}): {seat_name(v, md['scorer'])} scores "
                     f"or passes; eligible: {'; '.join(map(mooring_named, md['eligible'])) or 'none'}")
    if v.get("pending"):
        lines.append(f"waiting for {seat_name(v, v['turn'])}: {CHOICE_WORDS.get(v['pending']['choice'], v['pending']['choice'])}"
                     + (f" (caught: {boats(v['pending']['caught'])})" if v["pending"]["caught"] else "")
                     + (" (may take: " + ", ".join(f"({x}, {y})" for x, y in v["pending"]["thief_targets"]) + ")"
                        if v["pending"]["thief_targets"] else ""))
    if v.get("final"):
        lines.append("game over — totals: " + ", ".join(
            f"{seat_name(v, p)} ({COLOURS[p]}) {t}" for p, t in enumerate(v["final"]["totals"])))
    elif not md and v["phase"] == "turn":
        lines.append(f"{seat_name(v, v['turn'])} ({COLOURS[v['turn']]}) to play")
    return "\n".join(lines)
