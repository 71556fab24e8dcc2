"""What a Himalaya player reads says what the engine does: a disc through the Yeti tracks or onto the
Snowstorm (rules.step, 7.4.1 and 7.4.3), a program that ends on the storm (7.3), the political influence
the final ranking used (scoring.score, 8.2 step 2), one yak, and delegates named by player."""

from __future__ import annotations

import random
import re

import msgspec
import pytest

from games.himalaya import GAME, rules, svg
from games.himalaya.content import YAKS
from games.himalaya.describe import describe_move
from games.himalaya.moves import PlaceCaravan, PlanSlot
from games.himalaya.state import PLANNING
from games.protocol import CHANCE

from tests.contract import walk

from .helpers import BLUE, GREEN, RED, YELLOW, final_position, position

E, S, I, T, P = "earth", "stone", "ice", "trade", "pause"


def as_view(state, seat=None, **extra):
    """The seat's view as a client gets it (JSON), with what the client adds (`you`, names, ranks)."""
    return {**msgspec.json.decode(msgspec.json.encode(GAME.view(state, seat))), **extra}


def svg_words(view, seat=None) -> str:
    """The words drawn on the board picture (tooltips left out)."""
    return " ".join(re.findall(r">([^<]+)</text>", svg.draw(view, seat)))


def yeti_and_storm_at_village_3(*discs: str):
    """Red in village 3, the Yeti tracks on P4 (earth, 2–3), the Snowstorm on P5 (stone, 3–4); Red has
    programmed `discs`."""
    s = position(villages={RED: 3, BLUE: 6, GREEN: 9}, yeti=4, snowstorm=5)
    for d in discs:
        s = GAME.apply(s, RED, PlanSlot(command=d))
    return s


def red_disc(command: str, *discs: str) -> str:
    return describe_move(PlanSlot(command=command), as_view(yeti_and_storm_at_village_3(*discs), RED, you=RED))


# --- 1. a disc's words and click target follow rules.step -------------------------------------------


def test_a_disc_along_the_path_the_yeti_closes_leaves_the_caravan_where_it_is():
    text = red_disc(E)
    assert "closed by the Yeti" in text and "you stay in village 3" in text and "→ 2" not in text, text


def test_a_disc_along_the_snowstorms_path_stops_on_the_storm():
    text = red_disc(S)
    assert "onto the Snowstorm on P5" in text and "towards village 4" in text and "3 → 4" not in text, text


@pytest.mark.parametrize("command", [E, I, T, P])
def test_on_the_snowstorm_a_disc_of_another_kind_has_no_effect(command):
    text = red_disc(command, S)
    assert "no effect on the Snowstorm" in text and "→" not in text and "collect" not in text, text


def test_on_the_snowstorm_a_disc_of_the_paths_kind_moves_on_to_the_village_ahead():
    text = red_disc(S, S)
    assert "off the Snowstorm" in text and "village 4" in text, text


def test_a_discs_click_target_is_where_the_engine_takes_the_caravan():
    def targets(s):
        view = as_view(s, RED, you=RED)
        return {c: svg.target({"type": "plan-slot", "command": c}, view) for c in (E, S, I, T, P)}

    assert targets(yeti_and_storm_at_village_3()) == {E: None, S: "path:5", I: "village:13", T: None, P: None}
    assert targets(yeti_and_storm_at_village_3(S)) == {E: None, S: "village:4", I: None, T: None, P: None}


def test_along_random_games_every_discs_words_and_target_agree_with_the_engine():
    checked = 0
    for s, seat, _ in walk(GAME, 4, random.Random(5)):
        if seat != CHANCE and s.phase == PLANNING:
            view = as_view(s, seat, you=seat)
            here = rules.position_after(s, seat, s.plans[seat])
            for c in (E, S, I):
                v, heading = rules.step(*here, c, s.yeti, s.snowstorm)
                want = None if (v, heading) == here else f"path:{s.snowstorm}" if heading else f"village:{v}"
                assert svg.target({"type": "plan-slot", "command": c}, view) == want, (here, c)
                text = describe_move(PlanSlot(command=c), view)
                assert (f"→ {v} " in text or f"into village {v}" in text) == (v != here[0] and not heading), text
                checked += 1
    assert checked > 100


# --- 2. where the program so far ends ---------------------------------------------------------------


def test_a_program_ending_on_the_snowstorm_says_so_and_that_it_cannot_end_there():
    view = as_view(yeti_and_storm_at_village_3(S), RED, you=RED)
    for said in (svg_words(view, RED), GAME.render(view, RED)):
        assert "ends in village 3" not in said
        assert "ends on the Snowstorm on P5, heading to village 4" in said and "cannot end there" in said, said


def test_a_sixth_disc_that_would_stay_on_the_snowstorm_is_refused():
    s = yeti_and_storm_at_village_3(S, P, P, P, P)
    assert PlanSlot(command=P) not in GAME.legal_moves(s, RED) and PlanSlot(command=S) in GAME.legal_moves(s, RED)


# --- 3. the final line's political influence is the one the ranking used ----------------------------

EXAMPLE_7_DELEGATES = {  # rules 11, Example 6 (R, B, G, Y)
    "A": (2, 1, 0, 0), "B": (0, 2, 2, 0), "C": (0, 0, 1, 0), "D": (1, 0, 0, 3),
    "E": (0, 0, 0, 0), "F": (1, 3, 1, 0), "G": (1, 0, 0, 1), "H": (3, 2, 2, 1),
}


def example_7():
    stupas = {RED: [13, 3, 1], BLUE: [14, 20], GREEN: [4, 5, 7], YELLOW: [10, 16, 9]}
    return final_position(4, stupas, EXAMPLE_7_DELEGATES, [31, 25, 31, 20])


def test_the_final_line_shows_the_political_influence_recomputed_after_the_religious_step():
    s = example_7()
    view = as_view(s, None, names=["red", "blue", "green", "yellow"], ranks=list(GAME.result(s).ranks))
    assert [f["political"] for f in view["final"] if f["seat"] != BLUE] == [2, 2, 1]  # Red 2, Green 2, Yellow 1
    assert "2. green economic 31 religious 4 political 2" in svg_words(view)
    assert "P2[/] green E 31 R 4 P 2" in GAME.render(view, None)


# --- 4. one yak -----------------------------------------------------------------------------------


def test_a_one_yak_order_ring_reads_1_yak_on_the_board():
    ring = next(r for r in YAKS if YAKS[r] == 1)
    markup = svg.draw(as_view(position(board_rings={5: ring}), None), None)
    assert "(1 yak)" in markup and "1 yaks" not in markup


# --- 5. delegates named by player -------------------------------------------------------------------


def test_region_delegations_name_the_players():
    s = final_position(3, {}, {"A": (2, 1, 0)}, [0, 0, 0])
    named = svg_words(as_view(s, None, names=["ann", "bo", "cy"]))
    assert "delegates ann: 2, bo: 1" in named and "0:2" not in named, named
    assert "delegates seat 0: 2, seat 1: 1" in svg_words(as_view(s, None))


# --- the d20 says which village it gives (7.1: the rolled village if free, else the next free one) -----------


def test_a_d20_roll_told_from_the_position_names_the_village_that_gets_the_draw():
    from games.himalaya.moves import RollD20

    told = moved_on = 0
    for state, _, move in walk(GAME, 3, random.Random(2)):
        if isinstance(move, RollD20):
            after = GAME.apply(state, CHANCE, move)
            text = describe_move(move, as_view(state))
            assert text.startswith(f"the d20 rolls {move.face}") and f"village {after.target}" in text, text
            moved_on += move.face != after.target
            told += 1
    assert told >= 5 and moved_on >= 1, (told, moved_on)
    assert describe_move(RollD20(face=7), None) == "the d20 rolls 7"


def test_a_caravan_not_placed_yet_reads_not_placed_not_village_0():
    view = as_view(GAME.setup(3, {}), RED)
    rows = [line for line in GAME.render(view, RED).splitlines() if " stupas " in line]
    assert len(rows) == 3 and all("not placed" in r for r in rows)
    assert "village 0" not in GAME.render(view, RED)


def test_the_web_board_says_a_caravan_not_placed_yet_and_one_on_the_snowstorm_in_words():
    view = as_view(GAME.setup(3, {}), RED)
    drawn = svg_words(view, RED)
    assert "not placed" in drawn and "village 0" not in drawn
    storm = as_view(position(villages={0: 3, 1: 4, 2: 5}), RED)
    storm["players"][1]["on_snowstorm_to"] = 4  # (as the view shows a caravan the Snowstorm stopped)
    assert "— on the Snowstorm, heading to village 4 ·" in svg_words(storm, RED)
    assert "on storm to 4" in GAME.render(storm, RED)


def test_the_terminal_says_none_for_a_seat_holding_no_cubes_or_rings():
    view = as_view(GAME.setup(3, {}), RED)
    drawn = GAME.render(view, RED)
    assert "cubes none, rings none, yaks 0" in drawn, drawn  # the seat's own holdings (was "cubes -, rings -")
    assert "cubes -" not in drawn and "rings -" not in drawn


def test_the_log_tells_another_seats_placement_without_your():
    """The log read "bot: place your caravan in village 18": the menu's words were the log's."""
    said = describe_move(PlaceCaravan(village=18), None)
    assert "your" not in said and said.startswith("place the caravan in village 18"), said


def test_the_web_map_writes_each_villages_goods_where_nothing_else_is():
    """Village 12's cubes lay over village 13 and a path's letter, village 20's under the ice path's "I", and
    the legend ran through villages 5 to 7: goods now go beside their village where nothing else is."""
    from games.himalaya.content import PATHS, POSITION
    from games.himalaya.svg import _xy, goods_places

    def overlap(a, b):
        w, h = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
        return w * h if w > 0 and h > 0 else 0

    villages = [(x - 24, y - 24, x + 24, y + 24) for x, y in map(_xy, POSITION)]
    middles = [((_xy(a)[0] + _xy(b)[0]) / 2, (_xy(a)[1] + _xy(b)[1]) / 2) for a, b, _ in (PATHS[n] for n in range(1, len(PATHS)))]
    letters = [(x - 9, y - 9, x + 9, y + 9) for x, y in middles]
    placed = 0
    for seed in range(6):
        for i, (state, _, _) in enumerate(walk(GAME, 3, random.Random(seed))):
            if i % 40 != 39:
                continue
            boxes = list(goods_places(as_view(state)).values())
            for j, box in enumerate(boxes):
                assert not any(overlap(box, o) for o in villages + letters + boxes[:j]), (seed, i, box)
                assert 0 <= box[0] and box[2] <= svg.W and 30 <= box[1] and box[3] <= svg.MAP_H, box  # on the map
            placed += len(boxes)
    assert placed > 100
    legend = re.search(r'<text x="[\d.]+" y="([\d.]+)"[^>]*>E: earth path</text>', svg.draw(as_view(GAME.setup(3, {})), None))
    assert float(legend.group(1)) > max(y for _, y in map(_xy, POSITION)) + 24  # below the lowest village
