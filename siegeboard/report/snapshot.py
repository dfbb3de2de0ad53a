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

import os
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF, QSize
from PySide6.QtGui import (
    QColor, QGuiApplication, QImage, QPageLayout, QPageSize, QPagedPaintDevice, QPainter,
    QPaintDevice, QPdfWriter,
)
from PySide6.QtSvg import QSvgGenerator

from siegeboard.model.progress import NO_PROGRESS, Progress
from siegeboard.model.siege import Siege
from siegeboard.report.extent import load_plan
from siegeboard.report.options import SnapshotOptions
from siegeboard.report.pages import SnapshotLayout
from siegeboard.report.sheets import POINTS_PER_MM

FORMATS = (".pdf", ".png", ".svg")
MARGIN_MM = 10.0
PDF_RESOLUTION = 600


class SnapshotError(Exception):
    """A snapshot that cannot be made or written; the message says what to fix."""


def ensure_gui_app() -> QGuiApplication:
    """The running Qt application, or a new ``QGuiApplication`` (offscreen without a display)."""
    app = QGuiApplication.instance()
    if app is not None:
        return app
    headless = not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    if headless and sys.platform.startswith("linux") and not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    return QGuiApplication(["siegeboard"])


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
                    options: SnapshotOptions) -> tuple[SnapshotLayout, QRectF]:
    """The pages a snapshot would have on ``device``, and the content rectangle (points)."""
    ensure_gui_app()
    try:
        plan = load_plan(siege, images)
    except ValueError as error:
        raise SnapshotError(str(error)) from None
    content = _content_rect(device)
    if content.width() < 200 or content.height() < 200:
        raise SnapshotError(f"the page is too small for a snapshot "
                            f"({content.width():.0f} x {content.height():.0f} pt inside margins)")
    try:
        layout = SnapshotLayout(siege, plan, options, content.width(), content.height())
    except ValueError as error:
        raise SnapshotError(str(error)) from None
    return layout, content


def paint_snapshot(device: QPaintDevice, siege: Siege, images: dict[str, bytes],
                   options: SnapshotOptions, *, page: int | None = None,
                   progress: Progress = NO_PROGRESS) -> int:
    """Paint the snapshot on ``device``; return the number of pages painted.

    A paged device (QPrinter, QPdfWriter) gets every page, or only ``page`` (0-based) when
    given; any other device (QImage, QSvgGenerator) gets one page, ``page`` or the first (the
    map). The device's own paper and orientation are used: see ``configure_page``.
    Raises ``SnapshotError`` when the device cannot be painted on or the page is too small,
    ``Cancelled`` when ``progress`` (told before each page) says so.
    """
    layout, content = snapshot_layout(device, siege, images, options)
    total = len(layout.pages)
    if page is not None and not 0 <= page < total:
        raise SnapshotError(f"page {page + 1}: this snapshot has {total} pages")
    paged = isinstance(device, QPagedPaintDevice)
    numbers = [page] if page is not None else (list(range(total)) if paged else [0])
    painter = QPainter()
    if not painter.begin(device):
        raise SnapshotError("cannot paint on the output (is the path writable?)")
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.scale(device.logicalDpiX() / 72, device.logicalDpiY() / 72)
        for position, number in enumerate(numbers):
            progress.report(position, len(numbers), f"Painting page {number + 1} of {total}")
            if position:
                device.newPage()
            layout.paint_page(painter, number, content)
    finally:
        painter.end()
    return len(numbers)


def export_snapshot(path: str | Path, siege: Siege, images: dict[str, bytes],
                    options: SnapshotOptions, *, all_pages: bool = False,
                    progress: Progress = NO_PROGRESS) -> list[Path]:
    """Write the snapshot to ``path`` (.pdf, .png or .svg); return the files written.

    A PDF holds every page. A PNG or SVG holds the first page (the map); with ``all_pages``
    the other pages follow as NAME-2.png, NAME-3.png... Each file is written beside its
    target and renamed over it, so a failed export leaves no half file.
    Raises ``SnapshotError`` naming what to fix (unknown format, missing folder...), or
    ``Cancelled`` when ``progress`` (told before each PDF page, or each PNG/SVG file) says
    so: the file being written is dropped; with ``all_pages``, the pages already written stay.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if path.is_dir():
        raise SnapshotError(f"{path} is a folder; give a file name ending in .pdf, .png or .svg")
    if suffix not in FORMATS:
        raise SnapshotError(f"{path.name}: unknown snapshot format {suffix or '(none)'!r}; "
                            f"name the output .pdf, .png or .svg")
    if not path.parent.is_dir():
        raise SnapshotError(f"{path}: the folder {path.parent} does not exist")
    if not os.access(path.parent, os.W_OK):
        raise SnapshotError(f"{path}: the folder {path.parent} is not writable")
    if suffix == ".pdf":
        _write(path, lambda temp: _export_pdf(temp, siege, images, options, progress))
        return [path]
    width_pt, height_pt = page_points(options)
    probe = _image_page(options, width_pt, height_pt)
    total = len(snapshot_layout(probe, siege, images, options)[0].pages) if all_pages else 1
    written = []
    for number in range(total):
        progress.report(number, total, f"Writing page {number + 1} of {total}")
        target = path if number == 0 else path.with_name(f"{path.stem}-{number + 1}{suffix}")
        if suffix == ".png":
            _write(target, lambda temp: _export_png(temp, siege, images, options, number))
        else:
            _write(target, lambda temp: _export_svg(temp, siege, images, options, number))
        written.append(target)
    return written


def _write(target: Path, render) -> None:
    """Render into a temporary file beside ``target``, then rename it over ``target``."""
    try:
        handle, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=target.suffix,
                                             dir=target.parent)
    except OSError as error:
        raise SnapshotError(f"cannot write in {target.parent}: {error.strerror or error}") from None
    os.close(handle)
    temp = Path(temp_name)
    umask = os.umask(0)
    os.umask(umask)
    temp.chmod(0o666 & ~umask)  # mkstemp makes it private; an export is an ordinary file
    try:
        render(temp)
        if temp.stat().st_size == 0:
            raise SnapshotError(f"{target.name}: nothing was written")
        os.replace(temp, target)
    except OSError as error:
        raise SnapshotError(f"cannot write {target}: {error.strerror or error}") from None
    finally:
        temp.unlink(missing_ok=True)


def _export_pdf(temp: Path, siege: Siege, images: dict[str, bytes],
                options: SnapshotOptions, progress: Progress = NO_PROGRESS) -> None:
    writer = QPdfWriter(str(temp))
    writer.setResolution(PDF_RESOLUTION)
    writer.setTitle(f"{siege.name}: {siege.clock.label()}")
    writer.setCreator("siegeboard")
    configure_page(writer, options)
    paint_snapshot(writer, siege, images, options, progress=progress)
    del writer  # the PDF is finished when the writer goes


def _image_page(options: SnapshotOptions, width_pt: float, height_pt: float) -> QImage:
    size = QSize(round(width_pt * options.dpi / 72), round(height_pt * options.dpi / 72))
    image = QImage(size, QImage.Format.Format_RGB32)
    dots_per_metre = round(options.dpi / 0.0254)
    image.setDotsPerMeterX(dots_per_metre)
    image.setDotsPerMeterY(dots_per_metre)
    image.fill(QColor("white"))
    return image


def _export_png(temp: Path, siege: Siege, images: dict[str, bytes], options: SnapshotOptions,
                page: int) -> None:
    image = _image_page(options, *page_points(options))
    paint_snapshot(image, siege, images, options, page=page)
    if options.greyscale:
        image = image.convertToFormat(QImage.Format.Format_Grayscale8)
    if not image.save(str(temp), "PNG"):
        raise SnapshotError(f"{temp.name}: the PNG could not be written")


def _export_svg(temp: Path, siege: Siege, images: dict[str, bytes], options: SnapshotOptions,
                page: int) -> None:
    width_pt, height_pt = page_points(options)
    generator = QSvgGenerator()
    generator.setFileName(str(temp))
    generator.setResolution(72)
    generator.setSize(QSize(round(width_pt), round(height_pt)))
    generator.setViewBox(QRectF(0, 0, width_pt, height_pt))
    generator.setTitle(f"{siege.name}: {siege.clock.label()}")
    generator.setDescription("siegeboard snapshot")
    paint_snapshot(generator, siege, images, options, page=page)
