"""`make check`'s fast tier holds no test that needs the stack (tests/conftest.py marks them), and its guard
refuses a store, a server or a browser started by a test it missed."""

from __future__ import annotations

import pytest

from tests.conftest import NEEDS_STACK, ROOT, SLOW, _no_stack


def test_every_selected_test_that_asks_for_the_stack_is_marked_e2e(request):
    selected = request.session.items
    assert any(item.nodeid == request.node.nodeid for item in selected)
    unmarked = [item.nodeid for item in selected
                if NEEDS_STACK & set(getattr(item, "fixturenames", ())) and item.get_closest_marker("e2e") is None]
    assert not unmarked


def test_every_test_named_slow_exists():
    """A renamed test would silently join the fast tier again."""
    missing = [entry for entry in SLOW if f"def {entry.split('::')[1]}(" not in (ROOT / entry.split("::")[0]).read_text()]
    assert not missing


@pytest.mark.parametrize("command", [["/venv/bin/valkey-server", "--port", "0"],
                                     ["python", "-m", "granian", "service.app:app_from_env"],
                                     ["python", "-m", "service.worker", "--fast"],
                                     ["/usr/bin/chromium", "--headless"]])
def test_the_guard_refuses_what_only_a_stack_or_a_browser_starts(command):
    with pytest.raises(RuntimeError, match="mark the test e2e"):
        _no_stack("subprocess.Popen", (command[0], command, None, None))


def test_the_guard_lets_other_processes_and_events_through():
    _no_stack("subprocess.Popen", ("make", ["make", "-n", "cli"], None, None))
    _no_stack("socket.connect", (None, ("127.0.0.1", 6379)))
