"""Section 8: game end and final scoring — the three influences and who wins."""

from __future__ import annotations

from games.protocol import Result

from .content import DELEGATES, LEVEL, STUPAS, YAKS, YAKS_PER_TOKEN
from .state import OVER, HimalayaState


def economic(s: HimalayaState, seat: int) -> int:
    """E = yaks on kept rings + 3 per inventory token."""
    p = s.players[seat]
    return ring_yaks(p.rings) + YAKS_PER_TOKEN * p.tokens


def ring_yaks(rings) -> int:
    """The yaks on a player's kept order rings."""
    return sum(YAKS[r] for r in rings)


def religious(s: HimalayaState, seat: int) -> int:
    """R = sum of the levels of the villages holding the player's stupas."""
    return religions(s.board_stupas, s.n)[seat]


def religions(board_stupas, n: int) -> list[int]:
    """Every seat's R on this stupa layout (stupa owner per village, -1: none)."""
    rel = [0] * n
    for v, owner in enumerate(board_stupas):
        if owner >= 0:
            rel[owner] += LEVEL[v + 1]
    return rel


def stupas_placed(s: HimalayaState, seat: int) -> int:
    return STUPAS - s.players[seat].stupas


def delegates_placed(s: HimalayaState, seat: int) -> int:
    return DELEGATES - s.players[seat].delegates


def majorities(delegates: tuple[tuple[int, ...], ...], seats) -> dict[int, int]:
    """P: regions where a seat has strictly more delegates than every other (counting `seats` only)."""
    seats = list(seats)
    out = dict.fromkeys(seats, 0)
    for row in delegates:
        most, leader = 0, -1  # leader -1: nobody has delegates here, or the most are shared
        for x in seats:
            if row[x] > most:
                most, leader = row[x], x
            elif row[x] == most:
                leader = -1
        if leader >= 0:
            out[leader] += 1
    return out


def influences(s: HimalayaState) -> tuple[list[int], list[int], list[int]]:
    """(E, R, P) for every seat, P over the whole board."""
    n = s.n
    p = majorities(s.board_delegates, range(n))
    return [economic(s, i) for i in range(n)], [religious(s, i) for i in range(n)], [p[i] for i in range(n)]


def ranking_influences(s: HimalayaState) -> tuple[list[int], list[int], list[int], list[int]]:
    """(E, R, P, the seats out on religion) as the final ranking uses them. With 4-6 players the lowest
    religious key (R, stupas placed, E) goes out unless shared (8.2 step 1) and P is recomputed without
    that seat's delegates (step 2; the seat keeps its P over the whole board, which ranks nothing).
    With 3 players (8.1) P is over the whole board and nobody goes out."""
    e, r, p = influences(s)
    if s.n == 3:
        return e, r, p, []
    out = _lowest_unique({i: (r[i], stupas_placed(s, i), e[i]) for i in range(s.n)})
    kept = majorities(s.board_delegates, [i for i in range(s.n) if i not in out])
    return e, r, [kept.get(i, p[i]) for i in range(s.n)], out


def _lowest_unique(keys: dict[int, tuple]) -> list[int]:
    """The seat with the lowest key, unless that key is shared (then nobody) [F]."""
    lowest = min(keys.values())
    out = [seat for seat, k in keys.items() if k == lowest]
    return out if len(out) == 1 else []


def _rank_block(keys: dict[int, tuple], first_place: int) -> dict[int, int]:
    """Places from first_place on, best key first; equal keys share a place."""
    return {seat: first_place + sum(1 for other in keys.values() if other > k) for seat, k in keys.items()}


def score(s: HimalayaState) -> Result:
    n = s.n
    e, r, p, out = ranking_influences(s)
    if n == 3:
        return _three_players(e, r, p)
    ranks: dict[int, int] = {}
    notes = []
    # 1. religious step: key (R, stupas placed, E), the lowest goes out and takes everything away
    for seat in out:
        ranks[seat] = n
        notes.append(f"religion: seat {seat} eliminated (R {r[seat]})")
    if not out:
        notes.append("religion: lowest key shared, nobody eliminated")
    remaining = [i for i in range(n) if i not in out]
    # 2. political step: P recomputed without the eliminated player's delegates (ranking_influences)
    keys = {i: (p[i], delegates_placed(s, i), e[i]) for i in remaining}
    if n == 6:  # two go out: every player strictly below the third-lowest key [F]
        third = sorted(keys.values())[2]
        out = [i for i in remaining if keys[i] < third]
    else:
        out = _lowest_unique(keys)
    m = len(remaining)
    ranks.update(_rank_block({i: keys[i] for i in out}, m - len(out) + 1))
    for seat in out:
        notes.append(f"politics: seat {seat} eliminated (P {p[seat]})")
    if not out:
        notes.append("politics: lowest key shared, nobody eliminated")
    # 3. economic step: most yaks, then P (step 2), then R; still tied: shared
    finalists = [i for i in remaining if i not in out]
    ranks.update(_rank_block({i: (e[i], p[i], r[i]) for i in finalists}, 1))
    notes.append("economy: " + ", ".join(f"seat {i} E {e[i]}" for i in finalists))
    return Result(
        scores=tuple(float(x) for x in e), ranks=tuple(ranks[i] for i in range(n)), detail="; ".join(notes)
    )


def _three_players(e: list[int], r: list[int], p: list[int]) -> Result:
    """8.1: whoever leads two influences wins; otherwise ("Patt") highest E, then P, then R."""
    def leads(values: list[int], seat: int) -> bool:
        return all(values[seat] > values[o] for o in range(3) if o != seat)

    led = [sum(leads(vals, i) for vals in (e, r, p)) for i in range(3)]
    champion = [i for i in range(3) if led[i] >= 2]
    if champion:
        winners = set(champion)
        detail = f"seat {champion[0]} leads two influences"
    else:
        best = max((e[i], p[i], r[i]) for i in range(3))
        winners = {i for i in range(3) if (e[i], p[i], r[i]) == best}
        detail = "Patt: nobody leads two influences; most yaks, then politics, then religion"
    keys = {i: (i in winners, led[i], e[i], p[i], r[i]) for i in range(3)}
    ranks = _rank_block(keys, 1)
    detail += "; " + ", ".join(f"seat {i}: E {e[i]} R {r[i]} P {p[i]}" for i in range(3))
    return Result(scores=tuple(float(x) for x in e), ranks=tuple(ranks[i] for i in range(3)), detail=detail)


def result(s: HimalayaState) -> Result | None:
    return score(s) if s.phase == OVER else None
