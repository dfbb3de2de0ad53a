"""One reader of the .siege format: every document, laid out however, is read the same careful
way (Python's JSON reader refuses what is not plain data, pydantic validates the rest a slice
at a time); only a document refused there is looked at again, item by item, to name its first
problem in its words."""

from __future__ import annotations

import json
import zipfile

import pytest
from persist.builders import MAP_MEMBER, png, sample_siege
from persist.hostile import zipped

from siegeboard.model.siege import SCHEMA_VERSION
from siegeboard.persist import (
    SiegeFile,
    SiegeFileError,
    document,
    read_siege,
    write_siege,
)


def _document(path) -> bytes:
    with zipfile.ZipFile(path) as archive:
        return archive.read("siege.json")


def test_a_saved_siege_opens_in_one_pass_as_the_same_siege(tmp_path, careful):
    siege = sample_siege(structures=30)
    path = tmp_path / "castle.siege"
    write_siege(path, SiegeFile(siege=siege, images={MAP_MEMBER: png()}))
    assert _document(path).startswith(b'{"schema_version":%d,' % SCHEMA_VERSION)
    opened = read_siege(path)
    assert opened.siege == siege
    assert careful == []  # nothing to name: neither the save's check nor the open


def test_the_document_is_the_models_own_json(tmp_path):
    siege = sample_siege(structures=5)
    path = tmp_path / "castle.siege"
    write_siege(path, SiegeFile(siege=siege, images={MAP_MEMBER: png()}))
    document = _document(path)
    # The model's own JSON, each structure without its fields at their defaults.
    tables = {key: json.loads(structure.model_dump_json(exclude_defaults=True))
              for key, structure in siege.structures.items()}
    assert json.loads(document) == {**json.loads(siege.model_dump_json()),
                                    "structures": tables}
    assert all("holes" not in each and "fire_level" not in each for each in tables.values())
    assert document.startswith(b'{"schema_version":%d,' % SCHEMA_VERSION)
    opened = read_siege(path).siege
    assert opened == siege
    assert "fire_level" not in opened.structures["s1"].model_fields_set


def test_an_indented_document_of_an_older_writer_opens_the_same_way(tmp_path, careful):
    siege = sample_siege(structures=3)
    path = tmp_path / "old.siege"
    path.write_bytes(zipped({"siege.json": siege.model_dump_json(indent=1).encode(),
                             MAP_MEMBER: png()}))
    assert read_siege(path).siege == siege
    assert careful == []


def _written_then(tmp_path, change) -> bytes:
    siege = sample_siege(structures=3)
    document = change(siege.model_dump_json())
    assert document.startswith(f'{{"schema_version":{SCHEMA_VERSION},')
    path = tmp_path / "looks_like_ours.siege"
    path.write_bytes(zipped({"siege.json": document.encode(), MAP_MEMBER: png()}))
    return path


@pytest.mark.parametrize("change, refusal, named", [
    # a key twice: pydantic's reader would keep one of them without a word
    (lambda text: text.replace('"name":"Castle Rock",', '"name":"Castle Rock","name":"X",', 1),
     "the key 'name' appears twice in one object", 0),
    # NaN where a number goes: pydantic's reader takes it
    (lambda text: text.replace('"position":[5.5,-60.25]', '"position":[NaN,-60.25]', 1),
     "NaN is not a number a siege can hold", 0),
    # too large to be a float: pydantic's reader makes it infinite
    (lambda text: text.replace('"position":[5.5,-60.25]', '"position":[1e999,-60.25]', 1),
     "1e999 is too large a number", 0),
    # valid JSON, not a valid siege
    (lambda text: text.replace('"weapon_id":"w1"', '"weapon_id":"nowhere"', 1),
     r"batteries\.b1\.weapon_id: no weapon 'nowhere'", 1),
])
def test_a_document_that_only_looks_like_ours_is_refused_in_its_words(tmp_path, careful,
                                                                      change, refusal, named):
    path = _written_then(tmp_path, change)
    with pytest.raises(SiegeFileError, match=refusal):
        read_siege(path)
    assert len(careful) == named  # not plain data: refused before pydantic sees it


def test_a_document_with_other_spacing_opens_as_the_same_siege(tmp_path, careful):
    path = _written_then(tmp_path, lambda text: text.replace('"name":', '"name": ', 1))
    assert read_siege(path).siege == sample_siege(structures=3)
    assert careful == []
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
    tables = {key: json.loads(structure.model_dump_json(exclude_defaults=True))
              for key, structure in siege.structures.items()}
    assert {**written, "base": None} == {**whole, "base": None, "structures": tables}
    opened = read_siege(path).siege
    assert opened == siege and careful == []
    assert all(opened.base.structures[key] is structure
               for key, structure in opened.structures.items())
