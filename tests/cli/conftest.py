"""The CLI's verbs through Typer's CliRunner, against the real stack (tests/stack.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from cli.main import app


class Cli:
    """`caravan ...` in process: the real verbs over HTTP to the test stack, a profile of its own."""

    def __init__(self, stack, tmp_path, **env: str):
        self.stack = stack
        self.env = {"CARAVAN_URL": stack.url, "CARAVAN_CONFIG": str(tmp_path / "profile.json"),
                    "CARAVAN_ARBITER_TOKEN": stack.arbiter, "CARAVAN_DATA": str(tmp_path / "data"), **env}
        self.runner = CliRunner()

    def __call__(self, *args: str, input: Any = None, code: int | None = 0, **env: str):
        result = self.runner.invoke(app, list(args), input=input, env={**self.env, **env}, catch_exceptions=False)
        if code is not None:
            assert result.exit_code == code, f"caravan {' '.join(args)} exited {result.exit_code}: {result.stdout}{result.stderr}"
        return result

    def json(self, *args: str, **kw: Any) -> Any:
        return json.loads(self(*args, "--json", **kw).stdout)

    def new_game(self, game_type: str, *players: str, options: dict[str, Any] | None = None, seed: str | None = None) -> str:
        args = ["game", "new", game_type, *[a for p in players for a in ("--player", p)]]
        for k, v in (options or {}).items():
            args += ["--option", f"{k}={json.dumps(v)}"]
        if seed:
            args += ["--seed", seed]
        return self.json(*args)["id"]


@pytest.fixture
def cli(stack, tmp_path) -> Cli:
    return Cli(stack, tmp_path)
