"""The timeline under the map: the siege as it was after entry N, read-only, then back."""

from __future__ import annotations

from siegeboard.model import FireAt
from siegeboard.persist.samples import write_sample
from siegeboard.rules.engine import replay


def play_shots(window, tmp_path, count=4):
    path = write_sample(tmp_path / "castle.siege", "armory")
    assert window.files.open_path(path, ask=False)
    for _ in range(count):
        assert window.playing.play(FireAt(weapon_id="heavy_gun", at=(0.0, 0.0),
                                          target_id="wall-n3", successes=3)) is not None
    return window.document.siege


def test_scrubbing_shows_the_past_read_only_and_now_resumes_play(qtbot, window, tmp_path,
                                                                   answers):
    siege = play_shots(window, tmp_path)
    timeline = window.timeline
    assert timeline.slider.maximum() == 4 and timeline.slider.value() == 4
    now_state = siege.structures["wall-n3"].model_copy()
    timeline.slider.setValue(1)
    past = replay(siege.base, siege.log[:1])
    shown = window.document.siege
    assert shown is not siege and shown.structures["wall-n3"] == past.structures["wall-n3"]
    item = window.scene.structure_items["wall-n3"]
    assert item.style.state == window.document.rules.state(past.structures["wall-n3"])
    # The entry is highlighted in the log.
    assert window.log_dock.view.currentIndex().row() == 0
    # Read-only, with a word: a shot is refused and nothing changes.
    warned = len(answers.warnings)
    assert window.playing.play(FireAt(weapon_id="heavy_gun", at=(0.0, 0.0),
                                      target_id="wall-n2")) is None
    assert len(answers.warnings) == warned + 1 and "back to Now" in answers.warnings[-1]
    assert not window.menus.undo_action.isEnabled()
    assert not window.history_dock.view.isEnabled()
    assert window.view.tool is None and not window.inspector.widget().isEnabled()
    assert len(siege.log) == 4
    # Saving while scrubbing writes the siege as it is now.
    assert window.document.file_to_save().siege is siege
    timeline.now_button.click()
    assert window.document.siege is siege
    assert siege.structures["wall-n3"] == now_state
    assert window.scene.structure_items["wall-n3"].style.state == \
        window.document.rules.state(now_state)
    assert window.menus.undo_action.isEnabled() and window.history_dock.view.isEnabled()
    assert window.view.tool is window.tools["select"] and window.inspector.widget().isEnabled()
    assert window.playing.play(FireAt(weapon_id="heavy_gun", at=(0.0, 0.0),
                                      target_id="wall-n2")) is not None
    assert timeline.slider.maximum() == 5


def test_before_the_first_action_and_the_players_screen_follows(qtbot, window, tmp_path):
    siege = play_shots(window, tmp_path, 2)
    window.players_screen.toggle_action.trigger()
    players = window.players_screen.screen
    window.timeline.slider.setValue(0)
    assert window.document.siege.log == []
    assert players.scene.structure_items["wall-n3"].style.state.word == "intact"
    assert window.timeline.label.text().startswith("Before the first action")
    window.timeline.slider.setValue(2)
    assert window.document.siege is siege
    assert players.scene.structure_items["wall-n3"].style.state.word == \
        window.document.rules.state(siege.structures["wall-n3"]).players_word
    window.players_screen.toggle_action.trigger()


def test_file_export_siege_story_writes_a_gif_from_the_menu(qtbot, window, tmp_path):
    from PIL import Image

    from siegeboard.ui.dialogs.story_dialog import StoryDialog, parse_entries

    play_shots(window, tmp_path, 3)
    target = tmp_path / "handout"

    def run(dialog):
        assert isinstance(dialog, StoryDialog)
        dialog.path_edit.setText(str(target))
        dialog.entries_edit.setText("1, 3")
        dialog.width_box.setValue(400)
        return True

    window.prompts.run_dialog = run
    window.timeline.slider.setValue(1)  # even while scrubbing, the story is the whole log
    window.menus.export_story_action.trigger()
    with Image.open(target.with_suffix(".gif")) as gif:
        assert gif.n_frames == 2 and gif.size[0] == 400
    assert parse_entries("all", 3) is None and parse_entries("2-3", 3) == [2, 3]
    for bad in ("x", "4", "3-1"):
        try:
            parse_entries(bad, 3)
        except ValueError as error:
            assert "entries 1 to 3" in str(error) or "not an entry" in str(error)
        else:
            raise AssertionError(bad)
    window.timeline.now_button.click()


def test_the_story_dialog_asks_whose_copy_and_remembers_where(qtbot, window, tmp_path,
                                                              monkeypatch):
    """The players' story is one side's (asked as the snapshot asks it), and the dialog
    offers the folder and name it last wrote to."""
    from siegeboard.ui.dialogs import story_dialog

    play_shots(window, tmp_path, 2)
    asked = []
    monkeypatch.setattr(story_dialog, "export_story",
                        lambda path, siege_file, positions, **kw: asked.append((path, kw)))
    target = tmp_path / "stories" / "the-defenders.pdf"
    target.parent.mkdir()

    def run(dialog):
        dialog.copy_box.setCurrentIndex(dialog.copy_box.findData(False))
        assert not dialog.side_box.isEnabled()
        dialog.copy_box.setCurrentIndex(dialog.copy_box.findData(True))
        assert dialog.side_box.isEnabled()
        dialog.side_box.setCurrentIndex(dialog.side_box.findData("defender"))
        dialog.path_edit.setText(str(target))
        return True

    window.prompts.run_dialog = run
    window.menus.export_story_action.trigger()
    assert asked[-1][0] == target and asked[-1][1]["players"] is True
    assert asked[-1][1]["side"] == "defender"
    offered = []

    def look(dialog):
        offered.append(dialog.path())
        return False

    window.prompts.run_dialog = look
    window.menus.export_story_action.trigger()
    assert offered == [target]
