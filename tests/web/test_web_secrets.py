"""The web pages and frames give a reader only what the API gives that reader: every page and every
frame, read as each seat and as a spectator along games between people, is drawn from that reader's own
view, lists only its own moves, words only the events it may read, and shows no text that only another
seat's view would draw."""

from __future__ import annotations

import html
import json
import random
import re

import msgspec
import pytest

from games.naming import with_names
from games.registry import all_games
from projections.fold import fold
from service.web import frames
from tests.e2e.helpers import people_game

pytestmark = pytest.mark.e2e
STEPS, CHECK_EVERY = 30, 6
HIDDEN = ("made a secret move", "chance: a hidden outcome")


def as_json(x):
    return msgspec.json.decode(msgspec.json.encode(x))


def texts(markup: str) -> set[str]:
    """Every text node of a drawing (whole, unescaped), at least 6 characters long."""
    return {html.unescape(t).strip() for t in re.findall(r">([^<>]+)<", markup) if len(t.strip()) >= 6}


def read_all(c, game_id: str, at: int) -> tuple[set[str], dict]:
    """Every text a reader gets from the web client at this moment: the text nodes of the pages and of the
    boards in the frames, and the frames' words for events and moves; and the replay's frame at `at`."""
    frame = c.get(f"/games/{game_id}/view/frame").json()
    then = c.get(f"/games/{game_id}/view/frame", params={"at": at}).json()
    pages = [c.get(p).text for p in ("/", "/?fragment=true", "/?status=live&seats=people&fragment=true",
                                     f"/games/{game_id}/view", f"/games/{game_id}/replay?at={at}")]
    with c.stream("GET", f"/games/{game_id}/view/stream") as s:
        first = next(line for line in s.iter_lines() if line.startswith("data:"))
    got = [frame, then, json.loads(first[5:])]
    words = {x["text"] for fr in got for x in fr["events"] + fr["moves"]} | {x["choice"] for fr in got for x in fr["moves"]}
    words |= {json.dumps(fr.get("undo")) + json.dumps(fr.get("clock")) for fr in got}
    return words | set().union(*(texts(fr["board"]) for fr in got)) | set().union(*(texts(p) for p in pages)), then


@pytest.mark.parametrize("game_type", sorted(g for g in all_games() if g != "toy"))
def test_no_page_or_frame_shows_a_reader_what_it_may_not_see(stack, game_type):
    game = all_games()[game_type]
    rng = random.Random(11)
    checked = 0
    for step, (f, log, clients) in enumerate(people_game(stack, game_type, STEPS, rng)):
        game_id = f.id
        if step % CHECK_EVERY == 0:
            names = [p["name"] for p in next(iter(clients.values())).get(f"/games/{game_id}").json()["players"]]
            boards = {s: frames.board(game, with_names(as_json(game.view(f.state, s)), names), s) for s in clients}
            for seat, c in clients.items():
                frame = c.get(f"/games/{game_id}/view/frame").json()
                if frame["version"] != f.version:
                    continue  # a worker moved meanwhile
                assert frame["board"] == boards[seat]  # (the page's board names the players)
                mine = [as_json(m) for m in game.legal_moves(f.state, seat)] if seat is not None else []
                assert [m["move"] for m in frame["moves"]] == mine
                for line in frame["events"]:
                    e = log[line["version"] - 1]
                    may = (e.visible_to is None or (seat is not None and seat in e.visible_to)
                           or (e.version <= f.opened and e.kind == "move"))  # turned face up since (Game.opens)
                    assert may or line["text"].endswith(HIDDEN), (seat, line)
                at = rng.randrange(1, f.version + 1)
                everything, then = read_all(c, game_id, at)
                then_board = frames.board(game, with_names(as_json(game.view(fold(game_id, log[:at]).state, seat)), names), seat)
                assert then["board"] == then_board  # the replay shows the reader's own view of that moment
                if c.get(f"/games/{game_id}/view/frame").json()["version"] != f.version:
                    continue  # a chance draw landed while reading: the reads mix two versions
                theirs = set().union(*(texts(b) for s, b in boards.items() if s != seat)) - texts(boards[seat]) - \
                    texts(boards[None]) - texts(then_board)  # what the reader saw then was its to see (a card once shown)
                leaked = sorted(theirs & everything)
                assert not leaked, (seat, leaked)
                checked += 1
    assert checked >= game.min_players + 1
