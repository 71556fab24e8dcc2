"""Dependencies do not float: what is installed is exactly constraints.txt (`make lock` writes it from a
tested install), every range in pyproject.toml has an upper bound, and the Dockerfile installs with the
constraints too. A new release of anything reaches the project only through `make lock` and the tests."""

from __future__ import annotations

import importlib.metadata as md
import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
NOT_PINNED = {"caravan", "pip", "setuptools", "wheel"}  # the project itself and the installer's own tools
UPPER = {"<", "<=", "==", "===", "~="}


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins() -> dict[str, str]:
    out = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, sep, version = line.partition("==")
            assert sep, f"constraints.txt: {line!r} is not an exact pin (NAME==VERSION)"
            out[norm(name)] = version.strip()
    return out


def installed() -> dict[str, str]:
    return {norm(d.metadata["Name"]): d.version for d in md.distributions()}


def test_every_installed_distribution_is_the_pinned_version():
    have, pinned = installed(), pins()
    unpinned = sorted(f"{n}=={v}" for n, v in have.items() if n not in pinned and n not in NOT_PINNED)
    assert not unpinned, f"installed but not in constraints.txt (run `make lock`): {unpinned}"
    other = sorted(f"{n}: installed {have[n]}, pinned {v}" for n, v in pinned.items() if n in have and have[n] != v)
    assert not other, f"installed versions differ from constraints.txt (reinstall with `make install`): {other}"
    missing = sorted(n for n in pinned if n not in have)
    assert not missing, f"pinned in constraints.txt but not installed (a stale pin? run `make lock`): {missing}"


def pyproject_requirements() -> list[str]:
    doc = tomllib.loads((ROOT / "pyproject.toml").read_text())
    reqs = [*doc["build-system"]["requires"], *doc["project"]["dependencies"]]
    for group in doc["project"].get("optional-dependencies", {}).values():
        reqs += group
    return reqs


def test_every_range_in_pyproject_has_an_upper_bound():
    reqs = pyproject_requirements()
    assert len(reqs) > 10
    floating = [r for r in reqs if not any(s.operator in UPPER for s in Requirement(r).specifier)]
    assert not floating, f"ranges without an upper bound in pyproject.toml: {floating}"


def test_every_direct_dependency_is_pinned_within_its_range():
    pinned = pins()
    for r in map(Requirement, pyproject_requirements()):
        if norm(r.name) in NOT_PINNED:
            continue
        assert norm(r.name) in pinned, f"{r.name} is not in constraints.txt"
        assert r.specifier.contains(pinned[norm(r.name)], prereleases=True), \
            f"constraints.txt pins {r.name}=={pinned[norm(r.name)]}, outside pyproject's {r.specifier}"


def test_make_and_the_dockerfile_install_with_the_constraints():
    installs = [line for line in (ROOT / "Dockerfile").read_text().splitlines() if "pip install" in line]
    assert installs and all("-c constraints.txt" in line for line in installs), installs
    assert "COPY" in (ROOT / "Dockerfile").read_text() and "constraints.txt" in (ROOT / "Dockerfile").read_text()
    make = (ROOT / "Makefile").read_text()
    install = make.split("$(STAMP):", 1)[1].split("\n\n", 1)[0]
    assert "-c constraints.txt" in install, install
