"""The window's document saves every image of its file, under the file's lock, and only over
the version it read."""

from __future__ import annotations

import io
from importlib import resources
from pathlib import Path

import pytest
from PIL import Image

from siegeboard.model import MapImage, Siege
from siegeboard.persist import (
    SiegeFile,
    SiegeFileChanged,
    SiegeFileReadOnly,
    read_siege,
    write_siege,
)
from siegeboard.ui.document.document import Document

MAP_MEMBER = "plan.png"


def png(width: int, height: int, colour=(120, 90, 60)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(buffer, format="PNG")
    return buffer.getvalue()


def opened(tmp_path):
    path = tmp_path / "castle.siege"
    siege = Siege(ruleset="harris", name="Castle Rock",
                  map=MapImage(member=MAP_MEMBER, pixels_per_metre=10))
    siege_file = SiegeFile(siege=siege, images={MAP_MEMBER: png(6, 4),
                                                "legend.png": png(3, 3, (1, 2, 3))})
    write_siege(path, siege_file)
    document = Document()
    document.open(path)
    return path, document


def test_save_keeps_every_image_not_only_the_plan(qapp, tmp_path):
    path, document = opened(tmp_path)
    document.siege.name = "Renamed"
    document.save()
    assert set(read_siege(path).images) == {MAP_MEMBER, "legend.png"}
    document.set_map("new-plan.png", png(8, 8))
    document.save()
    assert set(read_siege(path).images) == {"new-plan.png", "legend.png"}


def test_save_refuses_a_file_saved_by_another_writer_meanwhile(qapp, tmp_path):
    path, document = opened(tmp_path)
    other = read_siege(path)
    other.siege.name = "Saved by the command line"
    write_siege(path, other)
    document.siege.name = "The window's"
    with pytest.raises(SiegeFileChanged) as refused:
        document.save()
    assert refused.value.now is not None and refused.value.read is not None
    assert read_siege(path).siege.name == "Saved by the command line"
    document.save(tmp_path / "copy.siege")  # save as: another file
    document.siege.name = "Again"
    document.save()  # now the copy, at the version just written
    assert read_siege(tmp_path / "copy.siege").siege.name == "Again"


def test_save_asks_before_replacing_a_read_only_file(qapp, tmp_path):
    path, document = opened(tmp_path)
    path.chmod(0o444)
    with pytest.raises(SiegeFileReadOnly):
        document.save()
    document.save(replace_read_only=True)
    assert path.stat().st_mode & 0o777 == 0o444


SAMPLE = Path(str(resources.files("siegeboard.resources")  # package data
                  .joinpath("samples", "castle.siege")))


def test_reload_plays_this_windows_unsaved_actions_again_on_the_file_as_it_is_now(qapp,
                                                                                   tmp_path):
    import shutil

    from siegeboard.cli import main

    path = tmp_path / "castle.siege"
    shutil.copyfile(SAMPLE, path)
    document = Document()
    document.open(path)
    mine = document.fire_at("he_shell", (83.0, 32.0), range_m=300)
    my_dice = mine.entry.dice_values()
    document.edit_structure("great-hall", name="Hall of Echoes")  # not an action
    # Meanwhile the command line fires at the same file and saves.
    assert main(["fire", str(path), "--weapon", "he_shell", "--range", "300", "--at",
                 "108,22.7"]) == 0
    theirs = read_siege(path).siege.log[-1]
    with pytest.raises(SiegeFileChanged):
        document.save()
    report = document.reload_and_replay()
    log = document.siege.log
    # R2: once play has begun an edit is a log entry too, so it is played again as well.
    assert [entry.seq for entry in log] == [1, 2, 3]
    assert log[0] == theirs, "the shot saved meanwhile is kept as it was"
    assert log[1].action == mine.entry.action
    assert log[2].action.type == "edit"
    assert document.siege.structures["great-hall"].name == "Hall of Echoes"
    assert report[0].startswith("Fire") and len(report) == 2
    assert document.modified and document.undo_stack.count() == 2
    if "afresh" not in report[0]:
        assert log[1].dice_values() == my_dice
    document.save()
    assert [entry.seq for entry in read_siege(path).siege.log] == [1, 2, 3]
    document.undo_stack.clear()  # PySide: a parentless Document's commands crash at exit


def test_overwrite_replaces_a_file_changed_meanwhile(qapp, tmp_path):
    path, document = opened(tmp_path)
    other = read_siege(path)
    other.siege.name = "Theirs"
    write_siege(path, other)
    document.siege.name = "Mine wins"
    document.save(overwrite=True)
    assert read_siege(path).siege.name == "Mine wins"
