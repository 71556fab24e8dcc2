"""Routes for post-game analysis (service/analysis.py): queue it on the workers, read its progress and rows.

POST /games/{id}/analysis   {"budget"?: seconds per decision (default 0.5, at most 10; null with
                            "iterations"), "iterations"?: cap per decision (1..100000), "seed"?: int}
                            -> 202 and the report (queued), or 200 when the same analysis exists already
GET  /games/{id}/analysis   the report: status running|done, done/total, the engine settings and the
                            game's head hash that reproduce it, per seat accuracy, costliest moments and
                            value graph, and one row per step (decision: move and best move in words, win
                            chance and expected rank of each, loss, class; chance: what was drawn, its odds)
POST /tournaments/{id}/analysis   the same settings: every finished table analysed (a table in play is not)
GET  /tournaments/{id}/analysis   per entrant: accuracy over its analysed tables, and for people the
                                  fair-play signal (a signal, never a verdict)
A running game is refused (409 game-running), unless the caller is the seat that forked it, on its
private fork: then only its own decisions and the chance it could see are analysed and shown. While the
caller's address has more search queued than CARAVAN_ANALYSIS_QUEUED_PER_CLIENT, a POST is 429
(service/backlog.py).
"""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Request, Response, get, post
from litestar.params import Body

from events.kinds import ARBITER
from service import analysis, analysis_tournament, backlog
from service.analysis import AnalysisRequest
from service.analysis_schemas import AnalysisReport, TournamentAnalysis
from service.exact_schema import body_schema
from service.openapi import errors
from service.runtime import bearer, rt
from service.schemas import answer

BODY = Body(schema_extra=body_schema(AnalysisRequest), description='{"budget": seconds per decision (default 0.5, at most 10; null with iterations), '
                        '"iterations": a cap per decision (1..100000), "seed": the search seed (an integer)}')


@post("/games/{game_id:str}/analysis", status_code=202, responses=errors(
    400, 401, 403, 404, 409, 413, 422, 503, ok={200: answer(AnalysisReport, "the same analysis, made already")}))
async def start_analysis(request: Request, game_id: str, data: Annotated[dict[str, Any] | None, BODY] = None) -> Response[AnalysisReport]:
    """Analyse a finished game on the workers (split by decision); the same settings again answer the
    analysis already made (200), resuming any part a lost worker left undone. Other settings replace it
    only for a player of the game or the arbiter (403 for a reader without a token)."""
    r = rt(request)
    caller = await r.caller(request, game_id)
    charge = await backlog.analysis_charge(r, request)  # 429 while this address has too much queued
    answer, started = await analysis.start(r, game_id, caller, data, charge)
    return Response(answer, status_code=202 if started else 200)


@get("/games/{game_id:str}/analysis", responses=errors(401, 404, 409, 503))
async def read_analysis(request: Request, game_id: str) -> AnalysisReport:
    """The analysis: progress while it runs, then every step's verdict and each seat's accuracy."""
    r = rt(request)
    return await analysis.read(r, game_id, await r.caller(request, game_id))


@post("/tournaments/{tournament_id:str}/analysis", status_code=202, responses=errors(
    400, 401, 404, 413, 422, 503, ok={200: answer(TournamentAnalysis, "every finished table analysed (or queued) already")}))
async def start_tournament_analysis(request: Request, tournament_id: str,
                                    data: Annotated[dict[str, Any] | None, BODY] = None) -> Response[TournamentAnalysis]:
    """Analyse every finished table of a tournament on the workers, each with these settings (a table still
    in play is left alone, and listed as hidden); 202 when something was queued. A table analysed with other
    settings is replaced only with the arbiter's token (else it is kept)."""
    r = rt(request)
    token = bearer(request)
    charge = await backlog.analysis_charge(r, request)  # 429 while this address has too much queued
    answer, started = await analysis_tournament.start(r, tournament_id, data,
                                                      ARBITER if token and r.is_arbiter(token) else None, charge)
    return Response(answer, status_code=202 if started else 200)


@get("/tournaments/{tournament_id:str}/analysis", responses=errors(404, 503))
async def read_tournament_analysis(request: Request, tournament_id: str) -> TournamentAnalysis:
    """The accuracy table per entrant over the tournament's analysed tables, and for each person the
    fair-play signal (match rate with the engine's best against the engine's own agreement at the same
    budget): a signal for a director to look closer, not a verdict."""
    return await analysis_tournament.report(rt(request), tournament_id)


ROUTES = [start_analysis, read_analysis, start_tournament_analysis, read_tournament_analysis]
