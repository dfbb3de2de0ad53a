"""Snapshots of a siege: paint them on any Qt paint device, or export them to PDF, PNG or SVG.

The public API, for the GUI (print preview, export dialog), the CLI and scripts::

    paint_snapshot(device, siege, images, options) -> int      # pages painted
    export_snapshot(path, siege, images, options) -> list[Path]
    configure_page(device, options)                           # paper and orientation
    mark_snapshot(siege)                                      # "the last snapshot" is now

``paint_snapshot`` fits a ``QPrintPreviewDialog``: connect its ``paintRequested(printer)`` to
``lambda printer: paint_snapshot(printer, siege, images, options)``. On a paged device
(QPrinter, QPdfWriter) it paints every page; on a QImage or QSvgGenerator, one page.
No widget is used: a ``QGuiApplication`` is enough, and one is created (offscreen when there
is no display) if none exists.
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from PySide6.QtCore import QBuffer, QIODevice, QMarginsF, QRectF, QSize, qInstallMessageHandler
from PySide6.QtGui import (
    QColor,
    QGuiApplication,
    QImage,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPaintDevice,
    QPainter,
    QPdfWriter,
)
from PySide6.QtSvg import QSvgGenerator

from siegeboard.model.collection import no_cycle_collection
from siegeboard.model.progress import NO_PROGRESS, Cancelled, Progress
from siegeboard.model.siege import Siege
from siegeboard.model.validation import MAX_SPAN_M
from siegeboard.persist.atomic import atomic_write, plain_reason, write_all
from siegeboard.report.bounds import board_bounds
from siegeboard.report.extent import load_plan
from siegeboard.report.options import SnapshotOptions
from siegeboard.report.pages import SnapshotLayout
from siegeboard.report.sheets import POINTS_PER_MM
from siegeboard.rules.messages import _
from siegeboard.rules.words import clock_label

FORMATS = (".pdf", ".png", ".svg")
MARGIN_MM = 10.0
PDF_RESOLUTION = 600


class SnapshotError(Exception):
    """A snapshot that cannot be made or written; the message says what to fix."""


def ensure_gui_app() -> QGuiApplication:
    """The running Qt application, or a new ``QGuiApplication`` (offscreen without a display)."""
    app = QGuiApplication.instance()
    if app is not None:
        return cast(QGuiApplication, app)  # siegeboard's application is a GUI one
    headless = not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    if headless and sys.platform.startswith("linux") and not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    return QGuiApplication(["siegeboard"])


def silence_qt_messages() -> None:
    """Keep Qt's own diagnostics (fonts, platform plugins) off the terminal: a command-line
    snapshot says what went wrong in its own words."""
    qInstallMessageHandler(lambda *message: None)


def page_size(options: SnapshotOptions) -> QPageSize:
    return QPageSize(getattr(QPageSize.PageSizeId, options.paper))


def page_points(options: SnapshotOptions) -> tuple[float, float]:
    """The paper's width and height in points, turned for the orientation."""
    size = page_size(options).size(QPageSize.Unit.Point)
    short, long = sorted((size.width(), size.height()))
    return (long, short) if options.orientation == "landscape" else (short, long)


def configure_page(device: QPagedPaintDevice, options: SnapshotOptions) -> None:
    """Set ``device``'s paper and orientation from ``options`` (margins are the snapshot's own)."""
    orientation = (QPageLayout.Orientation.Landscape if options.orientation == "landscape"
                   else QPageLayout.Orientation.Portrait)
    device.setPageLayout(QPageLayout(page_size(options), orientation, QMarginsF(0, 0, 0, 0)))


MAX_PAGES = 100
MAX_PAGE_BYTES = 512 * 1024 * 1024


@dataclass(frozen=True)
class SnapshotCost:
    """What a snapshot would take, estimated before any painting: the map's pages (at least
    this many; the table and the log add theirs), the memory of one PNG page, and the width and
    height of the region shown, in metres."""

    pages: float
    page_bytes: int
    view_m: tuple[float, float]

    def problems(self) -> list[str]:
        """Why the snapshot would take minutes or gigabytes; empty when it would not."""
        found = []
        if self.pages > MAX_PAGES:
            found.append(_("the map alone would take about {count} pages (more than "
                           "{max_pages})").format(
                count=_count(self.pages), max_pages=MAX_PAGES))
        if self.page_bytes > MAX_PAGE_BYTES:
            found.append(_("each page would take about {gb:,.1f} GB of memory (more "
                           "than {mb} MB)").format(
                gb=self.page_bytes / 2 ** 30, mb=MAX_PAGE_BYTES // 2 ** 20))
        return found


def _count(value: float) -> str:
    return f"{value:,.0f}" if value < 1e15 else f"{value:.1e}"


def snapshot_cost(siege: Siege, images: dict[str, bytes], options: SnapshotOptions,
                  suffix: str = ".pdf") -> SnapshotCost:
    """Estimate the cost of ``export_snapshot`` with ``options`` (see ``SnapshotCost``), by
    arithmetic alone. Raises ``SnapshotError`` for a view wider than a siege spans (R4): no
    estimate makes such a view meaningful."""
    region = options.view if options.view is not None else board_bounds(siege, images)
    width, height = region[2] - region[0], region[3] - region[1]
    if not (math.isfinite(width) and math.isfinite(height)) or max(width, height) > MAX_SPAN_M:
        raise SnapshotError(_("the view is {width:,.6g} m across; a siege spans at most "
                              "{km:g} km").format(
            width=max(width, height), km=MAX_SPAN_M / 1000))
    page_w, page_h = page_points(options)
    pages = 1.0
    if options.scale is not None:
        per_metre = 1000 / options.scale * POINTS_PER_MM
        frame_w = page_w - 2 * MARGIN_MM * POINTS_PER_MM
        frame_h = page_h - 2 * MARGIN_MM * POINTS_PER_MM
        pages = math.ceil(width * per_metre / frame_w) * math.ceil(height * per_metre / frame_h)
    page_bytes = 0
    if suffix == ".png":
        page_bytes = round(page_w * options.dpi / 72) * round(page_h * options.dpi / 72) * 4
    return SnapshotCost(pages=pages, page_bytes=page_bytes, view_m=(width, height))


def mark_snapshot(siege: Siege) -> None:
    """Record that a snapshot was taken now: the next one's log starts at this turn."""
    siege.last_snapshot_turn = siege.clock.turn


def _content_rect(device: QPaintDevice) -> QRectF:
    """The area to draw in, in points, inside a margin of at least MARGIN_MM on paper."""
    dpi_x, dpi_y = device.logicalDpiX(), device.logicalDpiY()
    width = device.width() * 72 / dpi_x
    height = device.height() * 72 / dpi_y
    have = (0.0, 0.0, 0.0, 0.0)
    if isinstance(device, QPagedPaintDevice):
        margins = device.pageLayout().margins(QPageLayout.Unit.Point)
        have = (margins.left(), margins.top(), margins.right(), margins.bottom())
    want = MARGIN_MM * POINTS_PER_MM
    left, top, right, bottom = (max(0.0, want - side) for side in have)
    return QRectF(left, top, width - left - right, height - top - bottom)


def snapshot_layout(device: QPaintDevice, siege: Siege, images: dict[str, bytes],
                    options: SnapshotOptions, progress: Progress = NO_PROGRESS,
                    told: Callable[[SnapshotLayout], None] | None = None
                    ) -> tuple[SnapshotLayout, QRectF]:
    """The pages a snapshot would have on ``device``, and the content rectangle (points).
    A city's table tells ``progress`` how far its layout has got (see ``SnapshotLayout``).
    ``told`` is handed the layout once it is made (how many sheets, pages)."""
    ensure_gui_app()
    try:
        plan = load_plan(siege, images)
    except ValueError as error:
        raise SnapshotError(str(error)) from None
    content = _content_rect(device)
    if content.width() < 200 or content.height() < 200:
        raise SnapshotError(_("the page is too small for a snapshot ({width:.0f} x "
                              "{height:.0f} pt inside margins)").format(
            width=content.width(), height=content.height()))
    try:
        layout = SnapshotLayout(siege, plan, options, content.width(), content.height(),
                                progress=progress)
    except ValueError as error:
        raise SnapshotError(str(error)) from None
    if told is not None:
        told(layout)
    return layout, content


def paint_snapshot(device: QPaintDevice, siege: Siege, images: dict[str, bytes],
                   options: SnapshotOptions, *, page: int | None = None,
                   progress: Progress = NO_PROGRESS,
                   told: Callable[[SnapshotLayout], None] | None = None) -> int:
    """Paint the snapshot on ``device``; return the number of pages painted.

    A paged device (QPrinter, QPdfWriter) gets every page, or only ``page`` (0-based) when
    given; any other device (QImage, QSvgGenerator) gets one page, ``page`` or the first (the
    map). The device's own paper and orientation are used: see ``configure_page``.
    Raises ``SnapshotError`` when the device cannot be painted on or the page is too small,
    ``Cancelled`` when ``progress`` (told as a city's table is laid out, and before each
    page) says so.
    """
    # A city's table and pages are a burst of acyclic objects (rows, lines, glyphs): the
    # collector would walk the whole siege again and again while they are made.
    with no_cycle_collection():
        layout, content = snapshot_layout(device, siege, images, options, progress, told)
        try:
            total = len(layout.pages)
            if page is not None and not 0 <= page < total:
                raise SnapshotError(_("page {number}: this snapshot has {total} pages").format(
                    number=page + 1, total=total))
            paged = isinstance(device, QPagedPaintDevice)
            numbers = [page] if page is not None else (list(range(total)) if paged else [0])
            # One page of several on an image, not asked for by number: its footer says
            # the others are not in it.
            _paint_pages(device, layout, content, numbers, progress,
                         alone=not paged and page is None and total > 1)
        finally:
            # The pages' painters refer back to the layout: let reference counting free the
            # table now rather than leave it to the collector.
            layout.pages.clear()
    return len(numbers)


def _paint_pages(device: QPaintDevice, layout: SnapshotLayout, content: QRectF,
                 numbers: list[int], progress: Progress = NO_PROGRESS, *,
                 alone: bool = False) -> None:
    """Paint pages ``numbers`` of ``layout`` on ``device``, telling ``progress`` before each.
    ``alone``: each page goes out without the rest (its footer says so). A cancelled print
    is aborted, so that the printer gets none of it."""
    total = len(layout.pages)
    painter = QPainter()
    if not painter.begin(device):
        raise SnapshotError(_("cannot paint on the output (is the path writable?)"))
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.scale(device.logicalDpiX() / 72, device.logicalDpiY() / 72)
        for position, number in enumerate(numbers):
            progress.report(position, len(numbers), _("Painting page {number} of {total}").format(
                number=number + 1, total=total))
            if position and isinstance(device, QPagedPaintDevice):  # more pages: a paged one
                device.newPage()
            layout.paint_page(painter, number, content, alone=alone)
    except Cancelled:
        abort = getattr(device, "abort", None)  # a QPrinter: drop the job, print nothing
        if abort is not None:
            abort()
        raise
    finally:
        painter.end()


def export_snapshot(path: str | Path, siege: Siege, images: dict[str, bytes],
                    options: SnapshotOptions, *, all_pages: bool = False,
                    progress: Progress = NO_PROGRESS,
                    told: Callable[[SnapshotLayout], None] | None = None) -> list[Path]:
    """Write the snapshot to ``path`` (.pdf, .png or .svg); return the files written.

    A PDF holds every page. A PNG or SVG holds the first page (the map); with ``all_pages``
    the other pages follow as NAME-2.png, NAME-3.png... Each file is written beside its
    target and renamed over it, every write checked, so a failed export (a full disk) says so
    and leaves no half file.
    ``told`` is handed the snapshot's layout once made (``SnapshotLayout.sheets_told``).
    Raises ``SnapshotError`` naming what to fix (unknown format, missing folder...), or
    ``Cancelled`` when ``progress`` (told as a city's table is laid out, then before each PDF
    page, or each PNG/SVG file) says
    so: the file being written is dropped; with ``all_pages``, the pages already written stay.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if path.is_dir():
        raise SnapshotError(_("{path} is a folder; give a file name ending in .pdf, .png "
                              "or .svg").format(path=path))
    if suffix not in FORMATS:
        raise SnapshotError(_("{name}: unknown snapshot format {suffix!r}; name the output .pdf, "
                              ".png or .svg").format(name=path.name, suffix=suffix or "(none)"))
    if not path.parent.is_dir():
        raise SnapshotError(_("{path}: the folder {parent} does not exist").format(
            path=path, parent=path.parent))
    if not os.access(path.parent, os.W_OK):
        raise SnapshotError(_("{path}: the folder {parent} is not writable").format(
            path=path, parent=path.parent))
    if suffix == ".pdf":
        _write(path, lambda device: _export_pdf(device, siege, images, options, progress,
                                                told))
        return [path]
    width_pt, height_pt = page_points(options)
    # Laid out once for every page: each page is a device of the same size and resolution.
    probe = _svg_page(QBuffer(), siege, options) if suffix == ".svg" else \
        _image_page(options, width_pt, height_pt)
    layout, content = snapshot_layout(probe, siege, images, options, progress, told)
    del probe  # a page's pixels: each page paints its own
    total = len(layout.pages) if all_pages else 1
    alone = not all_pages and len(layout.pages) > 1
    written = []
    for number in range(total):
        progress.report(number, total, _("Writing page {number} of {total}").format(
            number=number + 1, total=total))
        target = path if number == 0 else path.with_name(f"{path.stem}-{number + 1}{suffix}")
        if suffix == ".png":
            _write(target, lambda device, page=number: _export_png(device, layout, content, options,
                                                                   page, alone))
        else:
            _write(target, lambda device, page=number: _export_svg(device, layout, content, siege,
                                                                   options, page, alone))
        written.append(target)
    return written


def _write(target: Path, render) -> None:
    """Render into memory, then write the bytes beside ``target`` (every write checked,
    fsynced) and rename them over it: a full disk or a refused write is reported, in the words
    saving uses, and leaves no half file and no temporary one."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    render(buffer)
    buffer.close()
    data = bytes(buffer.data().data())
    if not data:
        raise SnapshotError(_("{target}: nothing was painted, nothing was written").format(
            target=target.name))
    try:
        atomic_write(target, lambda stream: write_all(stream, data))
    except OSError as error:
        kept = _("the old {target} is unchanged").format(
            target=target.name) if target.exists() else _("nothing was written")
        raise SnapshotError(_("could not write {target}: {reason}; {kept}").format(
            target=target.name, reason=plain_reason(error), kept=kept)
                            ) from None


def _export_pdf(device: QBuffer, siege: Siege, images: dict[str, bytes],
                options: SnapshotOptions, progress: Progress = NO_PROGRESS,
                told: Callable[[SnapshotLayout], None] | None = None) -> None:
    writer = QPdfWriter(device)
    writer.setResolution(PDF_RESOLUTION)
    writer.setTitle(f"{siege.name}: {clock_label(siege.clock)}")
    writer.setCreator("siegeboard")
    configure_page(writer, options)
    paint_snapshot(writer, siege, images, options, progress=progress, told=told)
    del writer  # the PDF is finished when the writer goes


def _image_page(options: SnapshotOptions, width_pt: float, height_pt: float) -> QImage:
    size = QSize(round(width_pt * options.dpi / 72), round(height_pt * options.dpi / 72))
    image = QImage(size, QImage.Format.Format_RGB32)
    if image.isNull():
        raise SnapshotError(_("a {width:,} x {height:,} pixel page does not fit in memory; "
                              "choose a lower --dpi or smaller paper").format(
            width=size.width(), height=size.height()))
    dots_per_metre = round(options.dpi / 0.0254)
    image.setDotsPerMeterX(dots_per_metre)
    image.setDotsPerMeterY(dots_per_metre)
    image.fill(QColor("white"))
    return image


def _export_png(device: QBuffer, layout: SnapshotLayout, content: QRectF,
                options: SnapshotOptions, page: int, alone: bool = False) -> None:
    image = _image_page(options, *page_points(options))
    _paint_pages(image, layout, content, [page], alone=alone)
    if options.greyscale:
        image = image.convertToFormat(QImage.Format.Format_Grayscale8)
    if not image.save(device, "PNG"):  # type: ignore[call-overload]  # stubs: bytes; Qt: str
        raise SnapshotError(_("the PNG could not be encoded"))


def _svg_page(device: QIODevice, siege: Siege, options: SnapshotOptions) -> QSvgGenerator:
    """An SVG page of the paper's size, in points, written to ``device``."""
    width_pt, height_pt = page_points(options)
    generator = QSvgGenerator(QSvgGenerator.SvgVersion.Svg11)  # 1.1 keeps clip paths
    generator.setOutputDevice(device)
    generator.setResolution(72)
    generator.setSize(QSize(round(width_pt), round(height_pt)))
    generator.setViewBox(QRectF(0, 0, width_pt, height_pt))
    generator.setTitle(f"{siege.name}: {clock_label(siege.clock)}")
    generator.setDescription("siegeboard snapshot")
    return generator


def _export_svg(device: QBuffer, layout: SnapshotLayout, content: QRectF, siege: Siege,
                options: SnapshotOptions, page: int, alone: bool = False) -> None:
    _paint_pages(_svg_page(device, siege, options), layout, content, [page], alone=alone)
