"""What a seat may see (section 9): everything public, its own screen, counts for the others'.

Programmed discs stay hidden until the reveal; cubes and kept rings stay behind each screen until
the game ends (only their counts show); stupas, delegates, caravans, board, events are public."""

from __future__ import annotations

from typing import Any

from . import rules
from .content import (
    BUILDING,
    FIGURES,
    LEVEL,
    PATHS,
    REGION_VILLAGES,
    REGIONS,
    REQUEST,
    RESOURCES,
    TOUCHES,
    VILLAGES,
    YAKS,
    request_text,
    ring_name,
)
from .scoring import economic, influences, majorities, ranking_influences
from .state import EVENTS, EXECUTION, OVER, PLACEMENT, PLANNING, HimalayaState


def _cubes(counts) -> dict[str, int]:
    return dict(zip(RESOURCES, counts, strict=True))


def _ring(n: int) -> dict[str, Any]:
    return {"id": ring_name(n), "number": n, "request": _cubes(REQUEST[n]), "text": request_text(n), "yaks": YAKS[n]}


def _player(s: HimalayaState, i: int, seat: int | None, over: bool) -> dict[str, Any]:
    p = s.players[i]
    own = over or i == seat
    out: dict[str, Any] = {
        "seat": i,
        "village": p.village,
        "on_snowstorm_to": p.crossing,
        "stupas_left": p.stupas,
        "delegates_left": p.delegates,
        "inventory_tokens": p.tokens,
        "event_figures_left": list(p.figures),
        "cubes_held": sum(p.cubes),
        "rings_kept": len(p.rings),
        "collected_this_round": list(p.collected),  # public: every collect is in the log
    }
    if own:
        out["cubes"] = _cubes(p.cubes)
        out["rings"] = [_ring(r) for r in p.rings]
        out["yaks"] = economic(s, i)
    if s.plans:
        plan = s.plans[i]
        if s.phase == PLANNING and not own:
            out["program"] = None
            out["discs_programmed"] = len(plan)
        else:
            out["program"] = list(plan)
            out["discs_programmed"] = len(plan)
    return out


def view(s: HimalayaState, seat: int | None) -> dict[str, Any]:
    over = s.phase == OVER
    n = s.n
    active = sorted(a for a in rules.actors(s) if a >= 0)
    villages = []
    for v in VILLAGES:
        ring = s.board_rings[v - 1]
        villages.append(
            {
                "village": v,
                "level": LEVEL[v],
                "building": BUILDING[LEVEL[v]],
                "regions": TOUCHES[v],
                "cubes": _cubes(s.board_cubes[v - 1]),
                "ring": _ring(ring) if ring else None,
                "stupa": s.board_stupas[v - 1],
                "caravans": [i for i, p in enumerate(s.players) if p.village == v and not p.crossing],
            }
        )
    out: dict[str, Any] = {
        "phase": s.phase,
        "round": s.round,
        "active": active,
        "order": list(s.order),
        "start_player": s.start if s.order else None,
        "options": {"events": s.events_on, "planning_time_limit": s.planning_time_limit},
        "villages": villages,
        "regions": {
            r: {"villages": list(REGION_VILLAGES[r]), "delegates": list(s.board_delegates[k])}
            for k, r in enumerate(REGIONS)
        },
        "majorities": {str(k): v for k, v in majorities(s.board_delegates, range(n)).items()},
        "events": {
            "yeti": _path(s.yeti),
            "snowstorm": _path(s.snowstorm),
            "market": s.market or None,
            "placed_by": {f: s.figure_owner[k] for k, f in enumerate(FIGURES) if s.figure_owner[k] >= 0},
        },
        "players": [_player(s, i, seat, over) for i in range(n)],
        "cube_bag": sum(s.cube_bag),
        "ring_bag": len(s.ring_bag),
        "inventory_tokens_left": s.tokens_left,
        "last_inventory": dict(zip(RESOURCES, s.last_inventory, strict=False)),  # empty before the first inventory
    }
    if s.phase == EXECUTION:
        out["execution"] = {"slot": s.slot + 1, "next": rules.clockwise(s)[s.turn]}
        pend = s.pending
        assert pend is not None  # the execution phase waits on a choice
        out["pending"] = {"kind": pend.kind, "seat": pend.seat, "village": pend.village}
    if s.phase in (EVENTS, PLACEMENT):
        out["turn_of"] = rules.clockwise(s)[s.turn]
    if s.phase == PLANNING and seat is not None and 0 <= seat < n:
        v, c = rules.position_after(s, seat, s.plans[seat])
        out["my_program_ends"] = {"village": v, "on_snowstorm_to": c}
    if over:
        e, r, p, religion_out = ranking_influences(s)  # P as the ranking counted it (8.2 step 2)
        board_p = influences(s)[2]
        out["final"] = [{"seat": i, "economic": e[i], "religious": r[i], "political": p[i], "political_board": board_p[i],
                         "out_on_religion": i in religion_out} for i in range(n)]
    return out


def _path(n: int):
    if not n:
        return None
    a, b, kind = PATHS[n]
    return {"path": n, "between": [a, b], "kind": kind}
