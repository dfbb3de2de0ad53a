"""The siege told again (issue 20): an animated GIF of the map from before the first action
to now, one frame per logged action (or per chosen entries), each with the clock and a
caption of the action; or a PDF with one page per chosen entry, drawn as the snapshot's map
is (lines and words, the plan embedded once) with its clock and caption as text.

The players' copy of a side draws each moment from ``rules.knowledge.side_view`` of the
siege at that moment, and captions it from that view's log: what the side does not know is
never handed to the painter.

Frames come from stepping through the history (``rules.history.History``: the siege is
copied once, then each entry's outcome is applied), never from a copy of the whole siege per
frame; the plan is decoded once. ``progress`` is told before each frame and may cancel
(``Cancelled``): nothing is written then. The file is written beside its target and renamed
over it (``persist.atomic``).
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter

from siegeboard.model.log import LogEntry
from siegeboard.model.progress import NO_PROGRESS, Progress
from siegeboard.model.siege import Siege
from siegeboard.persist.atomic import atomic_write
from siegeboard.persist.siege_file import SiegeFile
from siegeboard.report.extent import Plan, load_plan
from siegeboard.report.log_text import SECRET_ACTIONS, describe_action, players_lines
from siegeboard.report.map_painter import MapPainter, font
from siegeboard.report.map_picture import map_frame, map_image
from siegeboard.report.options import Bounds, SnapshotOptions
from siegeboard.report.snapshot import ensure_gui_app
from siegeboard.rules.context import RuleError
from siegeboard.rules.history import History
from siegeboard.rules.knowledge import Side, check_side, side_view
from siegeboard.rules.messages import _
from siegeboard.rules.words import clock_label

FORMATS = (".gif", ".pdf")
DEFAULT_WIDTH = 1280
CAPTION_PX = 64
FRAME_MS = 1500       # each action's frame
LAST_FRAME_MS = 4000  # the siege as it is now stays longer


class StoryError(Exception):
    """A story that cannot be made or written; the message says what to fix."""


def parse_entries(text: str, total: int) -> list[int] | None:
    """"all" (or blank) -> None; "1, 3, 5-8" -> [1, 3, 5, 6, 7, 8]. ``ValueError`` in plain
    words for anything else or an entry the log does not have."""
    text = text.strip().lower()
    if text in ("", "all"):
        return None
    chosen: list[int] = []
    for part in text.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ValueError(f"{part!r} is not an entry number or a range like 5-8")
        low, high = int(first), int(last) if dash else int(first)
        if low > high or high > total:
            raise ValueError(f"{part}: the log has entries 1 to {total}")
        chosen.extend(range(low, high + 1))
    return chosen


def caption(entry: LogEntry | None, siege: Siege, *, players: bool) -> str:
    """The caption of a frame: the action (or "Before the first action"); in a players'
    copy (``siege`` and ``entry`` the side's view) what they saw of it, and nothing of an
    action kept from the players (a mine dug, a GM override)."""
    if entry is None:
        return _("Before the first action")
    if players and entry.action.type in SECRET_ACTIONS:
        return _("{seq}. Time passes").format(seq=entry.seq)
    told = describe_action(entry, siege, players=players)
    if players:
        told = "; ".join([told, *players_lines(entry, siege)])
    return f"{entry.seq}. {told}"


@dataclass
class Moment:
    """One frame of the story: the siege to draw (the side's view in a players' copy), its
    clock and its caption."""

    position: int
    siege: Siege
    clock: str
    caption: str


@dataclass
class Story:
    """What every frame shares: the region shown, the plan decoded once, the copy."""

    frame: Bounds
    plan: Plan | None
    players: bool
    moments: Iterator[Moment]
    count: int


def story(siege_file: SiegeFile, positions: Sequence[int] | None = None, *,
          width: int = DEFAULT_WIDTH, players: bool = False, side: Side | None = None,
          progress: Progress = NO_PROGRESS) -> Story:
    """The story's moments, checked first (``StoryError`` naming what to fix), then made one
    by one as ``moments`` is read, telling ``progress`` before each. ``players``: each moment
    is ``side_view`` of the siege then, for ``side`` (None: the siege's players' side)."""
    ensure_gui_app()
    siege = siege_file.siege
    try:
        chosen_side = check_side(side or siege.players_side)
    except ValueError as error:
        raise StoryError(str(error)) from None
    try:
        history = History(siege)
    except RuleError as error:
        raise StoryError(str(error)) from None
    chosen = sorted(set(range(len(history) + 1) if positions is None else positions))
    if not chosen:
        raise StoryError(_("choose at least one entry of the log"))
    if chosen[0] < 0 or chosen[-1] > len(history):
        raise StoryError(_("the log has {count} entries; there is no entry {chosen}").format(
            count=len(history), chosen=chosen[-1]))
    if not 200 <= width <= 8000:
        raise StoryError(_("the width must be from 200 to 8,000 pixels, not {width:,}").format(
            width=width))
    shown = side_view(siege, chosen_side) if players else siege
    frame = map_frame(shown, siege_file.images)
    try:
        plan = load_plan(siege, siege_file.images)
    except ValueError as error:
        raise StoryError(str(error)) from None

    def moments() -> Iterator[Moment]:
        for number, position in enumerate(chosen):
            progress.report(number, len(chosen), _("Drawing frame {number} of {count}").format(
                number=number + 1, count=len(chosen)))
            try:
                history.move_to(position)
            except RuleError as error:
                raise StoryError(_("the log cannot be told again: {error}").format(
                    error=error)) from None
            now = history.siege
            entry = history.entries[position - 1] if position else None
            if players:
                # The moment as the side knows it; its last entry as they saw it.
                recent = now.log[-1:] if entry is not None else []
                now = side_view(now.model_copy(update={"log": recent}), chosen_side)
                entry = now.log[-1] if entry is not None else None
            yield Moment(position, now, clock_label(now.clock),
                         caption(entry, now, players=players))
        progress.report(len(chosen), len(chosen), "Writing")

    return Story(frame, plan, players, moments(), len(chosen))


def story_frames(siege_file: SiegeFile, positions: Sequence[int] | None = None, *,
                 width: int = DEFAULT_WIDTH, players: bool = False, side: Side | None = None,
                 progress: Progress = NO_PROGRESS) -> list[tuple[int, QImage]]:
    """(position, frame) for each of ``positions`` (entries applied, 0 the start; None:
    0 and every entry), in order, each ``width`` pixels wide with its caption band."""
    told = story(siege_file, positions, width=width, players=players, side=side,
                 progress=progress)
    pixels_per_metre = width / (told.frame[2] - told.frame[0])
    frames = []
    for moment in told.moments:
        try:
            image = map_image(moment.siege, told.plan, told.frame, pixels_per_metre,
                              players=players, extra_height=CAPTION_PX)
        except ValueError as error:
            raise StoryError(str(error)) from None
        _paint_caption(image, moment.clock, moment.caption)
        frames.append((moment.position, image))
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


PDF_RESOLUTION = 300
PDF_CAPTION_PT = 48.0


def pdf_bytes(told: Story, title: str) -> bytes:
    """A PDF, A4 landscape, a page a moment: the map drawn by ``MapPainter`` as on a
    snapshot (lines and words; the plan's picture once for the whole file), the clock and
    the caption under it as text."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setTitle(title)
    writer.setCreator("siegeboard")
    writer.setResolution(PDF_RESOLUTION)
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4),
                                     QPageLayout.Orientation.Landscape,
                                     QMarginsF(10, 10, 10, 10), QPageLayout.Unit.Millimeter))
    options = SnapshotOptions(copy="players" if told.players else "gm")
    minx, miny, maxx, maxy = told.frame
    painter = QPainter(writer)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        points = PDF_RESOLUTION / 72
        painter.scale(points, points)
        for number, moment in enumerate(told.moments):
            if number:
                writer.newPage()
            page = QRectF(0, 0, painter.viewport().width() / points,
                          painter.viewport().height() / points)
            room = page.adjusted(18, 14, 0, -PDF_CAPTION_PT - 6)  # the square labels' margin
            scale = min(room.width() / (maxx - minx), room.height() / (maxy - miny))
            map_rect = QRectF(0, 0, (maxx - minx) * scale, (maxy - miny) * scale)
            map_rect.moveCenter(room.center())
            map_rect.moveTop(room.top())
            MapPainter(moment.siege, told.plan, options).paint(painter, map_rect, told.frame)
            band = QRectF(page.left(), map_rect.bottom() + 6, page.width(), PDF_CAPTION_PT)
            _paint_text_caption(painter, band, moment.clock, moment.caption)
    finally:
        painter.end()
    del writer
    buffer.close()
    return bytes(data.data())


def _paint_text_caption(painter: QPainter, band: QRectF, clock: str, text: str) -> None:
    """The clock (bold) over the caption, in points, dark on the paper."""
    painter.save()
    painter.setFont(font(12, bold=True))
    painter.setPen(QColor("#1b1b1b"))
    painter.drawText(band, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, clock)
    painter.setFont(font(10))
    painter.drawText(band.adjusted(0, 16, 0, 0),
                     Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
                     | Qt.TextFlag.TextWordWrap,
                     text)
    painter.restore()


def export_story(path: str | Path, siege_file: SiegeFile,
                 positions: Sequence[int] | None = None, *, width: int = DEFAULT_WIDTH,
                 players: bool = False, side: Side | None = None,
                 progress: Progress = NO_PROGRESS) -> Path:
    """Write the story to ``path`` (.gif or .pdf); return the path. ``players``: the copy of
    ``side``'s players (None: the siege's players' side). ``width``: the GIF's frames in
    pixels (a PDF's pages are drawn, not pixels). ``StoryError`` naming what to fix;
    ``Cancelled`` from ``progress`` (nothing written)."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise StoryError(_("{path}: name the story .gif (animated) or .pdf (a page an "
                           "entry)").format(path=path.name))
    if not path.parent.is_dir():
        raise StoryError(_("{path}: the folder {parent} does not exist").format(
            path=path, parent=path.parent))
    siege = siege_file.siege
    if suffix == ".gif":
        data = gif_bytes(story_frames(siege_file, positions, width=width, players=players,
                                      side=side, progress=progress))
    else:
        told = story(siege_file, positions, width=width, players=players, side=side,
                     progress=progress)
        data = pdf_bytes(told, _("{siege}: the siege told again").format(siege=siege.name))
    try:
        atomic_write(path, lambda stream: stream.write(data))
    except OSError as error:
        raise StoryError(_("cannot write {path}: {reason}").format(
            path=path, reason=error.strerror or error)) from None
    return path
