"""The siege told again as a GIF and a PDF, made by stepping through the history."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PIL import Image

from siegeboard.model.progress import Cancelled
from siegeboard.persist.samples import read_sample
from siegeboard.report.story import StoryError, export_story, story_frames
from siegeboard.rules import history as history_module

sys.path.insert(0, str(Path(__file__).parents[1] / "rules"))
from test_history import played  # noqa: E402


def story_file(count=6):
    siege_file = read_sample("harris")
    siege_file.siege = played(count)
    return siege_file


def test_a_gif_has_a_frame_before_the_first_action_and_one_per_action(tmp_path):
    path = export_story(tmp_path / "story.gif", story_file(), width=640)
    with Image.open(path) as gif:
        assert gif.n_frames == 7 and gif.size[0] == 640
        first = gif.convert("RGB").tobytes()
        gif.seek(6)
        assert gif.convert("RGB").tobytes() != first  # the walls fell between


def test_a_pdf_has_a_page_per_chosen_entry(tmp_path):
    path = export_story(tmp_path / "story.pdf", story_file(), [1, 4, 6], width=640)
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    assert _pages(data) == 3


def _pages(data: bytes) -> int:
    import re
    return len(re.findall(rb"/Type\s*/Page(?!s)", data))


def test_frames_are_stepped_not_copied(monkeypatch):
    copies = []
    siege_file = story_file()
    original = type(siege_file.siege).model_copy

    def counting(self, *args, **kwargs):
        if kwargs.get("deep"):
            copies.append(len(self.structures))
        return original(self, *args, **kwargs)

    monkeypatch.setattr(type(siege_file.siege), "model_copy", counting)
    assert len(story_frames(siege_file, [0, 1], width=400)) == 2
    for_two = len(copies)
    copies.clear()
    assert len(story_frames(siege_file, width=400)) == 7
    # The beginning copied once, and the first entry's kept base (R2): none more per frame.
    assert len(copies) == for_two <= 3


def test_cancel_writes_nothing_and_bad_choices_are_one_message(tmp_path):
    class Stop:
        def report(self, done, total, what=""):
            if done == 2:
                raise Cancelled("story")

    with pytest.raises(Cancelled):
        export_story(tmp_path / "s.gif", story_file(), progress=Stop(), width=400)
    assert not (tmp_path / "s.gif").exists()
    with pytest.raises(StoryError, match="name the story .gif"):
        export_story(tmp_path / "s.mp4", story_file())
    with pytest.raises(StoryError, match="no entry 9"):
        export_story(tmp_path / "s.gif", story_file(), [9])
    siege_file = story_file(1)
    siege_file.siege.base = None
    with pytest.raises(StoryError, match="cannot be told again"):
        export_story(tmp_path / "s.gif", siege_file)
    assert history_module.History  # the stepping is rules', not the report's


def test_a_pdf_story_keeps_its_captions_as_words_and_the_plan_once(tmp_path):
    """Each page is drawn (lines and words), not a picture of the page: the captions can be
    searched, and the plan's picture is in the file once however many pages there are."""
    import re

    from pdf_reading import pdf_pages

    path = export_story(tmp_path / "story.pdf", story_file())
    data = path.read_bytes()
    assert _pages(data) == 7
    assert len(re.findall(rb"/Subtype\s*/Image", data)) == 1
    words = [text.replace("\ufb01", "fi") for text in pdf_pages(path)[1]]
    assert "Before the first action" in words[0] and "Turn 0" in words[0]
    assert all(f"{number}. " in words[number] for number in range(1, 7))
    assert "Keep" in words[3]  # the map's own names are words too
