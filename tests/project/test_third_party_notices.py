"""The third-party notices the bundle carries (tools/third_party_notices.py): every package
siegeboard runs on, with its licence and the licence's text, made from the installed metadata."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import third_party_notices  # noqa: E402  (tools/ is not a package)


@pytest.fixture(scope="module")
def distributions():
    return third_party_notices.runtime_distributions()


@pytest.fixture(scope="module")
def text(distributions):
    return third_party_notices.notices(distributions)


def test_the_runtime_packages_are_followed_to_the_end(distributions):
    names = {third_party_notices.normalised(d.metadata["Name"]) for d in distributions}
    # siegeboard's own requirements, and theirs (pydantic needs pydantic-core)
    assert {"pyside6-essentials", "shiboken6", "shapely", "pydantic", "pydantic-core", "numpy",
            "pillow", "platformdirs"} <= names
    # the test and packaging tools are not shipped
    assert not names & {"pytest", "hypothesis", "pyinstaller", "import-linter"}


def test_every_package_has_its_licence_and_a_licence_text(distributions, text):
    sections = text.split("=" * 78)[1:]
    assert len(sections) == len(distributions)
    for distribution, section in zip(distributions, sections, strict=True):
        assert section.startswith(f"\n{distribution.metadata['Name']} {distribution.version}\n")
        assert re.search(r"^Licence: \S", section, re.M), section[:200]
        assert "\n--- " in section, f"{distribution.metadata['Name']} has no licence text"


def test_the_lgpl_parts_carry_the_lgpl_and_say_where_their_source_is(text):
    qt = text.split("=" * 78)
    qt_section = next(part for part in qt if part.startswith("\nPySide6_Essentials ")
                      or part.startswith("\nPySide6-Essentials "))
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in qt_section
    assert "Version 3, 29 June 2007" in qt_section
    assert "download.qt.io" in qt_section
    shapely = next(part for part in qt if part.startswith("\nshapely "))
    assert "GEOS" in shapely and "libgeos.org" in shapely
