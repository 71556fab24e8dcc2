"""A tournament folded from its own event stream: its rounds, its tables' results and the ratings (the
standings read from them are projections/standings.py's). The service decides with this record and the
API serves it; `rebuild` recomputes it from the first event, and equals the live one kept incrementally.

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

from collections.abc import Iterable

import msgspec
from openskill.models import PlackettLuce

from events.envelope import Envelope
from events.kinds import (
    TOURNAMENT,
    Entrant,
    RoundSeated,
    Table,
    TableFinished,
    TournamentCancelled,
    TournamentCreated,
    TournamentFinished,
    Withdrawn,
)

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
    for e, team in zip(table.entrants, rated, strict=True):
        out[e] = (team[0].mu, team[0].sigma)
    return tuple(out)


def count(t: Tournament, o: Outcome) -> Tournament:
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
                    t = count(t, o)
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
            placed = next((x for r in t.rounds if r.round == o.round for x in r.tables if x.table == o.table), None)
            if placed is None:
                t = msgspec.structs.replace(t, pending=(*t.pending, o))
            elif placed.game == o.game:
                t = count(t, o)
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
