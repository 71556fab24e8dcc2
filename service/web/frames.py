"""What a web page shows of a game at one moment — a "frame" — built only from what the API gives that
reader: the same `views.game_view`, the same redacted event rows, the same legal moves. The board is
drawn by the game's own `svg` module from the reader's view; moves and events are put in words by the
game's own `describe`. Nothing here knows any game."""

from __future__ import annotations

import html
import importlib
import json
import sys
from functools import lru_cache
from types import ModuleType
from typing import Any

import msgspec

from events import kinds
from events.kinds import Chance, Created, Finished, Move, SeedRevealed, Undo, UndoConsented, UndoRequested
from games.protocol import CHANCE, Game


# --- the game's own drawing --------------------------------------------------------------------------

@lru_cache(maxsize=None)
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


def _hook(game: Game, name: str, move: dict[str, Any], default: Any) -> Any:
    mod = svg_module(game)
    fn = getattr(mod, name, None) if mod is not None else None
    return fn(move) if fn is not None else default


# --- words ---------------------------------------------------------------------------------------------

def describe_move(game: Game, move: dict[str, Any]) -> str:
    try:
        return game.describe(game.decode_move(move))
    except ValueError:
        return json.dumps(move)


def _who(actor: Any, names: list[str]) -> str:
    if isinstance(actor, int) and 0 <= actor < len(names):
        return names[actor]
    return str(actor)


def describe_event(game: Game, row: dict[str, Any], names: list[str]) -> str:
    """One event (as the reader may read it) in words."""
    kind, payload, actor = row["kind"], row.get("payload"), row["actor"]
    if payload is None:  # withheld from this reader
        if kind == Move.kind():
            return f"{_who(actor, names)} made a secret move"
        return "chance: a hidden outcome" if kind == Chance.kind() else kind.replace("-", " ")
    try:
        event = kinds.decode(kind, payload)
    except kinds.BadEvent:
        return kind.replace("-", " ")
    match event:
        case Created():
            return "game created: " + ", ".join(names)
        case Move(move=move, timeout=timeout):
            late = " (out of time: the rulebook's default)" if timeout else ""
            return f"{_who(actor, names)}: {describe_move(game, move)}{late}"
        case Chance(move=move, label=label):
            return f"chance — {label or 'chance'}: {describe_move(game, move)}"
        case UndoRequested(by=by, to=to):
            return f"{_who(by, names)} asks to take back moves to version {to}"
        case UndoConsented(by=by, to=to):
            return f"{_who(by, names)} agrees to take back to version {to}"
        case Undo(to=to):
            return f"taken back to version {to}"
        case Finished():
            return "the game is over"
        case SeedRevealed():
            return "the secret seed is revealed: every chance outcome can now be checked"
    return kind.replace("-", " ")


def event_line(game: Game, row: dict[str, Any], names: list[str]) -> dict[str, Any]:
    return {"version": row["version"], "kind": row["kind"], "text": describe_event(game, row, names)}


# --- moves ---------------------------------------------------------------------------------------------

def move_entries(game: Game, moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The reader's legal moves in words, each with its group and, where the board has one, the target
    a click on the board chooses (the game's svg module's `group(move)` and `target(move)`)."""
    out = []
    for m in moves:
        out.append({"move": m, "text": describe_move(game, m),
                    "group": _hook(game, "group", m, str(m.get("type", "move")).replace("-", " ")),
                    "target": _hook(game, "target", m, None)})
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
               "time_limit", "deadline", "undo")


def frame(game: Game, api_view: dict[str, Any], events: list[dict[str, Any]], moves: list[dict[str, Any]]) -> dict[str, Any]:
    """A frame from the API's answer for this reader (`GET /games/{id}`), the event rows it may read and
    its legal moves."""
    names = [p["name"] for p in api_view["players"]]
    out = {k: api_view[k] for k in HEADER_KEYS if k in api_view}
    out["board"] = board(game, api_view["view"], api_view.get("you"))
    out["events"] = [event_line(game, r, names) for r in events]
    out["moves"] = move_entries(game, moves)
    return out
