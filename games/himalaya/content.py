"""Himalaya's components as data: the designed map (rules section 3), the resources (4), the order
rings (5) and the setup table (6). Check it line by line against ../shared/rules/himalaya.md."""

from __future__ import annotations

# --- 2. Components -----------------------------------------------------------------------------

ROUNDS = 12
STUPAS = 5  # per player
DELEGATES = 15  # per player
SLOTS = 6  # action discs per player
INVENTORY_TOKENS = 15
YAKS_PER_TOKEN = 3
INVENTORY_ROUNDS = (4, 8, 12)
D20 = 20

# disc commands; the three path kinds first
EARTH, STONE, ICE, TRADE, PAUSE = "earth", "stone", "ice", "trade", "pause"
PATH_KINDS = (EARTH, STONE, ICE)
COMMANDS = (EARTH, STONE, ICE, TRADE, PAUSE)

# event figures, each player owns one of each (3 per player, each used at most once per game)
YETI, SNOWSTORM, MARKET = "yeti", "snowstorm", "market"
FIGURES = (YETI, SNOWSTORM, MARKET)

# --- 3. The map (DESIGNED MAP [F]) -------------------------------------------------------------

HOUSE, TEMPLE, MONASTERY = 1, 2, 3
BUILDING = {HOUSE: "house", TEMPLE: "temple", MONASTERY: "monastery"}

# village: (level, regions touched, x, y)  — table 3.1 (its paths are table 3.2's, below)
VILLAGE_TABLE = {
    1: (HOUSE, "AG", 50, 6),
    2: (TEMPLE, "A", 67, 14),
    3: (TEMPLE, "AB", 84, 23),
    4: (HOUSE, "BC", 93, 60),
    5: (HOUSE, "CD", 69, 90),
    6: (MONASTERY, "D", 50, 90),
    7: (TEMPLE, "DE", 31, 90),
    8: (HOUSE, "EF", 7, 60),
    9: (HOUSE, "F", 11, 41),
    10: (MONASTERY, "FG", 16, 23),
    11: (HOUSE, "AGH", 50, 30),
    12: (HOUSE, "AH", 58, 34),
    13: (MONASTERY, "ABH", 66, 38),
    14: (TEMPLE, "BCH", 69, 54),
    15: (HOUSE, "CDH", 59, 68),
    16: (MONASTERY, "DEH", 41, 68),
    17: (HOUSE, "EFH", 31, 54),
    18: (TEMPLE, "FGH", 34, 38),
    19: (HOUSE, "BC", 81, 57),
    20: (TEMPLE, "EF", 19, 57),
}
VILLAGES = tuple(VILLAGE_TABLE)

# paths P1..P27 (undirected) — table 3.2
PATHS: tuple[tuple[int, int, str], ...] = (
    (0, 0, ""),  # no P0: paths are numbered from 1
    (1, 2, ICE), (1, 10, EARTH), (1, 11, STONE), (2, 3, EARTH), (3, 4, STONE), (3, 13, ICE),
    (4, 5, ICE), (4, 19, EARTH), (5, 6, STONE), (5, 15, EARTH), (6, 7, EARTH), (7, 8, ICE),
    (7, 16, STONE), (8, 9, EARTH), (8, 20, STONE), (9, 10, STONE), (10, 18, ICE), (11, 12, ICE),
    (11, 18, EARTH), (12, 13, STONE), (13, 14, EARTH), (14, 15, STONE), (14, 19, ICE), (15, 16, ICE),
    (16, 17, EARTH), (17, 18, STONE), (17, 20, ICE),
)
PATH_NUMBERS = tuple(range(1, len(PATHS)))

REGIONS = "ABCDEFGH"  # table 3.3
LEVEL = {v: row[0] for v, row in VILLAGE_TABLE.items()}
TOUCHES = {v: row[1] for v, row in VILLAGE_TABLE.items()}  # the regions a village touches
POSITION = {v: (row[2], row[3]) for v, row in VILLAGE_TABLE.items()}
REGION_VILLAGES = {r: tuple(v for v in VILLAGES if r in TOUCHES[v]) for r in REGIONS}


def _exits() -> dict[int, dict[str, tuple[int, int] | None]]:
    """EXIT[village][kind] = (neighbour, path number) or None: where a disc of that kind leads."""
    out: dict[int, dict[str, tuple[int, int] | None]] = {v: dict.fromkeys(PATH_KINDS) for v in VILLAGES}
    for n in PATH_NUMBERS:
        a, b, kind = PATHS[n]
        assert out[a][kind] is None and out[b][kind] is None, f"two {kind} paths at a village of P{n}"
        out[a][kind], out[b][kind] = (b, n), (a, n)
    return out


EXIT = _exits()


def _check_map() -> None:
    assert len(VILLAGES) == 20 and len(PATH_NUMBERS) == 27
    for kind in PATH_KINDS:
        assert sum(1 for n in PATH_NUMBERS if PATHS[n][2] == kind) == 9
    for v in VILLAGES:
        assert 1 <= len(TOUCHES[v]) <= 3 and set(TOUCHES[v]) <= set(REGIONS)
    assert sorted(LEVEL.values()).count(MONASTERY) == 4 and sorted(LEVEL.values()).count(TEMPLE) == 6


_check_map()


def _distances() -> dict[int, dict[int, int]]:
    """Fewest moves between villages ignoring events (for the AI's heuristic)."""
    out = {}
    for s in VILLAGES:
        dist, frontier = {s: 0}, [s]
        while frontier:
            nxt = []
            for v in frontier:
                for e in EXIT[v].values():
                    if e is not None and e[0] not in dist:
                        dist[e[0]] = dist[v] + 1
                        nxt.append(e[0])
            frontier = nxt
        out[s] = dist
    return out


DISTANCE = _distances()

# --- 4. Resources ------------------------------------------------------------------------------

SALT, BARLEY, TEA, JADE, GOLD = "salt", "barley", "tea", "jade", "gold"
RESOURCES = (SALT, BARLEY, TEA, JADE, GOLD)  # lowest value first: rank = index + 1
RANK = {r: i + 1 for i, r in enumerate(RESOURCES)}
CUBES = (18, 15, 12, 9, 6)  # cubes of each kind in the game, 60 in all [F]

# --- 5. Order rings (DESIGNED CONTENTS [F]) ----------------------------------------------------

# (request as cubes per kind salt, barley, tea, jade, gold; yaks) — 20 types, 2 copies each
RING_TYPES = (
    ((2, 0, 0, 0, 0), 1),  # O01, O02  2 salt
    ((1, 1, 0, 0, 0), 1),  # O03, O04  salt + barley
    ((0, 1, 1, 0, 0), 2),  # O05, O06  barley + tea
    ((0, 0, 0, 2, 0), 3),  # O07, O08  2 jade
    ((0, 0, 1, 0, 1), 3),  # O09, O10  tea + gold
    ((2, 1, 0, 0, 0), 2),  # O11, O12  2 salt + barley
    ((2, 0, 1, 0, 0), 2),  # O13, O14  2 salt + tea
    ((2, 0, 0, 1, 0), 2),  # O15, O16  2 salt + jade
    ((1, 1, 1, 0, 0), 2),  # O17, O18  salt + barley + tea
    ((0, 2, 1, 0, 0), 3),  # O19, O20  2 barley + tea
    ((1, 2, 0, 0, 0), 2),  # O21, O22  salt + 2 barley
    ((0, 1, 1, 1, 0), 3),  # O23, O24  barley + tea + jade
    ((1, 0, 1, 0, 1), 3),  # O25, O26  salt + tea + gold
    ((0, 0, 2, 1, 0), 4),  # O27, O28  2 tea + jade
    ((0, 1, 0, 1, 1), 4),  # O29, O30  barley + jade + gold
    ((2, 2, 0, 0, 0), 2),  # O31, O32  2 salt + 2 barley
    ((1, 1, 1, 1, 0), 4),  # O33, O34  salt + barley + tea + jade
    ((2, 0, 1, 0, 1), 4),  # O35, O36  2 salt + tea + gold
    ((1, 1, 0, 1, 1), 4),  # O37, O38  salt + barley + jade + gold
    ((0, 1, 1, 1, 1), 5),  # O39, O40  barley + tea + jade + gold
)
RINGS = tuple(range(1, 41))  # ring numbers 1..40 = O01..O40
REQUEST = {n: RING_TYPES[(n - 1) // 2][0] for n in RINGS}
YAKS = {n: RING_TYPES[(n - 1) // 2][1] for n in RINGS}


def ring_name(n: int) -> str:
    return f"O{n:02d}"


def request_text(n: int) -> str:
    return " + ".join(f"{c} {r}" if c > 1 else r for r, c in zip(RESOURCES, REQUEST[n], strict=True) if c)


def _check_rings() -> None:
    assert len(RINGS) == 40 and sum(YAKS.values()) == 112
    one_copy = [sum(req[k] for req, _ in RING_TYPES) for k in range(5)]
    assert one_copy == list(CUBES), one_copy
    for req, yaks in RING_TYPES:
        rank_sum = sum(c * (k + 1) for k, c in enumerate(req))
        assert yaks == max(1, -(-rank_sum // 3))


_check_rings()

# --- 6. Setup table: (resource villages, cubes per new resource village, order villages) ------

SETUP = {3: (5, 5, 5), 4: (5, 5, 5), 5: (6, 4, 6), 6: (6, 5, 6)}
MIN_PLAYERS, MAX_PLAYERS = min(SETUP), max(SETUP)
