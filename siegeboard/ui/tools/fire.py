"""Fire tool: hover to read the range, the range band and the blast's reach; click to fire.

The shot is the rules engine's: the tool builds a ``FireAt`` from the Fire dock's settings
and hands it to the window, which plays it through the document. The preview asks the siege's
rule text (``Ruleset.shot_preview``) for the words and the concussion in each square;
nothing here decides a rule.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtWidgets import QLabel, QWidget

from siegeboard.geometry import label_at, square_box
from siegeboard.model.actions import FireAt
from siegeboard.model.weapon import Weapon
from siegeboard.report.bounds import board_bounds, contains
from siegeboard.rules import odds
from siegeboard.ui.items.blast_item import BlastItem
from siegeboard.ui.items.range_rings import RangeRingsItem
from siegeboard.ui.language import QT_TR_NOOP, tr
from siegeboard.ui.plain_words import plain_clause
from siegeboard.ui.range_legend import RangeLegend
from siegeboard.ui.tools.base import Tool, ToolEvent
from siegeboard.ui.tools.fire_square import FireAtSquare, SquareHost


@dataclass(frozen=True)
class FireSettings:
    """What the Fire dock says about the next shot."""

    weapon_id: str | None
    battery_id: str | None = None
    range_m: float | None = None   # used when there is no battery
    modifier: int = 0
    successes: int = 0
    boons: int = 0
    through_slit: bool = False


class FireHost(SquareHost, Protocol):
    """What the Fire tool needs beyond any tool's host: the Fire dock's word on the shot, and
    what its square box asks (``SquareHost``)."""

    def fire_settings(self) -> FireSettings:
        """What the next shot is: battery, typed range and the GM's figures."""


def square_rects(cells: list[tuple[tuple[int, int], int]],
                 origin: tuple[float, float]) -> list[tuple[QRectF, int]]:
    """The preview's (square, concussion) pairs as rectangles in map metres."""
    rects = []
    for square, value in cells:
        x0, y0, x1, y1 = square_box(square, origin).bounds
        rects.append((QRectF(x0, y0, x1 - x0, y1 - y0), value))
    return rects


class FireTool(Tool):
    name = "fire"
    label = QT_TR_NOOP("Fire")
    shortcut = "F"
    status_tip = (QT_TR_NOOP("Fire: hover to see the range, band and blast; click to fire the "
        "chosen "
                  "battery (or weapon at a typed range) at that point."))
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, host: FireHost):
        super().__init__(host)
        self.fire_host = host
        self.blast = BlastItem()
        self.blast.setVisible(False)
        self.rings = RangeRingsItem()
        self._rings_of: tuple | None = None  # what the rings show: (position, bands)
        self.legend: RangeLegend | None = None  # the bands whose rings are out of sight
        self.square_box = FireAtSquare(self)  # "F, then D6, Enter"
        self.active = False
        self.last_text = ""

    def make_toolbar_widgets(self) -> list[QWidget]:
        label = QLabel(tr("Fire at square"))
        label.setBuddy(self.square_box.entry)
        return [label, self.square_box.entry]

    def activate(self) -> None:
        super().activate()
        self.active = True
        # The keys typed next are a square: F, then D6, Enter. The box is shown on the Tool
        # Options bar as the tool becomes active; it takes the keyboard once laid out.
        QTimer.singleShot(0, self._focus_square_box)
        if self.blast.scene() is None:
            self.scene.addItem(self.blast)
        if self.rings.scene() is None:
            self.scene.addItem(self.rings)
        self.refresh_rings()

    def _focus_square_box(self) -> None:
        entry = self.square_box.entry
        if self.active and entry.isVisible():
            entry.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def deactivate(self) -> None:
        super().deactivate()
        self.active = False
        if self.square_box.entry.hasFocus() and self.scene.views():
            self.scene.views()[0].setFocus(Qt.FocusReason.OtherFocusReason)
        self._rings_of = None
        self.rings.show_rings(None, [])
        if self.legend is not None:
            self.legend.show_for("", None, [])

    def cancel(self) -> None:
        super().cancel()
        self.blast.show_cells([])

    # -- range rings ----------------------------------------------------------------------------
    def refresh_rings(self) -> None:
        """Ring the chosen battery with its weapon's range bands, each labelled with its
        limit and penetration; none while no battery is chosen (or the tool is not active)."""
        if not self.active:
            return
        siege = self.document.siege
        battery_id = self.fire_host.fire_settings().battery_id
        battery = siege.batteries.get(battery_id) if battery_id else None
        weapon = self.document.weapon(battery.weapon_id) if battery is not None else None
        bands = tuple((band.up_to_m, band.penetration) for band in weapon.range_bands) \
            if weapon is not None else ()
        shown = (battery.position, bands) if battery is not None and bands else None
        if shown == self._rings_of:
            return
        self._rings_of = shown
        legend = self._legend()
        if shown is None:
            self.rings.show_rings(None, [])
            if legend is not None:
                legend.show_for("", None, [])
            return
        assert battery is not None  # shown: a battery is chosen
        rings = [(limit, tr("≤ {limit:g} m · pen {penetration}").format(
                limit=limit, penetration=penetration)) for limit, penetration in bands]
        self.rings.show_rings(battery.position, rings)
        if legend is not None:
            legend.show_for(battery.name, battery.position, rings)

    def _legend(self) -> RangeLegend | None:
        """The plate that names the bands whose rings are out of sight, made on the scene's
        view when there is one (a tool tested without a view has none)."""
        if self.legend is None and self.scene.views():
            self.legend = RangeLegend(self.scene.views()[0])
        return self.legend

    # -- reading the shot ---------------------------------------------------------------------
    def _weapon_and_range(self, settings: FireSettings,
                          point) -> tuple[Weapon | None, float | None, str]:
        siege = self.document.siege
        if settings.battery_id is not None and settings.battery_id in siege.batteries:
            battery = siege.batteries[settings.battery_id]
            weapon = self.document.weapon(battery.weapon_id)
            return weapon, math.dist(battery.position, point), tr("from {name}").format(
                    name=battery.name)
        weapon = self.document.weapon(settings.weapon_id) if settings.weapon_id else None
        return weapon, settings.range_m, tr("range typed")

    def describe(self, point) -> str:
        """The status line for the pointer at ``point``: range, band, square, blast reach."""
        settings = self.fire_host.fire_settings()
        weapon, range_m, how = self._weapon_and_range(settings, point)
        siege = self.document.siege
        square = label_at(point, siege.grid_origin, siege.label_anchor)
        if weapon is None:
            self.blast.show_cells([])
            return tr("{square}: choose a battery or a weapon to fire").format(square=square)
        parts = [tr("{name} at {square}").format(name=weapon.name, square=square)]
        if range_m is not None:
            parts.append(tr("range {range_m:.1f} m ({how})").format(range_m=range_m, how=how))
        words, cells = self.document.rules.shot_preview(siege, weapon, point, range_m)
        parts += words
        self.blast.show_cells(square_rects(cells, siege.grid_origin))
        target = self.scene.structure_at(point)
        if target is not None:
            parts.append(tr("on {name}").format(name=siege.structures[target].name))
            parts += [words for words in [self._odds_words(settings, point)] if words]
        return "; ".join(parts)

    def _odds_words(self, settings: FireSettings, point) -> str:
        """The chance to bring down and to set alight what is under the pointer (rules.odds);
        "" when the shot cannot be reckoned (no range typed, out of range)."""
        siege = self.document.siege
        battery_id = settings.battery_id if settings.battery_id in siege.batteries else None
        try:
            spec = odds.spec_for(siege, (float(point[0]), float(point[1])), battery_id=battery_id,
                                 weapon_id=None if battery_id else settings.weapon_id,
                                 range_m=None if battery_id else settings.range_m,
                                 modifier=settings.modifier, successes=settings.successes,
                                 boons=settings.boons, through_slit=settings.through_slit)
            if spec.range_m is None:
                return ""
            return odds.hover_words(odds.shot_odds(siege, spec, index=self.document.index))
        except ValueError:
            return ""

    def action_at(self, point) -> FireAt:
        """The ``FireAt`` a click at ``point`` fires (ValueError when it cannot be built)."""
        settings = self.fire_host.fire_settings()
        siege = self.document.siege
        battery_id = settings.battery_id if settings.battery_id in siege.batteries else None
        weapon_id: str | None
        if battery_id is not None:
            weapon_id = siege.batteries[battery_id].weapon_id
            range_m = None
        else:
            weapon_id = settings.weapon_id
            range_m = settings.range_m
            if weapon_id is None:
                raise ValueError(tr("choose a battery, or a weapon in the Weapons dock"))
            if range_m is None and self.document.rules.needs_range:
                raise ValueError(tr("with no battery, type the range in the Fire dock"))
            if range_m is None:
                range_m = 0.0
        return FireAt(weapon_id=weapon_id, at=(float(point[0]), float(point[1])),
                      battery_id=battery_id, range_m=range_m, modifier=settings.modifier,
                      successes=settings.successes, boons=settings.boons,
                      through_slit=settings.through_slit)

    # -- mouse ----------------------------------------------------------------------------------
    def pointer_left(self) -> None:
        """The blast preview follows the pointer only while it is over the map."""
        self.blast.show_cells([])
        self.last_text = ""

    def mouse_moved(self, event: ToolEvent) -> None:
        self.refresh_rings()
        self.last_text = self.describe(event.raw)
        self.host.show_status(self.last_text)

    def mouse_pressed(self, event: ToolEvent) -> None:
        if not event.left:
            return
        try:
            action = self.action_at(event.raw)
        except ValueError as error:
            self.host.warn(tr("Cannot fire: {error}.").format(error=plain_clause(error)))
            return
        siege = self.document.siege
        if not self.on_the_plan(event.raw) and not self.host.confirm(
                tr("{raw} is off the plan, "
                "with nothing of the siege there. Fire at it anyway?").format(
                        raw=label_at(event.raw, siege.grid_origin, siege.label_anchor)), tr(
                            "Fire Anyway")):
            return
        self.host.play(action)

    def on_the_plan(self, point) -> bool:
        """Whether ``point`` lies where a shot may land (the command line refuses the rest)."""
        return contains(board_bounds(self.document.siege, self.document.images), point)
