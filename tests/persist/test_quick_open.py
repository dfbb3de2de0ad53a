"""What siegeboard writes is read back in one pass of pydantic's JSON reader; anything else,
and anything that only looks like it, is read the careful way and refused in its words."""

from __future__ import annotations

import json
import zipfile

import pytest

from siegeboard.model.siege import SCHEMA_VERSION
from siegeboard.persist import SiegeFile, SiegeFileError, read_siege, write_siege
from siegeboard.persist import document, siege_file

from .builders import MAP_MEMBER, png, sample_siege
from .hostile import zipped


def _document(path) -> bytes:
    with zipfile.ZipFile(path) as archive:
        return archive.read("siege.json")


@pytest.fixture
def careful(monkeypatch):
    """Counts the documents read the careful way."""
    calls = []
    real = siege_file._parse_document

    def counting(document, source):
        calls.append(source)
        return real(document, source)

    monkeypatch.setattr(siege_file, "_parse_document", counting)
    return calls


def test_a_saved_siege_opens_in_one_pass_as_the_same_siege(tmp_path, careful):
    siege = sample_siege(structures=30)
    path = tmp_path / "castle.siege"
    write_siege(path, SiegeFile(siege=siege, images={MAP_MEMBER: png()}))
    assert _document(path).startswith(b'{"schema_version":%d,' % SCHEMA_VERSION)
    opened = read_siege(path)
    assert opened.siege == siege
    assert careful == []  # neither the save's check nor the open went the careful way


def test_the_document_is_the_models_own_json(tmp_path):
    siege = sample_siege(structures=5)
    path = tmp_path / "castle.siege"
    write_siege(path, SiegeFile(siege=siege, images={MAP_MEMBER: png()}))
    assert _document(path) == siege.model_dump_json().encode()


def test_an_indented_document_of_an_older_writer_opens_the_careful_way(tmp_path, careful):
    siege = sample_siege(structures=3)
    path = tmp_path / "old.siege"
    path.write_bytes(zipped({"siege.json": siege.model_dump_json(indent=1).encode(),
                             MAP_MEMBER: png()}))
    assert read_siege(path).siege == siege
    assert len(careful) == 1


def _written_then(tmp_path, change) -> bytes:
    siege = sample_siege(structures=3)
    document = change(siege.model_dump_json())
    assert document.startswith('{"schema_version":%d,' % SCHEMA_VERSION)
    path = tmp_path / "looks_like_ours.siege"
    path.write_bytes(zipped({"siege.json": document.encode(), MAP_MEMBER: png()}))
    return path


@pytest.mark.parametrize("change, refusal", [
    # a key twice: pydantic's reader would keep one of them without a word
    (lambda text: text.replace('"name":"Castle Rock",', '"name":"Castle Rock","name":"X",', 1),
     "the key 'name' appears twice in one object"),
    # NaN where a number goes: pydantic's reader takes it
    (lambda text: text.replace('"position":[5.5,-60.25]', '"position":[NaN,-60.25]', 1),
     "NaN is not a number a siege can hold"),
    # too large to be a float: pydantic's reader makes it infinite
    (lambda text: text.replace('"position":[5.5,-60.25]', '"position":[1e999,-60.25]', 1),
     "1e999 is too large a number"),
    # valid JSON, not a valid siege
    (lambda text: text.replace('"weapon_id":"w1"', '"weapon_id":"nowhere"', 1),
     r"batteries\.b1\.weapon_id: no weapon 'nowhere'"),
])
def test_a_document_that_only_looks_like_ours_is_refused_in_its_words(tmp_path, careful,
                                                                      change, refusal):
    path = _written_then(tmp_path, change)
    with pytest.raises(SiegeFileError, match=refusal):
        read_siege(path)
    assert len(careful) == 1


def test_a_document_with_other_spacing_opens_the_careful_way_as_the_same_siege(tmp_path,
                                                                                careful):
    path = _written_then(tmp_path, lambda text: text.replace('"name":', '"name": ', 1))
    assert read_siege(path).siege == sample_siege(structures=3)
    assert len(careful) == 1
    assert json.loads(_document(path))["name"] == "Castle Rock"


def test_a_large_siege_in_play_is_written_in_slices_its_beginning_as_what_changed(tmp_path,
                                                                               careful):
    from siegeboard.rules.engine import beginning_of

    siege = sample_siege(structures=1000)  # more than one slice of structures
    siege.base = beginning_of(siege)  # the town before its log: every structure unchanged
    assert len(list(document.pieces(siege))) > 8
    path = tmp_path / "big.siege"
    write_siege(path, SiegeFile(siege=siege, images={MAP_MEMBER: png()}))
    written = json.loads(_document(path))
    assert set(written["base"]["structures"].values()) == {"unchanged"}
    whole = json.loads(siege.model_dump_json())
    assert {**written, "base": None} == {**whole, "base": None}
    opened = read_siege(path).siege
    assert opened == siege and careful == []
    assert all(opened.base.structures[key] is structure
               for key, structure in opened.structures.items())
