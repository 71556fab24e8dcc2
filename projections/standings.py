"""A tournament's standings: points by rank, the tie-breaks, and what `GET /tournaments/{id}` answers.
The record they are read from (rounds, results, ratings) and its fold from the tournament's events are
projections/tournament.py's.

Points by rank. At a table each entrant earns one point for every opponent it finished ahead of and
half a point for every opponent it tied with: at tables of 2 that is chess scoring (1, ½, 0); at a
table of K the places earn K-1, K-2, …, 0. A bye earns the average result, (K-1)/2, so sitting out
neither rewards nor punishes.

Tie-breaks, in this order:
  round robin  points, then (duplicate) matchpoints, then score difference, then rating
  Swiss        points, then Buchholz, then (duplicate) matchpoints, then score difference, then rating
  - score difference: the sum over one's games of one's score minus the mean score of the opponents at
    the table (the games' own scores, so a narrow loss ranks above a rout);
  - Buchholz: the sum over one's games of the mean final points of the opponents at that table (the
    strength of the field one was paired against; at tables of 2 the usual Buchholz);
  - matchpoints (duplicate mode only): every table of a round played the same deal, so the result in
    seat s is compared with seat s at every other table of the round: 1 for a higher score, ½ for an
    equal one, summed over rounds (as in duplicate bridge); a seat that resigned or forfeited (a stand-in
    AI plays it on) compares below one that played on, whatever the score; a bye earns the round's
    average, ½ a comparison;
  - rating: the conservative OpenSkill estimate (projections/tournament.py). Entrants still equal share a place.
"""

from __future__ import annotations

from typing import Any

import msgspec

from projections import clock
from projections.tournament import (
    MODEL,
    MU,
    SIGMA,
    Entrant,
    Outcome,
    RoundRecord,
    Table,
    Tournament,
    count,
    fold,
    rebuild,
    start,
    step,
)

# the record and its fold (projections/tournament.py), as the services and tests that read them here know them
__all__ = ["MODEL", "MU", "SIGMA", "Entrant", "Outcome", "RoundRecord", "Table", "Tournament",
           "fold", "rebuild", "start", "step"]


# --- standings -------------------------------------------------------------------------------------

def table_points(ranks: tuple[int, ...], i: int) -> float:
    """One point per opponent finished ahead of, a half per opponent tied with."""
    return sum(1.0 if ranks[i] < r else 0.5 if ranks[i] == r else 0.0 for j, r in enumerate(ranks) if j != i)


def rows(t: Tournament) -> list[dict[str, Any]]:
    """The standings, best first, each with its place (equal entrants share one)."""
    entrants = t.entrants
    n, k = len(entrants), t.table_size
    points = [0.0] * n
    played, byes, wins = [0] * n, [0] * n, [0] * n
    diff = [0.0] * n
    opponents: list[list[list[int]]] = [[] for _ in range(n)]
    tables = {(x.round, x.table): x for r in t.rounds for x in r.tables}
    timeouts, resigned, forfeits, abandoned = [0] * n, [0] * n, [0] * n, [0] * n
    for o in t.results:
        table = tables[(o.round, o.table)]
        for i, e in enumerate(table.entrants):
            timeouts[e] += o.timeouts[i] if i < len(o.timeouts) else 0
            forfeits[e] += i in o.forfeits
            resigned[e] += i in o.resigned and i not in o.forfeits
            abandoned[e] += o.ending == "abandoned"
        if o.ending == "abandoned":
            continue  # no result: no points, not a game played
        for i, e in enumerate(table.entrants):
            others = [j for j in range(len(table.entrants)) if j != i]
            points[e] += table_points(o.ranks, i)
            diff[e] += o.scores[i] - sum(o.scores[j] for j in others) / len(others)
            played[e] += 1
            wins[e] += o.ranks[i] == 1
            opponents[e].append([table.entrants[j] for j in others])
    done_rounds = {r.round for r in t.rounds if t.round_complete(r)}
    for r in t.rounds:
        if r.round in done_rounds:
            for e in r.byes:
                points[e] += (k - 1) / 2
                byes[e] += 1
    buchholz = [sum(sum(points[x] for x in opp) / len(opp) for opp in opponents[e]) for e in range(n)]
    match = matchpoints(t, tables) if t.duplicate else [0.0] * n
    rating = [mu - 3 * sigma for mu, sigma in t.ratings]
    withdrawn = {e: {"after_round": r} for e, r in t.withdrawn}  # None: still in

    def key(e: int) -> tuple:
        if t.format == "swiss":
            return (points[e], buchholz[e], match[e], diff[e], rating[e])
        return (points[e], match[e], diff[e], rating[e])

    keys = [tuple(round(x, 9) for x in key(e)) for e in range(n)]
    order = sorted(range(n), key=lambda e: (tuple(-x for x in keys[e]), e))
    out = []
    for e in order:
        place = 1 + sum(1 for other in keys if other > keys[e])
        row = {"place": place, "entrant": e, "name": entrants[e].name, "ai": entrants[e].ai,
               "points": points[e], "played": played[e], "wins": wins[e], "byes": byes[e],
               "score_difference": round(diff[e], 6), "buchholz": float(round(buchholz[e], 6)),
               "rating": round(rating[e], 4), "mu": round(t.ratings[e][0], 4), "sigma": round(t.ratings[e][1], 4),
               "timeouts": timeouts[e], "resigned": resigned[e], "forfeits": forfeits[e], "abandoned": abandoned[e],
               "withdrawn": withdrawn.get(e)}
        if t.duplicate:
            row["matchpoints"] = match[e]
        out.append(row)
    return out


def matchpoints(t: Tournament, tables: dict[tuple[int, int], Table]) -> list[float]:
    """Duplicate scoring: each seat's result against the same seat at the other tables of its round (a
    seat that resigned or forfeited below any that played on, whatever the score its stand-in made); a
    bye the round's average, once the round is complete."""
    got = [0.0] * len(t.created.entrants)
    by_round: dict[int, list[tuple[Table, Outcome]]] = {}
    for o in t.results:
        if o.ending != "abandoned":
            by_round.setdefault(o.round, []).append((tables[(o.round, o.table)], o))
    for played in by_round.values():
        for table, o in played:
            for seat, e in enumerate(table.entrants):
                mine = compared(o, seat)
                for other_table, other in played:
                    if other_table is table or seat >= len(other.scores):
                        continue
                    theirs = compared(other, seat)
                    got[e] += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    for r in t.rounds:
        if t.round_complete(r):
            for e in r.byes:  # each seat compares with the round's other tables, and wins half on average
                got[e] += max(0, len(by_round.get(r.round, ())) - 1) / 2
    return got


def compared(o: Outcome, seat: int) -> tuple[bool, float]:
    """What a seat's result is compared by at a duplicate round: playing on first, then the score (none for
    a forfeit: the score is its stand-in's; two forfeits are equal)."""
    if seat in o.forfeits:
        return (False, 0.0)
    return (seat not in o.resigned, o.scores[seat])


def order(t: Tournament) -> list[int]:
    """Entrants best placed first (ties: seeding order): the order a Swiss round is paired from."""
    return [r["entrant"] for r in rows(t)]


def withheld(t: Tournament) -> set[str]:
    """The tables whose results nobody outside may see yet: at a duplicate tournament, those of a round in
    play (a finished table's scores are the luck of the deal its round's other tables still play)."""
    if not t.duplicate or t.status == "cancelled":  # (cancelling ends the round: its deal is published)
        return set()
    return {x.game for r in t.rounds if not t.round_complete(r) for x in r.tables}


def outside_view(t: Tournament) -> Tournament:
    """`t` with the results of `withheld` tables left out, and the ratings they moved."""
    hidden = withheld(t)
    if not any(o.game in hidden for o in t.results):
        return t
    shown = msgspec.structs.replace(t, results=(), ratings=((MU, SIGMA),) * len(t.entrants))
    for o in t.results:
        if o.game not in hidden:
            shown = count(shown, o)
    return shown


def games(t: Tournament, shown: Tournament | None = None) -> list[dict[str, Any]]:
    """Each table; its result as `shown` has it (default: `t`'s)."""
    entrants, shown = t.entrants, shown or t
    out = []
    for r in t.rounds:
        for x in r.tables:
            done, o = t.result_of(x), shown.result_of(x)
            out.append({"round": x.round, "table": x.table, "id": x.game,
                        "players": [entrants[e].name for e in x.entrants],
                        "status": (done.ending or "finished") if done else "active",
                        "scores": list(o.scores) if o and o.ranks else None,
                        "ranks": list(o.ranks) if o and o.ranks else None,
                        **({"timeouts": list(o.timeouts), "resigned": list(o.resigned), "forfeits": list(o.forfeits)}
                           if o and (any(o.timeouts) or o.resigned) else {})})
    return out


def summary(t: Tournament) -> dict[str, Any]:
    """What `GET /tournaments/{id}` answers (to everyone: a duplicate round's results once it is over)."""
    shown = outside_view(t)
    return {
        "id": t.id, "name": t.created.name, "status": t.status, "game": t.game, "format": t.format,
        "table_size": t.table_size,
        "rounds": t.total_rounds, "round": len(t.rounds), "duplicate": t.duplicate, "version": t.version,
        "created": t.created_at,
        "entrants": [{"name": e.name, "ai": e.ai} for e in t.entrants],
        "options": dict(t.created.options),
        "time_rules": clock.time_rules(t.created.options),
        "progress": {"games_done": t.games_done, "games_total": t.games_total},
        "standings": rows(shown),
        "byes": [{"round": r.round, "players": [t.entrants[e].name for e in r.byes]} for r in t.rounds if r.byes],
        "withdrawn": [{"name": t.entrants[e].name, "after_round": r} for e, r in t.withdrawn],
        "cancelled": ({"by": t.cancelled.by, "reason": t.cancelled.reason, "after_round": t.cancelled.round}
                      if t.cancelled else None),
        "games": games(t, shown),
        "rating_model": "openskill Plackett-Luce; rating = mu - 3 sigma",
    }
