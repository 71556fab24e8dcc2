"""A tournament's analysis (issue #18): every finished table analysed on the workers as a game is
(service/analysis.py), then one accuracy table per entrant over its analysed games, and for people a
fair-play signal: how often their choices match the engine's best, read against how often the engine
agrees with itself at the same budget. A signal for a director to look closer, never a verdict.

Secrecy as for a game: a table still in play (or, at a duplicate table, whose round is not over) is
never analysed or shown: it is listed as `hidden`.
"""

from __future__ import annotations

from typing import Any

from ai.analysis import accuracy
from service import analysis
from service.analysis_rows import fair_play
from service.analysis_schemas import ClassCounts, EntrantAccuracy, SeatSummary, TableAnalysis, TournamentAnalysis
from service.errors import Forbidden
from service.runtime import Runtime

NOTE = ("accuracy: the share of what was at stake that an entrant's moves kept over its analysed decisions "
        "(100: the engine's pick every time; 0: no better than a move drawn at random); fair_play is a signal, "
        "not a verdict: strong players match the engine often too")


async def tables(r: Runtime, tournament_id: str) -> tuple[Any, list[tuple[Any, str, Any]]]:
    """The tournament and each table: (table, status, its stored per-seat summary or None)."""
    t = await r.tournaments.load(tournament_id)
    out: list[tuple[Any, str, Any]] = []
    for rnd in t.rounds:
        for x in rnd.tables:
            f = await r.commands.load(x.game)
            try:
                analysis.scope_for(f, None)
            except analysis.Running:
                out.append((x, "hidden", None))
                continue
            meta = await analysis.current(r.redis, x.game, "all")
            summary = await analysis.stored_summary(r.redis, x.game) if meta is not None else None
            out.append((x, "none" if meta is None else "done" if summary is not None else "running", summary))
    return t, out


def entrant_row(name: str, ai: str | None, seats: list[SeatSummary]) -> EntrantAccuracy:
    decisions = sum(s.decisions for s in seats)
    matches = sum(s.matches for s in seats)
    ranks = [(s.expected_rank, s.decisions) for s in seats if s.expected_rank is not None and s.decisions]
    weight = sum(n for _, n in ranks)
    classes = ClassCounts(**{c: sum(getattr(s.classes, c) for s in seats) for c in ("best", "good", "inaccuracy",
                                                                                    "mistake", "blunder")})
    staked = [s for s in seats if s.at_stake > 0]  # (an analysis made before stakes were kept has none)
    kept = accuracy([s.loss for s in staked], [s.at_stake for s in staked])
    return EntrantAccuracy(
        entrant=name, ai=ai, games=len(seats), decisions=decisions,
        accuracy=None if kept is None else round(kept, 1),
        expected_rank=round(sum(r * n for r, n in ranks) / weight, 3) if weight else None,
        classes=classes, matches=matches, match_rate=round(matches / decisions, 3) if decisions else None,
        fair_play=None if ai is not None else fair_play(
            decisions, matches, sum(s.engine_checked for s in seats), sum(s.engine_matches for s in seats)))


async def report(r: Runtime, tournament_id: str) -> TournamentAnalysis:
    t, found = await tables(r, tournament_id)
    entrants = t.created.entrants
    seats: dict[int, list[SeatSummary]] = {i: [] for i in range(len(entrants))}
    for x, status, summary in found:
        if status != "done":
            continue
        for s in summary.seats:
            seats[x.entrants[s.seat]].append(s)
    return TournamentAnalysis(
        tournament=tournament_id,
        tables=[TableAnalysis(game=x.game, round=x.round, status=status) for x, status, _ in found],
        analysed=sum(1 for _, status, _ in found if status == "done"),
        entrants=[entrant_row(e.name, e.ai, seats[i]) for i, e in enumerate(entrants)], note=NOTE)


async def start(r: Runtime, tournament_id: str, body: Any, caller: str | None = None,
                charge=None) -> tuple[TournamentAnalysis, bool]:
    """Queue the analysis of every finished public table (the same settings for each); a table already
    analysed with these settings is kept, and so is one with other settings unless the arbiter (`caller`)
    asks. (report, whether anything was queued; `charge`: as for a game's, service/analysis.start)."""
    analysis.engine_of(body)  # bad settings: refused before anything is queued
    _, found = await tables(r, tournament_id)
    queued = False
    for x, status, _ in found:
        if status == "hidden":
            continue
        try:
            _, started = await analysis.start(r, x.game, caller, body, charge)
        except Forbidden:
            continue  # analysed with other settings: kept (service/analysis.py, refuse_replacing)
        queued = queued or started
    return await report(r, tournament_id), queued
