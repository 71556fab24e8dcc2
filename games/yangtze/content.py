"""Yangtze's components as data, in the order of the rules specification (section 2).

Every number here is the spec's; check it against ../shared/rules/yangtze.md.
"""

from __future__ import annotations

# --- 2.1 The river: 8 trading houses, P1 (open end, Central China) to P8 (Shanghai) --------------
MIN_PLAYERS, MAX_PLAYERS = 2, 4
RIVER_POSITIONS = 8
PRICES = (10, 10, 9, 8, 7, 6, 5, 4)  # PRICES[p - 1] is the purchase price at position Pp

# --- 2.2 Goods tiles (61): every ware-colour pair of a category exactly once --------------------
LUXURY, EVERYDAY = "L", "E"
LUXURY_WARES = ("VASE", "SILK", "JADE", "LACQUER", "FAN")
LUXURY_COLOURS = ("RED", "GOLD", "PURPLE", "WHITE", "BLACK")
EVERYDAY_WARES = ("RICE", "FISH", "CLOTH", "BOWL", "BASKET", "SANDALS")
EVERYDAY_COLOURS = ("GREEN", "ORANGE", "BROWN", "PINK", "GREY", "SKY")
WARES = {LUXURY: LUXURY_WARES, EVERYDAY: EVERYDAY_WARES}
COLOURS = {LUXURY: LUXURY_COLOURS, EVERYDAY: EVERYDAY_COLOURS}
CATEGORY_NAME = {LUXURY: "luxury", EVERYDAY: "everyday"}

GOODS = tuple(f"{c}-{w}-{col}" for c in (LUXURY, EVERYDAY) for w in WARES[c] for col in COLOURS[c])
CATEGORY = {g: g.split("-")[0] for g in GOODS}
WARE = {g: g.split("-")[1] for g in GOODS}
COLOUR = {g: g.split("-")[2] for g in GOODS}

# --- 2.3 Sale-value tables inside the screen (by category and bundle size) ----------------------
# luxury = 2n^2 + 3n (at most 5 tiles), everyday = n^2 + 3n (at most 6 tiles); index = size
SALE_VALUE = {
    LUXURY: (0, 5, 14, 27, 44, 65),
    EVERYDAY: (0, 4, 10, 18, 28, 40, 54),
}

# --- 2.4 Ruler tiles (12): id -> (name, optional "?", instruction) ------------------------------
RULERS = {
    "R01": ("Emperor's Gift", False, "Receive 10 coins."),
    "R02": ("Rich Harvest", False, "Receive 5 coins."),
    "R03": ("Patronage", False, "Receive 2 coins per settlement tile you own."),
    "R04": ("Full Warehouses", False, "Receive 1 coin per goods tile behind your screen."),
    "R05": ("Open Market", True, "You may sell exactly one legal bundle at its table value."),
    "R06": ("River Exchange", True, "You may swap one good from behind your screen with any one good on the river."),
    "R07": ("Clearance", True, "You may return one good from behind your screen to the box and receive 5 coins."),
    "R08": ("Head Tax", False, "Pay 5 coins."),
    "R09": ("Great Tax", False, "Pay 10 coins."),
    "R10": ("Land Tax", False, "Pay 2 coins per settlement tile you own."),
    "R11": ("Customs Duty", False, "Pay 1 coin per goods tile behind your screen."),
    "R12": ("Confiscation", False, "If you have a good behind your screen, return one of your choice to the box."),
}
RULER_IDS = tuple(RULERS)
# the amounts in the instructions: fixed coins, coins per settlement tile, coins per good behind the screen
RULER_COINS = {"R01": 10, "R02": 5, "R08": 5, "R09": 10}
RULER_PER_SETTLEMENT = {"R03": 2, "R10": 2}
RULER_PER_GOOD = {"R04": 1, "R11": 1}
LAST_RULER = len(RULERS)  # the game ends once the 12th ruler's instruction has been carried out
GAIN_RULERS = ("R01", "R02", "R03", "R04")  # applied without asking anybody (5.6)
PAYMENT_RULERS = ("R08", "R09", "R10", "R11")
GOODS_CHOICE_RULERS = ("R05", "R06", "R07", "R12")  # ask only a player with a good behind the screen
CLEARANCE_REWARD = 5

# --- 2.5 Settlement tiles (20): 4 kinds, each 2 green + 3 brown, dots 1-5 once per kind ---------
GREEN, BROWN = "G", "B"
SETTLEMENT_DOTS = {
    "FORTRESS": {GREEN: (1, 4), BROWN: (2, 3, 5)},
    "COUNTING_HOUSE": {GREEN: (2, 5), BROWN: (1, 3, 4)},
    "TEMPLE": {GREEN: (3, 4), BROWN: (1, 2, 5)},
    "PAGODA": {GREEN: (1, 5), BROWN: (2, 3, 4)},
}
SETTLEMENT_KINDS = tuple(SETTLEMENT_DOTS)
SETTLEMENTS = tuple(
    f"{kind}-{colour}{dots}" for kind, by in SETTLEMENT_DOTS.items() for colour in (GREEN, BROWN) for dots in by[colour]
)
KIND = {t: t.rsplit("-", 1)[0] for t in SETTLEMENTS}
SETTLEMENT_COLOUR = {t: t.rsplit("-", 1)[1][0] for t in SETTLEMENTS}
DOTS = {t: int(t.rsplit("-", 1)[1][1:]) for t in SETTLEMENTS}

# --- the bag: all 93 drawable tiles ---------------------------------------------------------------
ALL_TILES = tuple(sorted(GOODS + RULER_IDS + SETTLEMENTS))
TILE_KIND = {**dict.fromkeys(GOODS, "good"), **dict.fromkeys(RULER_IDS, "ruler"), **dict.fromkeys(SETTLEMENTS, "settlement")}

# --- 2.6 Special cards: 6 per player, face up -----------------------------------------------------
DOUBLE_PURCHASE, FREE_PURCHASE, SELL_ANY_TIME = "I", "II", "III"
LIQUIDITY = {"L10": 10, "L15": 15, "L20": 20}  # card IV, three values
CARDS = (DOUBLE_PURCHASE, FREE_PURCHASE, SELL_ANY_TIME, "L10", "L15", "L20")
CARD_NAME = {
    "I": "I double purchase",
    "II": "II free purchase",
    "III": "III sell at any time",
    "L10": "IV liquidity 10",
    "L15": "IV liquidity 15",
    "L20": "IV liquidity 20",
}

# --- 2.7 Counting board ---------------------------------------------------------------------------
MARKER_MAX, COIN = 60, 50

# --- 3. Setup -------------------------------------------------------------------------------------
STARTING_MONEY = 30
STARTING_GOODS = 2

# --- 8. Final scoring -----------------------------------------------------------------------------
SET_VALUE = (0, 0, 15, 30, 50)  # by the number of different kinds in one colour
MAJORITY_FIRST, MAJORITY_SECOND = 30, 15
UNUSED_LIQUIDITY_VALUE = 30

assert len(GOODS) == 61 and len(RULER_IDS) == 12 and len(SETTLEMENTS) == 20 and len(ALL_TILES) == 93
assert all(sorted(v[GREEN] + v[BROWN]) == [1, 2, 3, 4, 5] for v in SETTLEMENT_DOTS.values())
assert all(SALE_VALUE[LUXURY][n] == 2 * n * n + 3 * n for n in range(6))
assert all(SALE_VALUE[EVERYDAY][n] == n * n + 3 * n for n in range(7))


def coins_and_marker(money: int) -> tuple[int, int]:
    """The canonical counting board (2.7): the fewest 50-coins that keep the marker at 60 or below."""
    coins = max(0, -(-(money - MARKER_MAX) // COIN))
    return coins, money - COIN * coins
