"""The profile (seat tokens saved by `caravan game new`) holds up: a file that is not what it should be is set
aside, not crashed on or silently emptied, and two `caravan` processes saving at once both keep their tokens."""

from __future__ import annotations

import json
import multiprocessing
import os

import pytest

pytestmark = pytest.mark.e2e


def test_a_profile_that_is_not_an_object_is_set_aside(cli, tmp_path):
    (tmp_path / "profile.json").write_text("[]")
    game_id = cli.new_game("toy", "ann", "bob:ai-random")  # it crashed: AttributeError
    saved = json.loads((tmp_path / "profile.json").read_text())
    assert any(game_id in games for games in saved.values())
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("profile.json.unreadable")]
    assert len(kept) == 1 and kept[0].read_text() == "[]"  # what was there is kept for a person to look at


def _save_many(path: str, url: str, first: int) -> None:
    os.environ["CARAVAN_CONFIG"] = path
    from cli.client import ctx, save_tokens

    ctx.url = url
    for i in range(first, first + 200):
        save_tokens(f"g{i}", [{"seat": 0, "token": f"t{i}"}])


def test_two_processes_saving_at_once_keep_every_token(tmp_path):
    path = str(tmp_path / "profile.json")
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_save_many, args=(path, "http://127.0.0.1:8000", first)) for first in (0, 1000)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    games = json.loads((tmp_path / "profile.json").read_text())["http://127.0.0.1:8000"]
    assert len(games) == 400, sorted(set(f"g{i}" for i in [*range(200), *range(1000, 1200)]) - set(games))[:10]


def test_a_move_with_a_number_json_cannot_carry_is_refused_in_words(cli):
    game_id = cli.new_game("toy", "ann", "bob")
    out = cli("play", game_id, '{"type": "bid", "card": 1e400}', "--as", "ann", code=1)
    assert "finite" in out.stderr, out.stderr  # it ended in "ValueError: Out of range float values"
