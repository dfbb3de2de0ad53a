"""The window's own click to fire at city scale (issue 22): the whole ``MainWindow``, with
its docks, its timeline, its autosave and (in the second half) the players' screen open.

A town of N is opened from a ``.siege`` file as the GM opens one; then each shot goes
through ``PlayController.play`` (what the fire tool calls on a click) and is timed until the
event loop has nothing left to do (the autosave asked for ``soon()``, the docks' updates)
and the map's viewport has repainted: what the GM waits for. Undo between shots puts the
town back, so every shot is the same shot.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from siegeboard.model.actions import FireAt  # noqa: E402
from siegeboard.persist import SiegeFile, write_siege  # noqa: E402
from tests.bench.timing import peak_rss_mib  # noqa: E402
from tests.bench.town import add_bench_weapon, build_town, town_centre  # noqa: E402

RANGE_M = 100.0


def _settle(app, view) -> None:
    """Run the event loop until it is idle, then repaint the map as the screen would."""
    for _ in range(3):
        app.processEvents()
    view.viewport().repaint()
    app.processEvents()


def _shots(window, app, shot: FireAt, runs: int) -> dict[str, Any]:
    """Time ``runs`` shots (each undone after): click to idle and repainted."""
    walls, engine = [], []
    for _ in range(runs):
        start = time.perf_counter()
        window.playing.play(shot)
        played = time.perf_counter()
        _settle(app, window.view)
        walls.append(time.perf_counter() - start)
        engine.append(played - start)
        window.document.undo_stack.undo()
        _settle(app, window.view)
    return {"median_s": statistics.median(walls), "runs": runs, "min_s": min(walls),
            "max_s": max(walls), "play_median_s": statistics.median(engine)}


def window_shot_case(n: int = 50_000, runs: int = 7) -> dict[str, Any]:
    """Click to fire in the whole window on a town of ``n``, autosave on; then the same with
    the players' screen open beside it."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from siegeboard.persist.autosave import Autosaver
    from siegeboard.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(["siegeboard-bench"])
    figures: dict[str, Any] = {"n": n}
    with tempfile.TemporaryDirectory(prefix="siegeboard-bench-") as folder:
        siege = build_town(n)
        weapon_id = add_bench_weapon(siege)
        path = Path(folder) / "town.siege"
        write_siege(path, SiegeFile(siege=siege))
        del siege
        settings = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings, Autosaver(Path(folder) / "autosave"))
        window.prompts.warn = lambda message: figures.setdefault("warnings", []).append(message)
        window.resize(1600, 1000)
        window.show()
        started = time.perf_counter()
        if not window.files.open_path(path, ask=False):
            raise RuntimeError(f"the window did not open {path}")
        _settle(app, window.view)
        figures["open_in_window_s"] = time.perf_counter() - started
        window.view.zoom_by(4.0)
        shot = FireAt(weapon_id=weapon_id, at=town_centre(n), range_m=RANGE_M)
        window.playing.play(shot)  # warm-up: the first shot builds the index and imports
        _settle(app, window.view)
        window.document.undo_stack.undo()
        _settle(app, window.view)
        figures["window_shot"] = _shots(window, app, shot, runs)
        window.players_screen.set_open(True)
        _settle(app, window.view)
        figures["window_shot_players_screen"] = _shots(window, app, shot, runs)
        figures["players_screen_adds_s"] = (figures["window_shot_players_screen"]["median_s"]
                                            - figures["window_shot"]["median_s"])
        window.players_screen.set_open(False)
        window.document.undo_stack.setClean()
        window.close()
    figures["peak_rss_mib"] = peak_rss_mib()
    return figures
