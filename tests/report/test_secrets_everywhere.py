"""Every players' output keeps the other side's secrets (issue 39): the snapshot (PDF, PNG,
SVG), the story (GIF frames and PDF pages) and the Universal VTT picture, each of a siege
with a hidden battery, a hidden mine and hidden occupants, for each side. Pictures are
compared pixel for pixel with a render of that side's view (``knowledge.side_view``); words
are read out of the PDFs (pdfium) and the SVGs (their XML)."""

from __future__ import annotations

import json
import unicodedata
from base64 import b64decode
from xml.etree import ElementTree

import pytest
from pdf_reading import pdf_text
from played_siege import played_file
from PySide6.QtGui import QImage

from siegeboard.geometry import GRID_M
from siegeboard.persist.siege_file import SiegeFile
from siegeboard.report.extent import load_plan
from siegeboard.report.map_picture import map_frame, map_image
from siegeboard.report.options import SnapshotOptions
from siegeboard.report.snapshot import export_snapshot
from siegeboard.report.story import CAPTION_PX, export_story, story_frames
from siegeboard.report.vtt_export import export_vtt
from siegeboard.rules.knowledge import side_view

# What each side must not see: the other side's battery names and what is inside.
SECRETS = {
    "besieger": ["Hidden Mortar", "Groom Dickon", "1 trapped", "1 hurt"],
    "defender": ["Great Battery", "Tank", "Sapper"],
}


@pytest.fixture(scope="module")
def secret_file() -> SiegeFile:
    siege_file = played_file()
    stables = siege_file.siege.structures["stables"]
    hurt = [person for person in stables.occupants if person.damage]
    assert hurt or stables.trapped_count, "the GM's copy has people to hide"
    return siege_file


def _words_of_pdf(path) -> str:
    """The words of a PDF as a reader finds them (pdfium, ``tests/pdf_reading``)."""
    text = pdf_text(path)
    return " ".join(unicodedata.normalize("NFKC", text).split())  # "ﬁ" is "fi"


def _words_of_svg(data: bytes) -> str:
    return " ".join(" ".join(ElementTree.fromstring(data).itertext()).split())


def _same_pixels(a: QImage, b: QImage) -> bool:
    a = a.convertToFormat(QImage.Format.Format_RGB32)
    b = b.convertToFormat(QImage.Format.Format_RGB32)
    return a.size() == b.size() and a == b


def _absent(words: str, side: str) -> None:
    for secret in SECRETS[side]:
        assert secret not in words, f"the {side}s' copy shows {secret!r}"


@pytest.mark.parametrize("side", ["besieger", "defender"])
def test_every_snapshot_format_holds_only_what_the_side_knows(secret_file, side, tmp_path):
    siege, images = secret_file.siege, secret_file.images
    options = SnapshotOptions(copy="players", side=side, dpi=60)
    view = side_view(siege, side)
    (pdf,) = export_snapshot(tmp_path / "p.pdf", siege, images, options)
    _absent(_words_of_pdf(pdf), side)
    svgs = export_snapshot(tmp_path / "p.svg", siege, images, options, all_pages=True)
    assert len(svgs) > 1
    for svg in svgs:
        _absent(_words_of_svg(svg.read_bytes()), side)
    gm_words = _words_of_pdf(export_snapshot(tmp_path / "gm.pdf", siege, images,
                                             SnapshotOptions())[0])
    assert any(secret in gm_words for secret in SECRETS[side]), "the GM's copy has them"
    # Every PNG page, pixel for pixel, as the side's own view draws it.
    pngs = export_snapshot(tmp_path / "p.png", siege, images, options, all_pages=True)
    own = export_snapshot(tmp_path / "own.png", view, images, options, all_pages=True)
    assert len(pngs) == len(own) > 1
    for theirs, mine in zip(pngs, own, strict=True):
        assert _same_pixels(QImage(str(theirs)), QImage(str(mine))), theirs.name


@pytest.mark.parametrize("side", ["besieger", "defender"])
def test_the_story_holds_only_what_the_side_knows(secret_file, side, tmp_path):
    siege = secret_file.siege
    frames = story_frames(secret_file, width=640, players=True, side=side)
    # The last frame is the siege now: the map as the side's view draws it.
    frame = map_frame(side_view(siege, side), secret_file.images)
    expected = map_image(side_view(siege, side), load_plan(siege, secret_file.images), frame,
                         640 / (frame[2] - frame[0]), players=True)
    last = frames[-1][1]
    assert _same_pixels(last.copy(0, 0, last.width(), last.height() - CAPTION_PX), expected)
    # The first frame is the siege before the first action: as the side knew it then.
    start = side_view(siege.base, side)
    first = frames[0][1]
    assert _same_pixels(first.copy(0, 0, first.width(), first.height() - CAPTION_PX),
                        map_image(start, load_plan(siege, secret_file.images), frame,
                                  640 / (frame[2] - frame[0]), players=True))
    gm_last = story_frames(secret_file, [len(siege.log)], width=640)[0][1]
    assert not _same_pixels(gm_last.copy(0, 0, last.width(), last.height() - CAPTION_PX),
                            expected), "the GM's story draws what the side does not know"
    pdf = export_story(tmp_path / "story.pdf", secret_file, players=True, side=side)
    words = _words_of_pdf(pdf)
    assert "Before the first action" in words  # captions are text
    _absent(words, side)
    gm_words = _words_of_pdf(export_story(tmp_path / "gm.pdf", secret_file))
    assert any(secret in gm_words for secret in SECRETS[side])


@pytest.mark.parametrize("side", ["besieger", "defender"])
def test_the_vtt_picture_is_the_sides_view(secret_file, side, tmp_path):
    # the board's look at 2 m cells, which draws batteries, names and people (the default
    # battle map draws none of them)
    path = export_vtt(tmp_path / "map.dd2vtt", secret_file, pixels_per_grid=20, players=True,
                      side=side, look="board", cell="2m")
    document = json.loads(path.read_text())
    picture = QImage.fromData(b64decode(document["image"]))
    view = side_view(secret_file.siege, side)
    frame = map_frame(view, secret_file.images)
    expected = map_image(view, load_plan(view, secret_file.images), frame, 20 / GRID_M,
                         players=True)
    assert _same_pixels(picture, expected)
    _absent(json.dumps({key: value for key, value in document.items() if key != "image"}), side)


def test_the_sides_view_keeps_no_beginning(secret_file):
    siege = secret_file.siege
    assert siege.base is not None and "hidden-mortar" in siege.base.batteries
    for side in ("besieger", "defender"):
        view = side_view(siege, side)
        assert view.base is None
        assert "Hidden Mortar" not in json.dumps(view.model_dump(mode="json")) \
            or side == "defender"
        assert "sapper-mine" not in view.mines or side == "besieger"
