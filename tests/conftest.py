import os
import sys
from pathlib import Path

# the toy game of tests/ is a registered game type in the test process, as in the test stack's server
os.environ.setdefault("CARAVAN_GAME_MODULES", "tests.toygame")
# the suite creates games, tournaments and analyses by the hundred from 127.0.0.1: quotas far above that
# (tests/stack.py's GENEROUS_QUOTAS, set below once tests/ can be imported),
# and bounds on queued work per address far above what it leaves queued (tests/e2e/test_people_first.py sets low ones)
os.environ.setdefault("CARAVAN_AI_GAMES_PER_CLIENT", "1000")
os.environ.setdefault("CARAVAN_ANALYSIS_QUEUED_PER_CLIENT", "1000000")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402

from tests.stack import GENEROUS_QUOTAS  # noqa: E402

for _name, _value in GENEROUS_QUOTAS.items():  # for the apps a test runs in-process, as on the test stacks
    os.environ.setdefault(_name, _value)


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory):
    from tests.stack import start_redis

    url, server = start_redis(tmp_path_factory.mktemp("store"))
    yield url
    if server:
        server.stop()


@pytest.fixture(scope="session")
def stack(redis_url, tmp_path_factory):
    from tests.stack import Stack

    s = Stack(redis_url, tmp_path_factory.mktemp("stack")).start(workers=1)
    yield s
    s.stop()
