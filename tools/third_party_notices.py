"""Write the third-party notices: the licence of everything siegeboard runs on, from the
installed packages' own metadata.

    python tools/third_party_notices.py [-o THIRD_PARTY_NOTICES.txt]

The packages are siegeboard's runtime requirements and theirs, as installed in this Python
(extras and test tools left out, environment markers evaluated). For each: its name, version,
licence (the SPDX expression, else the licence field, else its classifiers), home page, and the
full text of every licence file its wheel carries. Qt for Python ships no licence file in its
wheels, so its LGPL v3 (with the GPL v3 it builds on) is added from ``tools/licenses/``; the
LGPL parts (Qt, GEOS in shapely, FFmpeg in OpenCV) also get a note of where their source is.
tools/build_bundle.py puts the result in the bundle; tests/project/test_third_party_notices.py
checks that every runtime package is in it with a licence text.
"""

from __future__ import annotations

import argparse
import re
import sys
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement

LICENSES = Path(__file__).resolve().parent / "licenses"
# Licence texts the wheels do not carry, by normalised distribution name.
ADDED_TEXTS = {
    "pyside6-essentials": ["LGPL-3.0.txt", "GPL-3.0.txt"],
    "shiboken6": ["LGPL-3.0.txt", "GPL-3.0.txt"],
}
# Where the source of the LGPL parts is (the LGPL asks that a user can get it and relink).
SOURCE_NOTES = {
    "pyside6-essentials": (
        "Qt 6 and Qt for Python are used under the LGPL v3. Their source: "
        "https://download.qt.io/official_releases/qt/ and "
        "https://download.qt.io/official_releases/QtForPython/ (the release named above). "
        "In the bundle Qt's libraries are separate files (PySide6/Qt/lib), which a user may "
        "replace with their own build."),
    "shiboken6": "Part of Qt for Python; source as for PySide6-Essentials.",
    "shapely": (
        "shapely's wheel carries GEOS (libgeos), used under the LGPL v2.1 (its text: "
        "LICENSE_GEOS below). Source: https://libgeos.org/usage/download/"),
    "opencv-python-headless": (
        "OpenCV's wheel carries FFmpeg libraries, used under the LGPL v2.1 or later "
        "(LICENSE-3RD-PARTY.txt below). Source: https://ffmpeg.org/download.html and "
        "https://github.com/opencv/opencv-python"),
}


def normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def runtime_distributions(root: str = "siegeboard") -> list[metadata.Distribution]:
    """``root``'s installed distribution's runtime requirements, followed to the end, sorted
    by name (``root`` itself left out)."""
    found: dict[str, metadata.Distribution] = {}
    waiting = [root]
    while waiting:
        name = waiting.pop()
        distribution = metadata.distribution(name)
        for text in distribution.requires or []:
            requirement = Requirement(text)
            if requirement.marker is not None and not requirement.marker.evaluate({"extra": ""}):
                continue
            key = normalised(requirement.name)
            if key not in found:
                try:
                    found[key] = metadata.distribution(requirement.name)
                except metadata.PackageNotFoundError:
                    continue  # an optional platform package not installed here
                waiting.append(requirement.name)
    return [found[key] for key in sorted(found)]


def licence_of(distribution: metadata.Distribution) -> str:
    meta = distribution.metadata
    expression = meta.get("License-Expression")
    if expression:
        return expression
    field = (meta.get("License") or "").strip()
    if field and "\n" not in field and len(field) < 100:
        return field
    classifiers = [value.split(" :: ")[-1] for value in meta.get_all("Classifier") or []
                   if value.startswith("License ::")]
    return ", ".join(classifiers) or "see the licence text below"


def licence_texts(distribution: metadata.Distribution) -> list[tuple[str, str]]:
    """(file name, text) of each licence file the distribution carries or is given here."""
    texts = []
    for file in distribution.files or []:
        name = Path(str(file)).name
        # PEP 639 puts every licence file under .dist-info/licenses/, named as the project
        # names them (pypdfium2: LICENSES/*, BUILD_LICENSES/* of what its PDFium carries)
        under_licences = "/licenses/" in str(file).replace("\\", "/")
        if ".dist-info" in str(file) and (
                under_licences or re.match(r"(LICEN[CS]E|COPYING|NOTICE)", name.upper())):
            texts.append((str(file),
                          Path(str(file.locate())).read_text(encoding="utf-8", errors="replace")))
    for name in ADDED_TEXTS.get(normalised(distribution.metadata["Name"]), []):
        texts.append((name, (LICENSES / name).read_text(encoding="utf-8")))
    return texts


def notices(distributions: list[metadata.Distribution]) -> str:
    rule = "=" * 78
    parts = ["Third-party notices for siegeboard\n\nsiegeboard is MIT-licensed (LICENSE). It "
             "runs on the packages below, each under its own licence; this file carries their "
             "licence texts and, for the LGPL parts, where their source is.\n"]
    for distribution in distributions:
        meta = distribution.metadata
        home = meta.get("Home-page") or next(
            (value.split(", ", 1)[-1] for value in meta.get_all("Project-URL") or []), "")
        head = [rule, f"{meta['Name']} {distribution.version}",
                f"Licence: {licence_of(distribution)}"]
        if home:
            head.append(f"Home: {home}")
        note = SOURCE_NOTES.get(normalised(meta["Name"]))
        if note:
            head.append(note)
        parts.append("\n".join(head) + "\n")
        for name, text in licence_texts(distribution):
            # a licence's own rule of '=' (LLVM's) is drawn in '-', so that the rules between
            # the packages stay the only ones
            text = re.sub(r"={20,}", lambda run: "-" * len(run.group()), text.strip())
            parts.append(f"--- {name} ---\n{text}\n")
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", type=Path, default=Path("THIRD_PARTY_NOTICES.txt"))
    args = parser.parse_args(argv)
    args.output.write_text(notices(runtime_distributions()), encoding="utf-8")
    print(args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
