"""A tournament folded from its own event stream: its rounds, its tables' results, the standings and
the ratings. The service decides with this record and the API serves it; `rebuild` recomputes it from
the first event, and equals the live one kept incrementally.

Tournament events (stream `caravan:{t-<hex>}:events`, the same envelopes and hash chain as a game):
  created        the configuration: game, format, table size, rounds, duplicate, entrants, options
                 (and for round robin the whole schedule, fixed up front)
  round-seated   a round's tables: for each its game id and the entrants in seat order; the byes
  table-finished a table's game ended: its scores and ranks as the game's result gives them (after
                 resignations: resigned seats last; or the arbiter's ranking), its timeouts, resignations and
                 forfeits per seat; or no result when the arbiter abandoned it (it counts for nobody). It may
                 arrive before its round-seated event (a fast game on another worker); it counts
                 once a seated table names the same game, and a game no seated table names never does
  withdrawn      an entrant left (by its own token, the organiser's or the arbiter's): it is not paired
                 again; at a round robin the entrants scheduled at its tables sit that round out with a bye.
                 Its results so far stand; it is shown `withdrawn` in the standings
  finished       every round played; the final standings, for the record
  cancelled      the organiser or the arbiter called it off: no round is seated after it, the tables still
                 in play are abandoned (each then records no result), and the standings so far are its last

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
  - rating: the conservative OpenSkill estimate below. Entrants still equal share a place.

Ratings: OpenSkill's Plackett-Luce model (Weng & Lin 2011, a Bayesian approximation in the TrueSkill
family). Plackett-Luce models a finishing order of any number of players directly (one chooses the
winner among all, then the next among the rest), so a 5-player table is one update with the full
ranking instead of being cut into pairwise games; ties are allowed; each rating is a mean and an
uncertainty (mu, sigma), updated in closed form, with no iteration and no global refit, so a
projection can keep it incrementally, and the result is order-deterministic, so rebuilding from the
events gives the same numbers. The rating shown is the ordinal mu - 3 sigma: a player is only ranked
high once the system is confident.
"""

from __future__ import annotations

from typing import Any, Iterable

import msgspec
from openskill.models import PlackettLuce

from events.envelope import Envelope
from projections import clock
from events.kinds import (TOURNAMENT, Entrant, RoundSeated, Table, TableFinished, TournamentCreated,
                          TournamentCancelled, TournamentFinished, Withdrawn)

__all__ = ["Entrant", "Table"]  # declared with the events that carry them (events/kinds.py)

MODEL = PlackettLuce()
MU, SIGMA = MODEL.mu, MODEL.sigma


class Outcome(msgspec.Struct, frozen=True):
    round: int
    table: int
    game: str
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    ending: str = ""  # "" | "abandoned" (no result) | "adjudicated" (the arbiter's ranking)
    timeouts: tuple[int, ...] = ()  # per seat
    resigned: tuple[int, ...] = ()  # seats
    forfeits: tuple[int, ...] = ()  # seats resigned for a no-show


class RoundRecord(msgspec.Struct, frozen=True):
    round: int
    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()


class Tournament(msgspec.Struct, frozen=True):
    id: str
    created: TournamentCreated
    version: int = 0
    head: str = ""
    status: str = "active"  # active | finished | cancelled
    rounds: tuple[RoundRecord, ...] = ()
    results: tuple[Outcome, ...] = ()  # counted, in the order they came to count
    pending: tuple[Outcome, ...] = ()  # recorded before their round was seated
    ratings: tuple[tuple[float, float], ...] = ()  # (mu, sigma) per entrant
    created_at: str = ""
    withdrawn: tuple[tuple[int, int], ...] = ()  # (entrant, rounds seated when it withdrew)
    cancelled: TournamentCancelled | None = None

    # --- the configuration --------------------------------------------------------------------------
    @property
    def game(self) -> str:
        return self.created.game

    @property
    def format(self) -> str:
        return self.created.format

    @property
    def table_size(self) -> int:
        return self.created.table_size

    @property
    def total_rounds(self) -> int:
        return self.created.rounds

    @property
    def duplicate(self) -> bool:
        return self.created.duplicate

    @property
    def entrants(self) -> tuple[Entrant, ...]:
        return self.created.entrants

    # --- progress -----------------------------------------------------------------------------------
    def result_of(self, t: Table) -> Outcome | None:
        return next((o for o in self.results if o.game == t.game), None)

    def round_complete(self, r: RoundRecord) -> bool:
        done = {o.game for o in self.results}
        return all(t.game in done for t in r.tables)

    def has_withdrawn(self, entrant: int) -> bool:
        return any(e == entrant for e, _ in self.withdrawn)

    def recorded(self, game_id: str) -> bool:
        return any(o.game == game_id for o in (*self.results, *self.pending))

    @property
    def games_total(self) -> int:
        """The games that are or will be played: the tables seated so far, then for the rounds to come (none
        once cancelled) a round robin's scheduled tables where no withdrawn entrant sits (its opponents
        there get a bye), a Swiss round as many tables as the entrants still in fill."""
        seated = sum(len(r.tables) for r in self.rounds)
        if self.status == "cancelled":
            return seated
        gone = {e for e, _ in self.withdrawn}
        if self.format == "round-robin":
            return seated + sum(1 for r in self.created.schedule[len(self.rounds):] for x in r["tables"]
                                if not gone.intersection(x))
        per_round = (len(self.entrants) - len(gone)) // self.table_size
        return seated + per_round * max(self.total_rounds - len(self.rounds), 0)

    @property
    def games_done(self) -> int:
        return len(self.results)


# --- the fold --------------------------------------------------------------------------------------

def start(tournament_id: str, created: Envelope) -> Tournament:
    c = created.event(TOURNAMENT)
    if not isinstance(c, TournamentCreated):
        raise ValueError("a tournament's stream begins with its created event")
    return Tournament(id=tournament_id, created=c, version=created.version, head=created.hash,
                      ratings=((MU, SIGMA),) * len(c.entrants), created_at=created.at)


def _rate(ratings: tuple[tuple[float, float], ...], table: Table, o: Outcome) -> tuple[tuple[float, float], ...]:
    teams = [[MODEL.rating(mu=ratings[e][0], sigma=ratings[e][1])] for e in table.entrants]
    rated = MODEL.rate(teams, ranks=list(o.ranks))
    out = list(ratings)
    for e, team in zip(table.entrants, rated):
        out[e] = (team[0].mu, team[0].sigma)
    return tuple(out)


def _count(t: Tournament, o: Outcome) -> Tournament:
    table = next(x for r in t.rounds if r.round == o.round for x in r.tables if x.table == o.table)
    if o.ending == "abandoned":  # no result: nobody's rating moves
        return msgspec.structs.replace(t, results=(*t.results, o))
    return msgspec.structs.replace(t, results=(*t.results, o), ratings=_rate(t.ratings, table, o))


def step(t: Tournament, e: Envelope) -> Tournament:
    if e.version != t.version + 1:
        raise ValueError(f"tournament event {e.version} follows version {t.version}")
    t = msgspec.structs.replace(t, version=e.version, head=e.hash)
    match e.event(TOURNAMENT):
        case RoundSeated() as ev:
            rec = RoundRecord(round=ev.round, tables=ev.tables, byes=ev.byes)
            t = msgspec.structs.replace(t, rounds=(*t.rounds, rec))
            seated = {x.game: x for x in rec.tables}
            still = []
            for o in t.pending:
                x = seated.get(o.game)
                if x is not None and (x.round, x.table) == (o.round, o.table):
                    t = _count(t, o)
                elif o.round != rec.round:
                    still.append(o)
                # else: its round is seated with other games: an abandoned seating attempt, dropped
            t = msgspec.structs.replace(t, pending=tuple(still))
        case TableFinished() as ev:
            o = Outcome(round=ev.round, table=ev.table, game=ev.game, scores=ev.scores, ranks=ev.ranks,
                        ending=ev.ending, timeouts=ev.timeouts, resigned=ev.resigned, forfeits=ev.forfeits)
            if t.recorded(o.game):
                return t
            if t.status == "cancelled" and o.ending != "abandoned":  # ended after the cancel: counts for nobody
                o = msgspec.structs.replace(o, ending="abandoned")
            seated = next((x for r in t.rounds if r.round == o.round for x in r.tables if x.table == o.table), None)
            if seated is None:
                t = msgspec.structs.replace(t, pending=(*t.pending, o))
            elif seated.game == o.game:
                t = _count(t, o)
            # else: a game no seated table names (an abandoned seating attempt): it never counts
        case Withdrawn(entrant=entrant, round=round_no) if not t.has_withdrawn(entrant):
            t = msgspec.structs.replace(t, withdrawn=(*t.withdrawn, (entrant, round_no)))
        case TournamentFinished() if t.status == "active":
            t = msgspec.structs.replace(t, status="finished")
        case TournamentCancelled() as ev if t.status == "active":
            t = msgspec.structs.replace(t, status="cancelled", cancelled=ev)
    return t


def fold(tournament_id: str, events: Iterable[Envelope], t: Tournament | None = None) -> Tournament:
    for e in events:
        if t is None:
            t = start(tournament_id, e)
        else:
            t = step(t, e)
    if t is None:
        raise ValueError("no events")
    return t


def rebuild(tournament_id: str, events: list[Envelope]) -> Tournament:
    """From scratch: the same record the live projection holds."""
    return fold(tournament_id, events)


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
            shown = _count(shown, o)
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
