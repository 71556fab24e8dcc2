"""What a Bangkok Klongs player reads says what the engine does: a market day's scored boat goes to the
scorer's warehouse (rules.score), not "sold"; one warehouse point is "1 pt"; a pending choice is said in
words, and caught thieves as boats, never as phase or card ids."""

from __future__ import annotations

import random
import re

import msgspec

from games.bangkok_klongs import GAME
from games.bangkok_klongs.describe import boat, describe_choice, describe_move
from games.bangkok_klongs import svg as GAME_SVG
from games.bangkok_klongs.moves import Score
from tests.contract import walk


def as_view(state, seat=None):
    return msgspec.json.decode(msgspec.json.encode(GAME.view(state, seat)))


def test_a_scored_boat_goes_to_the_scorers_warehouse():
    move = Score(px=2, py=6, x=2, y=6)
    for text in (describe_move(move, None), describe_choice(move, None)):
        assert "warehouse" in text and "sold" not in text and "sell" not in text, text


def test_the_scored_boat_is_named_from_the_position_it_was_taken_in():
    def score_first(state, seat, moves):
        return next((m for m in moves if isinstance(m, Score)), moves[0])

    named = 0
    for state, seat, move in walk(GAME, 2, random.Random(3), score_first):
        if isinstance(move, Score):
            view = {**as_view(state, None), "mover": seat}
            cell = view["board"][move.y][move.x]
            text = describe_move(move, view)
            assert boat(cell["boat"]).removeprefix("boat: ") in text, text
            assert "(" + boat(cell["boat"]) not in describe_move(move, None)  # without the position: only where
            named += 1
    assert named >= 2


def boards_and_renders(seed: int):
    """Along a random 3-player game: (state, its terminal board, the words on its web board)."""
    for state, _, _ in walk(GAME, 3, random.Random(seed)):
        view = {**as_view(state, None), "names": ["ann", "bo", "cy"]}
        yield state, GAME.render(view, None), " ".join(re.findall(r">([^<]+)</text>", GAME_SVG.draw(view, None)))


def test_boards_say_points_and_choices_in_words():
    pending = 0
    for seed in range(4):
        for state, rendered, drawn in boards_and_renders(seed):
            for text in (rendered, drawn):
                assert not re.search(r"\b1 pts\b", text), text
                assert not re.search(r"(chooses|waiting for [a-z]+): (merchant|steal|catch)\b|phase (steal|catch|merchant|market|turn)\b", text), text
                assert not re.search(r"THIEF-|OVERSEER-", text), text
            if state.phase in ("steal", "catch", "merchant"):
                pending += 1
    assert pending >= 1


def test_the_boards_legend_says_what_the_entry_squares_marks_are():
    for players, legend in ((2, "(L): entry squares"), (3, "(L)/(D): light/dark entry squares")):
        rendered = GAME.render(as_view(GAME.setup(players, {})), None)
        marks = {m for m in ("(L)", "(D)") if f" {m} " in rendered.split("boats:")[0]}
        assert marks == ({"(L)"} if players == 2 else {"(L)", "(D)"})
        assert legend in rendered


def test_the_log_tells_another_seats_boat_moves_without_your():
    """The log read "bot: movement card: move your boat at …" and "bot: move your merchant …"."""
    from games.bangkok_klongs.describe import describe_move
    from games.bangkok_klongs.moves import MoveBoat, ShiftMerchant

    from games.naming import told

    for move in (MoveBoat(from_x=1, from_y=2, to_x=3, to_y=2), ShiftMerchant(x=1, y=2)):
        said = describe_move(move, told(None, ["ann", "bot"], 1, 0))  # bot's move, read by ann
        assert "your" not in said and "bot's" in said, said
        assert "your" in describe_move(move, told(None, ["ann", "bot"], 0, 0))  # ann's own


# --- a place the words name can be found on the board (web audit, finding 8) ------------------------------

MOORING_ID = re.compile(r"\bM\d\.\d\b")
BOAT_ID = re.compile(r"\b[A-Z]{4,}-[A-Z]?\d")
SPOKEN = re.compile(r'<title>([^<]*)</title>|aria-label="([^"]*)"|>([^<]+)</text>')  # what the page says


def test_a_market_day_names_its_mooring_place_by_the_squares_around_it():
    """"market day at mooring M4.2": the board shows no mooring names; it numbers the squares."""
    from games.bangkok_klongs.describe import group

    move = Score(px=4, py=2, x=4, y=2)
    for said in (describe_move(move, None), describe_choice(move, None), group(move, None)):
        assert not MOORING_ID.search(said), said
    assert "the mooring place where (3, 1), (4, 1), (3, 2) and (4, 2) meet" in describe_move(move, None)
    assert "the mooring place where (3, 1), (4, 1), (3, 2) and (4, 2) meet" in group(move, None)


def test_the_boards_and_the_words_say_no_mooring_or_boat_ids():
    """Both boards (their tooltips and accessible names too) and every move's words, along random games:
    the market master's place by its squares, a boat by what it carries ("FISH-O0: fish, …" was the tooltip)."""
    from games.bangkok_klongs.describe import group

    def market_first(state, seat, moves):
        return next((m for m in moves if isinstance(m, Score)), random.Random(len(moves)).choice(moves))

    seen = set()
    for seed in range(3):
        for state, seat, move in walk(GAME, 3, random.Random(seed), market_first):
            view = {**as_view(state, None), "names": ["ann", "bo", "cy"]}
            drawn = " ".join(" ".join(t) for t in SPOKEN.findall(GAME_SVG.draw(view, None)))
            for text in (GAME.render(view, None), drawn):
                assert not MOORING_ID.search(text) and not BOAT_ID.search(text), MOORING_ID.search(text) or BOAT_ID.search(text)
            if view.get("market_master"):
                seen.add("master")
            if seat >= 0:
                mine = {**view, "you": seat}
                for m in GAME.legal_moves(state, seat):
                    for said in (describe_move(m, mine), describe_choice(m, mine), group(m, mine)):
                        assert not MOORING_ID.search(said) and not BOAT_ID.search(said), said
                    if isinstance(m, Score):
                        seen.add("score")
    assert seen == {"master", "score"}


def test_the_web_boards_own_headings_name_boats_in_words():
    assert not BOAT_ID.search(GAME_SVG.group({"type": "place", "boat": "FISH-O0", "x": 4, "y": 0}))


def test_a_refused_scoring_names_the_mooring_place_by_its_squares():
    from games.protocol import IllegalMove
    from tests.bangkok_klongs.helpers import position

    s = msgspec.structs.replace(position(2), phase="market", market="small", scorer=0, trigger=0)
    try:
        GAME.apply(s, 0, Score(px=4, py=2, x=4, y=2))
    except IllegalMove as e:
        assert not MOORING_ID.search(str(e)) and "(3, 1), (4, 1), (3, 2) and (4, 2)" in str(e), str(e)
    else:
        raise AssertionError("an empty mooring place was scored")
