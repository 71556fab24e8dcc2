"""Every game's golden playthroughs (tests/<game>/golden/*.txt, see tests/golden.py) replay line for
line. On a difference the first differing step is shown; after an intended change of the rules,
regenerate with `.venv/bin/python -m tests.golden <game>` and read the diff."""

import pytest

from games.registry import get
from tests.golden import cases, path, playthrough

PARAMS = [(gid, *case) for gid, declared in cases().items() for case in declared]


@pytest.mark.parametrize("game_id,players,seed,options", PARAMS,
                         ids=[path(*p).relative_to(path(*p).parents[2]).as_posix() for p in PARAMS])
def test_golden_playthrough_replays(game_id, players, seed, options):
    expected = path(game_id, players, seed, options).read_text().splitlines()
    actual = playthrough(get(game_id), players, seed, options)
    for i, (e, a) in enumerate(zip(expected, actual)):
        if e != a:
            pytest.fail(f"line {i + 1} differs\n  golden: {e}\n  now:    {a}\n"
                        f"(regenerate after an intended change: .venv/bin/python -m tests.golden {game_id})")
    assert len(actual) == len(expected), f"{len(actual)} lines now, {len(expected)} in the golden file"
