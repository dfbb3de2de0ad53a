"""Schema version 8: a siege's beginning (R2) is written as what changed since it. Each
structure the siege holds unchanged is the text "unchanged"; one changed or removed since is
written whole; one added since is not in it. A version-7 file (the beginning whole) opens."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from equivalence.test_quick_open import _document

from siegeboard.model import SCHEMA_VERSION
from siegeboard.model.actions import EditBoard
from siegeboard.persist import SiegeFile, SiegeFileError, read_siege, write_siege
from siegeboard.persist.migrate import migrate
from siegeboard.rules.dice import RandomDice
from siegeboard.rules.engine import apply_in_place, replay_log

from .builders import MAP_MEMBER, png, sample_siege, write_raw

VERSION_7 = Path(__file__).with_name("data") / "siege_v7_in_play.json"


def _version_7() -> dict:
    return json.loads(VERSION_7.read_text(encoding="utf-8"))


def _zipped(tmp_path: Path, data: dict, name: str = "old.siege") -> Path:
    path = tmp_path / name
    write_raw(path, {"siege.json": json.dumps(data).encode()})
    return path


def test_the_version_7_file_is_a_siege_in_play_with_its_beginning_whole():
    data = _version_7()
    assert data["schema_version"] == 7 < SCHEMA_VERSION
    assert list(data["structures"]) == ["wall-n1", "wall-n2", "keep", "cottage-1", "shed"]
    assert list(data["base"]["structures"]) == [
        "wall-n1", "wall-n2", "keep", "cottage-1", "cottage-2"]
    assert all(isinstance(each, dict) for each in data["base"]["structures"].values())


def test_migrating_version_7_keeps_unchanged_what_the_siege_holds_unchanged():
    data = _version_7()
    migrated, found = migrate(data)
    assert found == 7
    assert migrated["schema_version"] == migrated["base"]["schema_version"] == SCHEMA_VERSION
    then = migrated["base"]["structures"]
    assert then["cottage-1"] == "unchanged"
    assert then["cottage-2"] == data["base"]["structures"]["cottage-2"]  # removed in play
    for changed in ("wall-n1", "wall-n2", "keep"):  # hit by the shot
        assert then[changed] == data["base"]["structures"][changed]
    assert list(then) == list(data["base"]["structures"])
    assert isinstance(data["base"]["structures"]["cottage-1"], dict), "the input is untouched"


def test_a_version_7_file_in_play_opens_replays_and_saves_as_version_8(tmp_path, careful):
    data = _version_7()
    opened = read_siege(_zipped(tmp_path, data))
    assert opened.migrated_from == 7
    siege = opened.siege
    base = siege.base
    assert list(base.structures) == ["wall-n1", "wall-n2", "keep", "cottage-1", "cottage-2"]
    assert base.structures["cottage-1"] is siege.structures["cottage-1"]  # shared, not twice
    assert base.structures["wall-n1"].dp == 675 and siege.structures["wall-n1"].dp == 589
    assert "shed" not in base.structures and "cottage-2" not in siege.structures
    assert replay_log(siege) == siege  # R2: the log played on the beginning gives the siege
    assert len(siege.log) == 2 and siege.structures["shed"].name == "New shed"
    path = tmp_path / "saved.siege"
    write_siege(path, opened)
    written = json.loads(_document(path))
    assert written["schema_version"] == written["base"]["schema_version"] == SCHEMA_VERSION
    assert written["base"]["structures"]["cottage-1"] == "unchanged"
    assert written["base"]["structures"]["keep"]["dp"] == 20700
    del careful[:]
    again = read_siege(path)
    assert again.siege == siege and again.migrated_from is None
    assert careful == []  # what siegeboard writes opens the quick way
    assert replay_log(again.siege) == again.siege


def _in_play(structures: int = 900):
    """A siege whose beginning differs from it: one structure hit, one removed, one added."""
    siege = sample_siege(structures=structures, with_map=False, log=False)
    hit = siege.structures["s2"].model_copy(update={"dp": 1})
    added = siege.structures["s3"].model_copy(update={"id": "added", "name": "Added"})
    apply_in_place(siege, EditBoard(title="An edit in play",
                                    structures={"s2": hit, "s5": None, "added": added}),
                   RandomDice(3))
    return siege


def test_a_siege_in_play_writes_its_beginning_once_in_its_own_order(tmp_path, careful):
    siege = _in_play()
    path = tmp_path / "town.siege"
    write_siege(path, SiegeFile(siege=siege, images={MAP_MEMBER: png()}))
    written = json.loads(_document(path))
    then = written["base"]["structures"]
    assert list(then) == list(siege.base.structures)  # the beginning's order, s5 in its place
    assert {key for key, value in then.items() if value != "unchanged"} == {"s2", "s5"}
    assert "added" not in then
    whole = len(siege.model_dump_json())
    assert len(_document(path)) < 0.6 * whole  # the town once, not twice
    opened = read_siege(path).siege
    assert opened == siege and careful == []
    assert list(opened.base.structures) == list(siege.base.structures)
    assert opened.base.structures["s1"] is opened.structures["s1"]
    assert opened.base.structures["s2"].dp != 1 and opened.structures["s2"].dp == 1


def test_a_beginning_written_whole_still_opens_as_the_same_siege(tmp_path):
    siege = _in_play(structures=6)
    path = tmp_path / "whole.siege"
    write_raw(path, {"siege.json": siege.model_dump_json().encode()})
    assert read_siege(path).siege == siege


@pytest.mark.parametrize("change, refusal", [
    (lambda data: data["base"]["structures"].update({"nowhere": "unchanged"}),
     "base.structures.nowhere: the beginning keeps it \"unchanged\", but the siege has no "
     "structure 'nowhere'"),
    (lambda data: data["base"]["structures"].update({"s1": "same"}),
     r"base\.structures\.s1"),
    (lambda data: data["structures"].update({"s1": "unchanged"}),
     r"structures\.s1"),
])
def test_an_unchanged_that_is_not_the_sieges_is_refused_in_plain_words(tmp_path, change,
                                                                       refusal):
    siege = _in_play(structures=6)
    path = tmp_path / "town.siege"
    write_siege(path, SiegeFile(siege=siege))
    data = json.loads(_document(path))
    change(data)
    with pytest.raises(SiegeFileError, match=refusal) as refused:
        read_siege(_zipped(tmp_path, data, "bad.siege"))
    assert "Traceback" not in str(refused.value) and "pydantic" not in str(refused.value)


def test_a_version_7_town_in_play_opens_its_beginning_of_thousands_shared(tmp_path):
    # Version 7 wrote the beginning whole: a town of more structures than an object of a
    # siege may otherwise hold keys (1,000) must open the careful way all the same.
    siege = _in_play(structures=1_500)
    data = json.loads(siege.model_dump_json())
    data["schema_version"] = data["base"]["schema_version"] = 7
    opened = read_siege(_zipped(tmp_path, data))
    assert opened.migrated_from == 7 and opened.siege == siege
    base = opened.siege.base
    assert sum(base.structures[key] is structure
               for key, structure in opened.siege.structures.items()
               if key in base.structures) == 1_500 - 2  # all but the one hit and one added


def test_a_bad_structure_of_the_beginning_is_named_where_it_is(tmp_path):
    siege = _in_play(structures=6)
    path = tmp_path / "town.siege"
    write_siege(path, SiegeFile(siege=siege))
    data = json.loads(_document(path))
    data["base"]["structures"]["s5"]["armor"] = -3
    with pytest.raises(SiegeFileError, match=r"base\.structures\.s5\.armor"):
        read_siege(_zipped(tmp_path, data, "bad.siege"))
