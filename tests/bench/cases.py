"""The benchmark cases: each function measures one thing and returns plain data (JSON-able).

``town_case(n)`` measures every cost the issue names for a synthetic town of ``n``
structures; the other cases are the fixed scenarios of the GUI and report issues. Each runs
in its own process (see run.py) so that its peak memory is its own.
"""

from __future__ import annotations

import io
import math
import os
import tempfile
from importlib import resources
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from siegeboard.geometry import StructureIndex, footprint_squares  # noqa: E402
from siegeboard.model import Siege  # noqa: E402
from siegeboard.model.actions import AdvanceClock, FireAt  # noqa: E402
from siegeboard.persist import SiegeFile, read_siege, write_siege  # noqa: E402
from siegeboard.rules import harris  # noqa: E402
from siegeboard.rules.dice import RandomDice  # noqa: E402
from siegeboard.rules.engine import apply  # noqa: E402
from tests.bench.reference import NaiveIndex, engine_blast, naive_blast  # noqa: E402
from tests.bench.timing import measure, peak_rss_mib  # noqa: E402
from tests.bench.town import add_bench_weapon, build_town, set_fires, town_centre  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SAMPLE_SIEGE = Path(str(resources.files("siegeboard.resources")
                        .joinpath("samples", "castle.siege")))
RANGE_M = 100.0


def _timing(timing) -> dict[str, Any]:
    return timing.as_dict()


def _copy_with_structures(siege: Siege) -> Siege:
    """A siege sharing nothing mutable with ``siege``'s structures mapping."""
    copy = siege.model_copy()
    object.__setattr__(copy, "structures", dict(siege.structures))
    return copy


# ----------------------------------------------------------------------------- engine


def engine_cases(n: int, siege: Siege, index: StructureIndex, *, runs: int) -> dict[str, Any]:
    """DP of every structure, one HE shot and one minute of clock, engine against naive."""
    figures: dict[str, Any] = {}
    structures = list(siege.structures.values())

    def every_dp() -> list[int]:
        return [harris.defensive_points(s.armor, footprint_squares(s.footprint), s.stories)
                for s in structures]

    timing, dps = measure(every_dp, runs=3)
    assert dps == [s.dp_original for s in structures]
    figures["dp_all"] = _timing(timing)

    weapon_id = add_bench_weapon(siege)
    point = town_centre(n)
    shot = FireAt(weapon_id=weapon_id, at=point, range_m=RANGE_M)
    timing, outcome = measure(lambda: apply(siege, shot, RandomDice(7), index=index),
                              runs=max(15, runs))
    figures["shot_engine"] = _timing(timing)
    polygons = dict(zip(index.ids, index.polygons, strict=True))
    naive_timing, naive = measure(lambda: naive_blast(siege, polygons, point, weapon_id),
                                  runs=3, budget_s=15)
    struck, lost = engine_blast(outcome)
    if (struck, lost) != naive:
        raise AssertionError("the naive blast and the engine disagree")
    figures["shot_naive"] = _timing(naive_timing)
    figures["shot_ratio"] = naive_timing.median_s / timing.median_s
    figures["shot_touched"] = len(lost) + (1 if struck else 0)
    figures["shot_changed"] = len(outcome.structures)

    advance = AdvanceClock(turns=12)
    for label, wild in (("minute", True), ("minute_mixed", False)):
        burning = _copy_with_structures(siege)
        fires = set_fires(burning, 0.1, all_out_of_control=wild)
        timing, outcome = measure(lambda burning=burning: apply(burning, advance, RandomDice(11),
                                                                index=index),
                                  runs=runs, budget_s=30)
        figures[f"{label}_engine"] = _timing(timing)
        figures[f"{label}_fires"] = len(fires)
        figures[f"{label}_out_of_control"] = sum(burning.structures[k].out_of_control
                                                 for k in fires)
        figures[f"{label}_rolls"] = len(outcome.rolls)
        figures[f"{label}_changed"] = len(outcome.structures)
        if label == "minute":
            naive_index = NaiveIndex(index)
            naive_timing, naive_outcome = measure(
                lambda burning=burning, naive_index=naive_index: apply(
                    burning, advance, RandomDice(11), index=naive_index),
                runs=3, budget_s=30)
            if (naive_outcome.entry != outcome.entry
                    or naive_outcome.structures != outcome.structures):
                raise AssertionError("the naive minute and the engine disagree")
            figures["minute_naive"] = _timing(naive_timing)
            figures["minute_ratio"] = naive_timing.median_s / timing.median_s
            figures.update(_minute_log_and_memory(burning, advance, index))
    return figures


def _minute_log_and_memory(siege: Siege, advance: AdvanceClock,
                           index: StructureIndex) -> dict[str, Any]:
    """What the minute's log costs when read: its rolls, lines and events are kept as
    compact records and built when the entry is first read or saved (``model.log.Later``),
    so this is timed apart: building them and the entry's JSON, on a fresh outcome each run.
    And what one minute's outcome holds in memory (traced apart, untimed)."""
    import gc
    import tracemalloc

    fresh: dict[str, Any] = {}

    def new_outcome():
        fresh["outcome"] = apply(siege, advance, RandomDice(11), index=index)

    timing, text = measure(lambda: fresh["outcome"].entry.model_dump_json(), setup=new_outcome,
                           runs=3, budget_s=30)
    fresh.clear()
    gc.collect()
    tracemalloc.start()
    try:
        outcome = apply(siege, advance, RandomDice(11), index=index)
        held = tracemalloc.get_traced_memory()[0]
        outcome.entry.model_dump_json()
        read = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return {"minute_log_json": _timing(timing), "minute_log_json_bytes": len(text),
            "minute_outcome_mib": held / 2**20, "minute_outcome_read_mib": read / 2**20}


# ----------------------------------------------------------------------------- files


def file_cases(siege: Siege, folder: Path, *, runs: int) -> dict[str, Any]:
    """Save and open the town; then the same for the town in play (``played_``): after a
    shot and a 12-turn minute of fires in a tenth of it, so the file holds the town twice
    (its base, R2) and a log of thousands of rolls."""
    figures: dict[str, Any] = {}
    for label, each in (("", siege), ("played_", _played(siege))):
        path = folder / f"{label}town.siege"
        siege_file = SiegeFile(siege=each)
        timing, _ = measure(lambda path=path, siege_file=siege_file: write_siege(
                            path, siege_file, backup=False), runs=runs,
                            budget_s=30)
        figures[f"{label}save"] = _timing(timing)
        figures[f"{label}file_bytes"] = path.stat().st_size
        timing, opened = measure(lambda path=path: read_siege(path), runs=runs, budget_s=30)
        if opened.siege != each:
            raise AssertionError("the reopened siege differs from the saved one")
        figures[f"{label}open"] = _timing(timing)
        figures[f"{label}rolls"] = sum(len(entry.rolls) for entry in each.log)
    return figures


def _played(siege: Siege) -> Siege:
    """A copy of the town after a shot and a 12-turn minute with a tenth of it on fire."""
    from siegeboard.rules.engine import apply_in_place

    played = _copy_with_structures(siege)
    object.__setattr__(played, "weapons", dict(siege.weapons))
    object.__setattr__(played, "log", [])
    set_fires(played, 0.1)
    weapon_id = add_bench_weapon(played)
    index = StructureIndex.for_structures(played.structures)
    apply_in_place(played, FireAt(weapon_id=weapon_id, at=town_centre(len(siege.structures)),
                                  range_m=RANGE_M), RandomDice(7), index=index)
    apply_in_place(played, AdvanceClock(turns=12), RandomDice(11), index=index)
    return played


# ----------------------------------------------------------------------------- Qt


def qt_app():
    from PySide6.QtWidgets import QApplication

    return QApplication.instance() or QApplication(["siegeboard-bench"])


def _render_region(scene, rect, pixels_per_metre: float = 8.0) -> None:
    """Paint ``rect`` of the scene into an image at a view's zoom: what a repaint costs."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    width = max(1, min(4000, math.ceil(rect.width() * pixels_per_metre)))
    height = max(1, min(4000, math.ceil(rect.height() * pixels_per_metre)))
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    scene.render(painter, QRectF(0, 0, width, height), rect)
    painter.end()


def qt_cases(n: int, siege: Siege, *, runs: int) -> dict[str, Any]:
    """Build the GUI's scene for the siege; fire one shot through the document and redraw
    only the items it changed."""
    qt_app()
    from PySide6.QtCore import QRectF

    from siegeboard.ui.board.map_scene import MapScene
    from siegeboard.ui.board.structure_item import StructureItem
    from siegeboard.ui.document.document import Document

    figures: dict[str, Any] = {}
    holder: dict[str, Any] = {}

    def build_scene():
        document = Document(SiegeFile(siege=_copy_with_structures(siege)))
        holder["document"], holder["scene"] = document, MapScene(document)

    def drop_scene():
        holder.clear()

    timing, _ = measure(build_scene, setup=drop_scene, runs=3, budget_s=30)
    figures["scene_build"] = _timing(timing)
    document, scene = holder["document"], holder["scene"]
    figures["scene_items"] = len(scene.structure_items)
    _ = document.index  # the GUI builds it once, on the first click
    weapon_id = add_bench_weapon(document.siege)
    point = town_centre(n)

    updated: list[str] = []
    counts: dict[str, int] = {}
    original_show_state = StructureItem.show_state

    def counting_show_state(item, structure, ruleset):
        updated.append(structure.id)
        return original_show_state(item, structure, ruleset)

    StructureItem.show_state = counting_show_state
    try:
        def click_to_fire():
            updated.clear()
            outcome = document.fire_at(weapon_id, point, range_m=RANGE_M)
            counts["updated"] = len(updated)
            return outcome

        click_to_fire()  # warm-up: the first shot imports and caches what later ones reuse
        document.undo_stack.undo()
        timings = []
        for _ in range(max(5, runs)):
            timing, outcome = measure(click_to_fire, runs=1)
            timings.append(timing)
            document.undo_stack.undo()
        walls = sorted(t.median_s for t in timings)
        cpus = sorted(t.cpu_median_s for t in timings)
        figures["gui_shot"] = {"median_s": walls[len(walls) // 2],
                               "cpu_median_s": cpus[len(cpus) // 2], "runs": len(walls),
                               "min_s": walls[0], "max_s": walls[-1]}
        figures["gui_items_updated"] = counts["updated"]
        figures["gui_items_changed"] = len(outcome.structures)
    finally:
        StructureItem.show_state = original_show_state
    document.fire_at(weapon_id, point, range_m=RANGE_M)
    changed = QRectF()
    for key in outcome.structures:
        changed = changed.united(scene.structure_items[key].sceneBoundingRect())
    timing, _ = measure(lambda: _render_region(scene, changed), runs=max(5, runs))
    figures["redraw"] = _timing(timing)
    document.undo_stack.undo()
    figures.update(_autosave_cases(document, weapon_id, point, runs=runs))
    return figures


def _autosave_cases(document, weapon_id: str, point, *, runs: int) -> dict[str, Any]:
    """The click to fire with the window's autosave on (``gui_shot_autosave``): the loop of
    ``gui_shot`` on the siege in play (after a first shot), the document's changes
    journaled by an ``AutosaveKeeper``, timing all that runs on the GUI thread during the
    click (engine, journal line, scene update; no fold runs meanwhile: the window is busy).
    Then the idle fold-in of the journal: the GUI thread's part (the snapshot when it
    starts, writing the worker's bytes when it ends) apart from the worker's."""
    import time

    from siegeboard.persist.autosave import Autosaver
    from siegeboard.persist.mutations import snapshot
    from siegeboard.persist.siege_file import encode_siege
    from siegeboard.ui.document.autosave_keeper import AutosaveKeeper

    app = qt_app()
    figures: dict[str, Any] = {}

    def clicks() -> dict[str, Any]:
        walls, cpus = [], []
        for _ in range(max(5, runs)):
            timing, _ = measure(lambda: document.fire_at(weapon_id, point, range_m=RANGE_M),
                                runs=1)
            walls.append(timing.median_s)
            cpus.append(timing.cpu_median_s)
            document.undo_stack.undo()
        walls.sort()
        cpus.sort()
        return {"median_s": walls[len(walls) // 2], "cpu_median_s": cpus[len(cpus) // 2],
                "runs": len(walls), "min_s": walls[0], "max_s": walls[-1]}

    # The siege in play: its first shot (which keeps the town as it was before, R2, a copy
    # of every structure: the engine's cost, not the autosave's) stays. The same clicks
    # without the autosave first, for the ratio.
    document.fire_at(weapon_id, point, range_m=RANGE_M)
    figures["gui_shot_in_play"] = clicks()
    with tempfile.TemporaryDirectory(prefix="siegeboard-bench-autosave-") as folder:
        keeper = AutosaveKeeper(document, Autosaver(folder))
        keeper.autosaver.begin()
        committed: list[float] = []
        commit = keeper._commit

        def timed_commit(*args):
            start = time.perf_counter()
            try:
                return commit(*args)
            finally:
                committed.append(time.perf_counter() - start)

        keeper._commit = timed_commit

        def settle() -> None:
            while keeper.busy or keeper._soon.isActive():
                app.processEvents()
                time.sleep(0.001)

        document.fire_at(weapon_id, point, range_m=RANGE_M)  # the first change: a fold at once
        settle()
        document.undo_stack.undo()
        figures["gui_shot_autosave"] = clicks()
        figures["journal_bytes"] = keeper.journal_path.stat().st_size
        # The fold: what the GUI thread does when it starts and ends, and the worker's part.
        started, committed[:] = [], []
        for _ in range(3):
            document.fire_at(weapon_id, point, range_m=RANGE_M)
            keeper._idle.stop()
            start = time.perf_counter()
            keeper.fold()
            started.append(time.perf_counter() - start)
            settle()
            document.undo_stack.undo()
        figures["fold_gui_start"] = {"median_s": sorted(started)[1], "runs": 3}
        figures["fold_gui_commit"] = {"median_s": sorted(committed)[len(committed) // 2],
                                      "runs": len(committed)}
        timing, _ = measure(lambda: encode_siege(snapshot(document.file_to_save())), runs=3,
                            budget_s=30)
        figures["fold_worker"] = _timing(timing)
        keeper.stop()
        document.writer.record_change = None
    return figures


def snapshot_case(siege: Siege, images: dict[str, bytes], folder: Path, name: str, *,
                  runs: int = 3, **options) -> dict[str, Any]:
    """Export a PDF snapshot; its time, size and page count."""
    qt_app()
    from siegeboard.report.options import SnapshotOptions
    from siegeboard.report.snapshot import export_snapshot

    path = folder / f"{name}.pdf"
    chosen = SnapshotOptions(**options)
    timing, _ = measure(lambda: export_snapshot(path, siege, images, chosen), runs=runs,
                        budget_s=40, min_runs=1 if runs == 1 else 3)
    data = path.read_bytes()
    return {"snapshot_pdf": _timing(timing), "pdf_bytes": len(data),
            "pdf_pages": data.count(b"/Type /Page\n") or data.count(b"/Type /Page ")
            or data.count(b"/Type/Page")}


# ----------------------------------------------------------------------------- cases


def town_case(n: int, *, runs: int = 5, qt: bool = True) -> dict[str, Any]:
    """Every figure for a town of ``n`` structures."""
    figures: dict[str, Any] = {"n": n}
    timing, siege = measure(lambda: build_town(n), runs=3, budget_s=20)
    figures["build_town"] = _timing(timing)
    timing, index = measure(lambda: StructureIndex.for_structures(siege.structures), runs=3)
    figures["build_index"] = _timing(timing)
    figures.update(engine_cases(n, siege, index, runs=runs))
    with tempfile.TemporaryDirectory(prefix="siegeboard-bench-") as folder:
        figures.update(file_cases(siege, Path(folder), runs=3))
        if qt:
            try:
                figures.update(qt_cases(n, siege, runs=runs))
            except Exception as error:  # a GUI still being written: report the gap
                figures["qt_gap"] = f"{type(error).__name__}: {error}"
            try:
                figures.update(snapshot_case(siege, {}, Path(folder), f"town{n}", runs=3))
            except Exception as error:
                figures["snapshot_gap"] = f"{type(error).__name__}: {error}"
    figures["peak_rss_mib"] = peak_rss_mib()
    return figures


def sample_snapshot_case() -> dict[str, Any]:
    """The report issue: a snapshot of the sample map (the shipped castle.siege) to PDF."""
    if not SAMPLE_SIEGE.exists():
        return {"gap": f"{SAMPLE_SIEGE} does not exist"}
    opened = read_siege(SAMPLE_SIEGE)
    with tempfile.TemporaryDirectory(prefix="siegeboard-bench-") as folder:
        figures = snapshot_case(opened.siege, opened.images, Path(folder), "sample")
    figures["structures"] = len(opened.siege.structures)
    figures["peak_rss_mib"] = peak_rss_mib()
    return figures


def city_snapshot_case(n: int = 2000, scale: int = 500) -> dict[str, Any]:
    """The report issue: a 2,000-structure city at 1:500 over many pages, to PDF."""
    siege = build_town(n)
    with tempfile.TemporaryDirectory(prefix="siegeboard-bench-") as folder:
        figures = snapshot_case(siege, {}, Path(folder), "city", runs=3, scale=scale)
    figures["structures"] = n
    figures["peak_rss_mib"] = peak_rss_mib()
    return figures


def _big_plan_png(side_px: int, seed: int = 3) -> bytes:
    """A seeded ``side_px`` square plan image (PNG): parchment, streets and house blocks."""
    import random

    from PIL import Image, ImageDraw

    rng = random.Random(seed)
    image = Image.new("RGB", (side_px, side_px), (233, 222, 196))
    draw = ImageDraw.Draw(image)
    for step in range(0, side_px, 60):
        draw.line([(step, 0), (step, side_px)], fill=(180, 160, 120), width=3)
        draw.line([(0, step), (side_px, step)], fill=(180, 160, 120), width=3)
    for _ in range(4000):
        x, y = rng.randrange(side_px - 50), rng.randrange(side_px - 50)
        draw.rectangle([x, y, x + rng.randrange(10, 50), y + rng.randrange(10, 50)],
                       outline=(90, 70, 50), fill=(200, 185, 150))
    stream = io.BytesIO()
    image.save(stream, format="PNG", compress_level=1)
    return stream.getvalue()


PAN_FRAMES = 60          # pan frames per run: 15 at each of ``PAN_SCALES``
ZOOM_FRAMES = 30         # zoom frames per run: wheel steps from fit-to-map to ``CLOSEST_PX``
FRAME_RUNS = 5           # runs; each figure is the median of the runs' 90th percentiles
CLOSEST_PX = 32.0        # the closest zoom a GM uses over a town (px a metre)
PAN_STEP = (150, 90)     # device pixels a pan frame moves


def _p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]


class _PaintClock:
    """Counts the viewport's paint events and the device pixels they covered, so a frame is
    timed to the end of Qt's own repaint (not to a forced full one)."""

    def __init__(self, viewport):
        from PySide6.QtCore import QEvent, QObject

        clock = self

        class Filter(QObject):
            def eventFilter(self, watched, event):  # noqa: N802 (Qt's name)
                if event.type() == QEvent.Type.Paint:
                    clock.paints += 1
                    clock.pixels += sum(r.width() * r.height() for r in event.region())
                return False

        self.paints, self.pixels = 0, 0
        self._filter = Filter()
        viewport.installEventFilter(self._filter)


def _frame(app, clock: _PaintClock, step, cpu: list[float] | None = None) -> float:
    """One frame: ``step`` (a pan or a zoom), then the event loop until the viewport has
    repainted what the step exposed. Wall-clock seconds (the process's CPU seconds are
    appended to ``cpu``: on a shared machine they show what the frame itself cost)."""
    import time

    before = clock.paints
    cpu_start = time.process_time()
    start = time.perf_counter()
    step()
    deadline = start + 5.0
    while clock.paints == before and time.perf_counter() < deadline:
        app.processEvents()
    wall = time.perf_counter() - start
    if cpu is not None:
        cpu.append(time.process_time() - cpu_start)
    return wall


def _zoom_factor(number: int, zoom_steps: int, step: float) -> float:
    """The ``number``-th zoom frame's wheel step: ``zoom_steps`` in by ``step``, as many out,
    and again."""
    return step if (number // zoom_steps) % 2 == 0 else 1 / step


def _zoom_sweep(view, app, clock: _PaintClock, centre, zoom_steps: int,
                cpu: list[float] | None = None, before_each=None) -> list[float]:
    """``ZOOM_FRAMES`` zoom frames from fit-to-map about ``centre`` (``_zoom_factor``), each
    after ``before_each()`` when given; their wall-clock times (CPU times to ``cpu``)."""
    from siegeboard.ui.board.map_view import ZOOM_STEP

    view.fit_to_map()
    view.centerOn(centre)
    app.processEvents()
    frames = []
    for number in range(ZOOM_FRAMES):
        factor = _zoom_factor(number, zoom_steps, ZOOM_STEP)
        if before_each is not None:
            before_each()
        frames.append(_frame(app, clock, lambda factor=factor: view.zoom_by(factor), cpu))
    return frames


def measure_frames(view, app) -> dict[str, Any]:
    """Pan and zoom frames of ``view`` (already shown and fitted to the map), measured apart:
    ``FRAME_RUNS`` runs of ``PAN_FRAMES`` pan frames (a quarter at each of four zooms from
    fit-to-map to ``CLOSEST_PX``, to and fro across the town) and ``ZOOM_FRAMES`` zoom frames
    (wheel steps in from fit-to-map to ``CLOSEST_PX`` and back out, about the view's centre);
    ``pan_p90_s`` and ``zoom_p90_s`` are the medians of the runs' 90th percentiles;
    ``zoom_first_visit_p90_s`` the same of ``FRAME_RUNS`` runs of the zoom frames once more,
    each drawn afresh (no kept zoom); ``zoom_from_rest_p90_s`` the same again, each after the
    view has rested at its zoom with nothing kept and drawn its next zooms ahead
    (``zoom_ahead_median_s``: how long that drawing took, between frames;
    ``zoom_ahead_slice_p90_s``: its slices, what a click made meanwhile would wait)."""
    import statistics

    from PySide6.QtCore import QPoint

    from siegeboard.ui.board.map_view import ZOOM_STEP

    clock = _PaintClock(view.viewport())
    view.fit_to_map()
    app.processEvents()
    fit = view.current_scale()
    centre = view.mapToScene(view.viewport().rect().center())
    zoom_steps = max(1, math.ceil(math.log(CLOSEST_PX / fit) / math.log(ZOOM_STEP)))
    pan_scales = [fit * (CLOSEST_PX / fit) ** (k / 3) for k in range(4)]
    pans, zooms, pixels, area = [], [], [], view.viewport().width() * view.viewport().height()
    pan_cpus, zoom_cpus = [], []
    for _run in range(FRAME_RUNS):
        pan_run, pan_cpu, zoom_cpu = [], [], []
        for scale in pan_scales:
            view.zoom_by(scale / view.current_scale())
            view.centerOn(centre)
            app.processEvents()
            for number in range(PAN_FRAMES // len(pan_scales)):
                sign = 1 if (number // 4) % 2 == 0 else -1  # four steps out, four back
                delta = QPoint(sign * PAN_STEP[0], sign * PAN_STEP[1])
                painted = clock.pixels
                pan_run.append(_frame(app, clock, lambda delta=delta: view._scroll_by(delta),
                                       pan_cpu))
                pixels.append((clock.pixels - painted) / area)
        zoom_run = _zoom_sweep(view, app, clock, centre, zoom_steps, zoom_cpu)
        pans.append(_p90(pan_run))
        zooms.append(_p90(zoom_run))
        pan_cpus.append(_p90(pan_cpu))
        zoom_cpus.append(_p90(zoom_cpu))
    # The same zoom frames, each to a zoom drawn afresh (the board keeps the last zooms of a
    # view, so the runs above mostly zoom back to kept ones): what a zoom to a new one costs,
    # as many runs as above and their median, like every other frame figure.
    board = view.map_scene.board
    first_visits = [_p90(_zoom_sweep(view, app, clock, centre, zoom_steps,
                                     before_each=board.clear))
                    for _run in range(FRAME_RUNS)]
    # The same frames from rest: no zoom kept, the view shown at rest, then what the window
    # draws ahead while it rests (``ui/board/zoom_ahead.py``: a notch in and out), then the notch.
    ahead_times: list[float] = []
    slice_times: list[float] = []

    def rest():
        board.clear()
        view.viewport().repaint()
        slices = view.zoom_ahead.finish()
        ahead_times.append(sum(slices))
        slice_times.extend(slices)

    from_rest = [_p90(_zoom_sweep(view, app, clock, centre, zoom_steps, before_each=rest))
                 for _run in range(FRAME_RUNS)]
    return {"pan_p90_s": statistics.median(pans), "zoom_p90_s": statistics.median(zooms),
            "pan_p90_runs_s": pans, "zoom_p90_runs_s": zooms,
            "zoom_first_visit_p90_s": statistics.median(first_visits),
            "zoom_first_visit_p90_runs_s": first_visits,
            "zoom_from_rest_p90_s": statistics.median(from_rest),
            "zoom_from_rest_p90_runs_s": from_rest,
            "zoom_ahead_median_s": statistics.median(ahead_times),
            "zoom_ahead_slice_p90_s": _p90(slice_times),
            "pan_cpu_p90_s": statistics.median(pan_cpus),
            "zoom_cpu_p90_s": statistics.median(zoom_cpus),
            "pan_frames": PAN_FRAMES, "zoom_frames": ZOOM_FRAMES, "frame_runs": FRAME_RUNS,
            "pan_scales_px_per_m": [round(s, 2) for s in pan_scales],
            "zoom_range_px_per_m": [round(fit, 2), round(fit * ZOOM_STEP ** zoom_steps, 2)],
            "pan_repainted_fraction": statistics.median(pixels)}


def _legacy_frames(view, app) -> dict[str, Any]:
    """The frames as measured before issue 22 (40 frames, zoom and pan mixed, each a forced
    full repaint), kept beside the new figures for comparison."""
    import time

    from PySide6.QtCore import QPoint

    view.fit_to_map()
    app.processEvents()
    frames = []
    for step in range(40):
        # A frame: the zoom or pan step, then a full repaint of the viewport.
        start = time.perf_counter()
        if step % 10 < 5:
            view.zoom_by(1.25 if step < 20 else 0.8)
        else:
            view._scroll_by(QPoint(150, 90))
        view.viewport().repaint()
        app.processEvents()
        frames.append(time.perf_counter() - start)
    frames.sort()
    return {"frame_median_s": frames[len(frames) // 2], "frame_p90_s": _p90(frames),
            "frame_max_s": frames[-1], "frames": len(frames)}


def big_map_case(side_px: int = 10_000, structures: int = 2000) -> dict[str, Any]:
    """The GUI issue: a 10,000 x 10,000 px map with 2,000 structures: open it (file, scene,
    first paint of the view), then pan and zoom a 1600 x 1000 view (``measure_frames``)."""
    from siegeboard.model.siege import MapImage

    app = qt_app()

    from siegeboard.ui.board.map_scene import MapScene
    from siegeboard.ui.board.map_view import MapView
    from siegeboard.ui.document.document import Document

    siege = build_town(structures)
    # The town of 2,000 is ~400 m across; the plan covers it at 20 px per metre... capped to
    # the image: 10,000 px over 500 m.
    siege.map = MapImage(member="plan.png", pixels_per_metre=side_px / 500.0,
                         offset=(-50.0, -50.0))
    figures: dict[str, Any] = {"map_px": side_px, "structures": structures}
    with tempfile.TemporaryDirectory(prefix="siegeboard-bench-") as folder:
        path = Path(folder) / "big.siege"
        write_siege(path, SiegeFile(siege=siege, images={"plan.png": _big_plan_png(side_px)}))
        figures["file_bytes"] = path.stat().st_size
        holder: dict[str, Any] = {}

        def open_and_show():
            holder.clear()
            opened = read_siege(path)
            document = Document(opened, path)
            scene = MapScene(document)
            view = MapView(scene)
            view.resize(1600, 1000)
            view.show()
            view.fit_to_map()
            view.viewport().grab()  # the first paint
            holder.update(document=document, scene=scene, view=view)

        timing, _ = measure(open_and_show, runs=3, budget_s=30)
        figures["open_to_first_paint"] = _timing(timing)
        view = holder["view"]
        app.processEvents()
        figures.update(measure_frames(view, app))
        figures.update(_legacy_frames(view, app))
        holder.clear()
    figures["peak_rss_mib"] = peak_rss_mib()
    return figures


def big_map_10k_case() -> dict[str, Any]:
    """The same 10,000 px map with 10,000 structures (the town reaches past the plan)."""
    return big_map_case(structures=10_000)


# ----------------------------------------------------------------------------- city in memory

CITY_N = 50_000
_WRITE_CITY = """
import sys
from tests.bench.town import add_bench_weapon, build_town, set_fires
from siegeboard.persist import SiegeFile, write_siege
siege = build_town(int(sys.argv[1]))
add_bench_weapon(siege)
set_fires(siege, 0.1)
write_siege(sys.argv[2], SiegeFile(siege=siege), backup=False)
"""


def current_rss_mib() -> float:
    """The process's resident set size now, in MiB (Linux: /proc/self/statm)."""
    with open("/proc/self/statm") as statm:
        resident = int(statm.read().split()[1])
    return resident * os.sysconf("SC_PAGE_SIZE") / 2**20


class _StepPeaks:
    """The resident set size sampled every few milliseconds on a thread: the highest each
    step of work reached, beside the RSS it left behind."""

    def __init__(self, every_s: float = 0.005):
        import threading

        self.every_s = every_s
        self.highest = current_rss_mib()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()

    def _sample(self) -> None:
        while not self._stop.wait(self.every_s):
            self.highest = max(self.highest, current_rss_mib())

    def step(self) -> tuple[float, float]:
        """(the highest RSS since the last step, the RSS now); starts the next step."""
        now = current_rss_mib()
        highest, self.highest = max(self.highest, now), now
        return highest, now

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


def _save_or_gap(document, figures: dict[str, Any]) -> None:
    """Save the document; a save the file format refuses is reported as ``save_gap`` (its
    memory is measured all the same)."""
    from siegeboard.persist import SiegeFileError

    try:
        document.save()
    except SiegeFileError as error:
        figures["save_gap"] = str(error)


def city_process_case(n: int = CITY_N) -> dict[str, Any]:
    """The issue's city in memory: one process opens the town of ``n`` from a .siege file
    (written beforehand by another process, which is not counted), builds the GUI's Document
    and MapScene, plays a shot and a minute (12 turns with a tenth of the town on fire, all
    out of control) through the document, and saves. ``peak_rss_mib`` is the whole process's
    peak (ru_maxrss); ``steps`` gives, for each step, the highest RSS it reached and what it
    left behind (MiB), so the cost of each part shows."""
    import gc
    import subprocess
    import sys

    from tests.bench.town import BENCH_WEAPON_ID

    figures: dict[str, Any] = {"n": n}
    with tempfile.TemporaryDirectory(prefix="siegeboard-bench-") as folder:
        path = Path(folder) / "city.siege"
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        subprocess.run([sys.executable, "-c", _WRITE_CITY, str(n), str(path)], check=True,
                       cwd=ROOT, env=env)
        figures["file_bytes"] = path.stat().st_size
        qt_app()
        from siegeboard.ui.board.map_scene import MapScene
        from siegeboard.ui.document.document import Document

        gc.collect()
        peaks = _StepPeaks()
        steps: dict[str, dict[str, float]] = {}
        holder: dict[str, Any] = {}

        def step(name: str, work) -> None:
            peaks.step()
            timing, _ = measure(work, runs=1)
            gc.collect()
            highest, left = peaks.step()
            steps[name] = {"peak_mib": round(highest, 1), "after_mib": round(left, 1),
                           "s": round(timing.median_s, 3)}

        try:
            steps["start"] = {"after_mib": round(current_rss_mib(), 1)}
            step("open", lambda: holder.update(opened=read_siege(path)))
            step("document", lambda: holder.update(document=Document(holder.pop("opened"),
                                                                     path)))
            document = holder["document"]
            step("scene", lambda: holder.update(scene=MapScene(document)))
            step("index", lambda: document.index)
            step("shot", lambda: document.fire_at(BENCH_WEAPON_ID, town_centre(n),
                                                  range_m=RANGE_M))
            step("minute", lambda: document.advance_clock(12))
            step("save", lambda: _save_or_gap(document, figures))
        finally:
            peaks.stop()
        figures["steps"] = steps
        figures["structures"] = len(document.siege.structures)
        figures["log_entries"] = len(document.siege.log)
    figures["peak_rss_mib"] = peak_rss_mib()
    return figures
