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


# a test that reaches the store, the stack or a browser through a fixture is e2e, however its file is marked:
# `make check` (the fast tier) runs `-m "not e2e and not slow"`
NEEDS_STACK = {"redis_url", "stack", "browser"}


# tests that need no stack but take seconds each (self-play, fits, whole-game searches, the largest
# schedules): `make test` runs them, the fast tier leaves them out. Measured with --durations on 2 cores.
SLOW = {
    "tests/ai/test_fit.py::test_a_fit_weighs_the_first_feature_a_lead_for_the_leader",
    "tests/ai/test_fit.py::test_a_fit_can_play_its_games_with_the_search_in_several_processes",
    "tests/ai/test_sharp_end.py::test_a_decided_game_reads_decided_at_its_last_decision",
    "tests/ai/test_ai.py::test_mcts_beats_random_on_the_toy_game",
    "tests/ai/test_search.py::test_halving_on_common_random_numbers_halves_the_root_and_reads_only_what_the_seat_may_see",
    "tests/web/test_boards.py::test_boards_are_svg_with_a_part_to_click_for_every_targeted_move",
    "tests/test_make_cli.py::test_make_cli_links_caravan_into_local_bin",
    "tests/tournaments/test_round_robin_spread.py::test_the_largest_round_robins_are_quick_and_correct",
    "tests/tournaments/test_round_robin_spread.py::test_round_robin_is_the_same_in_every_process",
    "tests/kashgar/test_properties.py::test_a_seats_view_never_contains_another_seats_secrets",
    "tests/kashgar/test_properties.py::test_random_play_reaches_a_result_and_conserves_every_card",
    "tests/himalaya/test_properties.py::test_a_seats_view_never_contains_another_seats_secrets",
    "tests/bangkok_klongs/test_player_words.py::test_the_boards_and_the_words_say_no_mooring_or_boat_ids",
}


def pytest_collection_modifyitems(items):
    for item in items:
        if NEEDS_STACK & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.e2e)
        if item.nodeid.split("[")[0] in SLOW:
            item.add_marker(pytest.mark.slow)


STACK_PROCESSES = ("valkey", "redis-server", "granian", "service.worker", "service.projector", "chromium", "playwright")


def _no_stack(event: str, args: tuple) -> None:
    """The fast tier's guard (CARAVAN_FAST_TIER=1, with REDIS_URL unset so a store can only be started
    here): a test that starts a store, the API, a worker or a browser fails and says so."""
    if event == "subprocess.Popen" and any(w in str(args[1]) for w in STACK_PROCESSES):
        raise RuntimeError(f"the fast tier starts no store, server or browser ({args[1]}): mark the test e2e")


if os.environ.get("CARAVAN_FAST_TIER") == "1":
    sys.addaudithook(_no_stack)


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
