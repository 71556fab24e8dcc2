"""Kashgar's content: every person card and order card, as printed in the rules specification.

Sections 9 (person cards) and 10 (order cards) of `shared/rules/kashgar.md`, row by row.
A board is a 7-tuple in the order GI, CL, PE, SA, CI, GO, MU.

An action is `Action(cost, effect)`:
  cost    `Cost(board=7-tuple, any_spice=n, one_spice=n)`: fixed amounts, "n S" (any spices),
          "n of one spice" (all of the same spice).
  effect  a tuple `(op, *args)`, read by `effects.py`:
    ("gain", vec, n)          increase every resource in vec; n > 0: also +n of one spice of your choice
    ("gain_either", (a, b), n) "+n a / +n b": choose one
    ("two_spices", n)         +n of one spice and +n of a different spice
    ("other_spice", n)        +n of one spice different from the one paid (Barterer)
    ("set", r, n)             SET r = n;   ("set_spice", n): SET one spice of your choice = n
    ("flip",)                 Patriarch <-> Matriarch
    ("draw_std", k, j)        DRAW_STD k->j;  ("draw_spc", k, j): DRAW_SPC k->j
    ("look_std", k)           the Prophet's look at the top k standard cards
    ("take_discard", n)       TAKE_DISCARD n
    ("fulfil", kinds, pay, gold)  fulfil 1 display order; kinds: which orders; pay: "full" | "free" |
                              "no_spice"; gold: + that much GO afterwards (Wholesaler)
    ("fulfil_two",)           Wholesaler farewell: up to 2 display orders, at least 1
    ("draw_orders", k, mode)  mode "farmer" | "farrier" | "scout" | "fortune"
    ("spare_patriarch",) ("leader_front",) ("leader_move",) ("judge",) ("spices_min3",)
    variant: ("others_gain", r, n) ("others_set", r, n) ("others_lose", r, n) ("thief",)
             ("target_lose", r, n) ("robber_spices",) ("robber_card",) ("schemer",) ("customs",)
             ("spy",) ("mercenary",) ("fence",) ("poisoner",)
"""

from __future__ import annotations

from typing import NamedTuple

SPICES = ("GI", "CL", "PE", "SA", "CI")
RESOURCES = SPICES + ("GO", "MU")
GI, CL, PE, SA, CI, GO, MU = range(7)
INDEX = {r: i for i, r in enumerate(RESOURCES)}
SPICE_NAMES = {"GI": "ginger", "CL": "cloves", "PE": "pepper", "SA": "star anise", "CI": "cinnamon",
               "GO": "gold", "MU": "mules"}

MAX_SPICE, MAX_GOLD, MAX_MULES = 9, 9, 6  # whatever would exceed the maximum is lost
CAPS = (MAX_SPICE,) * 5 + (MAX_GOLD, MAX_MULES)
START_VALUE = 3  # all seven tracks start on 3


def vec(**amounts: int) -> tuple[int, ...]:
    """A 7-tuple board vector from keyword amounts: vec(GO=1, MU=2)."""
    return tuple(amounts.get(r, 0) for r in RESOURCES)


ZERO = vec()


class Cost(NamedTuple):
    board: tuple[int, ...] = ZERO
    any_spice: int = 0  # "n S": any n spice units
    one_spice: int = 0  # "n of one spice"


FREE = Cost()


def cost(any_spice: int = 0, one_spice: int = 0, **amounts: int) -> Cost:
    return Cost(vec(**amounts), any_spice, one_spice)


class Action(NamedTuple):
    cost: Cost
    effect: tuple


class Person(NamedTuple):
    id: str
    de: str
    en: str
    deck: str  # patriarch | start | standard | special | additional
    copies: int  # how many of the card the game has
    vp: int  # the Farmer's VP are variable (see scoring.vp_of)
    caravan: tuple[Action, ...]
    farewell: tuple[Action, ...]
    rank: int = 0  # start cards only
    bang: bool = False  # "!" in the name: may not pass

    @property
    def name(self) -> str:
        return self.en + ("!" if self.bang else "")


def A(c: Cost, *effect) -> Action:
    return Action(c, tuple(effect))


P = Person
ANY = ("small", "large", "special")

# --- 9.1 the Patriarch card (13 identical double-sided copies) -----------------------------------
PATRIARCH, MATRIARCH = "PM", "MM"
PATRIARCH_CARDS = 13
PATRIARCH_SIDES = (
    P(PATRIARCH, "Patriarch", "Patriarch", "patriarch", 13, 0,
      (A(FREE, "draw_std", 2, 1), A(FREE, "flip")), (), bang=True),
    P(MATRIARCH, "Matriarchin", "Matriarch", "patriarch", 0, 0,
      (A(FREE, "take_discard", 1), A(FREE, "flip")), (), bang=True),
)

# --- 9.2 start cards (12, one of each; rank decides the start player) ----------------------------
START_CARDS = (
    P("ST01", "Knecht", "Farmhand", "start", 1, 0,
      (A(FREE, "gain", vec(MU=1), 0),), (A(FREE, "gain", ZERO, 2),), rank=1),
    P("ST02", "Krämerin", "Shopkeeper", "start", 1, 0,
      (A(FREE, "gain", ZERO, 1),), (A(FREE, "fulfil", ANY, "full", 0),), rank=2),
    P("ST03", "Prophet", "Prophet", "start", 1, 1,
      (A(cost(GO=1), "look_std", 3),), (A(FREE, "draw_std", 3, 1),), rank=3),
    P("ST04", "Aristokratin", "Aristocrat", "start", 1, 2,
      (A(FREE, "gain", vec(GO=1), 0),), (A(FREE, "spare_patriarch"),), rank=4),
    P("ST05", "Sammlerin", "Gatherer", "start", 1, 0,
      (A(FREE, "gain", vec(GI=1, CL=1), 0),), (A(FREE, "gain", vec(PE=3), 0),), rank=5),
    P("ST06", "Hirtenjunge", "Shepherd Boy", "start", 1, 0,
      (A(FREE, "gain", vec(SA=1, CI=1), 0),), (A(FREE, "gain", vec(MU=1, GO=1), 0),), rank=6),
    P("ST07", "Geldverleiher", "Moneylender", "start", 1, 1,
      (A(FREE, "gain", vec(GO=2), 0),), (A(FREE, "set", GO, 6),), rank=7),
    P("ST08", "Wasserträgerin", "Water Carrier", "start", 1, 1,
      (A(cost(GO=1), "gain", vec(MU=1), 1),), (A(FREE, "gain", vec(MU=2), 0),), rank=8),
    P("ST09", "Kundschafter", "Scout", "start", 1, 1,
      (A(FREE, "draw_orders", 1, "scout"),), (A(FREE, "fulfil", ("small",), "full", 0),), rank=9),
    P("ST10", "Teppichhändler", "Carpet Dealer", "start", 1, 2,
      (A(cost(GO=1), "gain_either", ("SA", "CI"), 2),), (A(FREE, "gain", vec(GI=1, CL=1, PE=1, SA=1, CI=1), 0),),
      rank=10),
    P("ST11", "Tuchhändlerin", "Cloth Merchant", "start", 1, 3,
      (A(cost(any_spice=1), "gain", vec(GO=1), 0),), (), rank=11),
    P("ST12", "Alter Weiser", "Old Sage", "start", 1, 0,
      (A(cost(GO=1), "take_discard", 1),), (A(FREE, "gain", vec(GO=2), 0),), rank=12),
)

# --- 9.3 standard cards (76 cards, 24 kinds) ------------------------------------------------------
STANDARD_CARDS = (
    P("SD01", "Pflanzerin", "Planter", "standard", 4, 0,
      (A(FREE, "gain_either", ("GI", "CL"), 2),), (A(FREE, "gain", vec(GI=3, CL=3), 0),)),
    P("SD02", "Bäcker", "Baker", "standard", 4, 1,
      (A(cost(GO=1), "gain", vec(MU=1), 0),), (A(FREE, "gain", vec(GO=2), 0),)),
    P("SD03", "Marktfrau", "Market Woman", "standard", 5, 0,
      (A(cost(GO=1), "gain", ZERO, 3),), (A(FREE, "gain", vec(GO=2), 0),)),
    P("SD04", "Quacksalber", "Quack", "standard", 4, 0,
      (A(FREE, "set_spice", 5),), (A(FREE, "set", GO, 5),)),
    P("SD05", "Gewürzhändler", "Spice Trader", "standard", 5, -1,
      (A(FREE, "fulfil", ANY, "full", 0),), (A(FREE, "fulfil", ANY, "full", 0),)),
    P("SD06", "Zimtfürst", "Cinnamon Prince", "standard", 2, 3,
      (A(FREE, "fulfil", ("cinnamon",), "full", 0),), (A(FREE, "gain", vec(CI=4), 0),)),
    P("SD07", "Höker", "Hawker", "standard", 4, 0,
      (A(cost(GO=1), "fulfil", ("small",), "full", 0),), (A(FREE, "fulfil", ("small", "special"), "full", 0),)),
    P("SD08", "Schreiber", "Scribe", "standard", 2, 0,
      (A(FREE, "gain", vec(GO=1), 0),), (A(FREE, "fulfil", ANY, "free", 0),)),
    P("SD09", "Bauer", "Farmer", "standard", 3, 0,  # VP: number of own Grain Field orders
      (A(FREE, "draw_orders", 2, "farmer"),), (A(FREE, "fulfil", ("grain",), "free", 0),)),
    P("SD10", "Hufschmied", "Farrier", "standard", 3, 1,
      (A(cost(GO=1), "draw_orders", 2, "farrier"),), (A(FREE, "gain", vec(MU=2), 0),)),
    P("SD11", "Muli-Händlerin", "Mule Trader", "standard", 4, 0,
      (A(cost(GO=2), "gain", vec(MU=2), 0),), (A(FREE, "set", MU, 5),)),
    P("SD12", "Hirte", "Shepherd", "standard", 4, 0,
      (A(FREE, "gain", vec(MU=1), 0),), (A(FREE, "gain", vec(MU=1, GO=2), 0),)),
    P("SD13", "Karawanenführer", "Caravan Leader", "standard", 3, 1,
      (A(FREE, "leader_front"),), (A(FREE, "leader_move"),)),
    P("SD14", "Adelige", "Noblewoman", "standard", 3, 1,
      (A(cost(GO=2), "draw_spc", 2, 1),), (A(FREE, "draw_spc", 1, 1),)),
    P("SD15", "Nelkenpflückerin", "Clove Picker", "standard", 3, 0,
      (A(FREE, "gain", vec(CL=2, PE=1), 0),), (A(FREE, "gain", vec(CL=4), 0),)),
    P("SD16", "Pfefferhändler", "Pepper Merchant", "standard", 3, 0,
      (A(cost(GO=1), "gain", vec(PE=3), 0),), (A(FREE, "gain", vec(PE=2, GI=2), 0),)),
    P("SD17", "Anissammlerin", "Anise Gatherer", "standard", 3, 0,
      (A(FREE, "gain", vec(SA=2), 0),), (A(FREE, "gain", vec(SA=2, CI=2), 0),)),
    P("SD18", "Zimtschälerin", "Cinnamon Peeler", "standard", 3, 0,
      (A(FREE, "gain", vec(CI=2), 0),), (A(FREE, "gain", vec(CI=3, GO=1), 0),)),
    P("SD19", "Geldwechsler", "Money Changer", "standard", 3, 0,
      (A(cost(any_spice=2), "gain", vec(GO=2), 0),), (A(FREE, "gain", vec(GO=3), 0),)),
    P("SD20", "Tauschhändlerin", "Barterer", "standard", 3, 0,
      (A(cost(one_spice=2), "other_spice", 3),), (A(FREE, "gain", ZERO, 2),)),
    P("SD21", "Bettler", "Beggar", "standard", 2, -1,
      (A(FREE, "gain", ZERO, 1),), (A(FREE, "gain", vec(GO=1), 0),)),
    P("SD22", "Richter", "Judge", "standard", 2, 1,
      (A(FREE, "judge"),), (A(FREE, "gain", vec(GO=2), 0),)),
    P("SD23", "Wahrsagerin", "Fortune Teller", "standard", 2, 0,
      (A(FREE, "draw_orders", 2, "fortune"),), (A(FREE, "gain", vec(MU=1), 1),)),
    P("SD24", "Schmuggler", "Smuggler", "standard", 2, 0,
      (A(cost(MU=1), "gain", vec(GO=2), 1),), (A(FREE, "two_spices", 2),)),
)

# --- 9.4 special cards (12, one of each) ----------------------------------------------------------
SPECIAL_CARDS = (
    P("SP01", "Graue Eminenz", "Grey Eminence", "special", 1, 2,
      (A(FREE, "take_discard", 1),), (A(FREE, "take_discard", 2),)),
    P("SP02", "Großhändler", "Wholesaler", "special", 1, 2,
      (A(FREE, "fulfil", ANY, "full", 1),), (A(FREE, "fulfil_two"),)),
    P("SP03", "Karawanserei-Wirtin", "Innkeeper", "special", 1, 1,
      (A(FREE, "gain", vec(GI=1, CL=1, PE=1, SA=1, CI=1), 0),), (A(FREE, "gain", vec(MU=2, GO=2), 0),)),
    P("SP04", "Emir", "Emir", "special", 1, 3,
      (A(cost(GO=1), "gain", ZERO, 2),), ()),
    P("SP05", "Sultanin", "Sultana", "special", 1, 3,
      (A(cost(GO=2), "fulfil", ANY, "full", 0),), ()),
    P("SP06", "Mulizüchter", "Mule Breeder", "special", 1, 1,
      (A(FREE, "set", MU, 6),), (A(FREE, "gain", vec(GO=3), 0),)),
    P("SP07", "Seidenhändlerin", "Silk Merchant", "special", 1, 2,
      (A(cost(MU=1), "gain", vec(GO=4), 0),), (A(FREE, "spices_min3"),)),
    P("SP08", "Hofastrologe", "Court Astrologer", "special", 1, 2,
      (A(FREE, "draw_std", 3, 1),), (A(FREE, "draw_std", 3, 2),)),
    P("SP09", "Schatzmeister", "Treasurer", "special", 1, 2,
      (A(FREE, "gain", vec(GO=2), 0),), (A(FREE, "set", GO, 9),)),
    P("SP10", "Gewürzmeister", "Spice Master", "special", 1, 1,
      (A(FREE, "two_spices", 2),), (A(FREE, "fulfil", ANY, "no_spice", 0),)),
    P("SP11", "Gesandter", "Envoy", "special", 1, 3,
      (A(FREE, "gain", vec(MU=1), 0),), (A(FREE, "fulfil", ("large",), "full", 0),)),
    P("SP12", "Fürstin", "Princess", "special", 1, 3,
      (A(cost(any_spice=2), "gain", vec(GO=1, MU=1), 0),), ()),
)

# --- 9.5 additional cards, variant "Hauen und Stechen" / "Cut and Thrust" (12 cards, 9 kinds) ------
ADDITIONAL_CARDS = (
    P("AD01", "Torwache", "Gate Guard", "additional", 1, 3,
      (A(FREE, "others_gain", GO, 3),), (A(FREE, "others_set", GO, 2),), bang=True),
    P("AD02", "Dieb", "Thief", "additional", 2, -2,
      (A(FREE, "thief"),), (A(FREE, "target_lose", GO, 2),)),
    P("AD03", "Räuber", "Robber", "additional", 1, -2,
      (A(FREE, "robber_spices"),), (A(FREE, "robber_card"),)),
    P("AD04", "Intrigantin", "Schemer", "additional", 1, 1,
      (A(FREE, "schemer"),), (A(FREE, "gain", vec(GO=2), 0),)),
    P("AD05", "Zöllner", "Customs Officer", "additional", 2, 2,
      (A(FREE, "customs"),), (A(FREE, "others_lose", MU, 1),)),
    P("AD06", "Spion", "Spy", "additional", 1, 1,
      (A(FREE, "spy"),), (A(FREE, "fulfil", ANY, "full", 0),)),
    P("AD07", "Söldner", "Mercenary", "additional", 2, 2,
      (A(cost(GO=2), "mercenary"),), (A(FREE, "gain", vec(GO=3), 0),)),
    P("AD08", "Hehler", "Fence", "additional", 1, 1,
      (A(FREE, "fence"),), (A(FREE, "gain", vec(GO=2), 0),)),
    P("AD09", "Giftmischerin", "Poisoner", "additional", 1, -2,
      (A(FREE, "poisoner"),), ()),
)

PERSONS: dict[str, Person] = {c.id: c for c in PATRIARCH_SIDES + START_CARDS + STANDARD_CARDS + SPECIAL_CARDS
                              + ADDITIONAL_CARDS}
FARMER = "SD09"

# The 12 additional cards one by one, as the variant option names them ("Thief 1", "Thief 2", ...).
ADDITIONAL_COPIES: dict[str, str] = {}
for _c in ADDITIONAL_CARDS:
    for _k in range(_c.copies):
        ADDITIONAL_COPIES[_c.en if _c.copies == 1 else f"{_c.en} {_k + 1}"] = _c.id


def deck_of(kind: str) -> tuple[str, ...]:
    """Every card of one deck, copies repeated, sorted: deck_of("standard") has 76 ids."""
    cards = {"start": START_CARDS, "standard": STANDARD_CARDS, "special": SPECIAL_CARDS}[kind]
    return tuple(sorted(c.id for c in cards for _ in range(c.copies)))


# --- 10. order cards (40) -------------------------------------------------------------------------
class Order(NamedTuple):
    id: str
    kind: str  # small | large | special
    cond: int  # mule condition: you must have at least this many mules
    cost: tuple[int, ...]
    vp: int
    name: str = ""
    grain: bool = False  # a Grain Field (the Farmer's orders)


def _small(i, cond, vp, **c):
    return Order(f"K{i:02d}", "small", cond, vec(**c), vp)


def _large(i, cond, vp, **c):
    return Order(f"L{i:02d}", "large", cond, vec(**c), vp)


ORDERS_LIST = (
    # 10.1 small orders (16; 2 or 3 VP)
    _small(1, 2, 2, GI=3, CL=2), _small(2, 2, 2, CL=3, PE=2), _small(3, 2, 2, PE=3, SA=2),
    _small(4, 2, 2, SA=3, CI=2), _small(5, 2, 2, CI=3, GI=2), _small(6, 2, 2, CL=2, SA=2, GO=1),
    _small(7, 2, 2, PE=2, CI=2, GO=1), _small(8, 2, 2, SA=2, GI=2, GO=1), _small(9, 3, 3, GI=4, PE=3),
    _small(10, 3, 3, CL=4, SA=3), _small(11, 3, 3, PE=4, CI=3), _small(12, 3, 3, SA=4, GI=3),
    _small(13, 3, 3, CI=4, CL=3), _small(14, 3, 3, GI=2, CL=2, PE=2, GO=1),
    _small(15, 3, 3, PE=2, SA=2, CI=2, MU=1), _small(16, 3, 3, GI=3, CI=3, GO=1),
    # 10.2 large orders (12; 4, 5 or 6 VP)
    _large(1, 3, 4, CI=6, MU=1), _large(2, 3, 4, GI=6, MU=1), _large(3, 3, 4, CL=6, MU=1),
    _large(4, 3, 4, PE=6, MU=1), _large(5, 4, 5, SA=6, GI=2, MU=1), _large(6, 4, 5, CL=5, CI=3, MU=1),
    _large(7, 4, 5, PE=5, SA=3, GO=1), _large(8, 4, 5, GI=4, CL=4, GO=2), _large(9, 5, 6, CI=7, PE=3, MU=2),
    _large(10, 5, 6, SA=7, CL=3, MU=2), _large(11, 5, 6, GI=4, PE=4, CI=4),
    _large(12, 5, 6, GI=2, CL=2, PE=2, SA=2, CI=2, GO=3, MU=1),
    # 10.3 special orders (12; 1, 2 or 3 VP)
    *(Order(f"X{i:02d}", "special", 1, vec(GO=2), 1, "Grain Field", True) for i in range(1, 5)),
    *(Order(f"X{i:02d}", "special", 2, vec(GO=4), 2, "Gold Tribute") for i in range(5, 8)),
    Order("X08", "special", 4, vec(MU=2, GO=1), 2, "Mule Market"),
    *(Order(f"X{i:02d}", "special", 6, vec(MU=3), 3, "Mule Train") for i in (9, 10)),
    *(Order(f"X{i:02d}", "special", 3, vec(GI=1, CL=1, PE=1, SA=1, CI=1, GO=2), 3, "Spice Assortment")
      for i in (11, 12)),
)
ORDERS: dict[str, Order] = {o.id: o for o in ORDERS_LIST}
ALL_ORDERS = tuple(sorted(ORDERS))

MIN_PLAYERS, MAX_PLAYERS = 2, 4
CARAVANS = 3  # every player's three caravans, each begun by a Patriarch
START_CARDS_EACH = 3  # start cards dealt to each player, one for behind each Patriarch
DISPLAY_SIZE = 4
END_VP = 25  # 25 or more VP trigger the end
ROUND_LIMIT = 200  # filled in: the game ends after round 200 at the latest


def cost_text(v: tuple[int, ...]) -> str:
    return " + ".join(f"{n} {r}" for r, n in zip(RESOURCES, v, strict=True) if n) or "free"


assert len(deck_of("standard")) == 76 and len(deck_of("special")) == 12 and len(deck_of("start")) == 12
assert len(ADDITIONAL_COPIES) == 12 and len(ORDERS) == 40
