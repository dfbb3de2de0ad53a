"""What a PDF reader gets from a PDF the program wrote: each page's size, text and pixels.

Read with pdfium (pypdfium2, the engine of Chromium's PDF viewer), a reader apart from the Qt
that wrote the file, so a test sees the document as a GM's reader shows it.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2
from PySide6.QtGui import QImage


def pdf_pages(path: Path | str) -> tuple[list[tuple[int, int]], list[str]]:
    """Each page's size in whole points, and its text."""
    document = pypdfium2.PdfDocument(str(path))
    try:
        sizes, texts = [], []
        for page in document:
            width, height = page.get_size()
            sizes.append((round(width), round(height)))
            texts.append(page.get_textpage().get_text_bounded())
        return sizes, texts
    finally:
        document.close()


def pdf_text(path: Path | str) -> str:
    """The whole document's text, page after page."""
    return "\n".join(pdf_pages(path)[1])


def pages_as_drawn(path: Path | str, scale: float = 2.0) -> list[tuple[QImage, str]]:
    """Each page rendered (at ``scale`` times 72 dpi) and its text, as a PDF reader gets them."""
    document = pypdfium2.PdfDocument(str(path))
    try:
        pages = []
        for page in document:
            picture = page.render(scale=scale).to_pil().convert("RGBA")
            image = QImage(picture.tobytes(), picture.width, picture.height,
                           QImage.Format.Format_RGBA8888).copy()
            pages.append((image, page.get_textpage().get_text_bounded()))
        return pages
    finally:
        document.close()
