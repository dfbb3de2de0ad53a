"""The window's Save never overwrites what another writer saved since it read the file
without asking; it offers to reload and play its actions again, to save as, or to overwrite.
A read-only file is replaced only when the GM says so."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

from siegeboard.cli import main
from siegeboard.persist import read_siege

SAMPLE = Path(str(resources.files("siegeboard.resources")  # package data
                  .joinpath("samples", "castle.siege")))
CLI_SHOT = ["--weapon", "he_shell", "--range", "300", "--at", "108,22.7"]


def opened_then_shot_elsewhere(window, tmp_path) -> Path:
    path = tmp_path / "castle.siege"
    shutil.copyfile(SAMPLE, path)
    assert window.files.open_path(path)
    window.document.fire_at("he_shell", (83.0, 32.0), range_m=300)
    assert main(["fire", str(path), *CLI_SHOT]) == 0
    return path


def test_save_offers_reload_and_plays_the_windows_shot_again(window, answers, tmp_path):
    path = opened_then_shot_elsewhere(window, tmp_path)
    answers.changed_on_disk.append("reload")
    assert not window.files.save()
    assert len(answers.warnings) == 1 and "played this window's unsaved actions" in \
        answers.warnings[0] and "Fire Artillery HE shell" in answers.warnings[0]
    assert len(read_siege(path).siege.log) == 1, "nothing saved yet"
    assert window.files.save()
    assert len(read_siege(path).siege.log) == 2, "both shots kept"


def test_save_as_and_overwrite_are_offered_too(window, answers, tmp_path):
    path = opened_then_shot_elsewhere(window, tmp_path)
    answers.changed_on_disk.append("save_as")
    answers.save_paths.append(tmp_path / "mine.siege")
    assert window.files.save()
    assert len(read_siege(tmp_path / "mine.siege").siege.log) == 1
    assert read_siege(path).siege.log[0].action.at == (108.0, 22.7)

    other = tmp_path / "other.siege"
    shutil.copyfile(SAMPLE, other)
    assert window.files.open_path(other, ask=False)
    window.document.fire_at("he_shell", (83.0, 32.0), range_m=300)
    assert main(["fire", str(other), *CLI_SHOT]) == 0
    answers.changed_on_disk.extend(["cancel", "overwrite"])
    assert not window.files.save()
    assert read_siege(other).siege.log[0].action.at == (108.0, 22.7)
    assert window.files.save()
    assert read_siege(other).siege.log[0].action.at == (83.0, 32.0)


def test_a_read_only_file_is_replaced_only_when_the_gm_says_so(window, answers, tmp_path):
    path = tmp_path / "castle.siege"
    shutil.copyfile(SAMPLE, path)
    path.chmod(0o444)
    assert window.files.open_path(path)
    window.document.fire_at("he_shell", (83.0, 32.0), range_m=300)
    answers.replace_read_only.extend([False, True])
    assert not window.files.save()
    assert read_siege(path).siege.log == []
    assert window.files.save()
    assert len(read_siege(path).siege.log) == 1
    assert path.stat().st_mode & 0o777 == 0o444


_CRASHED_WINDOW = """
import os, sys
from siegeboard.model.actions import FireAt
from siegeboard.persist import Autosaver, read_siege
from siegeboard.rules.dice import RandomDice
from siegeboard.rules.engine import apply_in_place
folder, source = sys.argv[1], sys.argv[2]
siege_file = read_siege(source)
apply_in_place(siege_file.siege, FireAt(weapon_id="he_shell", at=(83, 32), range_m=300),
               RandomDice(7))
saver = Autosaver(folder)
saver.begin()
saver.save(siege_file, source, log_on_disk=0)
os._exit(9)
"""


def test_a_recovered_siege_is_not_saved_over_shots_saved_since_the_crash(
        window, answers, tmp_path, private_autosave):
    import subprocess
    import sys

    path = tmp_path / "castle.siege"
    shutil.copyfile(SAMPLE, path)
    crashed = subprocess.run([sys.executable, "-c", _CRASHED_WINDOW, str(private_autosave),
                              str(path)], capture_output=True, text=True, timeout=60,
                             cwd=Path(__file__).resolve().parents[3])
    assert crashed.returncode == 9, crashed.stderr
    assert main(["fire", str(path), *CLI_SHOT]) == 0  # after the crash, before recovery
    answers.recover.append(True)
    assert window.files.start_session()
    answers.changed_on_disk.append("reload")
    assert not window.files.save()
    assert window.files.save()
    log = read_siege(path).siege.log
    assert [entry.action.at for entry in log] == [(108.0, 22.7), (83.0, 32.0)]
