"""The rows of a post-game analysis (service/analysis.py): one per step — a chance outcome's odds, a forced
move, or a decision judged from the mover's information set — and the per-seat summaries and fair-play
signal made from them."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, cast

import msgspec

from ai.analysis import CLASSES, accuracy, judge, odds
from events.kinds import PlayerSpec
from games import registry
from games.naming import with_names
from games.protocol import CHANCE, Game
from projections.decisions import Step
from service.analysis_schemas import (
    By,
    ChanceRow,
    Class,
    ClassCounts,
    DecisionRow,
    Engine,
    FairPlay,
    Moment,
    Point,
    Row,
    SeatSummary,
)

COSTLIEST = 3  # moments that cost most, per seat


def mover_view(game: Game, state: Any, seat: int | None, names: list[str] | None = None) -> Any:
    """What a row's words are told from: the mover's own view of the position (a chance step: the public
    view, seat None), so its own facts apply (a Himalaya disc's path from its program's end), with the
    players' names; told about the mover to anyone who reads the analysis (`reader` None: "move ann's boat",
    the same for the move played and the best, never "your boat")."""
    view = msgspec.to_builtins(game.view(state, seat))
    if seat is not None and isinstance(view, dict):
        view = {**view, "you": seat if view.get("you") is None else view["you"], "mover": seat, "reader": None}
    return with_names(view, names)


def by_whom(step: Step, own_ai: str | None) -> By:
    """Who chose the step's move (`own_ai`: the seat's own AI level, None for a person's seat): the clock, an
    AI seat, the AI playing for a person who was away, or the person."""
    if step.timeout:
        return "timeout"
    if step.ai:
        return "ai" if own_ai else "ai-for-person"
    return "person"


OWN = ("person", "ai")  # the seat's own choices (an AI seat's AI is the seat): what accuracy counts


def by_words(by: str, name: str) -> str | None:
    """Who made a move that was not the seat's own choice, in words naming the seat (None: its own)."""
    return {"ai-for-person": f"made by the AI for {name}", "timeout": f"the clock's default for {name}"}.get(by)


def attributed(rows: list[Row], players: Sequence[PlayerSpec]) -> list[Row]:
    """Rows as a reader gets them: each decision says who made it where the seat did not choose it. A row
    stored before the AI playing for an away person was told apart (`by` "ai" at a person's seat) is read as
    that (stored shapes only evolve: upcast on read)."""
    out: list[Row] = []
    for r in rows:
        if isinstance(r, DecisionRow):
            by = "ai-for-person" if r.by == "ai" and players[r.seat].ai is None else r.by
            r = msgspec.structs.replace(r, by=by, by_text=by_words(by, players[r.seat].name))
        out.append(r)
    return out


def forced(game: Game, step: Step) -> bool:
    return step.actor not in game.actors(step.state) or len(game.legal_moves(step.state, step.actor)) <= 1


def instant_row(game: Game, step: Step, names: list[str] | None = None, own_ai: str | None = None) -> Row:
    """A chance step or a forced move: nothing to search."""
    text = registry.words(game, step.move, mover_view(game, step.state, None if step.actor == CHANCE else step.actor, names),
                          chance=step.actor == CHANCE)
    if step.actor == CHANCE:
        p, n = odds(game, step.state, step.move)
        return ChanceRow(version=step.version, label=step.label, move=msgspec.to_builtins(step.move), text=text,
                         odds=p, outcomes=n)
    return DecisionRow(version=step.version, seat=step.actor, by=by_whom(step, own_ai),
                       move=msgspec.to_builtins(step.move), text=text, cls="forced")


def decision_row(game: Game, step: Step, engine: Engine, seats: int, names: list[str] | None = None,
                 own_ai: str | None = None) -> DecisionRow:
    """One decision judged from the mover's information set (ai/analysis.py); `own_ai`: the mover's seat's
    own AI level (None: a person's seat)."""
    rng = random.Random(f"{engine.seed}:{step.version}")
    by = by_whom(step, own_ai)
    person = by == "person"
    v = judge(game, step.state, step.actor, step.move, rng, budget=engine.budget, iterations=engine.iterations,
              seats=seats, second_opinion=person)
    view = mover_view(game, step.state, step.actor, names)
    return DecisionRow(
        version=step.version, seat=step.actor, by=by, move=msgspec.to_builtins(step.move),
        text=registry.words(game, step.move, view), cls="forced" if v.forced else v.cls,
        best=msgspec.to_builtins(v.best), best_text=registry.words(game, v.best, view),
        win_played=round(v.value_played, 4), win_best=round(v.value_best, 4),
        rank_played=rounded(v.rank_played, 3), rank_best=rounded(v.rank_best, 3), loss=round(v.loss, 4),
        stakes=round(v.stakes, 4),
        matches=v.best == step.move, iterations=v.iterations,
        engine_agrees=v.agrees)  # a second search, same budget, another seed: the fair-play baseline


def judged(rows: list[Row], seat: int) -> list[DecisionRow]:
    """The seat's decisions that count for accuracy: it had a choice and made it itself (not the AI playing
    for its person while away, not the clock)."""
    return [r for r in rows if isinstance(r, DecisionRow) and r.seat == seat and r.cls in CLASSES and r.by in OWN]


def mean(xs: list[float]) -> float | None:
    return sum(xs) / len(xs) if xs else None


def rounded(x: float | None, digits: int) -> float | None:
    return None if x is None else round(x, digits)


def seat_summary(rows: list[Row], seat: int, name: str) -> SeatSummary:
    """The seat's figures from its own choices only; the moves made for it are counted apart (`by_ai`,
    `by_clock`) and left out of its graph too, whose line would otherwise join unrelated positions: a Yangtze
    seat whose clock bought nothing each turn let the other end the game at once by passing (7.2), 0% after
    each such default, then its usual 50-60% once the other had not."""
    mine = judged(rows, seat)
    made_for = [r.by for r in rows if isinstance(r, DecisionRow) and r.seat == seat and r.by not in OWN]
    loss = sum(r.loss or 0.0 for r in mine)
    staked = [(r.loss or 0.0, r.stakes) for r in mine if r.stakes is not None]  # (rows made before stakes were kept have none)
    kept = accuracy([lost for lost, _ in staked], [stakes for _, stakes in staked])
    agree = [r.engine_agrees for r in mine if r.engine_agrees is not None]
    return SeatSummary(
        seat=seat, name=name, decisions=len(mine), loss=round(loss, 4),
        at_stake=round(sum(stakes for _, stakes in staked), 4), accuracy=rounded(kept, 1),
        expected_rank=rounded(mean([r.rank_played for r in mine if r.rank_played is not None]), 3),
        expected_rank_best=rounded(mean([r.rank_best for r in mine if r.rank_best is not None]), 3),
        classes=ClassCounts(**{c: sum(1 for r in mine if r.cls == c) for c in CLASSES}),
        matches=sum(1 for r in mine if r.matches), engine_checked=len(agree), engine_matches=sum(agree),
        costliest=[Moment(version=r.version, text=r.text, best_text=r.best_text, loss=r.loss or 0.0,
                          cls=cast(Class, r.cls))  # a judged decision's class: never "forced"
                   for r in sorted(mine, key=lambda r: r.loss or 0.0, reverse=True)[:COSTLIEST] if (r.loss or 0) > 0],
        graph=[Point(version=r.version, win=r.win_played, rank=r.rank_played) for r in mine if r.win_played is not None],
        by_ai=made_for.count("ai-for-person"), by_clock=made_for.count("timeout"),
    )


def fair_play(decisions: int, matches: int, engine_checked: int, engine_matches: int) -> FairPlay:
    """How often a person's choices match the engine's best, against how often the engine agrees with
    itself at the same budget (a second search, another seed, over the same decisions). A signal for a
    tournament director to look closer, never a verdict: strong players match often too."""
    out = FairPlay(decisions=decisions, match_rate=round(matches / decisions, 3) if decisions else None,
                   engine_rate=round(engine_matches / engine_checked, 3) if engine_checked else None,
                   engine_spread=None, z=None, signal="not enough decisions", note=FAIR_PLAY_NOTE)
    if not engine_checked:
        return out
    p = min(max(engine_matches / engine_checked, 0.01), 0.99)
    out.engine_spread = round(math.sqrt(p * (1 - p) / engine_checked), 3)
    if decisions < FAIR_PLAY_MIN:
        return out
    z = (matches - decisions * p) / math.sqrt(decisions * p * (1 - p))
    out.z = round(z, 2)
    out.signal = "as engine-like as the engine" if z >= -1 else "closer to the engine than usual" if z >= -2 \
        else "no sign"
    return out


FAIR_PLAY_MIN = 20
FAIR_PLAY_NOTE = ("a signal, not a verdict: z compares the person's matches with the engine's best against the "
                  "engine's own agreement with itself at the same budget (z >= -1: engine-like)")
