"""One undo path: an edit is the same ``Edit`` before and after the first shot (RULINGS R2).

Before play an edit is preparation (on the undo stack, not in the log); once play has begun
the same edit is also a log entry. Either way the undo stack holds the edit the GM made, its
undo and redo give the same siege back, and what it wrote survives a save and reopen and a
recovery from the autosave's journal."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from siegeboard.model.siege import Siege
from siegeboard.persist import SiegeFile, journal, read_siege
from siegeboard.persist.autosave import Autosaver
from siegeboard.rules.build import new_structure
from siegeboard.rules.engine import replay_log
from siegeboard.ui.document.changes import Aspect, Change
from siegeboard.ui.document.document import Document
from siegeboard.ui.document.edit import Edit


def rect(x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


def bare_document() -> Document:
    structures = [new_structure("harris", "townhouse", "a", rect(0, 0, 10, 8)),
                  new_structure("harris", "curtain_wall", "w1", rect(20, 0, 10, 2)),
                  new_structure("harris", "curtain_wall", "w2", rect(30, 0, 10, 2))]
    siege = Siege(ruleset="harris", name="Bare", structures={s.id: s for s in structures},
                  dice_seed=7)
    return Document(SiegeFile(siege=siege))


# Each edit as the GM makes it, through the document's edit methods.
EDITS: dict[str, Callable[[Document], object]] = {
    "move": lambda d: d.move_structures(["a", "w1"], 4.0, -2.0),
    "rename": lambda d: d.edit_structure("a", name="The old house"),
    "delete": lambda d: d.remove_structures(["w1"]),
    "draw": lambda d: d.draw_structure("townhouse", rect(60, 0, 8, 8)),
    "split": lambda d: d.split_section("w2"),
    "battery": lambda d: d.place_battery((5.0, 80.0), "he_shell"),
    "settings": lambda d: d.edit_settings("Renamed", d.siege.options, 99),
    "grid": lambda d: d.move_grid_origin((1.0, 1.0)),
}


def board(siege: Siege) -> dict:
    """The siege without what play itself changes (the log and its beginning, the clock)."""
    return siege.model_dump(exclude={"log", "base", "clock"})


def begin_play(document: Document) -> None:
    document.advance_clock(1)  # the first logged action: play has begun (R2)
    assert document.siege.log


@pytest.fixture
def documents(qapp):
    made: list[Document] = []

    def make() -> Document:
        made.append(bare_document())
        return made[-1]

    yield make
    for document in made:  # the stack's commands refer back to their document
        document.undo_stack.clear()


@pytest.mark.parametrize("name", list(EDITS))
def test_the_same_edit_before_and_after_the_first_shot(documents, name):
    before_play, in_play = documents(), documents()
    begin_play(in_play)
    steps = in_play.undo_stack.count()
    edit = EDITS[name]
    results = []
    for document in (before_play, in_play):
        old_board, old_log = board(document.siege), list(document.siege.log)
        announced: list[Change] = []
        document.changed.connect(announced.append)
        edit(document)
        document.changed.disconnect(announced.append)
        step = document.undo_stack.command(document.undo_stack.count() - 1)
        assert isinstance(step, Edit)
        new_board = board(document.siege)
        assert new_board != old_board
        document.undo_stack.undo()
        assert board(document.siege) == old_board and document.siege.log == old_log
        document.undo_stack.redo()
        assert board(document.siege) == new_board
        results.append((type(step), step.text(), step.logged, new_board,
                        document.siege.log[len(old_log):], announced))
    (kind, text, logged, new_board, new_entries, said), (
        kind_in_play, text_in_play, logged_in_play, board_in_play, entries_in_play,
        said_in_play) = results
    # The same edit, the same words on the undo stack, the same board after it, and the
    # views told of it alike (in play, the log grew too).
    assert kind_in_play is kind and text_in_play == text
    assert board_in_play == new_board
    (change,), (change_in_play,) = said, said_in_play
    assert change_in_play.aspects - {Aspect.LOG} == change.aspects
    assert (change_in_play.added, change_in_play.removed) == (change.added, change.removed)
    # Before play it is preparation; in play it is one log entry more (R2), one undo step.
    assert not logged and new_entries == []
    assert logged_in_play and len(entries_in_play) == 1
    assert in_play.undo_stack.count() == steps + 1
    if name not in ("settings", "grid"):
        assert entries_in_play[0].action.title == text


@pytest.mark.parametrize("phase", ["before play", "in play"])
def test_an_edit_survives_save_and_reopen(documents, tmp_path: Path, phase):
    document = documents()
    if phase == "in play":
        begin_play(document)
    document.edit_structure("a", name="The old house")
    document.move_structures(["w2"], 0.0, 6.0)
    document.undo_stack.undo()
    document.undo_stack.undo()
    document.undo_stack.redo()  # the rename stays, the move is undone
    document.save(tmp_path / "edited.siege")
    reopened = read_siege(tmp_path / "edited.siege").siege
    assert reopened == document.siege
    assert reopened.structures["a"].name == "The old house"
    assert len(reopened.log) == (2 if phase == "in play" else 0)
    # The log alone, played on the siege before its first entry, gives the same siege.
    assert replay_log(reopened) == reopened


@pytest.mark.parametrize("phase", ["before play", "in play"])
def test_an_edit_survives_recovery_from_the_journal(documents, tmp_path: Path, phase):
    document = documents()
    if phase == "in play":
        begin_play(document)
    saver = Autosaver(tmp_path / "autosave")
    saver.begin()
    autosave = saver.save(document.file_to_save(), None, journal=[])
    count = 0

    def append(line: bytes) -> None:
        nonlocal count
        count += 1
        with open(journal.journal_path(autosave), "ab") as handle:
            handle.write(journal.numbered(count, line))

    document.writer.record_change = append
    document.edit_structure("a", name="The old house")
    document.place_battery((5.0, 80.0), "he_shell")
    document.move_structures(["w1"], 2.0, 0.0)
    document.undo_stack.undo()  # an undone edit is undone in the journal too
    document.remove_structures(["w2"])
    recovered, replay = journal.recover(autosave, journal.journal_path(autosave))
    assert replay.problem is None and replay.applied == count == 5
    assert recovered.siege == document.siege
    saver.clean_exit()
