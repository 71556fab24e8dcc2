"""What a web page shows of a game at one moment — a "frame" — built only from what the API gives that
reader: the same `views.game_view`, the same redacted event rows, the same legal moves. The board is
drawn by the game's own `svg` module from the reader's view; moves and events are put in words by the
game's own `describe`. Nothing here knows any game."""

from __future__ import annotations

import html
import importlib
import json
import sys
from functools import cache
from types import ModuleType
from typing import Any

import msgspec

from events import kinds
from events.kinds import (
    Abandoned,
    Adjudicated,
    Chance,
    ClockPaused,
    Created,
    Finished,
    ForkedState,
    Move,
    Resigned,
    Returned,
    SeatEntropy,
    SeedRevealed,
    TakenOver,
    Undo,
    UndoConsented,
    UndoDeclined,
    UndoRequested,
    UndoWithdrawn,
)
from games import registry
from games.naming import secrecy, stand_in, told, with_names
from games.protocol import CHANCE, Game

# --- the game's own drawing --------------------------------------------------------------------------

@cache
def svg_module(game: Game) -> ModuleType | None:
    """The `svg` module beside the game's rules (games/<game>/svg.py), or None when it has none."""
    package = sys.modules[type(game).__module__].__package__ or ""
    name = f"{package}.svg"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        return None


def board(game: Game, view: Any, seat: int | None) -> str:
    """The board as markup (an <svg>): the game's drawing, or its view as text when it has none."""
    mod = svg_module(game)
    if mod is None:
        return '<pre class="board-text">' + html.escape(json.dumps(view, indent=1)) + "</pre>"
    return mod.draw(view, seat)


def ranked(view: Any, result: dict[str, Any] | None) -> Any:
    """The view with the result's ranks added (`view["ranks"]`, by seat) once the game has one, so a
    finished board lists the players as the page's header does (games/svgkit.py `standings`)."""
    ranks = (result or {}).get("ranks")
    if not isinstance(view, dict) or not ranks:
        return view
    return {**view, "ranks": list(ranks)}


def target(game: Game, move: dict[str, Any], view: Any) -> str | None:
    """The part of the board a click on it chooses this move by (`target(move, view)` of the game's svg
    module; `view`: the mover's own), or None: chosen from the list only."""
    mod = svg_module(game)
    fn = getattr(mod, "target", None) if mod is not None else None
    return fn(move, view) if fn is not None else None


def _hook(game: Game, name: str, move: dict[str, Any], default: Any) -> Any:
    mod = svg_module(game)
    fn = getattr(mod, name, None) if mod is not None else None
    return fn(move) if fn is not None else default


# --- words ----------------------------------------------------------------------------------------------

def describe_move(game: Game, move: dict[str, Any], view: Any = None, chance: bool = False, note: str = "") -> str:
    """A move (or chance outcome) in the game's own words, as the CLI says it (games/<game>/describe.py
    through `registry.words`); `view`: the mover's view when it is the reader's own; `note` follows the
    move's own words."""
    return registry.move_words(game, move, view, chance, note)


def _describer_call(game: Game, name: str, move: dict[str, Any], view: Any) -> str | None:
    """The describe module's `name(move, view)` (group, describe_choice), or None when it cannot say."""
    fn = getattr(registry.describer(game), name, None)
    if fn is None:
        return None
    try:
        return fn(game.decode_move(move), view)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return None


def _who(actor: Any, names: list[str]) -> str:
    if isinstance(actor, int) and 0 <= actor < len(names):
        return names[actor]
    return {"chance": "chance", "arbiter": "the arbiter", "system": "the table"}.get(str(actor), str(actor))


def _level(level: str) -> str:
    return level if level.startswith("ai-") else f"ai-{level}"


def describe_event(game: Game, row: dict[str, Any], names: list[str], before: Any = None, reader: Any = None) -> str:
    """One event (as the reader may read it) in words: the game's words for moves and draws, names for seats.
    `before`: the reader's view of the position it was played in (service/said.py), when known: then a
    move names what it used (the card at the front of a caravan). `reader`: the seat reading (a secret
    move or draw says whose secret it is: games.naming.secrecy)."""
    kind, payload, actor = row["kind"], row.get("payload"), row["actor"]
    if payload is None:  # withheld from this reader
        if kind == Move.kind():
            return f"{_who(actor, names)} made a secret move"
        if kind == ForkedState.kind():
            return "the position the fork starts from (secret until the game is over)"
        return "chance: a hidden outcome" if kind == Chance.kind() else kind.replace("-", " ")
    try:
        event = kinds.decode(kind, payload)
    except kinds.BadEvent:
        return kind.replace("-", " ")
    who = _who
    said = told(before, names, actor)  # names for moves that name a seat; the position, where known
    secret = secrecy(row.get("visible_to"), reader if isinstance(reader, int) else None, names)
    match event:
        case Created(players=players, origin=origin):
            return "the game begins: " + ", ".join(
                p.name + (f" ({_level(p.ai)})" if p.ai else "") for p in players) + (
                f" (a fork of game {origin.game} after event {origin.at})" if origin is not None else "")
        case ForkedState():
            return "the position the fork starts from"
        case Move(move=move, timeout=timeout):
            late = " (out of time: the rulebook's default)" if timeout else stand_in(row["payload"], who(actor, names))
            return f"{who(actor, names)}: {describe_move(game, move, said, note=late + secret)}"
        case Chance(move=move):
            by = "the arbiter entered" if actor == "arbiter" else "chance"
            return f"{by}: {describe_move(game, move, said, chance=True, note=secret)}"
        case UndoRequested(by=by, to=to):
            return f"{who(by, names)} asks to take back moves (back to the position after event {to})"
        case UndoConsented(by=by, to=to):
            return f"{who(by, names)} agrees to take back to the position after event {to}"
        case UndoDeclined(by=by, request=request):
            return f"{who(by, names)} declines the undo asked at event {request}"
        case UndoWithdrawn(by=by, request=request):
            return f"{who(by, names)} withdraws the undo asked at event {request}"
        case Undo(to=to, requested_by=by):
            return f"taken back to version {to} (asked by {who(by, names)})"
        case TakenOver(seat=seat, level=level, timeout=timeout, no_show=no_show):
            why = " (never showed up)" if no_show else " (out of time)" if timeout else ""
            return f"{_level(level)} takes over {who(seat, names)}'s seat{why}"
        case Returned(seat=seat):
            return f"{who(seat, names)} is back and plays again"
        case Resigned(seat=seat, forfeit=forfeit):
            return f"{who(seat, names)} {'forfeits (never showed up)' if forfeit else 'resigns'}"
        case Abandoned(reason=reason):
            return "the game is abandoned with no result" + (f": {reason}" if reason else "")  # (arbiter or cancel)
        case Adjudicated(ranks=ranks, reason=reason):
            order = sorted(range(len(ranks)), key=lambda s: ranks[s])
            return "the arbiter adjudicates: " + ", ".join(f"{ranks[s]}. {who(s, names)}" for s in order) + \
                (f" ({reason})" if reason else "")
        case SeatEntropy():
            return f"{who(actor, names)} adds randomness to the draws"
        case Finished(result=result):
            return "the game is over" + result_text(result, names)
        case SeedRevealed():
            return "the secret seed is revealed: every chance outcome can now be checked"
        case ClockPaused(seconds=seconds):
            return f"the server was down for {seconds:.0f} s: the running clocks stood still that long"
    return kind.replace("-", " ")


def result_text(result: Any, names: list[str]) -> str:
    r = msgspec.to_builtins(result) if result is not None else None
    if not isinstance(r, dict) or not r.get("ranks"):
        return ""
    ranks, scores = r["ranks"], r.get("scores") or [None] * len(r["ranks"])
    order = sorted(range(len(ranks)), key=lambda s: ranks[s])
    return ": " + ", ".join(f"{ranks[s]}. {_who(s, names)}" + (f" ({scores[s]:g})" if isinstance(scores[s], (int, float)) else "")
                            for s in order)


def event_line(game: Game, row: dict[str, Any], names: list[str], before: Any = None, reader: Any = None) -> dict[str, Any]:
    return {"version": row["version"], "kind": row["kind"], "text": describe_event(game, row, names, before, reader)}


# --- moves ---------------------------------------------------------------------------------------------

def move_entries(game: Game, moves: list[dict[str, Any]], view: Any = None) -> list[dict[str, Any]]:
    """The reader's legal moves in words as the CLI lists them (the describe module's `group` heading,
    `describe_choice` under it, the whole move in `text`), each with the part of the board a click on it
    chooses, where the board has one (the game's svg module's `target(move)`), and the line that says why a
    move of its type is offered (games/<game>/guide.py `WHY`; the page shows its group's first)."""
    out = []
    for m in moves:
        text = describe_move(game, m, view)
        group = _describer_call(game, "group", m, view) or _hook(game, "group", m, str(m.get("type", "move")).replace("-", " "))
        out.append({"move": m, "text": text, "choice": _describer_call(game, "describe_choice", m, view) or text,
                    "group": group, "target": target(game, m, view), "why": registry.why(game, str(m.get("type")))})
    return out


def legal_moves(f: Any, caller: Any) -> list[dict[str, Any]]:
    """What `GET /games/{id}/moves` answers this caller (no token: nothing)."""
    if caller is None or f.status != "active":
        return []
    game = f.game
    if caller == "arbiter":
        moves = game.legal_moves(f.state, CHANCE) if CHANCE in game.actors(f.state) else []
    else:
        moves = game.legal_moves(f.state, caller)
    return [msgspec.to_builtins(m) for m in moves]


# --- the frame -----------------------------------------------------------------------------------------

HEADER_KEYS = ("id", "type", "version", "status", "actors", "waiting_for", "players", "you", "result", "chance",
               "time_limit", "deadline", "clock", "undo", "absent", "sealed")


def frame(game: Game, api_view: dict[str, Any], events: list[dict[str, Any]], moves: list[dict[str, Any]],
          before: dict[int, Any] | None = None) -> dict[str, Any]:
    """A frame from the API's answer for this reader (`GET /games/{id}`), the event rows it may read, its
    legal moves, and its views of the positions the moves were played in (version -> view, where known)."""
    names = [p["name"] for p in api_view["players"]]
    out = {k: api_view[k] for k in HEADER_KEYS if k in api_view}
    out["board"] = board(game, ranked(with_names(api_view["view"], names), api_view.get("result")), api_view.get("you"))
    out["events"] = [event_line(game, r, names, (before or {}).get(r["version"]), api_view.get("you")) for r in events]
    view = api_view["view"]
    if isinstance(view, dict) and view.get("you") is None and api_view.get("you") is not None:
        view = {**view, "you": api_view["you"]}  # whose caravans, hand, screen the moves speak of
    out["moves"] = move_entries(game, moves, with_names(view, names))
    return out
