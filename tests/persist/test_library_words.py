"""A library's refusal in our words (issue 39): what happened to the file, never the
library's sentence or class name; the part of the file it is about is kept."""

from __future__ import annotations

import zipfile
import zlib

import pytest

from siegeboard.persist.library_words import UNKNOWN, plain_library_error


@pytest.mark.parametrize(("error", "meaning"), [
    (zipfile.BadZipFile("File is not a zip file"), "not a zip archive"),
    (OSError("Truncated File Read"), "ends too soon"),
    (OSError("image file is truncated (3 bytes not processed)"), "ends too soon"),
    (zipfile.BadZipFile("Bad CRC-32 for file 'plan.png'"), "checksum"),
    (zlib.error("Error -3 while decompressing data: invalid distance too far back"),
     "does not unpack"),
    (RuntimeError("File 'siege.json' is encrypted, password required for extraction"),
     "encrypted"),
    (ValueError("some words no one foresaw"), UNKNOWN),
])
def test_a_library_refusal_is_said_plainly(error, meaning):
    said = plain_library_error(error)
    assert meaning in said
    for words in ("File is not a zip file", "Truncated File Read", "CRC-32", "Error -3",
                  "password required", "foresaw", "OSError", "BadZipFile"):
        assert words not in said
    if "'" in str(error):
        assert said.endswith("'plan.png'") or said.endswith("'siege.json'")
