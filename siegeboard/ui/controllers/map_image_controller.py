"""The Map menu's work on the image under the board: import, remove, set its scale, rotate
and lock it. An image that cannot be read is one message and leaves the map as it was."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QSlider

from siegeboard.ui.board.map_image_item import decode_image
from siegeboard.ui.board.map_view import MapView
from siegeboard.ui.dialogs.prompts import Prompts
from siegeboard.ui.document.changes import Aspect
from siegeboard.ui.document.document import Document
from siegeboard.ui.language import tr
from siegeboard.ui.per_siege import remember, remembered
from siegeboard.ui.plain_words import plain_clause

IMAGE_SUFFIXES = {".png": "png", ".jpg": "jpg", ".jpeg": "jpg", ".tif": "tif", ".tiff": "tif",
                  ".webp": "webp", ".bmp": "bmp"}
DEFAULT_PIXELS_PER_METRE = 10.0


class MapImageController:
    """Edits of ``document``'s map image; ``view`` is fitted to a newly imported one."""

    def __init__(self, document: Document, view: MapView, prompts: Prompts,
                 show_message: Callable[[str], None], settings: QSettings | None = None):
        """``settings``: where the plan's opacity is remembered, per siege."""
        self.document = document
        self.view = view
        self.prompts = prompts
        self.show_status = show_message
        self.settings = settings
        self.opacity_slider = QSlider(Qt.Orientation.Horizontal)
        self.opacity_slider.setObjectName("planOpacitySlider")
        self.opacity_slider.setRange(10, 100)
        self.opacity_slider.setValue(100)
        self.opacity_slider.setMaximumWidth(110)
        self.opacity_slider.setToolTip(tr("The plan's opacity: fade a coloured plan so the "
                                       "structures' fills read over it (kept per siege)"))
        self.opacity_slider.valueChanged.connect(self._opacity_moved)
        document.changed.connect(self._on_changed)

    # -- the plan's opacity ---------------------------------------------------------------------
    @property
    def plan_opacity(self) -> float:
        return self.opacity_slider.value() / 100

    def set_plan_opacity(self, opacity: float) -> None:
        """Show the plan at ``opacity`` (0.1 to 1), remembered for this siege."""
        self.opacity_slider.setValue(round(min(max(opacity, 0.1), 1.0) * 100))

    def _opacity_moved(self, value: int) -> None:
        self._apply_opacity()
        remember(self.settings, self.document, "plan_opacity", value / 100)

    def _apply_opacity(self) -> None:
        item = self.view.map_scene.map_item
        if item is not None:
            item.setOpacity(self.plan_opacity)

    def _on_changed(self, change) -> None:
        if change.reset:
            value = remembered(self.settings, self.document, "plan_opacity")
            try:
                opacity = float(value) if value is not None else 1.0
            except (TypeError, ValueError):
                opacity = 1.0
            self.opacity_slider.blockSignals(True)
            self.opacity_slider.setValue(round(min(max(opacity, 0.1), 1.0) * 100))
            self.opacity_slider.blockSignals(False)
        if change.reset or change.touches(Aspect.MAP):  # a new image item: give it the opacity
            self._apply_opacity()

    def import_image_dialog(self) -> None:
        path = self.prompts.ask_image_path()
        if path is not None:
            self.import_image(path)

    def import_image(self, path: Path) -> bool:
        """Put the image at ``path`` under the board; an unreadable one changes nothing."""
        path = Path(path)
        suffix = IMAGE_SUFFIXES.get(path.suffix.lower())
        if suffix is None:
            self.prompts.warn(tr("Cannot import {name}: use a PNG, JPEG, TIFF, WEBP or BMP "
                              "image.").format(name=path.name))
            return False
        try:
            data = path.read_bytes()
            decode_image(data)
        except OSError as error:
            self.prompts.warn(tr("Cannot import {name}: {value}.").format(
                    name=path.name, value=error.strerror or error))
            return False
        except ValueError as error:
            self.prompts.warn(tr("Cannot import {name}: {error}. "
                              "The map is unchanged.").format(
                                      name=path.name, error=plain_clause(error)))
            return False
        old = self.document.siege.map
        if old is not None and old.locked and not self.prompts.confirm(
                tr("The plan under the board is locked. Replace it with {name}? The "
                "structures stay where they are; Undo brings the old plan back.").format(
                        name=path.name),
                tr("Replace Plan")):
            self.show_status(tr("{name} not imported: the locked plan is kept.").format(
                    name=path.name))
            return False
        self.document.set_map(f"map.{suffix}", data, DEFAULT_PIXELS_PER_METRE)
        self.view.fit_to_map()
        placement = self.document.siege.map
        locked = tr(
            "locked in place") if placement is not None and placement.locked else tr("not locked")
        self.show_status(tr("Imported {name}, {locked} (Map > Lock Image). Calibrate it: "
                         "Map > Calibrate (C), click two points, type the distance.").format(
                                 name=path.name, locked=locked))
        return True

    def remove_image(self) -> None:
        """Remove the plan, after asking; a locked plan is refused (unlock it first)."""
        placement = self.document.siege.map
        if placement is None:
            return
        if placement.locked:
            self.prompts.warn(tr("The plan is locked, so it cannot be removed. Unlock it first "
                              "(Map > Lock Image)."))
            return
        if self.prompts.confirm(tr("Remove the plan from under the board? The structures stay; "
                                "Undo brings the plan back."), tr("Remove Plan")):
            self.document.set_map(None, None)

    def set_scale_dialog(self) -> None:
        placement = self.document.siege.map
        if placement is None:
            return
        pixels = self.prompts.ask_number(tr("Map scale"), tr("Image pixels per 2 m:"),
                                         placement.pixels_per_metre * 2)
        if pixels is None:
            return
        if not pixels > 0:
            self.prompts.warn(tr("The scale must be more than 0 pixels per 2 m, not {pixels:g}. "
                              "The map's scale is unchanged.").format(pixels=pixels))
            return
        if placement.locked and not self.prompts.confirm(
                tr("The plan is locked. Rescale it to "
                "{pixels:g} pixels per 2 m? The structures stay where they are; Undo brings "
                "the old scale back.").format(pixels=pixels), tr("Rescale Plan")):
            return
        self.prompts.guard(tr("calibrate"), lambda: self.document.calibrate_map(pixels / 2))

    def rotate_image_dialog(self) -> None:
        placement = self.document.siege.map
        if placement is None:
            return
        if placement.locked:
            self.prompts.warn(tr("The map image is locked: unlock it (Map > Lock Image) to rotate "
                              "it."))
            return
        degrees = self.prompts.ask_number(tr(
            "Rotate map image"), tr("Rotation in degrees (clockwise):"),
                                          placement.rotation_deg, 2)
        if degrees is not None:
            self.prompts.guard(tr("rotate the image"),
                               lambda: self.document.place_map(rotation_deg=degrees % 360))

    def set_image_locked(self, locked: bool) -> None:
        """Lock or unlock the plan (an undoable edit), and say which it now is."""
        placement = self.document.siege.map
        if placement is not None and placement.locked != locked:
            self.document.place_map(locked=locked)
            self.show_status(tr("The plan is locked: it cannot be moved, rotated or removed, and "
                             "replacing or rescaling it asks first.") if locked else
                             tr("The plan is unlocked: it can be moved, rotated and removed."))
