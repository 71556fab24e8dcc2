"""The board for a terminal (`caravan game show`), from the JSON-decoded view: the river with its
prices, the ruler track, the bag, every merchant's public holdings (and the viewer's own screen),
the auction or ruler under way and whose decision it is. Uses rich markup."""

from __future__ import annotations

from games.naming import counted, seat_name
from games.yangtze.describe import ending, final_scoring
from games.yangtze.describe import tile as tile_words

LUXURY_STYLE, EVERYDAY_STYLE = "bold blue", "cyan"


def tile(t: str | None) -> str:
    """`L-VASE-RED` as a coloured short label; None as an empty river position."""
    if not t:
        return "[dim]·  empty  ·[/dim]"
    cat, ware, colour = t.split("-")
    style = LUXURY_STYLE if cat == "L" else EVERYDAY_STYLE
    mark = "○" if cat == "L" else "□"
    return f"[{style}]{mark} {ware.lower()} {colour.lower()}[/{style}]"


def money(p: dict) -> str:
    coins = f" ({p['coins_50']}×50 + marker {p['marker']})" if p["coins_50"] else ""
    return f"{counted(p['money'], 'coin')}{coins}"


def who(v: dict, seat, you) -> str:
    if seat is None:
        return "nobody"
    if seat == "chance":
        return "the bag (a draw is due)"
    return seat_name(v, seat) + (" (you)" if seat == you else "")


def render(v: dict, seat: int | None) -> str:
    you = v.get("you", seat)
    lines = [f"[bold]Yangtze[/bold]  turn {v['turn']}  phase [bold]{v['phase']}[/bold]"]
    active = None if v.get("phase") == "over" else v.get("active")  # after the end nobody's turn
    if active is not None:
        lines[0] += "  your turn" if active == you else f"  {who(v, active, None)}'s turn"
    lines.append(f"waiting for: [bold yellow]{who(v, v['waiting_for'], you)}[/bold yellow]")
    if v["to_draw"]:
        lines.append(f"the draw loop still needs {counted(v['to_draw'], 'good')}")

    lines.append("")
    lines.append("[bold]River[/bold]  (open end → Shanghai)")
    for r in v["river"]:
        lines.append(f"  P{r['position']} [{r['price']:>2}]  {tile(r['good'])}")

    track = ", ".join(r["name"] for r in v["rulers"]) or "none yet"
    lines.append(f"[bold]Rulers[/bold] {len(v['rulers'])}/12: {track}")
    b = v["bag"]
    lines.append(
        f"[bold]Bag[/bold] {counted(b['tiles'], 'tile')}: {counted(b['goods'], 'good')}, {counted(b['rulers'], 'ruler')}, "
        f"{counted(b['settlements'], 'settlement')}"
    )

    if v.get("auction"):
        a = v["auction"]
        high = f"high bid {a['high_bid']} by {who(v, a['high_bidder'], you)}" if a["high_bidder"] is not None else "no bids yet"
        passed = ", ".join(who(v, s, you) for s in a["passed"]) or "nobody"
        lines.append(
            f"[bold magenta]Auction[/bold magenta] for the {tile_words(a['tile'])}: {high}; passed: {passed};"
            f" to bid: {who(v, a['turn'], you)}"
        )
    if v.get("ruling"):
        r = v["ruling"]
        q = " (?)" if r["optional"] else ""
        lines.append(
            f"[bold red]Ruler[/bold red] {r['ruler']} {r['name']}{q}: {r['instruction']}"
            f"  asked now: {who(v, r['asked'], you)}"
        )
    if v.get("selling_with_iii") is not None:
        lines.append(f"card III is open: {seat_name(v, v['selling_with_iii'])} may sell more bundles now")

    lines.append("")
    for p in v["players"]:
        head = f"[bold]{seat_name(v, p['seat'])}[/bold]" + (" (you)" if p["seat"] == you else "")
        if p["seat"] == active:
            head += " ◀ turn"
        lines.append(f"{head}: {money(p)}; {counted(p['goods_count'], 'good')} behind the screen")
        shown = ", ".join(tile(t) for t in p["goods"]) or "none"
        lines.append(f"    goods: {shown}")
        if p["secret"] is None and p["hidden_goods"]:
            lines.append(f"    + {counted(p['hidden_goods'], 'secret starting good')}")
        elif p["secret"]:
            secret = "kept secret until the end" if v.get("phase") == "over" else "still secret to others"
            lines.append(f"    (starting goods {secret}: {', '.join(tile(t) for t in p['secret'])})")
        lines.append(f"    settlements: {', '.join(tile_words(t) for t in p['settlements']) or 'none'}")
        lines.append(f"    cards: {', '.join(p['card_names']) or 'all used'}")

    if v.get("result"):
        res = v["result"]
        lines.append("")
        lines.append("[bold green]Game over[/bold green]" + (f" {ending(v['ended_by'])}" if v.get("ended_by") else ""))
        for rank, i, score in sorted(zip(res["ranks"], range(len(res["scores"])), res["scores"], strict=True)):
            lines.append(f"  {rank}. {seat_name(v, i)}: {score:g}")
        if v.get("final_scoring"):
            lines.extend(f"  {line}" for line in final_scoring(v["final_scoring"], v))
        elif res.get("detail"):
            lines.append(f"  {res['detail']}")
    return "\n".join(lines)
