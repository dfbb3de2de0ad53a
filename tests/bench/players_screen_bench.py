"""The players' screen beside the GM's window on a town of N (issue 34): how long after the
GM's map has repainted the players' screen has repainted too, after a shot and after a pan
(the players' screen following the GM's view). A frame is 1/60 s.

Both windows are the same size, both views show the same area; each step runs the event
loop until both views have painted, timing each board's paint and when each ended.

Run: ``python -m tests.bench.players_screen_bench [N]``.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from siegeboard.model.actions import FireAt  # noqa: E402
from siegeboard.persist import SiegeFile, write_siege  # noqa: E402
from tests.bench.town import add_bench_weapon, build_town, town_centre  # noqa: E402

FRAME_S = 1 / 60
RANGE_M = 100.0


class Painted:
    """When each scene's board last finished painting a view (``Board.paint`` timed)."""

    def __init__(self, *scenes):
        self.ends: dict[int, float] = {}
        self.costs: dict[int, float] = {}
        for number, scene in enumerate(scenes):
            self._watch(number, scene.board)

    def _watch(self, number: int, board) -> None:
        paint = board.paint

        def timed(painter, widget):
            start = time.perf_counter()
            served = paint(painter, widget)
            self.ends[number] = time.perf_counter()
            self.costs[number] = self.ends[number] - start
            return served

        board.paint = timed

    def clear(self) -> None:
        self.ends.clear()
        self.costs.clear()


def _step(app, painted: Painted, act) -> tuple[float, float, float]:
    """``act()``, then the event loop run until both views have painted (at most 2 s):
    (the GM's board's paint, the players' board's paint, the players' screen done after the
    GM's, seconds)."""
    painted.clear()
    act()
    deadline = time.perf_counter() + 2.0
    while len(painted.ends) < 2 and time.perf_counter() < deadline:
        app.processEvents()
    for _ in range(3):
        app.processEvents()  # nothing left (a second paint would be seen: the last kept)
    if len(painted.ends) < 2:
        raise RuntimeError(f"only {len(painted.ends)} of the two views painted")
    return painted.costs[0], painted.costs[1], painted.ends[1] - painted.ends[0]


def players_screen_case(n: int = 2000, runs: int = 7) -> dict[str, Any]:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from siegeboard.persist.autosave import Autosaver
    from siegeboard.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(["siegeboard-bench"])
    figures: dict[str, Any] = {"n": n, "frame_s": FRAME_S}
    with tempfile.TemporaryDirectory(prefix="siegeboard-bench-") as folder:
        siege = build_town(n)
        weapon_id = add_bench_weapon(siege)
        path = Path(folder) / "town.siege"
        write_siege(path, SiegeFile(siege=siege))
        settings = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings, Autosaver(Path(folder) / "autosave"))
        window.resize(1600, 1000)
        window.show()
        if not window.files.open_path(path, ask=False):
            raise RuntimeError(f"the window did not open {path}")
        window.players_screen.set_open(True)
        screen = window.players_screen.screen
        screen.resize(window.view.viewport().size())
        for _ in range(5):
            app.processEvents()
        window.view.fit_to_map()
        shot = FireAt(weapon_id=weapon_id, at=town_centre(n), range_m=RANGE_M)
        painted = Painted(window.scene, screen.scene)
        results: dict[str, list[tuple[float, float, float]]] = {"shot": [], "pan": []}
        for _ in range(runs):
            results["shot"].append(_step(app, painted, lambda: window.playing.play(shot)))
            _step(app, painted, window.document.undo_stack.undo)
        bar = window.view.horizontalScrollBar()
        for step in range(runs):
            value = bar.value() + (40 if step % 2 else -40)
            results["pan"].append(_step(app, painted, lambda value=value: bar.setValue(value)))
        for name, rows in results.items():
            lag = statistics.median(row[2] for row in rows)
            figures[name] = {"gm_board_paint_s": statistics.median(row[0] for row in rows),
                             "players_board_paint_s": statistics.median(row[1] for row in rows),
                             "players_done_after_gm_s": lag, "worst_after_gm_s":
                             max(row[2] for row in rows), "within_a_frame": lag <= FRAME_S}
        window.players_screen.set_open(False)
        window.document.undo_stack.setClean()
        window.close()
    return figures


if __name__ == "__main__":
    import json

    print(json.dumps(players_screen_case(int(sys.argv[1]) if len(sys.argv) > 1 else 2000),
                     indent=2))
