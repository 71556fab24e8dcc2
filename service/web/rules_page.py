"""`/rules/{type}`: a game's rules for players, from the game package itself (games/<package>/guide.py, the
same text `caravan rules GAME` prints): the summary, the board of a fresh game drawn by the game's own
svg module (as a spectator sees it once the first seat acts), and each kind of move with its one-line why.

The summary is Markdown of our own; it is still escaped, and only the few constructs it uses become HTML
(headings, paragraphs, bullet and numbered lists, **bold**): see `markdown_html`."""

from __future__ import annotations

import html
import random
import re
from functools import cache
from typing import Any

import msgspec
from litestar import Request, get
from litestar.response import Template
from markupsafe import Markup

from games import registry
from games.naming import with_names
from games.protocol import CHANCE, Game
from service.errors import NotFound
from service.web import frames
from service.web.routes import PAGE

SEED = 58  # the fresh game's chance steps (deals, shuffles): the same board on every visit
NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve")
CHANCE_STEPS = 500  # at most, before a seat acts (a game whose setup never reaches one shows that position)

_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_BULLET = re.compile(r"^[-*]\s+(.*)$")
_NUMBERED = re.compile(r"^\d+[.)]\s+(.*)$")
_BOLD = re.compile(r"\*\*(.+?)\*\*")


def _inline(text: str) -> str:
    """Escaped text, with **bold** as <strong> (the only inline construct the guides use)."""
    return _BOLD.sub(r"<strong>\1</strong>", html.escape(text.strip(), quote=True))


def markdown_html(text: str) -> Markup:
    """The guides' Markdown as HTML: `#` headings, paragraphs, `-` bullet and `1.` numbered lists (an indented
    or unmarked line after an item continues it), **bold**. Everything else is text, escaped."""
    out: list[str] = []
    para: list[str] = []
    items: list[list[str]] = []
    kind = ""  # the open list's tag ("ul", "ol") or ""

    def close() -> None:
        nonlocal kind
        if para:
            out.append(f"<p>{_inline(' '.join(para))}</p>")
            para.clear()
        if kind:
            out.append(f"<{kind}>" + "".join(f"<li>{_inline(' '.join(i))}</li>" for i in items) + f"</{kind}>")
            items.clear()
            kind = ""

    for line in text.splitlines():
        heading, bullet, numbered = _HEADING.match(line), _BULLET.match(line), _NUMBERED.match(line)
        if not line.strip():
            close()
        elif heading:
            close()
            level = len(heading.group(1))
            out.append(f"<h{level}>{_inline(heading.group(2))}</h{level}>")
        elif item := bullet or numbered:
            tag = "ul" if bullet else "ol"
            if kind != tag:
                close()
                kind = tag
            items.append([item.group(1)])
        elif kind:
            items[-1].append(line.strip())
        else:
            para.append(line.strip())
    close()
    return Markup("\n".join(out))


def fresh_board(game: Game) -> str:
    """A fresh game's board as a spectator sees it: set up for a few players, chance played with a fixed seed
    until a seat acts, drawn by the game's svg module."""
    players = max(game.min_players, min(3, game.max_players))
    state = game.setup(players, game.check_options({}))
    rng = random.Random(SEED)
    for _ in range(CHANCE_STEPS):
        if CHANCE not in game.actors(state):
            break
        state = game.play_chance(state, rng)
    view = with_names(msgspec.to_builtins(game.view(state, None)), list(NAMES[:players]))
    return frames.board(game, view, None)


@cache
def rules_context(game_id: str) -> dict[str, Any]:
    """What the page shows of a game (the same for every visit: built once per process)."""
    game = registry.get(game_id)
    guide = registry.guide(game)  # a game without one (a test's, a bench's) still shows its board
    return {"game": game, "summary": markdown_html(guide.SUMMARY) if guide is not None else None,
            "board": Markup(fresh_board(game)), "why": list(getattr(guide, "WHY", {}).items())}


@get("/rules/{game_type:str}", **PAGE)
async def rules_page(request: Request, game_type: str) -> Template:
    """A game's rules for players: the summary, the board of a fresh game, and why each kind of move is offered."""
    try:
        ctx = rules_context(game_type)
    except KeyError:
        known = ", ".join(registry.all_games())
        raise NotFound(f"no rules for a game type {game_type!r}: the games are {known}") from None
    return Template(template_name="rules.html", context={**ctx, "types": registry.all_games()})


ROUTES = [rules_page]
