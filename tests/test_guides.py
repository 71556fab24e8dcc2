"""Each game carries a players' summary of its rules and a line of "why" for every kind of move
(games/<package>/guide.py), and `caravan rules GAME` prints it without a server."""

import typing

import pytest
from typer.testing import CliRunner

from cli.main import app
from games import registry

GAMES = sorted(g for g, game in registry.all_games().items() if type(game).__module__.startswith("games."))
SECTIONS = ("## The goal", "## The end", "## Where caravan differs from the printed game")


def move_types(game) -> set[str]:
    return {cls.__struct_config__.tag for cls in typing.get_args(game.Move) or (game.Move,)}


def test_the_four_games_have_guides():
    assert set(GAMES) >= {"kashgar", "yangtze", "bangkok-klongs", "himalaya"}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_summary_says_the_goal_a_turn_the_scoring_and_the_end(game_id):
    summary = registry.guide(registry.get(game_id)).SUMMARY
    missing = [s for s in SECTIONS if s not in summary]
    assert not missing, f"{game_id}'s summary lacks {missing}"
    assert "turn" in summary.lower() or "round" in summary.lower()
    assert "score" in summary.lower() or "wins" in summary.lower()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_kind_of_move_says_why(game_id):
    game = registry.get(game_id)
    missing = move_types(game) - set(registry.guide(game).WHY)
    assert not missing, f"{game_id}: no 'why' for {sorted(missing)}"
    assert all(line and "\n" not in line for line in registry.guide(game).WHY.values())


def test_kashgar_says_only_certain_cards_fulfil_orders():
    why = registry.why(registry.get("kashgar"), "fulfil-drawn")
    assert "only a card whose action says so" in why
    assert "Only a card whose action says \"fulfil\"" in registry.guide(registry.get("kashgar")).SUMMARY


@pytest.mark.parametrize("game_id", GAMES)
def test_caravan_rules_prints_the_summary_without_a_server(game_id, monkeypatch):
    monkeypatch.setenv("CARAVAN_URL", "http://127.0.0.1:9")  # nothing listens there: no server is asked
    out = CliRunner().invoke(app, ["rules", game_id, "--moves"])
    assert out.exit_code == 0, out.output
    assert "## The goal" in out.output and "## Each kind of move" in out.output


def test_caravan_rules_of_an_unknown_game_is_refused():
    out = CliRunner().invoke(app, ["rules", "chess"])
    assert out.exit_code == 1
    assert "unknown game type 'chess'" in out.output
