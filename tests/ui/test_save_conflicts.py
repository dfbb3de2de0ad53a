"""The window's Save never overwrites what another writer saved since it read the file
without asking; it offers to reload and play its actions again, to save as, or to overwrite.
A read-only file is replaced only when the GM says so."""

from __future__ import annotations

import shutil
from pathlib import Path

from siegeboard.cli import main
from siegeboard.persist import read_siege

SAMPLE = Path(__file__).resolve().parents[2] / "maps" / "castle.siege"
CLI_SHOT = ["--weapon", "he_shell", "--range", "300", "--at", "108,22.7"]


def opened_then_shot_elsewhere(window, tmp_path) -> Path:
    path = tmp_path / "castle.siege"
    shutil.copyfile(SAMPLE, path)
    assert window.open_path(path)
    window.document.fire_at("he_shell", (83.0, 32.0), range_m=300)
    assert main(["fire", str(path), *CLI_SHOT]) == 0
    return path


def test_save_offers_reload_and_plays_the_windows_shot_again(window, answers, tmp_path):
    path = opened_then_shot_elsewhere(window, tmp_path)
    answers.changed_on_disk.append("reload")
    assert not window.save()
    assert len(answers.warnings) == 1 and "played this window's unsaved actions" in \
        answers.warnings[0] and "Fire Artillery HE shell" in answers.warnings[0]
    assert len(read_siege(path).siege.log) == 1, "nothing saved yet"
    assert window.save()
    assert len(read_siege(path).siege.log) == 2, "both shots kept"


def test_save_as_and_overwrite_are_offered_too(window, answers, tmp_path):
    path = opened_then_shot_elsewhere(window, tmp_path)
    answers.changed_on_disk.append("save_as")
    answers.save_paths.append(tmp_path / "mine.siege")
    assert window.save()
    assert len(read_siege(tmp_path / "mine.siege").siege.log) == 1
    assert read_siege(path).siege.log[0].action.at == (108.0, 22.7)

    other = tmp_path / "other.siege"
    shutil.copyfile(SAMPLE, other)
    assert window.open_path(other, ask=False)
    window.document.fire_at("he_shell", (83.0, 32.0), range_m=300)
    assert main(["fire", str(other), *CLI_SHOT]) == 0
    answers.changed_on_disk.extend(["cancel", "overwrite"])
    assert not window.save()
    assert read_siege(other).siege.log[0].action.at == (108.0, 22.7)
    assert window.save()
    assert read_siege(other).siege.log[0].action.at == (83.0, 32.0)


def test_a_read_only_file_is_replaced_only_when_the_gm_says_so(window, answers, tmp_path):
    path = tmp_path / "castle.siege"
    shutil.copyfile(SAMPLE, path)
    path.chmod(0o444)
    assert window.open_path(path)
    window.document.fire_at("he_shell", (83.0, 32.0), range_m=300)
    answers.replace_read_only.extend([False, True])
    assert not window.save()
    assert read_siege(path).siege.log == []
    assert window.save()
    assert len(read_siege(path).siege.log) == 1
    assert path.stat().st_mode & 0o777 == 0o444
