"""The map as it stands, to a Universal VTT file: the picture rendered here (Qt,
``report.map_picture``), the file written by ``persist.formats.uvtt_write`` (Qt-free), the
two joined by ``export_vtt``.

The picture covers the plan and every structure, grown to whole 10 m squares of the siege's
grid, so the file's cells are the siege's 2 m cells; in the GM's look or the players'
(``rules.players_view`` decides what they may see).
"""

from __future__ import annotations

from pathlib import Path

from siegeboard.geometry import GRID_M
from siegeboard.persist.formats.uvtt_write import write_uvtt
from siegeboard.persist.siege_file import SiegeFile, SiegeFileError
from siegeboard.report.extent import load_plan
from siegeboard.report.map_picture import map_frame, map_image, png_bytes
from siegeboard.report.snapshot import ensure_gui_app
from siegeboard.rules.players_view import Side, players_siege

DEFAULT_PIXELS_PER_GRID = 70  # Roll20's and many VTTs' square; Dungeondraft offers it too


def export_vtt(path: str | Path, siege_file: SiegeFile, *,
               pixels_per_grid: int = DEFAULT_PIXELS_PER_GRID, players: bool = False,
               side: Side | None = None) -> Path:
    """Write the siege as it stands to ``path`` as a Universal VTT map; return the path.
    ``players``: the players' look and only what they of ``side`` may see (walls, doors and
    fires are in plain sight either way). ``SiegeFileError`` in plain words on failure."""
    if isinstance(pixels_per_grid, bool) or not 8 <= pixels_per_grid <= 1024:
        raise SiegeFileError(f"the pixels a grid cell must be from 8 to 1,024, not "
                             f"{pixels_per_grid}")
    path = Path(path)
    if path.is_dir():  # refused before the picture is rendered, not after
        raise SiegeFileError(f"{path} is a folder; give a file name ending in .dd2vtt")
    if not path.parent.is_dir():
        raise SiegeFileError(f"{path}: the folder {path.parent} does not exist")
    ensure_gui_app()
    siege = siege_file.siege
    if players:
        siege = players_siege(siege, side)
    frame = map_frame(siege, siege_file.images)
    try:
        plan = load_plan(siege, siege_file.images)
        picture = map_image(siege, plan, frame, pixels_per_grid / GRID_M, players=players)
    except ValueError as error:
        raise SiegeFileError(str(error)) from None
    return write_uvtt(path, siege, png_bytes(picture), frame, pixels_per_grid)
