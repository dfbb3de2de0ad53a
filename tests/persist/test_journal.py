"""The autosave's journal, headless: each change a line; recovery reads the full autosave and
plays the journal on it, a torn last line left out with a message, never a crash."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from siegeboard.geometry import StructureIndex
from siegeboard.model.actions import FireAt
from siegeboard.persist import Autosaver, journal, read_siege
from siegeboard.persist.mutations import put_structures, snapshot
from siegeboard.persist.siege_file import file_stamp
from siegeboard.rules.dice import RandomDice
from siegeboard.rules.engine import apply

SAMPLE = Path(str(resources.files("siegeboard.resources").joinpath("samples", "castle.siege")))


class Window:
    """What a window does to its siege, headless: each change written and its journal line
    appended, as ``ui.document_changes`` and ``ui.autosave_keeper`` do."""

    def __init__(self, folder: Path):
        self.file = read_siege(SAMPLE)
        self.saver = Autosaver(folder)
        self.saver.begin()
        self.autosave = self.saver.save(self.file, None, journal=[])
        self.count = 0
        self.done = []  # outcomes, for undo

    @property
    def siege(self):
        return self.file.siege

    def append(self, line: bytes) -> None:
        self.count += 1
        with open(journal.journal_path(self.autosave), "ab") as handle:
            handle.write(journal.numbered(self.count, line))

    def fire(self, at, seed: int):
        index = StructureIndex.for_structures(self.siege.structures)
        outcome = apply(self.siege, FireAt(weapon_id="he_shell", at=at, range_m=300),
                        RandomDice(seed), index=index)
        self.redo(outcome)
        return outcome

    def redo(self, outcome) -> None:
        outcome.apply_to(self.siege)
        self.done.append(outcome)
        self.append(journal.outcome_line(outcome, forward=True))

    def undo(self):
        outcome = self.done.pop()
        outcome.revert(self.siege)
        self.append(journal.outcome_line(outcome, forward=False))
        return outcome

    def rename(self, key: str, name: str) -> None:
        states = {key: self.siege.structures[key].model_copy(update={"name": name})}
        put_structures(self.siege, states)
        self.append(journal.structures_line(states, None))

    def crash(self) -> None:
        """The window's process dies: its live marker goes, its files stay."""
        self.saver._live.close()
        self.saver._live = None


@pytest.fixture
def window(tmp_path) -> Window:
    return Window(tmp_path / "autosave")


def played(window: Window):
    window.fire((83.0, 32.0), seed=3)
    window.rename("keep", "The old keep")
    second = window.fire((60.0, 40.0), seed=4)
    window.undo()
    window.redo(second)  # undone and done again: the same outcome
    window.undo()
    return window


def recovered(window: Window):
    return journal.recover(window.autosave, journal.journal_path(window.autosave))


def test_recovery_plays_shots_edits_undos_and_redos_on_the_autosave(window):
    played(window)
    assert read_siege(window.autosave).siege.log == []  # the autosave is as it was
    siege_file, replay = recovered(window)
    assert replay.problem is None and replay.applied == window.count == 6
    assert siege_file.siege == window.siege
    assert [entry.action.at for entry in siege_file.siege.log] == [(83.0, 32.0)]
    assert siege_file.siege.structures["keep"].name == "The old keep"


def test_a_shot_undone_in_the_journal_gives_back_the_siege_before_it(window):
    before = window.siege.model_copy(deep=True)
    window.fire((83.0, 32.0), seed=3)
    window.undo()
    siege_file, replay = recovered(window)
    assert replay.applied == 2 and siege_file.siege == before


def test_a_last_line_torn_by_the_crash_is_left_out_with_a_message(window):
    played(window)
    expected = window.siege.model_copy(deep=True)
    window.fire((90.0, 30.0), seed=9)
    path = journal.journal_path(window.autosave)
    whole = path.read_bytes()
    path.write_bytes(whole[:-len(whole.splitlines()[-1]) // 2 - 1])  # cut in its middle
    siege_file, replay = recovered(window)
    assert replay.applied == 6
    assert "cut short" in replay.problem and "left out" in replay.problem
    assert siege_file.siege == expected


def test_a_damaged_line_stops_the_journal_there_and_keeps_what_came_before(window):
    window.fire((83.0, 32.0), seed=3)
    after_first = window.siege.model_copy(deep=True)
    window.rename("keep", "The old keep")
    window.fire((60.0, 40.0), seed=4)
    path = journal.journal_path(window.autosave)
    lines = path.read_bytes().split(b"\n")
    lines[2] = lines[2].replace(b'"The old keep"', b'""')  # a name may not be empty
    path.write_bytes(b"\n".join(lines))
    siege_file, replay = recovered(window)
    assert replay.applied == 1
    assert "change 2 of its journal could not be played again" in replay.problem
    assert "it and the 1 after it were left out" in replay.problem
    assert siege_file.siege == after_first


def test_a_journal_of_another_autosave_is_not_played(window):
    window.fire((83.0, 32.0), seed=3)
    path = journal.journal_path(window.autosave)
    path.write_bytes(path.read_bytes().replace(b'"follows":"', b'"follows":"0', 1))
    siege_file, replay = recovered(window)
    assert replay.applied == 0 and replay.problem is None
    assert siege_file.siege.log == []


def test_a_fold_begins_the_next_journal_with_the_changes_made_since_its_snapshot(window):
    window.fire((83.0, 32.0), seed=3)
    taken, taken_at = snapshot(window.file), window.count
    window.rename("keep", "The old keep")  # made while the fold is written
    later = journal.journal_path(window.autosave).read_bytes().split(b"\n")[1 + taken_at:]
    path = window.saver.save(taken, None, journal=[line + b"\n" for line in later if line])
    assert path == window.autosave
    siege_file, replay = recovered(window)
    assert replay.applied == 1  # only the rename: the shot is in the autosave
    assert siege_file.siege == window.siege


def test_the_snapshot_is_not_touched_by_later_changes(window):
    taken = snapshot(window.file)
    before = taken.siege.model_dump_json()
    played(window)
    assert taken.siege.model_dump_json() == before
    assert window.siege.model_dump_json() != before


def test_a_crashed_windows_autosave_is_offered_with_its_journal(window, tmp_path):
    played(window)
    window.crash()
    (candidate,) = Autosaver(tmp_path / "autosave").pending()
    assert candidate.journal == journal.journal_path(window.autosave)
    assert candidate.journal_changes == 6
    assert "and 6 later changes from its journal" in candidate.describe()


def test_a_map_change_naming_an_image_the_autosave_lacks_stops_there(window):
    siege = window.siege
    window.append(journal.map_line(siege.map, {siege.map.member: b"other bytes"},
                                   siege.label_anchor))
    siege_file, replay = recovered(window)
    assert replay.applied == 0
    assert "was added after the last full autosave" in replay.problem


def test_a_save_of_the_gms_file_is_remembered_for_the_recovered_siege(window, tmp_path):
    window.fire((83.0, 32.0), seed=3)
    stamp = file_stamp(SAMPLE)
    window.append(journal.saved_line(stamp, 1))
    _, replay = recovered(window)
    assert replay.saved == (stamp, 1)


def test_changes_that_do_not_make_a_valid_siege_are_left_out_together(window):
    # Each change is valid alone; together they break a reference (a battery's target).
    target = next(b.target_id for b in window.siege.batteries.values() if b.target_id)
    window.append(journal.structures_line({target: None}, None))
    siege_file, replay = recovered(window)
    assert replay.applied == 0 and "they were left out" in replay.problem
    assert siege_file.siege == read_siege(window.autosave).siege
