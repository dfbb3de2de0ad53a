"""The siege told again (issue 20): an animated GIF of the map from before the first action
to now, one frame per logged action (or per chosen entries), each with the clock and a
caption of the action; or a PDF with one page per chosen entry.

Frames come from stepping through the history (``rules.history.History``: the siege is
copied once, then each entry's outcome is applied), never from a copy of the whole siege per
frame; the plan is decoded once. ``progress`` is told before each frame and may cancel
(``Cancelled``): nothing is written then. The file is written beside its target and renamed
over it (``persist.atomic``).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from PIL import Image
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter

from siegeboard.model.log import LogEntry
from siegeboard.model.progress import NO_PROGRESS, Progress
from siegeboard.model.siege import Siege
from siegeboard.persist.atomic import atomic_write
from siegeboard.persist.siege_file import SiegeFile
from siegeboard.report.extent import load_plan
from siegeboard.report.log_text import describe_action
from siegeboard.report.map_picture import map_frame, map_image
from siegeboard.report.snapshot import ensure_gui_app
from siegeboard.rules.context import RuleError
from siegeboard.rules.history import History

FORMATS = (".gif", ".pdf")
DEFAULT_WIDTH = 1280
CAPTION_PX = 64
FRAME_MS = 1500       # each action's frame
LAST_FRAME_MS = 4000  # the siege as it is now stays longer


class StoryError(Exception):
    """A story that cannot be made or written; the message says what to fix."""


def caption(entry: LogEntry | None, siege: Siege, *, players: bool) -> str:
    """The caption of a frame: the action (or "Before the first action")."""
    if entry is None:
        return "Before the first action"
    return f"{entry.seq}. {describe_action(entry, siege, players=players)}"


def story_frames(siege_file: SiegeFile, positions: Sequence[int] | None = None, *,
                 width: int = DEFAULT_WIDTH, players: bool = False,
                 progress: Progress = NO_PROGRESS) -> list[tuple[int, QImage]]:
    """(position, frame) for each of ``positions`` (entries applied, 0 the start; None:
    0 and every entry), in order, each ``width`` pixels wide with its caption band."""
    ensure_gui_app()
    siege = siege_file.siege
    try:
        history = History(siege)
    except RuleError as error:
        raise StoryError(str(error)) from None
    chosen = sorted(set(range(len(history) + 1) if positions is None else positions))
    if not chosen:
        raise StoryError("choose at least one entry of the log")
    if chosen[0] < 0 or chosen[-1] > len(history):
        raise StoryError(f"the log has {len(history)} entries; there is no entry {chosen[-1]}")
    if not 200 <= width <= 8000:
        raise StoryError(f"the width must be from 200 to 8,000 pixels, not {width:,}")
    frame = map_frame(siege, siege_file.images)
    try:
        plan = load_plan(siege, siege_file.images)
    except ValueError as error:
        raise StoryError(str(error)) from None
    pixels_per_metre = width / (frame[2] - frame[0])
    frames = []
    for number, position in enumerate(chosen):
        progress.report(number, len(chosen), f"Drawing frame {number + 1} of {len(chosen)}")
        try:
            history.move_to(position)
        except RuleError as error:
            raise StoryError(f"the log cannot be told again: {error}") from None
        entry = history.entries[position - 1] if position else None
        try:
            image = map_image(history.siege, plan, frame, pixels_per_metre, players=players,
                              extra_height=CAPTION_PX)
        except ValueError as error:
            raise StoryError(str(error)) from None
        _paint_caption(image, history.siege.clock.label(),
                       caption(entry, history.siege, players=players))
        frames.append((position, image))
    progress.report(len(chosen), len(chosen), "Writing")
    return frames


def _paint_caption(image: QImage, clock: str, text: str) -> None:
    painter = QPainter(image)
    try:
        band = QRectF(0, image.height() - CAPTION_PX, image.width(), CAPTION_PX)
        painter.fillRect(band, QColor("#1b1b1b"))
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        font = QFont("DejaVu Sans")
        font.setPixelSize(18)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("#ffcc33"))
        inner = band.adjusted(14, 6, -14, -6)
        painter.drawText(inner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, clock)
        font.setBold(False)
        painter.setFont(font)
        painter.setPen(QColor("white"))
        painter.drawText(inner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom,
                         painter.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight,
                                                          int(inner.width())))
    finally:
        painter.end()


def _pil(image: QImage) -> Image.Image:
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    return Image.frombuffer("RGB", (rgb.width(), rgb.height()), bytes(rgb.constBits()),
                            "raw", "RGB", rgb.bytesPerLine(), 1).copy()


def gif_bytes(frames: Sequence[tuple[int, QImage]]) -> bytes:
    """An animated GIF, looping, each frame ``FRAME_MS`` and the last ``LAST_FRAME_MS``."""
    pictures = [_pil(image).quantize(colors=255, method=Image.Quantize.FASTOCTREE)
                for _, image in frames]
    durations = [FRAME_MS] * (len(pictures) - 1) + [LAST_FRAME_MS]
    stream = io.BytesIO()
    pictures[0].save(stream, format="GIF", save_all=True, append_images=pictures[1:],
                     duration=durations, loop=0, optimize=False)
    return stream.getvalue()


def pdf_bytes(frames: Sequence[tuple[int, QImage]], title: str) -> bytes:
    """A PDF, A4 landscape, one frame a page."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setTitle(title)
    writer.setCreator("siegeboard")
    writer.setResolution(150)
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4),
                                     QPageLayout.Orientation.Landscape,
                                     QMarginsF(10, 10, 10, 10), QPageLayout.Unit.Millimeter))
    painter = QPainter(writer)
    try:
        for number, (_, image) in enumerate(frames):
            if number:
                writer.newPage()
            page = QRectF(painter.viewport())
            scale = min(page.width() / image.width(), page.height() / image.height())
            target = QRectF(0, 0, image.width() * scale, image.height() * scale)
            target.moveCenter(page.center())
            painter.drawImage(target, image)
    finally:
        painter.end()
    del writer
    buffer.close()
    return bytes(data)


def export_story(path: str | Path, siege_file: SiegeFile,
                 positions: Sequence[int] | None = None, *, width: int = DEFAULT_WIDTH,
                 players: bool = False, progress: Progress = NO_PROGRESS) -> Path:
    """Write the story to ``path`` (.gif or .pdf); return the path. ``StoryError`` naming
    what to fix; ``Cancelled`` from ``progress`` (nothing written)."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise StoryError(f"{path.name}: name the story .gif (animated) or .pdf "
                         f"(a page an entry)")
    if not path.parent.is_dir():
        raise StoryError(f"{path}: the folder {path.parent} does not exist")
    frames = story_frames(siege_file, positions, width=width, players=players,
                          progress=progress)
    siege = siege_file.siege
    data = gif_bytes(frames) if suffix == ".gif" else pdf_bytes(frames, f"{siege.name}: the "
                                                                      f"siege told again")
    try:
        atomic_write(path, lambda stream: stream.write(data))
    except OSError as error:
        raise StoryError(f"cannot write {path}: {error.strerror or error}") from None
    return path
