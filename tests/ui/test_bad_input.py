"""Bad input: each gets one clear message in the window and nothing the GM had is lost."""

from __future__ import annotations

from PySide6.QtCore import Qt
from ui_helpers import click, plan_image, show_area, small_siege


def test_unreadable_image_leaves_the_map_alone(qtbot, window, answers, tmp_path):
    answers.image_paths.append(plan_image(tmp_path / "plan.png"))
    window.menus.import_image_action.trigger()
    kept = window.document.siege.map
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"\x89PNG\r\n\x1a\n not really an image")
    answers.image_paths.append(broken)
    window.menus.import_image_action.trigger()
    assert len(answers.warnings) == 1 and "broken.png" in answers.warnings[0]
    assert "cannot be read" in answers.warnings[0]
    assert window.document.siege.map == kept
    assert window.document.undo_stack.count() == 1


def test_unknown_image_type_and_missing_file(window, answers, tmp_path):
    answers.image_paths.append(tmp_path / "notes.txt")
    window.menus.import_image_action.trigger()
    answers.image_paths.append(tmp_path / "gone.png")
    window.menus.import_image_action.trigger()
    assert len(answers.warnings) == 2
    assert "PNG, JPEG, TIFF, WEBP or BMP" in answers.warnings[0]
    assert "gone.png" in answers.warnings[1]
    assert window.document.siege.map is None


def test_file_that_is_not_a_siege_keeps_the_open_one(window, answers, tmp_path):
    good = small_siege(tmp_path / "good.siege")
    assert window.files.open_path(good)
    window.document.edit_structure("h1", name="Renamed mill")  # unsaved work
    for name, data in (("text.siege", b"hello"), ("empty.siege", b"")):
        bad = tmp_path / name
        bad.write_bytes(data)
        answers.save_changes.append("discard")
        answers.open_paths.append(bad)
        window.menus.open_action.trigger()
    assert len(answers.warnings) == 2
    assert all("not a siege" in message for message in answers.warnings)
    assert window.document.structure("h1").name == "Renamed mill"
    assert window.document.path == good
    assert window.document.undo_stack.count() == 1


def test_zero_or_negative_calibration_is_refused(qtbot, window, answers, tmp_path):
    answers.image_paths.append(plan_image(tmp_path / "plan.png"))
    window.menus.import_image_action.trigger()
    show_area(window, 0, 0, 60, 40)
    for answer in (0.0, -5.0):
        window.menus.tool_actions["calibrate"].trigger()  # one-shot: armed for each (issue 36)
        answers.numbers.append(answer)
        click(qtbot, window, (10, 10))
        click(qtbot, window, (30, 10))
    answers.numbers.append(0.0)
    window.menus.scale_action.trigger()
    assert len(answers.warnings) == 3
    assert "more than 0 m" in answers.warnings[0] and "-5 m" in answers.warnings[1]
    assert "more than 0 pixels" in answers.warnings[2]
    assert window.document.siege.map.pixels_per_metre == 10.0
    assert window.document.undo_stack.count() == 1


def test_self_crossing_polygon_is_refused_and_kept_for_fixing(qtbot, window, answers):
    show_area(window, -5, -5, 40, 30)
    window.menus.tool_actions["polygon"].trigger()
    for point in ((0, 0), (10, 10), (10, 0), (0, 10)):
        click(qtbot, window, point)
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    assert len(answers.warnings) == 1 and "crosses itself" in answers.warnings[0]
    assert window.document.siege.structures == {}
    tool = window.tools["polygon"]
    assert len(tool.points) == 4  # the drawing is still there to fix
    qtbot.keyClick(window.view, Qt.Key.Key_Backspace)
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    assert len(window.document.siege.structures) == 1
    assert len(answers.warnings) == 1


def test_refusing_to_lose_changes(window, answers, tmp_path):
    window.document.draw_structure("townhouse", [(0, 0), (4, 0), (4, 4), (0, 4)])
    assert window.isWindowModified()
    answers.save_changes.append("cancel")
    window.menus.new_action.trigger()
    assert len(window.document.siege.structures) == 1
    answers.save_changes.append("save")
    answers.save_paths.append(tmp_path / "kept.siege")
    answers.choices.append("The Heavy Armory")
    window.menus.new_action.trigger()
    assert (tmp_path / "kept.siege").is_file()
    assert window.document.ruleset == "armory" and window.document.siege.structures == {}


LIBRARY_WORDS = ("not a zip file", "Truncated File Read", "OSError", "BadZipFile",
                 "Error", "CRC")


def test_a_library_refusal_is_said_in_our_words_with_what_to_do(window, answers, tmp_path):
    """zipfile's "File is not a zip file" and Pillow's "Truncated File Read" never reach
    the GM: what happened to the file, and what to try."""
    import io

    from PIL import Image

    answers.image_paths.append(plan_image(tmp_path / "plan.png"))
    window.menus.import_image_action.trigger()
    picture = io.BytesIO()
    Image.new("RGB", (400, 300), "white").save(picture, "PNG")
    half = tmp_path / "half.png"
    half.write_bytes(picture.getvalue()[:len(picture.getvalue()) // 2])
    answers.image_paths.append(half)
    answers.confirms.append(True)  # the plan there is locked: replacing it asks
    window.menus.import_image_action.trigger()
    bad = tmp_path / "notes.siege"
    bad.write_text("a GM's notes, not a siege")
    answers.save_changes.append("discard")
    answers.open_paths.append(bad)
    window.menus.open_action.trigger()
    assert len(answers.warnings) == 2, answers.warnings
    for message in answers.warnings:
        assert not any(words in message for words in LIBRARY_WORDS), message
    assert "ends too soon" in answers.warnings[0] and "again" in answers.warnings[0]
    assert "not a zip archive" in answers.warnings[1] and "Open a file saved" in \
        answers.warnings[1]


def test_undo_names_things_by_their_names(window, tmp_path):
    """Not "Edit weapon_id of Battery 1", not "mine1"."""
    import shutil
    from importlib import resources
    from pathlib import Path

    from siegeboard.model.siege import Mine

    samples = Path(str(resources.files("siegeboard.resources").joinpath("samples")))
    shutil.copy(samples / "castle_armory.siege", tmp_path / "castle.siege")
    assert window.files.open_path(tmp_path / "castle.siege", ask=False)
    document = window.document
    battery = next(iter(document.siege.batteries.values()))
    other = next(key for key in document.siege.weapons if key != battery.weapon_id)
    document.edit_battery(battery.id, weapon_id=other)
    assert document.undo_stack.undoText() == f"Edit the weapon of {battery.name}"
    document.edit_battery(battery.id, weapon_id=battery.weapon_id, name="Big Bertha")
    assert document.undo_stack.undoText() == f"Edit the name and the weapon of {battery.name}"
    keep = document.siege.structures["keep"]
    document.siege.mines["mine1"] = Mine(id="mine1", structure_id="keep", days_needed=3)
    document.mark_mine_known("mine1", True)
    assert document.undo_stack.undoText() == \
        f"Mark the mine under {keep.name} known to the players"
