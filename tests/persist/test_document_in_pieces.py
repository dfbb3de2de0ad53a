"""A saved document is deflated in pieces, never joined: the same archive, byte for byte,
as one ``writestr`` of the whole, and a city's long evening still fits the bound."""

from __future__ import annotations

import io
import zipfile

from siegeboard.persist import read_siege, write_siege
from siegeboard.persist import siege_file
from siegeboard.persist.samples import read_sample


def test_the_document_in_pieces_makes_the_archive_one_writestr_makes(tmp_path):
    sample = read_sample("harris")
    siege = sample.siege
    parts = siege_file._document_for_saving(siege, "castle.siege")
    assert len(parts) > 3
    joined = b"".join(parts)
    whole = io.BytesIO()
    with zipfile.ZipFile(whole, "w") as archive:
        archive.comment = f"{siege_file.WRITER_PREFIX}{siege_file.__version__}".encode()
        archive.writestr(siege_file._member(siege_file.DOCUMENT, zipfile.ZIP_DEFLATED), joined,
                         compresslevel=1)
    assert siege_file._archive(parts, {}) == whole.getvalue()
    path = tmp_path / "castle.siege"
    write_siege(path, sample)
    assert read_siege(path).siege == siege


def test_parts_are_compared_with_a_document_without_joining_them():
    assert siege_file._same_bytes([b"ab", b"", b"cd"], b"abcd")
    assert not siege_file._same_bytes([b"ab", b"cd"], b"abce")
    assert not siege_file._same_bytes([b"ab", b"cd"], b"abcde")
    assert not siege_file._same_bytes([b"ab", b"cde"], b"abcd")


def test_a_city_in_play_for_an_evening_fits_the_document_bound():
    # 52 MB for a town of 50,000 and its beginning, 10 MB more a minute of 5,000 wild fires.
    assert siege_file.MAX_DOCUMENT_BYTES >= 52e6 + 15 * 10e6
