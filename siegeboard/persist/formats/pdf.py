"""A page of a PDF (a scanned book, a printed plan) as a map format: the page drawn at the
GM's resolution becomes the plan of a new siege, nothing drawn on it yet.

PDFium (through pypdfium2) reads and draws the page; the page's size is read before it is
drawn, so a page that would be drawn larger than ``images.MAX_SIDE`` pixels on a side is refused
with the highest resolution that fits, before any pixel is made. The drawing is kept as a PNG and
checked like every plan (``check_image``). ``ImportOptions.page`` (counted from 1) chooses the
page and ``ImportOptions.dpi`` the resolution; the plan's scale until calibrated is
``ImportOptions.pixels_per_metre``.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from pathlib import Path

import pypdfium2

from siegeboard.persist.formats.base import (
    FormatBySuffix,
    ImportedMap,
    ImportOptions,
    ImportReport,
    Progress,
    resolve_options,
)
from siegeboard.persist.formats.plan_image import checked_plan, plan_siege, read_bytes
from siegeboard.persist.images import MAX_SIDE
from siegeboard.persist.siege_file import SiegeFileError

POINTS_PER_INCH = 72.0
MM_PER_POINT = 25.4 / POINTS_PER_INCH


@dataclass(frozen=True)
class PdfPage:
    """One page's size in PDF points (1/72 inch), as it is shown (its rotation applied)."""

    number: int  # counted from 1
    width_pt: float
    height_pt: float

    def pixels(self, dpi: float) -> tuple[int, int]:
        """The page's size in pixels drawn at ``dpi``."""
        scale = dpi / POINTS_PER_INCH
        return (max(1, math.ceil(self.width_pt * scale - 1e-6)),
                max(1, math.ceil(self.height_pt * scale - 1e-6)))

    def max_dpi(self) -> float:
        """The highest resolution at which the page stays within ``MAX_SIDE`` pixels a side."""
        return math.floor(MAX_SIDE * POINTS_PER_INCH / max(self.width_pt, self.height_pt))

    def label(self) -> str:
        """"Page 2 (210 x 297 mm)"."""
        return (f"Page {self.number} ({self.width_pt * MM_PER_POINT:.0f} x "
                f"{self.height_pt * MM_PER_POINT:.0f} mm)")


def _opened(data: bytes, name: str) -> pypdfium2.PdfDocument:
    try:
        return pypdfium2.PdfDocument(data)
    except pypdfium2.PdfiumError as error:
        reason = str(error)
        if "password" in reason.lower():
            raise SiegeFileError(f"{name} is locked with a password; save an unlocked copy "
                                 f"first") from None
        raise SiegeFileError(f"{name} is not a PDF siegeboard can read ({reason})") from None


def pdf_pages(path: str | Path) -> list[PdfPage]:
    """The pages of the PDF at ``path`` with their sizes (for choosing one);
    ``SiegeFileError`` in plain words when it cannot be read."""
    path = Path(path)
    document = _opened(read_bytes(path), path.name)
    try:
        return [_page_size(document, index, path.name) for index in range(len(document))]
    finally:
        document.close()


def _page_size(document: pypdfium2.PdfDocument, index: int, name: str = "the PDF") -> PdfPage:
    """Page ``index``'s size; ``SiegeFileError`` in one line when PDFium cannot load the page
    (a damaged file) or its size is no size (zero, negative, not a number)."""
    try:
        page = document[index]
    except pypdfium2.PdfiumError as error:
        raise SiegeFileError(f"{name}: page {index + 1} cannot be read ({error}); the file "
                             f"is damaged") from None
    try:
        width, height = (float(value) for value in page.get_size())
    finally:
        page.close()
    if not (math.isfinite(width) and math.isfinite(height) and width > 0 and height > 0):
        raise SiegeFileError(f"{name}: page {index + 1} has no size a page can have "
                             f"({width:g} x {height:g} points); the file is damaged")
    return PdfPage(index + 1, width, height)


class PdfFormat(FormatBySuffix):
    """Read only: one page of a PDF becomes the plan of a new siege."""

    name = "PDF page"
    name_filter = "PDF pages (*.pdf)"
    suffixes = (".pdf",)
    can_write = False

    def read(self, path: str | Path, options: ImportOptions | None = None,
             progress: Progress | None = None) -> ImportedMap:
        path = Path(path)
        options = resolve_options(options, path.name)
        data = read_bytes(path)
        document = _opened(data, path.name)
        try:
            count = len(document)
            if count == 0:
                raise SiegeFileError(f"{path.name} has no pages")
            if options.page > count:
                raise SiegeFileError(f"{path.name} has {count} page{'s' if count > 1 else ''}; "
                                     f"there is no page {options.page}")
            size = _page_size(document, options.page - 1, path.name)
            width, height = size.pixels(options.dpi)
            if max(width, height) > MAX_SIDE:
                raise SiegeFileError(
                    f"{path.name}: page {size.number} drawn at {options.dpi:g} dpi would be "
                    f"{width:,} x {height:,} pixels, more than the {MAX_SIDE:,} a plan may have "
                    f"on a side; choose {size.max_dpi():g} dpi or less")
            if progress is not None:
                progress(0, 2)
            png = _drawn(document, options.page - 1, options.dpi, path.name)
        finally:
            document.close()
        member = checked_plan(png, f"{path.name}, page {options.page}, drawn,")
        if progress is not None:
            progress(1, 2)
        report = ImportReport(source=path.name, read={"pages": count})
        report.notes.append(f"{size.label()} of {count} drawn at {options.dpi:g} dpi: "
                            f"{width:,} x {height:,} pixels.")
        imported = plan_siege(path, options, member, png, report)
        if progress is not None:
            progress(2, 2)
        return imported

    def write(self, path: str | Path, siege_file) -> None:
        raise SiegeFileError("siegeboard does not write PDF plans; File > Export Snapshot makes "
                             "a PDF of the siege")


def _drawn(document: pypdfium2.PdfDocument, index: int, dpi: float, name: str) -> bytes:
    """The page drawn on white at ``dpi``, as PNG bytes."""
    try:
        page = document[index]
    except pypdfium2.PdfiumError as error:
        raise SiegeFileError(f"{name}: page {index + 1} cannot be read ({error})") from None
    try:
        bitmap = page.render(scale=dpi / POINTS_PER_INCH, fill_color=(255, 255, 255, 255))
        picture = bitmap.to_pil().convert("RGB")
    except pypdfium2.PdfiumError as error:
        raise SiegeFileError(f"{name}: page {index + 1} cannot be drawn ({error})") from None
    finally:
        page.close()
    out = io.BytesIO()
    picture.save(out, "PNG", optimize=False, compress_level=6)
    return out.getvalue()
