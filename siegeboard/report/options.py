"""What a snapshot shows and how: the options a GM picks in the export dialog or on the
command line.

Plain data, no Qt: the GUI and the CLI build a ``SnapshotOptions``, the renderer reads it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Literal

from siegeboard.model.structure import Side

Copy = Literal["gm", "players"]
Orientation = Literal["landscape", "portrait"]
Bounds = tuple[float, float, float, float]  # minx, miny, maxx, maxy in map metres

PAPER_SIZES = ("A5", "A4", "A3", "A2", "A1", "A0", "Letter", "Legal", "Tabloid")
SCALE_PATTERN = re.compile(r"^\s*1\s*:\s*([0-9]+)\s*$")


def parse_scale(text: str) -> int:
    """"1:500" -> 500. Raises ValueError naming the accepted form."""
    match = SCALE_PATTERN.match(text)
    if match is None or int(match.group(1)) < 1:
        raise ValueError(f"scale: {text!r} is not a map scale; write it as 1:500 or 1:1000")
    return int(match.group(1))


@dataclass(frozen=True)
class SnapshotOptions:
    """A snapshot's choices.

    ``copy``: "gm" shows every figure and the GM notes; "players" shows only what the players
    would see (intact, damaged, collapsed or breached, burning), with no DP or Hull figure,
    no armor, no fire level and no GM note, and a log told in events, not arithmetic.
    ``view``: the map region (metres) to show; None shows the whole map.
    ``scale``: a map scale denominator (500 for 1:500); the region is then tiled over as
    many pages as it needs. None fits the region to one page.
    ``since_turn``: the log shows entries from this turn on; None means since the last
    snapshot recorded in the siege (the whole log if there was none).
    ``printed_on``: the date printed in the header (today when None).
    ``dpi``: the resolution of PNG pages.
    """

    copy: Copy = "gm"
    greyscale: bool = False
    paper: str = "A4"
    orientation: Orientation = "landscape"
    view: Bounds | None = None
    scale: int | None = None
    since_turn: int | None = None
    include_table: bool = True
    include_log: bool = True
    printed_on: date | None = None
    dpi: int = 150
    overlap_mm: float = 10.0
    # The players' copy is for this side ("besieger" or "defender"); None: the siege's own
    # ``players_side``. It shows only what they know (``rules.knowledge.players_view``).
    side: Side | None = None

    def __post_init__(self) -> None:
        if self.copy not in ("gm", "players"):
            raise ValueError(f"copy: {self.copy!r}; choose 'gm' or 'players'")
        if self.side not in (None, "besieger", "defender"):
            raise ValueError(f"side: {self.side!r}; choose 'besieger' or 'defender'")
        if self.orientation not in ("landscape", "portrait"):
            raise ValueError(f"orientation: {self.orientation!r}; choose 'landscape' or 'portrait'")
        if self.paper not in PAPER_SIZES:
            raise ValueError(f"paper: {self.paper!r}; choose one of {', '.join(PAPER_SIZES)}")
        if self.scale is not None and self.scale < 1:
            raise ValueError(f"scale: 1:{self.scale} is not a map scale")
        if self.since_turn is not None and self.since_turn < 0:
            raise ValueError(f"since_turn: {self.since_turn}; a turn is 0 or more")
        if not 30 <= self.dpi <= 1200:
            raise ValueError(f"dpi: {self.dpi}; choose 30 to 1200")
        if not 0 <= self.overlap_mm <= 50:
            raise ValueError(f"overlap_mm: {self.overlap_mm}; choose 0 to 50 mm")
        if self.view is not None:
            minx, miny, maxx, maxy = self.view
            if not (maxx > minx and maxy > miny):
                raise ValueError(f"view: {self.view} is empty; give (minx, miny, maxx, maxy) "
                                 "in metres")

    @property
    def players(self) -> bool:
        return self.copy == "players"
