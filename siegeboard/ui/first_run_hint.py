"""The first-run hint: on an empty siege (no plan, nothing drawn) the map says what to do
first, and goes away as soon as there is a plan or a structure."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QGraphicsView, QLabel

from siegeboard.ui.document.changes import Change
from siegeboard.ui.document.document import Document
from siegeboard.ui.language import QT_TR_NOOP, tr

HINT = (QT_TR_NOOP("<b>An empty siege. To start:</b><ol>"
        "<li><b>Import a plan</b>: Map &gt; Import Image… (Ctrl+I), a scan or a drawing of "
        "the fortress; or start on an old map: File &gt; Open Example Map….</li>"
        "<li><b>Calibrate</b> it (C): click two points a known distance apart and type the "
        "distance in metres.</li>"
        "<li><b>Draw</b> the structures on it: Rectangle (R), Polygon (P), Wall (W); then "
        "place a Battery (B) and Fire (F).</li></ol>"
        "Help &gt; Keyboard Shortcuts lists every key."))


class FirstRunHint(QLabel):
    """A note in the middle of ``view`` while ``document``'s siege is empty."""

    def __init__(self, document: Document, view: QGraphicsView):
        super().__init__(view)
        self.setObjectName("firstRunHint")
        self.document = document
        self.view = view
        self.setText(tr(HINT))
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setWordWrap(True)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setStyleSheet("QLabel#firstRunHint { background: rgba(255, 255, 255, 235); "
                           "border: 1px solid #9aa5b1; border-radius: 6px; padding: 12px; "
                           "color: #26323d; }")
        self.setFixedWidth(420)
        document.changed.connect(self._on_changed)
        view.installEventFilter(self)
        self.refresh()

    @property
    def wanted(self) -> bool:
        siege = self.document.siege
        return not siege.structures and siege.map is None

    def _on_changed(self, change: Change) -> None:
        self.refresh()

    def refresh(self) -> None:
        self.setVisible(self.wanted)
        if self.wanted:
            self.adjustSize()
            self.place()

    def place(self) -> None:
        area = self.view.rect()
        self.move(max(0, (area.width() - self.width()) // 2),
                  max(0, (area.height() - self.height()) // 3))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.view and event.type() == QEvent.Type.Resize:
            self.place()
        return False
