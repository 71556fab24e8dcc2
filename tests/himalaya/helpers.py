"""Building Himalaya positions for rule cases."""

from __future__ import annotations

from msgspec.structs import replace

from games.himalaya import GAME
from games.himalaya.content import CUBES, RESOURCES, RINGS, YAKS
from games.himalaya.state import EXECUTION, OVER, PLANNING, RENEWAL, HimalayaState, Player
from games.protocol import CHANCE

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def cubes(**kinds: int) -> tuple[int, ...]:
    return tuple(kinds.get(r, 0) for r in RESOURCES)


def position(
    players: int = 3,
    villages: dict[int, int] | None = None,
    held: dict[int, tuple[int, ...]] | None = None,
    board_cubes: dict[int, tuple[int, ...]] | None = None,
    board_rings: dict[int, int] | None = None,
    order: tuple[int, ...] | None = None,
    phase: str = PLANNING,
    **fields,
) -> HimalayaState:
    """A state in round 1 with the given caravans, holdings and board; bags hold the rest."""
    s = GAME.setup(players, {})
    order = order or tuple(range(players))
    villages = villages or {}
    held = held or {}
    ps = tuple(Player(village=villages.get(i, 1), cubes=held.get(i, (0,) * 5)) for i in range(players))
    board = [(0,) * 5] * 20
    for v, c in (board_cubes or {}).items():
        board[v - 1] = c
    rings = [0] * 20
    for v, r in (board_rings or {}).items():
        rings[v - 1] = r
    used = [sum(c[k] for c in board) + sum(p.cubes[k] for p in ps) for k in range(5)]
    bag = tuple(CUBES[k] - used[k] for k in range(5))
    ring_bag = tuple(r for r in RINGS if r not in rings)
    s = replace(
        s, players=ps, order=order, start=order[0], phase=phase, board_cubes=tuple(board),
        board_rings=tuple(rings), cube_bag=bag, ring_bag=ring_bag, plans=((),) * players,
    )
    return replace(s, **fields) if fields else s


def program(s: HimalayaState, plans: dict[int, tuple[str, ...]]) -> HimalayaState:
    """Every seat programs its discs (PAUSE for seats not given), slot by slot in seat order."""
    from games.himalaya.moves import PlanSlot

    for seat in range(s.n):
        for cmd in plans.get(seat, ("pause",) * 6):
            s = GAME.apply(s, seat, PlanSlot(command=cmd))
    return s


def final_position(
    players: int,
    stupas: dict[int, list[int]],
    delegates: dict[str, tuple[int, ...]],
    yaks: list[int],
) -> HimalayaState:
    """A finished game: stupas on villages, delegates per region, E built from tokens and 1-yak rings."""
    one_yak = [r for r in RINGS if YAKS[r] == 1]
    board_stupas = [-1] * 20
    ps = []
    for seat in range(players):
        for v in stupas.get(seat, []):
            board_stupas[v - 1] = seat
        placed = sum(delegates[r][seat] for r in delegates) if delegates else 0
        tokens, rest = divmod(yaks[seat], 3)
        ps.append(
            Player(
                village=1, rings=tuple(one_yak[:rest]), tokens=tokens, stupas=5 - len(stupas.get(seat, [])),
                delegates=15 - placed,
            )
        )
    rows = tuple(tuple(delegates.get(r, (0,) * players)) for r in "ABCDEFGH")
    s = GAME.setup(players, {})
    return replace(
        s, players=tuple(ps), order=tuple(range(players)), phase=OVER, round=12, board_stupas=tuple(board_stupas),
        board_delegates=rows,
    )


def total_cubes(s: HimalayaState) -> tuple[int, ...]:
    return tuple(
        s.cube_bag[k] + sum(c[k] for c in s.board_cubes) + sum(p.cubes[k] for p in s.players) for k in range(5)
    )


def all_rings(s: HimalayaState) -> list[int]:
    return sorted(list(s.ring_bag) + [r for r in s.board_rings if r] + [r for p in s.players for r in p.rings])


def chance_actor(s) -> bool:
    return GAME.actors(s) == frozenset({CHANCE})


__all__ = ["EXECUTION", "RENEWAL"]
