"""Himalaya's rules: applying a move (checked first: the legal moves are in legal.py), what the log
shows; then in the rulebook's order setup (6) and planning (7.3). Who acts and what is random are in
turn.py, the round marker and event figures (7.1, 7.2) in rounds.py, a caravan's steps (7.4.1-7.4.3)
in paths.py; executing the programs, renewal, inventory and the round's end (7.4-7.7) in execution.py.
Every function takes a state and returns a new one."""

from __future__ import annotations

from msgspec.structs import replace

from games.protocol import CHANCE, IllegalMove

from . import execution, legal
from .content import (
    COMMANDS,
    D20,
    MAX_PLAYERS,
    MIN_PLAYERS,
    REGIONS,
    RESOURCES,
    SLOTS,
    VILLAGES,
)
from .moves import (
    FIGURE_MOVE,
    Collect,
    Decline,
    DrawCube,
    DrawRing,
    Fulfil,
    PassEvent,
    PlaceCaravan,
    PlaceMarket,
    PlanSlot,
    Program,
    RollD20,
    Seating,
)
from .paths import ends_on_storm, position_after, step  # noqa: F401 (rules.step …)
from .rounds import begin_round, pass_event, place_event, skip_event_passes  # noqa: F401 (rules.skip_…)
from .state import (
    EVENTS,
    EXECUTION,
    OVER,
    PLANNING,
    SEATING,
    SETUP,
    HimalayaState,
    Player,
    clockwise,
    set_at,
    set_player,
)
from .turn import actors, chance  # noqa: F401 (the Game's actors and chance)


# --- applying a move ------------------------------------------------------------------------------
def setup(players: int, options: dict) -> HimalayaState:
    """`options` with every option filled in (Game.check_options)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Himalaya is for {MIN_PLAYERS}-{MAX_PLAYERS} players")
    limit = options["planning_time_limit"]
    if limit < 0:
        raise ValueError("option planning_time_limit: seconds must be 0 (off) or more")
    return HimalayaState(
        players=(Player(),) * players,
        events_on=bool(options["events"]),
        planning_time_limit=limit,
        board_delegates=((0,) * players,) * len(REGIONS),
    )


def apply(s: HimalayaState, seat: int, move) -> HimalayaState:
    if seat == CHANCE:
        return _apply_chance(s, move)
    if s.phase == PLANNING and 0 <= seat < s.n and len(s.plans[seat]) < SLOTS:
        return _apply_plan(s, seat, move)
    if seat not in actors(s):
        if s.phase == OVER:
            raise IllegalMove("the game is over")
        if s.phase == PLANNING and 0 <= seat < s.n:
            raise IllegalMove("you have programmed all six discs; wait for the others")
        raise IllegalMove("it is not your turn")
    ph = s.phase
    if ph == PLANNING:
        return _apply_plan(s, seat, move)
    if ph == EXECUTION:
        return _apply_choice(s, move)
    if ph == EVENTS:
        return _apply_event(s, seat, move)
    if isinstance(move, PlaceCaravan):  # placement
        if move.village not in legal.free_villages_for_caravan(s):
            raise IllegalMove(f"village {move.village} is not a free village ({VILLAGES[0]}-{VILLAGES[-1]} without a caravan)")
        return place_caravan(s, move.village)
    raise IllegalMove(f"{type(move).__name__}: now each player places the caravan on a village")


def apply_all(s: HimalayaState, seat: int, moves: tuple) -> HimalayaState:
    """`apply` of each of `moves` in turn (the search's macro decisions): discs for a seat still
    programming are checked as `apply` checks them and programmed at once (the state is the same:
    only the seat's last disc can complete all programs or end on the storm); anything else one by one."""
    if (s.phase == PLANNING and 0 <= seat < s.n and len(s.plans[seat]) + len(moves) <= SLOTS
            and all(type(m) is PlanSlot for m in moves)):
        for m in moves:
            if m.command not in COMMANDS:
                raise IllegalMove(f"a disc shows earth, stone, ice, trade or pause, not {m.command!r}")
        plan = s.plans[seat] + tuple(m.command for m in moves)
        if len(plan) == SLOTS and ends_on_storm(s, seat, plan):
            raise IllegalMove("this program would end on the snowstorm; a program must not end there")
        return _set_plan(s, seat, plan) if moves else s
    for m in moves:
        s = apply(s, seat, m)
    return s


def _apply_chance(s: HimalayaState, move) -> HimalayaState:
    if CHANCE not in actors(s):
        raise IllegalMove("nothing random is due now")
    if s.phase == SEATING:
        if not isinstance(move, Seating) or sorted(move.order) != list(range(s.n)):
            raise IllegalMove("the seat order must list every seat exactly once")
        return seat_players(s, tuple(move.order))
    if s.awaiting == "cubes":
        if not isinstance(move, DrawCube) or move.resource not in RESOURCES:
            raise IllegalMove("a cube is to be drawn from the resource bag")
        if not s.cube_bag[RESOURCES.index(move.resource)]:
            raise IllegalMove(f"the bag holds no {move.resource}")
        return execution.draw_cube(s, move.resource)
    if s.awaiting == "ring":
        if not isinstance(move, DrawRing) or move.ring not in s.ring_bag:
            raise IllegalMove("an order ring that is in the bag is to be drawn")
        return execution.draw_ring(s, move.ring)
    if not isinstance(move, RollD20) or not 1 <= move.face <= D20:
        raise IllegalMove("the d20 is to be rolled (1-20)")
    return execution.roll_d20(s, move.face)

def apply_timeout(s: HimalayaState, seat: int, move) -> HimalayaState:
    """A disc the timer places (7.3 [F]): a program completed by the timer is never rejected; if it
    ends on the snowstorm, the 7.4.3 fallback puts the caravan back at the end of execution."""
    if (s.phase == PLANNING and 0 <= seat < s.n and len(s.plans[seat]) < SLOTS and isinstance(move, PlanSlot)
            and move.command in COMMANDS):
        return plan_slot(s, seat, move.command)
    return apply(s, seat, move)


def _apply_plan(s: HimalayaState, seat: int, move) -> HimalayaState:
    if isinstance(move, PlanSlot):
        if move.command not in COMMANDS:
            raise IllegalMove(f"a disc shows earth, stone, ice, trade or pause, not {move.command!r}")
        plan = s.plans[seat] + (move.command,)
        if len(plan) == SLOTS and ends_on_storm(s, seat, plan):
            raise IllegalMove("this program would end on the snowstorm; a program must not end there")
        return _set_plan(s, seat, plan)
    if isinstance(move, Program):
        if s.plans[seat]:
            raise IllegalMove("you already programmed some slots; program the rest slot by slot")
        cmds = tuple(move.commands)
        if len(cmds) != SLOTS or any(c not in COMMANDS for c in cmds):
            raise IllegalMove("a program is six discs, each earth, stone, ice, trade or pause")
        if ends_on_storm(s, seat, cmds):
            raise IllegalMove("this program would end on the snowstorm; a program must not end there")
        for c in cmds:
            s = plan_slot(s, seat, c)
        return s
    raise IllegalMove("now every player programs the six action discs")

def _apply_choice(s: HimalayaState, move) -> HimalayaState:
    assert s.pending is not None  # the execution phase waits on this choice
    kind = s.pending.kind
    if isinstance(move, Decline):
        return execution.decline(s)
    if kind == "collect":
        if not isinstance(move, Collect):
            raise IllegalMove(f"in village {s.pending.village} you may collect one cube or decline")
        if move not in legal.collect_choices(s):
            allowed = ", ".join(m.resource for m in legal.collect_choices(s))
            raise IllegalMove(f"you may take only {allowed} here (the lowest-valued cube unless a Market)")
        return execution.collect(s, move.resource)
    if not isinstance(move, Fulfil):
        raise IllegalMove(f"in village {s.pending.village} you may fulfil the order or decline")
    move = Fulfil(trade=move.trade, offering=move.offering, delegates=tuple(sorted(move.delegates)))
    if move not in legal.fulfil_choices(s):
        raise IllegalMove(legal.why_not_fulfil(s, move))
    return execution.fulfil(s, move)

def _apply_event(s: HimalayaState, seat: int, move) -> HimalayaState:
    if isinstance(move, PassEvent):
        return pass_event(s)
    for figure, cls in FIGURE_MOVE.items():
        if isinstance(move, cls):
            where = move.village if isinstance(move, PlaceMarket) else move.path
            if (figure, where) not in legal.event_placements(s, seat):
                raise IllegalMove(legal.why_not_event(s, seat, figure, where))
            return place_event(s, seat, figure, where)
    raise IllegalMove("now each player may place one event figure or pass")


# --- what the log shows, and the planning clock -------------------------------------------------
def visible_to(s: HimalayaState, actor: int, move) -> tuple[int, ...] | None:
    if actor == CHANCE:
        return None  # every roll and draw is public
    if s.phase == PLANNING:  # a programmed disc stays secret until the reveal
        return (actor,)
    return None


def reveals(s: HimalayaState, actor: int, move) -> bool:
    if actor == CHANCE:
        return True
    if s.phase != PLANNING:
        return False
    left = sum(SLOTS - len(p) for p in s.plans)
    added = len(move.commands) if isinstance(move, Program) else 1
    return left == added


def opens(s: HimalayaState, actor: int, move) -> bool:
    """The last disc of all reveals every program at once: the seats' secret discs are public from then on."""
    return actor != CHANCE and reveals(s, actor, move)


def time_limit(s: HimalayaState) -> float | None:
    """The planning clock (option planning_time_limit; 0: none) runs while discs are programmed."""
    return float(s.planning_time_limit) if s.phase == PLANNING and s.planning_time_limit > 0 else None



# --- helpers ------------------------------------------------------------------------------------


# --- 6. Setup -----------------------------------------------------------------------------------


def seat_players(s: HimalayaState, order: tuple[int, ...]) -> HimalayaState:
    """Step 3: random seat order; the first seat in it is the first start player. Then step 4."""
    s = replace(s, order=order, start=order[0], phase=SETUP)
    return execution.renewal_next(s)


def place_caravan(s: HimalayaState, village: int) -> HimalayaState:
    """Step 5: from the start player clockwise, each caravan on a village without a caravan."""
    seat = clockwise(s)[s.turn]
    s = replace(s, players=set_player(s, seat, replace(s.players[seat], village=village)), turn=s.turn + 1)
    if s.turn < s.n:
        return s
    return begin_round(s)


# --- 7.3 Planning -------------------------------------------------------------------------------


def plan_slot(s: HimalayaState, seat: int, command: str) -> HimalayaState:
    return _set_plan(s, seat, s.plans[seat] + (command,))


def _set_plan(s: HimalayaState, seat: int, plan: tuple[str, ...]) -> HimalayaState:
    """The seat's program is now `plan` (one disc more); the last disc of all reveals them."""
    plans = set_at(s.plans, seat, plan)
    s = replace(s, plans=plans)
    if min(map(len, plans)) == SLOTS:
        return reveal(s)
    return s


def reveal(s: HimalayaState) -> HimalayaState:
    """All programs are in: they are revealed at once and Phase 3 begins."""
    return execution.execute(replace(s, phase=EXECUTION, slot=0, turn=0))
