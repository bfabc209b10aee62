"""The lock files (`make lock` writes them) agree with pyproject.toml: every declared dependency is pinned
to a version its range allows, with hashes, and the dev lock holds the runtime lock's versions; and the build
reads pyproject.toml without a deprecation warning."""

from __future__ import annotations

import re
import tomllib
import warnings
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from setuptools import Distribution
from setuptools.config import pyprojecttoml
from setuptools.warnings import SetuptoolsDeprecationWarning

ROOT = Path(__file__).resolve().parents[2]


def pins(name: str) -> dict[str, str]:
    """{package: version} of a lock file, each entry checked to carry hashes."""
    text = (ROOT / name).read_text()
    found = {}
    for entry in re.split(r"\n(?=\S)", text):
        match = re.match(r"([A-Za-z0-9._-]+)==(\S+)", entry)
        if match:
            assert "--hash=sha256:" in entry, entry
            found[canonicalize_name(match[1])] = match[2]
    return found


def test_every_declared_dependency_is_pinned_within_its_range() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    runtime, dev = pins("requirements.txt"), pins("requirements-dev.txt")
    declared = [
        (runtime, project["project"]["dependencies"] + project["build-system"]["requires"]),
        (dev, project["project"]["optional-dependencies"]["dev"]),
    ]
    for lock, requirements in declared:
        for line in requirements:
            req = Requirement(line)
            version = lock.get(canonicalize_name(req.name))
            assert version and req.specifier.contains(version, prereleases=True), (line, version)


def test_the_dev_lock_is_the_runtime_lock_plus_the_dev_tools() -> None:
    runtime, dev = pins("requirements.txt"), pins("requirements-dev.txt")
    assert {name: dev.get(name) for name in runtime} == runtime


def test_setuptools_reads_the_project_without_a_deprecation_warning() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pyprojecttoml.apply_configuration(Distribution(), str(ROOT / "pyproject.toml"))
    assert not [str(w.message) for w in caught if issubclass(w.category, SetuptoolsDeprecationWarning)]
