"""Autosave and crash recovery in the window (issue 7 item 3): autosaves go to the autosave
folder after a shot or clock step and on the minute timer, never over the GM's file; after a
crash the newest autosave is offered, and accepting opens it as unsaved work."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from play_sieges import gate_town

from siegeboard.model.actions import AdvanceClock
from siegeboard.persist import read_siege
from siegeboard.persist.autosave import Autosaver
from siegeboard.ui.document import autosave_keeper


def autosaves(folder):
    return sorted(folder.glob("*.siege")) if folder.is_dir() else []


def test_a_clock_step_is_autosaved_beside_never_over_the_gms_file(
        qtbot, window, tmp_path, private_autosave):
    source = gate_town(tmp_path / "town.siege")
    original = source.read_bytes()
    assert window.files.open_path(source)
    assert window.autosave.save_now() is None  # nothing unsaved: nothing written
    assert autosaves(private_autosave) == []

    window.playing.play(AdvanceClock(turns=3))
    (kept,) = autosaves(private_autosave)  # at once: the file as read, the step journalled
    assert _recovered_from_disk(private_autosave).clock.turn == 3
    # folded into a full autosave when the window is idle
    qtbot.waitUntil(lambda: read_siege(kept).siege.clock.turn == 3, timeout=8000)
    assert source.read_bytes() == original  # the GM's own file is untouched
    assert window.document.modified


def test_the_minute_timer_saves_only_unsaved_work(qtbot, window, tmp_path, private_autosave):
    assert window.autosave.timer.interval() == autosave_keeper.INTERVAL_MS == 60_000
    assert window.autosave.timer.isActive()
    assert window.files.open_path(gate_town(tmp_path / "town.siege"))
    window.autosave.timer.timeout.emit()  # a minute passes with nothing done
    assert autosaves(private_autosave) == []
    window.document.edit_structure("gate", name="Barbican")
    (kept,) = autosaves(private_autosave)  # the file as read, the edit in its journal
    window.autosave.timer.timeout.emit()
    # Written by the autosave's worker thread: the window does not wait for it.
    qtbot.waitUntil(lambda: read_siege(kept).siege.structures["gate"].name == "Barbican",
                    timeout=5000)


_CRASHING_WINDOW = textwrap.dedent("""
    import os, sys
    from siegeboard.model.siege import Clock
    from siegeboard.persist import Autosaver, read_siege
    folder, source, turns, untitled = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    siege_file = read_siege(source)
    siege_file.siege.clock = Clock(turn=turns)
    saver = Autosaver(folder)
    saver.begin()
    print(saver.save(siege_file, None if untitled == "yes" else source), flush=True)
    os._exit(9)
""")


def crashed_session(folder, source, turns: int, *, untitled: bool = False) -> Path:
    """What a window killed in another process leaves: an autosave of ``source`` ``turns``
    turns on (of no file when ``untitled``), newer than the file, and no live marker."""
    result = subprocess.run(
        [sys.executable, "-c", _CRASHING_WINDOW, str(folder), str(source), str(turns),
         "yes" if untitled else "no"], capture_output=True, text=True, timeout=60,
        cwd=Path(__file__).resolve().parents[3])
    assert result.returncode == 9, result.stderr
    kept = Path(result.stdout.strip())
    later = time.time() + 5
    os.utime(kept, (later, later))
    return kept


def test_recovering_opens_the_autosave_as_unsaved_work_saved_to_its_file(
        window, answers, tmp_path, private_autosave):
    source = gate_town(tmp_path / "town.siege")
    kept = crashed_session(private_autosave, source, turns=7)
    answers.recover.append(True)

    assert window.files.start_session()
    (offer,) = answers.recover_offers
    assert "Gate town" in offer and "town.siege" in offer and "autosaved" in offer
    assert window.document.siege.clock.turn == 7
    assert window.document.path == source and window.document.modified
    assert window.isWindowModified()
    assert not kept.exists()  # kept again under this session's name instead
    assert len(autosaves(private_autosave)) == 1

    assert window.files.save()  # Save goes to the original file
    assert read_siege(source).siege.clock.turn == 7
    assert not window.document.modified and not window.isWindowModified()


def test_declining_keeps_the_autosave_until_a_clean_exit(window, answers, tmp_path,
                                                         private_autosave):
    source = gate_town(tmp_path / "town.siege")
    kept = crashed_session(private_autosave, source, turns=7)
    answers.recover.append(False)

    assert not window.files.start_session()
    assert len(answers.recover_offers) == 1
    assert window.document.path is None and not window.document.modified
    assert kept.exists()
    assert Autosaver(private_autosave).pending() == []  # this window keeps it, not another

    window.close()  # a clean exit
    assert not kept.exists()
    assert Autosaver(private_autosave).pending() == []


def test_a_recovered_siege_never_saved_asks_for_a_name(window, answers, tmp_path,
                                                       private_autosave):
    crashed_session(private_autosave, gate_town(tmp_path / "town.siege"), turns=0,
                    untitled=True)
    answers.recover.append(True)
    assert window.files.start_session()
    assert window.document.path is None and window.document.modified
    target = tmp_path / "named.siege"
    answers.save_paths.append(target)
    assert window.files.save()
    assert read_siege(target).siege.name == "Gate town"


def test_no_offer_after_a_clean_exit(window, answers, tmp_path, private_autosave):
    source = gate_town(tmp_path / "town.siege")
    session = Autosaver(private_autosave)
    session.begin()
    session.save(read_siege(source), source)
    session.clean_exit()
    assert not window.files.start_session()
    assert answers.recover_offers == []


def _recovered_from_disk(folder):
    """What a window started after a kill -9 would recover: the autosave and its journal as
    they are on disk now (no event processed since the change)."""
    from siegeboard.persist import journal

    (kept,) = autosaves(folder)
    siege_file, _ = journal.recover(kept, journal.journal_path(kept))
    return siege_file.siege


def test_the_first_shot_of_a_new_window_is_on_disk_before_the_board_changes(
        qtbot, window, tmp_path, private_autosave):
    """Issue 35 item 2: no autosave yet to follow; the first change begins one at once, the
    GM's file as it is on disk with the change in its journal, before the board is told."""
    source = gate_town(tmp_path / "town.siege")
    assert window.files.open_path(source)
    on_disk_when_shown = []
    window.document.changed.connect(
        lambda change: on_disk_when_shown.append(
            None if change.reset else _recovered_from_disk(private_autosave).clock.turn))
    window.playing.play(AdvanceClock(turns=3))
    assert on_disk_when_shown == [3]
    assert window.autosave.busy is False  # written on the window's thread, not by the worker
    window.document.edit_structure("gate", name="Barbican")  # the next line: the journal
    recovered = _recovered_from_disk(private_autosave)
    assert recovered.clock.turn == 3 and recovered.structures["gate"].name == "Barbican"


def test_the_first_change_of_an_untitled_siege_is_a_full_autosave_at_once(
        qtbot, window, tmp_path, private_autosave):
    window.document.load(read_siege(gate_town(tmp_path / "town.siege")), None)
    window.document.edit_structure("gate", name="Barbican")
    assert _recovered_from_disk(private_autosave).structures["gate"].name == "Barbican"


def test_a_first_shot_killed_at_once_is_offered_at_the_next_start(tmp_path):
    """A real kill -9 of a real window 0.05 s after its first shot: the next start offers it."""
    source = gate_town(tmp_path / "town.siege")
    folder = tmp_path / "autosave"
    script = textwrap.dedent("""
        import os, sys, time
        from PySide6.QtCore import QSettings
        from PySide6.QtWidgets import QApplication
        from siegeboard.model.actions import AdvanceClock
        from siegeboard.persist.autosave import Autosaver
        from siegeboard.ui.main_window import MainWindow
        app = QApplication([])
        main = MainWindow(QSettings(sys.argv[3], QSettings.Format.IniFormat),
                          Autosaver(sys.argv[1]))
        assert main.files.open_path(sys.argv[2])
        main.playing.play(AdvanceClock(turns=4))
        time.sleep(0.05)
        os.kill(os.getpid(), 9)
    """)
    result = subprocess.run([sys.executable, "-c", script, str(folder), str(source),
                             str(tmp_path / "settings.ini")], capture_output=True, text=True,
                            timeout=120, cwd=Path(__file__).resolve().parents[3],
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == -9, result.stderr
    saver = Autosaver(folder)
    (offer,) = saver.pending()
    from siegeboard.persist import journal
    siege_file, _ = journal.recover(offer.path, journal.journal_path(offer.path))
    assert siege_file.siege.clock.turn == 4
    saver.clean_exit()


def test_opening_a_file_clears_what_a_killed_save_of_it_left(window, tmp_path):
    source = gate_town(tmp_path / "town.siege")
    litter = tmp_path / ".town.siege.0badf00d.tmp"
    litter.write_bytes(b"half a siege, from a save killed mid-way")
    assert window.files.open_path(source)
    assert not litter.exists()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []
