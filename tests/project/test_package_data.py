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


def test_the_german_catalogue_is_there_and_reads():
    item = resources.files("siegeboard.resources").joinpath(
        "locale", "de", "LC_MESSAGES", "siegeboard.mo")
    assert item.read_bytes()[:4] == b"\xde\x12\x04\x95"  # GNU .mo, little-endian
    from siegeboard.rules import messages

    messages.set_language("de")
    try:
        assert messages._("Hull") == "Rumpf"
    finally:
        messages.set_language("en")


def test_the_translations_are_there():
    """Every language of the window but English has its compiled catalogue (View > Language)."""
    from siegeboard.ui.language import LANGUAGES

    folder = resources.files("siegeboard.resources").joinpath("translations")
    for code in LANGUAGES[1:]:
        qm = folder.joinpath(f"siegeboard_{code}.qm")
        assert qm.is_file(), f"resources/translations/siegeboard_{code}.qm is missing"
        assert qm.read_bytes()[:16] == bytes.fromhex("3cb86418caef9c95cd211cbf60a1bddd")


def _setuptools() -> dict:
    return tomllib.loads((CHECKOUT / "pyproject.toml").read_text())["tool"]["setuptools"]


def _folders() -> dict[str, str]:
    """Each package's folder in the checkout: under siegeboard/, or where package-dir maps it
    (resources/ and maps/ at the top of the repository)."""
    mapped = _setuptools().get("package-dir", {})
    return {package: mapped.get(package, package.replace(".", "/"))
            for package in _setuptools()["packages"]}


def _tracked(*folders: str) -> list[str]:
    listed = subprocess.run(["git", "ls-files", *folders], cwd=CHECKOUT,
                            capture_output=True, text=True)
    if listed.returncode != 0 or not listed.stdout:
        pytest.skip("not a git checkout (the installed package is checked by the tests above)")
    return listed.stdout.split()


@pytest.mark.skipif(bool(INSTALLED), reason="needs the checkout's pyproject.toml and git")
def test_every_package_of_the_checkout_is_listed_and_every_mapped_folder_is_there():
    """packages.find does not see a package-dir mapped folder, so pyproject lists every
    package: one added under siegeboard/ and not listed would be missing from the wheel."""
    folders = _folders()
    on_disk = {name.rsplit("/", 1)[0].replace("/", ".")
               for name in _tracked("siegeboard") if name.endswith("/__init__.py")}
    assert not on_disk - set(folders), (
        f"add to [tool.setuptools] packages: {sorted(on_disk - set(folders))}")
    for package, folder in folders.items():
        assert (CHECKOUT / folder / "__init__.py").is_file(), f"{package}: no {folder}/__init__.py"
    assert folders["siegeboard.resources"] == "resources"
    assert folders["siegeboard.maps"] == "maps"


@pytest.mark.skipif(bool(INSTALLED), reason="needs the checkout's pyproject.toml and git")
def test_every_data_file_of_the_checkout_is_declared_package_data():
    """A data file added to a package's folder and not to [tool.setuptools.package-data] would
    be missing from the wheel: the tests run there would then fail, but this says why."""
    declared = _setuptools()["package-data"]
    by_folder = {folder: package for package, folder in _folders().items()}
    undeclared = []
    for name in _tracked("siegeboard", *sorted(set(by_folder) - {"siegeboard"})):
        if name.endswith((".py", ".pyi")):
            continue
        # The innermost package folder holding the file with package data declared for it.
        folder = name.rsplit("/", 1)[0]
        while (folder not in by_folder or by_folder[folder] not in declared) and "/" in folder:
            folder = folder.rsplit("/", 1)[0]
        patterns = declared.get(by_folder.get(folder, ""), [])
        relative = name[len(folder) + 1:]
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
