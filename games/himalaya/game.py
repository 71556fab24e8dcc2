"""Himalaya plugged into the game protocol: who acts, what is legal, and checking every move."""

from __future__ import annotations

from games.protocol import CHANCE, ChanceSpec, Game, IllegalMove, Option, Result

from . import rules, view as view_mod
from . import ai as ai_hooks
from .ai import determinize, heuristic
from .content import (
    COMMANDS, D20, MARKET, PATHS, PATH_NUMBERS, RESOURCES, SLOTS, SNOWSTORM, TOUCHES, YETI,
    ring_name,
)
from .moves import (
    Collect, Decline, DrawCube, DrawRing, Fulfil, HimalayaMove, PassEvent, PlaceCaravan, PlaceMarket,
    PlaceSnowstorm, PlaceYeti, PlanSlot, Program, RollD20, Seating,
)
from .render import render
from .scoring import score
from .state import (
    EVENTS, EXECUTION, OVER, PLACEMENT, PLANNING, RENEWAL, SEATING, SETUP, HimalayaState, Player,
)

_CHANCE = frozenset({CHANCE})
_NOBODY: frozenset[int] = frozenset()
_PLAN_MOVES = [PlanSlot(command=c) for c in COMMANDS]
_ROLLS = tuple(RollD20(face=f) for f in range(1, D20 + 1))
_CUBE_DRAWS = tuple(DrawCube(resource=r) for r in RESOURCES)
_FIGURE_MOVE = {YETI: PlaceYeti, SNOWSTORM: PlaceSnowstorm, MARKET: PlaceMarket}


def _make_seating(order: tuple[int, ...]) -> Seating:
    return Seating(order=tuple(order))


class Himalaya(Game):
    id = "himalaya"
    name = "Himalaya"
    min_players, max_players = 3, 6
    options = (
        Option("events", "play with the event figures (Yeti tracks, Snowstorm, Market)", True, (True, False)),
        Option(
            "planning_time_limit",
            "seconds each player has to program the six discs (0: no limit; enforced by the platform)",
            60,
        ),
    )
    State = HimalayaState
    Move = HimalayaMove

    # --- the game -------------------------------------------------------------------------------

    def setup(self, players, options):
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Himalaya is for {self.min_players}-{self.max_players} players")
        options = self.check_options(options)
        limit = options["planning_time_limit"]
        if limit < 0:
            raise ValueError("option planning_time_limit: seconds must be 0 (off) or more")
        return HimalayaState(
            players=(Player(),) * players,
            events_on=bool(options["events"]),
            planning_time_limit=limit,
            board_delegates=((0,) * players,) * 8,
        )

    def actors(self, s):
        ph = s.phase
        if ph == PLANNING:
            return frozenset([i for i, plan in enumerate(s.plans) if len(plan) < SLOTS])
        if ph == EXECUTION:
            return frozenset((s.pending.seat,))
        if ph == EVENTS or ph == PLACEMENT:
            return frozenset((rules.clockwise(s)[s.turn],))
        if ph == OVER:
            return _NOBODY
        return _CHANCE  # seating, setup, renewal

    def chance(self, s):
        if s.phase == SEATING:
            return ChanceSpec("draw the seat order and the first start player", permute=s.n, make=_make_seating)
        if s.awaiting == "cubes":
            bag = s.cube_bag
            outs = tuple(m for m, c in zip(_CUBE_DRAWS, bag) if c)
            return ChanceSpec(f"draw a cube for village {s.target}", outs, tuple(c for c in bag if c))
        if s.awaiting == "ring":
            return ChanceSpec(f"draw an order ring for village {s.target}", tuple(DrawRing(ring=r) for r in s.ring_bag))
        what = "resources" if rules.needs_resources(s) else "an order"
        return ChanceSpec(f"roll the d20 for a village with {what}", _ROLLS)

    def legal_moves(self, s, seat):
        if seat == CHANCE:
            if s.phase in (SEATING, SETUP, RENEWAL):
                return list(self.chance(s).outcomes)
            return []
        ph = s.phase
        if ph == PLANNING:
            plan = s.plans[seat]
            if len(plan) >= SLOTS:
                return []
            if len(plan) == SLOTS - 1 and s.snowstorm:
                return [m for m in _PLAN_MOVES if not rules.ends_on_storm(s, seat, plan + (m.command,))]
            return list(_PLAN_MOVES)
        if seat not in self.actors(s):
            return []
        if ph == EXECUTION:
            return rules.pending_choices(s)
        if ph == EVENTS:
            return [PassEvent()] + [_FIGURE_MOVE[f](w) for f, w in rules.event_placements(s, seat)]
        if ph == PLACEMENT:
            return [PlaceCaravan(village=v) for v in rules.free_villages_for_caravan(s)]
        return []

    def apply(self, s, seat, move):
        if seat == CHANCE:
            return self._apply_chance(s, move)
        if s.phase == PLANNING and 0 <= seat < s.n and len(s.plans[seat]) < SLOTS:
            return self._apply_plan(s, seat, move)
        if seat not in self.actors(s):
            if s.phase == OVER:
                raise IllegalMove("the game is over")
            if s.phase == PLANNING and 0 <= seat < s.n:
                raise IllegalMove("you have programmed all six discs; wait for the others")
            raise IllegalMove("it is not your turn")
        ph = s.phase
        if ph == PLANNING:
            return self._apply_plan(s, seat, move)
        if ph == EXECUTION:
            return self._apply_choice(s, move)
        if ph == EVENTS:
            return self._apply_event(s, seat, move)
        if isinstance(move, PlaceCaravan):  # placement
            if move.village not in rules.free_villages_for_caravan(s):
                raise IllegalMove(f"village {move.village} is not a free village (1-20 without a caravan)")
            return rules.place_caravan(s, move.village)
        raise IllegalMove(f"{self.describe(move)}: now each player places the caravan on a village")

    def _apply_chance(self, s, move):
        if CHANCE not in self.actors(s):
            raise IllegalMove("nothing random is due now")
        if s.phase == SEATING:
            if not isinstance(move, Seating) or sorted(move.order) != list(range(s.n)):
                raise IllegalMove("the seat order must list every seat exactly once")
            return rules.seat_players(s, tuple(move.order))
        if s.awaiting == "cubes":
            if not isinstance(move, DrawCube) or move.resource not in RESOURCES:
                raise IllegalMove("a cube is to be drawn from the resource bag")
            if not s.cube_bag[RESOURCES.index(move.resource)]:
                raise IllegalMove(f"the bag holds no {move.resource}")
            return rules.draw_cube(s, move.resource)
        if s.awaiting == "ring":
            if not isinstance(move, DrawRing) or move.ring not in s.ring_bag:
                raise IllegalMove("an order ring that is in the bag is to be drawn")
            return rules.draw_ring(s, move.ring)
        if not isinstance(move, RollD20) or not 1 <= move.face <= D20:
            raise IllegalMove("the d20 is to be rolled (1-20)")
        return rules.roll_d20(s, move.face)

    def _apply_plan(self, s, seat, move):
        if isinstance(move, PlanSlot):
            if move.command not in COMMANDS:
                raise IllegalMove(f"a disc shows earth, stone, ice, trade or pause, not {move.command!r}")
            plan = s.plans[seat] + (move.command,)
            if len(plan) == SLOTS and rules.ends_on_storm(s, seat, plan):
                raise IllegalMove("this program would end on the snowstorm; a program must not end there")
            return rules.plan_slot(s, seat, move.command)
        if isinstance(move, Program):
            if s.plans[seat]:
                raise IllegalMove("you already programmed some slots; program the rest slot by slot")
            cmds = tuple(move.commands)
            if len(cmds) != SLOTS or any(c not in COMMANDS for c in cmds):
                raise IllegalMove("a program is six discs, each earth, stone, ice, trade or pause")
            if rules.ends_on_storm(s, seat, cmds):
                raise IllegalMove("this program would end on the snowstorm; a program must not end there")
            for c in cmds:
                s = rules.plan_slot(s, seat, c)
            return s
        raise IllegalMove("now every player programs the six action discs")

    def _apply_choice(self, s, move):
        kind = s.pending.kind
        if isinstance(move, Decline):
            return rules.decline(s)
        if kind == "collect":
            if not isinstance(move, Collect):
                raise IllegalMove(f"in village {s.pending.village} you may collect one cube or decline")
            if move not in rules.collect_choices(s):
                allowed = ", ".join(m.resource for m in rules.collect_choices(s))
                raise IllegalMove(f"you may take only {allowed} here (the lowest-valued cube unless a Market)")
            return rules.collect(s, move.resource)
        if not isinstance(move, Fulfil):
            raise IllegalMove(f"in village {s.pending.village} you may fulfil the order or decline")
        move = Fulfil(trade=move.trade, offering=move.offering, delegates=tuple(sorted(move.delegates)))
        if move not in rules.fulfil_choices(s):
            raise IllegalMove(self._why_not_fulfil(s, move))
        return rules.fulfil(s, move)

    def _why_not_fulfil(self, s, move) -> str:
        seat, v = s.pending.seat, s.pending.village
        if move.trade + move.offering + bool(move.delegates) > 2:
            return "choose at most two different rewards"
        if move.offering and s.board_stupas[v - 1] >= 0:
            return f"village {v} already holds a stupa"
        if move.offering and not s.players[seat].stupas:
            return "you have no stupa left"
        if move.delegates:
            count = rules.delegates_to_send(s, seat, v)
            if any(r not in TOUCHES[v] for r in move.delegates):
                return f"village {v} touches only regions {', '.join(TOUCHES[v])}"
            if len(move.delegates) != count:
                return f"a delegation from village {v} sends exactly {count} delegate(s)"
        return "that reward choice is not possible here"

    def _apply_event(self, s, seat, move):
        if isinstance(move, PassEvent):
            return rules.pass_event(s)
        for figure, cls in _FIGURE_MOVE.items():
            if isinstance(move, cls):
                where = move.village if figure == MARKET else move.path
                if (figure, where) not in rules.event_placements(s, seat):
                    raise IllegalMove(self._why_not_event(s, seat, figure, where))
                return rules.place_event(s, seat, figure, where)
        raise IllegalMove("now each player may place one event figure or pass")

    @staticmethod
    def _why_not_event(s, seat, figure, where) -> str:
        if figure not in s.players[seat].figures:
            return f"you have used your {figure} figure already"
        if getattr(s, figure):
            return f"a {figure} figure is already placed this round"
        if figure == MARKET:
            return f"a Market goes on a village that offers resources; village {where} does not"
        if where not in PATH_NUMBERS:
            return "paths are numbered 1-27"
        return f"path {where} already carries an event figure"

    def time_limit(self, s):
        """The planning clock (option planning_time_limit; 0: none) runs while discs are programmed."""
        return float(s.planning_time_limit) if s.phase == PLANNING and s.planning_time_limit > 0 else None

    def timeout_move(self, s, seat):
        """The service default when `seat` runs out of time (7.3 / 7.4.4 [F]): an empty disc is a
        pause, collect the lowest cube, fulfil with trade + offering (else trade + delegation, else
        trade), delegates into the alphabetically first region, no event figure. None: nothing due."""
        moves = self.legal_moves(s, seat)
        if not moves:
            return None
        if s.phase == PLANNING:  # a pause, unless it would leave the caravan on the storm
            return PlanSlot("pause") if PlanSlot("pause") in moves else moves[0]
        if s.phase == EXECUTION:
            if s.pending.kind == "collect":
                return rules.collect_choices(s)[0]  # the lowest-valued cube, also on a Market
            fulfils = [m for m in moves if isinstance(m, Fulfil)]
            for want in (lambda m: m.trade and m.offering, lambda m: m.trade and m.delegates, lambda m: m.trade):
                pick = [m for m in fulfils if want(m)]
                if pick:
                    return min(pick, key=lambda m: m.delegates)
        if s.phase == EVENTS:
            return PassEvent()
        return moves[0]

    def result(self, s) -> Result | None:
        return score(s) if s.phase == OVER else None

    # --- the log --------------------------------------------------------------------------------

    def visible_to(self, s, actor, move):
        if actor == CHANCE:
            return None  # every roll and draw is public
        if s.phase == PLANNING:  # a programmed disc stays secret until the reveal
            return (actor,)
        return None

    def reveals(self, s, actor, move):
        if actor == CHANCE:
            return True
        if s.phase != PLANNING:
            return False
        left = sum(SLOTS - len(p) for p in s.plans)
        added = len(move.commands) if isinstance(move, Program) else 1
        return left == added

    def describe(self, move):
        match move:
            case Seating(order=o):
                return "seat order (clockwise): " + ", ".join(f"seat {x}" for x in o)
            case RollD20(face=f):
                return f"d20 rolls {f}"
            case DrawCube(resource=r):
                return f"draw {r} from the resource bag"
            case DrawRing(ring=r):
                return f"draw order ring {ring_name(r)} from the ring bag"
            case PlaceCaravan(village=v):
                return f"place the caravan on village {v}"
            case PlaceYeti(path=p):
                return f"Yeti tracks close path P{p}" + (f" ({PATHS[p][0]}-{PATHS[p][1]})" if p in PATH_NUMBERS else "")
            case PlaceSnowstorm(path=p):
                return f"Snowstorm on path P{p}" + (f" ({PATHS[p][0]}-{PATHS[p][1]})" if p in PATH_NUMBERS else "")
            case PlaceMarket(village=v):
                return f"Market in village {v}"
            case PassEvent():
                return "place no event figure"
            case PlanSlot(command=c):
                return f"program the next disc: {c}"
            case Program(commands=cs):
                return "program: " + ", ".join(cs)
            case Collect(resource=r):
                return f"collect {r}"
            case Fulfil(trade=t, offering=o, delegates=d):
                parts = (["keep the ring"] if t else []) + (["offering (stupa)"] if o else [])
                if d:
                    parts.append("delegates to " + "".join(d))
                return "fulfil the order: " + (" + ".join(parts) if parts else "no reward")
            case Decline():
                return "decline"
        return super().describe(move)

    # --- for the AI and for people --------------------------------------------------------------

    def view(self, s, seat):
        return view_mod.view(s, seat)

    def determinize(self, s, seat, rng):
        return determinize(s, seat, rng)

    def heuristic(self, s, seat):
        if s.phase == OVER:
            return super().heuristic(s, seat)
        return heuristic(s, seat)

    # optional hooks the search looks for (see ai.ismcts): a plan's worth shows only at execution
    def search_moves(self, s, seat):
        """While planning: the rest of a few good programs, each one macro decision (a tuple of moves)."""
        return ai_hooks.search_moves(s, seat)

    def playout(self, s, seat, rng):
        """The playout policy: good programs, sensible trade choices, stop at the next round."""
        return ai_hooks.playout(s, seat, rng)

    def render(self, view, seat):
        return render(view, seat)

