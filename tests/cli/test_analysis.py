"""`caravan analyse` and what `replay` shows of an analysis, through Typer's CliRunner on the real stack
(real valkey, real RQ workers judging the decisions, the app over HTTP)."""

from __future__ import annotations

import json
import time

import msgspec
import pytest

from ai.analysis import engine_code
from cli.analysis import graph_lines, sparkline, verdicts
from service.analysis_schemas import AnalysisReport
from tests.e2e.helpers import wait_for_human, wait_until_finished
from tests.toygame import ToyGame

pytestmark = pytest.mark.e2e

SMALL = ("--budget", "0", "--iterations", "8", "--seed", "5")


def finished(cli, game_type: str = "toy") -> str:
    game_id = cli.new_game(game_type, "ann:ai-random", "bob:ai-random")
    wait_until_finished(cli.stack.client(), game_id, timeout=300)
    return game_id


def test_analyse_prints_the_seats_the_costliest_moments_and_every_decision(cli):
    game_id = finished(cli)
    out = cli("analyse", game_id, *SMALL).stdout
    lines = out.splitlines()
    assert lines[0].startswith("analysis ") and f"of game {game_id}" in lines[0] and ": done," in lines[0]
    assert "seed 5" in lines[1] and "at most 8 iterations" in lines[1]
    assert f"engine ismcts {engine_code(ToyGame())}," in lines[1]  # the digest of the source that judged
    header = next(i for i, l in enumerate(lines) if l.startswith("seat") and "accuracy" in l)
    assert {lines[header + 2].split()[0], lines[header + 3].split()[0]} == {"ann", "bob"}
    assert "decisions" in lines and any(l.split()[:2] and l.split()[1] in ("ann", "bob") for l in lines
                                        if l[:1].isdigit())


def test_analyse_json_is_one_document_in_the_documented_shape(cli):
    game_id = finished(cli)
    result = cli("analyse", game_id, *SMALL, "--json")
    report = json.loads(result.stdout)  # exactly one document: anything more would not parse
    typed = msgspec.convert(report, AnalysisReport)
    assert typed.status == "done" and typed.done == typed.total == len(typed.rows)
    assert typed.engine.seed == 5 and typed.engine.iterations == 8 and typed.engine.budget is None
    assert [s.name for s in typed.seats] == ["ann", "bob"]
    again = json.loads(cli("analyse", game_id, *SMALL, "--json").stdout)
    assert again["id"] == report["id"]  # the same settings: the analysis already made


def test_analysing_a_running_game_is_refused_with_a_json_error(cli):
    game_id = cli.new_game("toy", "ann", "bob")
    wait_for_human(cli.stack.client(), game_id, 0)
    result = cli("analyse", game_id, *SMALL, "--json", code=1)
    err = json.loads(result.stdout)
    assert err["error"] == "game-running" and err["detail"]
    plain = cli("analyse", game_id, *SMALL, code=1)
    assert "game-running" in plain.stderr and plain.stdout == ""


def test_bad_settings_are_refused_before_anything_is_queued(cli):
    game_id = finished(cli)
    err = json.loads(cli("analyse", game_id, "--budget", "99", "--json", code=1).stdout)
    assert err["error"] == "invalid"
    assert cli.stack.client().get(f"/games/{game_id}/analysis").status_code == 404


def test_replay_prints_the_verdict_beside_each_move_and_the_value_graphs(cli):
    game_id = finished(cli)
    before = cli("replay", game_id, "--at", "3").stdout
    assert "value graph" not in before  # no analysis yet: the replay is as it was
    report = cli.json("analyse", game_id, *SMALL)
    judged = next(r for r in report["rows"] if r["kind"] == "decision" and r["class"] != "forced")
    out = cli("replay", game_id, "--at", str(judged["version"])).stdout
    assert f"event {judged['version']} of" in out
    assert verdicts(report)[judged["version"]].split(",")[0].split(" (")[0] in out
    assert "value graph" in out and "ann" in out and "bob" in out
    ascii_out = cli("replay", game_id, "--at", str(judged["version"]), CARAVAN_ASCII="1").stdout
    graph = ascii_out[ascii_out.index("value graph"):]
    assert not any(ch in graph for ch in "▁▂▃▄▅▆▇█")


def test_sparkline_has_a_plain_ascii_fallback():
    values = [0.0, 0.3, 0.5, 0.99, 1.0]
    assert sparkline(values, ascii_only=False) == "▁▃▅██"
    assert sparkline(values, ascii_only=True) == "_-=##" and sparkline(values, ascii_only=True).isascii()


def test_graph_lines_stop_at_the_replayed_version():
    report = {"seats": [{"name": "ann", "accuracy": 90.0,
                         "graph": [{"version": 3, "win": 0.2, "rank": 1.5}, {"version": 7, "win": 0.9, "rank": 1.0}]}]}
    assert graph_lines(report, upto=5) == ["ann  " + sparkline([0.2]) + "  20% → 20%  accuracy 90.0"]
    assert graph_lines(report)[0].startswith("ann  " + sparkline([0.2, 0.9]))


def test_a_long_game_s_graph_is_averaged_to_fit_a_line():
    line = sparkline([i / 199 for i in range(200)], ascii_only=False, width=20)
    assert len(line) == 20 and line[0] == "▁" and line[-1] == "█"


def test_export_with_the_analysis_still_verifies_and_keeps_it_outside_the_chain(cli, tmp_path):
    game_id = finished(cli)
    plain = cli.stack.client().get(f"/games/{game_id}/export", params={"analysis": "true"}).text.splitlines()
    assert json.loads(plain[-1]) == {"section": "analysis", "analysis": None, "detail": json.loads(plain[-1])["detail"],
                                     "note": json.loads(plain[-1])["note"]}  # none made yet: said so, not an error
    report = cli.json("analyse", game_id, *SMALL)
    path = tmp_path / "game.jsonl"
    cli("export", game_id, "--analysis", "-o", str(path))
    lines = path.read_text().splitlines()
    last = json.loads(lines[-1])
    assert last["section"] == "analysis" and "version" not in last and "hash" not in last
    assert last["analysis"]["id"] == report["id"] and last["analysis"]["head"] == json.loads(lines[-2])["hash"]
    checked = cli.json("verify", str(path))
    assert checked["ok"] and checked["complete"] and any("analysis section" in c for c in checked["checked"])
    last["analysis"]["seats"][0]["accuracy"] = 100.0  # derived data: editing it breaks no chain
    path.write_text("\n".join(lines[:-1] + [json.dumps(last)]) + "\n")
    assert cli.json("verify", str(path))["ok"]
    event = json.loads(lines[-2])
    event["at"] = "1999-01-01T00:00:00Z"  # the chain above it is still checked
    path.write_text("\n".join(lines[:-2] + [json.dumps(event), lines[-1]]) + "\n")
    assert cli("verify", str(path), code=1).stdout.startswith("bad at version")


def test_the_export_s_analysis_flag_is_documented(cli):
    doc = cli.stack.client().get("/schema/openapi.json").json()
    params = doc["paths"]["/games/{game_id}/export"]["get"]["parameters"]
    flag = next(p for p in params if p["name"] == "analysis")
    assert flag["in"] == "query" and flag["schema"]["type"] == "boolean" and "outside the hash chain" in flag["description"]
    assert cli.stack.client().get(f"/games/{finished(cli)}/export", params={"analysis": "maybe"}).status_code == 400


@pytest.mark.parametrize("game_type", ["bangkok-klongs", "himalaya", "kashgar", "yangtze"])
def test_each_of_the_four_games_is_analysed_from_the_cli_in_its_own_words(cli, game_type):
    from games.registry import get

    players = [f"p{i}:ai-random" for i in range(get(game_type).min_players)]
    game_id = cli.new_game(game_type, *players)
    wait_until_finished(cli.stack.client(), game_id, timeout=300)
    out = cli("analyse", game_id, "--budget", "0", "--iterations", "4", "--seed", "1").stdout
    report = cli.json("analyse", game_id, "--budget", "0", "--iterations", "4", "--seed", "1")
    judged = [r for r in report["rows"] if r["kind"] == "decision" and r["class"] != "forced"]
    assert judged and all(r["text"] and r["best_text"] for r in judged)
    lines = out.splitlines()
    seats = lines.index(next(l for l in lines if l.startswith("seat ") and "accuracy" in l))
    assert [lines[seats + 2 + i].split()[0] for i in range(len(players))] == [p.split(":")[0] for p in players]
    row = next(l for l in lines[lines.index("decisions"):] if l.split()[:1] == [str(judged[0]["version"])])
    assert row.split()[1] in {p.split(":")[0] for p in players} and row.rstrip().endswith(judged[0]["class"])
    text = judged[0]["text"]  # in words; cut to the terminal, its beginning may give way to where it differs
    assert text[:30] in row or any(text[i:i + 12] in row for i in range(len(text) - 11)), (text, row)


def test_the_head_hash_and_the_engine_settings_reproduce_an_analysis(cli):
    game_id = cli.new_game("yangtze", "ann:ai-random", "bob:ai-greedy")
    wait_until_finished(cli.stack.client(), game_id, timeout=300)
    args = ("--budget", "0", "--iterations", "12")
    first = cli.json("analyse", game_id, *args, "--seed", "21")
    # another seed: a new analysis replaces it (for the arbiter or a player); a spectator is shown the one
    # that stands, told why (the web page's button makes one at 0.25 s: `caravan analyse` then read it, 403)
    shown = cli("analyse", game_id, *args, "--seed", "22", "--json")
    assert json.loads(shown.stdout)["id"] == first["id"] and "only a player" in shown.stderr
    other = cli.json("analyse", game_id, *args, "--seed", "22", "--as", "arbiter")
    again = cli.json("analyse", game_id, *args, "--seed", "21", "--as", "arbiter")  # the first one's, made anew
    assert len({first["id"], other["id"], again["id"]}) == 3 and first["head"] == again["head"]
    assert again["engine"] == first["engine"] and again["rows"] == first["rows"] and again["seats"] == first["seats"]


def test_a_seat_analyses_its_own_private_fork_with_as(cli):
    game_id = cli.new_game("yangtze", "ann", "bob:ai-random")  # (against a person: not while the game runs)
    c = cli.stack.client(cli.stack.arbiter)  # (a private fork is read by its seat and the arbiter only)
    while c.get(f"/games/{game_id}").json()["waiting_for"] != "seats":  # the setup is drawn first
        time.sleep(0.1)
    fork = cli.json("fork", game_id, "--as", "ann")
    played = 0
    for _ in range(2):  # ann plays two moves in the fork (bob is the AI there)
        g = wait_for_human(c, fork["id"], 0, timeout=120)
        if g["status"] != "active":
            break
        cli("moves", fork["id"], "--as", "0")
        played += cli("play", fork["id"], "0", "--as", "0", code=None).exit_code == 0  # 4: stale, bob moved
    err = json.loads(cli("analyse", fork["id"], *SMALL, "--json", code=1).stdout)  # nobody else may
    assert err["error"] == "unauthorized"
    mine = cli.json("analyse", fork["id"], *SMALL, "--as", "0")
    assert mine["scope"] == "seat-0" and [s["seat"] for s in mine["seats"]] == [0]
    decisions = [r for r in mine["rows"] if r["kind"] == "decision"]
    assert played and len(decisions) >= played and {r["seat"] for r in decisions} == {0}
