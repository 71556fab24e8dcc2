"""Moves and events in words, by each game's own `describe` module (games/<game>/describe.py), so the
CLI, the log and replay say the same thing. A game without one falls back to its `Game.describe`.

A game's describe module may define:
  describe_move(move, view) -> str   the move (a decoded Move) in the game's words; `view` is the
                                     seat's view (a dict) when known, else None (the log)
  group(move) -> str                 the heading a long list groups the move under (from the move alone,
                                     so `caravan moves` and `caravan play N` number alike)
  describe_chance(move, view) -> str a chance outcome ("a ruler was drawn: Head Tax")
  aftermath_words(view) -> str       what the move set running, told after its own words and their note
                                     (`view["ran"]`: service/said.py; Himalaya's programs)
"""

from __future__ import annotations

import json
import shutil
import textwrap
from collections.abc import Callable
from typing import Any

import typer

from games import naming


class Words:
    """What a game's package knows to say."""

    def __init__(self, game: Any = None, module: Any = None):
        self.game, self.module = game, module

    def decode(self, move: dict[str, Any]) -> Any:
        if self.game is None:
            return None
        try:
            return self.game.decode_move(move)
        except ValueError:
            return None


def for_type(game_type: str) -> Words:
    try:
        from games import registry

        game = registry.get(game_type)
    except (KeyError, ImportError):
        return Words()
    return Words(game, registry.describer(game))


def move_text(w: Words, move: dict[str, Any], view: dict[str, Any] | None, chance: bool = False) -> str:
    from games import registry

    if w.game is None:  # a game type this CLI does not know: its JSON
        return json.dumps(move, separators=(", ", ": "))
    return registry.move_words(w.game, move, view, chance)


def _call(w: Words, name: str, move: dict[str, Any], view: dict[str, Any] | None) -> str | None:
    """The describe module's `name(move, view)`, or None when it has none or it cannot say."""
    decoded = w.decode(move)
    fn = getattr(w.module, name, None) if w.module is not None else None
    if decoded is None or fn is None:
        return None
    try:
        return fn(decoded, view)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return None


def group_of(w: Words, move: dict[str, Any], view: dict[str, Any] | None = None) -> str:
    return _call(w, "group", move, view) or str(move.get("type", "moves")).replace("-", " ")


def ordered(w: Words, listed: list[dict[str, Any]], view: dict[str, Any] | None = None) -> list[tuple[str, dict[str, Any]]]:
    """The moves grouped (groups in order of first appearance, moves in the server's order within a
    group): the numbering every verb uses."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for m in listed:
        groups.setdefault(group_of(w, m, view), []).append(m)
    return [(g, m) for g, ms in groups.items() for m in ms]


def why_of(w: Words, move: dict[str, Any]) -> str | None:
    """The one line that says why a move of this type is offered (games/<game>/guide.py WHY), or None."""
    if w.game is None:
        return None
    from games import registry

    return registry.why(w.game, str(move.get("type")))


class Menu:
    """A numbered, grouped list of moves with their words."""

    @staticmethod
    def seat_view(view: Any, seat: int | None) -> Any:
        """The view with the seat it was drawn for (whose caravans, hand, screen the moves speak of)."""
        if isinstance(view, dict) and view.get("you") is None and seat is not None:
            return {**view, "you": seat}
        return view

    def __init__(self, w: Words, view: dict[str, Any] | None, listed: list[dict[str, Any]], seat: int | None = None):
        view = self.seat_view(view, seat)
        pairs = ordered(w, listed, view)
        self.groups = [g for g, _ in pairs]
        self.moves = [m for _, m in pairs]
        self.texts = [move_text(w, m, view) for m in self.moves]  # the whole move in words
        self.choices = [_call(w, "describe_choice", m, view) or t for m, t in zip(self.moves, self.texts, strict=True)]  # under its heading
        self.whys = [why_of(w, m) for m in self.moves]  # why a move of its type is offered (the game's guide.py)


def menu(w: Words, view: dict[str, Any] | None, listed: list[dict[str, Any]], seat: int | None = None) -> Menu:
    return Menu(w, view, listed, seat)


def menu_lines(m: Menu, filt: str = "", height: int | None = None, width: int | None = None) -> list[str]:
    """The menu as lines that fit the terminal: a heading per group, a number per move; with a filter,
    only the moves whose words (or group) contain it; when it would not fit, big groups fold into one
    line that says how to open them (type the group's word)."""
    size = shutil.get_terminal_size((80, 40))
    height = height or max(size.lines - 12, 12)
    width = width or size.columns
    f = filt.lower().strip()
    lo, dash, hi = f.replace("–", "-").partition("-")
    if dash and lo.strip().isdigit() and hi.strip().isdigit():  # a range of numbers: "2-9"
        chosen = [i for i in range(len(m.moves)) if int(lo) <= i <= int(hi)]
    else:
        chosen = [i for i in range(len(m.moves)) if not f or f in m.texts[i].lower() or f in m.groups[i].lower()
                  or f in m.choices[i].lower()]
    by_group: dict[str, list[int]] = {}
    for i in chosen:
        by_group.setdefault(m.groups[i], []).append(i)
    lines: list[str] = []
    if not chosen:
        return [f"no move matches {filt!r} (an empty line shows them all)"]
    whys = {g: m.whys[idx[0]] for g, idx in by_group.items()}  # the group's first move's type's, as the page's
    said = [w if w != before else None for w, before in zip(whys.values(), [None, *whys.values()], strict=False)]  # once in a row
    full = len(chosen) + len(by_group) + sum(1 for w in said if w)
    for (g, idx), why in zip(by_group.items(), said, strict=True):
        lines += textwrap.wrap(f"{g}:", width, subsequent_indent="    ") or [f"{g}:"]
        if why:
            lines += textwrap.wrap(f"({why})", width, initial_indent="       ", subsequent_indent="        ")
        if full > height and len(idx) > 3 and not f:
            lines.append(f"  {idx[0]:>3}–{idx[-1]:<3} {len(idx)} choices: type {idx[0]}-{idx[-1]} to see them "
                         f"(or a word to filter, e.g. '{example_word(m, idx)}')")
            continue
        for i in idx:
            lines.append(clip(f"  {i:>3}  {m.choices[i]}", width))
    return lines


def example_word(m: Menu, idx: list[int]) -> str:
    """A word from the group's first move that the group's heading does not already say."""
    heading = set(m.groups[idx[0]].lower().split())
    for word in m.texts[idx[0]].split():
        w = word.strip("(),:;—").lower()
        if len(w) > 2 and w not in heading and not w.isdigit():
            return w
    return m.groups[idx[0]].split()[0]


def clip(line: str, width: int) -> str:
    return line if len(line) <= width else line[: width - 1] + "…"


def print_menu(m: Menu, filt: str = "") -> None:
    for line in menu_lines(m, filt):
        typer.echo(line)


# --- events ---------------------------------------------------------------------------------------

def actor_name(actor: Any, names: dict[int, str]) -> str:
    if isinstance(actor, int):
        return names.get(actor, f"seat {actor + 1}")
    return {"chance": "chance", "arbiter": "the arbiter", "system": "the table"}.get(str(actor), str(actor))


def event_line(w: Words, e: dict[str, Any], names: dict[int, str], me: int | None = None,
               before: dict[str, Any] | None = None) -> str:
    """One event in words ("bob: buy Silk (gold) at P3"), or "" for bookkeeping nobody needs to read.
    `before`: the reader's view of the position the event was played in, when the caller has it (then a
    move names what it used: the card at the front of a caravan, the good at a river position); without
    it, the server's `words` for the move when the row has them (`GET /games/{id}/events?words=true`,
    told from that position)."""
    kind, payload, actor = e["kind"], e.get("payload"), e.get("actor")
    who = "you" if me is not None and actor == me else actor_name(actor, names)
    if e.get("redacted") or payload is None:
        hidden = {"move": f"{who} made a move you cannot see yet", "chance": "a secret draw (hidden from you)",
                  "forked-state": "the position the fork starts from (secret until the game is over)"}
        return hidden.get(kind, f"{kind} (hidden)")
    said = e.get("words") if (before is None or kind not in ("move", "chance")) and isinstance(e.get("words"), str) else None
    told = naming.told(before, names, actor, me)  # told from the reader's view, about the mover's move
    secret = "" if said else naming.secrecy(e.get("visible_to"), me, names)  # (the server's words say it)
    if kind == "move":
        text = said or move_text(w, payload.get("move") or {}, told)
        late = " (time ran out: the rulebook's default)" if payload.get("timeout") else naming.stand_in(payload, who)
        return f"{who}: {text}{late}{secret}"
    if kind == "chance":
        by = "the arbiter entered" if actor == "arbiter" else "chance"
        return f"{by}: {said or move_text(w, payload.get('move') or {}, told, chance=True)}{secret}"
    if kind == "created":
        players = ", ".join(p.get("name", "?") + (f" (ai-{p['ai']})" if p.get("ai") else "") if isinstance(p, dict) else str(p)
                            for p in payload.get("players", []))
        origin = payload.get("origin") if isinstance(payload.get("origin"), dict) else None
        fork = f" (a fork of game {origin.get('game')} after event {origin.get('at')})" if origin else ""
        return f"the game begins: {payload.get('type')} with {players}{fork}"
    if kind == "undo":
        return f"{who}: undo, back to the position after event {payload.get('to')}"
    if kind == "finished":
        return "the game is over" + result_text(payload.get("result"), names)
    if kind == "seed-revealed":
        return "the secret seed is revealed (every draw can now be checked: caravan verify)"
    if said:  # an undo asked, a resignation, a takeover…: the server's words, as the web page tells them
        return said
    detail = {k: v for k, v in payload.items() if k not in ("id",)}
    return f"{who}: {kind.replace('-', ' ')}" + (f" ({describe_fields(detail)})" if detail else "")


def describe_fields(d: dict[str, Any]) -> str:
    return ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in d.items() if v not in (None, [], {}, ""))


def result_text(r: dict[str, Any] | None, names: dict[int, str]) -> str:
    if not r:
        return ""
    order = sorted(range(len(r["ranks"])), key=lambda s: r["ranks"][s])
    return ": " + ", ".join(f"{r['ranks'][s]}. {names.get(s, f'seat {s}')} ({r['scores'][s]:g})" for s in order)


Describer = Callable[[dict[str, Any]], str]
