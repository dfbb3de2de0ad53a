"""The data files travel with the package: read through importlib.resources, as an installed
wheel (or the bundle) reads them. .ci/run runs this against the wheel installed in a fresh
environment, so a data file the wheel lacks fails CI."""

from __future__ import annotations

import fnmatch
import json
import os
import subprocess
import sysconfig
import tomllib
from importlib import resources
from pathlib import Path

import pytest

import siegeboard
from siegeboard.persist.samples import SAMPLES
from siegeboard.rules.registry import RULESETS

CHECKOUT = Path(__file__).resolve().parents[2]
# Set by .ci/run, to the checkout's folder, for the run against the installed wheel (from a
# copy of tests/ elsewhere).
INSTALLED = os.environ.get("SIEGEBOARD_TEST_INSTALLED", "")


def test_each_ruleset_has_its_catalogue():
    for ruleset_id in RULESETS:
        item = resources.files(f"siegeboard.rules.{ruleset_id}").joinpath("catalogue.json")
        assert item.is_file(), f"rules/{ruleset_id}/catalogue.json is missing"
        assert json.loads(item.read_text(encoding="utf-8"))


def test_each_sample_is_there_and_a_zip():
    for name in SAMPLES.values():
        item = resources.files("siegeboard.resources").joinpath("samples", name)
        assert item.is_file(), f"resources/samples/{name} is missing"
        assert item.read_bytes()[:2] == b"PK"


def test_the_schema_is_there():
    item = resources.files("siegeboard.persist").joinpath("siege.schema.json")
    assert json.loads(item.read_text(encoding="utf-8"))["title"]


def test_the_icons_are_there():
    icons = resources.files("siegeboard.resources").joinpath("icons")
    for stem in ("siegeboard", "application-x-siegeboard"):
        assert icons.joinpath(f"{stem}.svg").is_file(), f"icons/{stem}.svg is missing"
        for size in (16, 32, 48, 64, 128, 256):
            png = icons.joinpath(f"{stem}-{size}.png").read_bytes()
            assert png[:8] == b"\x89PNG\r\n\x1a\n", f"icons/{stem}-{size}.png"


def _tracked_data_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "siegeboard"], cwd=CHECKOUT,
                            capture_output=True, text=True)
    if listed.returncode != 0 or not listed.stdout:
        pytest.skip("not a git checkout (the installed package is checked by the tests above)")
    return [name for name in listed.stdout.split() if not name.endswith((".py", ".pyi"))]


@pytest.mark.skipif(bool(INSTALLED), reason="needs the checkout's pyproject.toml and git")
def test_every_data_file_of_the_checkout_is_declared_package_data():
    """A data file added under siegeboard/ and not to [tool.setuptools.package-data] would be
    missing from the wheel: the tests run there would then fail, but this says why."""
    declared = tomllib.loads((CHECKOUT / "pyproject.toml").read_text())[
        "tool"]["setuptools"]["package-data"]
    undeclared = []
    for name in _tracked_data_files():
        folder, file = name.rsplit("/", 1)
        package = folder
        while package.replace("/", ".") not in declared and "/" in package:
            package = package.rsplit("/", 1)[0]
        patterns = declared.get(package.replace("/", "."), [])
        relative = name[len(package) + 1:]
        if not any(fnmatch.fnmatch(relative, pattern) for pattern in patterns):
            undeclared.append(name)
    assert not undeclared, f"add to [tool.setuptools.package-data]: {undeclared}"


@pytest.mark.skipif(not INSTALLED, reason="only for the run against the installed wheel")
def test_the_installed_package_is_the_one_tested():
    # Not the checkout (which the editable install would point at): the wheel's own copy.
    where = Path(siegeboard.__file__).resolve()
    assert where.is_relative_to(Path(sysconfig.get_paths()["purelib"]).resolve()), where
    assert not where.is_relative_to(Path(INSTALLED).resolve()), where
    assert not (CHECKOUT / "siegeboard").exists(), "the tests run beside a siegeboard/ folder"
