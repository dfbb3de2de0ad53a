"""Rows of short texts drawn on a PDF page as one glyph run each, not one drawText per text.

Qt's PDF engine writes each text it is given as a text object of its own (a graphics state,
a colour, a font and a text matrix, then the glyphs): a city's table of 50,000 rows is some
350,000 such objects, and writing them took most of the snapshot's time. A ``GlyphRows``
lays each text out once, exactly where ``QPainter.drawText(QRectF(x, top, width, height),
align | AlignVCenter, text)`` puts it (a left or right alignment, one line), and draws the
texts of a row as one ``QGlyphRun``: the same glyphs at the same positions, still real text in
the PDF (the font's glyphs map back to their characters), in one text object.

Only texts Qt shapes plainly take this way: Latin script (no marks, no right-to-left, no
characters drawn by another font). Anything else is left to ``drawText`` by ``place``
returning ``None``. Glyph runs are for the PDF engine only: a print preview records the page
as a ``QPicture``, which keeps no glyph runs (``for_painter``).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import (
    QFont,
    QFontMetricsF,
    QGlyphRun,
    QPaintEngine,
    QPainter,
    QRawFont,
    QTextLayout,
    QTextOption,
)

LINE_BREAK = "\u2028"  # between the texts laid out together: each is a line of its own
KEPT = 20000  # texts kept laid out between pages (a column of unique squares would keep all)


def plain(text: str) -> bool:
    """Whether ``text`` is drawn glyph for glyph from its characters: printable ASCII and
    Latin letters (U+00A0 to U+024F, not the soft hyphen), nothing Qt reorders or combines."""
    if text.isascii():  # most of a table: one C-level test
        return text.isprintable()
    return all(" " <= char <= "~" or "\xa0" <= char <= "\u024f" and char != "\xad"
               for char in text)


Glyphs = tuple[list[int], list[QPointF]]  # glyph indexes and their positions


class GlyphRows:
    """Texts in one ``font`` placed in boxes and drawn a row at a time (see the module).

    ``box(x, width, right)`` is a box's cache: ``text -> glyphs``, the glyphs of ``text`` on
    a line at height 0, as ``drawText(QRectF(x, top, width, height), AlignLeft or AlignRight
    | AlignVCenter, text)`` places them across (``None``: not plain, draw it with drawText);
    a text in the same box of another row costs nothing more. ``prepare`` lays a page's texts
    out at once, before it asks for them (``trim`` first, between pages, bounds the memory);
    ``draw(painter, top, height, ...)`` draws glyphs so placed as that ``drawText`` would, a
    whole row of them at once.
    """

    def __init__(self, font: QFont):
        self.font = font
        self.metrics = QFontMetricsF(font)
        self.raw = QRawFont.fromFont(font)
        self._option = QTextOption()
        self._option.setTextDirection(Qt.LayoutDirection.LeftToRight)
        # What drawText sets for a text that does not wrap: trailing spaces are measured.
        self._option.setFlags(QTextOption.Flag.IncludeTrailingSpaces)
        self._boxes: dict[tuple[float, float, bool], dict[str, Glyphs | None]] = {}
        self._kept = 0
        self._line_h = self.metrics.ascent() + self.metrics.descent()
        self._run = QGlyphRun()
        self._run.setRawFont(self.raw)

    @staticmethod
    def for_painter(painter: QPainter) -> bool:
        """Whether ``painter`` paints a PDF (where rows of glyph runs are worth it)."""
        engine = painter.paintEngine()
        return engine is not None and engine.type() == QPaintEngine.Type.Pdf

    def trim(self) -> None:
        """Forget every text laid out, once more than ``KEPT`` are kept (between pages)."""
        if self._kept > KEPT:
            for cache in self._boxes.values():
                cache.clear()
            self._kept = 0

    def box(self, x: float, width: float, right: bool) -> dict[str, Glyphs | None]:
        """The cache of the box from ``x``, ``width`` wide, its texts aligned right or left."""
        return self._boxes.setdefault((x, width, right), {})

    def prepare(self, texts: Iterable[tuple[tuple[float, float, bool], str]]) -> None:
        """Lay out each (box, text) of ``texts`` not laid out yet, in one ``QTextLayout``
        (each text a line of its own, so shaped as if alone)."""
        fresh = []
        for key in dict.fromkeys(texts):
            cache = self.box(*key[0])
            text = key[1]
            if text in cache:
                continue
            if text and plain(text):
                fresh.append((cache, key[0], text))
            else:
                cache[text] = None
        if not fresh:
            return
        self._kept += len(fresh)
        layout = QTextLayout(LINE_BREAK.join(text for _, _, text in fresh), self.font)
        layout.setTextOption(self._option)
        layout.beginLayout()
        lines = [layout.createLine() for _ in fresh]  # each lays out the one before
        layout.endLayout()
        advance = self.metrics.horizontalAdvance
        for (cache, (x, width, right), text), line in zip(fresh, lines, strict=True):
            # drawText's arithmetic: moved right by the width less the text's advance for a
            # right alignment. The line's x is kept as Qt keeps it (in 64ths of a unit).
            line.setPosition(QPointF(x + (width - advance(text)) if right else x, 0.0))
            ids: list[int] = []
            positions: list[QPointF] = []
            placed: Glyphs | None = (ids, positions)
            for run in line.glyphRuns():
                if run.rawFont() != self.raw:  # a character drawn from another font, whose
                    placed = None              # line is not as high: leave it to drawText
                    break
                ids += run.glyphIndexes()
                positions += run.positions()
            cache[text] = placed

    def place(self, text: str, x: float, width: float, right: bool) -> Glyphs | None:
        """The glyphs of ``text`` in its box (see the class), laid out now if need be."""
        cache = self.box(x, width, right)
        if text not in cache:
            self.prepare([((x, width, right), text)])
        return cache[text]

    def draw(self, painter: QPainter, top: float, height: float, ids: list[int],
             positions: list[QPointF]) -> None:
        """Draw glyphs ``place`` gave (their ``ids`` and ``positions``, of boxes ``top`` to
        ``top + height``) as one run, in the painter's pen."""
        if not ids:
            return
        run = self._run
        run.setGlyphIndexes(ids)
        run.setPositions(positions)
        # drawText's arithmetic: the line's box centred in the height.
        painter.drawGlyphRun(QPointF(0.0, top + (height - self._line_h) / 2), run)
