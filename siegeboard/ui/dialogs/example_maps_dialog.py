"""File > Open Example Map...: a new siege on one of the old maps shipped with the program.

The dialog lists the maps of ``maps/`` (``persist.example_maps``) with a thumbnail, and for the
one chosen its description, source, licence and scale, beside the rule text the new siege
follows. Starting is what New does (the GM's unsaved changes are offered for saving first, and
a refusal or a cancel leaves the open siege as it was), then the plan is laid under the board
as one undoable step at the map's own scale: Undo takes the plan away again and leaves the
empty new siege. The last map and rule text chosen are remembered.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSettings, QSize, Qt
from PySide6.QtGui import QIcon, QImageReader, QPainter, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from siegeboard.model.siege import Siege
from siegeboard.persist import SiegeFile
from siegeboard.persist.example_maps import ExampleMap, example_maps
from siegeboard.report.extent import plan_image
from siegeboard.rules.dice import fresh_dice_seed
from siegeboard.rules.registry import DEFAULT, RULESETS
from siegeboard.ui.language import tr
from siegeboard.ui.plain_words import plain_clause

if TYPE_CHECKING:
    from siegeboard.ui.document.document import Document

THUMBNAIL = QSize(120, 120)
# A plan whose map shows no scale starts at this many pixels a metre, to be calibrated.
UNCALIBRATED_PIXELS_PER_METRE = 10.0
LAST_MAP = "example_maps/last_map"
LAST_RULESET = "example_maps/last_ruleset"


def thumbnail(example: ExampleMap, size: QSize = THUMBNAIL) -> QPixmap:
    """The map drawn to fit ``size``, centred on a clear square of that size so the names
    beside the thumbnails line up (decoded at that size where the format allows: a JPEG is
    not decoded whole); an empty pixmap if the image cannot be read."""
    buffer = QBuffer()
    buffer.setData(QByteArray(example.image_bytes()))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer)
    whole = reader.size()
    if whole.isValid():
        reader.setScaledSize(whole.scaled(size, Qt.AspectRatioMode.KeepAspectRatio))
    image = reader.read()
    if image.isNull():
        return QPixmap()
    square = QPixmap(size)
    square.fill(Qt.GlobalColor.transparent)
    painter = QPainter(square)
    painter.drawImage((size.width() - image.width()) // 2,
                      (size.height() - image.height()) // 2, image)
    painter.end()
    return square


def describe(example: ExampleMap) -> str:
    """The map's description, source, licence and scale, as rich text for the dialog."""
    if example.pixels_per_metre is not None:
        scale = (tr("{pixels_per_metre:g} pixels a metre "
                 "({escape}); calibrate it again for a closer figure").format(
                         pixels_per_metre=example.pixels_per_metre,
                                 escape=escape(example.scale_from or '')))
    else:
        scale = tr("not shown on the map: calibrate it (Map &gt; Calibrate) after it opens")
    return (tr("<p><b>{name}</b></p><p>{description}</p>"
            "<p><b>Source:</b> {source}</p>"
            "<p><b>Licence:</b> {licence}</p>"
            "<p><b>Scale:</b> {scale}</p>").format(
                    name=escape(example.name), description=escape(example.description),
                            source=escape(example.source), licence=escape(example.licence),
                                    scale=scale))


class ExampleMapDialog(QDialog):
    """Choose one of ``maps`` and the rule text of the new siege. ``chosen_key`` and
    ``chosen_ruleset`` preselect the last choice."""

    def __init__(self, maps: list[ExampleMap], parent: QWidget | None = None,
                 chosen_key: str | None = None, chosen_ruleset: str | None = None):
        super().__init__(parent)
        self.setObjectName("exampleMapDialog")
        self.setWindowTitle(tr("Open Example Map"))
        self.maps = maps
        self.map_list = QListWidget()
        self.map_list.setObjectName("exampleMapList")
        self.map_list.setAccessibleName(tr("Example maps"))
        self.map_list.setIconSize(THUMBNAIL)
        self.map_list.setSpacing(4)
        self.map_list.setMinimumWidth(360)
        self.map_list.setWordWrap(True)  # a long name wraps beside its thumbnail
        self.map_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for example in maps:
            item = QListWidgetItem(QIcon(thumbnail(example)), example.name)
            item.setData(Qt.ItemDataRole.UserRole, example.key)
            item.setToolTip(example.description)
            self.map_list.addItem(item)
        self.details = QLabel()
        self.details.setObjectName("exampleMapDetails")
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.details.setMinimumWidth(320)
        self.rule_text = QComboBox()
        self.rule_text.setObjectName("exampleMapRuleText")
        for rules in RULESETS.values():
            self.rule_text.addItem(rules.title, rules.id)
        ruleset_row = self.rule_text.findData(chosen_ruleset or DEFAULT.id)
        self.rule_text.setCurrentIndex(max(ruleset_row, 0))
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        start = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        start.setText(tr("&Start Siege"))
        start.setObjectName("exampleMapStart")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow(tr("&Rule text:"), self.rule_text)
        side = QVBoxLayout()
        side.addWidget(self.details, 1)
        side.addLayout(form)
        columns = QHBoxLayout()
        columns.addWidget(self.map_list, 1)
        columns.addLayout(side, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(columns, 1)
        layout.addWidget(self.buttons)

        self.map_list.currentRowChanged.connect(self._show_details)
        self.map_list.itemDoubleClicked.connect(lambda _item: self.accept())
        keys = [example.key for example in maps]
        self.map_list.setCurrentRow(keys.index(chosen_key) if chosen_key in keys else 0)
        self.map_list.setFocus()
        self.resize(760, 460)

    def _show_details(self, row: int) -> None:
        example = self.chosen()
        self.details.setText(describe(example) if example is not None else "")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(row >= 0)

    def chosen(self) -> ExampleMap | None:
        """The map chosen (None if the list is empty)."""
        row = self.map_list.currentRow()
        return self.maps[row] if 0 <= row < len(self.maps) else None

    def ruleset(self) -> str:
        """The id of the rule text chosen for the new siege."""
        return str(self.rule_text.currentData())


class ExampleMapOpener:
    """Starts a new siege of ``document`` on an example map. ``fit_view`` shows the whole
    plan; ``maybe_save`` is New's question about unsaved changes (True when they are safe);
    ``warn`` and ``show_message`` report."""

    def __init__(self, document: Document, fit_view: Callable[[], None], parent: QWidget,
                 settings: QSettings, maybe_save: Callable[[], bool],
                 warn: Callable[[str], None], show_message: Callable[[str], None]):
        self.document = document
        self.fit_view = fit_view
        self.parent = parent
        self.settings = settings
        self.maybe_save = maybe_save
        self.warn = warn
        self.show_status = show_message

    def run(self) -> bool:
        """Show the dialog; start the siege chosen. True if a new siege was started."""
        try:
            maps = example_maps()
        except (OSError, ValueError) as error:
            self.warn(tr("Cannot list the example maps: {error}.").format(
                    error=plain_clause(error)))
            return False
        if not maps:
            self.warn(tr("No example maps are installed with this copy of siegeboard."))
            return False
        dialog = ExampleMapDialog(maps, self.parent, self.settings.value(LAST_MAP),
                                  self.settings.value(LAST_RULESET))
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return False
            example, ruleset = dialog.chosen(), dialog.ruleset()
        finally:
            dialog.deleteLater()
        if example is None:
            return False
        return self.start(example, ruleset)

    def start(self, example: ExampleMap, ruleset: str) -> bool:
        """A new siege of ``ruleset`` named after ``example``, with its plan under the board;
        the unsaved changes are asked about first. False (and nothing changed) if the GM
        keeps the open siege or the image cannot be read."""
        try:
            data = example.image_bytes()
            plan_image(data)  # what the board decodes: a plan it cannot show is refused now
        except (OSError, ValueError) as error:
            self.warn(tr("Cannot open the example map {name}: {error}. "
                      "The open siege is unchanged.").format(
                              name=example.name, error=plain_clause(error)))
            return False
        if not self.maybe_save():
            return False
        siege = Siege(name=example.name, ruleset=ruleset, dice_seed=fresh_dice_seed())
        self.document.load(SiegeFile(siege=siege), None)
        self.document.set_map(example.member, data,
                              example.pixels_per_metre or UNCALIBRATED_PIXELS_PER_METRE)
        self.fit_view()
        self.settings.setValue(LAST_MAP, example.key)
        self.settings.setValue(LAST_RULESET, ruleset)
        scale = (tr("at its own scale; Map > Calibrate (C) checks it") if example.pixels_per_metre
                 else tr("not yet calibrated: Map > Calibrate (C), click two points, type the "
                 "distance"))
        self.show_status(tr("A new siege on {name} ({value}), "
                         "{scale}. Undo takes the plan away.").format(
                                 name=example.name, value=example.licence.split(';')[0],
                                         scale=scale))
        return True
