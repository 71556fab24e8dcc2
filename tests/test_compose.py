"""compose.yaml parses, and every service's command is a real entry point of this project."""

import importlib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def compose():
    return yaml.safe_load((ROOT / "compose.yaml").read_text())


def test_compose_has_the_store_the_api_and_a_scalable_worker():
    services = compose()["services"]
    assert {"redis", "api", "worker", "sweeper", "projector"} <= set(services)
    assert "ports" not in services["worker"] and "container_name" not in services["worker"]  # scalable
    assert "--appendonly" in services["redis"]["command"] and "always" in services["redis"]["command"]


def test_every_service_command_is_a_real_entry_point():
    for name, svc in compose()["services"].items():
        if name == "redis":
            continue
        cmd = svc["command"]
        assert cmd[:2] == ["python", "-m"], name
        module = cmd[2]
        if module == "granian":
            target = cmd[cmd.index("--factory") + 1] if "--factory" in cmd else cmd[-1]
            mod, _, attr = target.partition(":")
            assert callable(getattr(importlib.import_module(mod), attr)), target
        else:
            assert hasattr(importlib.import_module(module), "__file__"), module
            assert "__main__" in (ROOT / (module.replace(".", "/") + ".py")).read_text()


def test_services_reach_the_store_by_its_service_name():
    services = compose()["services"]
    for name in ("api", "worker", "sweeper", "projector"):
        assert services[name]["environment"]["REDIS_URL"].startswith("redis://redis:")


def test_every_service_has_a_health_check_and_restarts():
    from service.health import ROLES

    for name, svc in compose()["services"].items():
        check = svc.get("healthcheck")
        assert check and check["test"][0] == "CMD" and check.get("interval"), name
        assert svc.get("restart") == "unless-stopped", name
        if name == "redis":
            continue
        test = check["test"][1:]
        assert test[:3] == ["python", "-m", "service.health"] and test[3] in ROLES, (name, test)
        assert test[3] == name, (name, test)  # each service is checked for its own work
        if name == "api":
            assert test[4] == svc["command"][svc["command"].index("--port") + 1]
