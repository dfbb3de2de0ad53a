"""The map as it stands, to a Universal VTT file: the picture rendered here (Qt,
``report.map_picture``), the file written by ``persist.formats.uvtt.write`` (Qt-free), the
two joined by ``export_vtt``, the one path of File > Export > Universal VTT and of
``siegeboard export-vtt``.

The choices (``VttChoices``):

- ``look``: a battle map (the default: the plan and its damage, nothing of the board's
  furniture, no margin beyond the plan) or the board as the GM sees it;
- ``cell``: how long one cell of the file is, 5 ft (1.524 m, what Foundry, Owlbear, Roll20
  and most tabletops measure a cell as by default, so their rulers read true) or 2 m (the
  board's own grid, as drawn); the picture is rendered so that a cell of the file is a cell
  of the choice;
- ``pixels_per_grid``: the picture's pixels a cell; by default the plan's own resolution
  (a map imported from a Universal VTT file goes back out at the pixels it came in with,
  ``pixels_per_grid_for``), ``DEFAULT_PIXELS_PER_GRID`` without a plan;
- the GM's copy or the players' (``rules.players_view`` decides what they may see).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtGui import QPainter

from siegeboard.persist.formats.uvtt.write import CELLS_M, attribution_of, write_uvtt
from siegeboard.persist.siege_file import SiegeFile, SiegeFileError
from siegeboard.report.extent import load_plan
from siegeboard.report.map_picture import (
    LOOKS,
    MAX_PICTURE_PX,
    battle_map_image,
    map_image,
    paint_attribution,
    png_bytes,
    vtt_frame,
)
from siegeboard.report.snapshot import ensure_gui_app
from siegeboard.rules.messages import _
from siegeboard.rules.players_view import Side, players_siege

DEFAULT_PIXELS_PER_GRID = 70  # Roll20's and many VTTs' square; Dungeondraft offers it too
DEFAULT_CELL = "5ft"
DEFAULT_LOOK = "map"
MIN_PIXELS, MAX_PIXELS = 8, 1024
FINE_PIXELS = 50  # a plan this fine a cell is a battle map's already: kept as it is


@dataclass(frozen=True)
class VttChoices:
    """What the dialog and the command line ask (see the module); ``pixels_per_grid`` None:
    the plan's own resolution, or ``DEFAULT_PIXELS_PER_GRID`` with no plan."""

    look: str = DEFAULT_LOOK
    cell: str = DEFAULT_CELL
    pixels_per_grid: int | None = None
    players: bool = False
    side: Side | None = None

    def check(self) -> None:
        if self.look not in LOOKS:
            raise SiegeFileError(_("the look is one of {looks}, not {look!r}").format(
                looks=", ".join(LOOKS), look=self.look))
        if self.cell not in CELLS_M:
            raise SiegeFileError(_("a cell is one of {cells}, not {cell!r}").format(
                cells=", ".join(CELLS_M), cell=self.cell))
        pixels = self.pixels_per_grid
        if pixels is not None and (isinstance(pixels, bool)
                                   or not MIN_PIXELS <= pixels <= MAX_PIXELS):
            raise SiegeFileError(_("the pixels a grid cell must be from {min_pixels} to "
                                   "{max_pixels:,}, not {pixels}").format(
                min_pixels=MIN_PIXELS, max_pixels=MAX_PIXELS, pixels=pixels))


def pixels_per_grid_for(siege_file: SiegeFile, choices: VttChoices) -> int:
    """The pixels a cell the picture will have: the choice; else the plan's own where it is
    a battle map's (``FINE_PIXELS`` or more: a map made for a tabletop, imported from one,
    goes back out pixel for pixel in the cell it came in with), ``DEFAULT_PIXELS_PER_GRID``
    for a coarser plan (a scan is drawn finer, so the damage drawn over it stays crisp at a
    table's zoom) or none. Chosen
    for the GM, it is also no more than keeps the picture within ``MAX_PICTURE_PX`` a side
    (a town of many streets gets fewer pixels a cell, not a refusal)."""
    if choices.pixels_per_grid is not None:
        return choices.pixels_per_grid
    siege = siege_file.siege
    cell_m = CELLS_M[choices.cell]
    placement = siege.map
    if placement is None or placement.member not in siege_file.images:
        pixels = DEFAULT_PIXELS_PER_GRID
    else:
        pixels = round(placement.pixels_per_metre * cell_m)
        if pixels < FINE_PIXELS:
            pixels = DEFAULT_PIXELS_PER_GRID
        pixels = min(MAX_PIXELS, pixels)
    minx, miny, maxx, maxy = vtt_frame(siege, siege_file.images, cell_m, choices.look)
    cells = max(maxx - minx, maxy - miny) / cell_m
    fits = math.floor(MAX_PICTURE_PX / cells + 1e-9)
    return max(MIN_PIXELS, min(pixels, fits))


def export_vtt(path: str | Path, siege_file: SiegeFile, choices: VttChoices | None = None,
               **keywords) -> Path:
    """Write the siege as it stands to ``path`` as a Universal VTT map; return the path.
    (``pixels_per_grid``, ``players``, ``side``, ``look``, ``cell`` may be given as keywords
    instead of ``choices``.) ``SiegeFileError`` in plain words on failure; nothing written
    then."""
    if choices is None:
        choices = VttChoices(**keywords)
    elif keywords:
        raise TypeError("give either choices or keywords")
    choices.check()
    path = Path(path)
    if path.is_dir():  # refused before the picture is rendered, not after
        raise SiegeFileError(_("{path} is a folder; give a file name ending in .dd2vtt").format(
            path=path))
    if not path.parent.is_dir():
        raise SiegeFileError(_("{path}: the folder {parent} does not exist").format(
            path=path, parent=path.parent))
    ensure_gui_app()
    siege = siege_file.siege
    if choices.players:
        siege = players_siege(siege, choices.side)
    cell_m = CELLS_M[choices.cell]
    pixels = pixels_per_grid_for(siege_file, choices)
    frame = vtt_frame(siege, siege_file.images, cell_m, choices.look)
    notices = attribution_of(siege)
    try:
        plan = load_plan(siege, siege_file.images)
        if choices.look == "map":
            picture = battle_map_image(siege, plan, frame, pixels / cell_m, attribution=notices)
        else:
            picture = map_image(siege, plan, frame, pixels / cell_m, players=choices.players)
            painter = QPainter(picture)
            paint_attribution(painter, notices, picture.width(), picture.height())
            painter.end()
    except ValueError as error:
        raise SiegeFileError(str(error)) from None
    return write_uvtt(path, siege, png_bytes(picture), frame, pixels, cell_m=cell_m)
