"""`caravan analyse`: post-game analysis (POST then GET /games/{id}/analysis) with a progress bar while the
workers judge the decisions, then the verdicts as tables. Also what `replay` shows of an analysis: the
verdict beside each move and a per-seat value graph (a sparkline of the win chance over the game)."""

from __future__ import annotations

import itertools
import math
import os
import shutil
import sys
import time
from collections.abc import Set as AbstractSet
from typing import Any

import typer

from cli.client import REFUSED, Refused, ctx, emit_json, fail, raw, token_for, use_token
from cli.options import AS, JSON, TOKEN, complete_game_id

BLOCKS = "▁▂▃▄▅▆▇█"
ASCII_BLOCKS = "_.-~=+*#"
POLL = 0.3
GRAPH_WIDTH = 48  # characters of a value graph at most
MIN_TEXT = 16  # a move's words in a table get at least this many characters, however narrow the terminal
SHARED = 12  # a beginning two moves' words share, from this many characters, is shortened to keep their difference


def analyse(game_id: str = typer.Argument(..., help="the game", autocompletion=complete_game_id),
            budget: float = typer.Option(0.5, "--budget", help="seconds of search per decision (0: no time bound, "
                                         "give --iterations)"),
            iterations: int | None = typer.Option(None, "--iterations", help="a cap on search iterations per decision"),
            seed: int | None = typer.Option(None, "--seed", help="the search seed (with --iterations and --budget 0 "
                                               "the analysis is reproducible)"),
            wait: bool = typer.Option(True, "--wait/--no-wait", help="wait for the workers (default), or only queue it"),
            seat: str | None = AS, token: str | None = TOKEN, as_json: bool = JSON):
    """Analyse a finished game (or your own private fork, --as SEAT) on the workers: each decision judged
    from the mover's information set against the engine's best; then per seat accuracy, expected rank
    and costliest moments, and every decision's verdict. --json: the analysis as one JSON document."""
    use_token(token)
    tok = token_for(game_id, seat)
    body: dict[str, Any] = {"budget": budget if budget > 0 else None}
    if iterations is not None:
        body["iterations"] = iterations
    if seed is not None:
        body["seed"] = seed
    try:
        report = raw("POST", f"/games/{game_id}/analysis", token=tok, json_body=body).json()
    except Refused as e:
        if e.error != "forbidden":
            fail(f"{e.error}: {e.detail}", REFUSED, e.error)
        # an analysis with other settings stands, which only a player or the arbiter may replace: show it
        typer.echo(f"note: {e.detail}; here it is", err=True)
        report = call("GET", f"/games/{game_id}/analysis", tok)
    if wait and report["status"] != "done":
        report = follow(game_id, tok, report, show_bar=not as_json)
    if as_json:
        return emit_json(report)
    for line in report_lines(report):
        typer.echo(line)


def call(method: str, path: str, tok: str | None, body: Any = None) -> dict[str, Any]:
    """One request; any refusal (a running game's 409 too) exits 1 with {"error","detail"} under --json."""
    try:
        return raw(method, path, token=tok, json_body=body).json()
    except Refused as e:
        fail(f"{e.error}: {e.detail}", REFUSED, e.error)


def follow(game_id: str, tok: str | None, report: dict[str, Any], show_bar: bool) -> dict[str, Any]:
    """Poll the analysis until the workers are done, drawing a progress bar on standard error."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    progress = Progress(TextColumn("analysing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=Console(stderr=True), disable=not show_bar, transient=False)
    with progress:
        task = progress.add_task("analysis", total=report["total"], completed=report["done"])
        while report["status"] != "done":
            time.sleep(POLL)
            report = call("GET", f"/games/{game_id}/analysis", tok)
            progress.update(task, completed=report["done"], total=report["total"])
    return report


# --- tables -------------------------------------------------------------------------------------------

def pct(x: float | None) -> str:
    """A win chance in whole percent, a half rounded up as the web page's Math.round does (0.485: 49%)."""
    return "-" if x is None else f"{math.floor(100 * x + 0.5)}%"


def lost(x: float | None) -> str:
    """A loss to the four digits its class is read from (0.0202 is an inaccuracy, 0.0200 good)."""
    return num(x, ".4f")


def num(x: float | None, fmt: str = ".2f") -> str:
    return "-" if x is None else format(x, fmt)


def table(header: list[str], rows: list[list[str]], right: AbstractSet[int] = frozenset()) -> list[str]:
    """Columns padded to their widest cell (numbers right-aligned), two spaces apart."""
    widths = [max(len(str(c)) for c in col) for col in zip(header, *rows, strict=False)]

    def line(cells: list[str]) -> str:
        return "  ".join(str(c).rjust(w) if i in right else str(c).ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=False))).rstrip()

    return [line(header), line(["-" * w for w in widths])] + [line(r) for r in rows]


def report_lines(r: dict[str, Any], width: int | None = None) -> list[str]:
    """The report as lines as wide as the terminal (`width`): the moves' words share what the numbers leave."""
    e = r["engine"]
    th = r["thresholds"]
    names = {p["seat"]: p["name"] for p in r["players"]}
    out = [f"analysis {r['id']} of game {r['game']} ({r['type']}, {scope_words(r['scope'], names)}): {r['status']}, "
           f"{r['done']}/{r['total']} steps, {r['jobs']} jobs",
           f"engine {e['engine']} {e.get('code') or '(code not recorded)'}, {engine_words(e)}, "
           f"seed {e['seed']}; head {r['head'][:16]}… (v{r['version']})"
           + ("; the game has moved on since" if r["stale"] else ""),
           f"classes by loss of win chance: best; good <= {th['good']:g}; inaccuracy <= {th['inaccuracy']:g}; "
           f"mistake <= {th['mistake']:g}; blunder above",
           "accuracy: the share of what a seat's decisions put at stake that its moves kept",
           "  (100: the engine's pick every time; 0: no better than moving at random)",
           "win%: the mover's chance to win after its move, from what that seat could see then",
           "  (calibrated: of moves shown at 70%, about 7 in 10 were won; 100% or 0%: decided)",
           f"each figure: one search, {engine_words(e)}: the fewer iterations, the less sure", ""]
    out += table(["seat", "accuracy", "exp. rank", "(best)", "decisions", "best", "good", "inacc.", "mistake", "blunder",
                  "value graph"],
                 [[s["name"], num(s["accuracy"], ".1f"), num(s["expected_rank"]), num(s["expected_rank_best"]),
                   str(s["decisions"]), *(str(s["classes"][c]) for c in ("best", "good", "inaccuracy", "mistake", "blunder")),
                   sparkline([p["win"] for p in s["graph"]])] for s in r["seats"]], right=set(range(1, 10)))
    apart = [line for s in r["seats"] if (line := not_counted(s))]
    if apart:
        out += ["", *apart]
    moments = [[s["name"], str(m["version"]), m["text"], m["best_text"] or "-", lost(m["loss"]), m["class"]]
               for s in r["seats"] for m in s["costliest"]]
    if moments:
        out += ["", "costliest moments"]
        out += fitted(["seat", "v", "played", "best", "loss", "class"], moments, {1, 4}, (2, 3), width)
    rows = []
    for row in r["rows"]:
        if row["kind"] == "chance":
            odds = f"p {row['odds']:.3g} ({row['outcomes']} outcomes)" if row["odds"] is not None else ""
            rows.append([str(row["version"]), "chance", row["text"], odds, "", "", "", ""])
        else:
            rows.append([str(row["version"]), made_by(row, names), row["text"],
                         row["best_text"] if row["best_text"] and not row["matches"] else
                         ("=" if row["matches"] else "-"),
                         pct(row["win_played"]), pct(row["win_best"]), lost(row["loss"]), row["class"]])
    if rows:
        out += ["", "decisions"]
        out += fitted(["v", "seat", "played", "best", "win%", "best%", "loss", "class"], rows, {0, 4, 5, 6}, (2, 3),
                      width)
    return out


def made_by(row: dict[str, Any], names: dict[int, str]) -> str:
    """Who made a decision: the seat's name, or, where the seat did not choose it, who did ("made by the AI for
    ann", "the clock's default for ann")."""
    return row.get("by_text") or names.get(row["seat"], str(row["seat"]))


def not_counted(s: dict[str, Any]) -> str:
    """A seat's moves made for it, which its figures leave out ("" when none)."""
    parts = [f"{n} move{'' if n == 1 else 's'} {what} {s['name']}" for n, what in
             ((s.get("by_ai", 0), "made by the AI for"), (s.get("by_clock", 0), "the clock's default for")) if n]
    return f"{s['name']}: not counted: {', '.join(parts)}" if parts else ""


def scope_words(scope: str, names: dict[int, str]) -> str:
    """What an analysis covers: "every seat" (a finished game), or "ann's private fork: its own decisions"."""
    if not scope.startswith("seat-"):
        return "every seat"
    seat = int(scope.removeprefix("seat-"))
    return f"{names.get(seat, f'seat {seat}')}'s private fork: its own decisions"


def engine_words(e: dict[str, Any]) -> str:
    """How much search each decision had: "0.5 s a decision", "at most 50 iterations a decision (no time bound)"."""
    iters = f"at most {e['iterations']} iterations" if e["iterations"] is not None else ""
    if e["budget"] is None:
        return f"{iters} a decision (no time bound)"
    return f"{e['budget']:g} s a decision" + (f", {iters}" if iters else "")


def fitted(header: list[str], rows: list[list[str]], right: set[int], texts: tuple[int, int],
           width: int | None = None) -> list[str]:
    """`table` as wide as the terminal at most: its two text columns (the move played, the best) share what
    the other columns leave (one that needs less gives the rest to the other), each pair cut so that the part
    where the two differ stays in sight. Written to a file or a pipe (no `width` asked), no cut: whole lines."""
    if width is None and not sys.stdout.isatty():
        return table(header, rows, right)
    width = width or shutil.get_terminal_size((120, 40)).columns
    a, b = texts
    others = sum(max(len(row[i]) for row in [header, *rows]) for i in range(len(header)) if i not in texts)
    room = width - others - 2 * (len(header) - 1)
    need_a, need_b = (max(len(row[i]) for row in [header, *rows]) for i in texts)
    half = max(MIN_TEXT, room // 2)
    if need_a + need_b <= room:
        wa, wb = need_a, need_b
    elif need_b <= half:
        wa, wb = max(MIN_TEXT, room - need_b), need_b
    elif need_a <= half:
        wa, wb = need_a, max(MIN_TEXT, room - need_a)
    else:
        wa = wb = half
    cut = []
    for row in rows:
        keep = shared(row[a], row[b])
        cut.append([clip(c, wa, keep) if i == a else clip(c, wb, keep, head=False) if i == b else c
                    for i, c in enumerate(row)])
    return table(header, cut, right)


def shared(a: str, b: str) -> int:
    """Where the word in which `a` and `b` first differ begins (0 when they differ in the first word)."""
    n = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return a.rfind(" ", 0, n) + 1


# --- what replay shows --------------------------------------------------------------------------------

def unicode_ok(stream: Any = None) -> bool:
    """Whether the terminal takes the block characters (CARAVAN_ASCII=1 forces plain ASCII)."""
    if os.environ.get("CARAVAN_ASCII", "") not in ("", "0"):
        return False
    enc = getattr(stream or sys.stdout, "encoding", None) or ""
    return enc.lower().replace("-", "").startswith("utf")


def sparkline(values: list[float], ascii_only: bool | None = None, width: int = GRAPH_WIDTH) -> str:
    """Values in 0..1 as one character each, from low to high (unicode blocks, or ASCII); more values
    than `width` are averaged in equal runs, so a long game still fits a line."""
    marks = ASCII_BLOCKS if (not unicode_ok() if ascii_only is None else ascii_only) else BLOCKS
    if len(values) > width:
        cuts = [round(i * len(values) / width) for i in range(width + 1)]
        values = [sum(values[a:b]) / (b - a) for a, b in itertools.pairwise(cuts)]
    return "".join(marks[min(len(marks) - 1, max(0, int(v * len(marks))))] for v in values)


def clip(text: str, width: int, keep: int = 0, head: bool = True) -> str:
    """`text` in `width` characters at most. Past `keep` (where it begins to differ from the text beside it, when
    they share `SHARED` characters or more) the part that differs stays in sight: the shared beginning is
    shortened ("program the…ice path: …") where the rest fits, else left out ("…ice path: village 8…"; always
    with `head` False: the move read beside the one played). Otherwise the end is cut."""
    if len(text) <= width:
        return text
    if keep < SHARED or keep + SHARED < width:  # (an end cut keeps the difference's beginning in sight)
        return text[:width - 1] + "…"
    tail = text[keep:]
    if head and len(tail) + 1 + SHARED // 2 <= width:
        return text[:width - 1 - len(tail)] + "…" + tail
    return "…" + tail if len(tail) + 1 <= width else "…" + tail[:width - 2] + "…"


def fetch(game_id: str, tok: str | None) -> dict[str, Any] | None:
    """The game's analysis the caller may read, or None (none made, not done yet, or not for this caller)."""
    try:
        got = raw("GET", f"/games/{game_id}/analysis", token=tok).json()
    except Refused:
        return None
    return got if got.get("rows") else None


def verdicts(report: dict[str, Any] | None) -> dict[int, str]:
    """version -> the verdict to print beside that move in a replay."""
    out: dict[int, str] = {}
    for row in (report or {}).get("rows", []):
        if row["kind"] == "chance":
            if row["odds"] is not None:
                out[row["version"]] = f"p {row['odds']:.3g} of {row['outcomes']} outcomes"
            continue
        if row["class"] == "forced":
            said = "forced"
        elif row["matches"]:
            said = f"best, win {pct(row['win_played'])}"
        else:
            said = (f"{row['class']} (-{lost(row['loss'])}), win {pct(row['win_played'])}; "
                    f"best: {row['best_text']} (win {pct(row['win_best'])})")
        out[row["version"]] = f"{row['by_text']}: {said}" if row.get("by_text") else said  # not the seat's own choice
    return out


def played_words(report: dict[str, Any] | None) -> dict[int, str]:
    """version -> a judged move in the analysis's words: told from the mover's view of the position, as the best
    move beside it is (a Himalaya disc with its path, a Bangkok Klongs boat as its owner's), so a replay says
    the two alike."""
    return {row["version"]: row["text"] for row in (report or {}).get("rows", []) if row["kind"] == "decision"}


def graph_lines(report: dict[str, Any] | None, upto: int | None = None) -> list[str]:
    """Per seat: its win chance over the game as a sparkline (up to version `upto`), first and last value."""
    if not report:
        return []
    out = []
    width = max((len(s["name"]) for s in report["seats"]), default=0)
    for s in report["seats"]:
        pts = [p for p in s["graph"] if upto is None or p["version"] <= upto]
        if not s["graph"]:
            continue
        line = sparkline([p["win"] for p in pts])
        tail = f"  {pct(pts[0]['win'])} → {pct(pts[-1]['win'])}" if pts else ""
        acc = f"  accuracy {s['accuracy']:.1f}" if s["accuracy"] is not None else ""
        out.append(f"{s['name'].ljust(width)}  {line}{tail}{acc}")
    return out


# --- tournaments --------------------------------------------------------------------------------------

def tournament_analyse(tournament_id: str = typer.Argument(..., help="the tournament"),
                       budget: float = typer.Option(0.5, "--budget", help="seconds of search per decision (0: no "
                                                    "time bound, give --iterations)"),
                       iterations: int | None = typer.Option(None, "--iterations", help="a cap on search "
                                                                "iterations per decision"),
                       seed: int | None = typer.Option(None, "--seed", help="the search seed of every table"),
                       wait: bool = typer.Option(True, "--wait/--no-wait", help="wait for the workers (default)"),
                       token: str | None = TOKEN, as_json: bool = JSON):
    """Analyse every finished table of a tournament on the workers (a table in play is left alone), then
    the accuracy table per entrant and, for people, the fair-play signal (a signal, never a verdict). With
    the arbiter's --token, a table analysed with other settings is replaced (else it is kept)."""
    use_token(token)
    body: dict[str, Any] = {"budget": budget if budget > 0 else None}
    if iterations is not None:
        body["iterations"] = iterations
    if seed is not None:
        body["seed"] = seed
    path = f"/tournaments/{tournament_id}/analysis"
    report = call("POST", path, ctx.token, body)
    if wait:
        report = follow_tables(path, report, show_bar=not as_json)
    if as_json:
        return emit_json(report)
    for line in tournament_lines(report):
        typer.echo(line)


def follow_tables(path: str, report: dict[str, Any], show_bar: bool) -> dict[str, Any]:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    def counts(r: dict[str, Any]) -> tuple[int, int]:
        mine = [x for x in r["tables"] if x["status"] in ("done", "running")]
        return sum(1 for x in mine if x["status"] == "done"), len(mine)

    progress = Progress(TextColumn("analysing tables"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=Console(stderr=True), disable=not show_bar)
    with progress:
        done, total = counts(report)
        task = progress.add_task("tables", total=total, completed=done)
        while done < total:
            time.sleep(POLL)
            report = call("GET", path, ctx.token)
            done, total = counts(report)
            progress.update(task, completed=done, total=total)
    return report


def tournament_lines(r: dict[str, Any]) -> list[str]:
    hidden = sum(1 for x in r["tables"] if x["status"] == "hidden")
    out = [f"tournament {r['tournament']}: {r['analysed']} of {len(r['tables'])} tables analysed"
           + (f" ({hidden} not finished, or not yet public: not analysed)" if hidden else ""), ""]
    rows = []
    for e in r["entrants"]:
        fp = e["fair_play"]
        if fp is None:
            signal = "(AI entrant: a baseline)"
        else:
            engine = (f"engine {pct(fp['engine_rate'])} ±{pct(fp['engine_spread'])}" if fp["engine_rate"] is not None
                      else "engine -")
            signal = f"{engine}, z {num(fp['z'])}: {fp['signal']}"
        rows.append([e["entrant"] + (f" (ai-{e['ai']})" if e["ai"] else ""), str(e["games"]), str(e["decisions"]),
                     num(e["accuracy"], ".1f"), num(e["expected_rank"]), str(e["classes"]["mistake"]),
                     str(e["classes"]["blunder"]), pct(e["match_rate"]), signal])
    out += table(["entrant", "games", "decisions", "accuracy", "exp. rank", "mistakes", "blunders", "matches engine",
                  "fair-play signal"], rows, right={1, 2, 3, 4, 5, 6, 7})
    out += ["", f"note: {r['note']}"]
    notes = {e["fair_play"]["note"] for e in r["entrants"] if e["fair_play"]}
    out += [f"fair play: {n}" for n in notes]
    return out


def register(app: typer.Typer, tournament_app: typer.Typer) -> None:
    app.command()(analyse)
    tournament_app.command("analyse")(tournament_analyse)
